/** The pieces the socket's messages are made of: cards, seats, moves, levels. */
import * as z from 'zod/mini';
import { isCardName, type CardName, type NamedMove } from '@hearts/engine';
import { BOT_LEVELS, LIMITS } from './constants.js';

export const card = z.custom<CardName>((v) => typeof v === 'string' && isCardName(v), 'not a card');
export const cards = z.readonly(z.array(card));
export const seat = z.int().check(z.minimum(0), z.maximum(5));
export const count = z.int().check(z.minimum(0));
/** Milliseconds since the epoch, or a duration in milliseconds. */
export const ms = z.number();
export const hex64 = z.string().check(z.regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits'));
export const handNumber = z.int().check(z.minimum(0), z.maximum(1_000_000));
export const botLevel = z.enum(BOT_LEVELS);
/** A message without a body: `{}`, or nothing. */
export const empty = z.union([z.strictObject({}), z.undefined(), z.null()]);
/** The client's id of a move (resending it never applies the move twice). */
export const moveId = z.string().check(z.regex(new RegExp(`^[A-Za-z0-9_-]{1,${LIMITS.idChars}}$`)));

/** A move as the wire carries it: cards by name (the engine's `NamedMove`, read by `parseNamedMove`). */
export type WireMove = NamedMove;
export const wireMove: z.ZodMiniType<WireMove> = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('pass'), cards: z.array(card).check(z.maxLength(13)) }),
  z.strictObject({ kind: z.literal('play'), card }),
  z.strictObject({ kind: z.literal('moon'), choice: z.enum(['minus', 'plus']) }),
]);

/** A list the receiver only reads. */
export const list = <T extends z.ZodMiniType>(item: T) => z.readonly(z.array(item));
