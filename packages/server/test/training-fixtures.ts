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
  type HandResult,
  type NamedMove,
} from '@hearts/engine';
import { positionId, readTrainingPosition, type TrainingPosition } from '@hearts/protocol/http/training';

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

/**
 * The position as if its game had gone on for `hands` hands before it, under `shooterMinus26`: a moon and a spread
 * hand in turn, every seat in its turn, so that nobody comes near the target — a history the rules can hold, only
 * a long one (200 hands, as many as a position holds, make one of about 15 KB). What an abuser who pads a position with hands must send
 * now that made-up hands are refused.
 */
export function longGame(p: TrainingPosition, hands: number): TrainingPosition {
  const n = p.observation.players;
  if (n !== 4) throw new Error('longGame: positions of four players');
  const results: HandResult[] = [];
  const totals = new Array<number>(n).fill(0);
  for (let k = 0; k < hands; k++) {
    const s = Math.floor(k / 2) % n;
    const moon = k % 2 === 0;
    const taken = moon
      ? totals.map((_, i) => (i === s ? 26 : 0))
      : totals.map((_, i) => [7, 7, 6, 6][(i + s) % n]!);
    const points = moon ? taken.map((t, i) => (i === s ? t - 52 : t)) : taken;
    results.push({ taken, points, shooter: moon ? s : null, moonChoice: null });
    points.forEach((x, i) => (totals[i] = totals[i]! + x));
  }
  const observation = {
    ...p.observation,
    rules: { ...p.observation.rules, moon: 'shooterMinus26' as const },
    handNumber: hands,
    handResults: results,
    scores: totals,
  };
  const r = readTrainingPosition({ ...p, id: positionId(observation), observation });
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
