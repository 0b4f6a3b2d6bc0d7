/**
 * `hearts-live/1`: the messages between a live table and its clients. The server is authoritative: a client sends
 * intentions (`move`, `chat`, `kick` …), the server's engine decides, and every client receives only its own seat's
 * view. Game messages carry the table's version `v` (the number of events the table has applied); a client that
 * sees a gap asks for a full snapshot with `sync`.
 *
 * ```ts
 * room.send('move', { id: 'm1', move: { kind: 'play', card: '2C' } } satisfies MoveMessage);
 * room.onMessage('game', (m: GameMessage) => { view = applyGameMessage(view, m) ?? view; });
 * ```
 */
import type { CardName, MoonChoice, NamedMove, Observation, PublicObservation, Rules } from '@hearts/engine';
import type { SeatLook } from './cosmetics.js';

export const LIVE_PROTOCOL = 'hearts-live/1';

/** Bot levels a live table seats (the names of `@hearts/bots`' levels). */
/**
 * Provisional ratings (docs/rating.md): a player with fewer than `games` rated games shows a provisional rating
 * ("1500?"), is not on the leaderboards, and each of those games moves the displayed rating by at most `maxMove`.
 */
export const PROVISIONAL = { games: 10, maxMove: 50 } as const;

export const BOT_LEVELS = ['random', 'easy', 'medium', 'hard', 'expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

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

/** Client → server message types. */
export const CLIENT_MESSAGES = [
  'move',
  'sync',
  'chat',
  'mute',
  'kick',
  'leave',
  'again',
  'options',
  'start',
  'commit',
  'reveal',
  'watchers',
] as const;
export type ClientMessageType = (typeof CLIENT_MESSAGES)[number];

/** A move as the wire carries it: cards by name (the engine's `NamedMove`, read by `parseNamedMove`). */
export type WireMove = NamedMove;

/** `move`: a decision. `id` is the client's own message id: resending the same id never applies a move twice. */
export interface MoveMessage {
  readonly id: string; // 1–64 characters A–Z a–z 0–9 _ -
  readonly move: WireMove;
}

export interface ChatMessage {
  readonly text: string; // 1–200 characters
}
export interface MuteMessage {
  readonly seat: number;
  readonly muted: boolean;
}
export interface KickMessage {
  readonly seat: number;
}
/** `options` (host, before the start of a friends' table): the rules and the level of the bots in empty seats. */
export interface TableOptions {
  readonly rules: Partial<Rules>;
  readonly botLevel: BotLevel;
}

/**
 * `commit` (hearts-shuffle/1, step 1): this seat's commitment for the hand, sent when the server asks (a `shuffle`
 * message of step `commit`). `reveal` (step 3): the seat's seed, sent only after the full commitment list arrived.
 */
export interface CommitMessage {
  readonly handNumber: number;
  readonly commitment: string; // 64 lowercase hex digits
}
export interface RevealMessage {
  readonly handNumber: number;
  readonly seed: string; // 64 lowercase hex digits
}

/**
 * `shuffle`: the fair shuffle of one hand (docs/fair-shuffle.md), server → one seat. `commit`: draw a seed and
 * send its commitment; `commitments`: the full list C and its hash (check your own, then reveal); `transcript`:
 * after the hand, every seed and the deal, to verify.
 */
export type ShuffleMessage =
  | {
      readonly step: 'commit';
      readonly tableId: string;
      readonly handNumber: number;
      readonly seat: number;
      readonly players: number;
    }
  | {
      readonly step: 'commitments';
      readonly handNumber: number;
      readonly commitments: readonly string[];
      readonly commitmentsHash: string;
    }
  | { readonly step: 'transcript'; readonly handNumber: number; readonly transcript: unknown }; // hearts-shuffle/1 JSON

/** How a seat is filled, as every client sees it. */
export interface SeatInfo {
  readonly name: string;
  readonly bot: boolean; // a bot plays this seat
  readonly level: BotLevel | null; // the bot's level
  readonly replaced: boolean; // a bot took the seat over during the game
  readonly kicked?: boolean; // ... because the other players voted its player out (absent: left or stayed away)
  readonly connected: boolean; // humans: has a live connection
  readonly rating: number | null; // rated tables: the rating at the start
  readonly provisional?: boolean; // the rating at the start was provisional (too few rated games): shown as "1500?"
  readonly look?: SeatLook; // humans: the cosmetics they chose (card back, faces, table, frame); absent: defaults
  /**
   * A human away from the table: when (ms since the epoch, on the server's clock) a bot takes the seat unless they
   * come back. A client counts it down against its own clock with the offset the message's `now` gives.
   */
  readonly reconnectBy?: number;
}

/** A seat's clock as every client sees it. */
export interface ClockInfo {
  readonly seat: number;
  readonly bankMs: number; // the time bank left this hand
  readonly graceMs: number; // grace left of the current decision (0 once the bank is running)
  readonly running: boolean; // the seat must act now
}

/** What a live table is: a quick match, a friends' table, or a player's daily game (Tagesspiel) against bots. */
export type TableKind = 'quick' | 'friends' | 'daily' | 'tournament';

/** The table around the game: who sits where, clocks, kicks. */
export interface TableInfo {
  readonly id: string;
  readonly kind: TableKind;
  readonly rated: boolean;
  readonly you: number; // the seat of this client
  readonly seats: readonly SeatInfo[];
  readonly clocks: readonly ClockInfo[]; // one per seat
  readonly kickable: readonly boolean[]; // per seat: its bank ran out, the others may vote to kick it
  readonly kickVotes: readonly number[]; // per seat: votes to kick it so far
  readonly now: number; // the server's clock when this was sent (ms since the epoch): see SeatInfo.reconnectBy
  readonly graceMs: number; // configured grace per decision
  readonly bankMs: number; // configured time bank per hand
  readonly reconnectMs?: number; // live tables: how long a dropped player keeps the seat (the server's RECONNECT_MS)
}

/** What happened, in public terms (never a card that the receiving seat may not know). */
export type TableEvent =
  | { readonly type: 'deal'; readonly handNumber: number }
  | { readonly type: 'pass'; readonly seat: number }
  | { readonly type: 'play'; readonly seat: number; readonly card: CardName }
  | { readonly type: 'moon'; readonly seat: number; readonly choice: MoonChoice }
  | {
      readonly type: 'takeover';
      readonly seat: number;
      readonly level: BotLevel;
      readonly reason: TakeoverReason;
    }
  | { readonly type: 'join' }; // a snapshot sent on join or on request

export type TakeoverReason = 'left' | 'kicked' | 'disconnected';

/** A full snapshot: the table and this seat's observation. */
export interface SnapshotMessage {
  readonly v: number;
  readonly kind: 'snapshot';
  readonly event: TableEvent;
  readonly table: TableInfo;
  readonly view: Observation;
  readonly ack?: string; // the id of this client's move that this event applied
}

/** A card played that did not end the hand: enough for the client to update its view itself. */
export interface PlayMessage {
  readonly v: number;
  readonly kind: 'play';
  readonly seat: number;
  readonly card: CardName;
  readonly winner: number | null; // the trick's winner, when this card completed it
  readonly turn: number | null;
  readonly legal: readonly CardName[]; // what the receiving seat may play now
  readonly heartsBroken: boolean;
  readonly handPoints: readonly number[];
  readonly bank: number; // the time bank the player of the card has left
  readonly ack?: string;
}

/** A seat chose its pass, and not everyone has yet: who passed, and to the passer the cards it chose. */
export interface PassedMessage {
  readonly v: number;
  readonly kind: 'passed';
  readonly seat: number;
  readonly passed: readonly CardName[] | null; // only in the passer's own message
  readonly bank: number; // the passer's time bank left
  readonly ack?: string;
}

/** `game`: one message per table event to every seated client, in version order. */
export type GameMessage = SnapshotMessage | PlayMessage | PassedMessage;

/**
 * Watching a table: a client that joins a room with {@link WatchJoinOptions} gets no seat and only what is public.
 * Its `watch` messages are full snapshots of the public view (`publicObservation` of the engine: the cards played,
 * the tricks, the scores; never a hand), one per table event; `clock`, `seats` and `result` as the players get
 * them; the watchers' own chat (`wchat`), which the players do not see; and `watchers`. A watcher's `chat` goes to
 * the watchers only.
 */
export interface WatchJoinOptions {
  readonly watch: true;
}

/** The table as a watcher sees it: {@link TableInfo} without a seat of its own. */
export type WatchTableInfo = Omit<TableInfo, 'you'>;

/** `watch`: the public picture of the table after an event (or on joining, or on `sync`). */
export interface WatchMessage {
  readonly v: number;
  readonly kind: 'snapshot';
  readonly event: TableEvent;
  readonly table: WatchTableInfo;
  readonly view: PublicObservation;
}

/** `wchat`: a line of the watchers' chat (players do not get these). */
export interface WatcherChatLine {
  readonly name: string;
  readonly text: string;
  readonly at: number; // ms since the epoch
}

/**
 * `watchers` (server → everyone at the table): whether the table is open to watchers and how many watch now; each
 * player is told whether they are the host (who may open or close it), also after a reload at the table.
 * `watchers` (client → server, the host of a friends' room only): open or close the table to watchers; closing
 * sends the watchers away (close {@link CLOSE_CODES}.watchClosed).
 */
export interface WatchersMessage {
  readonly open: boolean;
  readonly count: number;
  readonly host?: boolean; // to a player: they host this friends' table (watchers are not told)
}
export interface WatchersChoice {
  readonly open: boolean;
}

/** `clock`: a seat's grace ran out and its bank is running (or stopped). */
export interface ClockMessage {
  readonly clock: ClockInfo;
  readonly kickable: readonly boolean[];
}

/** `seats`: presence and kick votes changed (not a game event: no version). */
export interface SeatsMessage {
  readonly seats: readonly SeatInfo[];
  readonly kickable: readonly boolean[];
  readonly kickVotes: readonly number[];
  readonly now: number; // the server's clock when sent (ms since the epoch): see SeatInfo.reconnectBy
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

/** `error`: a refused message. Never carries a card that the receiving seat does not know. */
export interface ErrorMessage {
  readonly code: ErrorCode;
  readonly message: string;
  readonly id?: string; // the move id it answers
  readonly rule?: string; // the engine's ERR_… code for ERR_ILLEGAL
  readonly v?: number; // ERR_DUPLICATE: the version that applied the move
}

export interface ChatLine {
  readonly seat: number;
  readonly name: string;
  readonly text: string;
  readonly at: number; // ms since the epoch
}

/** A rated seat's rating before and after the game. */
export interface RatingChange {
  readonly before: number;
  readonly after: number;
  readonly provisional?: boolean; // after this game the player still has too few rated games: shown as "1550?"
}

/** `result`: the game is over. */
export interface ResultMessage {
  readonly scores: readonly number[];
  readonly ranks: readonly number[]; // 1 = won (ties share a rank)
  readonly ratings: readonly (RatingChange | null)[]; // rated seats
  readonly recordId: string; // download: GET /api/games/<recordId>/record
  readonly chips?: readonly number[]; // chips each seat won (0 for most)
}

/**
 * `again` (client → server, at a finished table): play again. At a quick table a new table opens once everyone still
 * there asked (`again`, server → clients: the seats that asked; then `next`: the new table). At a friends' table it
 * leads back to the friends' room under its code, with the same options: a `lobby` message when the room is this one
 * (a client clears its table on it), else `next` with the room's code. A game started from that room is sent `next`.
 */
export interface AgainMessage {
  readonly seats: readonly number[];
}
export interface NextMessage {
  readonly roomId: string;
}

/** A member of a friends' room before the game starts. */
export interface LobbyMember {
  readonly name: string;
  readonly host: boolean;
  readonly you: boolean;
  readonly connected: boolean;
}

/** `lobby`: a friends' room before its game starts. */
export interface LobbyMessage {
  readonly code: string; // the room's code (also its room id)
  readonly members: readonly LobbyMember[];
  readonly options: TableOptions;
  readonly players: number; // seats at the table
  readonly reconnectMs: number; // how long a dropped member keeps their place (the server's RECONNECT_MS)
}

/** Quick match: what to ask for, and the answer. */
export interface QuickMatchOptions {
  readonly rated: boolean;
  readonly targetScore: 50 | 100;
}
export interface QueueMessage {
  readonly waitingMs: number;
  readonly waiting: number; // players waiting in the same queue
  readonly botsAfterMs: number; // bots fill the table after this long
}
export interface MatchedMessage {
  readonly roomId: string;
}

/**
 * A renewed token, sent after joining with an old one (a table, a friends' room, quick match): the client keeps
 * it instead of the old one, which stops working once its lifetime is over.
 */
export interface TokenMessage {
  readonly token: string;
}

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
 * Error codes of joining or opening a room (Colyseus' matchmaking codes and ours). `noSuchRoom` and `authFailed`
 * are final; a client tries again on the others while its seat waits (`refused`, `restarting`, and any code it
 * does not know).
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
} as const;
