import { randomInt, type Observation } from '@hearts/engine';
import type { Bot, Decision, DecideOptions } from './types.js';

/** Uniformly random legal decisions: the arena's baseline. */
export const randomBot: Bot = {
  level: 'random',
  decide(obs: Observation, { random }: DecideOptions): Decision {
    if (obs.phase === 'moon') return { kind: 'moon', choice: randomInt(random, 2) ? 'plus' : 'minus' };
    const legal = [...obs.legal];
    if (obs.phase === 'pass') {
      const k = obs.rules.passCards;
      for (let i = 0; i < k; i++) {
        const j = i + randomInt(random, legal.length - i);
        [legal[i], legal[j]] = [legal[j]!, legal[i]!];
      }
      return { kind: 'pass', cards: legal.slice(0, k) };
    }
    return { kind: 'play', card: legal[randomInt(random, legal.length)]! };
  },
};
