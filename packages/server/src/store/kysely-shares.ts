/** {@link ShareStore} on any Kysely database (SQLite, PostgreSQL). Portable queries only. */
import type { Kysely, Selectable } from 'kysely';
import type { GameRecord } from '@hearts/engine';
import type { Database, SharesTable } from './schema.js';
import { SHARE_SOURCES, type Share, type ShareSource, type ShareStore } from './shares.js';

const shareOf = (r: Selectable<SharesTable>): Share => ({
  id: r.id,
  userId: r.user_id,
  source: SHARE_SOURCES.find((s) => s === r.source) ?? ('solo' satisfies ShareSource),
  tableId: r.table_id,
  seat: Number(r.seat),
  record: JSON.parse(r.record) as GameRecord,
  createdAt: Number(r.created_at),
});

export class KyselyShares implements ShareStore {
  constructor(private readonly db: Kysely<Database>) {}

  async create(share: Share, digest: string): Promise<Share> {
    await this.db
      .insertInto('shares')
      .values({
        id: share.id,
        user_id: share.userId,
        digest,
        source: share.source,
        table_id: share.tableId,
        seat: share.seat,
        record: JSON.stringify(share.record),
        created_at: share.createdAt,
      })
      .onConflict((oc) => oc.columns(['user_id', 'digest']).doNothing())
      .execute();
    const row = await this.db
      .selectFrom('shares')
      .selectAll()
      .where('user_id', '=', share.userId)
      .where('digest', '=', digest)
      .executeTakeFirstOrThrow();
    return shareOf(row);
  }

  async get(id: string): Promise<Share | null> {
    const row = await this.db.selectFrom('shares').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? shareOf(row) : null;
  }

  async countOf(userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('shares')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
