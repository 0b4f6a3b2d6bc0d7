/**
 * The live player's identity in this browser: a guest token kept in the device store, created on first use;
 * renaming, keeping the name with a password, signing in elsewhere, signing out; the finished live games and their
 * records.
 *
 * ```ts
 * const me = await ensureUser(store, i18n.language); // { token, user }
 * await claimName(store, 'correct horse battery');
 * ```
 */
import type { GameRecord } from '@hearts/engine';
import { ACCOUNT_ROUTES, type Account, type PublicUser } from '@hearts/protocol/http/accounts';
import { GAME_ROUTES, type LiveGame } from '@hearts/protocol/http/games';
import { PUZZLE_ROUTES } from '@hearts/protocol/http/puzzles';
import type { KeyValueStore } from '../storage';
import { ApiError } from './api-error';
import { request } from './http';
import { TOKEN_KEY, tokenUserId } from './token';

export { TOKEN_KEY, tokenUserId } from './token';

export { ApiError } from './api-error';
export { serverUrl } from './http';
export type { Account } from '@hearts/protocol/http/accounts';
export type { LiveGame } from '@hearts/protocol/http/games';

/** The live player as the server shows them. */
export type LiveUser = PublicUser;

/** The `ensureUser` under way for a device store: parts of one page asking at once share it. */
const pending = new WeakMap<KeyValueStore, Promise<Account>>();

/**
 * The signed-in user, or a new guest when this device has no (valid) token yet, named in the UI's language `lang`
 * ("Gast 4821" in German). An old token comes back renewed: the new one is kept (tokens run out after months unless
 * renewed). Calls while one is under way get its answer: a first visit makes one guest, not one per part of the page.
 */
export function ensureUser(store: KeyValueStore, lang: string): Promise<Account> {
  const known = pending.get(store);
  if (known) return known;
  const p = fetchUser(store, lang).finally(() => pending.delete(store));
  pending.set(store, p);
  return p;
}

/**
 * Set when this device's token was refused (signed out from another device, or its name kept with a password
 * there) and a new guest took its place: the name card says so until the player signs in or closes the note.
 */
export const SIGNED_OUT_KEY = 'hearts.live.signedOut';

async function fetchUser(store: KeyValueStore, lang: string): Promise<Account> {
  const token = store.get(TOKEN_KEY);
  if (token) {
    try {
      const me = await request(ACCOUNT_ROUTES.me, { token });
      if (me.token) store.set(TOKEN_KEY, me.token);
      return { token: me.token ?? token, user: me.user, moderator: me.moderator };
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 401) throw e;
      store.set(SIGNED_OUT_KEY, '1');
    }
  }
  const fresh = await request(ACCOUNT_ROUTES.guest, { body: { lang } });
  store.set(TOKEN_KEY, fresh.token);
  return fresh;
}

/**
 * Renames a guest. `code`: a moderator's code (the one the server logs at start for a name in ADMIN_USERS nobody
 * holds), which takes that name; without it the server refuses a moderator's name as reserved.
 */
export async function rename(token: string, name: string, code?: string): Promise<LiveUser> {
  const body = code === undefined ? { name } : { name, code };
  return (await request(ACCOUNT_ROUTES.rename, { token, body })).user;
}

/** Keeps the name with a password; every older token (other devices too) stops working, this device's new one is kept. */
export function claimName(store: KeyValueStore, token: string, password: string): Promise<Account> {
  return replaceToken(store, token, () => request(ACCOUNT_ROUTES.claim, { token, body: { password } }));
}

/** Signs out every other device (their tokens stop working); this device keeps a new token. */
export function signOutEverywhere(store: KeyValueStore, token: string): Promise<Account> {
  return replaceToken(store, token, () => request(ACCOUNT_ROUTES.signOutEverywhere, { token }));
}

/**
 * The requests under way that replace this device's token, and the tokens they replaced: the server refuses an
 * older token at once, so a request sent with it while the new one is on its way is refused (401).
 */
const replacing = new Set<Promise<Account>>();
const retired = new Set<string>();

async function replaceToken(
  store: KeyValueStore,
  token: string,
  send: () => Promise<Account>,
): Promise<Account> {
  const done = send().then((a) => {
    retired.add(token);
    store.set(TOKEN_KEY, a.token);
    return a;
  });
  replacing.add(done);
  try {
    return await done;
  } finally {
    replacing.delete(done);
  }
}

/**
 * Waits while a request that replaces this device's token is on its way (`claimName`, `signOutEverywhere`), then
 * tells whether `token` is still this page's: false once it was replaced (a request with it would be refused).
 * For a request the page starts by itself, such as the notices stream, so that it never goes out with a token
 * about to stop working.
 */
export async function tokenCurrent(token: string): Promise<boolean> {
  while (replacing.size > 0) await Promise.allSettled([...replacing]);
  return !retired.has(token);
}

/**
 * Signs this device out: its token is forgotten here, and it plays as a new guest. The name stays kept, and signs
 * in again (here or anywhere) with its password; other devices stay signed in.
 */
export function signOutHere(store: KeyValueStore, lang: string): Promise<Account> {
  store.remove(TOKEN_KEY);
  store.remove(SIGNED_OUT_KEY);
  return ensureUser(store, lang);
}

/** Keeps a token the game server renewed while playing (it hands one out when the old one gets old). */
export function keepToken(store: KeyValueStore, token: string): void {
  store.set(TOKEN_KEY, token);
}

/**
 * Signs in with a kept name: this device then plays as that player. The guest it played as before brings its
 * puzzles along (their answers move to the kept name: {@link mergeGuestPuzzles}).
 */
export async function login(store: KeyValueStore, name: string, password: string): Promise<Account> {
  const before = store.get(TOKEN_KEY);
  const a = await request(ACCOUNT_ROUTES.login, { body: { name, password } });
  store.set(TOKEN_KEY, a.token);
  if (before && tokenUserId(before) !== a.user.id) {
    store.set(PUZZLE_MERGE_KEY, before);
    await mergeGuestPuzzles(store);
  }
  return a;
}

/** The token of the guest this device played as before signing in, while its puzzles are still to be merged. */
export const PUZZLE_MERGE_KEY = 'hearts.puzzles.mergeFrom';

/**
 * Moves the puzzles of the guest this device played as before signing in (its token kept under
 * {@link PUZZLE_MERGE_KEY}) into the signed-in player's (`POST /api/puzzles/merge`). A merge the server refuses
 * for good (the old token no longer valid, or not a guest's: a kept name's puzzles stay its own) is dropped; one
 * that could not be made (no server) stays for the next call, which the puzzle pages make. Never throws: signing
 * in does not fail for it. Whether the puzzles were merged.
 */
export async function mergeGuestPuzzles(store: KeyValueStore): Promise<boolean> {
  const guest = store.get(PUZZLE_MERGE_KEY);
  const token = store.get(TOKEN_KEY);
  if (!guest || !token) return false;
  try {
    await request(PUZZLE_ROUTES.puzzlesMerge, { token, body: { token: guest } });
    store.remove(PUZZLE_MERGE_KEY);
    return true;
  } catch (e) {
    if (e instanceof ApiError && [400, 401, 409].includes(e.status)) store.remove(PUZZLE_MERGE_KEY);
    return false;
  }
}

export async function liveHistory(token: string): Promise<LiveGame[]> {
  return (await request(GAME_ROUTES.history, { token })).games;
}

export function fetchRecord(token: string, id: string): Promise<GameRecord> {
  return request(GAME_ROUTES.gameRecord, { token, params: { id } });
}

/** A room code as typed: upper case, without spaces or dashes. */
export const normalizeCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');
