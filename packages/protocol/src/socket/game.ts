/**
 * The game at a live table: who sits where, the clocks, the game's messages (one per table event, in version
 * order), watching, the result and playing again. Server → client schemas carry the types the clients read; they
 * are strict like the client's, and the table's driver tests hold every message it sends to them. The seat's view
 * is the engine's own `Observation` (a type the engine makes, not checked again here).
 */
import * as z from 'zod/mini';
import type { Observation, PublicObservation } from '@hearts/engine';
import type { SeatLook } from '../cosmetics.js';
import { ERROR_CODES } from './constants.js';
import { botLevel, card, cards, count, empty, list, moveId, ms, seat, wireMove } from './wire.js';

/** `move`: a decision. `id` is the client's own message id: resending the same id never applies a move twice. */
export const moveMessageSchema = z.strictObject({ id: moveId, move: wireMove });
export type MoveMessage = z.infer<typeof moveMessageSchema>;
/** `kick` (a vote to kick the seat whose bank ran out). */
export const kickMessageSchema = z.strictObject({ seat });
export type KickMessage = z.infer<typeof kickMessageSchema>;
/** `sync` (a full snapshot, please), `leave`, `again` (see {@link AgainMessage}): no body. */
export const syncMessageSchema = empty;

export const TAKEOVER_REASONS = ['left', 'kicked', 'disconnected'] as const;
export type TakeoverReason = (typeof TAKEOVER_REASONS)[number];

/** How a seat is filled, as every client sees it. */
export const seatInfoSchema = z.readonly(
  z.strictObject({
    name: z.string(),
    bot: z.boolean(), // a bot plays this seat
    level: z.nullable(botLevel), // the bot's level
    replaced: z.boolean(), // a bot took the seat over during the game
    kicked: z.optional(z.boolean()), // ... because the other players voted its player out (absent: left or stayed away)
    connected: z.boolean(), // humans: has a live connection
    rating: z.nullable(z.number()), // rated tables: the rating at the start
    provisional: z.optional(z.boolean()), // the rating at the start was provisional (too few rated games): "1500?"
    look: z.optional(z.custom<SeatLook>()), // humans: the cosmetics they chose (card back, faces, table, frame)
    /**
     * A human away from the table: when (ms since the epoch, on the server's clock) a bot takes the seat unless
     * they come back. A client counts it down against its own clock with the offset the message's `now` gives.
     */
    reconnectBy: z.optional(ms),
  }),
);
export type SeatInfo = z.infer<typeof seatInfoSchema>;

/** A seat's clock as every client sees it. */
export const clockInfoSchema = z.readonly(
  z.strictObject({
    seat,
    bankMs: ms, // the time bank left this hand
    graceMs: ms, // grace left of the current decision (0 once the bank is running)
    running: z.boolean(), // the seat must act now
  }),
);
export type ClockInfo = z.infer<typeof clockInfoSchema>;

/** What a live table is: a quick match, a friends' table, a player's daily game (Tagesspiel) against bots, a tournament's. */
export const TABLE_KINDS = ['quick', 'friends', 'daily', 'tournament'] as const;
export type TableKind = (typeof TABLE_KINDS)[number];

const tableInfoObject = z.strictObject({
  id: z.string(),
  kind: z.enum(TABLE_KINDS),
  rated: z.boolean(),
  you: seat, // the seat of this client
  seats: list(seatInfoSchema),
  clocks: list(clockInfoSchema), // one per seat
  kickable: list(z.boolean()), // per seat: its bank ran out, the others may vote to kick it
  kickVotes: list(count), // per seat: votes to kick it so far
  now: ms, // the server's clock when this was sent (ms since the epoch): see SeatInfo.reconnectBy
  graceMs: ms, // configured grace per decision
  bankMs: ms, // configured time bank per hand
  reconnectMs: z.optional(ms), // live tables: how long a dropped player keeps the seat (the server's RECONNECT_MS)
});
/** The table around the game: who sits where, clocks, kicks. */
export const tableInfoSchema = z.readonly(tableInfoObject);
export type TableInfo = z.infer<typeof tableInfoSchema>;

/** What happened, in public terms (never a card that the receiving seat may not know). */
export const tableEventSchema = z.readonly(
  z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('deal'), handNumber: count }),
    z.strictObject({ type: z.literal('pass'), seat }),
    z.strictObject({ type: z.literal('play'), seat, card }),
    z.strictObject({ type: z.literal('moon'), seat, choice: z.enum(['minus', 'plus']) }),
    z.strictObject({ type: z.literal('takeover'), seat, level: botLevel, reason: z.enum(TAKEOVER_REASONS) }),
    z.strictObject({ type: z.literal('join') }), // a snapshot sent on join or on request
  ]),
);
export type TableEvent = z.infer<typeof tableEventSchema>;

/** A full snapshot: the table and this seat's observation. */
export const snapshotMessageSchema = z.readonly(
  z.strictObject({
    v: count,
    kind: z.literal('snapshot'),
    event: tableEventSchema,
    table: tableInfoSchema,
    view: z.custom<Observation>(),
    ack: z.optional(moveId), // the id of this client's move that this event applied
  }),
);
export type SnapshotMessage = z.infer<typeof snapshotMessageSchema>;

