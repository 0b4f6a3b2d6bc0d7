/**
 * The puzzle library the server offers from (`PUZZLES_FILE`, by default the shipped
 * packages/server/data/puzzles.jsonl.gz that `hearts puzzles build` made), read and checked once at start, and the
 * server's picture of the puzzles' ratings: the library's until a puzzle has moved, then the store's, read again
 * every {@link REFRESH_MS} (so that several processes offer near the ratings the others moved).
 *
 * ```ts
 * const lib = loadLibrary('packages/server/data/puzzles.jsonl.gz');
 * lib.daily('2026-12-06').id; // the same for everyone that day
 * ```
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseLibrary, type Puzzle } from '@hearts/practice/puzzles';
import type { PuzzleTheme } from '@hearts/protocol/http/puzzles';
import { PUZZLE_VOL, type Glicko } from './glicko.js';

/** How often the ratings moved by other processes are read again (ms). */
export const REFRESH_MS = 30_000;
/** The day's puzzle is drawn from plays rated this much at the start (the library's rating): neither trivial nor rare. */
const DAILY_BAND = [1300, 1750] as const;

export class PuzzleLibrary {
  readonly byId: ReadonlyMap<string, Puzzle>;
  private readonly dailyPool: readonly Puzzle[];

  constructor(readonly puzzles: readonly Puzzle[]) {
    this.byId = new Map(puzzles.map((p) => [p.id, p]));
    const pool = puzzles.filter(
      (p) =>
        p.kind === 'play' && p.themes.length > 0 && p.rating >= DAILY_BAND[0] && p.rating <= DAILY_BAND[1],
    );
    this.dailyPool = pool.length > 0 ? pool : puzzles;
  }

  /** A puzzle's starting rating (the library's), or null for a puzzle not in it. */
  start(id: string): Glicko | null {
    const p = this.byId.get(id);
    return p ? { rating: p.rating, rd: p.rd, vol: PUZZLE_VOL } : null;
  }

  /** The day's puzzle (`date` as YYYY-MM-DD): the same everywhere, from the library alone. */
  daily(date: string): Puzzle {
    let h = 0x811c9dc5;
    for (let i = 0; i < date.length; i++) h = Math.imul(h ^ date.charCodeAt(i), 0x01000193) >>> 0;
    return this.dailyPool[h % this.dailyPool.length]!;
  }

  /** The puzzles of a theme (null: all). */
  ofTheme(theme: PuzzleTheme | null): readonly Puzzle[] {
    return theme === null ? this.puzzles : this.puzzles.filter((p) => p.themes.includes(theme));
  }
}

/** Reads a library file; throws with the reason when it is not one (the server does not start on a bad library). */
export function loadLibrary(path: string): PuzzleLibrary {
  const lib = parseLibrary(gunzipSync(readFileSync(path)).toString('utf8'));
  if (!lib.ok) throw new Error(`the puzzle library ${path} is not valid: ${lib.error}`);
  return new PuzzleLibrary(lib.value.puzzles);
}

/**
 * Picks a puzzle near `target` among those not `excluded`: within 75 rating points if any, else 150, 300, 600,
 * else the nearest; uniformly among those of the first window that has any (`random` in [0, 1)).
 */
export function pickNear(
  candidates: readonly { readonly id: string; readonly rating: number }[],
  target: number,
  excluded: ReadonlySet<string>,
  random: number,
): string | null {
  const open = candidates.filter((c) => !excluded.has(c.id));
  if (open.length === 0) return null;
  for (const window of [75, 150, 300, 600]) {
    const near = open.filter((c) => Math.abs(c.rating - target) <= window);
    if (near.length > 0) return near[Math.floor(random * near.length)]!.id;
  }
  let best = open[0]!;
  for (const c of open) if (Math.abs(c.rating - target) < Math.abs(best.rating - target)) best = c;
  return best.id;
}
