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

/** The signed-in user, or a new guest when this device has no (valid) token yet. */
export async function ensureUser(store: KeyValueStore): Promise<Account> {
  const token = store.get(TOKEN_KEY);
  if (token) {
    try {
      const { user } = await call<{ user: LiveUser }>('/api/me', { token });
      return { token, user };
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

export async function claimName(token: string, password: string): Promise<LiveUser> {
  return (await call<{ user: LiveUser }>('/api/claim', { token, body: { password } })).user;
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
