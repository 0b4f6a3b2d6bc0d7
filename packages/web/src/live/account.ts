/**
 * The live player's identity in this browser: a guest token kept in the device store, created on first use;
 * renaming, keeping the name with a password, signing in elsewhere; the finished live games and their records.
 *
 * ```ts
 * const me = await ensureUser(store); // { token, user }
 * await claimName(store, 'correct horse battery');
 * ```
 */
import type { GameRecord } from '@hearts/engine';
import type { KeyValueStore } from '../game/storage';

export const TOKEN_KEY = 'hearts.live.token';

export interface LiveUser {
  readonly id: string;
  readonly name: string;
  readonly claimed: boolean;
  readonly rating: number;
  readonly provisional?: boolean; // too few rated games: shown as "1500?"
  readonly games: number;
}

export interface Account {
  readonly token: string;
  readonly user: LiveUser;
}

/**
 * The user id a token names (not checked: only the server can): `h2.<id>.<generation>.<issued>.<mac>`, or the
 * first format `<id>.<mac>`.
 */
export function tokenUserId(token: string): string | null {
  const parts = token.split('.');
  if (parts.length === 5 && parts[0] === 'h2') return parts[1] || null;
  if (parts.length === 2) return parts[0] || null;
  return null;
}

/** A refusal by the server (its code, e.g. ERR_NAME_TAKEN), or no server at all (ERR_OFFLINE). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Where the game server is: the origin that served the app. */
export const serverUrl = (): string => window.location.origin;

/** A JSON call to the game server; refusals and network failures become {@link ApiError}s. */
export async function call<T>(
  path: string,
  init: { token?: string | null; body?: unknown } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(serverUrl() + path, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (e) {
    throw new ApiError(0, 'ERR_OFFLINE', e instanceof Error ? e.message : String(e));
  }
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json'))
    throw new ApiError(res.status, 'ERR_OFFLINE', `HTTP ${res.status}`);
  const body = (await res.json()) as T & { error?: string; message?: string };
  if (!res.ok) throw new ApiError(res.status, body.error ?? 'ERR_HTTP', body.message ?? `HTTP ${res.status}`);
  return body;
}

/**
 * The signed-in user, or a new guest when this device has no (valid) token yet. An old token comes back renewed:
 * the new one is kept (tokens run out after months unless renewed).
 */
export async function ensureUser(store: KeyValueStore): Promise<Account> {
  const token = store.get(TOKEN_KEY);
  if (token) {
    try {
      const me = await call<{ user: LiveUser; token?: string }>('/api/me', { token });
      if (me.token) store.set(TOKEN_KEY, me.token);
      return { token: me.token ?? token, user: me.user };
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 401) throw e;
    }
  }
  const fresh = await call<Account>('/api/guest', { body: {} });
  store.set(TOKEN_KEY, fresh.token);
  return fresh;
}

export async function rename(token: string, name: string): Promise<LiveUser> {
  return (await call<{ user: LiveUser }>('/api/name', { token, body: { name } })).user;
}

/** Keeps the name with a password; every older token (other devices too) stops working, this device's new one is kept. */
export async function claimName(store: KeyValueStore, token: string, password: string): Promise<Account> {
  const a = await call<Account>('/api/claim', { token, body: { password } });
  store.set(TOKEN_KEY, a.token);
  return a;
}

/** Signs out every other device (their tokens stop working); this device keeps a new token. */
export async function signOutEverywhere(store: KeyValueStore, token: string): Promise<Account> {
  const a = await call<Account>('/api/signout-everywhere', { token, body: {} });
  store.set(TOKEN_KEY, a.token);
  return a;
}

/** Keeps a token the game server renewed while playing (it hands one out when the old one gets old). */
export function keepToken(store: KeyValueStore, token: string): void {
  store.set(TOKEN_KEY, token);
}

/** Signs in with a kept name: this device then plays as that player. */
export async function login(store: KeyValueStore, name: string, password: string): Promise<Account> {
  const a = await call<Account>('/api/login', { body: { name, password } });
  store.set(TOKEN_KEY, a.token);
  return a;
}

export interface LiveGame {
  readonly id: string;
  readonly kind: 'quick' | 'friends';
  readonly rated: boolean;
  readonly finishedAt: number;
  readonly seat: number;
  readonly players: readonly {
    readonly name: string;
    readonly bot: boolean;
    readonly level: string | null;
    readonly replaced: boolean;
    readonly score: number;
    readonly rank: number;
    readonly ratingBefore: number | null;
    readonly ratingAfter: number | null;
  }[];
}

export async function liveHistory(token: string): Promise<LiveGame[]> {
  return (await call<{ games: LiveGame[] }>('/api/history', { token })).games;
}

export function fetchRecord(token: string, id: string): Promise<GameRecord> {
  return call<GameRecord>(`/api/games/${encodeURIComponent(id)}/record`, { token });
}

/** A room code as typed: upper case, without spaces or dashes. */
export const normalizeCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');
