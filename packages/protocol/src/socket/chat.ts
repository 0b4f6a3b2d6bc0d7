/** A table's chat: the players' lines, the watchers' own, and muting a seat. */
import * as z from 'zod/mini';
import { LIMITS } from './constants.js';
import { ms, seat } from './wire.js';

/** `chat` (client → server): a line, 1–200 characters after trimming. A watcher's goes to the watchers only. */
export const chatMessageSchema = z.strictObject({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.chatChars)),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** `mute` (client → server): hide (or show again) a seat's lines for this client. */
export const muteMessageSchema = z.strictObject({ seat, muted: z.boolean() });
export type MuteMessage = z.infer<typeof muteMessageSchema>;

/** `chat` (server → players): a player's line. */
export const chatLineSchema = z.readonly(
  z.strictObject({
    seat,
    name: z.string(),
    text: z.string(),
    at: ms, // ms since the epoch
  }),
);
export type ChatLine = z.infer<typeof chatLineSchema>;

/** `wchat`: a line of the watchers' chat (players do not get these). */
export const watcherChatLineSchema = z.readonly(
  z.strictObject({
    name: z.string(),
    text: z.string(),
    at: ms, // ms since the epoch
  }),
);
export type WatcherChatLine = z.infer<typeof watcherChatLineSchema>;
