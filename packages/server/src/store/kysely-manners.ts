/** {@link MannersStore} on any Kysely database (SQLite, PostgreSQL): portable queries only, like the rest of the store. */
import type { Kysely, Selectable } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { ChatSource, ReportReason, ReportStatus } from '@hearts/protocol/http';
import { isUniqueViolation } from './sql-errors.js';
import {
  ReportedAlreadyError,
  type BlockedUser,
  type ChatCount,
  type Leave,
  type NewReport,
  type StoredChatLine,
  type StoredReport,
} from './manners.js';
import type { Database, ReportsTable } from './schema.js';
import type { MannersStore } from './types.js';

type Db = Kysely<Database>;

let chatSeq = 0;
/** A chat line's id: sorts by time, then by the order this process stored them (random past that). */
const chatId = (at: number): string =>
  `${at.toString(36).padStart(9, '0')}${(chatSeq++ % 36 ** 4).toString(36).padStart(4, '0')}${randomBytes(6).toString('hex')}`;

type ReportRow = Selectable<ReportsTable> & { reporter_name: string; reported_name: string };

const toReport = (r: ReportRow): StoredReport => ({
  id: r.id,
  reporterId: r.reporter_id,
  reportedId: r.reported_id,
  reporterName: r.reporter_name,
  reportedName: r.reported_name,
  tableId: r.table_id,
  seat: Number(r.seat),
  reason: r.reason as ReportReason,
  text: r.text,
  at: Number(r.created_at),
  status: r.status as ReportStatus,
  handledBy: r.handled_by,
  handledAt: r.handled_at === null ? null : Number(r.handled_at),
});

export class KyselyManners implements MannersStore {
  constructor(private readonly db: Db) {}

  async block(blockerId: string, blockedId: string, at: number): Promise<boolean> {
    if (blockerId === blockedId) throw new Error('a user cannot block themselves');
    const r = await this.db
      .insertInto('blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: at })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async unblock(blockerId: string, blockedId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('blocks')
      .where('blocker_id', '=', blockerId)
      .where('blocked_id', '=', blockedId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async blocked(blockerId: string): Promise<BlockedUser[]> {
    const rows = await this.db
      .selectFrom('blocks')
      .innerJoin('users', 'users.id', 'blocks.blocked_id')
      .select(['users.id', 'users.name', 'blocks.created_at'])
      .where('blocker_id', '=', blockerId)
      .orderBy('blocks.created_at', 'desc')
      .orderBy('users.id')
      .execute();
    return rows.map((r) => ({ userId: r.id, name: r.name, since: Number(r.created_at) }));
  }

  async blockCount(blockerId: string): Promise<number> {
    const r = await this.db
      .selectFrom('blocks')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .where('blocker_id', '=', blockerId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async blockedIds(blockerId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('blocks')
      .select('blocked_id')
      .where('blocker_id', '=', blockerId)
      .execute();
    return rows.map((r) => r.blocked_id);
  }

  async avoidedBy(userId: string): Promise<string[]> {
    const mine = this.db.selectFrom('blocks').select('blocked_id as id').where('blocker_id', '=', userId);
    const theirs = this.db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', userId);
    const rows = await mine.union(theirs).execute();
    return rows.map((r) => r.id).sort();
  }

  async addReport(r: NewReport): Promise<void> {
    try {
      await this.db
        .insertInto('reports')
        .values({
          id: r.id,
          reporter_id: r.reporterId,
          reported_id: r.reportedId,
          table_id: r.tableId,
          seat: r.seat,
          reason: r.reason,
          text: r.text,
          created_at: r.at,
          status: 'open',
          handled_by: null,
          handled_at: null,
        })
        .execute();
    } catch (e) {
      if (isUniqueViolation(e)) throw new ReportedAlreadyError();
      throw e;
    }
  }

  private selectReports() {
    return this.db
      .selectFrom('reports')
      .innerJoin('users as reporter', 'reporter.id', 'reports.reporter_id')
      .innerJoin('users as reported', 'reported.id', 'reports.reported_id')
      .selectAll('reports')
      .select(['reporter.name as reporter_name', 'reported.name as reported_name']);
  }

  async reports(status: 'open' | 'handled', limit: number): Promise<StoredReport[]> {
    const rows =
      status === 'open'
        ? await this.selectReports()
            .where('reports.status', '=', 'open')
            .orderBy('reports.created_at')
            .orderBy('reports.id')
            .limit(limit)
            .execute()
        : await this.selectReports()
            .where('reports.status', '<>', 'open')
            .orderBy('reports.handled_at', 'desc')
            .orderBy('reports.id')
            .limit(limit)
            .execute();
    return rows.map(toReport);
  }

  async report(id: string): Promise<StoredReport | null> {
    const r = await this.selectReports().where('reports.id', '=', id).executeTakeFirst();
    return r ? toReport(r) : null;
  }

  async handleReport(id: string, status: 'resolved' | 'dismissed', by: string, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('reports')
      .set({ status, handled_by: by, handled_at: at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async reportsSince(reporterId: string, since: number): Promise<number> {
    const r = await this.db
      .selectFrom('reports')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .where('reporter_id', '=', reporterId)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async addChat(line: StoredChatLine): Promise<void> {
    await this.db
      .insertInto('table_chat')
      .values({
        id: chatId(line.at),
        table_id: line.tableId,
        user_id: line.userId,
        name: line.name,
        seat: line.seat,
        source: line.source,
        text: line.text,
        created_at: line.at,
      })
      .execute();
  }

  async chat(tableId: string, limit: number): Promise<StoredChatLine[]> {
    const rows = await this.db
      .selectFrom('table_chat')
      .selectAll()
      .where('table_id', '=', tableId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((r) => ({
      tableId: r.table_id,
      userId: r.user_id,
      name: r.name,
      seat: r.seat === null ? null : Number(r.seat),
      source: r.source as ChatSource,
      text: r.text,
      at: Number(r.created_at),
    }));
  }

  async chatCounts(tableId: string): Promise<ChatCount[]> {
    const rows = await this.db
      .selectFrom('table_chat')
      .select(['user_id', 'source', (e) => e.fn.countAll<number | string>().as('n')])
      .where('table_id', '=', tableId)
      .groupBy(['user_id', 'source'])
      .execute();
    return rows.map((r) => ({ userId: r.user_id, source: r.source as ChatSource, lines: Number(r.n) }));
  }

  async watched(tableId: string, userId: string, at: number): Promise<void> {
    await this.db
      .insertInto('table_watchers')
      .values({ table_id: tableId, user_id: userId, at })
      .onConflict((oc) => oc.columns(['table_id', 'user_id']).doUpdateSet({ at }))
      .execute();
  }

  async hasWatched(tableId: string, userId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('table_watchers')
      .select('at')
      .where('table_id', '=', tableId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r !== undefined;
  }

  async addLeave(l: Leave): Promise<void> {
    await this.db
      .insertInto('leaves')
      .values({ table_id: l.tableId, user_id: l.userId, reason: l.reason, created_at: l.at })
      .onConflict((oc) => oc.columns(['table_id', 'user_id']).doNothing())
      .execute();
  }

  async leavesSince(userId: string, since: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('leaves')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.created_at));
  }
}
