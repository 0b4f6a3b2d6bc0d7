/**
 * The end of a game: the record's names and the bots' starting ratings. The places, ratings, records and chips of a
 * finished game are applied by `rating/finish.ts` from the fairness policy's verdict (`fairness/policy.ts`;
 * openskill's Bradley–Terry model over the pairs: docs/rating.md).
 */
import { BOT_LEVELS, makeRecordName, type BotLevel } from '@hearts/protocol/socket';
import { BOT_SEEDS, displayRating } from './rating/model.js';
import type { Table } from './table.js';

/** Displayed ratings of the bot levels before any rated game has moved them. */
export const BOT_START_RATINGS: Readonly<Record<BotLevel, number>> = Object.fromEntries(
  BOT_LEVELS.map((l) => [l, Math.round(displayRating(BOT_SEEDS[l]))]),
) as Record<BotLevel, number>;

/** The record's name for a seat: bots are marked with their level. */
export function recordName(s: Table['seats'][number]): string {
  if (s.kind === 'human') return s.name;
  return makeRecordName({ name: s.name, bot: s.level, tookOver: s.replaced });
}
