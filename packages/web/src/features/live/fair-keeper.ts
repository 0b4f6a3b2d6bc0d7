/**
 * The fair shuffle's memory on this device: each hand's seed and the commitment list it was shown, so that a
 * reloaded or reopened tab can still reveal and verify the hand it is in (packages/live/src/shuffle.ts asks for
 * it). The seed is this player's own secret and stays on this device; only the latest few hands are kept.
 *
 * ```ts
 * new TableClient({ url, token, roomId, shuffle: { keeper: fairKeeper(store) } });
 * ```
 */
import type { SessionKeeper } from '@hearts/live';
import type { SavedSession } from '@hearts/shuffle';
import { isObject, readJson, writeJson, type KeyValueStore } from '../../kit/storage';

export const FAIR_KEY = 'hearts.live.fair';
const KEEP = 8; // hands: the current one and a few before it (a verdict may still be pending)

const same = (s: unknown, tableId: string, handNumber: number, seat: number): boolean => {
  const info = isObject(s) && isObject(s['info']) ? s['info'] : null;
  return (
    info !== null && info['tableId'] === tableId && info['handNumber'] === handNumber && info['seat'] === seat
  );
};

const kept = (store: KeyValueStore): unknown[] => {
  const list = readJson(store, FAIR_KEY);
  return Array.isArray(list) ? list : [];
};

export function fairKeeper(store: KeyValueStore): SessionKeeper {
  return {
    load: (tableId, handNumber, seat) => kept(store).find((s) => same(s, tableId, handNumber, seat)),
    save(session: SavedSession) {
      const { tableId, handNumber, seat } = session.info;
      const rest = kept(store).filter((s) => !same(s, tableId, handNumber, seat));
      writeJson(store, FAIR_KEY, [...rest.slice(-(KEEP - 1)), session]);
    },
  };
}
