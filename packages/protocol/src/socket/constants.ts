/**
 * The live table's constants and the helpers the wire needs, apart from the schemas: no zod here, so that a page
 * that needs a limit or a close code loads these few bytes and not the schemas (`sideEffects: false` lets the
 * bundler leave the schema modules out).
 */

/** The version of the live table's messages; a client sends it on every join (`JoinOptions.protocol`). */
export const LIVE_PROTOCOL = 'hearts-live/1';

/** Bot levels a live table seats (the names of `@hearts/bots`' levels). */
export const BOT_LEVELS = ['random', 'easy', 'medium', 'hard', 'expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/**
 * Provisional ratings (docs/rating.md): a player with fewer than `games` rated games shows a provisional rating
 * ("1500?"), is not on the leaderboards, and each of those games moves the displayed rating by at most `maxMove`.
 */
export const PROVISIONAL = { games: 10, maxMove: 50 } as const;

/** A player's name in a finished live or daily game's record: a bot carries its level, and says if it took over. */
export interface RecordName {
  readonly name: string; // the seat's name ("Bot 1", or the person's whose seat a bot took over)
  readonly bot: BotLevel | null; // the level of the bot that played the seat (to the end), or null for a person
  readonly tookOver: boolean; // the bot took the seat over from the person named
}

/** The record's name of a seat: "Anna", "Bot 1 (bot expert)", "Anna (bot medium took over)". */
export function makeRecordName(n: RecordName): string {
  if (n.bot === null) return n.name;
  return n.tookOver ? `${n.name} (bot ${n.bot} took over)` : `${n.name} (bot ${n.bot})`;
}

/** Reads a name written by {@link makeRecordName}; any other name is a person's. */
export function parseRecordName(s: string): RecordName {
  const m = /^(.*) \(bot ([a-z]+)( took over)?\)$/.exec(s);
  if (!m || !(BOT_LEVELS as readonly string[]).includes(m[2]!))
    return { name: s, bot: null, tookOver: false };
  return { name: m[1]!, bot: m[2] as BotLevel, tookOver: m[3] !== undefined };
}

/** Error codes of `error` replies. */
export const ERROR_CODES = [
  'ERR_MALFORMED', // not a message of this protocol (shape, types)
  'ERR_TOO_LARGE', // message over the size limit
  'ERR_UNKNOWN_TYPE',
  'ERR_RATE_LIMIT',
  'ERR_NOT_SEATED', // the connection has no seat at this table
  'ERR_ILLEGAL', // the engine refused the move (reason in `rule`)
  'ERR_DUPLICATE', // a move id already applied (a resend or a replay): not applied again; `v` says when it was
  'ERR_NOT_NOW', // the table does not expect this message now
  'ERR_NOT_HOST',
  'ERR_BAD_OPTIONS',
  'ERR_NOT_KICKABLE',
  'ERR_STORAGE', // the move could not be stored; it was not applied
  'ERR_DRAINING', // the server is shutting down; no new tables
  'ERR_SHUFFLE', // a fair-shuffle step refused: not asked now, another hand, or a seed that does not open the commitment
  'ERR_CHAT_RATE', // a chat line over LIMIT_CHAT (per address and per user): not said; try again shortly
  'ERR_CHAT_FULL', // a chat line over what a table keeps (CHAT_KEPT): not said
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Limits every client message is held to. */
export const LIMITS = {
  messageBytes: 2048, // larger messages get ERR_TOO_LARGE
  chatChars: 200,
  idChars: 64,
  nameChars: 24,
} as const;

/**
 * Chat lines one table keeps at most (issue #42): each person's (a player's or a watcher's), and its watchers' all
 * together. A line past either is refused to its writer (`ERR_CHAT_FULL`) and said to nobody: what a table read is
 * what the server keeps for moderators.
 */
export const CHAT_KEPT = { perPerson: 200, watchers: 1000 } as const;

/** Guest and account names: 2–24 letters, digits, spaces, `_ - .`, starting with a letter or digit. */
export const NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} _.-]{1,23}$/u;

/**
 * How long a server keeps a dropped player's seat (or place in a friends' room) unless configured otherwise
 * (RECONNECT_MS). A server tells its own on every join (`TableInfo.reconnectMs`, `LobbyMessage.reconnectMs`); a
 * client that has not joined yet counts with this one.
 */
export const DEFAULT_RECONNECT_MS = 60_000;

/** Close codes the server uses; any other close (a dropped network, a restarting server) means "reconnect". */
export const CLOSE_CODES = {
  consented: 4000, // Colyseus: the client left
  kicked: 4101, // the other players voted this seat out
  replaced: 4102, // the same player connected from another device
  rateLimited: 4103, // too many messages
  seatLost: 4104, // the seat went to a bot (left, or the reconnection window ran out)
  watchClosed: 4105, // watching: the host closed the table to watchers
  serviceRestart: 1012, // the server is draining; come back soon
} as const;

/**
 * Error codes of joining or opening a room (Colyseus' matchmaking codes and ours). `noSuchRoom`, `authFailed` and
 * `protocol` are final; a client tries again on the others while its seat waits (`refused`, `restarting`, and any
 * code it does not know).
 */
export const JOIN_ERRORS = {
  noSuchRoom: 4212, // no such room, or none with a place for you (not your table, a full lobby): one answer
  internal: 4213, // not for clients: tables are opened by the server
  authFailed: 4215, // the token is missing or not valid
  refused: 4216, // the room cannot take you just now (closing, its process not answering): try again
  tableTaken: 4217, // between processes: another one runs the table
  restarting: 4218, // the server is shutting down: try again (it, or another process, answers soon)
  rateLimited: 4219, // too many rooms or joins from this address: try again after the HTTP Retry-After
  tooLarge: 4220, // the matchmaking request's body is over the limit
  coolDown: 4221, // quick match: rated games left early too often; GET /api/cooldown tells until when
  protocol: 4222, // the client speaks another version of the protocol (or none): a page out of date, reload it
} as const;
