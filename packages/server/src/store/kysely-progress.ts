/**
 * {@link ProgressStore} on any Kysely database (SQLite, PostgreSQL): portable queries only, like the rest of the
 * store. Numbers come back through `Number()` (PostgreSQL returns `bigint` columns as strings).
 */
import type { Kysely } from 'kysely';
import type { ChipReason, LedgerRow, RecentGame } from '@hearts/protocol/http';
import type { GameSeat } from './tournaments.js';
import {
  AlreadyApplied,
  type FinishedGame,
  type GameResultRow,
  type LedgerEntry,
  type NewRating,
  type PlayerGameRow,
  type PlayerTotals,
  type ProgressReads,
  type ProgressStore,
  type ProgressTransaction,
  type RatingHistoryRow,
  type SkillRow,
} from './progress.js';
import { finishDailyAttempt } from './kysely-daily.js';
import { finishTournamentGame } from './kysely-tournaments.js';
import type { Database } from './schema.js';
import { isUniqueViolation } from './sql-errors.js';

type Db = Kysely<Database>;

const n = (x: number | string | null | undefined): number => Number(x ?? 0);

const historyRow = (r: {
  subject: string;
  game_id: string;
  at: number | string;
  mu: number;
  sigma: number;
  rating_before: number;
  rating_after: number;
  place: number;
}): RatingHistoryRow => ({
  subject: r.subject,
  gameId: r.game_id,
  at: Number(r.at),
  mu: Number(r.mu),
  sigma: Number(r.sigma),
  ratingBefore: Number(r.rating_before),
  ratingAfter: Number(r.rating_after),
  place: Number(r.place),
});

class Reads implements ProgressReads {
  constructor(protected readonly db: Db) {}

  async skills(subjects: readonly string[]): Promise<SkillRow[]> {
    if (subjects.length === 0) return [];
    const rows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('subject', 'in', [...new Set(subjects)])
      .execute();
    return rows.map((r) => ({
      subject: r.subject,
      mu: Number(r.mu),
      sigma: Number(r.sigma),
      games: Number(r.games),
      lastPlayedAt: r.last_played_at === null ? null : Number(r.last_played_at),
    }));
  }

