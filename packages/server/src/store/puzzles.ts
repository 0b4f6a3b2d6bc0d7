/**
 * What the store keeps of puzzles (migration 0014_puzzles): each player's puzzle rating, each puzzle's rating once
 * it has moved (before that, the library's), every puzzle offered to a player and how it was answered, and the
 * streak and storm runs. An answer is taken once: claiming the offer, reading and writing both ratings happen in
 * one transaction, the player's row and then the puzzle's locked in that order (docs/puzzles.md).
 */

/** A rating on the Glicko-2 scale: rating, deviation, volatility. */
export interface Glicko {
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
}

/** Where a new player starts: the library's median puzzle (`hearts puzzles build` places it there). */
export const NEW_PLAYER: Glicko = { rating: 1500, rd: 350, vol: 0.06 };

/** How a puzzle is offered: rated one by one (any theme or one), the day's puzzle, a streak, a storm. */
export const PUZZLE_MODES = ['rated', 'daily', 'streak', 'storm'] as const;
export type PuzzleMode = (typeof PUZZLE_MODES)[number];

/** A player's puzzle rating and counts. */
export interface PuzzlePlayer extends Glicko {
  readonly userId: string;
  readonly attempts: number; // rated attempts
  readonly solved: number; // … answered right
  readonly streakBest: number;
  readonly stormBest: number;
  readonly updatedAt: number; // the last rated attempt (ms)
}

/** A puzzle's rating once it has moved from the library's. */
export interface PuzzleRating extends Glicko {
  readonly puzzleId: string;
  readonly attempts: number;
  readonly solved: number;
  readonly updatedAt: number;
}

/** A puzzle offered to a player, and, once answered, how. */
export interface PuzzleOffer {
  readonly id: string;
  readonly userId: string;
  readonly puzzleId: string;
  readonly mode: PuzzleMode;
  readonly theme: string | null; // rated: the theme chosen, if any
  readonly runId: string | null; // streak and storm: the run it belongs to
  readonly rated: boolean; // whether answering it moves ratings
  readonly offeredAt: number;
  readonly expiresAt: number;
  readonly answeredAt: number | null;
  readonly outcome: 'right' | 'wrong' | 'closed' | null; // closed: replaced or expired without an answer
  readonly answer: string | null; // the cards answered, as one string ("QS", "2C5DQS")
  readonly playerBefore: number | null; // ratings before and after (rated answers)
  readonly playerAfter: number | null;
  readonly puzzleBefore: number | null;
  readonly puzzleRdBefore: number | null; // the puzzle's deviation before (a merge rates the answers again)
  readonly puzzleAfter: number | null;
}

/** A streak or a storm. */
export interface PuzzleRun {
  readonly id: string;
  readonly userId: string;
  readonly mode: 'streak' | 'storm';
  readonly startedAt: number;
  readonly endsAt: number | null; // a storm's end (a wrong answer brings it closer); null for a streak
  readonly score: number; // puzzles solved in it
  readonly over: boolean;
}

/** A rated answer in the player's history (the graph's points). */
export interface PuzzleHistoryEntry {
  readonly at: number;
  readonly puzzleId: string;
  readonly right: boolean;
  readonly rating: number; // the player's rating after it
}

/** What an answer changes, decided from what the store holds at that moment (inside its transaction). */
export interface AnswerDecision {
  readonly outcome: 'right' | 'wrong';
  readonly answer: string;
  readonly player: Glicko | null; // the player's new rating (null: unrated)
  readonly puzzle: Glicko | null; // the puzzle's new rating (null: unrated)
  readonly run: { readonly score: number; readonly over: boolean; readonly endsAt: number | null } | null;
}

/** Why an offer cannot be answered. */
export type AnswerRefusal = 'unknown' | 'answered' | 'expired';

export interface AnswerContext {
  readonly offer: PuzzleOffer;
  readonly player: PuzzlePlayer; // as it is now (a new player's row is made first)
  readonly puzzle: Glicko; // the puzzle's rating now (the library's until it has moved)
  readonly run: PuzzleRun | null;
}

export interface PuzzleStore {
  /** A player's rating row, or null before the first rated answer. */
  player(userId: string): Promise<PuzzlePlayer | null>;
  /** Puzzles whose rating moved at or after `since` (ms), for the server's picture of the ratings. */
  movedSince(since: number): Promise<PuzzleRating[]>;
  /** The puzzles ever offered to the player (answered or not): a rated puzzle is offered once. */
  offeredIds(userId: string): Promise<Set<string>>;
  /** The player's open offer in a mode (and run): offered, not answered, not expired at `now`. */
  openOffer(userId: string, mode: PuzzleMode, runId: string | null, now: number): Promise<PuzzleOffer | null>;
  /** Records an offer; the player's other open offers of the same mode (and run) are closed unanswered. */
  offer(
    o: Omit<
      PuzzleOffer,
      | 'answeredAt'
      | 'outcome'
      | 'answer'
      | 'playerBefore'
      | 'playerAfter'
      | 'puzzleBefore'
      | 'puzzleRdBefore'
      | 'puzzleAfter'
    >,
  ): Promise<void>;
  /**
   * Answers an offer of this player once: in one transaction the offer is claimed (refused when it is not the
   * player's, answered already, or expired), the player's row and the puzzle's rating are read (the library's
   * rating `start` until it has moved), `decide` says what changes, and it is written.
   */
  answer(
    offerId: string,
    userId: string,
    now: number,
    start: (puzzleId: string) => Glicko | null,
    decide: (c: AnswerContext) => AnswerDecision,
  ): Promise<
    | { ok: true; offer: PuzzleOffer; before: AnswerContext; decision: AnswerDecision }
    | { ok: false; why: AnswerRefusal }
  >;
  /** The player's offers of one puzzle, in the order they were answered (unanswered ones last). */
  answers(userId: string, puzzleId: string): Promise<PuzzleOffer[]>;
  /** The player's rated answers, newest first. */
  history(userId: string, limit: number): Promise<PuzzleHistoryEntry[]>;
  startRun(run: PuzzleRun): Promise<void>;
  run(id: string): Promise<PuzzleRun | null>;
  /** Ends a run (a storm whose time is up) and keeps its score as the player's best. */
  endRun(id: string): Promise<PuzzleRun | null>;
  /**
   * Moves a guest's puzzle record into another player's (a device that signs in to a kept name): every offer
   * becomes the other player's, the runs too, and the player's rating is `refold` of all their rated answers in
   * the order they were made; the guest's row goes. Answers of a puzzle both had are kept (both were judged).
   */
  merge(
    fromUserId: string,
    toUserId: string,
    refold: (answers: readonly PuzzleOffer[]) => Glicko,
  ): Promise<PuzzlePlayer | null>;
}

export const toGlicko = (g: Glicko): Glicko => ({ rating: g.rating, rd: g.rd, vol: g.vol });
