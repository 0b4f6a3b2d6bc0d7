/** Tournaments (docs/tournaments.md): arenas, scheduled and private ones, their pages, events and standings. */
import * as z from 'zod/mini';
import { err, ok as success, parseRules, rulesDiff, type Result, type Rules } from '@hearts/engine';
import { id, level, none, route } from './atoms.js';

/**
 * The rule options a tournament fixes itself: tables of four (so the cards of four), and a game of a fixed number
 * of hands (its `hands`), so no target score. The host of a private tournament chooses every other option.
 */
export const TOURNAMENT_FIXED_RULES = ['players', 'removedCards', 'targetScore', 'handsToPlay'] as const;

/**
 * A private tournament's rules: the host's rule options (as the engine's `parseRules` reads them: unknown options,
 * wrong values and impossible combinations are refused with the engine's message) with `hands` hands per game. None
 * of {@link TOURNAMENT_FIXED_RULES} may be chosen. (A private tournament is never rated, as a friends' room is not:
 * its players choose their opponents. Only the public arenas are rated, with the standard rules.)
 *
 * ```ts
 * tournamentRules({ jackOfDiamonds: -10 }, 2); // { ok: true, value: { …, jackOfDiamonds: -10, handsToPlay: 2 } }
 * ```
 */
export function tournamentRules(options: unknown, hands: number): Result<Rules, string> {
  const r = parseRules(options);
  if (!r.ok) return err(r.error.message);
  const chosen = Object.keys(rulesDiff(r.value));
  const fixed = TOURNAMENT_FIXED_RULES.find((k) => chosen.includes(k));
  if (fixed !== undefined)
    return err(
      `${fixed} is not the host's to choose: a tournament plays tables of four, a set number of hands`,
    );
  return success({ ...r.value, handsToPlay: hands });
}

/** The host's rule options of a tournament: the options that differ from the standard rules, as records write them. */
export const tournamentOptions = (rules: Rules): Partial<Rules> => {
  const diff: Record<string, unknown> = { ...rulesDiff(rules) };
  for (const k of TOURNAMENT_FIXED_RULES) delete diff[k];
  return diff as Partial<Rules>;
};

/** Rule options as sent: an object of options, each checked by the engine where it is read. */
const ruleOptions = z.custom<Partial<Rules>>(
  (x) => typeof x === 'object' && x !== null && !Array.isArray(x) && Object.keys(x).length <= 40,
  'rule options must be an object of options',
);

/** The series of scheduled tournaments (the server's SCHEDULE in tournament/schedule.ts). */
export const TOURNAMENT_SCHEDULES = ['hourly', 'weekly'] as const;
export type TournamentSchedule = (typeof TOURNAMENT_SCHEDULES)[number];

/** Limits of a private tournament's options (the host's choice). */
export const TOURNAMENT_LIMITS = {
  nameMax: 60,
  minutes: { min: 10, max: 180 }, // how long it runs
  hands: { min: 1, max: 8 }, // hands per game
  startsIn: { max: 24 * 60 }, // minutes until it starts
  players: { min: 4, max: 400 },
} as const;
/**
 * A tournament's events stream, `GET /api/tournaments/:id/events` (no token: what it says is public): Server-Sent
 * Events, one `data:` line of a {@link TournamentEvent} as JSON per event. `changed` comes when the stream opens and
 * whenever the page's public content changes (standings, games, phase), with the new `version`; the client then
 * asks for the page again (with its ETag). A finished tournament changes no more: it answers 204, and a stream open
 * when it finishes ends. Refused (429) past the streams an address may hold: the page is polled instead.
 */
export const tournamentEventsPath = (id: string): string =>
  `/api/tournaments/${encodeURIComponent(id)}/events`;
export const tournamentEventSchema = z.object({ type: z.literal('changed'), version: z.string() });
export type TournamentEvent = z.infer<typeof tournamentEventSchema>;

/** Standings rows sent at most (the player's own row is always among them). */
export const TOURNAMENT_ROWS = 500;

const tournamentSummary = z.object({
  id: z.string(), // a private one's id is its code: whoever has the link may join
  kind: z.enum(['arena', 'scheduled', 'private']),
  name: z.string(),
  // A scheduled one's series: the page names it in the reader's language (`name` is the stored English one).
  // Optional: a server from before it sends none.
  schedule: z.optional(z.enum(TOURNAMENT_SCHEDULES)),
  host: z.nullable(z.string()), // the host's name (private ones)
  status: z.enum(['upcoming', 'running', 'finished']),
  startsAt: z.number(),
  endsAt: z.number(),
  hands: z.number(), // per game
  rules: ruleOptions, // the host's rule options: those that differ from the standard rules (none of the fixed ones)
  rated: z.boolean(),
  bots: z.boolean(), // bots fill a table after the longest wait
  maxWaitS: z.number(), // nobody waits longer while four are free (docs/tournaments.md)
  players: z.number(), // entered
  maxPlayers: z.number(),
});
export type TournamentSummary = z.infer<typeof tournamentSummary>;

/**
 * An entrant's presence (docs/tournaments.md): seated when `active`; `paused` by themselves; `away`: paused by the
 * server (not connected when a table was to open for them, or a bot took their seat over) until they come back.
 */
const entrantPresence = z.enum(['active', 'paused', 'away', 'left']);

