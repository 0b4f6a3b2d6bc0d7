/**
 * Chips (Jetons): won by winning games, spent in the shop. Every change of a balance is a row of the ledger whose
 * id names what caused it (`win:<game>:<user>`, `solo:<record hash>`, `buy:<user>:<item>`), so a cause can pay or
 * charge only once; the wallet holds the running balance, changed in the same transaction.
 *
 * | win | chips |
 * | --- | --- |
 * | a rated game | 25,000 |
 * | an unrated live game (friends' table or unrated quick match) with at least two people | 10,000 |
 * | practice: a solo game, or a live table with one person and bots | 5,000, at most {@link PRACTICE_DAILY_CAP} a day |
 *
 * A shared win pays each winner. Bots win nothing.
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
  rated: 25_000,
  friends: 10_000,
  practice: 5_000,
} as const;

/** Practice wins (solo, or alone with bots at a live table) paid per user and UTC day. */
export const PRACTICE_DAILY_CAP = 20;

export type ChipReason = 'rated-win' | 'friends-win' | 'practice-win' | 'purchase';

/** What a live win pays: by the table, and by how many people were dealt in. */
export function livePrize(rated: boolean, humansAtDeal: number): { amount: number; reason: ChipReason } {
  if (rated) return { amount: PRIZES.rated, reason: 'rated-win' };
  if (humansAtDeal >= 2) return { amount: PRIZES.friends, reason: 'friends-win' };
  return { amount: PRIZES.practice, reason: 'practice-win' };
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
    const r = await tx
      .updateTable('wallets')
      .set((eb) => ({ balance: eb('balance', '+', e.amount) }))
      .where('user_id', '=', e.userId)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0)
      await tx.insertInto('wallets').values({ user_id: e.userId, balance: e.amount }).execute();
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

/** Practice wins paid to the user since the start of the UTC day. */
export async function practiceWinsToday(db: Db, userId: string, now: number): Promise<number> {
  const r = await db
    .selectFrom('chip_ledger')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('reason', '=', 'practice-win')
    .where('created_at', '>=', utcDayStart(now))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Why a practice win is not paid. */
export type SoloRefusal =
  | 'ERR_BAD_RECORD' // not a record that replays
  | 'ERR_NOT_FINISHED'
  | 'ERR_NOT_WON' // the claimed seat is not among the winners
  | 'ERR_BAD_SEAT'
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
 * Pays a practice (solo) win once: the game's hash is the results key and the ledger id, so a second claim of the
 * same game, by anyone, is refused. At most {@link PRACTICE_DAILY_CAP} practice wins a day.
 */
export async function claimSoloWin(
  db: Db,
  userId: string,
  record: unknown,
  seat: number,
  now = Date.now(),
): Promise<{ amount: number; balance: number; hash: string }> {
  const { hash, hands } = checkSoloWin(record, seat);
  const id = `solo:${hash}`;
  try {
    await db.transaction().execute(async (tx) => {
      const seen = await tx
        .selectFrom('game_results')
        .select('game_id')
        .where('game_id', '=', id)
        .executeTakeFirst();
      if (seen) throw new SoloClaimRefused('ERR_ALREADY_CLAIMED', 'this game has been claimed already');
      if ((await practiceWinsToday(tx, userId, now)) >= PRACTICE_DAILY_CAP)
        throw new SoloClaimRefused(
          'ERR_DAILY_CAP',
          `practice wins pay at most ${PRACTICE_DAILY_CAP} times a day; come back tomorrow`,
        );
      await tx
        .insertInto('game_results')
        .values({
          game_id: id,
          kind: 'solo',
          rated: 0,
          user_id: userId,
          finished_at: now,
          result: JSON.stringify({ seat, hands, amount: PRIZES.practice }),
        })
        .execute();
      await credit(tx, {
        id,
        userId,
        amount: PRIZES.practice,
        reason: 'practice-win',
        ref: id,
        at: now,
      });
    });
  } catch (e) {
    if (e instanceof AlreadyApplied || (!(e instanceof SoloClaimRefused) && isUnique(e)))
      throw new SoloClaimRefused('ERR_ALREADY_CLAIMED', 'this game has been claimed already');
    throw e;
  }
  return { amount: PRIZES.practice, balance: await balance(db, userId), hash };
}
