import { expect, test } from 'vitest';
import { ratingText } from './rating';

test('a provisional rating reads with a question mark, an established one without', () => {
  expect(ratingText(1500, true)).toBe('1500?');
  expect(ratingText(1550, false)).toBe('1550');
  expect(ratingText(1550, undefined)).toBe('1550');
});