/** One line of the standings (docs/tournaments.md: 4/2/1/0, ties shared, doubled on a streak). */
const standingRow = z.object({
  rank: z.number(), // ties share a rank
  name: z.string(),
  you: z.boolean(),
  points: z.number(), // may have a fraction (a tie shares points)
  games: z.number(),
  wins: z.number(),
  streak: z.number(), // wins in a row now; from 2 on, the next game counts double
  presence: entrantPresence,
  playing: z.boolean(), // seated at a table now
  prize: z.number(), // chips the podium paid for the place (docs/rating.md); 0 without one, and until it has finished
  results: z.array(
    z.object({
      gameId: z.string(), // its replay: /api/replay/:id
      place: z.number(),
      points: z.number(),
      doubled: z.boolean(),
    }),
  ),
});
export type StandingRow = z.infer<typeof standingRow>;

const tournamentPage = z.object({
  tournament: tournamentSummary,
  phase: z.enum(['upcoming', 'running', 'finishing', 'finished']), // finishing: ended, games still running count
  now: z.number(), // the server's clock, to count down by
  standings: z.array(standingRow), // best first
  running: z.number(), // games being played
  finished: z.number(), // games counted
  you: z.nullable(
    z.object({
      presence: entrantPresence,
      tableId: z.nullable(z.string()), // your table while seated: join it by id
    }),
  ),
});
export type TournamentPage = z.infer<typeof tournamentPage>;

/** A tournament in the player's history: where they stood. */
export const tournamentEntry = z.object({
  tournament: tournamentSummary,
  rank: z.number(), // 1-based, ties shared (so far, while it runs)
  of: z.number(), // entrants
  points: z.number(),
  games: z.number(),
  prize: z.number(), // chips paid for the place (docs/rating.md); 0 without one, and until it has finished
});
export type TournamentEntry = z.infer<typeof tournamentEntry>;

/** A private tournament's options; its rules are checked by {@link tournamentRules} (a 400 says what is wrong). */
const tournamentCreate = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(TOURNAMENT_LIMITS.nameMax)),
    minutes: z.int().check(z.gte(TOURNAMENT_LIMITS.minutes.min), z.lte(TOURNAMENT_LIMITS.minutes.max)),
    hands: z.int().check(z.gte(TOURNAMENT_LIMITS.hands.min), z.lte(TOURNAMENT_LIMITS.hands.max)),
    startsIn: z.int().check(z.gte(0), z.lte(TOURNAMENT_LIMITS.startsIn.max)), // minutes from now
    // Never true: a private tournament is unrated (its players choose their opponents); true is refused with
    // ERR_PRIVATE_RATED. Kept so that a client which sends `rated: false` is still understood.
    rated: z.optional(z.boolean()),
    bots: z.boolean(),
    botLevel: level,
    maxPlayers: z.int().check(z.gte(TOURNAMENT_LIMITS.players.min), z.lte(TOURNAMENT_LIMITS.players.max)),
    rules: z.optional(ruleOptions), // the host's rule options (absent: the standard rules)
  })
  .check(
    z.superRefine((b, ctx) => {
      const r = tournamentRules(b.rules ?? {}, b.hands);
      if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error, input: b.rules, path: ['rules'] });
    }),
  );
export type TournamentCreate = z.infer<typeof tournamentCreate>;

/** Tournaments. */
export const TOURNAMENT_ROUTES = {
  /** Tournaments to join and recent ones (not private ones); LIMIT_TOURNAMENTS per address. */
  tournaments: route({
    method: 'GET',
    path: '/api/tournaments',
    params: none,
    auth: 'none',
    response: z.object({
      running: z.array(tournamentSummary),
      upcoming: z.array(tournamentSummary),
      finished: z.array(tournamentSummary), // the newest
    }),
  }),
  /** A private tournament, with the host's options: its id is the code of its link. */
  tournamentCreate: route({
    method: 'POST',
    path: '/api/tournaments',
    params: none,
    auth: 'required',
    body: tournamentCreate,
    response: z.object({ id: z.string() }),
  }),
  /** A tournament's page: standings (derived from the stored games) and your state. With an ETag: poll it. */
  tournament: route({
    method: 'GET',
    path: '/api/tournaments/:id',
    params: { id },
    auth: 'optional',
    response: tournamentPage,
  }),
  /** The tournaments you entered, newest first (at most 20), with your rank and points. */
  tournamentHistory: route({
    method: 'GET',
    path: '/api/tournament-history',
    params: none,
    auth: 'required',
    response: z.object({ tournaments: z.array(tournamentEntry) }),
  }),
  /** Enters, or comes back after a pause or a leave (409 ERR_TOURNAMENT_OVER, ERR_TOURNAMENT_FULL). */
  tournamentJoin: route({
    method: 'POST',
    path: '/api/tournaments/:id/join',
    params: { id },
    auth: 'required',
    response: tournamentPage,
  }),
  /** Not seated again until you join again; the game at hand counts (409 ERR_NOT_ENTERED). */
  tournamentPause: route({
    method: 'POST',
    path: '/api/tournaments/:id/pause',
    params: { id },
    auth: 'required',
    response: tournamentPage,
  }),
  /** Leaves: your points stay; joining again brings you back (409 ERR_NOT_ENTERED). */
  tournamentLeave: route({
    method: 'POST',
    path: '/api/tournaments/:id/leave',
    params: { id },
    auth: 'required',
    response: tournamentPage,
  }),
} as const;
