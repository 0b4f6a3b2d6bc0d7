import {
  applyMove,
  dealRandom,
  newGame,
  observation,
  parseNamedMove,
  seatsToAct,
  seededRandom,
  unwrap,
  type GameState,
} from '@hearts/engine';
import { createBot } from '@hearts/bots';
import { describe, expect, it } from 'vitest';
import { fromSaved, newSession, toSaved } from './session';

/** Walks random games, calling `check` before every move. */
function walk(seed: number, rules: object, check: (s: GameState) => void): void {
  const rng = seededRandom(seed);
  const bot = createBot('random');
  let state = newGame(rules).ok ? (newGame(rules) as { value: GameState }).value : null!;
  for (let i = 0; i < 2000 && state.phase !== 'gameOver'; i++) {
    if (state.phase === 'deal') state = dealRandom(state, rng);
    check(state);
    if (state.phase === 'deal') continue;
    const seat = seatsToAct(state)[0]!;
    const d = bot.decide(observation(state, seat), { timeMs: 0, random: rng });
    const r = applyMove(state, seat, unwrap(parseNamedMove(d)));
    if (!r.ok) throw new Error(r.error.message);
    state = r.value;
  }
}

describe('saved sessions', () => {
  it('round-trip at every point of a game, whatever the rules', () => {
    for (const [seed, rules] of [
      [1, {}],
      [2, { players: 3, moon: 'shooterChoice', sevenOfDie: true }],
      [3, { players: 6, passCards: 4 }],
    ] as const) {
      let n = 0;
      walk(seed, rules, (state) => {
        if (n++ % 7 !== 0) return;
        const saved = JSON.parse(
          JSON.stringify(
            toSaved({ id: 'g', startedAt: 5, level: 'hard', state, seeds: state.log.map(() => null) }),
          ),
        );
        const back = fromSaved(saved);
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(back.value.level).toBe('hard');
        for (let s = 0; s < state.rules.players; s++)
          expect(observation(back.value.state, s)).toEqual(observation(state, s));
      });
    }
  });

  it('refuses what is not a saved game', () => {
    expect(fromSaved(null).ok).toBe(false);
    expect(fromSaved({ v: 1, id: 'x', startedAt: 1, level: 'godlike', record: {} }).ok).toBe(false);
    expect(fromSaved({ v: 1, id: 'x', startedAt: 1, level: 'easy', record: { format: 'x' } }).ok).toBe(false);
    const s = newSession({}, 'easy', seededRandom(1));
    if (!s.ok) throw new Error('no session');
    const saved = toSaved(s.value);
    expect(fromSaved({ ...saved, pendingPlay: 'ZZ' }).ok).toBe(false);
  });

  it('newSession deals at once and refuses impossible rules', () => {
    const s = newSession({ players: 5 }, 'medium', seededRandom(3));
    expect(s.ok && s.value.state.phase).toBe('pass');
    expect(newSession({ players: 5, removedCards: [] }, 'medium', seededRandom(3)).ok).toBe(false);
  });
});
