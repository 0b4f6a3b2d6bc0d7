/**
 * The game server's HTTP API, declared once: every route's method, path (with its parameters), query, request body
 * and response as zod schemas, and the error body `{ error, message }` with its codes. The server routes by these
 * declarations and parses requests with them (packages/server/src/api-router.ts); its handlers' return values are
 * type-checked against the responses. The web app calls through one helper that takes a declaration and parses the
 * response with it (packages/web/src/kit/server/http.ts). Beside `hearts-live/1` (protocol.ts), which runs over the
 * WebSocket, this is the rest of what a client says to the server. The schemas are `zod/mini` (the same zod, with
 * functions instead of methods), which the browser loads in a third of classic zod's size.
 *
 * ```ts
 * const url = pathOf(ROUTES.profile, { who: 'me' }); // '/api/profile/me'
 * const page: ResponseOf<typeof ROUTES.profile> = ROUTES.profile.response.parse(await res.json());
 * ```
 */
import * as z from 'zod/mini';
import {
  err,
  ok as success,
  parseRules,
  rulesDiff,
  type GameRecord,
  type Result,
  type Rules,
} from '@hearts/engine';
import type { DailyReveal, Transcript } from '@hearts/shuffle';
import { COSMETIC_SLOTS, type SeatLook } from '@hearts/table/cosmetics';
import { BOT_LEVELS } from '@hearts/table/protocol';
import {
  PUZZLE_THEMES,
  puzzleAnswerSchema,
  puzzleDailySchema,
  puzzleOfferSchema,
  puzzlePlayerSchema,
  puzzleRunSchema,
} from './puzzles.js';
import { deleteRequestSchema, exportSchema, privacyInfoSchema } from './privacy.js';
import {
  TRAINING_POSITION_MAX_BYTES,
  TRAINING_UPLOAD_POSITIONS,
  TRAINING_UPLOAD_PROGRESS,
  trainingPositionSchema,
  trainingProgressSchema,
} from './training.js';

/** Every code an `{ error, message }` body carries. */
export const API_ERRORS = [
  'ERR_MALFORMED', // the body, query or a path parameter is not what the route takes
  'ERR_TOO_LARGE', // 413: the body is over the route's limit
  'ERR_SIGN_IN', // 401: no token, or not a valid one
  'ERR_NOT_FOUND', // 404
  'ERR_METHOD', // 405: a known path with another method
  'ERR_RATE_LIMIT', // 429, with Retry-After
  'ERR_DRAINING', // 503: the server is shutting down
  'ERR_BUSY', // 503: too many password checks at once, with Retry-After
  'ERR_INTERNAL', // 500
  // identity (auth.ts IdentityRefusal)
  'ERR_BAD_NAME',
  'ERR_RESERVED_NAME',
  'ERR_NAME_TAKEN', // 409
  'ERR_BAD_PASSWORD',
  'ERR_ALREADY_CLAIMED', // 409 (a name with a password already; a solo game paid already)
  'ERR_NO_USER',
  'ERR_WRONG_LOGIN', // 401
  // the shop (economy/shop.ts)
  'ERR_NO_ITEM', // 404
  'ERR_NOT_ENOUGH_CHIPS', // 402
  'ERR_OWNED', // 409
  'ERR_NOT_OWNED', // 409
  // solo claims (economy/chips.ts)
  'ERR_BAD_RECORD',
  'ERR_NOT_FINISHED',
  'ERR_NOT_WON',
  'ERR_BAD_SEAT',
  'ERR_TOO_SHORT',
  'ERR_UNDO_USED', // a solo game with cards taken back (its record's "undos") pays nothing
  'ERR_DAILY_CAP', // 429
  // the daily game (server src/daily-routes.ts)
  'ERR_DAILY_PLAYED', // 409: one attempt per player and day
  'ERR_DAILY_NOT_OVER', // 409: the day's seed and games are shown once the day is over
  // manners (server src/manners-routes.ts)
  'ERR_NOT_AT_TABLE', // 403: reports are made by the table's players, about another human player there
  'ERR_REPORTED', // 409: one report per reporter, reported player and table
  'ERR_TOO_MANY', // 409: over the cap (blocks per user, reports per day)
  'ERR_SELF', // 400: blocking or reporting yourself
  'ERR_HANDLED', // 409: the report was handled already
  // friends (server src/friends-routes.ts)
  'ERR_FRIEND_SELF', // 400: you cannot befriend yourself
  'ERR_FRIENDS_FULL', // 409: FRIENDS_MAX friends and requests you made
  'ERR_REQUESTS_FULL', // 409: the player has FRIEND_REQUESTS_MAX open requests (the newest is refused)
  'ERR_REQUESTS_CLOSED', // 403: the player takes requests only from people they know (one answer to every stranger)
  'ERR_NOT_FRIENDS', // 403: only friends invite each other and see each other's tables
  'ERR_NOT_IN_ROOM', // 409: invite only into a friends' room you are in, before its game starts
  // puzzles (server src/puzzles/routes.ts)
  'ERR_PUZZLE_ANSWERED', // 409: an offer is answered once
  'ERR_PUZZLE_EXPIRED', // 409: the offer ran out (or its storm did) before the answer came
  'ERR_PUZZLE_MOVE', // 400: not a move of the puzzle (a card not legal there, a set not offered)
  'ERR_NO_PUZZLE', // 404: no puzzle left to offer (every one of the theme was offered to you)
  'ERR_PUZZLE_RUN', // 409: not your run, or it is over
  'ERR_NOT_GUEST', // 409: only a guest's puzzles merge into another player's
  // tournaments (server src/tournament/routes.ts)
  'ERR_TOURNAMENT_OVER', // 409: it has ended
  'ERR_TOURNAMENT_FULL', // 409: every place is taken
  'ERR_NOT_ENTERED', // 409: pause or leave without having joined
  'ERR_TOO_MANY_TOURNAMENTS', // 429: the host has TOURNAMENT_HOSTED_MAX private tournaments not finished
  'ERR_PRIVATE_RATED', // 400: a private tournament is never rated (its players choose their opponents)
  // your data (server src/privacy-routes.ts)
  'ERR_CONFIRM', // 403: a deletion's confirmation (the name, the password of a claimed name) is not right
] as const;
export type ApiErrorCode = (typeof API_ERRORS)[number];

