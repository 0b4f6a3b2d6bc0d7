/** Player pages (a user's, a bot level's) with their rating history and recent games, and the leaderboard. */
import * as z from 'zod/mini';
import { id, level, look, none, route } from './atoms.js';
import { tournamentEntry } from './tournaments.js';

/** A point of the rating graph: the rating before and after one rated game. */
const historyPoint = z.object({
  gameId: z.string(),
  at: z.number(),
  before: z.number(),
  after: z.number(),
  provisional: z.boolean(), // the rating after this game was still provisional
  place: z.number(),
});
export type HistoryPoint = z.infer<typeof historyPoint>;

/** Totals over a player's live games. */
const playerRecord = z.object({
  games: z.number(),
  wins: z.number(), // first place (shared or alone)
  ratedGames: z.number(),
  hands: z.number(),
  pointsPerHand: z.nullable(z.number()), // null before the first hand
  moons: z.number(),
  queens: z.number(),
  left: z.number(), // games left before the end
});
export type PlayerRecord = z.infer<typeof playerRecord>;

/** A recent game on a player page: every seat, in seat order. */
const recentGame = z.object({
  id: z.string(),
  kind: z.string(),
  rated: z.boolean(),
  finishedAt: z.number(),
  seat: z.number(), // the player's seat
  players: z.array(
    z.object({
      name: z.string(),
      subject: z.string(),
      score: z.number(),
      place: z.number(),
      left: z.boolean(),
    }),
  ),
});
export type RecentGame = z.infer<typeof recentGame>;

export const PERIODS = ['all', 'month'] as const;
export type Period = (typeof PERIODS)[number];

const leaderboardRow = z.object({
  subject: z.string(),
  name: z.string(),
  bot: z.nullable(level),
  rating: z.number(), // displayed now, rounded
  provisional: z.literal(false), // provisional ratings are never listed
  games: z.number(), // rated games (this month: in this month)
  change: z.nullable(z.number()), // this month: rating now minus before the month's first game
});
export type LeaderboardRow = z.infer<typeof leaderboardRow>;

/** A player page: a user's (with `id` and `look`; `chips` on your own) or a bot level's. */
const playerPage = z.object({
  subject: z.string(), // `u:<id>` or `b:<level>`
  name: z.string(),
  bot: z.nullable(level),
  rating: z.number(),
  provisional: z.boolean(), // too few rated games: "1500?", not on the leaderboard
  provisionalGames: z.number(), // rated games until a rating is established
  ratedGames: z.number(),
  idleDays: z.number(),
  lastPlayedAt: z.nullable(z.number()),
  record: playerRecord,
  history: z.array(historyPoint),
  recent: z.array(recentGame),
  id: z.optional(z.string()), // users
  look: z.optional(look), // users
  chips: z.optional(z.number()), // your own page only
  // users: finished tournaments, newest first (at most 20); private ones on your own page only
  tournaments: z.optional(z.array(tournamentEntry)),
});
export type PlayerPage = z.infer<typeof playerPage>;

/** Player pages and the leaderboard. */
export const PLAYER_ROUTES = {
  /** `me` (signed in: with chips) or a user id. */
  profile: route({
    method: 'GET',
    path: '/api/profile/:who',
    params: { who: id },
    auth: 'optional',
    response: playerPage,
  }),
  /** A bot level's page. */
  botPage: route({
    method: 'GET',
    path: '/api/bots/:level',
    params: { level },
    auth: 'none',
    response: playerPage,
  }),
  /** Players and bot levels by rating (this month: who played this month). */
  leaderboard: route({
    method: 'GET',
    path: '/api/leaderboard',
    params: none,
    auth: 'none',
    query: z.object({ period: z._default(z.enum(PERIODS), 'all') }),
    response: z.object({ period: z.enum(PERIODS), players: z.array(leaderboardRow) }),
  }),
} as const;
