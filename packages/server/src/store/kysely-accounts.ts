/**
 * {@link AccountStore} on any Kysely database (SQLite, PostgreSQL): a user's export (`hearts-export/2`) read from
 * every table that holds something of theirs (other people in it by their name now, never by their user id), and
 * their deletion in one transaction (docs/privacy.md, "Deleting an account"). Portable queries only; JSON columns
 * are rewritten in code.
 */
import type { Kysely } from 'kysely';
import type { GameRecord } from '@hearts/engine';
import type { StoredSeat } from '@hearts/table';
import { DELETED_PLAYER, EXPORT_FORMAT, type ExportFile } from '@hearts/protocol/http/privacy';
import type { GameSeat } from './tournaments.js';
import type { AccountStore, Deletion } from './accounts.js';
import type { FriendsStore, MannersStore, TrainingStore } from './types.js';
import type { PlayerResult } from './progress.js';
import type { Database } from './schema.js';

type Db = Kysely<Database>;

const num = (x: number | string): number => Number(x);
const numOrNull = (x: number | string | null): number | null => (x === null ? null : Number(x));
const parse = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));

export class KyselyAccounts implements AccountStore {
  constructor(
    private readonly db: Db,
    private readonly parts: {
      readonly friends: FriendsStore;
      readonly manners: MannersStore;
      readonly training: TrainingStore;
    },
  ) {}

