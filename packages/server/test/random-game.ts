/** Whole games of legal random moves, played by the engine alone (records for solo claims and stats). */
import {
  applyMove,
  deal,
  dealRandom,
  legalMoves,
  newGame,
  randomInt,
  seatsToAct,
  seededRandom,
  unwrap,
  type CardSet,
  type GameState,
  type Rules,
} from '@hearts/engine';

/** Plays from the start to game over, or stops after `maxSteps` decisions; `hands` deals each hand (else at random). */
export function randomGame(
  rules: Partial<Rules>,
  seed: number,
  maxSteps = 100_000,
  hands?: (handNumber: number) => readonly CardSet[],
): GameState {
  const rng = seededRandom(seed);
  const start = newGame(rules);
  if (!start.ok) throw new Error(start.error.message);
  let g = start.value;
  for (let steps = 0; g.phase !== 'gameOver' && steps < maxSteps; steps++) {
    if (g.phase === 'deal') {
      g = hands ? unwrap(deal(g, hands(g.handNumber))) : dealRandom(g, rng);
      continue;
    }
    const seat = seatsToAct(g)[0]!;
    if (g.phase === 'moon') {
      g = unwrap(applyMove(g, seat, { kind: 'moon', choice: 'plus' }));
      continue;
    }
    const legal = [...legalMoves(g, seat)];
    if (g.phase === 'pass') {
      const cards = [];
      for (let i = 0; i < g.rules.passCards; i++)
        cards.push(legal.splice(randomInt(rng, legal.length), 1)[0]!);
      g = unwrap(applyMove(g, seat, { kind: 'pass', cards }));
    } else g = unwrap(applyMove(g, seat, { kind: 'play', card: legal[randomInt(rng, legal.length)]! }));
  }
  return g;
}
