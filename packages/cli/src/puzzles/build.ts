/**
 * `hearts puzzles build`: the puzzle library from the bots' self-play (and from finished live games, when given
 * them), its starting ratings, the file and its figures. Games are mined in worker threads, each game by its own
 * seed; the puzzles are taken in the order of the games until there are enough, so the library is the same bytes
 * for a seed whatever the number of workers.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { newGame, type Observation, type Rules } from '@hearts/engine';
import { makeLibrary, parseLibrary, type Puzzle, type PuzzleSource } from '@hearts/practice/puzzles';
import { PUZZLE_THEMES, type PuzzleTheme } from '@hearts/protocol/http/puzzles';
import {
  minePositions,
  selfPlayDecisions,
  type GameYield,
  type MinedPuzzle,
  type MineSettings,
  type NoisePair,
} from './mine.js';
import { fitRatings } from './ratings.js';

/** The build's version: a change to how puzzles are mined changes it (it is in the library's header). */
export const BUILD_VERSION = 'puzzles-build/1';

/**
 * The margin by which the best option must be ahead of every other, in expected points, in both evaluations. One
 * heart: a gap a player can be taught, and far above the evaluation's noise (docs/puzzles.md: the gap of the same
 * position in two evaluations on other deals differs by a standard deviation of about 0.2; the build prints it).
 */
export const PUZZLE_MARGIN = 1;

export const DEFAULT_SETTINGS: Omit<MineSettings, 'seed'> = {
  margin: PUZZLE_MARGIN,
  screenDeals: { minDeals: 480, maxDeals: 2160 },
  verifyDeals: 2000,
  passDeals: 1000,
  lineDeals: 200,
  perHand: 3,
};

/** Positions from outside the self-play (finished live games): each game's decisions, keyed for the seeds. */
export interface OutsideGame {
  readonly key: string;
  readonly decisions: () => Iterable<Observation>;
}

export interface BuildOptions {
  readonly settings: MineSettings;
  readonly count: number; // puzzles in the library
  readonly workers: number;
  readonly outside?: readonly OutsideGame[]; // mined first, in the order given
  /**
   * Where each self-play game's yield is kept as it is mined (a file a game, named by the seed and the game), so
   * that a build stopped half-way goes on where it was: a game found there is read, not mined again.
   */
  readonly workDir?: string;
  /** After each game: what it gave, the puzzles found so far (in game order), the build's CPU time so far. */
  readonly onGame?: (done: GameYield, found: number, cpuMs: number) => void;
}

/** The figures of a build: what was looked at, what was kept, by theme and rating band, and the margin's noise. */
export interface BuildFigures {
  readonly puzzles: number;
  readonly byKind: Record<string, number>;
  readonly bySource: Record<string, number>;
  readonly byTheme: Record<string, number>;
  readonly byBand: Record<string, number>;
  readonly gap: { readonly min: number; readonly p10: number; readonly median: number; readonly p90: number };
  readonly noise: {
    readonly pairs: number;
    readonly sameBest: number; // share of positions whose best option was the same in both evaluations
    readonly sd: number; // standard deviation of the gap's difference between the evaluations
    readonly p99: number; // 99th percentile of its absolute value
    readonly nearSd: number; // the same, for positions whose gap was under twice the margin in both
    readonly near: number; // how many those were
    readonly beyond4: number; // share of differences beyond 4 of their standard errors (√(se₁² + se₂²))
  };
  readonly games: number;
  readonly decisions: number;
  readonly screened: number;
  readonly levels: Readonly<Record<string, number>>; // the bot levels' fitted skill
  readonly findShare: Readonly<Record<string, number>>; // how often each level found the answer, over every puzzle
  readonly cpuSeconds: number;
}

export interface BuiltLibrary {
  readonly bytes: Buffer; // the gzipped file
  readonly sha256: string;
  readonly puzzles: readonly Puzzle[];
  readonly figures: BuildFigures;
}

const STANDARD: Rules = (newGame({ players: 4 }) as { ok: true; value: { rules: Rules } }).value.rules;

/** Mines games until `count` puzzles are found, fits their ratings, and writes the library. */
export async function buildLibrary(o: BuildOptions): Promise<BuiltLibrary> {
  // The process's CPU time: the worker threads' too.
  const started = process.cpuUsage();
  const cpu = () => cpuMsSince(started);
  const yields: GameYield[] = [];
  // Live games first (in this thread: they are read from a database), then the self-play.
  for (const [i, g] of (o.outside ?? []).entries()) {
    const y = { game: -1 - i, ...minePositions(g.decisions(), `live:${g.key}`, 'live', o.settings) };
    yields.push(y);
    o.onGame?.(y, total(yields), cpu());
    if (total(yields) >= o.count) break;
  }
  if (total(yields) < o.count) await selfPlay(o, yields, cpu);
  return assemble(o, yields, cpu());
}

