import { describe, expect, test } from 'vitest';
import { memoryStore } from '../../kit/storage';
import {
  afterAnswer,
  afterRun,
  DEVICE_HISTORY,
  EMPTY_PUZZLES,
  fromServer,
  loadPuzzles,
  PUZZLES_KEY,
  savePuzzles,
  shownRating,
} from './device';

const rating = { rating: 1512, provisional: true, attempts: 3, solved: 2, streakBest: 4, stormBest: 9 };

describe('the device’s copy of the puzzle rating', () => {
  test('what the server said is kept and read back; the start screen shows its rating', () => {
    const store = memoryStore();
    expect(loadPuzzles(store)).toEqual(EMPTY_PUZZLES);
    expect(shownRating(store)).toBeNull();
    const d = fromServer('u1', { rating, history: [{ at: 1, rating: 1512, right: true }] });
    savePuzzles(store, d);
    expect(loadPuzzles(store)).toEqual(d);
    expect(shownRating(store)).toEqual({ rating: 1512, provisional: true });
  });

  test.each([
    ['not JSON', '{'],
    ['an array', '[]'],
    [
      'a rating that is not a number',
      JSON.stringify({ user: 'u1', rating: { rating: '1500', provisional: true } }),
    ],
  ])('%s reads as nothing', (_, text) => {
    const store = memoryStore();
    store.set(PUZZLES_KEY, text);
    expect(loadPuzzles(store).rating).toBeNull();
  });

  test('history points that are not points are left out, the rest kept', () => {
    const store = memoryStore();
    store.set(
      PUZZLES_KEY,
      JSON.stringify({
        user: 'u1',
        rating,
        history: [{ at: 1, rating: 1400, right: false }, { at: 'x' }, 7],
      }),
    );
    expect(loadPuzzles(store).history).toEqual([{ at: 1, rating: 1400, right: false }]);
  });

  test('a rated answer moves the rating, adds a point and counts; an unrated one changes nothing', () => {
    const d = fromServer('u1', { rating, history: [] });
    const right = afterAnswer(d, 'u1', { right: true, rating: { after: 1540 } }, 10);
    expect(right.rating).toEqual({ ...rating, rating: 1540, attempts: 4, solved: 3 });
    expect(right.history).toEqual([{ at: 10, rating: 1540, right: true }]);
    const wrong = afterAnswer(right, 'u1', { right: false, rating: { after: 1490 } }, 20);
    expect(wrong.rating).toMatchObject({ rating: 1490, attempts: 5, solved: 3 });
    expect(afterAnswer(wrong, 'u1', { right: true, rating: null }, 30)).toBe(wrong);
  });

  test('another player’s copy is not added to: theirs starts afresh', () => {
    const d = fromServer('u1', { rating, history: [{ at: 1, rating: 1512, right: true }] });
    const other = afterAnswer(d, 'u2', { right: true, rating: { after: 1650 } }, 5);
    expect(other.user).toBe('u2');
    expect(other.rating).toMatchObject({ rating: 1650, attempts: 1, solved: 1, streakBest: 0 });
    expect(other.history).toHaveLength(1);
  });

  test('the history keeps the last DEVICE_HISTORY points', () => {
    let d = fromServer('u1', { rating, history: [] });
    for (let i = 0; i < DEVICE_HISTORY + 5; i++)
      d = afterAnswer(d, 'u1', { right: true, rating: { after: i } }, i);
    expect(d.history).toHaveLength(DEVICE_HISTORY);
    expect(d.history[0]!.at).toBe(5);
  });

  test('a run’s score raises the best of its mode only when beaten', () => {
    const d = fromServer('u1', { rating, history: [] });
    expect(afterRun(d, 'u1', 'streak', 3)).toBe(d);
    expect(afterRun(d, 'u1', 'streak', 6).rating).toMatchObject({ streakBest: 6, stormBest: 9 });
    expect(afterRun(d, 'u1', 'storm', 12).rating).toMatchObject({ streakBest: 4, stormBest: 12 });
    expect(afterRun(d, 'u2', 'storm', 12)).toBe(d);
  });
});
