import {
  observation,
  parseRules,
  seededRandom,
  type GameState,
  type Observation,
  type Rules,
} from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import { VARIANTS, deepFreeze, randomPosition, specOf } from '../test/helpers.js';
import { arenaConfig, playChain, type ArenaPlayer } from './arena.js';
import { easyBot } from './easy.js';
import { mediumBot } from './medium.js';
import { randomBot } from './random.js';
import { buildPosition } from './setup.js';
import { TACTICS } from './tactics.js';
import type { Bot } from './types.js';

const asPlayer = (bot: Bot): ArenaPlayer => ({ name: bot.level, decide: (o, opts) => bot.decide(o, opts) });
const rulesOf = (r: Partial<Rules>): Rules => {
  const p = parseRules(r);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};

describe('easy and medium play legally under every rule option, 3 to 6 players', () => {
  test.each(VARIANTS.map((r) => [JSON.stringify(r), r] as const))('%s', async (_name, rules) => {
    const config = arenaConfig({ bots: ['medium', 'easy'], deals: 2, seed: `legal:${_name}`, rules });
    for (let s = 0; s < config.seatings.length; s++) {
      const chain = await playChain(config, s, [asPlayer(mediumBot), asPlayer(easyBot)]);
      // An illegal or malformed decision would have been replaced and reported as an incident.
      expect(chain.incidents).toEqual([]);
      expect(chain.hands).toHaveLength(2);
    }
  });
});

describe('bots see the observation and nothing else', () => {
  test('a game state is not an observation (type level)', () => {
    const state = {} as GameState;
    // @ts-expect-error a bot cannot be handed a game state, only an observation
    const call = (): unknown => mediumBot.decide(state, { timeMs: 1, random: seededRandom(1) });
    expect(typeof call).toBe('function');
  });

  /** The decisions of every rule-based bot for an observation, with a fixed random seed. */
  const decisions = (obs: Observation): string[] =>
    [easyBot, mediumBot, randomBot].map((b) =>
      JSON.stringify(b.decide(obs, { timeMs: 5, random: seededRandom('same') })),
    );

  test('frozen observations: the bots never change what they are given', () => {
    for (let seed = 0; seed < 120; seed++) {
      const rules = rulesOf(VARIANTS[seed % VARIANTS.length]!);
      const { state, seat } = randomPosition(rules, seed);
      const obs = observation(state, seat);
      const before = JSON.stringify(obs);
      const frozen = deepFreeze(structuredClone(obs));
      expect(decisions(frozen)).toEqual(decisions(obs));
      expect(JSON.stringify(obs)).toBe(before);
    }
  });

  test('other hidden hands behind the same observation give the same decisions', () => {
    let compared = 0;
    let differing = 0;
    for (let seed = 0; seed < 150; seed++) {
      const rules = rulesOf(VARIANTS[seed % VARIANTS.length]!);
      const { state, seat } = randomPosition(rules, 1000 + seed);
      const obs = observation(state, seat);
      if (obs.phase === 'moon') continue; // the builder makes passing and play positions
      const spec = specOf(obs);
      const mine = decisions(obs);
      for (const fill of [1, 2, 3]) {
        const other = buildPosition(spec, fill);
        // The hidden hands differ (late in a hand they may be forced) …
        const hidden = (g: GameState): string => g.log.at(-1)!.deal.map(String).join('|');
        if (hidden(other.state) !== hidden(state)) differing++;
        // … but the seat sees exactly the same, and decides the same.
        // (Earlier hands and, while passing, who else has chosen are not rebuilt: the position is this hand's.)
        const seen = { ...other.obs, handResults: obs.handResults, passedSeats: obs.passedSeats };
        expect(seen).toEqual(obs);
        expect(decisions(other.obs)).toEqual(mine);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
    expect(differing).toBeGreaterThan(compared * 0.8);
  });

  test('tactical positions: the same observation whatever the hidden hands', () => {
    for (const t of TACTICS) {
      const a = buildPosition(t, 0).obs;
      for (const fill of [7, 8]) {
        const b = buildPosition(t, fill).obs;
        expect(b).toEqual(a);
        expect(decisions(b)).toEqual(decisions(a));
      }
    }
  });
});

describe('medium', () => {
  test('passes the Q♠ and high hearts from a dangerous hand', () => {
    const { obs } = buildPosition({ phase: 'pass', hand: 'QS 3S AH KH 2C 5C 9C 4D 7D TD 3H 6H 8S' });
    const d = mediumBot.decide(obs, { timeMs: 5, random: seededRandom(1) });
    expect(d.kind).toBe('pass');
    if (d.kind === 'pass') expect([...d.cards].sort()).toEqual(['AH', 'KH', 'QS']);
  });

  test('easy passes simply its highest cards', () => {
    const { obs } = buildPosition({ phase: 'pass', hand: 'QS 3S AH KH 2C 5C 9C 4D 7D TD 3H 6H AC' });
    const d = easyBot.decide(obs, { timeMs: 5, random: seededRandom(1) });
    if (d.kind === 'pass') expect([...d.cards].sort()).toEqual(['AC', 'AH', 'KH']);
    else expect.fail('easy must pass');
  });
});
