/**
 * The player's account on the game server as a page holds it (`useAccount`: tried again by itself while the server
 * cannot be reached), the problem shown when there is none (`AccountProblem`), and the live pages' words for an
 * API or join error (`liveErrorText`). Every page that needs the account uses these: live, friends, the daily
 * game, tournaments, your player page, the shop.
 *
 * ```tsx
 * const { account, error, retrying, retry } = useAccount();
 * if (error) return <AccountProblem error={error} retrying={retrying} retry={retry} />;
 * ```
 */
import { JOIN_ERRORS } from '@hearts/protocol/socket';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useApp } from '../context';
import { ApiError, ensureUser, type Account } from './account';
import './account-state.css';
import { serverErrorText } from './error-texts';

/**
 * Joining or opening a room: the codes the player can do something about, by name. `protocol`: the server speaks
 * another version of the live protocol than this page (updated since the page was loaded): a reload cures it.
 * `rateLimited`: too many rooms or joins from the address (the server's own words are English).
 */
const JOIN_ERROR_NAMES = new Map<number, string>(
  (['noSuchRoom', 'refused', 'restarting', 'rateLimited', 'protocol'] as const).map((name) => [
    JOIN_ERRORS[name],
    name,
  ]),
);

/** Whether a join was refused because this page speaks another protocol version than the server (reload it). */
export const outdated = (e: unknown): boolean =>
  (e as { code?: unknown } | null)?.code === JOIN_ERRORS.protocol;

/** The words browsers and Node give a request that reached no server (colyseus.js passes them on without a code). */
const NO_SERVER = /^(Failed to fetch|Load failed|fetch failed)$|NetworkError|ECONNREFUSED/;

/**
 * Whether a join failed before any server answered: fetch's network failure, an XMLHttpRequest's error event
 * (colyseus.js's matchmaking rejects with the event itself), or Node's refused connection.
 */
const reachedNoServer = (e: unknown): boolean =>
  (typeof ProgressEvent !== 'undefined' && e instanceof ProgressEvent) ||
  (e instanceof Error && NO_SERVER.test(e.message));

/** An API or join error in the live pages' words. */
export function liveErrorText(t: TFunction, e: unknown): string {
  if (e instanceof ApiError) {
    if (e.code === 'ERR_OFFLINE') return t('live.offline');
    return t(`live.you.errors.${e.code}`, { defaultValue: serverErrorText(t, e) });
  }
  if (reachedNoServer(e)) return t('live.offline');
  const message = e instanceof Error ? e.message : String(e);
  const join = JOIN_ERROR_NAMES.get((e as { code?: unknown } | null)?.code as number);
  if (join) return t(`live.joinErrors.${join}`);
  return t('live.you.errors.other', { message });
}

/** After an unreachable server, the next tries (ms): quick at first, then every half minute. */
export const ACCOUNT_RETRY_MS: readonly number[] = [2_000, 5_000, 10_000, 30_000];

/** Refusals that pass by themselves: too many requests from the address, a server shutting down, busy. */
const PASSING = new Set(['ERR_RATE_LIMIT', 'ERR_DRAINING', 'ERR_BUSY']);
const LONGEST_WAIT_MS = 3_600_000; // a guest limit's window: the page never waits longer than that

/** "30 s" or "5 min": how long until the page tries again. */
function waitText(t: TFunction, ms: number): string {
  const s = Math.ceil(ms / 1000);
  return s < 90 ? t('live.waitSeconds', { n: s }) : t('live.waitMinutes', { n: Math.ceil(s / 60) });
}

/**
 * After a refusal that passes by itself (too many requests from the address, a server shutting down, busy): how
 * long a page waits before it asks again — `scheduled`, its own next try, or the server's Retry-After when that is
 * later (never more than an hour). `null` for anything else (no server, a refusal that stays).
 */
export function passingWait(e: unknown, scheduled: number): number | null {
  if (!(e instanceof ApiError) || !PASSING.has(e.code)) return null;
  return Math.min(LONGEST_WAIT_MS, Math.max(scheduled, e.retryAfterMs ?? 0));
}

/** A refusal that passes, in the player's words, and when the page tries again by itself ("… in 30 s."). */
export const refusedRetryingText = (t: TFunction, e: unknown, wait: number): string =>
  t('live.refusedRetrying', { reason: liveErrorText(t, e), wait: waitText(t, wait) });

export interface AccountState {
  readonly account: Account | null;
  readonly error: string | null;
  readonly retrying: boolean; // the server is away or refused for a while: the page tries again by itself
  readonly retry: () => void; // try now
  readonly set: (a: Account) => void;
}

/**
 * The player's account on the game server. While the server cannot be reached it tries again by itself (on a
 * growing delay, and at once when the device comes back online or the page is shown again), so the page comes
 * to life when the server is back; a refusal that passes (too many requests from the address, a restart) is tried
 * again once the server's Retry-After is over, and says when.
 */
export function useAccount(): AccountState {
  const { store } = useApp();
  const { t, i18n } = useTranslation();
  const [account, setAccount] = useState<Account | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);
  const retry = useRef<() => void>(() => undefined);
  useEffect(() => {
    let live = true;
    let busy = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      if (!live || busy) return;
      clearTimeout(timer);
      busy = true;
      ensureUser(store, i18n.language).then(
        (a) => {
          busy = false;
          if (!live) return;
          setError(null);
          setRetrying(false);
          setAccount(a);
        },
        (e: unknown) => {
          busy = false;
          if (!live) return;
          const away = e instanceof ApiError && e.code === 'ERR_OFFLINE';
          // The next try: on the growing delay, and a refusal's not before its Retry-After.
          const scheduled = ACCOUNT_RETRY_MS[Math.min(failures, ACCOUNT_RETRY_MS.length - 1)]!;
          const passing = passingWait(e, scheduled);
          setRetrying(away || passing !== null);
          if (!away && passing === null) {
            setError(liveErrorText(t, e));
            return;
          }
          failures++;
          const wait = passing ?? scheduled;
          setError(away ? t('live.offlineRetrying') : refusedRetryingText(t, e, wait));
          timer = setTimeout(attempt, wait);
        },
      );
    };
    const onVisible = () => document.visibilityState === 'visible' && attempt();
    retry.current = attempt;
    window.addEventListener('online', attempt);
    document.addEventListener('visibilitychange', onVisible);
    attempt();
    return () => {
      live = false;
      clearTimeout(timer);
      window.removeEventListener('online', attempt);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [store, t]);
  return { account: error ? null : account, error, retrying, retry: () => retry.current(), set: setAccount };
}

/** Why the page cannot start: the server is away or refused for a while (and is tried again), or another problem. */
export function AccountProblem({
  error,
  retrying,
  retry,
}: Pick<AccountState, 'error' | 'retrying' | 'retry'>) {
  const { t } = useTranslation();
  if (!retrying) return <p className="error">{error}</p>;
  return (
    <div className="live-offline" role="status">
      <p>{error}</p>
      <button type="button" className="secondary" onClick={retry}>
        {t('live.retryNow')}
      </button>
    </div>
  );
}