/**
 * The body of every refusal. The code is read as any string, so that a client keeps working when a newer server
 * adds a code; the server can only send {@link ApiErrorCode}s.
 */
export const errorBody = z.object({ error: z.string(), message: z.string() });
export type ErrorBody = { readonly error: ApiErrorCode; readonly message: string };

const id = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ and -, at most 40'));
const level = z.enum(BOT_LEVELS);

/** A `hearts-record/1` record; its moves are checked by the engine's `replayRecord` where it matters. */
const record = z.custom<GameRecord>(
  (x) =>
    typeof x === 'object' &&
    x !== null &&
    (x as { format?: unknown }).format === 'hearts-record/1' &&
    Array.isArray((x as { hands?: unknown }).hands),
  'not a hearts-record/1 record',
);
/** A `hearts-shuffle/1` transcript; `hearts verify` and the shield check it fully. */
const transcript = z.custom<Transcript>(
  (x) =>
    typeof x === 'object' && x !== null && typeof (x as { handNumber?: unknown }).handNumber === 'number',
  'not a hearts-shuffle/1 transcript',
);
const look = z.object({
  back: z.string(),
  face: z.string(),
  table: z.string(),
  frame: z.string(),
}) satisfies z.ZodMiniType<SeatLook>;

/** A user as others may see them. */
export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  claimed: z.boolean(), // the name is kept with a password
  rating: z.number(),
  provisional: z.boolean(), // fewer rated games than PROVISIONAL.games: shown as "1500?"
  games: z.number(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

const account = z.object({ token: z.string(), user: publicUserSchema });
export type Account = z.infer<typeof account>;

/** A finished live game in the player's history. */
const liveGame = z.object({
  id: z.string(),
  kind: z.enum(['quick', 'friends', 'daily', 'tournament']),
  rated: z.boolean(),
  finishedAt: z.number(),
  seat: z.number(), // the player's seat
  players: z.array(
    z.object({
      name: z.string(),
      bot: z.boolean(),
      level: z.nullable(level),
      replaced: z.boolean(),
      score: z.number(),
      rank: z.number(),
      ratingBefore: z.nullable(z.number()),
      ratingAfter: z.nullable(z.number()),
    }),
  ),
});
export type LiveGame = z.infer<typeof liveGame>;

/** A point of the rating graph: the rating before and after one rated game. */
const historyPoint = z.object({
  gameId: z.string(),
  at: z.number(),
  before: z.number(),
  after: z.number(),
  provisional: z.boolean(), // the rating after this game was still provisional
  place: z.number(),
});
export type HistoryPoint = z.infer<typeof historyPoint>;

/** Totals over a player's live games. */
const playerRecord = z.object({
  games: z.number(),
  wins: z.number(), // first place (shared or alone)
  ratedGames: z.number(),
  hands: z.number(),
  pointsPerHand: z.nullable(z.number()), // null before the first hand
  moons: z.number(),
  queens: z.number(),
  left: z.number(), // games left before the end
});
export type PlayerRecord = z.infer<typeof playerRecord>;

/** A recent game on a player page: every seat, in seat order. */
const recentGame = z.object({
  id: z.string(),
  kind: z.string(),
  rated: z.boolean(),
  finishedAt: z.number(),
  seat: z.number(), // the player's seat
  players: z.array(
    z.object({
      name: z.string(),
      subject: z.string(),
      score: z.number(),
      place: z.number(),
      left: z.boolean(),
    }),
  ),
});
export type RecentGame = z.infer<typeof recentGame>;

export const PERIODS = ['all', 'month'] as const;
export type Period = (typeof PERIODS)[number];

const leaderboardRow = z.object({
  subject: z.string(),
  name: z.string(),
  bot: z.nullable(level),
  rating: z.number(), // displayed now, rounded
  provisional: z.literal(false), // provisional ratings are never listed
  games: z.number(), // rated games (this month: in this month)
  change: z.nullable(z.number()), // this month: rating now minus before the month's first game
});
export type LeaderboardRow = z.infer<typeof leaderboardRow>;

export const CHIP_REASONS = [
  'rated-win',
  'friends-win',
  'practice-win',
  'solo-win',
  'purchase',
  'tournament-prize', // a place on a tournament's podium (docs/rating.md)
] as const;
export type ChipReason = (typeof CHIP_REASONS)[number];

const ledgerRow = z.object({
  amount: z.number(), // + in, − out
  reason: z.enum(CHIP_REASONS),
  ref: z.string(), // the game or the item
  at: z.number(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;

const shopItem = z.object({
  id: z.string(),
  slot: z.enum(COSMETIC_SLOTS),
  price: z.number(),
  owned: z.boolean(),
  equipped: z.boolean(),
});
export type ShopItem = z.infer<typeof shopItem>;

const shop = z.object({ balance: z.number(), items: z.array(shopItem), look });
export type Shop = z.infer<typeof shop>;

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

const item = z.strictObject({ item: z.string().check(z.minLength(1), z.maxLength(40)) });

/** A day of the daily game, YYYY-MM-DD (the day in Europe/Berlin). */
const day = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a day as YYYY-MM-DD'));

/** Your attempt at a day. */
const dailyYou = z.object({
  status: z.enum(['playing', 'finished']),
  tableId: z.string(), // the live table (playing), or the game to replay
  points: z.nullable(z.array(z.number())), // per hand, once finished
  total: z.nullable(z.number()),
  rank: z.nullable(z.number()), // 1 = best; ties share a rank (off the board: the rank you would have)
  percentile: z.nullable(z.number()), // the share of the others who scored more, in percent
  of: z.number(), // players on the day's board who finished it
  left: z.boolean(), // you left and a bot played the rest
  // On the public board: a name claimed before the day began. False (a guest, a name claimed during the day): rank
  // and percentile are where you would stand.
  ranked: z.boolean(),
});
export type DailyYou = z.infer<typeof dailyYou>;

/** Today's daily game: its commitment, when it ends, your attempt, your streak. */
const dailyToday = z.object({
  date: day,
  commitment: z.string(), // SHA-256 of the day's seed (hearts-daily/1), revealed once the day is over
  endsAt: z.number(), // the next midnight in Europe/Berlin
  hands: z.number(),
  seat: z.number(), // the player's seat at the table
  level: level, // the bots' level
  you: z.nullable(dailyYou),
  par: z.nullable(z.array(z.number())), // the bot's points per hand in your seat: once you finished
  streak: z.number(), // days played in a row
  previous: z.nullable(day), // the newest day before today, to look back at
});
export type DailyToday = z.infer<typeof dailyToday>;

const dailyRow = z.object({
  rank: z.number(),
  percentile: z.number(),
  name: z.string(),
  you: z.boolean(),
  points: z.array(z.number()),
  total: z.number(),
  left: z.boolean(),
  tableId: z.nullable(z.string()), // its replay: once the day is revealed (your own: once finished)
  friend: z.boolean(), // one of your friends
});
export type DailyRow = z.infer<typeof dailyRow>;

/** One day's leaderboard, par and best hands; its seed once revealed. */
const dailyDay = z.object({
  date: day,
  commitment: z.string(),
  over: z.boolean(),
  revealed: z.boolean(), // the seed is shown (GET …/reveal) and every game can be replayed
  visible: z.boolean(), // the leaderboard is shown: the day is over, or you finished it
  hands: z.number(),
  seat: z.number(), // every player's seat (the replays' analysis is of it)
  level: level, // the bots' level, who also set the par
  players: z.number(), // finished
  par: z.nullable(z.array(z.number())),
  rows: z.array(dailyRow), // best first; empty unless visible (at most 500)
  friends: z.array(dailyRow), // your friends' rows and yours, best first, wherever they rank (empty unless visible)
  best: z.array(z.object({ hand: z.number(), points: z.number(), players: z.array(z.string()) })),
  you: z.nullable(dailyYou),
});
export type DailyDayPage = z.infer<typeof dailyDay>;

/** Past days (newest first) with how many played and your result. */
const dailyCalendar = z.object({
  days: z.array(
    z.object({
      date: day,
      players: z.number(),
      total: z.nullable(z.number()), // yours
      rank: z.nullable(z.number()),
    }),
  ),
  streak: z.number(),
});
export type DailyCalendar = z.infer<typeof dailyCalendar>;

/** A day's reveal (`hearts-daily/1`: docs/daily.md); `hearts verify` checks it. */
const dailyReveal = z.custom<DailyReveal>(
  (x) => typeof x === 'object' && x !== null && (x as { format?: unknown }).format === 'hearts-daily/1',
  'not a hearts-daily/1 reveal',
);

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
/** Friends and requests made (still open) a user has at most. */
export const FRIENDS_MAX = 200;

/** An open friend request nobody answered runs out after this many days (the server's retention job removes it). */
export const FRIEND_REQUEST_DAYS = 30;

/**
 * Open requests a user receives at most, apart from {@link FRIENDS_MAX} (issue #42: strangers' requests filled the
 * friends' places). Past it the newest request is refused (`ERR_REQUESTS_FULL`) until the user answers some.
 */
export const FRIEND_REQUESTS_MAX = 50;

/**
 * Whom a player takes friend requests from: `anyone`, or only people they `known` — who finished a game at a table
 * with them, or a friend of one of their friends. Anyone else is refused with one answer (`ERR_REQUESTS_CLOSED`).
 */
export const REQUESTS_FROM = ['anyone', 'known'] as const;
export type RequestsFrom = (typeof REQUESTS_FROM)[number];

/** How long an invite into a friends' room holds. */
export const INVITE_TTL_MS = 10 * 60 * 1000;

/** Where a user is: at a table of one of the kinds, or in a friends' room before its game (`lobby`). */
export const PLACE_KINDS = ['quick', 'friends', 'daily', 'tournament', 'lobby'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** A friend's table or room, as the friends list shows it. */
const friendPlace = z.object({
  room: z.string(), // the table's id, or the friends' room's code (lobby)
  kind: z.enum(PLACE_KINDS),
  watchable: z.boolean(), // open to watchers now (join with `{ watch: true }`); daily tables never are
  since: z.number(),
});
export type FriendPlace = z.infer<typeof friendPlace>;

/**
 * A friend or an open request, seen from you. Online and places: friends only (strangers learn nothing). `id` is the
 * friendship's own id (the same for both of you), never a user id: no answer of the friends' routes names one.
 */
const friendEntry = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['friend', 'incoming', 'outgoing']), // incoming: they asked you
  since: z.number(),
  online: z.boolean(), // the app is open, or at a table (false for requests)
  places: z.array(friendPlace), // newest first (empty for requests)
});
export type FriendEntry = z.infer<typeof friendEntry>;

/** An invite into a friends' room. */
const inviteSchema = z.object({
  id: z.string(),
  from: z.object({ name: z.string() }),
  room: z.string(), // the room's code: join it as any friends' room
  expiresAt: z.number(),
});
export type Invite = z.infer<typeof inviteSchema>;

/**
 * The notices stream, `GET /api/notices` with `Authorization: Bearer <token>`: Server-Sent Events, one `data:` line
 * of a {@link Notice} as JSON per event, while the app is open. An open stream counts as online for friends. At the
 * start it sends your open invites; `friends` says your friends list changed (ask GET /api/friends again).
 */
export const NOTICES_PATH = '/api/notices';
export const noticeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('invite'), invite: inviteSchema }),
  z.object({ type: z.literal('friends') }),
]);
export type Notice = z.infer<typeof noticeSchema>;