const total = (ys: readonly GameYield[]): number => ys.reduce((a, y) => a + y.puzzles.length, 0);

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1000;
}

/** The self-play games, in worker threads: games 0, 1, 2 … until the puzzles so far (in game order) are enough. */
async function selfPlay(o: BuildOptions, yields: GameYield[], cpu: () => number): Promise<void> {
  if (o.workDir !== undefined) mkdirSync(o.workDir, { recursive: true });
  const done = new Map<number, GameYield>();
  let next = 0;
  let ready = 0; // games 0 … ready-1 are all done
  let found = total(yields); // puzzles of those games and the live ones
  const enough = () => found >= o.count;
  const kept = (game: number): string | null =>
    o.workDir === undefined
      ? null
      : join(
          o.workDir,
          `${BUILD_VERSION.replace('/', '-')}-${encodeURIComponent(o.settings.seed)}-${game}.json`,
        );
  const settingsKey = JSON.stringify(o.settings);
  const load = (game: number): GameYield | null => {
    const file = kept(game);
    if (file === null || !existsSync(file)) return null;
    const x = JSON.parse(readFileSync(file, 'utf8')) as { settings: string; yield: GameYield };
    return x.settings === settingsKey ? x.yield : null;
  };
  const take = (y: GameYield) => {
    const file = kept(y.game);
    if (file !== null && !existsSync(file))
      writeFileSync(file, JSON.stringify({ settings: settingsKey, yield: y }));
    done.set(y.game, y);
    while (done.has(ready)) {
      found += done.get(ready)!.puzzles.length;
      ready++;
    }
    o.onGame?.(y, found, cpu());
  };
  // Games mined before (by a build that stopped) are read back first.
  for (let y = load(next); y !== null && !enough(); y = load(next)) {
    next++;
    take(y);
  }
  if (o.workers <= 1) {
    while (!enough()) {
      const game = next++;
      take(
        load(game) ?? {
          game,
          ...minePositions(selfPlayDecisions(o.settings.seed, game), `game:${game}`, 'bots', o.settings),
        },
      );
    }
  } else {
    // The worker is the built one (tests run this file from its source: they need `tsc -b` first).
    const here = import.meta.url;
    const url = here.endsWith('.ts')
      ? new URL('../../dist/puzzles-worker.js', here)
      : new URL('../puzzles-worker.js', here);
    await Promise.all(
      Array.from({ length: o.workers }, () => {
        // The built worker loads the built packages (not a test runner's source conditions).
        const worker = new Worker(url, { workerData: { settings: o.settings }, execArgv: [] });
        return new Promise<void>((resolve, reject) => {
          const give = () => {
            for (let y = load(next); y !== null && !enough(); y = load(next)) {
              next++;
              take(y);
            }
            if (enough()) void worker.terminate().then(() => resolve());
            else worker.postMessage({ game: next++ });
          };
          worker.on(
            'message',
            (m: { type: 'game'; yield: GameYield } | { type: 'error'; message: string }) => {
              if (m.type === 'error') {
                reject(new Error(m.message));
                void worker.terminate();
                return;
              }
              take(m.yield);
              give();
            },
          );
          worker.on('error', reject);
          give();
        });
      }),
    );
  }
  // The games up to the one that made the count, and no more: a game a worker finished early (past it) is not in
  // the library, nor in its figures, whatever the timing.
  for (let g = 0; g < ready && total(yields) < o.count; g++) yields.push(done.get(g)!);
}

/** The puzzles of the games in order (no position twice) up to `count`, rated, with the figures. */
function assemble(o: BuildOptions, yields: readonly GameYield[], cpuMs: number): BuiltLibrary {
  const seen = new Set<string>();
  const mined: MinedPuzzle[] = [];
  for (const y of yields)
    for (const p of y.puzzles) {
      if (mined.length >= o.count || seen.has(p.id)) continue;
      seen.add(p.id);
      mined.push(p);
    }
  const fit = fitRatings(mined.map((p) => p.finds));
  const puzzles: Puzzle[] = mined.map((p, i) => ({
    id: p.id,
    source: p.source,
    kind: p.kind,
    observation: p.observation,
    choices: p.choices,
    solution: p.solution,
    options: p.options,
    gap: p.gap,
    line: p.line,
    themes: p.themes,
    rating: fit.puzzles[i]!.rating,
    rd: fit.puzzles[i]!.rd,
    finds: p.finds,
  }));
  const s = o.settings;
  const text = makeLibrary(
    {
      rules: STANDARD,
      build: {
        version: BUILD_VERSION,
        seed: s.seed,
        margin: s.margin,
        screenMinDeals: s.screenDeals.minDeals,
        screenMaxDeals: s.screenDeals.maxDeals,
        verifyDeals: s.verifyDeals,
        passDeals: s.passDeals,
        lineDeals: s.lineDeals,
        perHand: s.perHand,
        games: yields.filter((y) => y.game >= 0).length,
        liveGames: yields.filter((y) => y.game < 0).length,
      },
    },
    puzzles,
  );
  // What the build writes is read back as the server will read it: a puzzle that does not hang together stops it.
  const check = parseLibrary(text);
  if (!check.ok) throw new Error(`internal: the library does not read back: ${check.error}`);
  const bytes = gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
  return {
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    puzzles,
    figures: figuresOf(puzzles, yields, fit.levels, cpuMs),
  };
}

