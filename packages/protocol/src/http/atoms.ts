/**
 * The small schemas several domains' routes share (ids, bot levels, records, card names …) and `route`, which
 * declares a route keeping its literal types. Not in ./index.ts: the domains' modules (and the puzzle library's
 * check, `@hearts/practice/puzzles`) import them from here.
 */
import * as z from 'zod/mini';
import type { CardName, GameRecord } from '@hearts/engine';
import type { Transcript } from '@hearts/shuffle';
import type { SeatLook } from '../cosmetics.js';
import type { ParamNames, ParamSchema, Route } from './route.js';

export { botLevel as level, seat } from '../socket/wire.js';

export const id = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ and -, at most 40'));

/** A `hearts-record/1` record; its moves are checked by the engine's `replayRecord` where it matters. */
export const record = z.custom<GameRecord>(
  (x) =>
    typeof x === 'object' &&
    x !== null &&
    (x as { format?: unknown }).format === 'hearts-record/1' &&
    Array.isArray((x as { hands?: unknown }).hands),
  'not a hearts-record/1 record',
);
/** A `hearts-shuffle/1` transcript; `hearts verify` and the shield check it fully. */
export const transcript = z.custom<Transcript>(
  (x) =>
    typeof x === 'object' && x !== null && typeof (x as { handNumber?: unknown }).handNumber === 'number',
  'not a hearts-shuffle/1 transcript',
);
export const look = z.object({
  back: z.string(),
  face: z.string(),
  table: z.string(),
  frame: z.string(),
}) satisfies z.ZodMiniType<SeatLook>;

export const userName = z.string().check(z.minLength(1), z.maxLength(64));
export const ok = z.object({ ok: z.literal(true) });

const CARD = /^[2-9TJQKA][CDHS]$/;
/** A card's name (`'QS'`). */
export const card = z.custom<CardName>((x) => typeof x === 'string' && CARD.test(x), 'not a card name');
export const cards = z.array(card).check(z.maxLength(20));

/** A declaration, its literal types kept (method, path, auth, which of query and body it has). */
export const route = <const T extends Route>(
  r: T & { readonly params: { readonly [K in ParamNames<T['path']>]: ParamSchema } },
): T => r;

export const none = {} as const;
/** A seat's expected points for a hand, as an evaluation gives them. */
export const points = z.number().check(z.gte(-1000), z.lte(1000));
