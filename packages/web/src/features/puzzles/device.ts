/**
 * The player's puzzle rating and history as this device keeps a copy of it (under {@link PUZZLES_KEY}): the server
 * keeps every account's, a guest's too (it must know a player's rating to move a puzzle's fairly), and the device
 * keeps what it last heard, for the start screen and for the puzzle pages while the server is away. Whose copy it is
 * is kept with it: another player signed in on this device starts from nothing until the server answers. Read by
 * hand, without zod, since the start screen (the first load) reads it.
 *
 * ```ts
 * let d = loadPuzzles(store);
 * d = fromServer(d, userId, await request(ROUTES.puzzlesPlayer, { token, params: { who: 'me' } }));
 * savePuzzles(store, d);
 * ```
 */
import { isObject, readJson, writeJson, type KeyValueStore } from '../../kit/storage';

export const PUZZLES_KEY = 'hearts.puzzles';
/** History points the device keeps (the server shows the last 500 too). */
export const DEVICE_HISTORY = 500;

export interface DeviceRating {
  readonly rating: number;
  readonly provisional: boolean;
  readonly attempts: number;
  readonly solved: number;
  readonly streakBest: number;
  readonly stormBest: number;
}

export interface DevicePoint {
  readonly at: number; // when answered (ms since 1970)
  readonly rating: number; // the player's rating after the answer
  readonly right: boolean;
}

export interface DevicePuzzles {
  readonly user: string | null; // whose copy this is (the user id of the token it came with)
  readonly rating: DeviceRating | null; // null: no rated answer yet
  readonly history: readonly DevicePoint[]; // oldest first, at most DEVICE_HISTORY
}

export const EMPTY_PUZZLES: DevicePuzzles = { user: null, rating: null, history: [] };

const num = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

function readRating(x: unknown): DeviceRating | null {
  if (!isObject(x)) return null;
  const { rating, provisional, attempts, solved, streakBest, stormBest } = x;
  if (!num(rating) || typeof provisional !== 'boolean') return null;
  const count = (v: unknown) => (num(v) && v >= 0 ? Math.floor(v) : 0);
  return {
    rating: Math.round(rating),
    provisional,
    attempts: count(attempts),
    solved: count(solved),
    streakBest: count(streakBest),
    stormBest: count(stormBest),
  };
}

const readPoint = (x: unknown): DevicePoint[] =>
  isObject(x) && num(x['at']) && num(x['rating']) && typeof x['right'] === 'boolean'
    ? [{ at: x['at'], rating: Math.round(x['rating']), right: x['right'] }]
    : [];

/** The device's copy; anything unreadable is left out. */
export function loadPuzzles(store: KeyValueStore): DevicePuzzles {
  const raw = readJson(store, PUZZLES_KEY);
  if (!isObject(raw)) return EMPTY_PUZZLES;
  return {
    user: typeof raw['user'] === 'string' ? raw['user'] : null,
    rating: readRating(raw['rating']),
    history: Array.isArray(raw['history']) ? raw['history'].flatMap(readPoint).slice(-DEVICE_HISTORY) : [],
  };
}

export const savePuzzles = (store: KeyValueStore, d: DevicePuzzles): void => writeJson(store, PUZZLES_KEY, d);

/** What the server said of the player (`GET /api/puzzles/players/me`, a merge): it replaces the device's copy. */
export function fromServer(
  user: string | null,
  view: { readonly rating: DeviceRating | null; readonly history: readonly DevicePoint[] },
): DevicePuzzles {
  return {
    user,
    rating: view.rating && readRating(view.rating),
    history: view.history.flatMap(readPoint).slice(-DEVICE_HISTORY),
  };
}

/**
 * A rated answer as the answer's response told it (the rating before and after): the copy's rating moves, the
 * history gets a point, the counts go up (provisional as it was: the server's next answer says). A copy of another
 * player's starts afresh.
 */
export function afterAnswer(
  d: DevicePuzzles,
  user: string | null,
  answer: { readonly right: boolean; readonly rating: { readonly after: number } | null },
  at: number,
): DevicePuzzles {
  if (!answer.rating) return d;
  const mine = d.user === user ? d : { ...EMPTY_PUZZLES, user };
  const r = mine.rating;
  return {
    user,
    rating: {
      rating: answer.rating.after,
      provisional: r?.provisional ?? true,
      attempts: (r?.attempts ?? 0) + 1,
      solved: (r?.solved ?? 0) + (answer.right ? 1 : 0),
      streakBest: r?.streakBest ?? 0,
      stormBest: r?.stormBest ?? 0,
    },
    history: [...mine.history, { at, rating: answer.rating.after, right: answer.right }].slice(
      -DEVICE_HISTORY,
    ),
  };
}

/** A streak's or a storm's score: the best of the mode goes up when beaten. */
export function afterRun(
  d: DevicePuzzles,
  user: string | null,
  mode: 'streak' | 'storm',
  score: number,
): DevicePuzzles {
  if (d.user !== user || !d.rating) return d;
  const key = mode === 'streak' ? 'streakBest' : 'stormBest';
  return d.rating[key] >= score ? d : { ...d, rating: { ...d.rating, [key]: score } };
}

/** The rating the start screen shows: this device's copy ("1500?" while provisional), or null before any answer. */
export function shownRating(store: KeyValueStore): { rating: number; provisional: boolean } | null {
  const r = loadPuzzles(store).rating;
  return r && { rating: r.rating, provisional: r.provisional };
}
