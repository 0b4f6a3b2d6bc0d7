/**
 * The daily game over HTTP: the handlers of `ROUTES.daily`, `dailyStart`, `dailyCalendar`, `dailyDay` and
 * `dailyReveal` of `@hearts/protocol/http` (src/daily.ts has the game's rules). Every route counts against
 * `LIMIT_DAILY` per address. Before the day is over its leaderboard is shown only to those who finished it (the
 * points per hand would tell the others something about the hands), and its seed and games not at all. A day's
 * page lists your friends' rows apart (with yours), wherever they rank.
 */
import type { IncomingMessage } from 'node:http';
import type { DailyYou } from '@hearts/protocol/http';
import type { Handlers } from './api-router.js';
import {
  DAILY_SEAT,
  bestPerHand,
  dayEnd,
  dayOf,
  rankAttempts,
  rankedAttempt,
  streakOf,
  wouldStand,
  type RankedAttempt,
} from './daily.js';
import { ratedTable } from './fairness/policy.js';
import { HttpError, rateLimitError } from './http-json.js';
import { tableId } from './ids.js';
import { clientAddress } from './limits.js';
import { openTable } from './seating.js';
import type { Services } from './services.js';
import { DailyPlayedError, type DailyAttempt } from './store/daily.js';
import type { TableRecord, UserRecord } from './store/types.js';

/** Rows of a leaderboard sent at most. */
export const DAILY_ROWS = 500;

/** The refusal of a daily game's record before its day is revealed (to its player too). */
export const dailyNotRevealed = (date: string): HttpError =>
  new HttpError(
    409,
    'ERR_DAILY_NOT_OVER',
    `your daily game of ${date} holds the day's hands: its record opens once the day is revealed (after midnight, Berlin)`,
  );

/** Your attempt: on the board with its rank, or (a guest's, a name claimed during the day) where it would stand. */
function youOf(attempt: DailyAttempt | null, ranked: readonly RankedAttempt[]): DailyYou | null {
  if (!attempt) return null;
  const r = wouldStand(attempt, ranked);
  return {
    status: attempt.status,
    tableId: attempt.tableId,
    points: attempt.points === null ? null : [...attempt.points],
    total: attempt.total,
    rank: r?.rank ?? null,
    percentile: r?.percentile ?? null,
    of: ranked.length,
    left: attempt.left,
    ranked: attempt.ranked,
  };
}

/** The days of the player's attempts on the board: a streak counts those. */
const rankedDates = (attempts: readonly DailyAttempt[]): string[] =>
  attempts.flatMap((a) => (a.ranked ? [a.date] : []));

