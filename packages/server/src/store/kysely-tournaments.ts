/** {@link TournamentStore} on any Kysely database (SQLite, PostgreSQL): portable queries only, like the rest of the store. */
import type { Kysely, Selectable } from 'kysely';
import { parseRules } from '@hearts/engine';
import type { BotLevel } from '@hearts/protocol/socket';
import type { Database, TournamentEntrantsTable, TournamentGamesTable, TournamentsTable } from './schema.js';
import type {
  EnterOutcome,
  GameSeat,
  PairingPolicy,
  Presence,
  TournamentEntrantRow,
  TournamentEntry,
  TournamentFilter,
  TournamentGameRow,
  TournamentKind,
  TournamentRecord,
  TournamentStatus,
} from './tournaments.js';
import type { TournamentStore } from './types.js';
import { isUniqueViolation } from './sql-errors.js';

type Db = Kysely<Database>;

const STATUS_ORDER: readonly TournamentStatus[] = ['upcoming', 'running', 'finished'];

interface Settings {
  readonly rules: unknown;
  readonly botLevel: BotLevel;
  readonly rated: boolean;
  readonly maxPlayers: number;
  readonly pairing: PairingPolicy;
}

function toRecord(r: Selectable<TournamentsTable>): TournamentRecord {
  const s = JSON.parse(r.settings) as Settings;
  const rules = parseRules(s.rules);
  if (!rules.ok) throw new Error(`tournament ${r.id}: stored rules are invalid: ${rules.error.message}`);
  return {
    id: r.id,
    kind: r.kind as TournamentKind,
    name: r.name,
    hostId: r.host_id,
    scheduleKey: r.schedule_key,
    rules: rules.value,
    botLevel: s.botLevel,
    rated: s.rated,
    maxPlayers: s.maxPlayers,
    pairing: s.pairing,
    startsAt: Number(r.starts_at),
    endsAt: Number(r.ends_at),
    status: r.status as TournamentStatus,
    createdAt: Number(r.created_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
  };
}

const toEntrant = (r: Selectable<TournamentEntrantsTable>): TournamentEntrantRow => ({
  tournamentId: r.tournament_id,
  userId: r.user_id,
  name: r.name,
  joinedAt: Number(r.joined_at),
  presence: r.presence as Presence,
  presenceAt: Number(r.presence_at),
});

const toGame = (r: Selectable<TournamentGamesTable>): TournamentGameRow => ({
  gameId: r.game_id,
  tournamentId: r.tournament_id,
  seats: JSON.parse(r.seats) as (string | null)[],
  startedAt: Number(r.started_at),
  status: r.status as TournamentGameRow['status'],
  finishedAt: r.finished_at === null ? null : Number(r.finished_at),
  result: r.result === null ? null : (JSON.parse(r.result) as GameSeat[]),
});

/** Marks the tournament's active entrants among `userIds` away (the others are left as they are); how many. */
async function markAway(db: Db, id: string, userIds: readonly string[], at: number): Promise<number> {
  if (userIds.length === 0) return 0;
  const r = await db
    .updateTable('tournament_entrants')
    .set({ presence: 'away', presence_at: at })
    .where('tournament_id', '=', id)
    .where('user_id', 'in', [...userIds])
    .where('presence', '=', 'active')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Marks a running tournament game finished with its places, once: false when it was not running. Run inside the
 * transaction that finishes the table. The entrants whose seat a bot took over (`left`) are marked away, if active:
 * not seated again until they come back.
 */
export async function finishTournamentGame(
  db: Db,
  gameId: string,
  result: readonly GameSeat[],
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('tournament_games')
    .set({ status: 'finished', finished_at: at, result: JSON.stringify(result) })
    .where('game_id', '=', gameId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  const gone = result.flatMap((s) => (s.left === true && s.userId !== null ? [s.userId] : []));
  if (gone.length > 0) {
    const row = await db
      .selectFrom('tournament_games')
      .select('tournament_id')
      .where('game_id', '=', gameId)
      .executeTakeFirstOrThrow();
    await markAway(db, row.tournament_id, gone, at);
  }
  return true;
}

export class KyselyTournaments implements TournamentStore {
  constructor(private readonly db: Db) {}

  async create(t: TournamentRecord): Promise<boolean> {
    const settings: Settings = {
      rules: t.rules,
      botLevel: t.botLevel,
      rated: t.rated,
      maxPlayers: t.maxPlayers,
      pairing: t.pairing,
    };
    try {
      await this.db
        .insertInto('tournaments')
        .values({
          id: t.id,
          kind: t.kind,
          name: t.name,
          host_id: t.hostId,
          schedule_key: t.scheduleKey,
          settings: JSON.stringify(settings),
          starts_at: t.startsAt,
          ends_at: t.endsAt,
          status: t.status,
          created_at: t.createdAt,
          finished_at: t.finishedAt,
        })
        .execute();
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  async get(id: string): Promise<TournamentRecord | null> {
    const r = await this.db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toRecord(r) : null;
  }

  async list(
    statuses: readonly TournamentStatus[],
    limit: number,
    newestFirst = false,
  ): Promise<TournamentRecord[]> {
    if (statuses.length === 0) return [];
    const rows = await this.db
      .selectFrom('tournaments')
      .selectAll()
      .where('status', 'in', [...statuses])
      .where('kind', '!=', 'private')
      .orderBy('starts_at', newestFirst ? 'desc' : 'asc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  async unfinished(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tournaments')
      .select('id')
      .where('status', '!=', 'finished')
      .orderBy('starts_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async setStatus(id: string, status: TournamentStatus, at: number): Promise<boolean> {
    const before = STATUS_ORDER.slice(0, STATUS_ORDER.indexOf(status));
    if (before.length === 0) return false;
    const r = await this.db
      .updateTable('tournaments')
      .set({ status, ...(status === 'finished' ? { finished_at: at } : {}) })
      .where('id', '=', id)
      .where('status', 'in', before)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  enter(
    id: string,
    who: { userId: string; name: string },
    at: number,
    maxPlayers: number,
  ): Promise<EnterOutcome> {
    return this.db.transaction().execute(async (tx) => {
      // Lock the tournament's row first, so that concurrent entries count one after the other (PostgreSQL).
      const locked = await tx
        .updateTable('tournaments')
        .set((eb) => ({ status: eb.ref('status') }))
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(locked.numUpdatedRows) !== 1) throw new Error(`no tournament ${id}`);
      const known = await tx
        .selectFrom('tournament_entrants')
        .select('presence')
        .where('tournament_id', '=', id)
        .where('user_id', '=', who.userId)
        .executeTakeFirst();
      if (known !== undefined) {
        if (known.presence === 'active') return 'already';
        await tx
          .updateTable('tournament_entrants')
          .set({ presence: 'active', presence_at: at, name: who.name })
          .where('tournament_id', '=', id)
          .where('user_id', '=', who.userId)
          .execute();
        return 'back';
      }
      const count = await tx
        .selectFrom('tournament_entrants')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('tournament_id', '=', id)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= maxPlayers) return 'full';
      await tx
        .insertInto('tournament_entrants')
        .values({
          tournament_id: id,
          user_id: who.userId,
          name: who.name,
          joined_at: at,
          presence: 'active',
          presence_at: at,
        })
        .execute();
      return 'entered';
    });
  }

  async setPresence(
    id: string,
    userId: string,
    presence: Exclude<Presence, 'active'>,
    at: number,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('tournament_entrants')
      .set({ presence, presence_at: at })
      .where('tournament_id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  markAway(id: string, userIds: readonly string[], at: number): Promise<number> {
    return markAway(this.db, id, userIds, at);
  }

  async closeEarly(id: string, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('tournaments')
      .set({ ends_at: at })
      .where('id', '=', id)
      .where('ends_at', '>', at)
      .where('starts_at', '<', at)
      .where('status', '!=', 'finished')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async entrants(id: string): Promise<TournamentEntrantRow[]> {
    const rows = await this.db
      .selectFrom('tournament_entrants')
      .selectAll()
      .where('tournament_id', '=', id)
      .orderBy('joined_at')
      .orderBy('user_id')
      .execute();
    return rows.map(toEntrant);
  }

  async startGames(
    id: string,
    games: readonly { gameId: string; seats: readonly (string | null)[]; startedAt: number }[],
  ): Promise<void> {
    if (games.length === 0) return;
    await this.db
      .insertInto('tournament_games')
      .values(
        games.map((g) => ({
          game_id: g.gameId,
          tournament_id: id,
          seats: JSON.stringify(g.seats),
          started_at: g.startedAt,
          status: 'running',
          finished_at: null,
          result: null,
        })),
      )
      .execute();
  }

  async abandonGame(gameId: string): Promise<boolean> {
    const r = await this.db
      .updateTable('tournament_games')
      .set({ status: 'abandoned' })
      .where('game_id', '=', gameId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async games(id: string): Promise<TournamentGameRow[]> {
    const rows = await this.db
      .selectFrom('tournament_games')
      .selectAll()
      .where('tournament_id', '=', id)
      .orderBy('started_at')
      .orderBy('game_id')
      .execute();
    return rows.map(toGame);
  }

  async gameTournament(gameId: string): Promise<string | null> {
    const r = await this.db
      .selectFrom('tournament_games')
      .select('tournament_id')
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return r?.tournament_id ?? null;
  }

  async userTournaments(
    userId: string,
    limit: number,
    only: TournamentFilter = {},
  ): Promise<TournamentEntry[]> {
    if (only.statuses?.length === 0 || only.kinds?.length === 0) return [];
    let q = this.db
      .selectFrom('tournament_entrants as e')
      .innerJoin('tournaments as t', 't.id', 'e.tournament_id')
      .selectAll('t')
      .select('e.joined_at as entrant_joined_at')
      .where('e.user_id', '=', userId);
    if (only.statuses) q = q.where('t.status', 'in', [...only.statuses]);
    if (only.kinds) q = q.where('t.kind', 'in', [...only.kinds]);
    const rows = await q.orderBy('t.starts_at', 'desc').orderBy('t.id').limit(limit).execute();
    return rows.map((r) => ({ tournament: toRecord(r), joinedAt: Number(r.entrant_joined_at) }));
  }
}
