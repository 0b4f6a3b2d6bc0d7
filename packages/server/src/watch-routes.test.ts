import { describe, expect, test } from 'vitest';
import { LIVE_LIST_MAX } from '@hearts/protocol/http';
import type { LiveListing } from './rooms/watchers.js';
import { orderListings } from './watch-routes.js';

const listing = (id: string, watchers: number, startedAt: number): LiveListing => ({
  id,
  kind: 'quick',
  rated: true,
  players: [
    { name: 'Ana', bot: false, rating: 1500, provisional: true },
    { name: 'Ben', bot: false, rating: 1612, provisional: false },
  ],
  handNumber: 1,
  scores: [3],
  watchers,
  full: false,
  startedAt,
});

describe('the list of tables to watch', () => {
  test('most watched first, then the newest; at most LIVE_LIST_MAX', () => {
    const many = Array.from({ length: LIVE_LIST_MAX + 20 }, (_, i) => listing(`t${i}`, i % 3, 1000 + i));
    const out = orderListings(many);
    expect(out).toHaveLength(LIVE_LIST_MAX);
    for (let i = 1; i < out.length; i++) {
      const [a, b] = [out[i - 1]!, out[i]!];
      expect(a.watchers > b.watchers || (a.watchers === b.watchers && a.startedAt >= b.startedAt)).toBe(true);
    }
    expect(out[0]).toEqual({ ...listing(out[0]!.id, 2, out[0]!.startedAt) });
  });

  test('only the declared fields leave: nothing else a listing might carry', () => {
    const extra = { ...listing('x', 0, 1), secret: 'no' } as LiveListing;
    expect(orderListings([extra])[0]).not.toHaveProperty('secret');
  });
});