const userName = z.string().check(z.minLength(1), z.maxLength(64));
const ok = z.object({ ok: z.literal(true) });

/**
 * The rule options a tournament fixes itself: tables of four (so the cards of four), and a game of a fixed number
 * of hands (its `hands`), so no target score. The host of a private tournament chooses every other option.
 */
export const TOURNAMENT_FIXED_RULES = ['players', 'removedCards', 'targetScore', 'handsToPlay'] as const;

/**
 * A private tournament's rules: the host's rule options (as the engine's `parseRules` reads them: unknown options,
 * wrong values and impossible combinations are refused with the engine's message) with `hands` hands per game. None
 * of {@link TOURNAMENT_FIXED_RULES} may be chosen. (A private tournament is never rated, as a friends' room is not:
 * its players choose their opponents. Only the public arenas are rated, with the standard rules.)
 *
 * ```ts
 * tournamentRules({ jackOfDiamonds: -10 }, 2); // { ok: true, value: { …, jackOfDiamonds: -10, handsToPlay: 2 } }
 * ```
 */
export function tournamentRules(options: unknown, hands: number): Result<Rules, string> {
  const r = parseRules(options);
  if (!r.ok) return err(r.error.message);
  const chosen = Object.keys(rulesDiff(r.value));
  const fixed = TOURNAMENT_FIXED_RULES.find((k) => chosen.includes(k));
  if (fixed !== undefined)
    return err(
      `${fixed} is not the host's to choose: a tournament plays tables of four, a set number of hands`,
    );
  return success({ ...r.value, handsToPlay: hands });
}

