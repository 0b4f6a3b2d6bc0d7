/** {@link DailyStore} on any Kysely database (SQLite, PostgreSQL): portable queries only, like the rest of the store. */
import type { Kysely, Selectable } from 'kysely';
import { parseRules } from '@hearts/engine';
import {
  DailyPlayedError,
  type DailyAttempt,
  type DailyDay,
  type DaySummary,
  type NewAttempt,
} from './daily.js';
import type { DailyAttemptsTable, DailyDaysTable, Database } from './schema.js';
import type { DailyStore, TableRecord } from './types.js';
import { isUniqueViolation } from './sql-errors.js';

type Db = Kysely<Database>;

function toDay(r: Selectable<DailyDaysTable>): DailyDay {
  const rules = parseRules(JSON.parse(r.rules) as unknown);
  if (!rules.ok) throw new Error(`daily ${r.date}: stored rules are invalid: ${rules.error.message}`);
  return {
    date: r.date,
    seed: r.seed,
    commitment: r.commitment,
    rules: rules.value,
    createdAt: Number(r.created_at),
    par: r.par === null ? null : (JSON.parse(r.par) as number[]),
  };
}

function toAttempt(r: Selectable<DailyAttemptsTable>): DailyAttempt {
  return {
    date: r.date,
    userId: r.user_id,
    name: r.name,
    tableId: r.table_id,
    startedAt: Number(r.started_at),
    status: r.status === 'finished' ? 'finished' : 'playing',
    points: r.points === null ? null : (JSON.parse(r.points) as number[]),
    total: r.total === null ? null : Number(r.total),
    left: Number(r.left_early) === 1,
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    ranked: Number(r.ranked) === 1,
  };
}

/** Sorts a day's attempts: finished by total (ties by who finished first), then the running ones. */
const byTotal = (a: DailyAttempt, b: DailyAttempt): number =>
  (a.total ?? Infinity) - (b.total ?? Infinity) ||
  (a.finishedAt ?? a.startedAt) - (b.finishedAt ?? b.startedAt) ||
  (a.userId < b.userId ? -1 : 1);

/**
 * Marks the attempt of a daily table finished with its points, once: false when it was finished before (or the
 * table is no daily table). Run inside the transaction that finishes the table.
 */
export async function finishDailyAttempt(
  db: Db,
  tableId: string,
  result: { points: readonly number[]; left: boolean; at: number },
): Promise<boolean> {
  const r = await db
    .updateTable('daily_attempts')
    .set({
      status: 'finished',
      points: JSON.stringify(result.points),
      total: result.points.reduce((a, b) => a + b, 0),
      left_early: result.left ? 1 : 0,
      finished_at: result.at,
    })
    .where('table_id', '=', tableId)
    .where('status', '=', 'playing')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export class KyselyDaily implements DailyStore {
  constructor(
    private readonly db: Db,
    private readonly insertTable: (db: Db, table: TableRecord) => Promise<void>,
  ) {}

  async ensureDay(day: Omit<DailyDay, 'par'>): Promise<DailyDay> {
    await this.db
      .insertInto('daily_days')
      .values({
        date: day.date,
        seed: day.seed,
        commitment: day.commitment,
        rules: JSON.stringify(day.rules),
        created_at: day.createdAt,
        par: null,
      })
      .onConflict((oc) => oc.column('date').doNothing())
      .execute();
    return (await this.day(day.date))!;
  }

  async day(date: string): Promise<DailyDay | null> {
    const r = await this.db.selectFrom('daily_days').selectAll().where('date', '=', date).executeTakeFirst();
    return r ? toDay(r) : null;
  }

  async setPar(date: string, par: readonly number[]): Promise<boolean> {
    const r = await this.db
      .updateTable('daily_days')
      .set({ par: JSON.stringify(par) })
      .where('date', '=', date)
      .where('par', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async startAttempt(a: NewAttempt, table: TableRecord): Promise<void> {
    try {
      await this.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('daily_attempts')
          .values({
            date: a.date,
            user_id: a.userId,
            name: a.name,
            table_id: a.tableId,
            started_at: a.startedAt,
            status: 'playing',
            points: null,
            total: null,
            left_early: 0,
            finished_at: null,
            ranked: a.ranked === false ? 0 : 1,
          })
          .execute();
        await this.insertTable(tx, table);
      });
    } catch (e) {
      if (isUniqueViolation(e) && (await this.attempt(a.date, a.userId)))
        throw new DailyPlayedError(a.date, a.userId);
      throw e;
    }
  }

  async attempt(date: string, userId: string): Promise<DailyAttempt | null> {
    const r = await this.db
      .selectFrom('daily_attempts')
      .selectAll()
      .where('date', '=', date)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r ? toAttempt(r) : null;
  }

  async attemptOfTable(tableId: string): Promise<DailyAttempt | null> {
    const r = await this.db
      .selectFrom('daily_attempts')
      .selectAll()
      .where('table_id', '=', tableId)
      .executeTakeFirst();
    return r ? toAttempt(r) : null;
  }

  async attempts(date: string): Promise<DailyAttempt[]> {
    const rows = await this.db.selectFrom('daily_attempts').selectAll().where('date', '=', date).execute();
    return rows.map(toAttempt).sort(byTotal);
  }

  async userAttempts(userId: string, limit: number): Promise<DailyAttempt[]> {
    const rows = await this.db
      .selectFrom('daily_attempts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('date', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toAttempt);
  }

  async days(before: string, limit: number): Promise<DaySummary[]> {
    const days = await this.db
      .selectFrom('daily_days')
      .select('date')
      .where('date', '<', before)
      .orderBy('date', 'desc')
      .limit(limit)
      .execute();
    if (days.length === 0) return [];
    const counts = await this.db
      .selectFrom('daily_attempts')
      .select(['date', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where(
        'date',
        'in',
        days.map((d) => d.date),
      )
      .where('status', '=', 'finished')
      .where('ranked', '=', 1)
      .groupBy('date')
      .execute();
    const n = new Map(counts.map((c) => [c.date, Number(c.n)]));
    return days.map((d) => ({ date: d.date, players: n.get(d.date) ?? 0 }));
  }
}
