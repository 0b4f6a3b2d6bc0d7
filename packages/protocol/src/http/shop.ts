/** Chips (won, paid for a solo win, spent) and the shop of cosmetics. */
import * as z from 'zod/mini';
import { COSMETIC_SLOTS } from '../cosmetics.js';
import { look, none, route } from './atoms.js';

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

const item = z.strictObject({ item: z.string().check(z.minLength(1), z.maxLength(40)) });

/** Chips and the shop. */
export const SHOP_ROUTES = {
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
} as const;
