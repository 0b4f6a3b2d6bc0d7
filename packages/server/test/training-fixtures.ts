/**
 * Training positions for tests: real observations of seeded games (the seat to play, with at least two legal
 * cards), with a made-up evaluation that hangs together (best first, the card played among the options).
 */
import {
  applyMove,
  dealRandom,
  newGame,
  observation,
  parseNamedMove,
  seatsToAct,
  seededRandom,
  type GameState,
  type NamedMove,
} from '@hearts/engine';
import { positionId, readTrainingPosition, type TrainingPosition } from '@hearts/live/training';

function unwrap(r: { ok: true; value: GameState } | { ok: false; error: unknown }): GameState {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

/** `n` different play positions from seeded games, the i-th created at `createdAt + i`. */
export function samplePositions(n: number, seed = 'fixture', createdAt = 1_000): TrainingPosition[] {
  const out: TrainingPosition[] = [];
  for (let game = 0; out.length < n; game++) {
    let g = dealRandom(unwrap(newGame({})), seededRandom(`${seed}:${game}`));
    while (g.phase === 'pass' || g.phase === 'play') {
      for (const seat of seatsToAct(g)) {
        const obs = observation(g, seat);
        if (obs.phase === 'play' && obs.legal.length >= 2 && out.length < n) {
          const best = obs.legal[0]!;
          const played = obs.legal[obs.legal.length - 1]!;
          const p = readTrainingPosition({
            id: positionId(obs),
            source: 'own',
            game: `g${game}`,
            createdAt: createdAt + out.length,
            kind: 'play',
            observation: obs,
            played: [played],
            best: [best],
            options: [
              { move: [best], cards: [best], points: 1.5 },
              { move: [played], cards: [played], points: 4 },
            ],
            cost: 2.5,
            mark: 'mistake',
          });
          if (!p.ok) throw new Error(p.error);
          out.push(p.value);
        }
        const named: NamedMove =
          obs.phase === 'pass'
            ? { kind: 'pass', cards: obs.legal.slice(0, obs.rules.passCards) }
            : { kind: 'play', card: obs.legal[0]! };
        const move = parseNamedMove(named);
        if (!move.ok) throw new Error(String(move.error));
        g = unwrap(applyMove(g, seat, move.value));
      }
    }
  }
  return out;
}
