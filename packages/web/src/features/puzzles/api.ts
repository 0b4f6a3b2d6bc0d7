/**
 * The puzzles' routes (`PUZZLE_ROUTES` of `@hearts/protocol/http/puzzles`) for the browser, through src/kit/server/http.ts (typed and checked by
 * their declarations). Every call but the day's puzzle needs the player's token (`useAccount` makes a guest).
 *
 * ```ts
 * const offer = await nextPuzzle(token, { mode: 'rated', theme: 'duck' });
 * const answer = await answerPuzzle(token, offer.offer, ['QS']);
 * ```
 */
import {
  PUZZLE_ROUTES,
  type PuzzleAnswerView,
  type PuzzleDailyView,
  type PuzzleMode,
  type PuzzleOfferView,
  type PuzzlePlayerView,
  type PuzzleRunView,
  type PuzzleTheme,
} from '@hearts/protocol/http/puzzles';
import type { CardName } from '@hearts/engine';
import { request } from '../../kit/server/http';

export const dailyPuzzle = (token: string | null): Promise<PuzzleDailyView> =>
  request(PUZZLE_ROUTES.puzzlesDaily, { token });

export const nextPuzzle = (
  token: string,
  body: { mode: PuzzleMode; theme?: PuzzleTheme | null; run?: string },
): Promise<PuzzleOfferView> => request(PUZZLE_ROUTES.puzzlesNext, { token, body });

export const answerPuzzle = (
  token: string,
  offer: string,
  move: readonly CardName[],
): Promise<PuzzleAnswerView> =>
  request(PUZZLE_ROUTES.puzzlesAnswer, { token, params: { offer }, body: { move: [...move] } });

export const startRun = (token: string, mode: 'streak' | 'storm'): Promise<PuzzleRunView> =>
  request(PUZZLE_ROUTES.puzzlesRun, { token, body: { mode } });

export const puzzlePlayer = (token: string | null, who: string): Promise<PuzzlePlayerView> =>
  request(PUZZLE_ROUTES.puzzlesPlayer, { token, params: { who } });
