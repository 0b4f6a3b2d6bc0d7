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
 * await credit(tx, { id: `win:${game}:${user}`, userId: user, amount: 25_000, reason: 'rated-win', ref: game, at });
 * await balance(db, user); // 25000
 * ```
 */
import { createHash } from 'node:crypto';
import { makeRecord, replayRecord } from '@hearts/engine';
import type { Kysely } from 'kysely';
import type { ProgressDatabase } from '../rating/schema.js';

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

export type ChipReason = 'rated-win' | 'friends-win' | 'practice-win' | 'solo-win' | 'purchase';

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

export interface LedgerEntry {
  readonly id: string; // unique: the cause
  readonly userId: string;
  readonly amount: number; // + in, − out
  readonly reason: ChipReason;
  readonly ref: string; // the game or the item
  readonly at: number;
}

type Db = Kysely<ProgressDatabase>;

const isUnique = (e: unknown): boolean => {
  const x = e as { code?: string; message?: string };
  return (
    x?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    x?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    x?.code === '23505' ||
    /unique|primary key/i.test(x?.message ?? '')
  );
};

export class AlreadyApplied extends Error {
  constructor(readonly id: string) {
    super(`ledger entry ${id} exists already`);
  }
}

/**
 * Adds a ledger row and moves the wallet, inside the caller's transaction. A row with the same id refuses with
 * {@link AlreadyApplied}. A debit that the balance does not cover changes nothing and returns false.
 */
export async function credit(tx: Db, e: LedgerEntry): Promise<boolean> {
  if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw new Error(`bad amount ${e.amount}`);
  if (e.amount < 0) {
    const r = await tx
      .updateTable('wallets')
      .set((eb) => ({ balance: eb('balance', '+', e.amount) }))
      .where('user_id', '=', e.userId)
      .where('balance', '>=', -e.amount)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
  } else {
    // One statement: a wallet's first row and a concurrent first row of the same wallet cannot collide.
    await tx
      .insertInto('wallets')
      .values({ user_id: e.userId, balance: e.amount })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet((eb) => ({ balance: eb('wallets.balance', '+', eb.ref('excluded.balance')) })),
      )
      .execute();
  }
  try {
    await tx
      .insertInto('chip_ledger')
      .values({
        id: e.id,
        user_id: e.userId,
        amount: e.amount,
        reason: e.reason,
        ref: e.ref,
        created_at: e.at,
      })
      .execute();
  } catch (err) {
    if (isUnique(err)) throw new AlreadyApplied(e.id);
    throw err;
  }
  return true;
}

export async function balance(db: Db, userId: string): Promise<number> {
  const r = await db.selectFrom('wallets').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return r ? Number(r.balance) : 0;
}

export interface LedgerRow {
  readonly amount: number;
  readonly reason: ChipReason;
  readonly ref: string;
  readonly at: number;
}

/** The newest ledger rows of a user. */
export async function ledger(db: Db, userId: string, limit = 50): Promise<LedgerRow[]> {
  const rows = await db
    .selectFrom('chip_ledger')
    .select(['amount', 'reason', 'ref', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    amount: Number(r.amount),
    reason: r.reason as ChipReason,
    ref: r.ref,
    at: Number(r.created_at),
  }));
}

export const utcDayStart = (now: number): number => now - (now % 86_400_000);

/**
 * Takes one of the user's wins under `cap` for the UTC day of `now`, inside the caller's transaction: false when the
 * day's cap is reached. Atomic on SQLite and PostgreSQL: the day's counter row is created by an insert that does
 * nothing if it exists, and taken by one conditional update (`wins = wins + 1 WHERE wins < cap`), which PostgreSQL
 * re-checks on the newest row after waiting for a concurrent transaction holding it.
 */
export async function takeDailyWin(tx: Db, userId: string, cap: CapKind, now: number): Promise<boolean> {
  const day = utcDayStart(now);
  await tx
    .insertInto('chip_caps')
    .values({ user_id: userId, day, cap, wins: 0 })
    .onConflict((oc) => oc.columns(['user_id', 'day', 'cap']).doNothing())
    .execute();
  const r = await tx
    .updateTable('chip_caps')
    .set((eb) => ({ wins: eb('wins', '+', 1) }))
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('cap', '=', cap)
    .where('wins', '<', DAILY_CAPS[cap])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Wins paid to the user under `cap` since the start of the UTC day. */
export async function winsToday(db: Db, userId: string, cap: CapKind, now: number): Promise<number> {
  const r = await db
    .selectFrom('chip_caps')
    .select('wins')
    .where('user_id', '=', userId)
    .where('day', '=', utcDayStart(now))
    .where('cap', '=', cap)
    .executeTakeFirst();
  return Number(r?.wins ?? 0);
}

/** Why a solo win is not paid. */
export type SoloRefusal =
  | 'ERR_BAD_RECORD' // not a record that replays
  | 'ERR_NOT_FINISHED'
  | 'ERR_NOT_WON' // the claimed seat is not among the winners
  | 'ERR_BAD_SEAT'
  | 'ERR_TOO_SHORT' // fewer than MIN_PRIZE_HANDS hands
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
  db: Db,
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
    await db.transaction().execute(async (tx) => {
      const seen = await tx
        .selectFrom('game_results')
        .select('game_id')
        .where('game_id', '=', id)
        .executeTakeFirst();
      if (seen) throw new SoloClaimRefused('ERR_ALREADY_CLAIMED', 'this game has been claimed already');
      if (!(await takeDailyWin(tx, userId, 'solo', now)))
        throw new SoloClaimRefused(
          'ERR_DAILY_CAP',
          `solo wins pay at most ${DAILY_CAPS.solo} times a day; come back tomorrow`,
        );
      await tx
        .insertInto('game_results')
        .values({
          game_id: id,
          kind: 'solo',
          rated: 0,
          user_id: userId,
          finished_at: now,
          result: JSON.stringify({ seat, hands, amount }),
        })
        .execute();
      await credit(tx, { id, userId, amount, reason: 'solo-win', ref: id, at: now });
    });
  } catch (e) {
    if (e instanceof AlreadyApplied || (!(e instanceof SoloClaimRefused) && isUnique(e)))
      throw new SoloClaimRefused('ERR_ALREADY_CLAIMED', 'this game has been claimed already');
    throw e;
  }
  return { amount, balance: await balance(db, userId), hash };
}
