/**
 * A streak's or a storm's bookkeeping on the device: which run of each mode is under way (kept, so that a reload goes
 * on with it), and a storm's clock on the server's time (its `endsAt` and `now`, read against this device's clock
 * when they arrived). Pure functions over the device store and plain numbers.
 *
 * ```ts
 * const clock = stormClock(run, Date.now()); // when the run arrived
 * msLeft(clock, Date.now()); // counts down to 0
 * ```
 */
import type { PuzzleRunView } from '@hearts/protocol/http/puzzles';
import { isObject, readJson, writeJson, type KeyValueStore } from '../../kit/storage';

export const runKey = (mode: 'streak' | 'storm'): string => `hearts.puzzles.run.${mode}`;

/** The run of `mode` this device has under way for `user`, or null. */
export function savedRun(store: KeyValueStore, mode: 'streak' | 'storm', user: string | null): string | null {
  const raw = readJson(store, runKey(mode));
  return isObject(raw) && typeof raw['id'] === 'string' && raw['user'] === user ? raw['id'] : null;
}

export const keepRun = (
  store: KeyValueStore,
  mode: 'streak' | 'storm',
  user: string | null,
  id: string,
): void => writeJson(store, runKey(mode), { id, user });

export const dropRun = (store: KeyValueStore, mode: 'streak' | 'storm'): void => store.remove(runKey(mode));

/** A storm's end on this device's clock. */
export interface StormClock {
  readonly endsAt: number; // this device's ms
}

/** The storm's end moved onto this device's clock: the server's `endsAt` less its `now`, from `arrivedAt`. */
export function stormClock(run: PuzzleRunView, arrivedAt: number): StormClock | null {
  return run.endsAt === null ? null : { endsAt: arrivedAt + (run.endsAt - run.now) };
}

export const msLeft = (clock: StormClock, now: number): number => Math.max(0, clock.endsAt - now);

/** "2:05": minutes and seconds left, rounded up (the clock shows 0:00 only when the time is up). */
export function clockText(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
