import { writeFile } from 'node:fs/promises';
import {
  analyzeDecision,
  createBot,
  decisionPoint,
  LEVELS,
  MARK_THRESHOLDS,
  type AnalysisBudget,
  type Level,
} from '@hearts/bots';
import {
  applyMove,
  dealRandom,
  newGame,
  observation,
  parseNamedMove,
  seatsToAct,
  seededRandom,
  type GameState,
} from '@hearts/engine';
import { isTrainingMark, trainingPosition } from '@hearts/practice/training';
import type { TrainingPosition } from '@hearts/protocol/http/training';
import { intOption, parse, UsageError, type Command } from '../args.js';

const USAGE = `Usage: hearts training-set --out FILE [--positions N] [--levels L,L,L,L] [--seed S] [--max-samples N]

Plays games among the weaker bots and keeps the decisions the analysis marks a mistake or a blunder (a bot lost
at least ${MARK_THRESHOLDS.mistake} expected points against the expert's evaluation; the analysis of \`hearts analyze\`, from that
seat's information only): training
positions for new players (the web app's starter set, packages/web/src/features/training/starter.json). Deterministic for a
seed. One core; a few minutes for 40 positions.
  --out FILE       where the positions go (a JSON array of training positions; - for stdout)
  --positions N    stop after N positions (default 40)
  --levels …       the four seats' bot levels (default easy,medium,easy,medium)
  --seed S         the games' and the analysis' seed (default 1)
  --max-samples N  deals per play decision at most (default 4000)
  --min-samples N  deals per decision before the evaluation may stop (default 960, the analysis' own)
Exit 0: written. Exit 2: bad usage.`;

/** The set of positions from the bots' own games (what the command writes, one object per position). */
export interface TrainingSetOptions extends AnalysisBudget {
  readonly positions: number;
  readonly levels: readonly Level[];
  readonly seed: string;
  readonly onPosition?: (p: TrainingPosition, games: number, decisions: number) => void;
}

/**
 * Plays games among the given bots and analyses every unforced decision as it is made; keeps those that cost at
 * least a mistake's cost (marked mistake or blunder) until `positions` are found (at most one per hand, so that the set spreads over many
 * hands). Moon choices are left out (not training positions).
 */
export function trainingSet(o: TrainingSetOptions): TrainingPosition[] {
  const bots = o.levels.map((level) => createBot(level));
  const out: TrainingPosition[] = [];
  const ids = new Set<string>();
  let decisions = 0;
  for (let game = 0; out.length < o.positions; game++) {
    if (game > 50 * o.positions) throw new Error('no positions found: are the bots too strong?');
    let g = unwrap(newGame({ players: o.levels.length }));
    const rng = seededRandom(`${o.seed}:training:${game}`);
    let found = -1; // the hand of the last position kept
    while (g.phase !== 'gameOver' && out.length < o.positions) {
      if (g.phase === 'deal') {
        g = dealRandom(g, rng);
        continue;
      }
      for (const seat of seatsToAct(g)) {
        const obs = observation(g, seat);
        const decision = bots[seat]!.decide(obs, { timeMs: 1000, random: rng });
        const move = parseNamedMove(decision);
        if (!move.ok) throw new Error(`internal: ${o.levels[seat]} answered ${JSON.stringify(decision)}`);
        if (obs.phase !== 'moon' && found !== obs.handNumber) {
          const played =
            decision.kind === 'pass' ? decision.cards : decision.kind === 'play' ? decision.card : null;
          if (played !== null) {
            decisions++;
            const d = analyzeDecision(decisionPoint(obs, played), { ...o, seed: `${o.seed}:${game}` });
            if (isTrainingMark(d.mark)) {
              const p = trainingPosition(obs, d, { source: 'starter', game: 'bots-1', createdAt: 0 });
              if (!p.ok) throw new Error(`internal: a position does not hang together: ${p.error}`);
              if (!ids.has(p.value.id)) {
                ids.add(p.value.id);
                out.push(p.value);
                found = obs.handNumber;
                o.onPosition?.(p.value, game + 1, decisions);
              }
            }
          }
        }
        g = unwrap(applyMove(g, seat, move.value));
      }
    }
  }
  return out;
}

function unwrap<E>(r: { ok: true; value: GameState } | { ok: false; error: E }): GameState {
  if (!r.ok) throw new Error(`internal: ${JSON.stringify(r.error)}`);
  return r.value;
}

export const trainingSetCommand: Command = {
  summary: 'training positions from the bots’ own games (the web app’s starter set)',
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parse(
      argv,
      {
        out: { type: 'string' },
        positions: { type: 'string' },
        levels: { type: 'string' },
        seed: { type: 'string' },
        'max-samples': { type: 'string' },
        'min-samples': { type: 'string' },
      },
      false,
    );
    if (positionals.length > 0) throw new UsageError('no positional arguments');
    if (values.out === undefined) throw new UsageError('give --out FILE');
    const levels = (values.levels ?? 'easy,medium,easy,medium').split(',');
    if (
      levels.length < 3 ||
      levels.length > 6 ||
      !levels.every((l) => (LEVELS as readonly string[]).includes(l))
    )
      throw new UsageError(`--levels: 3 to 6 of ${LEVELS.join(', ')}, separated by commas`);
    const set = trainingSet({
      positions: intOption(values.positions, 'positions', 40, 1),
      levels: levels as Level[],
      seed: values.seed ?? '1',
      maxSamples: intOption(values['max-samples'], 'max-samples', 4000, 1),
      minSamples: intOption(values['min-samples'], 'min-samples', 960, 1),
      onPosition: (p, games, decisions) =>
        process.stderr.write(
          `position ${p.id}: ${p.kind} ${p.played.join(' ')} cost ${p.cost} (game ${games}, ${decisions} decisions analysed)\n`,
        ),
    });
    // One position a line: a diff of a new set shows which positions changed.
    const text = `[\n${set.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`;
    if (values.out === '-') process.stdout.write(text);
    else await writeFile(values.out, text);
    return 0;
  },
};
