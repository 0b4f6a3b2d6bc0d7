/**
 * {@link GameStore} on any Kysely database. Only portable queries: SQLite and PostgreSQL differ in the dialect
 * given to the constructor, nothing else.
 */
import { CompiledQuery, type Insertable, type Kysely, type Selectable } from 'kysely';
import { parseRules, type GameRecord } from '@hearts/engine';
import type { StoredEvent, StoredSeat } from '@hearts/table';
import type { BotLevel } from '@hearts/protocol/socket';
import type { DailyStore, FriendsStore, MannersStore, TournamentStore, TrainingStore } from './types.js';
import { isUniqueViolation } from './sql-errors.js';
import { KyselyDaily } from './kysely-daily.js';
import { KyselyFriends } from './kysely-friends.js';
import { KyselyManners } from './kysely-manners.js';
import { KyselyTraining } from './kysely-training.js';
import { KyselyRetention } from './kysely-retention.js';
import { KyselyAccounts } from './kysely-accounts.js';
import type { AccountStore } from './accounts.js';
import type { RetentionStore } from '../retention.js';
import { KyselyPuzzles } from './kysely-puzzles.js';
import { KyselyShares } from './kysely-shares.js';
import type { ShareStore } from './shares.js';
import type { PuzzleStore } from './puzzles.js';
import { KyselyProgress } from './kysely-progress.js';
import { KyselyTournaments } from './kysely-tournaments.js';
import { migrateToLatest } from './migrations.js';
import type { ProgressStore } from './progress.js';
import type { Database, EventsTable, TablePlayersTable, UsersTable } from './schema.js';
import {
  NameTakenError,
  type EventRow,
  type FinishedGame,
  type GameStore,
  type HistoryEntry,
  type LobbyRecord,
  type PlayerResult,
  type TableRecord,
  type UserRecord,
} from './types.js';

const EVENT_CHUNK = 100; // event rows per insert statement

/**
 * Runs one statement on the store's connection before returning, when nothing else holds the connection (SQLite:
 * no transaction is open on it): true when it ran, false when it did not (nothing done). Throws as the statement does.
 */
export type RunNow = (sql: string, params: readonly unknown[]) => boolean;

const eventRow = (e: EventRow): Insertable<EventsTable> => ({
  table_id: e.tableId,
  seq: e.seq,
  type: e.event.type,
  seat: 'seat' in e.event ? e.event.seat : null,
  client_id: e.event.type === 'move' ? e.event.clientId : null,
  payload: JSON.stringify(e.event),
  created_at: e.at,
});

function eventParams(rows: readonly Insertable<EventsTable>[]): unknown[] {
  const params: unknown[] = [];
  for (const r of rows) params.push(r.table_id, r.seq, r.type, r.seat, r.client_id, r.payload, r.created_at);
  return params;
}

const num = (x: number | string): number => Number(x);
const numOrNull = (x: number | string | null): number | null => (x === null ? null : Number(x));

function toUser(r: Selectable<UsersTable>): UserRecord {
  return {
    id: r.id,
    name: r.name,
    passwordHash: r.password_hash,
    tokenGeneration: Number(r.token_generation),
    rating: Number(r.rating),
    games: Number(r.games),
    createdAt: num(r.created_at),
    lastPlayedAt: numOrNull(r.last_played_at),
    claimedAt: numOrNull(r.claimed_at),
  };
}

function toPlayer(r: Selectable<TablePlayersTable>): PlayerResult {
  return {
    seat: Number(r.seat),
    userId: r.user_id,
    name: r.name,
    botLevel: r.bot_level as BotLevel | null,
    replaced: Number(r.replaced) === 1,
    score: Number(r.score),
    rank: Number(r.rank),
    ratingBefore: r.rating_before === null ? null : Number(r.rating_before),
    ratingAfter: r.rating_after === null ? null : Number(r.rating_after),
  };
}

