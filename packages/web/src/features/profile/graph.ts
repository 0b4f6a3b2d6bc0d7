/**
 * The rating graph as plain geometry (no chart library): the rating after each rated game, from the rating before
 * the first one, scaled into a box with round gridlines.
 *
 * ```ts
 * const g = ratingGraph(history, 320, 140);
 * // <polyline points={g.points.map((p) => `${p.x},${p.y}`).join(' ')} />
 * ```
 */

export interface GraphInput {
  readonly before: number;
  readonly after: number;
}

export interface Graph {
  readonly points: readonly { readonly x: number; readonly y: number; readonly rating: number }[];
  readonly grid: readonly { readonly y: number; readonly rating: number }[]; // horizontal lines, low to high
  readonly min: number;
  readonly max: number;
}

/** Gridline step: 25, 50, 100, 200 … so that a few lines fit. */
function step(span: number): number {
  for (const s of [25, 50, 100, 200, 500, 1000]) if (span / s <= 4) return s;
  return 2000;
}

/**
 * Points for a graph `width` × `height` (SVG coordinates, y down), `pad` inside the edges. The first point is the
 * rating before the first game; one point per game after it. No games: no points.
 */
export function ratingGraph(history: readonly GraphInput[], width: number, height: number, pad = 8): Graph {
  if (history.length === 0) return { points: [], grid: [], min: 0, max: 0 };
  const values = [history[0]!.before, ...history.map((h) => h.after)];
  const s0 = step(Math.max(...values) - Math.min(...values));
  const min = Math.floor(Math.min(...values) / s0) * s0;
  const max = Math.max(min + s0, Math.ceil(Math.max(...values) / s0) * s0);
  const s = step(max - min);
  const x = (i: number) => pad + (values.length === 1 ? 0 : (i * (width - 2 * pad)) / (values.length - 1));
  const y = (r: number) => pad + ((max - r) * (height - 2 * pad)) / (max - min);
  const grid = [];
  for (let r = Math.ceil(min / s) * s; r <= max; r += s) grid.push({ y: y(r), rating: r });
  return { points: values.map((r, i) => ({ x: x(i), y: y(r), rating: r })), grid, min, max };
}

/** A new player's puzzle rating (docs/puzzles.md): where a history that starts with the player's first answer begins. */
export const PUZZLE_START = 1500;

/**
 * A puzzle rating history (the rating after each rated answer, oldest first, as the server keeps the last `kept`)
 * as the graph's steps: from a new player's rating when the history is whole, from its first point when older
 * answers were cut off.
 */
export function puzzleSteps(history: readonly { readonly rating: number }[], kept: number): GraphInput[] {
  return history.map((h, i) => ({
    before: i > 0 ? history[i - 1]!.rating : history.length < kept ? PUZZLE_START : h.rating,
    after: h.rating,
  }));
}
