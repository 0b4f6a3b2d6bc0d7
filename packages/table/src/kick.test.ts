import { describe, expect, test } from 'vitest';
import { kickVotesNeeded } from './state.js';

describe('the votes a kick needs', () => {
  test.each([
    [1, 1],
    [2, 2],
    [3, 2],
    [4, 3],
    [5, 3],
  ])('with %i other humans: %i', (others, needed) => {
    expect(kickVotesNeeded(others)).toBe(needed);
  });
});