/** Marks the table finished with its record and results, and stores the new ratings, on `tx`. */
async function writeFinishedGame(tx: Kysely<Database>, g: FinishedGame): Promise<void> {
  await tx
    .updateTable('tables')
    .set({
      status: 'finished',
      finished_at: g.finishedAt,
      result: JSON.stringify({ players: g.players }),
      record: JSON.stringify(g.record),
    })
    .where('id', '=', g.tableId)
    .execute();
  await tx
    .insertInto('table_players')
    .values(
      g.players.map((p) => ({
        table_id: g.tableId,
        seat: p.seat,
        user_id: p.userId,
        name: p.name,
        bot_level: p.botLevel,
        replaced: p.replaced ? 1 : 0,
        score: p.score,
        rank: p.rank,
        rating_before: p.ratingBefore,
        rating_after: p.ratingAfter,
        finished_at: g.finishedAt,
      })),
    )
    .execute();
  for (const u of g.userRatings)
    await tx
      .updateTable('users')
      .set((eb) => ({ rating: u.rating, games: eb('games', '+', 1), last_played_at: g.finishedAt }))
      .where('id', '=', u.userId)
      .execute();
  for (const b of g.botRatings) {
    const done = await tx
      .updateTable('bot_ratings')
      .set((eb) => ({ rating: b.rating, games: eb('games', '+', 1) }))
      .where('level', '=', b.level)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0)
      await tx.insertInto('bot_ratings').values({ level: b.level, rating: b.rating, games: 1 }).execute();
  }
}

/** What the `options` column of a table holds (JSON). */
interface StoredTableOptions {
  readonly botLevel: BotLevel;
  readonly room?: TableRecord['room'];
  readonly watchersOpen?: boolean;
}

function tableOptions(t: TableRecord): StoredTableOptions {
  return {
    botLevel: t.botLevel,
    ...(t.room && { room: t.room }),
    ...(t.watchersOpen !== undefined && { watchersOpen: t.watchersOpen }),
  };
}

/** Stores a new table on `db` (the store, or a transaction). */
async function insertTable(db: Kysely<Database>, t: TableRecord): Promise<void> {
  await db
    .insertInto('tables')
    .values({
      id: t.id,
      kind: t.kind,
      rated: t.rated ? 1 : 0,
      rules: JSON.stringify(t.rules),
      seats: JSON.stringify(t.seats),
      options: JSON.stringify(tableOptions(t)),
      status: t.status,
      created_at: t.createdAt,
      finished_at: null,
      result: null,
      record: null,
    })
    .execute();
}

export class KyselyStore implements GameStore {
  constructor(
    readonly db: Kysely<Database>,
    private readonly onClose: () => Promise<void> = () => db.destroy(),
    private readonly migrationSchema?: string, // PostgreSQL: the schema of the tables
    runNow?: RunNow, // SQLite: runs a statement on the connection at once, when it is free
  ) {
    if (runNow) this.appendEventsNow = (events) => this.appendNow(runNow, events);
    this.progress = new KyselyProgress(db, writeFinishedGame);
    this.daily = new KyselyDaily(db, insertTable);
    this.training = new KyselyTraining(db);
    this.puzzles = new KyselyPuzzles(db);
    this.shares = new KyselyShares(db);
    this.manners = new KyselyManners(db);
    this.friends = new KyselyFriends(db);
    this.tournaments = new KyselyTournaments(db);
    this.retention = new KyselyRetention(db);
    this.accounts = new KyselyAccounts(db, {
      friends: this.friends,
      manners: this.manners,
      training: this.training,
    });
  }

  /** A user's export and deletion (src/store/kysely-accounts.ts). */
  readonly accounts: AccountStore;

  /** What is removed by age (src/retention.ts). */
  readonly retention: RetentionStore;

  /** Training positions and progress. */
  readonly training: TrainingStore;

  /** Puzzle ratings, offers and answers, streaks and storms. */
  readonly puzzles: PuzzleStore;

