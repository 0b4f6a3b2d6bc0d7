import { describe, expect, test } from 'vitest';
import { tokenUserId } from './account';

describe('tokenUserId', () => {
  test.each([
    ['h2.uabc123.0.1767225600.MACMACMAC', 'uabc123'],
    ['h2.uabc123.4.1767225600.MACMACMAC', 'uabc123'],
    ['uabc123.MACMACMAC', 'uabc123'], // the first format
    ['h2..0.1.MAC', null],
    ['garbage', null],
    ['a.b.c', null],
  ])('%s names %s', (token, id) => {
    expect(tokenUserId(token)).toBe(id);
  });
});
