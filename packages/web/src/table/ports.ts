/**
 * What both tables in the browser plug into `@hearts/table`: the browser's timers as the driver's and the clocks'
 * `Scheduler`, and a `SelectionKeeper` that keeps the cards chosen for passing on the device.
 *
 * ```ts
 * const scheduler = browserScheduler(); // performance.now() and setTimeout
 * const keeper = selectionKeeper(store, 'hearts.passSelection', () => gameId); // a TableUi's keeper
 * ```
 */
import { isCardName } from '@hearts/engine';
import type { Scheduler, SelectionKeeper } from '@hearts/table';
import { isObject, readJson, writeJson, type KeyValueStore } from '../kit/storage';

/** Time as the browser keeps it. */
export const browserScheduler = (): Scheduler => ({
  now: () => performance.now(),
  after: (ms, fn) => {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
});

/**
 * Keeps the cards chosen for passing in `store` under `key`, for one table (`id()`: the game's or the live table's
 * id; nothing is kept without one) and hand, so that a reload keeps them. `TableUi` checks what comes back.
 */
export function selectionKeeper(
  store: KeyValueStore,
  key: string,
  id: () => string | undefined,
): SelectionKeeper {
  return {
    load: (hand) => {
      const saved = readJson(store, key);
      if (!isObject(saved) || saved['id'] !== id() || saved['hand'] !== hand) return [];
      return Array.isArray(saved['cards']) ? saved['cards'].filter(isCardName) : [];
    },
    save: (hand, cards) => {
      const table = id();
      if (table !== undefined) writeJson(store, key, { id: table, hand, cards });
    },
  };
}