  async exportData(userId: string, now: number): Promise<ExportFile | null> {
    const db = this.db;
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) return null;
    const subject = `u:${userId}`;
    const [
      steps,
      games,
      wallet,
      ledger,
      owned,
      equipped,
      friends,
      friendSettings,
      blocks,
      chat,
      reports,
      positions,
      progress,
      daily,
      tournaments,
      leaves,
      puzzlePlayer,
      puzzleAttempts,
      puzzleRuns,
      shares,
    ] = await Promise.all([
      db
        .selectFrom('rating_history')
        .selectAll()
        .where('subject', '=', subject)
        .orderBy('at')
        .orderBy('game_id')
        .execute(),
      db
        .selectFrom('table_players')
        .innerJoin('tables', 'tables.id', 'table_players.table_id')
        .select([
          'tables.id',
          'tables.kind',
          'tables.rated',
          'tables.record',
          'table_players.seat',
          'table_players.score',
          'table_players.rank',
          'table_players.replaced',
          'table_players.finished_at',
        ])
        .where('table_players.user_id', '=', userId)
        .where('tables.status', '=', 'finished')
        .orderBy('table_players.finished_at', 'desc')
        .orderBy('tables.id')
        .execute(),
      db.selectFrom('wallets').select('balance').where('user_id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('chip_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('cosmetics_owned')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('acquired_at')
        .execute(),
      db.selectFrom('cosmetics_equipped').selectAll().where('user_id', '=', userId).orderBy('slot').execute(),
      this.parts.friends.links(userId),
      db.selectFrom('friend_settings').select('requests').where('user_id', '=', userId).executeTakeFirst(),
      this.parts.manners.blocked(userId),
      db
        .selectFrom('table_chat')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('reports')
        .leftJoin('users as reported', 'reported.id', 'reports.reported_id')
        .selectAll('reports')
        .select('reported.name as reported_name')
        .where('reports.reporter_id', '=', userId)
        .orderBy('reports.created_at')
        .orderBy('reports.id')
        .execute(),
      this.parts.training.positions(userId),
      this.parts.training.progress(userId),
      db
        .selectFrom('daily_attempts')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('date', 'desc')
        .execute(),
      db
        .selectFrom('tournament_entrants')
        .innerJoin('tournaments', 'tournaments.id', 'tournament_entrants.tournament_id')
        .select([
          'tournaments.id',
          'tournaments.name',
          'tournament_entrants.joined_at',
          'tournament_entrants.presence',
        ])
        .where('tournament_entrants.user_id', '=', userId)
        .orderBy('tournament_entrants.joined_at', 'desc')
        .execute(),
      db.selectFrom('leaves').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
      db.selectFrom('puzzle_players').selectAll().where('user_id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('puzzle_attempts')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('offered_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('puzzle_runs')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('started_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('shares')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    ]);
    return {
      format: EXPORT_FORMAT,
      exportedAt: now,
      account: {
        id: user.id,
        name: user.name,
        claimed: user.password_hash !== null,
        createdAt: num(user.created_at),
        lastPlayedAt: numOrNull(user.last_played_at),
        rating: Math.round(Number(user.rating)),
        ratedGames: Number(user.games),
      },
      ratingHistory: steps.map((r) => ({
        gameId: r.game_id,
        at: num(r.at),
        ratingBefore: Math.round(Number(r.rating_before)),
        ratingAfter: Math.round(Number(r.rating_after)),
        place: Number(r.place),
      })),
      games: games.map((g) => ({
        id: g.id,
        kind: g.kind,
        rated: Number(g.rated) === 1,
        finishedAt: num(g.finished_at),
        seat: Number(g.seat),
        score: Number(g.score),
        place: Number(g.rank),
        left: Number(g.replaced) === 1,
        record: parse<GameRecord>(g.record),
      })),
      chips: {
        balance: wallet ? num(wallet.balance) : 0,
        ledger: ledger.map((e) => ({
          amount: num(e.amount),
          reason: e.reason,
          ref: e.ref,
          at: num(e.created_at),
        })),
      },
      purchases: owned.map((o) => ({ item: o.item, at: num(o.acquired_at) })),
      equipped: equipped.map((e) => ({ slot: e.slot, item: e.item })),
      // Other people by the name the app shows them by: their user ids are not this user's data.
      friends: friends.map((f) => ({ name: f.name, status: f.status, since: f.since })),
      friendRequestsFrom: friendSettings?.requests ?? null,
      blocks: blocks.map((b) => ({ name: b.name, since: b.since })),
      chat: chat.map((l) => ({
        tableId: l.table_id,
        seat: l.seat === null ? null : Number(l.seat),
        source: l.source === 'watchers' ? ('watchers' as const) : ('players' as const),
        name: l.name,
        text: l.text,
        at: num(l.created_at),
      })),
      reports: reports.map((r) => ({
        id: r.id,
        reported: r.reported_name ?? DELETED_PLAYER, // a deletion takes the reports about them along
        tableId: r.table_id,
        seat: Number(r.seat),
        reason: r.reason,
        text: r.text,
        at: num(r.created_at),
        status: r.status,
      })),
      training: { positions, progress },
      daily: daily.map((d) => ({
        date: d.date,
        tableId: d.table_id,
        startedAt: num(d.started_at),
        status: d.status,
        points: parse<number[]>(d.points),
        total: d.total === null ? null : Number(d.total),
        leftEarly: Number(d.left_early) === 1,
        finishedAt: numOrNull(d.finished_at),
      })),
      tournaments: tournaments.map((t) => ({
        tournamentId: t.id,
        name: t.name,
        joinedAt: num(t.joined_at),
        presence: t.presence,
      })),
      leaves: leaves.map((l) => ({ tableId: l.table_id, reason: l.reason, at: num(l.created_at) })),
      puzzles: {
        player: puzzlePlayer
          ? {
              rating: Math.round(Number(puzzlePlayer.rating)),
              rd: Math.round(Number(puzzlePlayer.rd)),
              attempts: Number(puzzlePlayer.attempts),
              solved: Number(puzzlePlayer.solved),
              streakBest: Number(puzzlePlayer.streak_best),
              stormBest: Number(puzzlePlayer.storm_best),
            }
          : null,
        attempts: puzzleAttempts.map((a) => ({
          puzzleId: a.puzzle_id,
          mode: a.mode,
          offeredAt: num(a.offered_at),
          answeredAt: numOrNull(a.answered_at),
          outcome: a.outcome,
          answer: a.answer,
          ratingBefore: a.player_before === null ? null : Math.round(Number(a.player_before)),
          ratingAfter: a.player_after === null ? null : Math.round(Number(a.player_after)),
        })),
        runs: puzzleRuns.map((r) => ({ mode: r.mode, startedAt: num(r.started_at), score: Number(r.score) })),
      },
      shares: shares.map((x) => ({
        id: x.id,
        source: x.source,
        tableId: x.table_id,
        seat: Number(x.seat),
        record: JSON.parse(x.record) as GameRecord,
        createdAt: num(x.created_at),
      })),
    };
  }

  async deleteUser(userId: string, at: number): Promise<Deletion | null> {
    return this.db.transaction().execute(async (tx) => {
      // The user's row goes first: of two deletions at once, the second waits here and then finds nothing.
      const gone = await tx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) return null;
      await tx.insertInto('deleted_users').values({ id: userId, deleted_at: at }).execute();
      const subject = `u:${userId}`;
      const byUser = [
        'wallets',
        'chip_ledger',
        'chip_caps',
        'cosmetics_owned',
        'cosmetics_equipped',
        'friend_settings',
        'table_chat',
        'table_watchers',
        'leaves',
        'training_positions',
        'training_progress',
        'puzzle_players',
        'puzzle_attempts',
        'puzzle_runs',
        'daily_attempts',
        'shares',
      ] as const;
      for (const table of byUser) await tx.deleteFrom(table).where('user_id', '=', userId).execute();
      await tx.deleteFrom('ratings').where('subject', '=', subject).execute();
      await tx.deleteFrom('rating_history').where('subject', '=', subject).execute();
      // Solo games paid out: the claim is theirs alone (a live game's row names nobody).
      await tx.deleteFrom('game_results').where('user_id', '=', userId).execute();
      await tx
        .deleteFrom('friendships')
        .where((w) => w.or([w('user_low', '=', userId), w('user_high', '=', userId)]))
        .execute();
      await tx
        .deleteFrom('friend_invites')
        .where((w) => w.or([w('from_id', '=', userId), w('to_id', '=', userId)]))
        .execute();
      await tx
        .deleteFrom('blocks')
        .where((w) => w.or([w('blocker_id', '=', userId), w('blocked_id', '=', userId)]))
        .execute();
      await tx
        .deleteFrom('reports')
        .where((w) => w.or([w('reporter_id', '=', userId), w('reported_id', '=', userId)]))
        .execute();
      await tx.updateTable('tournaments').set({ host_id: null }).where('host_id', '=', userId).execute();
      await tx
        .updateTable('tournament_entrants')
        .set({ name: DELETED_PLAYER, presence: 'left', presence_at: at })
        .where('user_id', '=', userId)
        .execute();
      await tx.updateTable('lobbies').set({ host_id: null }).where('host_id', '=', userId).execute();

      // Finished games stay for the others, the seat under the neutral name.
      const finished = await tx
        .selectFrom('table_players')
        .select(['table_id', 'seat'])
        .where('user_id', '=', userId)
        .execute();
      const seatsOf = new Map<string, number[]>();
      for (const r of finished) seatsOf.set(r.table_id, [...(seatsOf.get(r.table_id) ?? []), Number(r.seat)]);
      for (const [tableId, seats] of seatsOf) {
        const t = await tx
          .selectFrom('tables')
          .select(['seats', 'result', 'record'])
          .where('id', '=', tableId)
          .executeTakeFirst();
        if (!t) continue;
        await tx
          .updateTable('tables')
          .set({
            seats: JSON.stringify(neutralSeats(parse<StoredSeat[]>(t.seats) ?? [], userId)),
            result: t.result === null ? null : JSON.stringify(neutralResult(JSON.parse(t.result), userId)),
            record:
              t.record === null
                ? null
                : JSON.stringify(neutralRecord(JSON.parse(t.record) as GameRecord, seats)),
          })
          .where('id', '=', tableId)
          .execute();
      }
      // Others' shared reviews of those games: the same seats under the neutral name.
      const shared =
        seatsOf.size === 0
          ? []
          : await tx
              .selectFrom('shares')
              .select(['id', 'table_id', 'record'])
              .where('table_id', 'in', [...seatsOf.keys()])
              .execute();
      for (const x of shared) {
        const record = neutralRecord(JSON.parse(x.record) as GameRecord, seatsOf.get(x.table_id!) ?? []);
        await tx
          .updateTable('shares')
          .set({ record: JSON.stringify(record) })
          .where('id', '=', x.id)
          .execute();
      }
      await tx
        .updateTable('table_players')
        .set({ user_id: null, name: DELETED_PLAYER })
        .where('user_id', '=', userId)
        .execute();
      await tx
        .updateTable('player_games')
        .set({ subject: DELETED_SUBJECT, name: DELETED_PLAYER })
        .where('subject', '=', subject)
        .execute();
      const tournamentGames = await tx
        .selectFrom('tournament_games')
        .select(['game_id', 'seats', 'result'])
        .where('result', 'is not', null)
        .where('seats', 'like', `%"${userId}"%`)
        .execute();
      for (const g of tournamentGames) {
        const result = parse<GameSeat[]>(g.result) ?? [];
        if (!result.some((s) => s.userId === userId)) continue;
        await tx
          .updateTable('tournament_games')
          .set({
            result: JSON.stringify(
              result.map((s) => (s.userId === userId ? { ...s, name: DELETED_PLAYER } : s)),
            ),
          })
          .where('game_id', '=', g.game_id)
          .execute();
      }
      // A friends' room before its game: the user is no member any more.
      const lobbies = await tx
        .selectFrom('lobbies')
        .select(['id', 'members'])
        .where('members', 'like', `%"${userId}"%`)
        .execute();
      for (const l of lobbies) {
        const members = parse<{ userId: string; name: string }[]>(l.members) ?? [];
        if (!members.some((m) => m.userId === userId)) continue;
        await tx
          .updateTable('lobbies')
          .set({ members: JSON.stringify(members.filter((m) => m.userId !== userId)) })
          .where('id', '=', l.id)
          .execute();
      }
      const open = await tx
        .selectFrom('tables')
        .select(['id', 'seats'])
        .where('status', '=', 'playing')
        .where('seats', 'like', `%"${userId}"%`)
        .execute();
      const openTables: string[] = [];
      for (const t of open) {
        const seats = parse<StoredSeat[]>(t.seats) ?? [];
        if (!seats.some((s) => s.kind === 'human' && s.userId === userId)) continue;
        openTables.push(t.id);
        // Restored after a restart, the table shows the seat under the neutral name (the id stays: finishing
        // the game reads it to keep nothing of theirs).
        await tx
          .updateTable('tables')
          .set({ seats: JSON.stringify(neutralSeats(seats, userId)) })
          .where('id', '=', t.id)
          .execute();
      }
      return { games: seatsOf.size, openTables };
    });
  }

  async deletedOf(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('deleted_users')
      .select('id')
      .where('id', 'in', [...userIds])
      .execute();
    return new Set(rows.map((r) => r.id));
  }
}

/** The subject of a deleted player's rows of finished games (no page of theirs). */
export const DELETED_SUBJECT = 'deleted';

function neutralSeats(seats: readonly StoredSeat[], userId: string): StoredSeat[] {
  return seats.map((s) => (s.kind === 'human' && s.userId === userId ? { ...s, name: DELETED_PLAYER } : s));
}

function neutralResult(result: unknown, userId: string): unknown {
  const r = result as { players?: PlayerResult[] } | null;
  if (!r || !Array.isArray(r.players)) return result;
  return {
    ...r,
    players: r.players.map((p) => (p.userId === userId ? { ...p, userId: null, name: DELETED_PLAYER } : p)),
  };
}

function neutralRecord(record: GameRecord, seats: readonly number[]): GameRecord {
  return {
    ...record,
    players: record.players.map((name, i) => (seats.includes(i) ? DELETED_PLAYER : name)),
  };
}
