/**
 * Your data (issue #49): the file `GET /api/me/export` answers (`hearts-export/2`, everything the server holds
 * under your account or guest token; other people in it by the name the app shows them by, never by their user
 * id), what `GET /api/privacy` tells every visitor (the operator's contact and the retention periods in force),
 * the confirmation `POST /api/me/delete` takes, and the neutral name a deleted player's finished games keep.
 * docs/privacy.md describes the file field by field.
 *
 * ```ts
 * const file = exportSchema.parse(JSON.parse(text)); // the typed export, or a ZodError saying what differs
 * file.games[0]?.record.format; // 'hearts-record/1'
 * ```
 */
import * as z from 'zod/mini';
import { none, record, route } from './atoms.js';
import { trainingPositionSchema, trainingProgressSchema } from './training.js';

/**
 * The format tag of an export file. `hearts-export/1` (before) named friends, blocked and reported players by their
 * user id too; `/2` names other people only as the app shows them, by their name now.
 */
export const EXPORT_FORMAT = 'hearts-export/2';

/**
 * The name a deleted player's seat keeps in finished games (others' histories, replays, player pages, tournament
 * standings). Not a name anyone can take (names.ts refuses it); clients show it in their language.
 */
export const DELETED_PLAYER = 'deleted player';

const ms = z.number(); // milliseconds since the epoch

/** The account: what the server knows of you itself. */
const exportAccount = z.object({
  id: z.string(), // your user id (random)
  name: z.string(),
  claimed: z.boolean(), // kept with a password (the hash is not exported)
  createdAt: ms,
  lastPlayedAt: z.nullable(ms), // your last rated game
  rating: z.number(), // displayed rating, rounded
  ratedGames: z.number(),
});

/** One rated game's step of your rating. */
const exportRatingStep = z.object({
  gameId: z.string(),
  at: ms,
  ratingBefore: z.number(),
  ratingAfter: z.number(),
  place: z.number(), // 1 = won
});

/** A finished live game you sat at: your seat and the game as `hearts-record/1`. */
const exportGame = z.object({
  id: z.string(),
  kind: z.string(), // 'quick' | 'friends' | 'daily' | 'tournament'
  rated: z.boolean(),
  finishedAt: ms,
  seat: z.number(),
  score: z.number(),
  place: z.number(),
  left: z.boolean(), // a bot took your seat over
  record: z.nullable(record), // null: the game's record is not kept
});

const exportLedger = z.object({ amount: z.number(), reason: z.string(), ref: z.string(), at: ms });
const exportPurchase = z.object({ item: z.string(), at: ms });
/** A friend or an open request, by their name now (another's user id is not yours to take along). */
const exportFriend = z.object({
  name: z.string(),
  status: z.enum(['friend', 'incoming', 'outgoing']),
  since: ms,
});
const exportBlock = z.object({ name: z.string(), since: ms }); // by their name now, as the list of blocked players
const exportChat = z.object({
  tableId: z.string(),
  seat: z.nullable(z.number()), // null: said as a watcher
  source: z.enum(['players', 'watchers']),
  name: z.string(), // your name when you said it
  text: z.string(),
  at: ms,
});
const exportReport = z.object({
  id: z.string(),
  reported: z.string(), // the reported player's name now
  tableId: z.string(),
  seat: z.number(),
  reason: z.string(),
  text: z.string(),
  at: ms,
  status: z.string(), // 'open' | 'resolved' | 'dismissed'
});
const exportDaily = z.object({
  date: z.string(), // YYYY-MM-DD, Europe/Berlin
  tableId: z.string(),
  startedAt: ms,
  status: z.string(), // 'playing' | 'finished'
  points: z.nullable(z.array(z.number())), // per hand
  total: z.nullable(z.number()),
  leftEarly: z.boolean(),
  finishedAt: z.nullable(ms),
});
const exportTournament = z.object({
  tournamentId: z.string(),
  name: z.string(), // the tournament's
  joinedAt: ms,
  presence: z.string(), // 'active' | 'paused' | 'left'
});
const exportLeave = z.object({ tableId: z.string(), reason: z.string(), at: ms });
const exportPuzzles = z.object({
  player: z.nullable(
    z.object({
      rating: z.number(),
      rd: z.number(),
      attempts: z.number(),
      solved: z.number(),
      streakBest: z.number(),
      stormBest: z.number(),
    }),
  ),
  attempts: z.array(
    z.object({
      puzzleId: z.string(),
      mode: z.string(),
      offeredAt: ms,
      answeredAt: z.nullable(ms),
      outcome: z.nullable(z.string()), // 'right' | 'wrong' | 'closed'; null: not answered
      answer: z.nullable(z.string()),
      ratingBefore: z.nullable(z.number()),
      ratingAfter: z.nullable(z.number()),
    }),
  ),
  runs: z.array(z.object({ mode: z.string(), startedAt: ms, score: z.number() })),
});

