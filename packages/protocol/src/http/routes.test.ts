import { describe, expect, test } from 'vitest';
import { ACCOUNT_ROUTES } from './accounts.js';
import { DAILY_ROUTES } from './daily.js';
import { FRIEND_ROUTES } from './friends.js';
import { GAME_ROUTES } from './games.js';
import { HEALTH_ROUTES } from './health.js';
import { ROUTES, matchPath, pathOf } from './index.js';
import { MANNERS_ROUTES } from './manners.js';
import { PLAYER_ROUTES } from './players.js';
import { PRIVACY_ROUTES } from './privacy.js';
import { PUZZLE_ROUTES } from './puzzles.js';
import { SHARE_ROUTES } from './shares.js';
import { SHOP_ROUTES } from './shop.js';
import { TOURNAMENT_ROUTES } from './tournaments.js';
import { TRAINING_ROUTES } from './training.js';
import { WATCH_ROUTES } from './watch.js';

const DOMAINS = {
  HEALTH_ROUTES,
  ACCOUNT_ROUTES,
  PRIVACY_ROUTES,
  GAME_ROUTES,
  PLAYER_ROUTES,
  SHARE_ROUTES,
  WATCH_ROUTES,
  SHOP_ROUTES,
  DAILY_ROUTES,
  TRAINING_ROUTES,
  PUZZLE_ROUTES,
  MANNERS_ROUTES,
  FRIEND_ROUTES,
  TOURNAMENT_ROUTES,
};

describe('the route table', () => {
  test("is every domain's routes, each name once (a name two domains declared would hide one of them)", () => {
    const names = Object.values(DOMAINS).flatMap((d) => Object.keys(d));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(ROUTES).sort()).toEqual([...names].sort());
    for (const d of Object.values(DOMAINS))
      for (const [name, r] of Object.entries(d)) expect(ROUTES[name as keyof typeof ROUTES]).toBe(r);
  });

  test('has one route per method and path: no request matches two', () => {
    const all = Object.entries(ROUTES);
    for (const [a, ra] of all)
      for (const [b, rb] of all) {
        if (a === b || ra.method !== rb.method) continue;
        // A path of one route, its parameters filled in, is no path of another.
        const filled = ra.path.replace(/:([A-Za-z]+)/g, 'x1');
        expect(matchPath(rb, filled), `${a} and ${b}`).toBeNull();
      }
  });

  test('fills in and reads back path parameters', () => {
    const path = pathOf(ROUTES.transcript, { id: 'a b', hand: '3' });
    expect(path).toBe('/api/games/a%20b/shuffle/3');
    expect(matchPath(ROUTES.transcript, path)).toEqual({ id: 'a b', hand: '3' });
    expect(matchPath(ROUTES.transcript, '/api/games/a/shuffle')).toBeNull();
  });
});
