import {
  applyMove,
  dealRandom,
  newGame,
  observation,
  parseCard,
  seatsToAct,
  seededRandom,
  type GameState,
} from '@hearts/engine';
import { createBot } from '@hearts/bots';
import { describe, expect, it } from 'vitest';
import { fromSaved, newSession, toSaved, tricksOfHand } from './session';
import { trickWinner } from './cards';

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
    const r = applyMove(
      state,
      seat,
      d.kind === 'pass'
        ? { kind: 'pass', cards: d.cards.map((c) => parseCard(c)!) }
        : d.kind === 'play'
          ? { kind: 'play', card: parseCard(d.card)! }
          : { kind: 'moon', choice: d.choice },
    );
    if (!r.ok) throw new Error(r.error.message);
    state = r.value;
  }
}

describe('tricksOfHand', () => {
  it.each([
    [1, {}],
    [2, { players: 3 }],
    [3, { players: 5, passCycle: 'rotate' }],
    [4, { players: 6, firstLead: 'leftOfDealer', heartsMustBeBroken: false }],
    [5, { passCards: 0, firstLead: 'dealer' }],
  ])('agrees with the engine’s observation (seed %i)', (seed, rules) => {
    let checked = 0;
    walk(seed, rules, (state) => {
      if (state.phase !== 'play') return;
      const obs = observation(state, 0);
      const mine = tricksOfHand(state, state.handNumber);
      const engine = [...obs.tricks, ...(obs.trick && obs.trick.cards.length > 0 ? [obs.trick] : [])];
      expect(mine).toEqual(engine);
      checked++;
    });
    expect(checked).toBeGreaterThan(20);
  });

  it('trickWinner takes the highest card of the suit led', () => {
    expect(trickWinner(2, ['5C', 'AH', 'KC', '2C'], 4)).toBe(0);
    expect(trickWinner(3, ['QS', 'AS', '2S'], 3)).toBe(1);
    expect(trickWinner(1, ['2D', 'AC', 'AS', 'AH'], 4)).toBe(1);
  });
});

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
