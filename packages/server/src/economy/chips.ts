/**
 * Chips (Jetons): won by winning games, spent in the shop. What a game pays, and under which daily cap, is the
 * fairness policy's decision (`fairness/policy.ts`: `PRIZES`, `DAILY_CAPS`); this module keeps the
 * money: every change of a balance is a row of the ledger whose id names what caused it (`win:<game>:<user>`,
 * `solo:<record hash>`, `tournament:<id>:<user>`, `buy:<user>:<item>`), so a cause can pay or charge only once; the
 * wallet holds the running balance, changed in the same transaction. The daily caps are counted in `chip_caps`, one
 * row per player, day and cap, taken by one conditional update in the paying transaction, so concurrent wins can
 * never pay past a cap (docs/rating.md).
 *
 * ```ts
 * await store.progress.transaction((tx) =>
 *   payUnderCap(tx, { id: `win:${game}:${user}`, userId: user, ref: game, at }, prize),
 * ); // 25000, or 0 over the day's cap
 * await balance(store.progress, user); // 25000
 * ```
 */
import { createHash } from 'node:crypto';
import { makeRecord, replayRecord, undosOf } from '@hearts/engine';
import type { ChipReason, LedgerRow } from '@hearts/protocol/http';
import {
  AlreadyApplied,
  type LedgerEntry,
  type ProgressReads,
  type ProgressStore,
  type ProgressTransaction,
} from '../store/progress.js';

import { DAILY_CAPS, MIN_PRIZE_HANDS, soloPrize, type CapKind, type Prize } from '../fairness/policy.js';

export { AlreadyApplied } from '../store/progress.js';
export type { ChipReason, LedgerEntry, LedgerRow };

/** The user's balance. */
export const balance = (db: ProgressReads, userId: string): Promise<number> => db.balance(userId);

/** The newest ledger rows of a user. */
export const ledger = (db: ProgressReads, userId: string, limit = 50): Promise<LedgerRow[]> =>
  db.ledger(userId, limit);

export const utcDayStart = (now: number): number => now - (now % 86_400_000);

/**
 * Takes one of the user's wins under `cap` for the UTC day of `now`, inside the caller's transaction: false when the
 * day's cap is reached. Atomic on SQLite and PostgreSQL (ProgressTransaction.takeDailyWin).
 */
export const takeDailyWin = (
  tx: ProgressTransaction,
  userId: string,
  cap: CapKind,
  now: number,
): Promise<boolean> => tx.takeDailyWin(userId, cap, utcDayStart(now), DAILY_CAPS[cap]);

/**
 * Pays a prize under its daily cap, inside the caller's transaction: takes one win of the cap per slot of the prize
 * while the cap has room, and credits what the slots taken pay (the ledger row `entry.id`, once: a second credit of
 * the same id throws {@link AlreadyApplied}). Returns the chips paid: 0 when the cap was full.
 */
export async function payUnderCap(
  tx: ProgressTransaction,
  entry: { readonly id: string; readonly userId: string; readonly ref: string; readonly at: number },
  prize: Prize,
): Promise<number> {
  let taken = 0;
  while (taken < prize.slots && (await takeDailyWin(tx, entry.userId, prize.cap, entry.at))) taken++;
  const amount = (prize.amount / prize.slots) * taken;
  if (amount > 0) await tx.credit({ ...entry, amount, reason: prize.reason });
  return amount;
}

/** Wins paid to the user under `cap` since the start of the UTC day. */
export const winsToday = (db: ProgressReads, userId: string, cap: CapKind, now: number): Promise<number> =>
  db.winsOn(userId, cap, utcDayStart(now));

/** Why a solo win is not paid. */
export type SoloRefusal =
  | 'ERR_BAD_RECORD' // not a record that replays
  | 'ERR_NOT_FINISHED'
  | 'ERR_NOT_WON' // the claimed seat is not among the winners
  | 'ERR_BAD_SEAT'
  | 'ERR_TOO_SHORT' // too few hands to pay (fairness/policy.ts MIN_PRIZE_HANDS)
  | 'ERR_UNDO_USED' // the record says cards were taken back (`undos`): practice only
  | 'ERR_ALREADY_CLAIMED' // this game was paid before (to anyone)
  | 'ERR_DAILY_CAP';

export class SoloClaimRefused extends Error {
  constructor(
    readonly code: SoloRefusal,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checks a solo game's record with the engine: it must replay, be finished and be won by `seat` (alone or
 * shared). Returns the game's hash: SHA-256 of the replayed record without the players' names, so the same deals
 * and moves under other names are the same game.
 */
export function checkSoloWin(record: unknown, seat: number): { hash: string; hands: number } {
  const r = replayRecord(record);
  if (!r.ok)
    throw new SoloClaimRefused(
      'ERR_BAD_RECORD',
      `the record does not replay: ${r.error.kind === 'format' ? r.error.message : r.error.reason}`,
    );
  const g = r.value;
  if (!Number.isInteger(seat) || seat < 0 || seat >= g.rules.players)
    throw new SoloClaimRefused('ERR_BAD_SEAT', `seat must be 0 to ${g.rules.players - 1}`);
  if (!g.finished) throw new SoloClaimRefused('ERR_NOT_FINISHED', 'the game is not finished');
  if (!g.winners.includes(seat)) throw new SoloClaimRefused('ERR_NOT_WON', 'that seat did not win');
  if (undosOf(record) > 0)
    throw new SoloClaimRefused('ERR_UNDO_USED', 'cards were taken back in this game: it was practice only');
  const anonymous = makeRecord(
    g.state,
    g.players.map(() => ''),
  );
  const hash = createHash('sha256').update(JSON.stringify(anonymous)).digest('hex');
  return { hash, hands: g.hands.length };
}

/**
 * Pays a solo win once, the token the policy grants (`soloPrize`: 500 chips, games of at least 3 hands): the game's
 * hash is the results key and the ledger id, so a second claim of the same game, by anyone, is refused. At most
 * {@link DAILY_CAPS}.solo solo wins a day.
 */
export async function claimSoloWin(
  db: ProgressStore,
  userId: string,
  record: unknown,
  seat: number,
  now = Date.now(),
): Promise<{ amount: number; balance: number; hash: string }> {
  const { hash, hands } = checkSoloWin(record, seat);
  const prize = soloPrize(hands);
  if (prize === null)
    throw new SoloClaimRefused('ERR_TOO_SHORT', `a game must last at least ${MIN_PRIZE_HANDS} hands to pay`);
  const id = `solo:${hash}`;
  const amount = prize.amount;
  try {
    await db.transaction(async (tx) => {
      if ((await tx.gameResult(id)) !== null)
        throw new SoloClaimRefused('ERR_ALREADY_CLAIMED', 'this game has been claimed already');
      if (!(await takeDailyWin(tx, userId, prize.cap, now)))
        throw new SoloClaimRefused(
          'ERR_DAILY_CAP',
          `solo wins pay at most ${DAILY_CAPS.solo} times a day; come back tomorrow`,
        );
      await tx.addGameResult({
        gameId: id,
        kind: 'solo',
        rated: false,
        userId,
        finishedAt: now,
        result: JSON.stringify({ seat, hands, amount }),
      });
      await tx.credit({ id, userId, amount, reason: prize.reason, ref: id, at: now });
    });
  } catch (e) {
    if (e instanceof AlreadyApplied)
      throw new SoloClaimRefused('ERR_ALREADY_CLAIMED', 'this game has been claimed already');
    throw e;
  }
  return { amount, balance: await balance(db, userId), hash };
}