/**
 * The export file: everything the server holds about one user. Other people appear only by what the app shows of
 * them — a name (friends, blocks, reports; the records' players) — never by their user id.
 */
export const exportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  exportedAt: ms,
  account: exportAccount,
  ratingHistory: z.array(exportRatingStep), // oldest first
  games: z.array(exportGame), // newest first
  chips: z.object({ balance: z.number(), ledger: z.array(exportLedger) }), // ledger: newest first
  purchases: z.array(exportPurchase),
  equipped: z.array(z.object({ slot: z.string(), item: z.string() })),
  friends: z.array(exportFriend),
  friendRequestsFrom: z.nullable(z.string()), // who may ask you; null: the default (anyone)
  blocks: z.array(exportBlock),
  chat: z.array(exportChat), // the lines still kept (CHAT_RETENTION_DAYS), oldest first
  reports: z.array(exportReport), // the reports you made
  training: z.object({
    positions: z.array(trainingPositionSchema),
    progress: z.array(trainingProgressSchema),
  }),
  daily: z.array(exportDaily), // newest first
  tournaments: z.array(exportTournament),
  leaves: z.array(exportLeave), // rated games you left early (the quick-match cool-down counts them)
  puzzles: exportPuzzles,
  shares: z.array(
    z.object({
      id: z.string(), // the public page: /r/<id>
      source: z.string(), // 'game' | 'solo'
      tableId: z.nullable(z.string()),
      seat: z.number(),
      record: record,
      createdAt: ms,
    }),
  ), // reviews you made public
});
export type ExportFile = z.infer<typeof exportSchema>;

/** How long what is kept only for a while is kept, in days (`GET /api/privacy`). */
const retentionDays = z.object({
  chat: z.number(), // chat lines (CHAT_RETENTION_DAYS), and who watched which table
  leaves: z.number(), // rated games left early (LEAVE_WINDOW_HOURS, as days)
  chipCaps: z.number(), // the count of wins paid per day
  invites: z.number(), // invites into friends' rooms, after they ran out (0: when they run out)
  requests: z.number(), // friend requests nobody answered
});
export type RetentionDays = z.infer<typeof retentionDays>;

/** What the privacy page shows from the server. */
export const privacyInfoSchema = z.object({
  contact: z.nullable(z.string()), // PRIVACY_CONTACT: the operator's contact, as they wrote it; null: not set
  retentionDays,
  tokenTtlDays: z.number(), // a token not used for this long stops working
});
export type PrivacyInfo = z.infer<typeof privacyInfoSchema>;

/**
 * The confirmation of a deletion: your name as it is now (any case), and your password when the name is claimed.
 */
export const deleteRequestSchema = z.strictObject({
  name: z.string().check(z.maxLength(64)),
  password: z.optional(z.string().check(z.maxLength(200))),
});
export type DeleteRequest = z.infer<typeof deleteRequestSchema>;

/** Your data: its export, deleting your account, the privacy page. */
export const PRIVACY_ROUTES = {
  /**
   * Everything the server holds about you (`hearts-export/2`, docs/privacy.md), as a download; LIMIT_ACCOUNT per
   * address and per user.
   */
  exportMe: route({
    method: 'GET',
    path: '/api/me/export',
    params: none,
    auth: 'required',
    response: exportSchema,
  }),
  /**
   * Deletes your account after the confirmation (your name; your password when the name is claimed): personal
   * data goes, finished games stay under DELETED_PLAYER, every token stops working at once (LIMIT_ACCOUNT).
   */
  deleteMe: route({
    method: 'POST',
    path: '/api/me/delete',
    params: none,
    auth: 'required',
    body: deleteRequestSchema,
    response: z.object({ deleted: z.literal(true) }),
  }),
  /** What the privacy page shows from the server: the operator's contact and the retention periods. */
  privacy: route({
    method: 'GET',
    path: '/api/privacy',
    params: none,
    auth: 'none',
    response: privacyInfoSchema,
  }),
} as const;