/** The host's rule options of a tournament: the options that differ from the standard rules, as records write them. */
export const tournamentOptions = (rules: Rules): Partial<Rules> => {
  const diff: Record<string, unknown> = { ...rulesDiff(rules) };
  for (const k of TOURNAMENT_FIXED_RULES) delete diff[k];
  return diff as Partial<Rules>;
};

/** Rule options as sent: an object of options, each checked by the engine where it is read. */
const ruleOptions = z.custom<Partial<Rules>>(
  (x) => typeof x === 'object' && x !== null && !Array.isArray(x) && Object.keys(x).length <= 40,
  'rule options must be an object of options',
);

/** The series of scheduled tournaments (the server's SCHEDULE in tournament/schedule.ts). */
export const TOURNAMENT_SCHEDULES = ['hourly', 'weekly'] as const;
export type TournamentSchedule = (typeof TOURNAMENT_SCHEDULES)[number];

/** Limits of a private tournament's options (the host's choice). */
export const TOURNAMENT_LIMITS = {
  nameMax: 60,
  minutes: { min: 10, max: 180 }, // how long it runs
  hands: { min: 1, max: 8 }, // hands per game
  startsIn: { max: 24 * 60 }, // minutes until it starts
  players: { min: 4, max: 400 },
} as const;
/**
 * A tournament's events stream, `GET /api/tournaments/:id/events` (no token: what it says is public): Server-Sent
 * Events, one `data:` line of a {@link TournamentEvent} as JSON per event. `changed` comes when the stream opens and
 * whenever the page's public content changes (standings, games, phase), with the new `version`; the client then
 * asks for the page again (with its ETag). A finished tournament changes no more: it answers 204, and a stream open
 * when it finishes ends. Refused (429) past the streams an address may hold: the page is polled instead.
 */
export const tournamentEventsPath = (id: string): string =>
  `/api/tournaments/${encodeURIComponent(id)}/events`;
export const tournamentEventSchema = z.object({ type: z.literal('changed'), version: z.string() });
export type TournamentEvent = z.infer<typeof tournamentEventSchema>;

/** Standings rows sent at most (the player's own row is always among them). */
export const TOURNAMENT_ROWS = 500;

const tournamentSummary = z.object({
  id: z.string(), // a private one's id is its code: whoever has the link may join
  kind: z.enum(['arena', 'scheduled', 'private']),
  name: z.string(),
  // A scheduled one's series: the page names it in the reader's language (`name` is the stored English one).
  // Optional: a server from before it sends none.
  schedule: z.optional(z.enum(TOURNAMENT_SCHEDULES)),
  host: z.nullable(z.string()), // the host's name (private ones)
  status: z.enum(['upcoming', 'running', 'finished']),
  startsAt: z.number(),
  endsAt: z.number(),
  hands: z.number(), // per game
  rules: ruleOptions, // the host's rule options: those that differ from the standard rules (none of the fixed ones)
  rated: z.boolean(),
  bots: z.boolean(), // bots fill a table after the longest wait
  maxWaitS: z.number(), // nobody waits longer while four are free (docs/tournaments.md)
  players: z.number(), // entered
  maxPlayers: z.number(),
});
export type TournamentSummary = z.infer<typeof tournamentSummary>;

/**
 * An entrant's presence (docs/tournaments.md): seated when `active`; `paused` by themselves; `away`: paused by the
 * server (not connected when a table was to open for them, or a bot took their seat over) until they come back.
 */
const entrantPresence = z.enum(['active', 'paused', 'away', 'left']);

/** One line of the standings (docs/tournaments.md: 4/2/1/0, ties shared, doubled on a streak). */
const standingRow = z.object({
  rank: z.number(), // ties share a rank
  name: z.string(),
  you: z.boolean(),
  points: z.number(), // may have a fraction (a tie shares points)
  games: z.number(),
  wins: z.number(),
  streak: z.number(), // wins in a row now; from 2 on, the next game counts double
  presence: entrantPresence,
  playing: z.boolean(), // seated at a table now
  prize: z.number(), // chips the podium paid for the place (docs/rating.md); 0 without one, and until it has finished
  results: z.array(
    z.object({
      gameId: z.string(), // its replay: /api/replay/:id
      place: z.number(),
      points: z.number(),
      doubled: z.boolean(),
    }),
  ),
});
export type StandingRow = z.infer<typeof standingRow>;

const tournamentPage = z.object({
  tournament: tournamentSummary,
  phase: z.enum(['upcoming', 'running', 'finishing', 'finished']), // finishing: ended, games still running count
  now: z.number(), // the server's clock, to count down by
  standings: z.array(standingRow), // best first
  running: z.number(), // games being played
  finished: z.number(), // games counted
  you: z.nullable(
    z.object({
      presence: entrantPresence,
      tableId: z.nullable(z.string()), // your table while seated: join it by id
    }),
  ),
});
export type TournamentPage = z.infer<typeof tournamentPage>;

