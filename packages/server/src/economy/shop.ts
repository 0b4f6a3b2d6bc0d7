/**
 * The shop: cosmetics (`@hearts/protocol/cosmetics`) bought with chips, and the look each player chose. A purchase is
 * one transaction: the wallet is charged only if it covers the price, a ledger row `buy:<user>:<item>` records it
 * (so an item is bought at most once) and the item becomes the player's.
 *
 * ```ts
 * await buy(store.progress, user, 'back-lattice'); // ShopRefusal('ERR_NOT_ENOUGH_CHIPS') when the balance is short
 * await equip(store.progress, user, 'back-lattice');
 * await lookOfUser(store.progress, user); // { back: 'back-lattice', face: 'face-standard', … }
 * ```
 */
import type { ShopItem } from '@hearts/protocol/http';
import { COSMETICS, DEFAULT_LOOK, cosmetic, lookOf, type SeatLook } from '@hearts/protocol/cosmetics';
import { AlreadyApplied, type ProgressReads, type ProgressStore } from '../store/progress.js';

export type { ShopItem } from '@hearts/protocol/http';
type Db = ProgressReads;

export type ShopError = 'ERR_NO_ITEM' | 'ERR_NOT_ENOUGH_CHIPS' | 'ERR_OWNED' | 'ERR_NOT_OWNED';

export class ShopRefusal extends Error {
  constructor(
    readonly code: ShopError,
    message: string,
  ) {
    super(message);
  }
}

/** Items the user owns (the free ones included). */
export async function owned(db: Db, userId: string): Promise<Set<string>> {
  const bought = await db.ownedItems(userId);
  return new Set([...COSMETICS.filter((c) => c.price === 0).map((c) => c.id), ...bought]);
}

/** The user's chosen look; slots never chosen show the defaults. */
export async function lookOfUser(db: Db, userId: string): Promise<SeatLook> {
  return (await looksOfUsers(db, [userId])).get(userId) ?? DEFAULT_LOOK;
}

/** Looks of several users at once (a table's seats). */
export async function looksOfUsers(db: Db, userIds: readonly string[]): Promise<Map<string, SeatLook>> {
  const out = new Map<string, SeatLook>();
  if (userIds.length === 0) return out;
  const rows = await db.equippedItems(userIds);
  for (const id of userIds) {
    const mine = Object.fromEntries(rows.filter((r) => r.userId === id).map((r) => [r.slot, r.item]));
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
    db.balance(userId),
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
export async function buy(
  db: ProgressStore,
  userId: string,
  itemId: unknown,
  now = Date.now(),
): Promise<number> {
  const item = cosmetic(itemId);
  if (!item) throw new ShopRefusal('ERR_NO_ITEM', 'no such item in the shop');
  if (item.price === 0) throw new ShopRefusal('ERR_OWNED', 'this item is free and yours already');
  try {
    await db.transaction(async (tx) => {
      if (await tx.ownsItem(userId, item.id)) throw new ShopRefusal('ERR_OWNED', 'you own this item already');
      const paid = await tx.credit({
        id: `buy:${userId}:${item.id}`,
        userId,
        amount: -item.price,
        reason: 'purchase',
        ref: item.id,
        at: now,
      });
      if (!paid) {
        const have = await tx.balance(userId);
        throw new ShopRefusal(
          'ERR_NOT_ENOUGH_CHIPS',
          `this item costs ${item.price} chips; you have ${have}`,
        );
      }
      await tx.addOwnedItem(userId, item.id, now);
    });
  } catch (e) {
    if (e instanceof AlreadyApplied) throw new ShopRefusal('ERR_OWNED', 'you own this item already');
    throw e;
  }
  return db.balance(userId);
}

/** Chooses an owned item for its slot (a free default puts the slot back to it). */
export async function equip(db: ProgressStore, userId: string, itemId: unknown): Promise<SeatLook> {
  const item = cosmetic(itemId);
  if (!item) throw new ShopRefusal('ERR_NO_ITEM', 'no such item in the shop');
  if (!(await owned(db, userId)).has(item.id)) throw new ShopRefusal('ERR_NOT_OWNED', 'buy this item first');
  await db.transaction((tx) => tx.equipItem(userId, item.slot, item.price > 0 ? item.id : null));
  return lookOfUser(db, userId);
}
