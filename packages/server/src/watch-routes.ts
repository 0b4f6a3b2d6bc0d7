/**
 * `GET /api/live` (`ROUTES.liveTables`): the live tables open to watchers. Every table room publishes its listing
 * as Colyseus room metadata (`rooms/watchers.ts`); the listings live in Colyseus' driver — Redis in scaled mode —
 * so any process answers for every process. One query serves this process' requests for {@link LIST_CACHE_MS}
 * (a flood of requests costs one read of the listings per second), and each address is held to
 * `LIMIT_WATCH_LIST`.
 */
import { matchMaker, type IRoomCache } from '@colyseus/core';
import { LIVE_LIST_MAX, type LiveTable } from '@hearts/protocol/http';
import type { Handlers } from './api-router.js';
import { HttpError, rateLimitError } from './http-json.js';
import { clientAddress } from './limits.js';
import type { LiveListing } from './rooms/watchers.js';
import type { Services } from './services.js';

/** How long one read of the listings answers this process' requests. */
export const LIST_CACHE_MS = 1000;

/** The rooms that may hold a table to watch. */
const ROOM_NAMES = ['table', 'friends'] as const;

/** The listings, most watched first, then the newest; at most LIVE_LIST_MAX. */
export function orderListings(listings: readonly LiveListing[]): LiveTable[] {
  return [...listings]
    .sort((a, b) => b.watchers - a.watchers || b.startedAt - a.startedAt || (a.id < b.id ? -1 : 1))
    .slice(0, LIVE_LIST_MAX)
    .map((l) => ({
      id: l.id,
      kind: l.kind,
      rated: l.rated,
      players: l.players.map((p) => ({
        name: p.name,
        bot: p.bot,
        rating: p.rating,
        provisional: p.provisional,
      })),
      handNumber: l.handNumber,
      scores: [...l.scores],
      watchers: l.watchers,
      full: l.full,
      startedAt: l.startedAt,
    }));
}

/** Every live listing of every process (the driver's room listings: Redis in scaled mode), unordered. */
export async function allListings(): Promise<LiveListing[]> {
  const found: LiveListing[] = [];
  for (const name of ROOM_NAMES) {
    const rooms = (await matchMaker.query({ name })) as IRoomCache[];
    for (const r of rooms) {
      const live = (r.metadata as { live?: LiveListing | null } | undefined)?.live;
      if (live && live.id === r.roomId) found.push(live);
    }
  }
  return found;
}

const readListings = async (): Promise<LiveTable[]> => orderListings(await allListings());

export function watchHandlers(s: Services): Pick<Handlers, 'liveTables'> {
  let cached: { at: number; tables: Promise<LiveTable[]> } | null = null;
  return {
    liveTables: async ({ req }) => {
      const limited = await s.limits.take('lists', clientAddress(req, s.config.trustProxy));
      if (limited) throw rateLimitError(limited);
      if (s.draining) throw new HttpError(503, 'ERR_DRAINING', 'the server is shutting down');
      const now = Date.now();
      if (!cached || now - cached.at >= LIST_CACHE_MS) {
        const tables = readListings();
        cached = { at: now, tables };
        tables.catch(() => {
          if (cached?.tables === tables) cached = null; // a failed read is not kept
        });
      }
      return { tables: await cached.tables };
    },
  };
}
