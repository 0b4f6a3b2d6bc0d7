/** The live tables open to watchers, across every server process. */
import * as z from 'zod/mini';
import { none, route } from './atoms.js';

/** Tables the list of live tables shows at most. */
export const LIVE_LIST_MAX = 50;

/** A live table open to watchers (rated quick matches, tournament games, friends' tables open to watchers). */
const liveTable = z.object({
  id: z.string(), // the room to join with `{ watch: true }`
  kind: z.enum(['quick', 'friends', 'tournament']),
  rated: z.boolean(),
  players: z.array(
    z.object({
      name: z.string(),
      bot: z.boolean(),
      rating: z.nullable(z.number()),
      provisional: z.boolean(), // the rating is provisional: shown as "1500?"
    }),
  ),
  handNumber: z.number(), // the hand being played (0 = the first)
  scores: z.array(z.number()), // totals before this hand
  watchers: z.number(),
  full: z.boolean(), // no watcher's place free just now
  startedAt: z.number(),
});
export type LiveTable = z.infer<typeof liveTable>;

/** The list of live tables to watch. */
export const WATCH_ROUTES = {
  /**
   * Live tables open to watchers, across every server process (most watched first, then the newest; at most
   * LIVE_LIST_MAX; LIMIT_WATCH_LIST per address). Join one with `{ watch: true }`.
   */
  liveTables: route({
    method: 'GET',
    path: '/api/live',
    params: none,
    auth: 'none',
    response: z.object({ tables: z.array(liveTable) }),
  }),
} as const;
