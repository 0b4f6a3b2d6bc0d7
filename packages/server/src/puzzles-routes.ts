/**
 * Puzzles over HTTP: the handlers of `PUZZLE_ROUTES` of `@hearts/protocol/http/puzzles`. A player is offered a puzzle (the
 * answer stays here), answers it once, and is told whether it was right with every option's expected points and
 * the line each takes; a rated answer moves the player's and the puzzle's Glicko-2 ratings in the transaction that
 * takes the answer. What cannot move a rating: an answer to an offer that is not yours (or none), a second answer,
 * an answer after the offer ran out, a move the puzzle does not have, a result sent instead of a move (the body
 * takes a move only), a flood (`LIMIT_PUZZLES` per address and per user). docs/puzzles.md.
 */
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { seededRandom, type CardName } from '@hearts/engine';
import { isSolution, lineTricks, puzzleOptionOf, questionOf, type Puzzle } from '@hearts/practice/puzzles';
import {
  STORM_MS,
  STORM_PENALTY_MS,
  type PuzzleOfferView,
  type PuzzlePlayerView,
  type PuzzleRatingView,
  type PuzzleRunView,
  type PuzzleTheme,
} from '@hearts/protocol/http/puzzles';
import type { Handlers } from './api-router.js';
import { dayOf } from './daily.js';
import { HttpError, rateLimitError } from './http-json.js';
import { clientAddress } from './limits.js';
import { aged, NEW_PLAYER, PROVISIONAL_RD, PUZZLE_VOL, rateAttempt, type Glicko } from './puzzles/glicko.js';
import { pickNear, REFRESH_MS, type PuzzleLibrary } from './puzzles/library.js';
import type { Services } from './services.js';
import type { AnswerContext, AnswerDecision, PuzzleOffer, PuzzlePlayer, PuzzleRun } from './store/puzzles.js';
import type { UserRecord } from './store/types.js';

/** An offer (rated, daily, streak) stands this long; a storm's, until the storm ends. */
export const OFFER_MS = 30 * 60_000;
/** A storm's answers are taken this long after its end (the last answer's way over the network). */
const STORM_GRACE_MS = 3_000;
/** History points a player page shows at most. */
export const HISTORY_POINTS = 500;

/** The server's picture of the puzzles' ratings: the library's, with what the store says has moved. */
class Ratings {
  private readonly moved = new Map<string, Glicko>();
  private readAt = -Infinity;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly s: Services,
    private readonly lib: PuzzleLibrary,
  ) {}

  async fresh(now: number): Promise<void> {
    if (now - this.readAt < REFRESH_MS) return;
    this.reading ??= (async () => {
      const since = this.readAt === -Infinity ? 0 : this.readAt - REFRESH_MS; // overlap: clocks of processes differ
      for (const r of await this.s.store.puzzles.movedSince(since)) this.moved.set(r.puzzleId, r);
      this.readAt = now;
    })().finally(() => (this.reading = null));
    await this.reading;
  }

  of(id: string): Glicko {
    return this.moved.get(id) ?? this.lib.start(id) ?? { rating: 1500, rd: 350, vol: PUZZLE_VOL };
  }

  set(id: string, g: Glicko): void {
    this.moved.set(id, g);
  }
}

const ratingView = (p: PuzzlePlayer | null): PuzzleRatingView | null =>
  p === null || p.attempts === 0
    ? null
    : {
        rating: Math.round(p.rating),
        rd: Math.round(p.rd),
        provisional: p.rd > PROVISIONAL_RD,
        attempts: p.attempts,
        solved: p.solved,
        streakBest: p.streakBest,
        stormBest: p.stormBest,
      };

const runView = (r: PuzzleRun, now: number): PuzzleRunView => ({
  id: r.id,
  mode: r.mode,
  score: r.score,
  over: r.over,
  endsAt: r.endsAt,
  now,
});

/** The player's rating now: the stored one, less sure for the days away; a new player's without a row. */
const currentRating = (p: PuzzlePlayer | null, now: number): Glicko =>
  p === null ? NEW_PLAYER : aged(p, now - p.updatedAt);

/**
 * The rating a player's answers give when rated again in the order they were made (a merge of two players'
 * answers): each against the puzzle's rating and deviation at that time, the days between them counted.
 */
export function refold(answers: readonly PuzzleOffer[]): Glicko {
  let g = NEW_PLAYER;
  let last: number | null = null;
  for (const a of answers) {
    if (a.puzzleBefore === null || a.answeredAt === null) continue;
    if (last !== null) g = aged(g, a.answeredAt - last);
    last = a.answeredAt;
    g = rateAttempt(
      g,
      { rating: a.puzzleBefore, rd: a.puzzleRdBefore ?? 350, vol: PUZZLE_VOL },
      a.outcome === 'right',
    ).player;
  }
  return g;
}

/** The puzzles' handlers (`lib` null: the server has no library, and says so). */
export function puzzleHandlers(
  s: Services,
  lib: PuzzleLibrary | null,
  now: () => number = Date.now,
): Pick<
  Handlers,
  'puzzlesDaily' | 'puzzlesNext' | 'puzzlesAnswer' | 'puzzlesRun' | 'puzzlesPlayer' | 'puzzlesMerge'
