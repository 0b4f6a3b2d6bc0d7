/** The daily game (docs/daily.md): one deal a day for everyone, its leaderboard, calendar and reveal. */
import * as z from 'zod/mini';
import type { DailyReveal } from '@hearts/shuffle';
import { level, none, route } from './atoms.js';

/** A day of the daily game, YYYY-MM-DD (the day in Europe/Berlin). */
const day = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a day as YYYY-MM-DD'));

/** Your attempt at a day. */
const dailyYou = z.object({
  status: z.enum(['playing', 'finished']),
  tableId: z.string(), // the live table (playing), or the game to replay
  points: z.nullable(z.array(z.number())), // per hand, once finished
  total: z.nullable(z.number()),
  rank: z.nullable(z.number()), // 1 = best; ties share a rank (off the board: the rank you would have)
  percentile: z.nullable(z.number()), // the share of the others who scored more, in percent
  of: z.number(), // players on the day's board who finished it
  left: z.boolean(), // you left and a bot played the rest
  // On the public board: a name claimed before the day began. False (a guest, a name claimed during the day): rank
  // and percentile are where you would stand.
  ranked: z.boolean(),
});
export type DailyYou = z.infer<typeof dailyYou>;

/** Today's daily game: its commitment, when it ends, your attempt, your streak. */
const dailyToday = z.object({
  date: day,
  commitment: z.string(), // SHA-256 of the day's seed (hearts-daily/1), revealed once the day is over
  endsAt: z.number(), // the next midnight in Europe/Berlin
  hands: z.number(),
  seat: z.number(), // the player's seat at the table
  level: level, // the bots' level
  you: z.nullable(dailyYou),
  par: z.nullable(z.array(z.number())), // the bot's points per hand in your seat: once you finished
  streak: z.number(), // days played in a row
  previous: z.nullable(day), // the newest day before today, to look back at
});
export type DailyToday = z.infer<typeof dailyToday>;

const dailyRow = z.object({
  rank: z.number(),
  percentile: z.number(),
  name: z.string(),
  you: z.boolean(),
  points: z.array(z.number()),
  total: z.number(),
  left: z.boolean(),
  tableId: z.nullable(z.string()), // its replay: once the day is revealed (your own: once finished)
  friend: z.boolean(), // one of your friends
});
export type DailyRow = z.infer<typeof dailyRow>;

/** One day's leaderboard, par and best hands; its seed once revealed. */
const dailyDay = z.object({
  date: day,
  commitment: z.string(),
  over: z.boolean(),
  revealed: z.boolean(), // the seed is shown (GET …/reveal) and every game can be replayed
  visible: z.boolean(), // the leaderboard is shown: the day is over, or you finished it
  hands: z.number(),
  seat: z.number(), // every player's seat (the replays' analysis is of it)
  level: level, // the bots' level, who also set the par
  players: z.number(), // finished
  par: z.nullable(z.array(z.number())),
  rows: z.array(dailyRow), // best first; empty unless visible (at most 500)
  friends: z.array(dailyRow), // your friends' rows and yours, best first, wherever they rank (empty unless visible)
  best: z.array(z.object({ hand: z.number(), points: z.number(), players: z.array(z.string()) })),
  you: z.nullable(dailyYou),
});
export type DailyDayPage = z.infer<typeof dailyDay>;

/** Past days (newest first) with how many played and your result. */
const dailyCalendar = z.object({
  days: z.array(
    z.object({
      date: day,
      players: z.number(),
      total: z.nullable(z.number()), // yours
      rank: z.nullable(z.number()),
    }),
  ),
  streak: z.number(),
});
export type DailyCalendar = z.infer<typeof dailyCalendar>;

/** A day's reveal (`hearts-daily/1`: docs/daily.md); `hearts verify` checks it. */
const dailyReveal = z.custom<DailyReveal>(
  (x) => typeof x === 'object' && x !== null && (x as { format?: unknown }).format === 'hearts-daily/1',
  'not a hearts-daily/1 reveal',
);

/** The daily game. */
export const DAILY_ROUTES = {
  /** Today's daily game and your attempt (LIMIT_DAILY per address). */
  daily: route({
    method: 'GET',
    path: '/api/daily',
    params: none,
    auth: 'optional',
    response: dailyToday,
  }),
  /** Starts your one attempt at today's game: its live table. 409 ERR_DAILY_PLAYED the second time. */
  dailyStart: route({
    method: 'POST',
    path: '/api/daily/start',
    params: none,
    auth: 'required',
    response: z.object({ tableId: z.string(), date: day }),
  }),
  /** Past days with their number of players and your result (LIMIT_DAILY per address). */
  dailyCalendar: route({
    method: 'GET',
    path: '/api/daily/calendar',
    params: none,
    auth: 'optional',
    response: dailyCalendar,
  }),
  /** A day's leaderboard (today's: once you finished), par and best hand. */
  dailyDay: route({
    method: 'GET',
    path: '/api/daily/days/:date',
    params: { date: day },
    auth: 'optional',
    response: dailyDay,
  }),
  /** A day's seed and hands once it is over: 409 ERR_DAILY_NOT_OVER before. */
  dailyReveal: route({
    method: 'GET',
    path: '/api/daily/days/:date/reveal',
    params: { date: day },
    auth: 'none',
    response: dailyReveal,
  }),
} as const;
