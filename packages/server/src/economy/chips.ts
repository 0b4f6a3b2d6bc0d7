/**
 * Chips (Jetons): won by winning games, spent in the shop. Every change of a balance is a row of the ledger whose
 * id names what caused it (`win:<game>:<user>`, `solo:<record hash>`, `buy:<user>:<item>`), so a cause can pay or
 * charge only once; the wallet holds the running balance, changed in the same transaction.
 *
 * | win | chips | paid per player and UTC day |
 * | --- | --- | --- |
 * | a rated live game with at least two people dealt in | 25,000 | {@link DAILY_CAPS}.live live wins |
 * | an unrated live game (friends' table, unrated quick match) with at least two people dealt in | 10,000 | (the same cap) |
 * | practice: a live table with one person and bots (rated or not) | 5,000 | {@link DAILY_CAPS}.practice |
 * | a solo game (dealt and played on the device: the server cannot check it) | 500 | {@link DAILY_CAPS}.solo |
 *
 * A live game pays only if it lasted at least {@link MIN_PRIZE_HANDS} hands. A shared win pays each winner. Bots
 * win nothing. The daily caps are counted in `chip_caps`, one row per player, day and cap, taken by one conditional
 * update in the paying transaction, so concurrent wins can never pay past a cap (docs/rating.md).
 *
 * ```ts
 * await store.progress.transaction((tx) =>
 *   tx.credit({ id: `win:${game}:${user}`, userId: user, amount: 25_000, reason: 'rated-win', ref: game, at }),
 * );
 * await balance(store.progress, user); // 25000
 * ```
 */
import { createHash } from 'node:crypto';
import { makeRecord, replayRecord, undosOf } from '@hearts/engine';
import type { ChipReason, LedgerRow } from '@hearts/live/api';
import {
  AlreadyApplied,
  type LedgerEntry,
  type ProgressReads,
  type ProgressStore,
  type ProgressTransaction,
} from '../store/progress.js';

export { AlreadyApplied } from '../store/progress.js';
export type { ChipReason, LedgerEntry, LedgerRow };

export const PRIZES = {
  rated: 25_000, // a rated live win with at least two people dealt in
  friends: 10_000, // an unrated live win with at least two people dealt in
  practice: 5_000, // a live win alone with bots
  solo: 500, // a solo win: a token, since the device deals and plays the bots
} as const;

/** The fewest hands a live game must last to pay anything (one-hand tables pay nothing). */
export const MIN_PRIZE_HANDS = 3;

/** Wins paid per player and UTC day, by cap. */
export const DAILY_CAPS = {
  live: 10, // rated and friends' wins (at least two people dealt in)
  practice: 20, // live wins alone with bots
  solo: 20, // solo wins reported by the browser
} as const;

export type CapKind = keyof typeof DAILY_CAPS;

/** What a win pays, under which daily cap. */
export interface Prize {
  readonly amount: number;
  readonly reason: ChipReason;
  readonly cap: CapKind;
}

/** A finished live game, as far as its prize is concerned. */
export interface LiveGameFacts {
  readonly rated: boolean;
  readonly humansAtDeal: number; // people dealt in at the start (not bots)
  readonly hands: number; // hands played
}

/**
 * What a live win pays, or null when the game pays nothing (shorter than {@link MIN_PRIZE_HANDS} hands). One person
 * with bots is practice, rated or not: only a table of at least two people pays a rated or friends' prize.
 */
export function livePrize(game: LiveGameFacts): Prize | null {
  if (game.hands < MIN_PRIZE_HANDS) return null;
  if (game.humansAtDeal < 2) return { amount: PRIZES.practice, reason: 'practice-win', cap: 'practice' };
  if (game.rated) return { amount: PRIZES.rated, reason: 'rated-win', cap: 'live' };
  return { amount: PRIZES.friends, reason: 'friends-win', cap: 'live' };
}

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

/** Wins paid to the user under `cap` since the start of the UTC day. */
export const winsToday = (db: ProgressReads, userId: string, cap: CapKind, now: number): Promise<number> =>
  db.winsOn(userId, cap, utcDayStart(now));

/** Why a solo win is not paid. */
export type SoloRefusal =
  | 'ERR_BAD_RECORD' // not a record that replays
  | 'ERR_NOT_FINISHED'
  | 'ERR_NOT_WON' // the claimed seat is not among the winners
  | 'ERR_BAD_SEAT'
  | 'ERR_TOO_SHORT' // fewer than MIN_PRIZE_HANDS hands
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
 * Pays a solo win once, a token amount ({@link PRIZES}.solo): the game's hash is the results key and the ledger id,
 * so a second claim of the same game, by anyone, is refused. At most {@link DAILY_CAPS}.solo solo wins a day, and
 * only games of at least {@link MIN_PRIZE_HANDS} hands.
 */
export async function claimSoloWin(
  db: ProgressStore,
  userId: string,
  record: unknown,
  seat: number,
  now = Date.now(),
): Promise<{ amount: number; balance: number; hash: string }> {
  const { hash, hands } = checkSoloWin(record, seat);
  if (hands < MIN_PRIZE_HANDS)
    throw new SoloClaimRefused('ERR_TOO_SHORT', `a game must last at least ${MIN_PRIZE_HANDS} hands to pay`);
  const id = `solo:${hash}`;
  const amount = PRIZES.solo;
  try {
    await db.transaction(async (tx) => {
      if ((await tx.gameResult(id)) !== null)
        throw new SoloClaimRefused('ERR_ALREADY_CLAIMED', 'this game has been claimed already');
      if (!(await takeDailyWin(tx, userId, 'solo', now)))
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
      await tx.credit({ id, userId, amount, reason: 'solo-win', ref: id, at: now });
    });
  } catch (e) {
    if (e instanceof AlreadyApplied)
      throw new SoloClaimRefused('ERR_ALREADY_CLAIMED', 'this game has been claimed already');
    throw e;
  }
  return { amount, balance: await balance(db, userId), hash };
}
