/**
 * The server's ratings, player pages, leaderboard, chips and shop, for the browser: the routes of
 * `@hearts/protocol/http`, called through src/kit/server/http.ts (typed and checked by their declarations). The player is the
 * live player of this device (`ensureUser` of src/kit/server/account.ts: a guest token kept in the device store).
 *
 * ```ts
 * const page = await profile(token, 'me'); // your rating, graph, record, recent games, chips
 * const top = await leaderboard('month');
 * ```
 */
import type { GameRecord } from '@hearts/engine';
import {
  PLAYER_ROUTES,
  type LeaderboardRow,
  type Period,
  type PlayerPage,
} from '@hearts/protocol/http/players';
import type { ResponseOf } from '@hearts/protocol/http/route';
import { SHOP_ROUTES, type Shop } from '@hearts/protocol/http/shop';
import { PUZZLE_ROUTES, type PuzzlePlayerView } from '@hearts/protocol/http/puzzles';
import { GAME_ROUTES } from '@hearts/protocol/http/games';
import type { SeatLook } from '@hearts/protocol/cosmetics';
import { request } from '../../kit/server/http';

export type {
  HistoryPoint,
  LeaderboardRow,
  Period,
  PlayerPage,
  PlayerRecord,
  RecentGame,
} from '@hearts/protocol/http/players';
export type { Shop, ShopItem } from '@hearts/protocol/http/shop';
export type { TournamentEntry } from '@hearts/protocol/http/tournaments';

/** A player's puzzle rating and its history; `who`: 'me' (needs the token) or a user id. */
export const puzzlePlayer = (token: string | null, who: string): Promise<PuzzlePlayerView> =>
  request(PUZZLE_ROUTES.puzzlesPlayer, { token, params: { who } });

/** `who`: 'me' (needs the token) or a user id. */
export const profile = (token: string | null, who: string): Promise<PlayerPage> =>
  request(PLAYER_ROUTES.profile, { token, params: { who } });

export const botPage = (level: string): Promise<PlayerPage> =>
  request(PLAYER_ROUTES.botPage, { params: { level } });

export const leaderboard = async (period: Period): Promise<LeaderboardRow[]> =>
  (await request(PLAYER_ROUTES.leaderboard, { query: { period } })).players;

/** A finished live game's record (quick matches: anyone; friends' tables: their players). */
export const replayRecord = (token: string | null, id: string): Promise<GameRecord> =>
  request(GAME_ROUTES.replay, { token, params: { id } });

export const shop = (token: string): Promise<Shop> => request(SHOP_ROUTES.shop, { token });

export const buy = (token: string, item: string): Promise<ResponseOf<typeof SHOP_ROUTES.buy>> =>
  request(SHOP_ROUTES.buy, { token, body: { item } });

export const equip = async (token: string, item: string): Promise<SeatLook> =>
  (await request(SHOP_ROUTES.equip, { token, body: { item } })).look;

/** Reports a won solo game; the server replays it before paying. */
export const claimPractice = (
  token: string,
  record: GameRecord,
  seat: number,
): Promise<ResponseOf<typeof SHOP_ROUTES.soloClaim>> =>
  request(SHOP_ROUTES.soloClaim, { token, body: { record: { ...record }, seat } });
