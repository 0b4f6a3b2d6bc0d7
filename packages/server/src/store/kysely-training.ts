/**
 * {@link TrainingStore} on any Kysely database (SQLite, PostgreSQL): portable queries only, like the rest of the
 * store. The primary keys keep each position and each progress record once per player, also when two devices send
 * at once; the caps are held in the transaction that writes.
 */
import { sql, type Kysely } from 'kysely';
import { mergeProgress, type TrainingPosition, type TrainingProgress } from '@hearts/protocol/http/training';
import type { Database } from './schema.js';
import type { TrainingStore } from './types.js';

type Db = Kysely<Database>;

/** The larger of a kept column and the one sent, in an upsert (CASE: SQLite has no GREATEST). */
const larger = (column: 'attempts' | 'solved' | 'at') =>
  sql<number>`CASE WHEN ${sql.ref(`training_progress.${column}`)} > ${sql.ref(`excluded.${column}`)} THEN ${sql.ref(`training_progress.${column}`)} ELSE ${sql.ref(`excluded.${column}`)} END`;

export class KyselyTraining implements TrainingStore {
  constructor(private readonly db: Db) {}

  async savePositions(
    userId: string,
    positions: readonly TrainingPosition[],
    max: { readonly positions: number; readonly bytes: number },
  ): Promise<{ stored: number; total: number }> {
    return this.db.transaction().execute(async (tx) => {
      let stored = 0;
      for (const p of positions) {
        const r = await tx
          .insertInto('training_positions')
          .values({ user_id: userId, id: p.id, position: JSON.stringify(p), created_at: p.createdAt })
          .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
          .executeTakeFirst();
        stored += Number(r.numInsertedOrUpdatedRows ?? 0);
      }
      // The newest first, as many as the caps hold (positions are ASCII JSON: characters are bytes).
      const kept = await tx
        .selectFrom('training_positions')
        .select(['id', sql<number | string>`length(position)`.as('bytes')])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      let bytes = 0;
      const gone = kept.flatMap((r, i) => {
        bytes += Number(r.bytes);
        return i < max.positions && bytes <= max.bytes ? [] : [r.id];
      });
      for (let i = 0; i < gone.length; i += 500)
        await tx
          .deleteFrom('training_positions')
          .where('user_id', '=', userId)
          .where('id', 'in', gone.slice(i, i + 500))
          .execute();
      return { stored, total: kept.length - gone.length };
    });
  }

  async positions(userId: string): Promise<TrainingPosition[]> {
    const rows = await this.db
      .selectFrom('training_positions')
      .select('position')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => JSON.parse(r.position) as TrainingPosition);
  }

  async saveProgress(userId: string, progress: readonly TrainingProgress[], max: number): Promise<number> {
    // One record per id first: the same id twice in one upload is merged here, not by the database.
    const byId = new Map<string, TrainingProgress>();
    for (const p of progress) {
      const had = byId.get(p.id);
      byId.set(p.id, had ? mergeProgress(had, p) : p);
    }
    return this.db.transaction().execute(async (tx) => {
      for (const p of byId.values())
        await tx
          .insertInto('training_progress')
          .values({
            user_id: userId,
            position_id: p.id,
            attempts: p.attempts,
            solved: p.solved ? 1 : 0,
            at: p.at,
          })
          .onConflict((oc) =>
            oc.columns(['user_id', 'position_id']).doUpdateSet({
              attempts: larger('attempts'),
              solved: larger('solved'),
              at: larger('at'),
            }),
          )
          .execute();
      await tx
        .deleteFrom('training_progress')
        .where('user_id', '=', userId)
        .where('position_id', 'not in', (eb) =>
          eb
            .selectFrom('training_progress')
            .select('position_id')
            .where('user_id', '=', userId)
            .orderBy('at', 'desc')
            .orderBy('position_id', 'desc')
            .limit(max),
        )
        .execute();
      const n = await tx
        .selectFrom('training_progress')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(n.n);
    });
  }

  async progress(userId: string): Promise<TrainingProgress[]> {
    const rows = await this.db
      .selectFrom('training_progress')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .orderBy('position_id', 'desc')
      .execute();
    return rows.map((r) => ({
      id: r.position_id,
      attempts: Number(r.attempts),
      solved: Number(r.solved) === 1,
      at: Number(r.at),
    }));
  }
}