/** A tournament in the player's history: where they stood. */
const tournamentEntry = z.object({
  tournament: tournamentSummary,
  rank: z.number(), // 1-based, ties shared (so far, while it runs)
  of: z.number(), // entrants
  points: z.number(),
  games: z.number(),
  prize: z.number(), // chips paid for the place (docs/rating.md); 0 without one, and until it has finished
});
export type TournamentEntry = z.infer<typeof tournamentEntry>;

/** A player page: a user's (with `id` and `look`; `chips` on your own) or a bot level's. */
const playerPage = z.object({
  subject: z.string(), // `u:<id>` or `b:<level>`
  name: z.string(),
  bot: z.nullable(level),
  rating: z.number(),
  provisional: z.boolean(), // too few rated games: "1500?", not on the leaderboard
  provisionalGames: z.number(), // rated games until a rating is established
  ratedGames: z.number(),
  idleDays: z.number(),
  lastPlayedAt: z.nullable(z.number()),
  record: playerRecord,
  history: z.array(historyPoint),
  recent: z.array(recentGame),
  id: z.optional(z.string()), // users
  look: z.optional(look), // users
  chips: z.optional(z.number()), // your own page only
  // users: finished tournaments, newest first (at most 20); private ones on your own page only
  tournaments: z.optional(z.array(tournamentEntry)),
});
export type PlayerPage = z.infer<typeof playerPage>;

/**
 * A new guest: the language of the player's UI as a language tag (`de`, `en`, `de-AT` …), which the guest's name is
 * in: "Gast 4821" in German, "Guest 4821" in any other language or without one.
 */
const guestRequest = z.object({
  lang: z.optional(z.string().check(z.regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$/, 'a language tag'))),
});

/** A private tournament's options; its rules are checked by {@link tournamentRules} (a 400 says what is wrong). */
const tournamentCreate = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(TOURNAMENT_LIMITS.nameMax)),
    minutes: z.int().check(z.gte(TOURNAMENT_LIMITS.minutes.min), z.lte(TOURNAMENT_LIMITS.minutes.max)),
    hands: z.int().check(z.gte(TOURNAMENT_LIMITS.hands.min), z.lte(TOURNAMENT_LIMITS.hands.max)),
    startsIn: z.int().check(z.gte(0), z.lte(TOURNAMENT_LIMITS.startsIn.max)), // minutes from now
    // Never true: a private tournament is unrated (its players choose their opponents); true is refused with
    // ERR_PRIVATE_RATED. Kept so that a client which sends `rated: false` is still understood.
    rated: z.optional(z.boolean()),
    bots: z.boolean(),
    botLevel: level,
    maxPlayers: z.int().check(z.gte(TOURNAMENT_LIMITS.players.min), z.lte(TOURNAMENT_LIMITS.players.max)),
    rules: z.optional(ruleOptions), // the host's rule options (absent: the standard rules)
  })
  .check(
    z.superRefine((b, ctx) => {
      const r = tournamentRules(b.rules ?? {}, b.hands);
      if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error, input: b.rules, path: ['rules'] });
    }),
  );
export type TournamentCreate = z.infer<typeof tournamentCreate>;

/** The largest body a share takes: a solo game's record (a long game's is some tens of kilobytes). */
export const SHARE_MAX_BYTES = 256 * 1024;
/** Where a shared review is opened (HTML with its Open Graph tags; the app's replay with the analysis). */
export const sharePagePath = (id: string): string => `/r/${id}`;
/** Its preview image (PNG), named by the page's `og:image`. */
export const shareImagePath = (id: string): string => `/r/${id}.png`;

/**
 * What a player shares (docs/sharing.md): a finished game of the server's they sat at, by its id (the record comes
 * from the server's store; a daily game once its day is revealed), or a finished solo game's record from their device.
 */
export const shareRequest = z.discriminatedUnion('source', [
  z.strictObject({ source: z.literal('game'), tableId: id }),
  z.strictObject({
    source: z.literal('solo'),
    record: z.record(z.string(), z.unknown()), // checked by the engine: a legal, finished game
    seat: z.int().check(z.minimum(0), z.maximum(5)), // the player's seat (the analysis is of it)
  }),
]);
export type ShareRequest = z.input<typeof shareRequest>;

/** A shared review as everyone reads it. */
export const sharedReviewSchema = z.object({
  id: z.string(),
  source: z.enum(['game', 'solo']),
  seat: z.number(), // the sharer's seat: the review opens its analysis
  record,
  createdAt: z.number(),
});
export type SharedReview = z.infer<typeof sharedReviewSchema>;

/** The names of a path template's parameters: `'/api/games/:id/shuffle/:hand'` → `'id' | 'hand'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

/** A route's path parameters, by name. */
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string };

/** The check of one path parameter. */
export type ParamSchema = z.ZodMiniType<string>;

/** One route of the API. `body` and `query` are absent when the route reads none. */
export interface Route<
  P extends string = string,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  readonly method: 'GET' | 'POST';
  readonly path: P; // `:name` segments are parameters
  readonly params: { readonly [K in ParamNames<P>]: ParamSchema }; // each checked; a mismatch is a 404
  readonly query?: Q; // from the search parameters (strings)
  readonly body?: B; // JSON
  readonly maxBody?: number; // bytes (default: 4096)
  readonly auth: 'none' | 'optional' | 'required'; // `Authorization: Bearer <token>`; required: 401 ERR_SIGN_IN
  readonly response: R; // the 200 body (JSON)
  readonly answers?: readonly number[]; // statuses whose body is `response` (default: 200 only)
}

/** The parsed query of a route (undefined: it reads none). */
export type QueryOf<T> = T extends { readonly query: infer Q extends z.ZodMiniType }
  ? z.output<Q>
  : undefined;
/** The query as a client gives it. */
export type QueryInputOf<T> = T extends { readonly query: infer Q extends z.ZodMiniType }
  ? z.input<Q>
  : undefined;
/** The request body as the server reads it (defaults applied; undefined: it reads none). */
export type BodyOf<T> = T extends { readonly body: infer B extends z.ZodMiniType } ? z.output<B> : undefined;
/** The request body as a client sends it. */
export type BodyInputOf<T> = T extends { readonly body: infer B extends z.ZodMiniType }
  ? z.input<B>
  : undefined;
