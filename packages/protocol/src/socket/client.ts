/**
 * Every client → server message by type: the schema the server holds it to before anything else looks at it.
 * Unknown keys, wrong types, cards that are not cards, over-long strings: all refused as `ERR_MALFORMED`.
 */
import type * as z from 'zod/mini';
import { chatMessageSchema, muteMessageSchema } from './chat.js';
import { kickMessageSchema, moveMessageSchema, syncMessageSchema, watchersChoiceSchema } from './game.js';
import { optionsMessageSchema } from './lobby.js';
import { commitMessageSchema, revealMessageSchema } from './shuffle.js';
import { empty } from './wire.js';

export const CLIENT_SCHEMAS = {
  move: moveMessageSchema,
  sync: syncMessageSchema,
  chat: chatMessageSchema,
  mute: muteMessageSchema,
  kick: kickMessageSchema,
  leave: empty,
  again: empty,
  options: optionsMessageSchema,
  start: empty,
  commit: commitMessageSchema,
  reveal: revealMessageSchema,
  watchers: watchersChoiceSchema,
} as const;

/** Client → server message types. */
export type ClientMessageType = keyof typeof CLIENT_SCHEMAS;
export const CLIENT_MESSAGES = Object.keys(CLIENT_SCHEMAS) as readonly ClientMessageType[];

/** A client message of type `T` as its schema reads it. */
export type ClientMessage<T extends ClientMessageType> = z.infer<(typeof CLIENT_SCHEMAS)[T]>;

/** The message, checked, or a short reason ("move.card: not a card"). */
export function parseClientMessage<T extends ClientMessageType>(
  type: T,
  message: unknown,
): { ok: true; value: ClientMessage<T> } | { ok: false; reason: string } {
  const r = CLIENT_SCHEMAS[type].safeParse(message);
  if (r.success) return { ok: true, value: r.data as ClientMessage<T> };
  const issue = r.error.issues[0];
  return {
    ok: false,
    reason: issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'malformed',
  };
}
