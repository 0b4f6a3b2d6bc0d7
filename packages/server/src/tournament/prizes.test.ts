import { describe, expect, test } from 'vitest';
import { MIN_PRIZE_GAMES, prizesOf, TOURNAMENT_PRIZES } from './prizes.js';
import type { Standing } from '@hearts/live/tournament';

const line = (userId: string, rank: number, games: number): Standing => ({
  userId,
  name: userId,
  rank,
  points: 0,
  units: 0,
  games,
  wins: 0,
  streak: 0,
  results: [],
});

describe('tournament prizes', () => {
  test('the podium is paid; ties share a rank and each gets its prize', () => {
    const s = [line('a', 1, 5), line('b', 2, 5), line('c', 2, 4), line('d', 4, 3), line('e', 5, 3)];
    expect(prizesOf(s)).toEqual([
      { userId: 'a', rank: 1, amount: TOURNAMENT_PRIZES[0] },
      { userId: 'b', rank: 2, amount: TOURNAMENT_PRIZES[1] },
      { userId: 'c', rank: 2, amount: TOURNAMENT_PRIZES[1] },
    ]);
  });

  test('too few games, or too few people who played, pay nothing', () => {
    const s = [line('a', 1, MIN_PRIZE_GAMES - 1), line('b', 2, 5), line('c', 3, 5), line('d', 4, 5)];
    expect(prizesOf(s).map((p) => p.userId)).toEqual(['b', 'c']);
    expect(prizesOf([line('a', 1, 9), line('b', 2, 9), line('c', 3, 9), line('d', 4, 0)])).toEqual([]);
  });
});
