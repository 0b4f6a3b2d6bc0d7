/**
 * Rated puzzles on the wire (docs/puzzles.md): the question a player is shown (the seat's view and nothing of the
 * answer), the offer, the answer judged and explained (every option's expected points and the line the evaluation
 * expected), streaks and storms, a player's puzzle rating; the themes a puzzle teaches. The library the server
 * ships, its checks and how a puzzle is judged are `@hearts/practice/puzzles`.
 *
 * ```ts
 * const offer = parseResponse(PUZZLE_ROUTES.puzzlesNext, await res.json()); // the typed offer, or why not
 * ```
 */
import * as z from 'zod/mini';
import type { CardName, Observation } from '@hearts/engine';
import { card, cards, id, none, points, route } from './atoms.js';
import { observationSchema } from './training.js';

/** What a puzzle teaches; a puzzle has none, one or several. */
export const PUZZLE_THEMES = ['duck', 'dumpQueen', 'voidEarly', 'moonDefence', 'shootMoon', 'pass'] as const;
export type PuzzleTheme = (typeof PUZZLE_THEMES)[number];

/** One option of a puzzle: the move, the cards it stands for (plays: equal in effect), its expected points. */
export const puzzleOptionSchema = z.object({ move: cards.check(z.minLength(1)), cards, points });

/** How puzzles are offered: one by one, rated (any theme, or the one chosen); the day's puzzle; a streak; a storm. */
export const PUZZLE_MODES = ['rated', 'daily', 'streak', 'storm'] as const;
export type PuzzleMode = (typeof PUZZLE_MODES)[number];

/** A storm lasts this long (ms); a wrong answer takes {@link STORM_PENALTY_MS} off what is left. */
export const STORM_MS = 180_000;
export const STORM_PENALTY_MS = 10_000;

/** A puzzle as a player is shown it before answering: the seat's view and the choices, nothing of the answer. */
export interface PuzzleQuestion {
  readonly id: string;
  readonly kind: 'play' | 'pass';
  readonly observation: Observation; // the seat's view (the engine's cut)
  readonly choices: readonly (readonly CardName[])[] | null; // a pass: the sets to choose from
  readonly rating: number; // the puzzle's rating now, rounded
}
export const puzzleQuestionSchema = z.object({
  id: z.string(),
  kind: z.enum(['play', 'pass']),
  observation: observationSchema,
  choices: z.nullable(z.array(cards)),
  rating: z.number(),
}) as unknown as z.ZodMiniType<PuzzleQuestion>;

/** A player's puzzle rating. */
export const puzzleRatingSchema = z.object({
  rating: z.number(), // rounded
  rd: z.number(),
  provisional: z.boolean(), // the deviation is still large: shown with a "?"
  attempts: z.number(),
  solved: z.number(),
  streakBest: z.number(),
  stormBest: z.number(),
});
export type PuzzleRatingView = z.infer<typeof puzzleRatingSchema>;

/** A streak or a storm as the player sees it. */
export const puzzleRunSchema = z.object({
  id: z.string(),
  mode: z.enum(['streak', 'storm']),
  score: z.number(),
  over: z.boolean(),
  endsAt: z.nullable(z.number()), // a storm's end on the server's clock
  now: z.number(), // the server's clock when sent
});
export type PuzzleRunView = z.infer<typeof puzzleRunSchema>;

/** A puzzle offered: answer it with its `offer` id. */
export const puzzleOfferSchema = z.object({
  offer: z.string(),
  mode: z.enum(PUZZLE_MODES),
  rated: z.boolean(), // whether the answer moves ratings (a puzzle is rated the first time only; storms never)
  puzzle: puzzleQuestionSchema,
  run: z.nullable(puzzleRunSchema),
});
export type PuzzleOfferView = z.infer<typeof puzzleOfferSchema>;

const change = z.nullable(z.object({ before: z.number(), after: z.number() }));

