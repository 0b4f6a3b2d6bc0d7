/**
 * The shape of every client message, checked before anything else looks at it. Unknown keys, wrong types, cards
 * that are not cards, over-long strings: all refused as `ERR_MALFORMED`.
 */
import { z } from 'zod';
import { isCardName, parseRules, type CardName, type Rules } from '@hearts/engine';
import {
  BOT_LEVELS,
  LIMITS,
  type BotLevel,
  type ClientMessageType,
  type WireMove,
} from '@hearts/table/protocol';

const card = z.string().refine(isCardName, 'not a card') as unknown as z.ZodType<CardName>;
const seat = z.number().int().min(0).max(5);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits');
const empty = z.union([z.strictObject({}), z.undefined(), z.null()]);

const wireMove = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('pass'), cards: z.array(card).max(13) }),
  z.strictObject({ kind: z.literal('play'), card }),
  z.strictObject({ kind: z.literal('moon'), choice: z.enum(['minus', 'plus']) }),
]);

export const SCHEMAS = {
  move: z.strictObject({
    id: z.string().regex(new RegExp(`^[A-Za-z0-9_-]{1,${LIMITS.idChars}}$`)),
    move: wireMove,
  }),
  sync: empty,
  chat: z.strictObject({ text: z.string().trim().min(1).max(LIMITS.chatChars) }),
  mute: z.strictObject({ seat, muted: z.boolean() }),
  kick: z.strictObject({ seat }),
  leave: empty,
  again: empty,
  options: z.strictObject({
    rules: z.record(z.string().max(40), z.unknown()),
    botLevel: z.enum(BOT_LEVELS),
  }),
  start: empty,
  commit: z.strictObject({ handNumber: z.number().int().min(0).max(1_000_000), commitment: hex64 }),
  reveal: z.strictObject({ handNumber: z.number().int().min(0).max(1_000_000), seed: hex64 }),
  watchers: z.strictObject({ open: z.boolean() }),
} as const satisfies Record<ClientMessageType, z.ZodType>;

export type Parsed<T extends ClientMessageType> = z.infer<(typeof SCHEMAS)[T]>;

/** The message, checked, or a short reason. */
export function parseMessage<T extends ClientMessageType>(
  type: T,
  message: unknown,
): { ok: true; value: Parsed<T> } | { ok: false; reason: string } {
  const r = SCHEMAS[type].safeParse(message);
  if (r.success) return { ok: true, value: r.data as Parsed<T> };
  const issue = r.error.issues[0];
  return {
    ok: false,
    reason: issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'malformed',
  };
}

export const isWireMove = (m: unknown): m is WireMove => wireMove.safeParse(m).success;

/** Table options a host may choose; the rules are the engine's to check. */
export function parseTableOptions(
  rules: Record<string, unknown>,
  botLevel: BotLevel,
): { ok: true; rules: Rules; botLevel: BotLevel } | { ok: false; reason: string } {
  const r = parseRules(rules);
  if (!r.ok) return { ok: false, reason: r.error.message };
  return { ok: true, rules: r.value, botLevel };
}
