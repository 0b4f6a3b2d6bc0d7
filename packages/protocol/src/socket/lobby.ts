/** Before a game: a friends' room (its members and options) and the quick-match queue. */
import * as z from 'zod/mini';
import type { Rules } from '@hearts/engine';
import { botLevel, count, ms } from './wire.js';

/**
 * `options` (client → server, the host before the start of a friends' table): the rules and the level of the bots
 * in empty seats. The rules are the engine's to check (`parseRules`); here only their shape.
 */
export const optionsMessageSchema = z.strictObject({
  rules: z.record(z.string().check(z.maxLength(40)), z.unknown()),
  botLevel,
});
export type OptionsMessage = z.infer<typeof optionsMessageSchema>;
// `start` (client → server, the host): start the game now, bots in the empty seats. No body.

/** A friends' table's options as the room tells them: the rules chosen and the bots' level. */
export const tableOptionsSchema = z.readonly(z.strictObject({ rules: z.custom<Partial<Rules>>(), botLevel }));
export type TableOptions = z.infer<typeof tableOptionsSchema>;

/** A member of a friends' room before the game starts. */
export const lobbyMemberSchema = z.readonly(
  z.strictObject({
    name: z.string(),
    host: z.boolean(),
    you: z.boolean(),
    connected: z.boolean(),
  }),
);
export type LobbyMember = z.infer<typeof lobbyMemberSchema>;

/** `lobby`: a friends' room before its game starts. */
export const lobbyMessageSchema = z.readonly(
  z.strictObject({
    code: z.string(), // the room's code (also its room id)
    members: z.readonly(z.array(lobbyMemberSchema)),
    options: tableOptionsSchema,
    players: count, // seats at the table
    reconnectMs: ms, // how long a dropped member keeps their place (the server's RECONNECT_MS)
  }),
);
export type LobbyMessage = z.infer<typeof lobbyMessageSchema>;

/** Quick match: what to ask for (the join options of the `quick` room, with `protocol`), and the answers. */
export const quickMatchOptionsSchema = z.object({
  rated: z.boolean(),
  targetScore: z.union([z.literal(50), z.literal(100)]),
});
export type QuickMatchOptions = z.infer<typeof quickMatchOptionsSchema>;

/** `queue`: how the wait goes. */
export const queueMessageSchema = z.readonly(
  z.strictObject({
    waitingMs: ms,
    waiting: count, // players waiting in the same queue
    botsAfterMs: ms, // bots fill the table after this long
  }),
);
export type QueueMessage = z.infer<typeof queueMessageSchema>;

/** `matched`: the table to join. */
export const matchedMessageSchema = z.readonly(z.strictObject({ roomId: z.string() }));
export type MatchedMessage = z.infer<typeof matchedMessageSchema>;