/** The 200 response of a route. */
export type ResponseOf<T extends Route> = z.output<T['response']>;

/** A declaration, its literal types kept (method, path, auth, which of query and body it has). */
const route = <const T extends Route>(
  r: T & { readonly params: { readonly [K in ParamNames<T['path']>]: ParamSchema } },
): T => r;

const none = {} as const;

/** Every JSON route of the server (`/metrics` is Prometheus text: src/http.ts). */
export const ROUTES = {
  /** 200, or 503 with the same body while draining or when the database takes no writes. */
  health: route({
    method: 'GET',
    path: '/healthz',
    params: none,
    auth: 'none',
    response: z.object({
      status: z.enum(['ok', 'draining', 'unwritable']),
      process: z.string(), // the Colyseus process id
      route: z.nullable(z.string()), // PROCESS_ROUTE: the path prefix a reverse proxy sends to this process
    }),
    answers: [200, 503],
  }),
  /** A new guest (LIMIT_GUESTS per address). */
  guest: route({
    method: 'POST',
    path: '/api/guest',
    params: none,
    auth: 'none',
    body: guestRequest,
    response: account,
  }),
  /** The signed-in user; `token`: a renewed token to keep instead, when the one sent is old. */
  me: route({
    method: 'GET',
    path: '/api/me',
    params: none,
    auth: 'required',
    response: z.object({ user: publicUserSchema, token: z.optional(z.string()) }),
  }),
  /**
   * Renames a guest. A moderator's name (ADMIN_USERS) is taken only with `code`, the one the server logs at start
   * while nobody holds it (docs/security.md, "Moderators").
   */
  rename: route({
    method: 'POST',
    path: '/api/name',
    params: none,
    auth: 'required',
    body: z.object({ name: z.string(), code: z.optional(z.string().check(z.maxLength(64))) }),
    response: z.object({ user: publicUserSchema }),
  }),
  /** Keeps the name with a password: older tokens stop working. */
  claim: route({
    method: 'POST',
    path: '/api/claim',
    params: none,
    auth: 'required',
    body: z.object({ password: z.string() }),
    response: account,
  }),
  /** Every token stops working: this device's new one comes back. */
  signOutEverywhere: route({
    method: 'POST',
    path: '/api/signout-everywhere',
    params: none,
    auth: 'required',
    response: account,
  }),
  /**
   * Everything the server holds about you (`hearts-export/1`, docs/privacy.md), as a download; LIMIT_ACCOUNT per
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
  /** Signs in on another device (back-off per name and address; 503 ERR_BUSY when too many). */
  login: route({
    method: 'POST',
    path: '/api/login',
    params: none,
    auth: 'none',
    body: z.object({ name: z.string(), password: z.string() }),
    response: account,
  }),
  /** The user's finished live games, newest first. */
  history: route({
    method: 'GET',
    path: '/api/history',
    params: none,
    auth: 'required',
    response: z.object({ games: z.array(liveGame) }),
  }),
  /** A finished game as `hearts-record/1` (its players only), as a download. */
  gameRecord: route({
    method: 'GET',
    path: '/api/games/:id/record',
    params: { id },
    auth: 'required',
    response: record,
  }),
  /** Every finished hand's `hearts-shuffle/1` transcript (its players only). */
  transcripts: route({
    method: 'GET',
    path: '/api/games/:id/shuffle',
    params: { id },
    auth: 'required',
    response: z.object({ transcripts: z.array(transcript) }),
  }),
  /** One finished hand's transcript, as a file for `hearts verify`. */
  transcript: route({
    method: 'GET',
    path: '/api/games/:id/shuffle/:hand',
    params: { id, hand: z.string().check(z.regex(/^\d{1,4}$/)) },
    auth: 'required',
    response: transcript,
  }),
  /** `me` (signed in: with chips) or a user id. */
  profile: route({
    method: 'GET',
    path: '/api/profile/:who',
    params: { who: id },
    auth: 'optional',
    response: playerPage,
  }),
  /** A bot level's page. */
  botPage: route({
    method: 'GET',
    path: '/api/bots/:level',
    params: { level },
    auth: 'none',
    response: playerPage,
  }),
  /** Players and bot levels by rating (this month: who played this month). */
  leaderboard: route({
    method: 'GET',
    path: '/api/leaderboard',
    params: none,
    auth: 'none',
    query: z.object({ period: z._default(z.enum(PERIODS), 'all') }),
    response: z.object({ period: z.enum(PERIODS), players: z.array(leaderboardRow) }),
  }),
  /** A finished game's record: quick matches for everyone, friends' tables for their players. */
  replay: route({
    method: 'GET',
    path: '/api/replays/:id',
    params: { id },
    auth: 'optional',
    response: record,
  }),
  /**
   * Makes a finished game's review public under an id of its own (`sharePagePath`); the same game shared again
   * answers the same id. LIMIT_SHARES per address and per user, SHARES_MAX per user (docs/sharing.md).
   */
  createShare: route({
    method: 'POST',
    path: '/api/shares',
    params: none,
    auth: 'required',
    body: shareRequest,
    maxBody: SHARE_MAX_BYTES,
    response: z.object({ id: z.string(), path: z.string() }),
  }),
  /** A shared review (everyone; LIMIT_SHARE_VIEWS per address). */
  share: route({
    method: 'GET',
    path: '/api/shares/:id',
    params: { id },
    auth: 'none',
    response: sharedReviewSchema,
  }),
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
  /** Your balance and ledger. */
  chips: route({
    method: 'GET',
    path: '/api/chips',
    params: none,
    auth: 'required',
    response: z.object({ balance: z.number(), ledger: z.array(ledgerRow) }),
  }),
  /** A solo win: the record is replayed; a token amount once per game. */
  soloClaim: route({
    method: 'POST',
    path: '/api/chips/solo',
    params: none,
    auth: 'required',
    body: z.strictObject({
      record: z.record(z.string(), z.unknown()),
      seat: z._default(z.int().check(z.minimum(0), z.maximum(5)), 0),
    }),
    maxBody: 256 * 1024, // the record of a long game
    response: z.object({ amount: z.number(), balance: z.number(), hash: z.string() }),
  }),
  /** The cosmetics with price, owned, chosen; your balance. */
  shop: route({ method: 'GET', path: '/api/shop', params: none, auth: 'required', response: shop }),
  /** Buys an item (refused without enough chips). */
  buy: route({
    method: 'POST',
    path: '/api/shop/buy',
    params: none,
    auth: 'required',
    body: item,
    response: z.object({ balance: z.number(), item: z.string() }),
  }),
  /** Chooses an owned item for its slot. */
  equip: route({
    method: 'POST',
    path: '/api/shop/equip',
    params: none,
    auth: 'required',
    body: item,
    response: z.object({ look }),
  }),
  /** Today's daily game and your attempt (LIMIT_DAILY per address). */
  daily: route({
    method: 'GET',
    path: '/api/daily',
    params: none,
    auth: 'optional',
    response: dailyToday,
  }),
  /** Starts your one attempt at today's game: its live table. 409 ERR_DAILY_PLAYED the second time. */
  dailyStart: route({
    method: 'POST',
    path: '/api/daily/start',
    params: none,
    auth: 'required',
    response: z.object({ tableId: z.string(), date: day }),
  }),
  /** Past days with their number of players and your result (LIMIT_DAILY per address). */
  dailyCalendar: route({
    method: 'GET',
    path: '/api/daily/calendar',
    params: none,
    auth: 'optional',
    response: dailyCalendar,
  }),
  /** A day's leaderboard (today's: once you finished), par and best hand. */
  dailyDay: route({
    method: 'GET',
    path: '/api/daily/days/:date',
    params: { date: day },
    auth: 'optional',
    response: dailyDay,
  }),
  /** A day's seed and hands once it is over: 409 ERR_DAILY_NOT_OVER before. */
  dailyReveal: route({
    method: 'GET',
    path: '/api/daily/days/:date/reveal',
    params: { date: day },
    auth: 'none',
    response: dailyReveal,
  }),
  /** Your training positions and your progress at them (starter positions' too). LIMIT_TRAINING per address. */
  training: route({
    method: 'GET',
    path: '/api/training',
    params: none,
    auth: 'required',
    response: z.object({
      positions: z.array(trainingPositionSchema), // newest first, at most TRAINING_MAX_POSITIONS
      progress: z.array(trainingProgressSchema),
    }),
  }),
  /**
   * Keeps training positions (a position kept already stays as it is); beyond TRAINING_MAX_POSITIONS the oldest
   * go. LIMIT_TRAINING per address.
   */
  trainingSave: route({
    method: 'POST',
    path: '/api/training/positions',
    params: none,
    auth: 'required',
    body: z.strictObject({
      positions: z
        .array(trainingPositionSchema)
        .check(z.minLength(1), z.maxLength(TRAINING_UPLOAD_POSITIONS)),
    }),
    maxBody: TRAINING_UPLOAD_POSITIONS * TRAINING_POSITION_MAX_BYTES,
    response: z.object({ stored: z.number(), total: z.number() }),
  }),
  /**
   * Progress at positions, merged with what is kept (`mergeProgress`: sending the same twice changes nothing);
   * beyond TRAINING_MAX_PROGRESS the oldest go. LIMIT_TRAINING per address.
   */
  trainingProgress: route({
    method: 'POST',
    path: '/api/training/progress',
    params: none,
    auth: 'required',
    body: z.strictObject({
      progress: z.array(trainingProgressSchema).check(z.minLength(1), z.maxLength(TRAINING_UPLOAD_PROGRESS)),
    }),
    maxBody: 16 * 1024,
    response: z.object({ total: z.number() }),
  }),
  /** The day's puzzle (the same for everyone) and, signed in, whether you answered it. LIMIT_PUZZLES per address. */
  puzzlesDaily: route({
    method: 'GET',
    path: '/api/puzzles/daily',
    params: none,
    auth: 'optional',
    response: puzzleDailySchema,
  }),
  /**
   * A puzzle offered to you: the open one of the mode (and run) if there is one, else a new one near your rating
   * (rated: of the theme, if given; daily: the day's; streak and storm: the next of the run). LIMIT_PUZZLES per
   * address and per user.
   */
  puzzlesNext: route({
    method: 'POST',
    path: '/api/puzzles/next',
    params: none,
    auth: 'required',
    body: z.strictObject({
      mode: z.enum(['rated', 'daily', 'streak', 'storm']),
      theme: z.optional(z.nullable(z.enum(PUZZLE_THEMES))),
      run: z.optional(id),
    }),
    response: puzzleOfferSchema,
  }),
  /** Answers an offer, once: judged, ratings moved (rated offers), the answer explained. LIMIT_PUZZLES. */
  puzzlesAnswer: route({
    method: 'POST',
    path: '/api/puzzles/answers/:offer',
    params: { offer: id },
    auth: 'required',
    body: z.strictObject({
      move: z.array(z.string().check(z.regex(/^[2-9TJQKA][CDHS]$/))).check(z.minLength(1), z.maxLength(6)),
    }),
    response: puzzleAnswerSchema,
  }),
  /** Starts a streak or a storm. LIMIT_PUZZLES. */
  puzzlesRun: route({
    method: 'POST',
    path: '/api/puzzles/runs',
    params: none,
    auth: 'required',
    body: z.strictObject({ mode: z.enum(['streak', 'storm']) }),
    response: puzzleRunSchema,
  }),
  /** A player's puzzle rating and its history (`me`: yours). LIMIT_PUZZLES per address. */
  puzzlesPlayer: route({
    method: 'GET',
    path: '/api/puzzles/players/:who',
    params: { who: id },
    auth: 'optional',
    response: puzzlePlayerSchema,
  }),
  /**
   * Moves a guest's puzzles (its token in the body: proof that this device is that guest) into yours: a device
   * that signs in to a kept name brings its puzzle history along. LIMIT_PUZZLES.
   */
  puzzlesMerge: route({
    method: 'POST',
    path: '/api/puzzles/merge',
    params: none,
    auth: 'required',
    body: z.strictObject({ token: z.string().check(z.maxLength(400)) }),
    response: puzzlePlayerSchema,
  }),
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
  /** Your friends (online, and where: table, room, whether watchable) and open requests both ways. */
  friends: route({
    method: 'GET',
    path: '/api/friends',
    params: none,
    auth: 'required',
    response: z.object({
      friends: z.array(friendEntry),
      max: z.number(), // FRIENDS_MAX
      requestsMax: z.number(), // FRIEND_REQUESTS_MAX
      requestsFrom: z.enum(REQUESTS_FROM), // your choice of whom you take requests from
    }),
  }),
  /** Whom you take friend requests from (stored; anyone until set). */
  friendSettings: route({
    method: 'POST',
    path: '/api/friends/settings',
    params: none,
    auth: 'required',
    body: z.strictObject({ requestsFrom: z.enum(REQUESTS_FROM) }),
    response: z.object({ requestsFrom: z.enum(REQUESTS_FROM) }),
  }),
  /** Declines every open request to you at once. */
  friendDeclineAll: route({
    method: 'POST',
    path: '/api/friends/requests/decline',
    params: none,
    auth: 'required',
    response: z.object({ declined: z.number() }),
  }),
  /**
   * Asks the user of that exact name (case ignored) to be friends; accepts at once when they had asked you. Refused
   * when they take requests only from people they know (`ERR_REQUESTS_CLOSED`) or have FRIEND_REQUESTS_MAX open.
   */
  friendAdd: route({
    method: 'POST',
    path: '/api/friends',
    params: none,
    auth: 'required',
    body: z.strictObject({ name: userName }),
    response: z.object({
      outcome: z.enum(['requested', 'pending', 'accepted', 'friends']),
      friend: z.object({ id: z.string(), name: z.string() }), // id: the friendship's, as in the list
    }),
  }),
  /** Accepts the open request `id` made to you (404 when there is none). */
  friendAccept: route({
    method: 'POST',
    path: '/api/friends/:id/accept',
    params: { id },
    auth: 'required',
    response: ok,
  }),
  /** Ends the friendship `id`, declines or withdraws the request `id` (404 when it is not yours). */
  friendRemove: route({
    method: 'POST',
    path: '/api/friends/:id/remove',
    params: { id },
    auth: 'required',
    response: ok,
  }),
  /**
   * Invites the friend of the friendship `id` into the friends' room you are in (its code); they get a notice while
   * their app is open.
   */
  friendInvite: route({
    method: 'POST',
    path: '/api/friends/:id/invite',
    params: { id },
    auth: 'required',
    body: z.strictObject({ room: z.string().check(z.regex(/^[A-Z0-9]{4,12}$/, 'a room code')) }),
    response: z.object({ invite: z.string(), expiresAt: z.number() }),
  }),
  /** Your invites that have not run out, newest first. */
  invites: route({
    method: 'GET',
    path: '/api/invites',
    params: none,
    auth: 'required',
    response: z.object({ invites: z.array(inviteSchema) }),
  }),
  /** Dismisses an invite of yours (also when taken up). */
  inviteDismiss: route({
    method: 'POST',
    path: '/api/invites/:id/dismiss',
    params: { id },
    auth: 'required',
    response: ok,
  }),
  /** Tournaments to join and recent ones (not private ones); LIMIT_TOURNAMENTS per address. */
  tournaments: route({
    method: 'GET',
    path: '/api/tournaments',
    params: none,
    auth: 'none',
    response: z.object({
      running: z.array(tournamentSummary),
      upcoming: z.array(tournamentSummary),
      finished: z.array(tournamentSummary), // the newest
    }),
  }),
  /** A private tournament, with the host's options: its id is the code of its link. */
  tournamentCreate: route({
    method: 'POST',
    path: '/api/tournaments',
    params: none,
    auth: 'required',
    body: tournamentCreate,
    response: z.object({ id: z.string() }),
  }),
  /** A tournament's page: standings (derived from the stored games) and your state. With an ETag: poll it. */
  tournament: route({
    method: 'GET',
    path: '/api/tournaments/:id',
    params: { id },
    auth: 'optional',
    response: tournamentPage,
  }),
  /** The tournaments you entered, newest first (at most 20), with your rank and points. */
  tournamentHistory: route({
    method: 'GET',
    path: '/api/tournament-history',
    params: none,
    auth: 'required',
    response: z.object({ tournaments: z.array(tournamentEntry) }),
  }),
  /** Enters, or comes back after a pause or a leave (409 ERR_TOURNAMENT_OVER, ERR_TOURNAMENT_FULL). */
  tournamentJoin: route({
    method: 'POST',
    path: '/api/tournaments/:id/join',
    params: { id },
    auth: 'required',
    response: tournamentPage,
  }),
  /** Not seated again until you join again; the game at hand counts (409 ERR_NOT_ENTERED). */
  tournamentPause: route({
    method: 'POST',
    path: '/api/tournaments/:id/pause',
    params: { id },
    auth: 'required',
    response: tournamentPage,
  }),
  /** Leaves: your points stay; joining again brings you back (409 ERR_NOT_ENTERED). */
  tournamentLeave: route({
    method: 'POST',
    path: '/api/tournaments/:id/leave',
    params: { id },
    auth: 'required',
    response: tournamentPage,
  }),
} as const;

export type RouteName = keyof typeof ROUTES;

/** The path of a route with its parameters filled in (each encoded). */
export function pathOf<P extends string>(r: Route<P>, params?: PathParams<P>): string {
  const given: Readonly<Record<string, string>> = params ?? {};
  return r.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(given[name] ?? ''));
}

/**
 * The parameters of a request path if it has the route's shape (`null` otherwise), decoded but not yet checked
 * against the route's parameter schemas.
 */
export function matchPath(r: { readonly path: string }, path: string): Record<string, string> | null {
  const want = r.path.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      if (g === '') return null;
      try {
        out[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return out;
}

/** A response body read with its route's schema: the typed body, or the first way it differs. */
export function parseResponse<T extends Route>(
  r: T,
  body: unknown,
): { ok: true; value: ResponseOf<T> } | { ok: false; error: string } {
  const parsed = z.safeParse<T['response']>(r.response, body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    error: issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'not as declared',
  };
}
