import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { parseLibrary } from '@hearts/practice/puzzles';
import { intOption, parse, printJson, UsageError, type Command } from '../args.js';
import {
  buildLibrary,
  DEFAULT_SETTINGS,
  defaultWorkers,
  figuresOf,
  type BuildFigures,
} from '../puzzles/build.js';
import { liveGames } from '../puzzles/live-games.js';

const USAGE = `Usage: hearts puzzles build --out FILE [--count N] [--seed S] [--workers W] [--database URL] [--work DIR] [--json]
       hearts puzzles stats FILE [--json]

build: the puzzle library (docs/puzzles.md). Plays games among the bots (easy, medium, hard, medium, rotated)
and keeps the positions where one card (or one pass among those offered) is ahead of every other by at least
${DEFAULT_SETTINGS.margin} expected point by the expert's evaluation, in two evaluations on different deals; each with the
line the evaluation expected, its themes, and a starting rating from how often the bots of each level find it.
Writes FILE (gzipped ${'hearts-puzzles/1'} lines) and prints its figures and its SHA-256. The same seed gives the
same bytes, whatever --workers.
  --out FILE       where the library goes
  --count N        puzzles (default 2400)
  --seed S         the games', the evaluations' and the bots' seed (default 1)
  --workers W      worker threads (default: the cores less one)
  --database URL   also mine the finished live games of a server's database (a SQLite file or a postgres:// URL),
                   first; their players are never named, only the positions kept
  --work DIR       keep each game's yield in DIR as it is mined: a build stopped half-way and started again with
                   the same seed and DIR goes on where it was (the library is the same bytes)
  --json           the figures as one line of JSON
stats: the figures and SHA-256 of a library file.
Exit 0: done. Exit 1: the file is not a valid library. Exit 2: bad usage.`;

/** The figures as lines for a reader (the build's and the stats'). */
export function describe(f: BuildFigures, sha256: string): string {
  const row = (o: Record<string, number>) =>
    Object.entries(o)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  const out = [
    `puzzles: ${f.puzzles} (${row(f.byKind)}; ${row(f.bySource)})`,
    `themes: ${row(f.byTheme)}`,
    `rating bands: ${row(f.byBand)}`,
    `best ahead of the next option by (expected points): min ${f.gap.min}, p10 ${f.gap.p10}, median ${f.gap.median}, p90 ${f.gap.p90}`,
  ];
  if (f.games > 0)
    out.push(
      `games: ${f.games}; decisions looked at: ${f.decisions}; past the first evaluation: ${f.screened}`,
      `two evaluations of ${f.noise.pairs} positions: the same best option in ${Math.round(f.noise.sameBest * 100)} %; the gap's difference: sd ${f.noise.sd}, p99 ${f.noise.p99}; under twice the margin (${f.noise.near}): sd ${f.noise.nearSd}; beyond 4 standard errors: ${Math.round(f.noise.beyond4 * 1000) / 10} %`,
      `bot levels (fitted): ${row(f.levels)}; found on average: ${row(f.findShare)}`,
      `CPU time: ${f.cpuSeconds} s`,
    );
  out.push(`sha256: ${sha256}`);
  return out.join('\n');
}

async function build(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(
    argv,
    {
      out: { type: 'string' },
      count: { type: 'string' },
      seed: { type: 'string' },
      workers: { type: 'string' },
      database: { type: 'string' },
      work: { type: 'string' },
      json: { type: 'boolean' },
    },
    false,
  );
  if (positionals.length > 0) throw new UsageError('no positional arguments');
  if (values.out === undefined) throw new UsageError('give --out FILE');
  const count = intOption(values.count, 'count', 2400, 1);
  const workers = intOption(values.workers, 'workers', defaultWorkers(), 1);
  const seed = values.seed ?? '1';
  const outside = values.database === undefined ? [] : await liveGames(values.database);
  const started = Date.now();
  const lib = await buildLibrary({
    settings: { ...DEFAULT_SETTINGS, seed },
    count,
    workers,
    outside,
    ...(values.work === undefined ? {} : { workDir: values.work }),
    onGame: (y, found, cpuMs) => {
      const perPuzzle = found > 0 ? cpuMs / found : 0;
      process.stderr.write(
        `game ${y.game < 0 ? `live ${-y.game}` : y.game}: ${y.puzzles.length} puzzles of ${y.decisions} decisions; ` +
          `${Math.min(found, count)}/${count}; CPU ${Math.round(cpuMs / 1000)} s, ` +
          `about ${Math.round((perPuzzle * Math.max(0, count - found)) / 60000)} CPU min to go; ` +
          `${Math.round((Date.now() - started) / 60000)} min\n`,
      );
    },
  });
  await writeFile(values.out, lib.bytes);
  if (values.json) printJson({ ...lib.figures, sha256: lib.sha256 });
  else process.stdout.write(describe(lib.figures, lib.sha256) + '\n');
  return 0;
}

async function stats(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, { json: { type: 'boolean' } });
  if (positionals.length !== 1) throw new UsageError('give one library file');
  const bytes = await readFile(positionals[0]!);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  let text: string;
  try {
    text = gunzipSync(bytes).toString('utf8');
  } catch {
    process.stderr.write('hearts puzzles stats: not a gzipped file\n');
    return 1;
  }
  const lib = parseLibrary(text);
  if (!lib.ok) {
    process.stderr.write(`hearts puzzles stats: ${lib.error}\n`);
    return 1;
  }
  const figures = figuresOf(lib.value.puzzles, [], {}, 0);
  if (values.json) printJson({ ...figures, build: lib.value.header.build, sha256 });
  else process.stdout.write(describe(figures, sha256) + '\n');
  return 0;
}

export const puzzles: Command = {
  summary: 'the puzzle library: build it from the bots’ games, or show its figures',
  usage: USAGE,
  async run(argv) {
    const [sub, ...rest] = argv;
    if (sub === 'build') return build(rest);
    if (sub === 'stats') return stats(rest);
    throw new UsageError(sub === undefined ? 'give build or stats' : `no subcommand "${sub}"`);
  },
};
