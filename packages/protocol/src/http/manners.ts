/** Manners (issue #20): blocks, reports and their moderation, the quick-match cool-down. */
import * as z from 'zod/mini';
import { id, none, route, userName } from './atoms.js';

/** Why a player is reported (issue #20): abuse in the chat, stalling the game, or something else (say what). */
export const REPORT_REASONS = ['chat', 'stalling', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** Whose chat a line was said in: the seated players' or the watchers'. */
export type ChatSource = 'players' | 'watchers';

/** Limits of manners (issue #20): the cap on blocks per user, a report's text, reports per reporter and day. */
export const MANNERS_LIMITS = { blocks: 500, reportChars: 500, reportsPerDay: 20 } as const;

/** A blocked player in your list: by name now (no answer of the friends' and manners' routes names a user id). */
const blockedUser = z.object({ name: z.string(), since: z.number() });
export type BlockedUserRow = z.infer<typeof blockedUser>;
const blockList = z.object({ blocked: z.array(blockedUser) });

/**
 * Whom to block: a user (from a player page), or a seat of a table you sat at or watched (from the live table; any
 * other seat — a bot's, an empty one, of a table you were not at, of no table — is one 404 `ERR_NOT_FOUND`).
 */
const blockTarget = z.union([
  z.strictObject({ userId: id }),
  z.strictObject({ tableId: id, seat: z.int().check(z.minimum(0), z.maximum(5)) }),
]);
export type BlockTarget = z.infer<typeof blockTarget>;

/**
 * The quick-match cool-down (docs/rating.md): `until` (ms since the epoch) while it runs, else null; `leaves`:
 * rated games left early within the window.
 */
const coolDown = z.object({
  until: z.nullable(z.number()),
  leaves: z.number(),
  limit: z.number(), // leaves within the window that start a cool-down
  windowMs: z.number(),
});
export type CoolDown = z.infer<typeof coolDown>;

/** A line of a reported table's chat, as the moderator reads it. */
const modChatLine = z.object({
  name: z.string(),
  seat: z.nullable(z.number()), // null: a watcher
  source: z.enum(['players', 'watchers']),
  text: z.string(),
  at: z.number(),
  reported: z.boolean(), // said by the reported player
});
export type ModChatLine = z.infer<typeof modChatLine>;

/** A report as the moderator sees it: who, where, why, and the table's chat. */
const modReport = z.object({
  id: z.string(),
  reporter: z.string(), // names now
  reported: z.string(),
  reportedId: z.string(),
  tableId: z.string(), // the game: its replay (GET /api/replays/:id once finished)
  seat: z.number(),
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  at: z.number(),
  status: z.enum(REPORT_STATUSES),
  handledAt: z.nullable(z.number()),
  finished: z.boolean(), // the table's game is over (its replay can be opened)
  otherReports: z.number(), // other open reports about the same player
  chat: z.array(modChatLine),
});
export type ModReport = z.infer<typeof modReport>;

/** Blocks, reports, moderation, the cool-down. */
export const MANNERS_ROUTES = {
  /** The players you blocked (newest first). */
  blocks: route({ method: 'GET', path: '/api/blocks', params: none, auth: 'required', response: blockList }),
  /**
   * Blocks a player (silently: they are not told): quick match never seats you together, their chat is hidden from
   * you. At most MANNERS_LIMITS.blocks; LIMIT_MANNERS per user.
   */
  block: route({
    method: 'POST',
    path: '/api/blocks',
    params: none,
    auth: 'required',
    body: blockTarget,
    response: blockList,
  }),
  /** Lifts the block of the player of that name now (as your list shows it); nothing when there is none. */
  unblock: route({
    method: 'POST',
    path: '/api/blocks/remove',
    params: none,
    auth: 'required',
    body: z.strictObject({ name: userName }),
    response: blockList,
  }),
  /**
   * Reports a player at a table you sit at, for a moderator (one per player and table; LIMIT_MANNERS per user, at
   * most MANNERS_LIMITS.reportsPerDay).
   */
  report: route({
    method: 'POST',
    path: '/api/reports',
    params: none,
    auth: 'required',
    body: z.strictObject({
      tableId: id,
      seat: z.int().check(z.minimum(0), z.maximum(5)),
      reason: z.enum(REPORT_REASONS),
      text: z._default(z.string().check(z.maxLength(MANNERS_LIMITS.reportChars)), ''),
    }),
    response: z.object({ id: z.string() }),
  }),
  /** Your quick-match cool-down (rated games left early). */
  coolDown: route({
    method: 'GET',
    path: '/api/cooldown',
    params: none,
    auth: 'required',
    response: coolDown,
  }),
  /**
   * Moderators (ADMIN_USERS) only: without a valid token 401 as every signed-in route, signed in as anyone else 404
   * (as if there were no such route). Open or handled reports with their tables' chat.
   */
  modReports: route({
    method: 'GET',
    path: '/api/admin/reports',
    params: none,
    auth: 'required',
    query: z.object({ status: z._default(z.enum(['open', 'handled']), 'open') }),
    response: z.object({ reports: z.array(modReport) }),
  }),
  /** Moderators only (401 without a valid token, else 404): marks an open report resolved or dismissed. */
  modHandle: route({
    method: 'POST',
    path: '/api/admin/reports/:id',
    params: { id },
    auth: 'required',
    body: z.strictObject({ status: z.enum(['resolved', 'dismissed']) }),
    response: z.object({ report: modReport }),
  }),
} as const;