  async ratingHistory(subject: string, limit: number): Promise<RatingHistoryRow[]> {
    const rows = await this.db
      .selectFrom('rating_history')
      .selectAll()
      .where('subject', '=', subject)
      .orderBy('at', 'desc')
      .orderBy('game_id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map(historyRow);
  }

  async ratingHistorySince(since: number): Promise<RatingHistoryRow[]> {
    const rows = await this.db
      .selectFrom('rating_history')
      .selectAll()
      .where('at', '>=', since)
      .orderBy('at', 'asc')
      .execute();
    return rows.map(historyRow);
  }

  async establishedSubjects(minGames: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('ratings')
      .select('subject')
      .where('games', '>', 0)
      .where((eb) => eb.or([eb('games', '>=', minGames), eb('bot_level', 'is not', null)]))
      .execute();
    return rows.map((r) => r.subject);
  }

  async playerTotals(subject: string): Promise<PlayerTotals> {
    const r = await this.db
      .selectFrom('player_games')
      .select((eb) => [
        // A bot level may sit twice at a table: games and wins count games, not seats.
        eb.fn.count<number | string>('game_id').distinct().as('games'),
        eb.fn
          .count<number | string>(eb.case().when('place', '=', 1).then(eb.ref('game_id')).end())
          .distinct()
          .as('wins'),
        eb.fn
          .count<number | string>(eb.case().when('rated', '=', 1).then(eb.ref('game_id')).end())
          .distinct()
          .as('rated'),
        eb.fn.sum<number | string | null>('hands').as('hands'),
        eb.fn.sum<number | string | null>('points').as('points'),
        eb.fn.sum<number | string | null>('moons').as('moons'),
        eb.fn.sum<number | string | null>('queens').as('queens'),
        eb.fn.sum<number | string | null>('left_game').as('left'),
      ])
      .where('subject', '=', subject)
      .executeTakeFirst();
    return {
      games: n(r?.games),
      wins: n(r?.wins),
      ratedGames: n(r?.rated),
      hands: n(r?.hands),
      points: n(r?.points),
      moons: n(r?.moons),
      queens: n(r?.queens),
      left: n(r?.left),
    };
  }

  async recentGames(subject: string, limit: number): Promise<RecentGame[]> {
    const mine = await this.db
      .selectFrom('player_games')
      .select(['game_id', 'seat', 'kind', 'rated', 'finished_at'])
      .where('subject', '=', subject)
      .orderBy('finished_at', 'desc')
      .orderBy('game_id', 'desc')
      .limit(limit * 6)
      .execute();
    // A bot level may sit twice at one table: one entry per game, at its first seat.
    const games = mine.filter((m, i) => mine.findIndex((x) => x.game_id === m.game_id) === i).slice(0, limit);
    if (games.length === 0) return [];
    const seats = await this.db
      .selectFrom('player_games')
      .select(['game_id', 'seat', 'name', 'subject', 'score', 'place', 'left_game'])
      .where(
        'game_id',
        'in',
        games.map((g) => g.game_id),
      )
      .orderBy('seat', 'asc')
      .execute();
    return games.map((g) => ({
      id: g.game_id,
      kind: g.kind,
      rated: Number(g.rated) === 1,
      finishedAt: Number(g.finished_at),
      seat: Number(g.seat),
      players: seats
        .filter((s) => s.game_id === g.game_id)
        .map((s) => ({
          name: s.name,
          subject: s.subject,
          score: Number(s.score),
          place: Number(s.place),
          left: Number(s.left_game) === 1,
        })),
    }));
  }

  async userNames(userIds: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (let i = 0; i < userIds.length; i += 500) {
      const chunk = userIds.slice(i, i + 500);
      const rows = await this.db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', 'in', chunk)
        .execute();
      for (const r of rows) names.set(r.id, r.name);
    }
    return names;
  }

  async gameResult(gameId: string): Promise<string | null> {
    const r = await this.db
      .selectFrom('game_results')
      .select('result')
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return r?.result ?? null;
  }

  async balance(userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('wallets')
      .select('balance')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r ? Number(r.balance) : 0;
  }

  async ledger(userId: string, limit: number): Promise<LedgerRow[]> {
    const rows = await this.db
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

  async winsOn(userId: string, cap: string, day: number): Promise<number> {
    const r = await this.db
      .selectFrom('chip_caps')
      .select('wins')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where('cap', '=', cap)
      .executeTakeFirst();
    return Number(r?.wins ?? 0);
  }

  async ownedItems(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('cosmetics_owned')
      .select('item')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.item);
  }

  async equippedItems(userIds: readonly string[]) {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('cosmetics_equipped')
      .select(['user_id', 'slot', 'item'])
      .where('user_id', 'in', [...userIds])
      .execute();
    return rows.map((r) => ({ userId: r.user_id, slot: r.slot, item: r.item }));
  }
}

class Transaction extends Reads implements ProgressTransaction {
  constructor(
    tx: Db,
    private readonly finish: (game: FinishedGame) => Promise<void>,
  ) {
    super(tx);
  }

  async insertRating(r: NewRating): Promise<void> {
    await this.db
      .insertInto('ratings')
      .values({
        subject: r.subject,
        user_id: r.userId,
        bot_level: r.botLevel,
        mu: r.mu,
        sigma: r.sigma,
        games: r.games,
        last_played_at: r.lastPlayedAt,
      })
      .execute();
  }

