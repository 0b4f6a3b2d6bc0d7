import { afterEach, beforeEach, expect, test } from 'vitest';
import type { KyselyStore } from '../store/kysely-store.js';
import { openSqliteStore } from '../store/sqlite.js';
import { PROVISIONAL } from './model.js';
import { leaderboard, ratingHistory, standing, userSubject } from './standings.js';

let store: KyselyStore;
beforeEach(async () => {
  store = await openSqliteStore(':memory:');
});
afterEach(() => store.close());

const now = Date.UTC(2026, 4, 20, 12);

/** A user with `games` rated games, the last one now, each in this month's history. */
async function player(id: string, games: number, mu: number): Promise<void> {
  const db = store.db; // rows written directly; read through store.progress
  await store.createUser({
    id,
    name: id.toUpperCase(),
    passwordHash: null,
    rating: 1500,
    games,
    createdAt: now - 1000,
    lastPlayedAt: now,
    tokenGeneration: 0,
  });
  await db
    .insertInto('ratings')
    .values({
      subject: userSubject(id),
      user_id: id,
      bot_level: null,
      mu,
      sigma: 3,
      games,
      last_played_at: now,
    })
    .execute();
  for (let g = 0; g < games; g++)
    await db
      .insertInto('rating_history')
      .values({
        subject: userSubject(id),
        game_id: `g${g}`,
        at: now - (games - g) * 60_000,
        mu,
        sigma: 3,
        rating_before: 1500,
        rating_after: 1500,
        place: 1,
      })
      .execute();
}

test('the leaderboards list established players and bot levels, never provisional ones', async () => {
  const db = store.db; // rows written directly; read through store.progress
  await player('veteran', PROVISIONAL.games, 30);
  await player('newcomer', PROVISIONAL.games - 1, 40); // better μ, but provisional
  await db
    .insertInto('ratings')
    .values({
      subject: 'b:easy',
      user_id: null,
      bot_level: 'easy',
      mu: 20,
      sigma: 3,
      games: 1,
      last_played_at: now,
    })
    .execute();
  await db
    .insertInto('rating_history')
    .values({
      subject: 'b:easy',
      game_id: 'g0',
      at: now - 1000,
      mu: 20,
      sigma: 3,
      rating_before: 1513,
      rating_after: 1513,
      place: 2,
    })
    .execute();
  for (const period of ['all', 'month'] as const) {
    const rows = await leaderboard(store.progress, period, now);
    expect(rows.map((r) => r.subject)).toEqual(['u:veteran', 'b:easy']);
    expect(rows.every((r) => r.provisional === false)).toBe(true);
  }
  expect((await standing(store.progress, 'u:newcomer', now)).provisional).toBe(true);
  expect((await standing(store.progress, 'u:veteran', now)).provisional).toBe(false);
  expect((await standing(store.progress, 'b:easy', now)).provisional).toBe(false);
  // The history says which points were provisional: all but the last of the veteran's.
  const points = await ratingHistory(store.progress, 'u:veteran', PROVISIONAL.games);
  expect(points.map((p) => p.provisional)).toEqual([
    ...new Array<boolean>(PROVISIONAL.games - 1).fill(true),
    false,
  ]);
  // Only the newest points are returned: their numbers still count from the first game.
  const last2 = await ratingHistory(store.progress, 'u:veteran', PROVISIONAL.games, 2);
  expect(last2.map((p) => p.provisional)).toEqual([true, false]);
});