/** The answer judged and explained: every option's expected points and the line each takes. */
export const puzzleAnswerSchema = z.object({
  right: z.boolean(),
  option: z.number(), // the option answered (index into `options`)
  solution: cards,
  options: z.array(puzzleOptionSchema),
  gap: z.number(),
  themes: z.array(z.enum(PUZZLE_THEMES)),
  received: z.nullable(cards), // a pass: what the seat received on the line's deal
  lines: z.array(
    z.array(z.object({ leader: z.number(), cards: z.array(card), winner: z.optional(z.number()) })),
  ), // per option: its line as tricks
  points: z.array(z.array(z.number())), // per option: each seat's points in its line
  rating: change, // the player's rating (rated answers)
  puzzleRating: change, // the puzzle's
  run: z.nullable(puzzleRunSchema),
});
export type PuzzleAnswerView = z.infer<typeof puzzleAnswerSchema>;

/** A player's puzzle rating and its history (the player page's graph). */
export const puzzlePlayerSchema = z.object({
  rating: z.nullable(puzzleRatingSchema), // null: no rated answer yet
  history: z.array(z.object({ at: z.number(), rating: z.number(), right: z.boolean() })), // oldest first
});
export type PuzzlePlayerView = z.infer<typeof puzzlePlayerSchema>;

/** The day's puzzle: the same for everyone (the home page shows it), and whether you answered it. */
export const puzzleDailySchema = z.object({
  date: z.string(),
  puzzle: puzzleQuestionSchema,
  themes: z.array(z.enum(PUZZLE_THEMES)), // shown once you answered; empty before
  you: z.nullable(z.object({ right: z.boolean() })), // your first answer to it, if any
});
export type PuzzleDailyView = z.infer<typeof puzzleDailySchema>;

/** Puzzles: the day's, rated ones, streaks and storms, a player's rating. */
export const PUZZLE_ROUTES = {
  /** The day's puzzle (the same for everyone) and, signed in, whether you answered it. LIMIT_PUZZLES per address. */
  puzzlesDaily: route({
    method: 'GET',
    path: '/api/puzzles/daily',
    params: none,
    auth: 'optional',
    response: puzzleDailySchema,
  }),
  /**
   * A puzzle offered to you: the open one of the mode (and run) if there is one, else a new one near your rating
   * (rated: of the theme, if given; daily: the day's; streak and storm: the next of the run). LIMIT_PUZZLES per
   * address and per user.
   */
  puzzlesNext: route({
    method: 'POST',
    path: '/api/puzzles/next',
    params: none,
    auth: 'required',
    body: z.strictObject({
      mode: z.enum(['rated', 'daily', 'streak', 'storm']),
      theme: z.optional(z.nullable(z.enum(PUZZLE_THEMES))),
      run: z.optional(id),
    }),
    response: puzzleOfferSchema,
  }),
  /** Answers an offer, once: judged, ratings moved (rated offers), the answer explained. LIMIT_PUZZLES. */
  puzzlesAnswer: route({
    method: 'POST',
    path: '/api/puzzles/answers/:offer',
    params: { offer: id },
    auth: 'required',
    body: z.strictObject({
      move: z.array(z.string().check(z.regex(/^[2-9TJQKA][CDHS]$/))).check(z.minLength(1), z.maxLength(6)),
    }),
    response: puzzleAnswerSchema,
  }),
  /** Starts a streak or a storm. LIMIT_PUZZLES. */
  puzzlesRun: route({
    method: 'POST',
    path: '/api/puzzles/runs',
    params: none,
    auth: 'required',
    body: z.strictObject({ mode: z.enum(['streak', 'storm']) }),
    response: puzzleRunSchema,
  }),
  /** A player's puzzle rating and its history (`me`: yours). LIMIT_PUZZLES per address. */
  puzzlesPlayer: route({
    method: 'GET',
    path: '/api/puzzles/players/:who',
    params: { who: id },
    auth: 'optional',
    response: puzzlePlayerSchema,
  }),
  /**
   * Moves a guest's puzzles (its token in the body: proof that this device is that guest) into yours: a device
   * that signs in to a kept name brings its puzzle history along. LIMIT_PUZZLES.
   */
  puzzlesMerge: route({
    method: 'POST',
    path: '/api/puzzles/merge',
    params: none,
    auth: 'required',
    body: z.strictObject({ token: z.string().check(z.maxLength(400)) }),
    response: puzzlePlayerSchema,
  }),
} as const;
