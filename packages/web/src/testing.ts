/** Test helpers: whole games played with seeded bots, for tests of what is built on top of the engine. */
import { createBot } from '@hearts/bots';
import {
  applyMove,
  dealRandom,
  newGame,
  observation,
  parseCard,
  seatsToAct,
  seededRandom,
  type GameState,
  type Move,
  type Rules,
} from '@hearts/engine';

/** Plays a whole game with random bots in every seat, from a seed. */
export function playGame(seed: number, rules: Partial<Rules>): GameState {
  const rng = seededRandom(seed);
  const bot = createBot('random');
  const g = newGame(rules);
  if (!g.ok) throw new Error(g.error.message);
  let state = g.value;
  for (let i = 0; i < 100_000 && state.phase !== 'gameOver'; i++) {
    if (state.phase === 'deal') {
      state = dealRandom(state, rng);
      continue;
    }
    const seat = seatsToAct(state)[0]!;
    const d = bot.decide(observation(state, seat), { timeMs: 0, random: rng });
    const move: Move =
      d.kind === 'pass'
        ? { kind: 'pass', cards: d.cards.map((c) => parseCard(c)!) }
        : d.kind === 'play'
          ? { kind: 'play', card: parseCard(d.card)! }
          : { kind: 'moon', choice: d.choice };
    const r = applyMove(state, seat, move);
    if (!r.ok) throw new Error(r.error.message);
    state = r.value;
  }
  return state;
}