/** The rating bands the figures count puzzles in. */
export const BANDS = [
  [0, 1000],
  [1000, 1200],
  [1200, 1400],
  [1400, 1600],
  [1600, 1800],
  [1800, 2000],
  [2000, 4000],
] as const;

const quantile = (xs: readonly number[], q: number): number =>
  xs.length === 0 ? 0 : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const r2 = (x: number): number => Math.round(x * 100) / 100;

/** The figures of a library (and, from a build, of what it looked at). */
export function figuresOf(
  puzzles: readonly Puzzle[],
  yields: readonly GameYield[],
  levels: Readonly<Record<string, number>>,
  cpuMs: number,
): BuildFigures {
  const countBy = <K extends string>(keys: readonly K[], of: (p: Puzzle) => readonly K[]) => {
    const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
    for (const p of puzzles) for (const k of of(p)) out[k]++;
    return out;
  };
  const noise: NoisePair[] = yields.flatMap((y) => y.noise);
  const same = noise.filter((n) => n.sameBest);
  const diffs = same.map((n) => n.first - n.second);
  const margin = puzzles.length > 0 ? Math.min(...puzzles.map((p) => p.gap)) : PUZZLE_MARGIN;
  const nearDiffs = same
    .filter(
      (n) => n.first < 2 * Math.max(margin, PUZZLE_MARGIN) && n.second < 2 * Math.max(margin, PUZZLE_MARGIN),
    )
    .map((n) => n.first - n.second);
  const sd = (xs: readonly number[]) => {
    const m = xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);
    return r2(Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / Math.max(1, xs.length - 1)));
  };
  const findShare: Record<string, number> = {};
  for (const p of puzzles)
    for (const f of p.finds)
      findShare[f.level] = (findShare[f.level] ?? 0) + f.found / f.tries / puzzles.length;
  return {
    puzzles: puzzles.length,
    byKind: countBy(['play', 'pass'] as const, (p) => [p.kind]),
    bySource: countBy(['bots', 'live'] as readonly PuzzleSource[], (p) => [p.source]),
    byTheme: countBy([...PUZZLE_THEMES, 'none'] as readonly (PuzzleTheme | 'none')[], (p) =>
      p.themes.length === 0 ? ['none'] : p.themes,
    ),
    byBand: countBy(
      BANDS.map(([lo, hi]) => `${lo}–${hi - 1}`),
      (p) => BANDS.filter(([lo, hi]) => p.rating >= lo && p.rating < hi).map(([lo, hi]) => `${lo}–${hi - 1}`),
    ),
    gap: {
      min: r2(Math.min(...puzzles.map((p) => p.gap))),
      p10: r2(
        quantile(
          puzzles.map((p) => p.gap),
          0.1,
        ),
      ),
      median: r2(
        quantile(
          puzzles.map((p) => p.gap),
          0.5,
        ),
      ),
      p90: r2(
        quantile(
          puzzles.map((p) => p.gap),
          0.9,
        ),
      ),
    },
    noise: {
      pairs: noise.length,
      sameBest: r2(noise.filter((n) => n.sameBest).length / Math.max(1, noise.length)),
      sd: sd(diffs),
      p99: r2(quantile(diffs.map(Math.abs), 0.99)),
      nearSd: sd(nearDiffs),
      near: nearDiffs.length,
      beyond4: r2(
        same.filter((n) => Math.abs(n.first - n.second) > 4 * Math.hypot(n.firstSe, n.secondSe)).length /
          Math.max(1, same.length),
      ),
    },
    games: yields.length,
    decisions: yields.reduce((a, y) => a + y.decisions, 0),
    screened: yields.reduce((a, y) => a + y.screened, 0),
    levels,
    findShare: Object.fromEntries(Object.entries(findShare).map(([k, v]) => [k, r2(v)])),
    cpuSeconds: Math.round(cpuMs / 1000),
  };
}

/** Worker threads for a build: the cores, less one for the rest of the machine, at least one. */
export const defaultWorkers = (): number => Math.max(1, cpus().length - 1);