> {
  const db = s.store.puzzles;
  const ratings = lib ? new Ratings(s, lib) : null;
  const limit = async (req: IncomingMessage, user: UserRecord | null) => {
    const keys = [clientAddress(req, s.config.trustProxy), ...(user ? [`user:${user.id}`] : [])];
    for (const key of keys) {
      const limited = await s.limits.take('puzzles', key);
      if (limited) throw rateLimitError(limited);
    }
  };
  const library = (): { lib: PuzzleLibrary; ratings: Ratings } => {
    if (!lib || !ratings) throw new HttpError(404, 'ERR_NO_PUZZLE', 'this server has no puzzle library');
    return { lib, ratings };
  };
  const puzzleOf = (id: string): Puzzle => {
    const p = library().lib.byId.get(id);
    if (!p) throw new HttpError(404, 'ERR_NOT_FOUND', 'no such puzzle');
    return p;
  };
  const offerView = (o: PuzzleOffer, run: PuzzleRun | null, at: number): PuzzleOfferView => ({
    offer: o.id,
    mode: o.mode,
    rated: o.rated,
    puzzle: questionOf(puzzleOf(o.puzzleId), library().ratings.of(o.puzzleId).rating),
    run: run ? runView(run, at) : null,
  });
  const playerView = async (userId: string): Promise<PuzzlePlayerView> => {
    const [player, history] = await Promise.all([db.player(userId), db.history(userId, HISTORY_POINTS)]);
    return {
      rating: ratingView(player),
      history: history.reverse().map((h) => ({ at: h.at, rating: Math.round(h.rating), right: h.right })),
    };
  };

  /** A run of this player's that is still on at `at` (a storm whose time is up is ended and refused). */
  const liveRun = async (user: UserRecord, id: string | undefined, mode: 'streak' | 'storm', at: number) => {
    const run = id === undefined ? null : await db.run(id);
    if (!run || run.userId !== user.id || run.mode !== mode)
      throw new HttpError(409, 'ERR_PUZZLE_RUN', `no ${mode} of yours with that id: start one first`);
    if (run.over) throw new HttpError(409, 'ERR_PUZZLE_RUN', `this ${mode} is over`);
    if (run.endsAt !== null && at > run.endsAt) {
      await db.endRun(run.id);
      throw new HttpError(409, 'ERR_PUZZLE_EXPIRED', 'the storm is over');
    }
    return run;
  };

  return {
    puzzlesDaily: async ({ req, viewer }) => {
      await limit(req, null);
      const { lib, ratings } = library();
      const at = now();
      await ratings.fresh(at);
      const date = dayOf(at);
      const p = lib.daily(date);
      const me = await viewer();
      const mine = me ? await firstAnswer(s, me.id, p.id) : null;
      return {
        date,
        puzzle: questionOf(p, ratings.of(p.id).rating),
        themes: mine ? [...p.themes] : [],
        you: mine,
      };
    },

    puzzlesNext: async ({ req, user, body }) => {
      await limit(req, user);
      const { lib, ratings } = library();
      const at = now();
      await ratings.fresh(at);
      const mode = body.mode;
      const run = mode === 'streak' || mode === 'storm' ? await liveRun(user, body.run, mode, at) : null;
      const open = await db.openOffer(user.id, mode, run?.id ?? null, at);
      const theme = (body.theme ?? null) as PuzzleTheme | null;
      // The open offer stands (a reload shows the same puzzle) unless another theme is asked for.
      if (open && (mode !== 'rated' || open.theme === theme)) return offerView(open, run, at);
      const offered = await db.offeredIds(user.id);
      const player = await db.player(user.id);
      const rating = currentRating(player, at).rating;
      let puzzleId: string | null;
      let rated = mode !== 'storm';
      const id = `po${randomBytes(12).toString('hex')}`;
      if (mode === 'daily') {
        puzzleId = lib.daily(dayOf(at)).id;
        rated = !offered.has(puzzleId); // a puzzle is rated the first time it is offered to a player only
      } else {
        const target =
          mode === 'rated'
            ? rating
            : mode === 'streak'
              ? Math.max(800, rating - 400) + 50 * run!.score
              : Math.max(800, rating - 500) + 40 * run!.score;
        const pool = (mode === 'rated' ? lib.ofTheme(theme) : lib.puzzles).map((p) => ({
          id: p.id,
          rating: ratings.of(p.id).rating,
        }));
        puzzleId = pickNear(pool, target, offered, seededRandom(id).nextUint32() / 2 ** 32);
      }
      if (puzzleId === null)
        throw new HttpError(404, 'ERR_NO_PUZZLE', 'every puzzle of this kind was offered to you already');
      const offer: PuzzleOffer = {
        id,
        userId: user.id,
        puzzleId,
        mode,
        theme: mode === 'rated' ? theme : null,
        runId: run?.id ?? null,
        rated,
        offeredAt: at,
        expiresAt: run?.endsAt != null ? run.endsAt + STORM_GRACE_MS : at + OFFER_MS,
        answeredAt: null,
        outcome: null,
        answer: null,
        playerBefore: null,
        playerAfter: null,
        puzzleBefore: null,
        puzzleRdBefore: null,
        puzzleAfter: null,
      };
      await db.offer(offer);
      return offerView(offer, run, at);
    },

    puzzlesAnswer: async ({ req, user, params, body }) => {
      await limit(req, user);
      const { lib, ratings } = library();
      const at = now();
      const move = body.move as CardName[];
      const r = await db.answer(
        params.offer,
        user.id,
        at,
        (id) => lib.start(id),
        (c: AnswerContext): AnswerDecision => {
          const p = puzzleOf(c.offer.puzzleId);
          // A move the puzzle does not have is refused (and the transaction with it): nothing moves.
          if (puzzleOptionOf(p, move) < 0 || (p.kind === 'pass' && new Set(move).size !== move.length))
            throw new HttpError(400, 'ERR_PUZZLE_MOVE', 'not a move of this puzzle');
          const right = isSolution(p, move);
          const rated = c.offer.rated ? rateAttempt(currentRating(c.player, at), c.puzzle, right) : null;
          let run: AnswerDecision['run'] = null;
          if (c.run) {
            const score = c.run.score + (right ? 1 : 0);
            if (c.run.mode === 'streak') run = { score, over: !right, endsAt: null };
            else {
              const endsAt = right ? c.run.endsAt : c.run.endsAt! - STORM_PENALTY_MS;
              run = { score, over: at >= endsAt!, endsAt };
            }
          }
          return {
            outcome: right ? 'right' : 'wrong',
            answer: move.join(''),
            player: rated?.player ?? null,
            puzzle: rated?.puzzle ?? null,
            run,
          };
        },
      );
      if (!r.ok)
        throw r.why === 'unknown'
          ? new HttpError(404, 'ERR_NOT_FOUND', 'no puzzle offered to you with that id')
          : r.why === 'answered'
            ? new HttpError(409, 'ERR_PUZZLE_ANSWERED', 'this puzzle was answered already')
            : new HttpError(409, 'ERR_PUZZLE_EXPIRED', 'the time for this puzzle ran out');
      const p = puzzleOf(r.offer.puzzleId);
      const d = r.decision;
      if (d.puzzle) ratings.set(p.id, d.puzzle);
      const run = r.before.run && d.run ? { ...r.before.run, ...d.run } : null;
      return {
        right: d.outcome === 'right',
        option: puzzleOptionOf(p, move),
        solution: [...p.solution],
        options: p.options.map((o) => ({ move: [...o.move], cards: [...o.cards], points: o.points })),
        gap: p.gap,
        themes: [...p.themes],
        received: p.line.received ? [...p.line.received] : null,
        lines: p.options.map((_, i) => lineTricks(p, i).map((t) => ({ ...t, cards: [...t.cards] }))),
        points: p.line.options.map((l) => [...l.points]),
        rating: d.player
          ? {
              before: Math.round(currentRating(r.before.player, at).rating),
              after: Math.round(d.player.rating),
            }
          : null,
        puzzleRating: d.puzzle
          ? { before: Math.round(r.before.puzzle.rating), after: Math.round(d.puzzle.rating) }
          : null,
        run: run ? runView(run, at) : null,
      };
    },

    puzzlesRun: async ({ req, user, body }) => {
      await limit(req, user);
      library();
      const at = now();
      const run: PuzzleRun = {
        id: `pr${randomBytes(12).toString('hex')}`,
        userId: user.id,
        mode: body.mode,
        startedAt: at,
        endsAt: body.mode === 'storm' ? at + STORM_MS : null,
        score: 0,
        over: false,
      };
      await db.startRun(run);
      return runView(run, at);
    },

    puzzlesPlayer: async ({ req, params, viewer }) => {
      await limit(req, null);
      if (params.who !== 'me') {
        if (!(await s.store.userById(params.who)))
          throw new HttpError(404, 'ERR_NOT_FOUND', 'no such player');
        return playerView(params.who);
      }
      const me = await viewer();
      if (!me) throw new HttpError(401, 'ERR_SIGN_IN', 'sign in to see your own puzzles');
      return playerView(me.id);
    },

    puzzlesMerge: async ({ req, user, body }) => {
      await limit(req, user);
      const guest = await s.identity.user(body.token);
      if (!guest) throw new HttpError(401, 'ERR_SIGN_IN', 'the guest’s token is not valid');
      if (guest.id === user.id || guest.passwordHash !== null)
        throw new HttpError(409, 'ERR_NOT_GUEST', 'only a guest’s puzzles merge into another player’s');
      await db.merge(guest.id, user.id, refold);
      return playerView(user.id);
    },
  };
}

/** The player's first answer to a puzzle (the day's), if any. */
async function firstAnswer(
  s: Services,
  userId: string,
  puzzleId: string,
): Promise<{ right: boolean } | null> {
  const h = await s.store.puzzles.answers(userId, puzzleId);
  const first = h.find((o) => o.outcome === 'right' || o.outcome === 'wrong');
  return first ? { right: first.outcome === 'right' } : null;
}
