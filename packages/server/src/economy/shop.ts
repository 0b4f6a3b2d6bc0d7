/**
 * The shop: cosmetics (`@hearts/table/cosmetics`) bought with chips, and the look each player chose. A purchase is
 * one transaction: the wallet is charged only if it covers the price, a ledger row `buy:<user>:<item>` records it
 * (so an item is bought at most once) and the item becomes the player's.
 *
 * ```ts
 * await buy(db, user, 'back-lattice'); // throws ShopRefusal('ERR_NOT_ENOUGH_CHIPS') when the balance is short
 * await equip(db, user, 'back-lattice');
 * await lookOfUser(db, user); // { back: 'back-lattice', face: 'face-standard', … }
 * ```
 */
import type { Kysely } from 'kysely';
import {
  COSMETICS,
  DEFAULT_LOOK,
  cosmetic,
  lookOf,
  type CosmeticSlot,
  type SeatLook,
} from '@hearts/table/cosmetics';
import type { ProgressDatabase } from '../rating/schema.js';
import { AlreadyApplied, balance, credit } from './chips.js';

type Db = Kysely<ProgressDatabase>;

export type ShopError = 'ERR_NO_ITEM' | 'ERR_NOT_ENOUGH_CHIPS' | 'ERR_OWNED' | 'ERR_NOT_OWNED';

export class ShopRefusal extends Error {
  constructor(
    readonly code: ShopError,
    message: string,
  ) {
    super(message);
  }
}

export interface ShopItem {
  readonly id: string;
  readonly slot: CosmeticSlot;
  readonly price: number;
  readonly owned: boolean;
  readonly equipped: boolean;
}

/** Items the user owns (the free ones included). */
export async function owned(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('cosmetics_owned').select('item').where('user_id', '=', userId).execute();
  return new Set([...COSMETICS.filter((c) => c.price === 0).map((c) => c.id), ...rows.map((r) => r.item)]);
}

/** The user's chosen look; slots never chosen show the defaults. */
export async function lookOfUser(db: Db, userId: string): Promise<SeatLook> {
  return (await looksOfUsers(db, [userId])).get(userId) ?? DEFAULT_LOOK;
}

/** Looks of several users at once (a table's seats). */
export async function looksOfUsers(db: Db, userIds: readonly string[]): Promise<Map<string, SeatLook>> {
  const out = new Map<string, SeatLook>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('cosmetics_equipped')
    .select(['user_id', 'slot', 'item'])
    .where('user_id', 'in', [...userIds])
    .execute();
  for (const id of userIds) {
    const mine = Object.fromEntries(rows.filter((r) => r.user_id === id).map((r) => [r.slot, r.item]));
    out.set(id, lookOf(mine));
  }
  return out;
}

/** The catalog as this user sees it, with their balance. */
export async function shopFor(
  db: Db,
  userId: string,
): Promise<{ balance: number; items: ShopItem[]; look: SeatLook }> {
  const [mine, look, chips] = await Promise.all([
    owned(db, userId),
    lookOfUser(db, userId),
    balance(db, userId),
  ]);
  return {
    balance: chips,
    look,
    items: COSMETICS.map((c) => ({
      id: c.id,
      slot: c.slot,
      price: c.price,
      owned: mine.has(c.id),
      equipped: look[c.slot] === c.id,
    })),
  };
}

/** Buys an item: refused when it does not exist, is owned already, or the chips do not cover its price. */
export async function buy(db: Db, userId: string, itemId: unknown, now = Date.now()): Promise<number> {
  const item = cosmetic(itemId);
  if (!item) throw new ShopRefusal('ERR_NO_ITEM', 'no such item in the shop');
  if (item.price === 0) throw new ShopRefusal('ERR_OWNED', 'this item is free and yours already');
  try {
    await db.transaction().execute(async (tx) => {
      const has = await tx
        .selectFrom('cosmetics_owned')
        .select('item')
        .where('user_id', '=', userId)
        .where('item', '=', item.id)
        .executeTakeFirst();
      if (has) throw new ShopRefusal('ERR_OWNED', 'you own this item already');
      const paid = await credit(tx, {
        id: `buy:${userId}:${item.id}`,
        userId,
        amount: -item.price,
        reason: 'purchase',
        ref: item.id,
        at: now,
      });
      if (!paid) {
        const have = await balance(tx, userId);
        throw new ShopRefusal(
          'ERR_NOT_ENOUGH_CHIPS',
          `this item costs ${item.price} chips; you have ${have}`,
        );
      }
      await tx
        .insertInto('cosmetics_owned')
        .values({ user_id: userId, item: item.id, acquired_at: now })
        .execute();
    });
  } catch (e) {
    if (e instanceof AlreadyApplied) throw new ShopRefusal('ERR_OWNED', 'you own this item already');
    throw e;
  }
  return balance(db, userId);
}

/** Chooses an owned item for its slot (a free default puts the slot back to it). */
export async function equip(db: Db, userId: string, itemId: unknown): Promise<SeatLook> {
  const item = cosmetic(itemId);
  if (!item) throw new ShopRefusal('ERR_NO_ITEM', 'no such item in the shop');
  if (!(await owned(db, userId)).has(item.id)) throw new ShopRefusal('ERR_NOT_OWNED', 'buy this item first');
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('cosmetics_equipped')
      .where('user_id', '=', userId)
      .where('slot', '=', item.slot)
      .execute();
    if (item.price > 0)
      await tx
        .insertInto('cosmetics_equipped')
        .values({ user_id: userId, slot: item.slot, item: item.id })
        .execute();
  });
  return lookOfUser(db, userId);
}
