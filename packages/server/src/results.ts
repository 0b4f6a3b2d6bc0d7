/**
 * The end of a game: places and the record's names. The ratings, records and chips of a finished game are applied
 * by `rating/finish.ts` (openskill's Bradley–Terry model over the pairs: docs/rating.md).
 */
import { placesOf } from '@hearts/engine';
import { BOT_LEVELS, type BotLevel } from '@hearts/table/protocol';
import { BOT_SEEDS, displayRating } from './rating/model.js';
import type { Table } from './table.js';

/** Displayed ratings of the bot levels before any rated game has moved them. */
export const BOT_START_RATINGS: Readonly<Record<BotLevel, number>> = Object.fromEntries(
  BOT_LEVELS.map((l) => [l, Math.round(displayRating(BOT_SEEDS[l]))]),
) as Record<BotLevel, number>;

/**
 * Places (1 = won; ties share a place): the engine's places among those who stayed; players marked as leavers share
 * the last places.
 */
export function places(scores: readonly number[], leavers: readonly boolean[]): number[] {
  const stayed = scores.filter((_, i) => !leavers[i]);
  const ranked = placesOf(stayed);
  let k = 0;
  return scores.map((_, i) => (leavers[i] ? stayed.length + 1 : ranked[k++]!));
}

/** The record's name for a seat: bots are marked with their level. */
export function recordName(s: Table['seats'][number]): string {
  if (s.kind === 'human') return s.name;
  if (s.replaced) return `${s.name} (bot ${s.level} took over)`;
  return `${s.name} (bot ${s.level})`;
}