  /** Shared reviews. */
  readonly shares: ShareStore;

  /** Blocks, reports, tables' chat lines, leaves. */
  readonly manners: MannersStore;

  /** Friendships and invites. */
  readonly friends: FriendsStore;

  /** Tournaments, their entrants and games. */
  readonly tournaments: TournamentStore;

  /** The daily game's days and attempts. */
  readonly daily: DailyStore;

  /** Ratings, player records, chips and cosmetics, in the same database. */
  readonly progress: ProgressStore;

  private readonly eventSql = new Map<number, string>(); // rows → the SQL of an events insert of that many

  migrate(): Promise<void> {
    return migrateToLatest(this.db as Kysely<unknown>, this.migrationSchema);
  }

  close(): Promise<void> {
    return this.onClose();
  }

  async getSetting(key: string): Promise<string | null> {
    const r = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return r?.value ?? null;
  }

  async initSetting(key: string, value: string): Promise<string> {
    try {
      await this.db.insertInto('settings').values({ key, value }).execute();
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
    return (await this.getSetting(key))!;
  }

  async probeWrite(at: number): Promise<void> {
    // Several processes probe one database: the write itself is the proof, not reading back our own value.
    const value = String(at);
    const r = await this.db
      .insertInto('settings')
      .values({ key: 'health-probe', value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) < 1) throw new Error('the health probe wrote no row');
  }

  async createUser(u: UserRecord): Promise<void> {
    try {
      await this.db
        .insertInto('users')
        .values({
          id: u.id,
          name: u.name,
          name_key: u.name.toLowerCase(),
          password_hash: u.passwordHash,
          token_generation: u.tokenGeneration,
          rating: u.rating,
          games: u.games,
          created_at: u.createdAt,
          last_played_at: u.lastPlayedAt,
          claimed_at: u.claimedAt ?? (u.passwordHash === null ? null : u.createdAt),
        })
        .execute();
    } catch (e) {
      if (isUniqueViolation(e)) throw new NameTakenError(u.name);
      throw e;
    }
  }

  async userById(id: string): Promise<UserRecord | null> {
    const r = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toUser(r) : null;
  }

  async userByName(name: string): Promise<UserRecord | null> {
    const r = await this.db
      .selectFrom('users')
      .selectAll()
      .where('name_key', '=', name.toLowerCase())
      .executeTakeFirst();
    return r ? toUser(r) : null;
  }

  async renameUser(id: string, name: string): Promise<void> {
    try {
      await this.db
        .updateTable('users')
        .set({ name, name_key: name.toLowerCase() })
        .where('id', '=', id)
        .execute();
    } catch (e) {
      if (isUniqueViolation(e)) throw new NameTakenError(name);
      throw e;
    }
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }

  async claimUser(id: string, passwordHash: string, at = Date.now()): Promise<boolean> {
    const r = await this.db
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        token_generation: eb('token_generation', '+', 1),
        claimed_at: at,
      }))
      .where('id', '=', id)
      .where('password_hash', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async rotateTokens(id: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ token_generation: eb('token_generation', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async createTable(t: TableRecord): Promise<void> {
    await insertTable(this.db, t);
  }

  async appendEvents(events: readonly EventRow[]): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map(eventRow);
    // One statement per chunk keeps every database's parameter limit; the transaction makes it all or none.
    if (rows.length <= EVENT_CHUNK) {
      await this.insertEvents(this.db, rows);
      return;
    }
    await this.db.transaction().execute(async (tx) => {
      for (let i = 0; i < rows.length; i += EVENT_CHUNK)
        await this.insertEvents(tx, rows.slice(i, i + EVENT_CHUNK));
    });
  }

  /** Only where statements can run at once (SQLite, given `runNow`): see {@link GameStore.appendEventsNow}. */
  readonly appendEventsNow?: (events: readonly EventRow[]) => boolean;

  private appendNow(runNow: RunNow, events: readonly EventRow[]): boolean {
    if (events.length > EVENT_CHUNK) return false;
    if (events.length === 0) return true;
    const rows = events.map(eventRow);
    const params = eventParams(rows);
    const sql = this.eventInsertSql(this.db, rows, params);
    return sql !== null && runNow(sql, params);
  }

  /**
   * Inserts event rows. The SQL of an insert depends only on the number of rows (every value is a parameter), so it
   * is built by Kysely once per row count and reused: the query builder costs more than SQLite's insert itself.
   */
  private async insertEvents(db: Kysely<Database>, rows: Insertable<EventsTable>[]): Promise<void> {
    const params = eventParams(rows);
    const sql = this.eventInsertSql(db, rows, params);
    if (sql === null) await db.insertInto('events').values(rows).execute();
    else await db.executeQuery(CompiledQuery.raw(sql, params));
  }

  /** The SQL of an insert of these rows with exactly `params` in order (cached by row count), or null. */
  private eventInsertSql(
    db: Kysely<Database>,
    rows: Insertable<EventsTable>[],
    params: readonly unknown[],
  ): string | null {
    let sql = this.eventSql.get(rows.length);
    if (sql === undefined) {
      const compiled = db.insertInto('events').values(rows).compile();
      // Cached only when the builder put exactly these parameters in this order.
      if (compiled.parameters.length !== params.length || compiled.parameters.some((p, i) => p !== params[i]))
        return null;
      sql = compiled.sql;
      this.eventSql.set(rows.length, sql);
    }
    return sql;
  }

  async loadTable(id: string): Promise<{ table: TableRecord; events: EventRow[] } | null> {
    const t = await this.db.selectFrom('tables').selectAll().where('id', '=', id).executeTakeFirst();
    if (!t) return null;
    const rules = parseRules(JSON.parse(t.rules) as unknown);
    if (!rules.ok) throw new Error(`table ${id}: stored rules are invalid: ${rules.error.message}`);
    const options = JSON.parse(t.options) as StoredTableOptions;
    const rows = await this.db
      .selectFrom('events')
      .selectAll()
      .where('table_id', '=', id)
      .orderBy('seq', 'asc')
      .execute();
    return {
      table: {
        id: t.id,
        kind: t.kind as TableRecord['kind'],
        rated: Number(t.rated) === 1,
        rules: rules.value,
        seats: JSON.parse(t.seats) as StoredSeat[],
        botLevel: options.botLevel,
        status: t.status as 'playing' | 'finished',
        createdAt: num(t.created_at),
        ...(options.room && { room: options.room }),
        ...(options.watchersOpen !== undefined && { watchersOpen: options.watchersOpen }),
      },
      events: rows.map((r) => ({
        tableId: r.table_id,
        seq: Number(r.seq),
        event: JSON.parse(r.payload) as StoredEvent,
        at: num(r.created_at),
      })),
    };
  }

  async tableExists(id: string): Promise<boolean> {
    const r = await this.db.selectFrom('tables').select('id').where('id', '=', id).executeTakeFirst();
    return r !== undefined;
  }

  async setWatchersOpen(id: string, open: boolean): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const r = await tx.selectFrom('tables').select('options').where('id', '=', id).executeTakeFirst();
      if (!r) return;
      const options = { ...(JSON.parse(r.options) as StoredTableOptions), watchersOpen: open };
      await tx
        .updateTable('tables')
        .set({ options: JSON.stringify(options) })
        .where('id', '=', id)
        .execute();
    });
  }

  async saveLobby(l: LobbyRecord): Promise<void> {
    const row = {
      host_id: l.hostId,
      members: JSON.stringify(l.members),
      rules: JSON.stringify(l.rules),
      bot_level: l.botLevel,
      updated_at: l.updatedAt,
    };
    await this.db
      .insertInto('lobbies')
      .values({ id: l.id, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }

  async loadLobby(id: string): Promise<LobbyRecord | null> {
    const r = await this.db.selectFrom('lobbies').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) return null;
    const rules = parseRules(JSON.parse(r.rules) as unknown);
    if (!rules.ok) throw new Error(`room ${id}: stored rules are invalid: ${rules.error.message}`);
    return {
      id: r.id,
      hostId: r.host_id,
      members: JSON.parse(r.members) as LobbyRecord['members'],
      rules: rules.value,
      botLevel: r.bot_level as BotLevel,
      updatedAt: num(r.updated_at),
    };
  }

  async deleteLobby(id: string): Promise<void> {
    await this.db.deleteFrom('lobbies').where('id', '=', id).execute();
  }

  async openLobbies(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('lobbies')
      .select('id')
      .orderBy('updated_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map((r) => r.id);
  }

  async unfinishedTables(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tables')
      .select('id')
      .where('status', '=', 'playing')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map((r) => r.id);
  }

  finishGame(g: FinishedGame): Promise<void> {
    return this.db.transaction().execute((tx) => writeFinishedGame(tx, g));
  }

  async tableStatus(
    id: string,
  ): Promise<{ kind: TableRecord['kind']; status: TableRecord['status'] } | null> {
    const r = await this.db
      .selectFrom('tables')
      .select(['kind', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? { kind: r.kind as TableRecord['kind'], status: r.status as TableRecord['status'] } : null;
  }

  async history(userId: string, limit: number): Promise<HistoryEntry[]> {
    const mine = await this.db
      .selectFrom('table_players')
      .innerJoin('tables', 'tables.id', 'table_players.table_id')
      .select([
        'table_players.table_id as table_id',
        'table_players.seat as seat',
        'table_players.finished_at as finished_at',
        'tables.kind as kind',
        'tables.rated as rated',
      ])
      .where('table_players.user_id', '=', userId)
      .orderBy('table_players.finished_at', 'desc')
      .orderBy('table_players.table_id', 'desc')
      .limit(limit)
      .execute();
    if (mine.length === 0) return [];
    const all = await this.db
      .selectFrom('table_players')
      .selectAll()
      .where(
        'table_id',
        'in',
        mine.map((m) => m.table_id),
      )
      .orderBy('seat', 'asc')
      .execute();
    return mine.map((m) => ({
      tableId: m.table_id,
      kind: m.kind as TableRecord['kind'],
      rated: Number(m.rated) === 1,
      finishedAt: num(m.finished_at),
      seat: Number(m.seat),
      players: all.filter((p) => p.table_id === m.table_id).map(toPlayer),
    }));
  }

  async gameRecord(tableId: string): Promise<{ record: GameRecord; userIds: (string | null)[] } | null> {
    const t = await this.db
      .selectFrom('tables')
      .select(['record', 'status'])
      .where('id', '=', tableId)
      .executeTakeFirst();
    if (!t || t.status !== 'finished' || t.record === null) return null;
    const players = await this.db
      .selectFrom('table_players')
      .select(['seat', 'user_id'])
      .where('table_id', '=', tableId)
      .orderBy('seat', 'asc')
      .execute();
    return { record: JSON.parse(t.record) as GameRecord, userIds: players.map((p) => p.user_id) };
  }

  async finishedRecords(
    after: string | null,
    limit: number,
  ): Promise<{ tableId: string; record: GameRecord }[]> {
    let q = this.db
      .selectFrom('tables')
      .select(['id', 'record'])
      .where('status', '=', 'finished')
      .where('record', 'is not', null);
    if (after !== null) q = q.where('id', '>', after);
    const rows = await q.orderBy('id', 'asc').limit(limit).execute();
    return rows.map((r) => ({ tableId: r.id, record: JSON.parse(r.record!) as GameRecord }));
  }

  async botRatings(): Promise<Map<BotLevel, number>> {
    const rows = await this.db.selectFrom('bot_ratings').selectAll().execute();
    return new Map(rows.map((r) => [r.level as BotLevel, Number(r.rating)]));
  }
}
