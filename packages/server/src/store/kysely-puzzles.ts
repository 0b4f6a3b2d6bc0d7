/**
 * {@link PuzzleStore} on any Kysely database (SQLite, PostgreSQL), portable queries only. An answer claims its
 * offer with a conditional update (`answered_at IS NULL`, not expired) inside the transaction that writes the
 * ratings, so a replayed or concurrent second answer finds nothing to claim; the player's row and then the
 * puzzle's are locked by an update before they are read (PostgreSQL holds the row lock to the commit; SQLite runs
 * one transaction at a time), so concurrent answers of one player, or of one puzzle, each read what the other wrote.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PuzzleAttemptsTable, PuzzlePlayersTable, PuzzleRunsTable } from './schema.js';
import {
  NEW_PLAYER,
  type AnswerContext,
  type AnswerDecision,
  type AnswerRefusal,
  type Glicko,
  type PuzzleHistoryEntry,
  type PuzzleMode,
  type PuzzleOffer,
  type PuzzlePlayer,
  type PuzzleRating,
  type PuzzleRun,
  type PuzzleStore,
} from './puzzles.js';

type Db = Kysely<Database>;
type Tx = Transaction<Database>;

const num = (x: number | string | null): number | null => (x === null ? null : Number(x));

const playerOf = (r: Selectable<PuzzlePlayersTable>): PuzzlePlayer => ({
  userId: r.user_id,
  rating: Number(r.rating),
  rd: Number(r.rd),
  vol: Number(r.vol),
  attempts: Number(r.attempts),
  solved: Number(r.solved),
  streakBest: Number(r.streak_best),
  stormBest: Number(r.storm_best),
  updatedAt: Number(r.updated_at),
});

const offerOf = (r: Selectable<PuzzleAttemptsTable>): PuzzleOffer => ({
  id: r.id,
  userId: r.user_id,
  puzzleId: r.puzzle_id,
  mode: r.mode as PuzzleMode,
  theme: r.theme,
  runId: r.run_id,
  rated: Number(r.rated) === 1,
  offeredAt: Number(r.offered_at),
  expiresAt: Number(r.expires_at),
  answeredAt: num(r.answered_at),
  outcome: r.outcome as PuzzleOffer['outcome'],
  answer: r.answer,
  playerBefore: num(r.player_before),
  playerAfter: num(r.player_after),
  puzzleBefore: num(r.puzzle_before),
  puzzleRdBefore: num(r.puzzle_rd_before),
  puzzleAfter: num(r.puzzle_after),
});

const runOf = (r: Selectable<PuzzleRunsTable>): PuzzleRun => ({
  id: r.id,
  userId: r.user_id,
  mode: r.mode as PuzzleRun['mode'],
  startedAt: Number(r.started_at),
  endsAt: num(r.ends_at),
  score: Number(r.score),
  over: Number(r.over) === 1,
});

/** A player's row, made at the new player's rating when there is none (in the caller's transaction). */
async function lockedPlayer(tx: Tx, userId: string, now: number): Promise<PuzzlePlayer> {
  await tx
    .insertInto('puzzle_players')
    .values({
      user_id: userId,
      ...NEW_PLAYER,
      attempts: 0,
      solved: 0,
      streak_best: 0,
      storm_best: 0,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  // Taking the row's lock before reading it (a no-op update).
  await tx
    .updateTable('puzzle_players')
    .set((eb) => ({ attempts: eb.ref('attempts') }))
    .where('user_id', '=', userId)
    .execute();
  return playerOf(
    await tx.selectFrom('puzzle_players').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow(),
  );
}

export class KyselyPuzzles implements PuzzleStore {
  constructor(private readonly db: Db) {}

  async player(userId: string): Promise<PuzzlePlayer | null> {
    const r = await this.db
      .selectFrom('puzzle_players')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r ? playerOf(r) : null;
  }

  async movedSince(since: number): Promise<PuzzleRating[]> {
    const rows = await this.db
      .selectFrom('puzzle_ratings')
      .selectAll()
      .where('updated_at', '>=', since)
      .execute();
    return rows.map((r) => ({
      puzzleId: r.puzzle_id,
      rating: Number(r.rating),
      rd: Number(r.rd),
      vol: Number(r.vol),
      attempts: Number(r.attempts),
      solved: Number(r.solved),
      updatedAt: Number(r.updated_at),
    }));
  }

  async offeredIds(userId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('puzzle_attempts')
      .select('puzzle_id')
      .where('user_id', '=', userId)
      .execute();
    return new Set(rows.map((r) => r.puzzle_id));
  }

  async openOffer(
    userId: string,
    mode: PuzzleMode,
    runId: string | null,
    now: number,
  ): Promise<PuzzleOffer | null> {
    let q = this.db
      .selectFrom('puzzle_attempts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('mode', '=', mode)
      .where('answered_at', 'is', null)
      .where('expires_at', '>', now);
    q = runId === null ? q.where('run_id', 'is', null) : q.where('run_id', '=', runId);
    const r = await q.orderBy('offered_at', 'desc').executeTakeFirst();
    return r ? offerOf(r) : null;
  }

  async offer(o: Parameters<PuzzleStore['offer']>[0]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('puzzle_attempts')
        .set({ answered_at: o.offeredAt, outcome: 'closed' })
        .where('user_id', '=', o.userId)
        .where('mode', '=', o.mode)
        .where('answered_at', 'is', null)
        .execute();
      await tx
        .insertInto('puzzle_attempts')
        .values({
          id: o.id,
          user_id: o.userId,
          puzzle_id: o.puzzleId,
          mode: o.mode,
          theme: o.theme,
          run_id: o.runId,
          rated: o.rated ? 1 : 0,
          offered_at: o.offeredAt,
          expires_at: o.expiresAt,
          answered_at: null,
          outcome: null,
          answer: null,
          player_before: null,
          player_after: null,
          puzzle_before: null,
          puzzle_rd_before: null,
          puzzle_after: null,
        })
        .execute();
    });
  }

  async answer(
    offerId: string,
    userId: string,
    now: number,
    start: (puzzleId: string) => Glicko | null,
    decide: (c: AnswerContext) => AnswerDecision,
  ): Promise<
    | { ok: true; offer: PuzzleOffer; before: AnswerContext; decision: AnswerDecision }
    | { ok: false; why: AnswerRefusal }
  > {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('puzzle_attempts')
        .selectAll()
        .where('id', '=', offerId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return { ok: false as const, why: 'unknown' as const };
      // The claim: only one transaction finds the offer unanswered and not expired.
      const claimed = await tx
        .updateTable('puzzle_attempts')
        .set({ answered_at: now })
        .where('id', '=', offerId)
        .where('answered_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) {
        // Read again: another answer may have claimed it after this one read the row (PostgreSQL's READ
        // COMMITTED lets the update see that commit, not the first read), and then it is answered, not expired.
        const after = await tx
          .selectFrom('puzzle_attempts')
          .select('answered_at')
          .where('id', '=', offerId)
          .executeTakeFirst();
        return {
          ok: false as const,
          why: (after ?? row).answered_at !== null ? ('answered' as const) : ('expired' as const),
        };
      }
      const offer = offerOf(row);
      const player = await lockedPlayer(tx, userId, now);
      const library = start(offer.puzzleId);
      if (library === null) throw new Error(`puzzle ${offer.puzzleId} is not in the library`);
      await tx
        .insertInto('puzzle_ratings')
        .values({ puzzle_id: offer.puzzleId, ...library, attempts: 0, solved: 0, updated_at: now })
        .onConflict((oc) => oc.column('puzzle_id').doNothing())
        .execute();
      await tx
        .updateTable('puzzle_ratings')
        .set((eb) => ({ attempts: eb.ref('attempts') }))
        .where('puzzle_id', '=', offer.puzzleId)
        .execute();
      const p = await tx
        .selectFrom('puzzle_ratings')
        .selectAll()
        .where('puzzle_id', '=', offer.puzzleId)
        .executeTakeFirstOrThrow();
      const puzzle: Glicko = { rating: Number(p.rating), rd: Number(p.rd), vol: Number(p.vol) };
      const run = offer.runId
        ? await tx.selectFrom('puzzle_runs').selectAll().where('id', '=', offer.runId).executeTakeFirst()
        : undefined;
      const before: AnswerContext = { offer, player, puzzle, run: run ? runOf(run) : null };
      const d = decide(before);
      const right = d.outcome === 'right' ? 1 : 0;
      await tx
        .updateTable('puzzle_attempts')
        .set({
          outcome: d.outcome,
          answer: d.answer,
          player_before: d.player ? player.rating : null,
          player_after: d.player ? d.player.rating : null,
          puzzle_before: d.puzzle ? puzzle.rating : null,
          puzzle_rd_before: d.puzzle ? puzzle.rd : null,
          puzzle_after: d.puzzle ? d.puzzle.rating : null,
        })
        .where('id', '=', offerId)
        .execute();
      if (d.player)
        await tx
          .updateTable('puzzle_players')
          .set((eb) => ({
            rating: d.player!.rating,
            rd: d.player!.rd,
            vol: d.player!.vol,
            attempts: eb('attempts', '+', 1),
            solved: eb('solved', '+', right),
            updated_at: now,
          }))
          .where('user_id', '=', userId)
          .execute();
      if (d.puzzle)
        await tx
          .updateTable('puzzle_ratings')
          .set((eb) => ({
            rating: d.puzzle!.rating,
            rd: d.puzzle!.rd,
            vol: d.puzzle!.vol,
            attempts: eb('attempts', '+', 1),
            solved: eb('solved', '+', right),
            updated_at: now,
          }))
          .where('puzzle_id', '=', offer.puzzleId)
          .execute();
      if (d.run && offer.runId) {
        await tx
          .updateTable('puzzle_runs')
          .set({ score: d.run.score, over: d.run.over ? 1 : 0, ends_at: d.run.endsAt })
          .where('id', '=', offer.runId)
          .execute();
        await keepBest(tx, userId, before.run!.mode, d.run.score);
      }
      return {
        ok: true as const,
        offer: { ...offer, answeredAt: now, outcome: d.outcome, answer: d.answer },
        before,
        decision: d,
      };
    });
  }

  async answers(userId: string, puzzleId: string): Promise<PuzzleOffer[]> {
    const rows = await this.db
      .selectFrom('puzzle_attempts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('puzzle_id', '=', puzzleId)
      .orderBy('offered_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(offerOf);
  }

  async history(userId: string, limit: number): Promise<PuzzleHistoryEntry[]> {
    const rows = await this.db
      .selectFrom('puzzle_attempts')
      .select(['answered_at', 'puzzle_id', 'outcome', 'player_after'])
      .where('user_id', '=', userId)
      .where('player_after', 'is not', null)
      .orderBy('answered_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      at: Number(r.answered_at),
      puzzleId: r.puzzle_id,
      right: r.outcome === 'right',
      rating: Number(r.player_after),
    }));
  }

  async startRun(run: PuzzleRun): Promise<void> {
    await this.db
      .insertInto('puzzle_runs')
      .values({
        id: run.id,
        user_id: run.userId,
        mode: run.mode,
        started_at: run.startedAt,
        ends_at: run.endsAt,
        score: run.score,
        over: run.over ? 1 : 0,
      })
      .execute();
  }

  async run(id: string): Promise<PuzzleRun | null> {
    const r = await this.db.selectFrom('puzzle_runs').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? runOf(r) : null;
  }

  async endRun(id: string): Promise<PuzzleRun | null> {
    return this.db.transaction().execute(async (tx) => {
      await tx.updateTable('puzzle_runs').set({ over: 1 }).where('id', '=', id).execute();
      const r = await tx.selectFrom('puzzle_runs').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r) return null;
      const run = runOf(r);
      await keepBest(tx, run.userId, run.mode, run.score);
      return run;
    });
  }

  async merge(
    fromUserId: string,
    toUserId: string,
    refold: (answers: readonly PuzzleOffer[]) => Glicko,
  ): Promise<PuzzlePlayer | null> {
    return this.db.transaction().execute(async (tx) => {
      const from = await tx
        .selectFrom('puzzle_players')
        .selectAll()
        .where('user_id', '=', fromUserId)
        .executeTakeFirst();
      const moved = await tx
        .updateTable('puzzle_attempts')
        .set({ user_id: toUserId })
        .where('user_id', '=', fromUserId)
        .executeTakeFirst();
      await tx
        .updateTable('puzzle_runs')
        .set({ user_id: toUserId })
        .where('user_id', '=', fromUserId)
        .execute();
      if (!from && Number(moved.numUpdatedRows) === 0) return null;
      const to = await lockedPlayer(tx, toUserId, 0);
      const answers = (
        await tx
          .selectFrom('puzzle_attempts')
          .selectAll()
          .where('user_id', '=', toUserId)
          .where('player_after', 'is not', null)
          .orderBy('answered_at', 'asc')
          .orderBy('id', 'asc')
          .execute()
      ).map(offerOf);
      const g = refold(answers);
      const last = answers.length > 0 ? answers[answers.length - 1]!.answeredAt! : to.updatedAt;
      await tx
        .updateTable('puzzle_players')
        .set({
          ...g,
          attempts: answers.length,
          solved: answers.filter((a) => a.outcome === 'right').length,
          streak_best: Math.max(to.streakBest, from ? Number(from.streak_best) : 0),
          storm_best: Math.max(to.stormBest, from ? Number(from.storm_best) : 0),
          updated_at: last,
        })
        .where('user_id', '=', toUserId)
        .execute();
      await tx.deleteFrom('puzzle_players').where('user_id', '=', fromUserId).execute();
      return playerOf(
        await tx
          .selectFrom('puzzle_players')
          .selectAll()
          .where('user_id', '=', toUserId)
          .executeTakeFirstOrThrow(),
      );
    });
  }
}

/** Keeps a run's score as the player's best of its kind (the row is made if need be). */
async function keepBest(tx: Tx, userId: string, mode: 'streak' | 'storm', score: number): Promise<void> {
  const p = await lockedPlayer(tx, userId, 0);
  const best = mode === 'streak' ? p.streakBest : p.stormBest;
  if (score <= best) return;
  await tx
    .updateTable('puzzle_players')
    .set(mode === 'streak' ? { streak_best: score } : { storm_best: score })
    .where('user_id', '=', userId)
    .execute();
}
