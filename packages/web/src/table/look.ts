/**
 * The cosmetics the player chose in the shop, kept on the device so that the solo table wears them too (offline
 * included). The server owns the choice: the shop writes it here whenever it reads or changes it, and so does a
 * live table, which is told every seat's look.
 *
 * ```ts
 * saveLook(store, { back: 'back-waves', face: 'face-jumbo', table: 'table-walnut', frame: 'frame-gold' });
 * savedLook(store)?.table; // 'table-walnut'
 * ```
 */
import { lookOf, type SeatLook } from '@hearts/protocol/cosmetics';
import { isObject, readJson, type KeyValueStore } from '../kit/storage';

export const LOOK_KEY = 'hearts.look';

/** The kept look (unknown or foreign items fall back to the defaults), or null when none was kept. */
export function savedLook(store: KeyValueStore): SeatLook | null {
  const raw = readJson(store, LOOK_KEY);
  return isObject(raw) ? lookOf(raw) : null;
}

/** Keeps `look` (writes only when it changed: a live table calls this on every update). */
export function saveLook(store: KeyValueStore, look: SeatLook): void {
  const text = JSON.stringify(lookOf(look));
  if (store.get(LOOK_KEY) !== text) store.set(LOOK_KEY, text);
}