  async updateRating(r: SkillRow, games: number): Promise<boolean> {
    const done = await this.db
      .updateTable('ratings')
      .set({ mu: r.mu, sigma: r.sigma, games: r.games, last_played_at: r.lastPlayedAt })
      .where('subject', '=', r.subject)
      .where('games', '=', games)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  async addRatingHistory(r: RatingHistoryRow): Promise<void> {
    await this.db
      .insertInto('rating_history')
      .values({
        subject: r.subject,
        game_id: r.gameId,
        at: r.at,
        mu: r.mu,
        sigma: r.sigma,
        rating_before: r.ratingBefore,
        rating_after: r.ratingAfter,
        place: r.place,
      })
      .execute();
  }

  async addPlayerGames(rows: readonly PlayerGameRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('player_games')
      .values(
        rows.map((r) => ({
          game_id: r.gameId,
          seat: r.seat,
          subject: r.subject,
          name: r.name,
          kind: r.kind,
          rated: r.rated ? 1 : 0,
          left_game: r.left ? 1 : 0,
          score: r.score,
          place: r.place,
          hands: r.hands,
          points: r.points,
          moons: r.moons,
          queens: r.queens,
          finished_at: r.finishedAt,
        })),
      )
      .execute();
  }

  async addGameResult(r: GameResultRow): Promise<void> {
    try {
      await this.db
        .insertInto('game_results')
        .values({
          game_id: r.gameId,
          kind: r.kind,
          rated: r.rated ? 1 : 0,
          user_id: r.userId,
          finished_at: r.finishedAt,
          result: r.result,
        })
        .execute();
    } catch (e) {
      if (isUniqueViolation(e)) throw new AlreadyApplied(r.gameId);
      throw e;
    }
  }

  async takeDailyWin(userId: string, cap: string, day: number, max: number): Promise<boolean> {
    // The day's counter row is created by an insert that does nothing if it exists, and taken by one conditional
    // update (`wins = wins + 1 WHERE wins < max`), which PostgreSQL re-checks on the newest row after waiting for a
    // concurrent transaction holding it.
    await this.db
      .insertInto('chip_caps')
      .values({ user_id: userId, day, cap, wins: 0 })
      .onConflict((oc) => oc.columns(['user_id', 'day', 'cap']).doNothing())
      .execute();
    const r = await this.db
      .updateTable('chip_caps')
      .set((eb) => ({ wins: eb('wins', '+', 1) }))
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where('cap', '=', cap)
      .where('wins', '<', max)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async credit(e: LedgerEntry): Promise<boolean> {
    if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw new Error(`bad amount ${e.amount}`);
    if (e.amount < 0) {
      const r = await this.db
        .updateTable('wallets')
        .set((eb) => ({ balance: eb('balance', '+', e.amount) }))
        .where('user_id', '=', e.userId)
        .where('balance', '>=', -e.amount)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
    } else {
      // One statement: a wallet's first row and a concurrent first row of the same wallet cannot collide.
      await this.db
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
      await this.db
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
      if (isUniqueViolation(err)) throw new AlreadyApplied(e.id);
      throw err;
    }
    return true;
  }

  async ownsItem(userId: string, item: string): Promise<boolean> {
    const has = await this.db
      .selectFrom('cosmetics_owned')
      .select('item')
      .where('user_id', '=', userId)
      .where('item', '=', item)
      .executeTakeFirst();
    return has !== undefined;
  }

  async addOwnedItem(userId: string, item: string, at: number): Promise<void> {
    await this.db.insertInto('cosmetics_owned').values({ user_id: userId, item, acquired_at: at }).execute();
  }

  async equipItem(userId: string, slot: string, item: string | null): Promise<void> {
    await this.db
      .deleteFrom('cosmetics_equipped')
      .where('user_id', '=', userId)
      .where('slot', '=', slot)
      .execute();
    if (item !== null)
      await this.db.insertInto('cosmetics_equipped').values({ user_id: userId, slot, item }).execute();
  }

  finishGame(game: FinishedGame): Promise<void> {
    return this.finish(game);
  }

  finishDailyAttempt(
    tableId: string,
    result: { points: readonly number[]; left: boolean; at: number },
  ): Promise<boolean> {
    return finishDailyAttempt(this.db, tableId, result);
  }

  finishTournamentGame(gameId: string, result: readonly GameSeat[], at: number): Promise<boolean> {
    return finishTournamentGame(this.db, gameId, result, at);
  }

  async deletedUsers(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('deleted_users')
      .select('id')
      .where('id', 'in', [...userIds])
      .execute();
    return new Set(rows.map((r) => r.id));
  }
}

/**
 * The progress part of a Kysely store. `finishGame(tx, game)`: the store's own finishing, run on the transaction
 * (so that the table is finished in the same transaction as its ratings and chips).
 */
export class KyselyProgress extends Reads implements ProgressStore {
  constructor(
    db: Db,
    private readonly finishGame: (tx: Db, game: FinishedGame) => Promise<void>,
  ) {
    super(db);
  }

  transaction<T>(f: (tx: ProgressTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((tx) => f(new Transaction(tx, (game) => this.finishGame(tx, game))));
  }
}