/** A card played that did not end the hand: enough for the client to update its view itself. */
export const playMessageSchema = z.readonly(
  z.strictObject({
    v: count,
    kind: z.literal('play'),
    seat,
    card,
    winner: z.nullable(seat), // the trick's winner, when this card completed it
    turn: z.nullable(seat),
    legal: cards, // what the receiving seat may play now
    heartsBroken: z.boolean(),
    handPoints: list(z.number()),
    bank: ms, // the time bank the player of the card has left
    ack: z.optional(moveId),
  }),
);
export type PlayMessage = z.infer<typeof playMessageSchema>;

/** A seat chose its pass, and not everyone has yet: who passed, and to the passer the cards it chose. */
export const passedMessageSchema = z.readonly(
  z.strictObject({
    v: count,
    kind: z.literal('passed'),
    seat,
    passed: z.nullable(cards), // only in the passer's own message
    bank: ms, // the passer's time bank left
    ack: z.optional(moveId),
  }),
);
export type PassedMessage = z.infer<typeof passedMessageSchema>;

/** `game`: one message per table event to every seated client, in version order. */
export const gameMessageSchema = z.discriminatedUnion('kind', [
  snapshotMessageSchema,
  playMessageSchema,
  passedMessageSchema,
]);
export type GameMessage = z.infer<typeof gameMessageSchema>;

/** The table as a watcher sees it: {@link TableInfo} without a seat of its own. */
export const watchTableInfoSchema = z.readonly(z.omit(tableInfoObject, { you: true }));
export type WatchTableInfo = z.infer<typeof watchTableInfoSchema>;

/** `watch`: the public picture of the table after an event (or on joining, or on `sync`). */
export const watchMessageSchema = z.readonly(
  z.strictObject({
    v: count,
    kind: z.literal('snapshot'),
    event: tableEventSchema,
    table: watchTableInfoSchema,
    view: z.custom<PublicObservation>(),
  }),
);
export type WatchMessage = z.infer<typeof watchMessageSchema>;

/** `clock`: a seat's grace ran out and its bank is running (or stopped). */
export const clockMessageSchema = z.readonly(
  z.strictObject({ clock: clockInfoSchema, kickable: list(z.boolean()) }),
);
export type ClockMessage = z.infer<typeof clockMessageSchema>;

/** `seats`: presence and kick votes changed (not a game event: no version). */
export const seatsMessageSchema = z.readonly(
  z.strictObject({
    seats: list(seatInfoSchema),
    kickable: list(z.boolean()),
    kickVotes: list(count),
    now: ms, // the server's clock when sent (ms since the epoch): see SeatInfo.reconnectBy
  }),
);
export type SeatsMessage = z.infer<typeof seatsMessageSchema>;

/** `error`: a refused message. Never carries a card that the receiving seat does not know. */
export const errorMessageSchema = z.readonly(
  z.strictObject({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    id: z.optional(z.string()), // the move id it answers
    rule: z.optional(z.string()), // the engine's ERR_… code for ERR_ILLEGAL
    v: z.optional(count), // ERR_DUPLICATE: the version that applied the move
  }),
);
export type ErrorMessage = z.infer<typeof errorMessageSchema>;

/** A rated seat's rating before and after the game. */
export const ratingChangeSchema = z.readonly(
  z.strictObject({
    before: z.number(),
    after: z.number(),
    provisional: z.optional(z.boolean()), // after this game the player still has too few rated games: "1550?"
  }),
);
export type RatingChange = z.infer<typeof ratingChangeSchema>;

/** `result`: the game is over. */
export const resultMessageSchema = z.readonly(
  z.strictObject({
    scores: list(z.number()),
    ranks: list(z.int()), // 1 = won (ties share a rank)
    ratings: list(z.nullable(ratingChangeSchema)), // rated seats
    recordId: z.string(), // download: GET /api/games/<recordId>/record
    chips: z.optional(list(z.number())), // chips each seat won (0 for most)
  }),
);
export type ResultMessage = z.infer<typeof resultMessageSchema>;

/**
 * `again` (client → server, at a finished table): play again. At a quick table a new table opens once everyone still
 * there asked (`again`, server → clients: the seats that asked; then `next`: the new table). At a friends' table it
 * leads back to the friends' room under its code, with the same options: a `lobby` message when the room is this one
 * (a client clears its table on it), else `next` with the room's code. A game started from that room is sent `next`.
 */
export const againMessageSchema = z.readonly(z.strictObject({ seats: list(seat) }));
export type AgainMessage = z.infer<typeof againMessageSchema>;
export const nextMessageSchema = z.readonly(z.strictObject({ roomId: z.string() }));
export type NextMessage = z.infer<typeof nextMessageSchema>;

/**
 * A renewed token, sent after joining with an old one (a table, a friends' room, quick match): the client keeps
 * it instead of the old one, which stops working once its lifetime is over.
 */
export const tokenMessageSchema = z.readonly(z.strictObject({ token: z.string() }));
export type TokenMessage = z.infer<typeof tokenMessageSchema>;

/**
 * `watchers` (server → everyone at the table): whether the table is open to watchers and how many watch now; each
 * player is told whether they are the host (who may open or close it), also after a reload at the table.
 * `watchers` (client → server, the host of a friends' room only): open or close the table to watchers; closing
 * sends the watchers away (close `CLOSE_CODES.watchClosed`).
 */
export const watchersMessageSchema = z.readonly(
  z.strictObject({
    open: z.boolean(),
    count,
    host: z.optional(z.boolean()), // to a player: they host this friends' table (watchers are not told)
  }),
);
export type WatchersMessage = z.infer<typeof watchersMessageSchema>;
export const watchersChoiceSchema = z.strictObject({ open: z.boolean() });
export type WatchersChoice = z.infer<typeof watchersChoiceSchema>;
