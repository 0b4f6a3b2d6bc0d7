/**
 * Seating and opening tables: the one service that quick match (`rooms/quick-room.ts`), tournaments
 * (`tournament/seats.ts`), the daily deal (`daily-routes.ts`) and the table room (a friends' start, a quick table's
 * rematch) call. The humans take seats by lot, bots the rest (named Bot 1, Bot 2 …, with their level's rating at a
 * rated table), each human with their look; a new table is stored and its room opened on the process with the
 * fewest rooms.
 *
 * ```ts
 * const humans = await standingsOf(store, [{ userId, name }], rated);
 * const seats = await seatTable(store, humans, { players: 4, botLevel: 'medium', botRating: rated ? await botRatingOf(store, 'medium') : null });
 * const roomId = await openTable({ ...record, seats });
 * ```
 */
import { randomInt } from 'node:crypto';
import { matchMaker } from '@colyseus/core';
import type { StoredSeat } from '@hearts/table';
import type { BotLevel } from '@hearts/protocol/socket';
import type { SeatLook } from '@hearts/protocol/cosmetics';
import { looksOfUsers } from './economy/shop.js';
import { tableId } from './ids.js';
import { BOT_START_RATINGS } from './rating/model.js';
import { standing, userSubject } from './rating/standings.js';
import { services } from './services.js';
import type { GameStore, TableRecord } from './store/types.js';

/** Someone to seat: who, and the name the table shows. */
export interface Person {
  readonly userId: string;
  readonly name: string;
}

/** A human to seat, with the rating the table shows (null at an unrated table) and whether it is provisional. */
export interface HumanToSeat extends Person {
  readonly rating: number | null;
  readonly provisional?: boolean;
  readonly look?: SeatLook | undefined;
}

/** What a table seats besides its humans: how many seats, and the bots' level and rating (null: unrated). */
export interface SeatsOf {
  readonly players: number;
  readonly botLevel: BotLevel;
  readonly botRating: number | null;
}

/** Shuffles in place with the operating system's randomness (seats by lot). */
function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

/** Seats by lot: the humans in random seats, bots in the rest, bots named Bot 1, Bot 2 … in seat order. */
export function seatByLot(
  humans: readonly HumanToSeat[],
  players: number,
  botLevel: BotLevel,
  botRating: number | null,
): StoredSeat[] {
  if (humans.length > players) throw new Error(`${humans.length} people for ${players} seats`);
  const order = shuffle(Array.from({ length: players }, (_, i) => i));
  const seats: (StoredSeat | null)[] = new Array<StoredSeat | null>(players).fill(null);
  humans.forEach((h, i) => (seats[order[i]!] = { kind: 'human', ...h }));
  let k = 0;
  return seats.map((s) => s ?? { kind: 'bot', level: botLevel, name: `Bot ${++k}`, rating: botRating });
}

/** The seats of a new table: each human with their look, seated by lot, bots in the rest. */
export async function seatTable(
  store: Pick<GameStore, 'progress'>,
  humans: readonly HumanToSeat[],
  table: SeatsOf,
): Promise<StoredSeat[]> {
  const looks = await looksOfUsers(
    store.progress,
    humans.map((h) => h.userId),
  );
  const seated = humans.map((h) => ({ ...h, look: looks.get(h.userId) }));
  return seatByLot(seated, table.players, table.botLevel, table.botRating);
}

/**
 * People as a table seats them. At a rated table each with their name and rating now and whether that rating is
 * still provisional (a user gone meanwhile keeps the name given, without a rating); at an unrated one as given.
 */
export async function standingsOf(
  store: Pick<GameStore, 'progress' | 'userById'>,
  people: readonly Person[],
  rated: boolean,
): Promise<HumanToSeat[]> {
  if (!rated) return people.map((p) => ({ userId: p.userId, name: p.name, rating: null }));
  const now = Date.now();
  return Promise.all(
    people.map(async (p) => {
      const user = await store.userById(p.userId);
      const { provisional } = await standing(store.progress, userSubject(p.userId), now);
      return { userId: p.userId, name: user?.name ?? p.name, rating: user?.rating ?? null, provisional };
    }),
  );
}

/**
 * "Play again": a new table like `record` (its kind, rules, bots, whether rated) for some of its players, seated by
 * lot again with their standing now.
 */
export async function tableAgain(
  store: Pick<GameStore, 'progress' | 'userById' | 'botRatings'>,
  record: TableRecord,
  people: readonly Person[],
): Promise<TableRecord> {
  const { rated, botLevel } = record;
  const seats = await seatTable(store, await standingsOf(store, people, rated), {
    players: record.rules.players,
    botLevel,
    botRating: rated ? await botRatingOf(store, botLevel) : null,
  });
  return { ...record, id: tableId(), seats, status: 'playing', createdAt: Date.now() };
}

/** A bot level's rating as a rated table shows it: from its games, or its starting rating before any. */
export async function botRatingOf(store: Pick<GameStore, 'botRatings'>, level: BotLevel): Promise<number> {
  return (await store.botRatings()).get(level) ?? BOT_START_RATINGS[level];
}

/**
 * Stores a new table and opens its room on the live process with the fewest rooms, which holds the table's lease
 * from before the table is stored (so no other process takes it for an orphan); returns the room id (= table id).
 * `store` writes the table (the daily deal stores the day's attempt with it).
 */
export async function openTable(
  record: TableRecord,
  store: (record: TableRecord) => Promise<void> = (r) => services().store.createTable(r),
): Promise<string> {
  const s = services();
  const process = await s.failover.place();
  if (!(await s.presence.claim(record.id, process))) throw new Error(`table ${record.id} is held already`);
  try {
    await store(record);
  } catch (e) {
    await s.presence.release(record.id).catch(() => undefined);
    throw e;
  }
  await matchMaker.createRoom('table', { internal: s.internalKey, tableId: record.id, process });
  return record.id;
}
