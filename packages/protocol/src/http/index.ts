/**
 * The game server's HTTP API, declared once and split by domain: every route's method, path (with its
 * parameters), query, request body and response as zod schemas (./route.ts says what a route is, and the error
 * body with its codes). Each domain's module declares its schemas and its routes (`ACCOUNT_ROUTES`,
 * `PUZZLE_ROUTES` …) and is a subpath of its own (`@hearts/protocol/http/puzzles`), so that a page loaded on demand
 * loads only its domain's schemas; `ROUTES` gathers them all for the server's router, which routes by the
 * declarations and parses requests with them (packages/server/src/api-router.ts). Beside `hearts-live/1`, which
 * runs over the WebSocket, this is the rest of what a client says to the server.
 *
 * ```ts
 * const url = pathOf(ROUTES.profile, { who: 'me' }); // '/api/profile/me'
 * const page: ResponseOf<typeof ROUTES.profile> = ROUTES.profile.response.parse(await res.json());
 * ```
 */
import { ACCOUNT_ROUTES } from './accounts.js';
import { DAILY_ROUTES } from './daily.js';
import { FRIEND_ROUTES } from './friends.js';
import { GAME_ROUTES } from './games.js';
import { HEALTH_ROUTES } from './health.js';
import { MANNERS_ROUTES } from './manners.js';
import { PLAYER_ROUTES } from './players.js';
import { PRIVACY_ROUTES } from './privacy.js';
import { PUZZLE_ROUTES } from './puzzles.js';
import { SHARE_ROUTES } from './shares.js';
import { SHOP_ROUTES } from './shop.js';
import { TOURNAMENT_ROUTES } from './tournaments.js';
import { TRAINING_ROUTES } from './training.js';
import { WATCH_ROUTES } from './watch.js';

export * from './route.js';
export * from './accounts.js';
export * from './daily.js';
export * from './friends.js';
export * from './games.js';
export * from './health.js';
export * from './manners.js';
export * from './players.js';
export * from './privacy.js';
export * from './puzzles.js';
export * from './shares.js';
export * from './shop.js';
export * from './tournaments.js';
export * from './training.js';
export * from './watch.js';

/** Every JSON route of the server (`/metrics` is Prometheus text: src/http.ts), by name. */
export const ROUTES = {
  ...HEALTH_ROUTES,
  ...ACCOUNT_ROUTES,
  ...PRIVACY_ROUTES,
  ...GAME_ROUTES,
  ...PLAYER_ROUTES,
  ...SHARE_ROUTES,
  ...WATCH_ROUTES,
  ...SHOP_ROUTES,
  ...DAILY_ROUTES,
  ...TRAINING_ROUTES,
  ...PUZZLE_ROUTES,
  ...MANNERS_ROUTES,
  ...FRIEND_ROUTES,
  ...TOURNAMENT_ROUTES,
} as const;

export type RouteName = keyof typeof ROUTES;
