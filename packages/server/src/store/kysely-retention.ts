/**
 * {@link RetentionStore} on any Kysely database (SQLite, PostgreSQL): each kind is removed by one DELETE by age,
 * so that several processes sweeping at once do no harm (the second finds the rows gone). Portable queries only.
 */
import type { Kysely } from 'kysely';
import type { Retained, RetentionStore } from '../retention.js';
import type { Database } from './schema.js';

export class KyselyRetention implements RetentionStore {
  constructor(private readonly db: Kysely<Database>) {}

  async sweep(kind: Retained, before: number): Promise<number> {
    switch (kind) {
      case 'chat': {
        // A table with an open report keeps its lines: the moderator has not read them yet.
        const r = await this.db
          .deleteFrom('table_chat')
          .where('created_at', '<', before)
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom('reports')
                  .select('reports.id')
                  .whereRef('reports.table_id', '=', 'table_chat.table_id')
                  .where('reports.status', '=', 'open'),
              ),
            ),
          )
          .executeTakeFirst();
        return Number(r.numDeletedRows);
      }
      case 'watchers': {
        const r = await this.db.deleteFrom('table_watchers').where('at', '<', before).executeTakeFirst();
        return Number(r.numDeletedRows);
      }
      case 'leaves': {
        const r = await this.db.deleteFrom('leaves').where('created_at', '<', before).executeTakeFirst();
        return Number(r.numDeletedRows);
      }
      case 'chipCaps': {
        // A day's row starts at the day's first millisecond: gone once the whole day is older than the cut.
        const r = await this.db
          .deleteFrom('chip_caps')
          .where('day', '<=', before - 24 * 3_600_000)
          .executeTakeFirst();
        return Number(r.numDeletedRows);
      }
      case 'requests': {
        // Open requests only: a friendship stays however old it is.
        const r = await this.db
          .deleteFrom('friendships')
          .where('status', '=', 'pending')
          .where('created_at', '<', before)
          .executeTakeFirst();
        return Number(r.numDeletedRows);
      }
      case 'invites': {
        const r = await this.db
          .deleteFrom('friend_invites')
          .where('expires_at', '<', before)
          .executeTakeFirst();
        return Number(r.numDeletedRows);
      }
    }
  }
}