/** The daily routes' handlers. */
export function dailyHandlers(
  s: Services,
  now: () => number = () => s.daily.now(),
): Pick<Handlers, 'daily' | 'dailyStart' | 'dailyCalendar' | 'dailyDay' | 'dailyReveal'> {
  const limit = async (req: IncomingMessage) => {
    const limited = await s.limits.take('daily', clientAddress(req, s.config.trustProxy));
    if (limited) throw rateLimitError(limited);
  };
  const db = s.store.daily;

  return {
    daily: async ({ req, viewer }) => {
      await limit(req);
      const at = now();
      const date = dayOf(at);
      const day = await s.daily.ensure(date, at);
      const me = await viewer();
      const attempt = me ? await db.attempt(date, me.id) : null;
      const ranked = attempt?.status === 'finished' ? rankAttempts(await db.attempts(date)) : [];
      void s.daily.par(day); // computed once a day in the background: shown once stored (never waited for here)
      const mine = me ? await db.userAttempts(me.id, 400) : [];
      const previous = (await db.days(date, 1))[0]?.date ?? null;
      return {
        date,
        commitment: day.commitment,
        endsAt: dayEnd(date),
        hands: day.rules.handsToPlay,
        seat: DAILY_SEAT,
        level: s.config.dailyBotLevel,
        you: youOf(attempt, ranked),
        par: attempt?.status === 'finished' && day.par ? [...day.par] : null,
        streak: streakOf(rankedDates(mine), date),
        previous,
      };
    },

    dailyStart: async ({ req, user }) => {
      await limit(req);
      if (s.draining)
        throw new HttpError(503, 'ERR_DRAINING', 'the server is shutting down: try again shortly');
      const at = now();
      const date = dayOf(at);
      const refuse = (a: DailyAttempt) =>
        new HttpError(
          409,
          'ERR_DAILY_PLAYED',
          a.status === 'playing'
            ? `you have started the daily game of ${date} already: go back to your table`
            : `you have played the daily game of ${date} already: one attempt per day; the next starts at midnight (Berlin)`,
        );
      const known = await db.attempt(date, user.id);
      if (known) throw refuse(known);
      const day = await s.daily.ensure(date, at);
      void s.daily.par(day); // computed once per day, in the background
      const record = dailyTable(user, day.rules, s.config.dailyBotLevel, at);
      try {
        // On the public board only with a name claimed before the day began (daily.ts, rankedAttempt).
        const ranked = rankedAttempt(user, date);
        await openTable(record, (r) =>
          db.startAttempt(
            { date, userId: user.id, name: user.name, tableId: r.id, startedAt: at, ranked },
            r,
          ),
        );
      } catch (e) {
        if (e instanceof DailyPlayedError) {
          const a = await db.attempt(date, user.id);
          if (a) throw refuse(a);
        }
        throw e;
      }
      return { tableId: record.id, date };
    },

    dailyCalendar: async ({ req, viewer }) => {
      await limit(req);
      const at = now();
      const today = dayOf(at);
      const me = await viewer();
      const days = await db.days(today, 60);
      const mine = me ? await db.userAttempts(me.id, 400) : [];
      const byDate = new Map(mine.map((a) => [a.date, a]));
      const out = [];
      for (const d of days) {
        const a = byDate.get(d.date);
        const rank =
          a?.status === 'finished'
            ? (wouldStand(a, rankAttempts(await db.attempts(d.date)))?.rank ?? null)
            : null;
        out.push({ date: d.date, players: d.players, total: a?.total ?? null, rank });
      }
      return {
        days: out,
        streak: streakOf(rankedDates(mine), today),
      };
    },

    dailyDay: async ({ req, params, viewer }) => {
      await limit(req);
      const at = now();
      const day = await db.day(params.date);
      if (!day || params.date > dayOf(at))
        throw new HttpError(404, 'ERR_NOT_FOUND', `no daily game on ${params.date}`);
      const over = at >= dayEnd(day.date);
      const revealed = await s.daily.revealed(day.date, at);
      const me = await viewer();
      const attempts = await db.attempts(day.date);
      const ranked = rankAttempts(attempts);
      const mine = me ? (attempts.find((a) => a.userId === me.id) ?? null) : null;
      const visible = over || mine?.status === 'finished';
      // Your friends apart, wherever they rank (the rows above stop at DAILY_ROWS).
      const friends = new Set(me && visible ? await s.store.friends.friendIds(me.id) : []);
      const row = (r: RankedAttempt) => ({
        rank: r.rank,
        percentile: r.percentile,
        name: r.attempt.name,
        you: r.attempt.userId === me?.id,
        points: [...(r.attempt.points ?? [])],
        total: r.attempt.total!,
        left: r.attempt.left,
        tableId: revealed ? r.attempt.tableId : null, // yours too: its record holds the day's hands
        friend: friends.has(r.attempt.userId),
      });
      return {
        date: day.date,
        commitment: day.commitment,
        over,
        revealed,
        visible,
        hands: day.rules.handsToPlay,
        seat: DAILY_SEAT,
        level: s.config.dailyBotLevel, // the bots' level (and the par's)
        players: ranked.length,
        par: visible ? (day.par ? [...day.par] : null) : null,
        rows: visible ? ranked.slice(0, DAILY_ROWS).map(row) : [],
        friends: visible
          ? ranked.filter((r) => r.attempt.userId === me?.id || friends.has(r.attempt.userId)).map(row)
          : [],
        best: visible ? bestPerHand(attempts, day.rules.handsToPlay) : [],
        you: youOf(mine, ranked),
      };
    },

    dailyReveal: async ({ req, params, reply }) => {
      await limit(req);
      const day = await db.day(params.date);
      if (!day) throw new HttpError(404, 'ERR_NOT_FOUND', `no daily game on ${params.date}`);
      if (!(await s.daily.revealed(day.date, now())))
        throw new HttpError(
          409,
          'ERR_DAILY_NOT_OVER',
          `the seed of ${day.date} is revealed once the day is over (midnight, Berlin) and its games have ended`,
        );
      reply.headers['content-disposition'] = `attachment; filename="hearts-daily-${day.date}.json"`;
      return s.daily.reveal(day);
    },
  };
}

/** A daily table: the player in {@link DAILY_SEAT}, bots of the day's level in the other seats. */
function dailyTable(
  user: UserRecord,
  rules: TableRecord['rules'],
  level: TableRecord['botLevel'],
  at: number,
): TableRecord {
  const userId = user.id;
  return {
    id: tableId(),
    kind: 'daily',
    rated: ratedTable('daily'),
    rules,
    seats: Array.from({ length: rules.players }, (_, seat) =>
      seat === DAILY_SEAT
        ? { kind: 'human' as const, userId, name: user.name, rating: null }
        : { kind: 'bot' as const, level, name: `Bot ${seat}`, rating: null },
    ),
    botLevel: level,
    status: 'playing',
    createdAt: at,
  };
}
