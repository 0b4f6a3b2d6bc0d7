import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lookOfUser } from './economy/shop.js';
import { BOT_START_RATINGS } from './rating/model.js';
import { botRatingOf, seatByLot, seatTable, standingsOf } from './seating.js';
import type { KyselyStore } from './store/kysely-store.js';
import { openSqliteStore } from './store/sqlite.js';

const ann = { userId: 'ann', name: 'Ann', rating: null };
const bob = { userId: 'bob', name: 'Bob', rating: null };

describe('seatByLot', () => {
  it('seats every human once and fills the rest with bots named in seat order', () => {
    const seats = seatByLot([ann, bob], 4, 'hard', 1610);
    expect(seats).toHaveLength(4);
    expect(
      seats
        .filter((s) => s.kind === 'human')
        .map((s) => s.name)
        .sort(),
    ).toEqual(['Ann', 'Bob']);
    expect(seats.flatMap((s) => (s.kind === 'bot' ? [[s.name, s.level, s.rating]] : []))).toEqual([
      ['Bot 1', 'hard', 1610],
      ['Bot 2', 'hard', 1610],
    ]);
  });

  it('draws the seats by lot: a human comes to every seat', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++)
      seen.add(seatByLot([ann], 4, 'easy', null).findIndex((s) => s.kind === 'human'));
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });

  it('refuses more people than seats', () => {
    expect(() => seatByLot([ann, bob, ann], 2, 'easy', null)).toThrow(/3 people for 2 seats/);
  });
});

describe('with the store', () => {
  let store: KyselyStore;
  const now = Date.now();
  beforeEach(async () => {
    store = await openSqliteStore(':memory:');
    await store.createUser({
      id: 'ann',
      name: 'Ann Renamed',
      passwordHash: null,
      rating: 1612,
      games: 3,
      createdAt: now - 1000,
      lastPlayedAt: now,
      tokenGeneration: 0,
    });
  });
  afterEach(() => store.close());

  it('a rated table shows each player’s name and rating now; a user gone keeps the name given, unrated', async () => {
    const people = [
      { userId: 'ann', name: 'Ann' },
      { userId: 'gone', name: 'Gone' },
    ];
    expect(await standingsOf(store, people, true)).toEqual([
      { userId: 'ann', name: 'Ann Renamed', rating: 1612, provisional: true },
      { userId: 'gone', name: 'Gone', rating: null, provisional: true },
    ]);
    expect(await standingsOf(store, people, false)).toEqual([
      { userId: 'ann', name: 'Ann', rating: null },
      { userId: 'gone', name: 'Gone', rating: null },
    ]);
  });

  it('seats each human with their look', async () => {
    const seats = await seatTable(store, [ann], { players: 3, botLevel: 'medium', botRating: null });
    const human = seats.find((s) => s.kind === 'human');
    expect(human).toMatchObject({
      userId: 'ann',
      name: 'Ann',
      look: await lookOfUser(store.progress, 'ann'),
    });
    expect(seats.filter((s) => s.kind === 'bot')).toHaveLength(2);
  });

  it('a bot level is rated from its games, or at its start before any', async () => {
    expect(await botRatingOf(store, 'expert')).toBe(BOT_START_RATINGS.expert);
    const stored = { botRatings: async () => new Map([['expert' as const, 1777]]) };
    expect(await botRatingOf(stored, 'expert')).toBe(1777);
  });
});
