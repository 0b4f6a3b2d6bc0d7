/**
 * One record per seat — who sits there, human or bot, connection, time bank, kick votes — and the clock
 * arithmetic of a decision: a grace period free of charge, then the seat's time bank runs. Pure: times are
 * arguments (ms since the epoch), so a host sets its timers from the computed deadlines and tests use any clock.
 *
 * ```ts
 * const started = 1_000;
 * clockDeadlines(9_000, started, 2_000); // { graceEndsAt: 3_000, bankEndsAt: 12_000 }
 * bankAfter(9_000, started, 5_000, 2_000); // 7_000: 4 s used, 2 of them grace
 * ```
 */
import type { SeatLook } from '@hearts/protocol/cosmetics';
import type { StoredSeat } from './events.js';
import type { BotLevel, ClockInfo, SeatInfo } from '@hearts/protocol/socket';

/**
 * A seat now. A human seat taken over by a bot keeps the player's name and user id and is marked `replaced`.
 * Invariants: `level` is set exactly for bots; a bot is never `connected`, `kickable` or voted on; `votes` holds
 * each voter once, never the seat itself.
 */
export interface SeatRecord {
  readonly kind: 'human' | 'bot';
  readonly userId: string | null; // the human dealt into the seat (kept after a takeover)
  readonly name: string;
  readonly level: BotLevel | null; // bots: the level that plays the seat
  readonly replaced: boolean; // a bot took the seat over during the game
  readonly kicked: boolean; // ... because the other players voted its player out
  readonly rating: number | null; // rated tables: the rating at the start
  readonly provisional: boolean; // the rating was provisional (too few rated games): shown as "1500?"
  readonly look: SeatLook | null; // humans: the cosmetics they chose
  readonly connected: boolean; // humans: a live connection holds the seat (not stored: false after a restore)
  readonly reconnectBy: number | null; // humans away: when (ms since the epoch) a bot takes the seat (not stored)
  readonly bankMs: number; // the time bank left this hand
  readonly kickable: boolean; // out of time: its bank ran out and its player has not decided by themselves since
  readonly votes: readonly number[]; // the seats that voted to kick it, in the order they voted
}

/** The record of a seat as dealt, with a full bank. */
export function seatRecord(s: StoredSeat, bankMs: number): SeatRecord {
  const human = s.kind === 'human';
  return {
    kind: s.kind,
    userId: human ? s.userId : null,
    name: s.name,
    level: human ? null : s.level,
    replaced: false,
    kicked: false,
    rating: s.rating,
    provisional: human && s.provisional === true,
    look: human ? (s.look ?? null) : null,
    connected: false,
    reconnectBy: null,
    bankMs,
    kickable: false,
    votes: [],
  };
}

/** How a seat is filled, as every client sees it. */
export function seatInfo(s: SeatRecord): SeatInfo {
  return {
    name: s.name,
    bot: s.kind === 'bot',
    level: s.level,
    replaced: s.replaced,
    ...(s.kicked ? { kicked: true } : {}),
    connected: s.kind === 'human' && s.connected,
    rating: s.rating === null ? null : Math.round(s.rating),
    ...(s.provisional && s.rating !== null ? { provisional: true } : {}),
    ...(s.look && s.kind === 'human' ? { look: s.look } : {}),
    ...(s.kind === 'human' && !s.connected && s.reconnectBy !== null ? { reconnectBy: s.reconnectBy } : {}),
  };
}

/** When a decision's clock started at `startedAt` stops being free, and when its bank runs out (ms since the epoch). */
export interface ClockDeadlines {
  readonly graceEndsAt: number;
  readonly bankEndsAt: number;
}

/** The deadlines of a decision started at `startedAt` with `bankMs` in the bank. */
export function clockDeadlines(bankMs: number, startedAt: number, graceMs: number): ClockDeadlines {
  return { graceEndsAt: startedAt + graceMs, bankEndsAt: startedAt + graceMs + bankMs };
}

/**
 * The bank left at `now` of a decision started at `startedAt` (null: no clock running, the bank stands): the
 * grace is free, then every millisecond counts, down to 0.
 */
export function bankAfter(bankMs: number, startedAt: number | null, now: number, graceMs: number): number {
  if (startedAt === null) return bankMs;
  const used = Math.max(0, now - startedAt - graceMs);
  return Math.max(0, bankMs - used);
}

/** A seat's clock at `now` as clients see it (`startedAt` null: the seat does not have to act). */
export function clockInfo(
  seat: number,
  bankMs: number,
  startedAt: number | null,
  now: number,
  graceMs: number,
): ClockInfo {
  if (startedAt === null) return { seat, bankMs, graceMs: 0, running: false };
  const elapsed = now - startedAt;
  return {
    seat,
    bankMs: bankAfter(bankMs, startedAt, now, graceMs),
    graceMs: Math.max(0, graceMs - elapsed),
    running: true,
  };
}
