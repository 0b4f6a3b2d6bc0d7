/**
 * Manners (issue #20): who is a moderator, and the quick-match cool-down for leavers. A player who leaves rated
 * games early (a bot takes the seat: left, voted out, or gone past the reconnection window) `limit` times within a
 * rolling `windowMs` waits `coolDownMs` after the last of them before the next quick match; each further leave in
 * the window doubles the wait (never past the window). docs/rating.md has the rule as players read it.
 *
 * ```ts
 * const policy = { limit: 3, windowMs: 24 * 3_600_000, coolDownMs: 30 * 60_000 };
 * coolDownUntil([now - 60_000, now - 3_600_000, now - 7_200_000], now, policy); // now - 60_000 + 30 min
 * ```
 */
import type { CoolDown } from '@hearts/protocol/http';
import type { Logger } from 'pino';
import type { Identity } from './auth.js';
import type { ServerConfig } from './config.js';
import type { GameStore, UserRecord } from './store/types.js';

export interface LeavePolicy {
  readonly limit: number; // leaves within the window that start a cool-down
  readonly windowMs: number; // the rolling window
  readonly coolDownMs: number; // the first cool-down, after the leave that reached the limit
}

export const leavePolicy = (c: ServerConfig): LeavePolicy => ({
  limit: c.leaveLimit,
  windowMs: c.leaveWindowMs,
  coolDownMs: c.leaveCoolDownMs,
});

/**
 * When the cool-down ends, given the times of the leaves within the window (any order), or null when there is none
 * now: with n ≥ limit leaves, `coolDownMs · 2^(n − limit)` (at most the window) after the newest.
 */
export function coolDownUntil(leaves: readonly number[], now: number, p: LeavePolicy): number | null {
  const inWindow = leaves.filter((at) => at > now - p.windowMs && at <= now);
  if (inWindow.length < p.limit) return null;
  const wait = Math.min(p.windowMs, p.coolDownMs * 2 ** Math.min(20, inWindow.length - p.limit));
  const until = Math.max(...inWindow) + wait;
  return until > now ? until : null;
}

/** A user's cool-down now, read from the store. */
export async function coolDownOf(
  store: GameStore,
  userId: string,
  now: number,
  p: LeavePolicy,
): Promise<CoolDown> {
  // More leaves than the limit plus 20 only lengthen the wait past the window, which caps it.
  const leaves = await store.manners.leavesSince(userId, now - p.windowMs + 1, p.limit + 21);
  return {
    until: coolDownUntil(leaves, now, p),
    leaves: leaves.length,
    limit: p.limit,
    windowMs: p.windowMs,
  };
}

/**
 * Whether a user is a moderator: their name is in ADMIN_USERS and they keep it with a password. A guest's name is
 * never enough — a name nobody has claimed yet could be taken by anyone.
 */
export const isModerator = (user: UserRecord, c: Pick<ServerConfig, 'adminUsers'>): boolean =>
  user.passwordHash !== null && c.adminUsers.includes(user.name.toLowerCase());

/**
 * At start: a warning for every name in ADMIN_USERS that is nobody's moderator yet — no account has it (the warning
 * carries the code that takes it, {@link Identity.moderatorCode}), or a guest holds it without a password (not a
 * moderator until it is claimed). Returns the names warned about.
 */
export async function warnAboutModerators(
  names: readonly string[],
  store: Pick<GameStore, 'userByName'>,
  identity: Pick<Identity, 'moderatorCode'>,
  log: Pick<Logger, 'warn'>,
): Promise<string[]> {
  const warned: string[] = [];
  for (const name of names) {
    const user = await store.userByName(name);
    if (user?.passwordHash != null) continue;
    warned.push(name);
    if (!user)
      log.warn(
        { moderator: name, code: identity.moderatorCode(name) },
        `ADMIN_USERS names "${name}", which has no account: take the name with this code (in the app: Play live, Your name, Change, then "I have a moderator code"; or POST /api/name {name, code}), then keep it with a password`,
      );
    else
      log.warn(
        { moderator: name },
        `ADMIN_USERS names "${name}", which a guest holds without a password: not a moderator until it is claimed`,
      );
  }
  return warned;
}
