/**
 * What this device keeps, as one file (`hearts-device/1`): every value the app stores in the browser under its
 * `hearts.` keys — solo games and their history and statistics, settings, the look, training, analyses, puzzles —
 * and the score pads (IndexedDB). The live account's key is left out (whoever holds it plays as you), and so is a
 * guest's key kept for a puzzle merge.
 *
 * ```ts
 * const file = deviceData(store, (await padStore.list()).pads, Date.now());
 * download(deviceFileName(new Date()), 'application/json', JSON.stringify(file, null, 2));
 * ```
 */
import { PUZZLE_MERGE_KEY } from '../../kit/server/account';
import { TOKEN_KEY } from '../../kit/server/token';
import type { KeyValueStore } from '../../kit/storage';
import { padToJson, type Pad } from '../pad/model';

export const DEVICE_FORMAT = 'hearts-device/1';

/** Keys the app keeps that are secrets, not data: never in the file. */
export const SECRET_KEYS: readonly string[] = [TOKEN_KEY, PUZZLE_MERGE_KEY];

/** The device's file: each kept value by its key (read as JSON where it is JSON, else as text), and the pads. */
export interface DeviceFile {
  readonly format: typeof DEVICE_FORMAT;
  readonly exportedAt: number;
  readonly storage: Readonly<Record<string, unknown>>;
  readonly pads: readonly unknown[]; // hearts-pad/1
}

export function deviceData(store: KeyValueStore, pads: readonly Pad[], now: number): DeviceFile {
  const storage: Record<string, unknown> = {};
  const keys = (store.keys?.() ?? [])
    .filter((k) => k.startsWith('hearts.') && !SECRET_KEYS.includes(k))
    .sort();
  for (const key of keys) {
    const text = store.get(key);
    if (text === null) continue;
    try {
      storage[key] = JSON.parse(text) as unknown;
    } catch {
      storage[key] = text;
    }
  }
  return { format: DEVICE_FORMAT, exportedAt: now, storage, pads: pads.map(padToJson) };
}

/** The device file's name: hearts-device-2026-12-06.json. */
export const deviceFileName = (d: Date): string => `hearts-device-${d.toISOString().slice(0, 10)}.json`;
