/**
 * The server's ratings, player pages, leaderboard, chips and shop, for the browser: the routes of
 * `@hearts/live/api`, called through src/kit/server/http.ts (typed and checked by their declarations). The player is the
 * live player of this device (`ensureUser` of src/kit/server/account.ts: a guest token kept in the device store).
 *
 * ```ts
 * const page = await profile(token, 'me'); // your rating, graph, record, recent games, chips
 * const top = await leaderboard('month');
 * ```
 */
import type { GameRecord } from '@hearts/engine';
import {
  ROUTES,
  type LeaderboardRow,
  type Period,
  type PlayerPage,
  type ResponseOf,
  type Shop,
} from '@hearts/live/api';
import type { PuzzlePlayerView } from '@hearts/live/puzzles';
import type { SeatLook } from '@hearts/protocol/cosmetics';
import { request } from '../../kit/server/http';

export type {
  HistoryPoint,
  LeaderboardRow,
  Period,
  PlayerPage,
  PlayerRecord,
  RecentGame,
  Shop,
  ShopItem,
  TournamentEntry,
} from '@hearts/live/api';

/** A player's puzzle rating and its history; `who`: 'me' (needs the token) or a user id. */
export const puzzlePlayer = (token: string | null, who: string): Promise<PuzzlePlayerView> =>
  request(ROUTES.puzzlesPlayer, { token, params: { who } });

/** `who`: 'me' (needs the token) or a user id. */
export const profile = (token: string | null, who: string): Promise<PlayerPage> =>
  request(ROUTES.profile, { token, params: { who } });

export const botPage = (level: string): Promise<PlayerPage> => request(ROUTES.botPage, { params: { level } });

export const leaderboard = async (period: Period): Promise<LeaderboardRow[]> =>
  (await request(ROUTES.leaderboard, { query: { period } })).players;

/** A finished live game's record (quick matches: anyone; friends' tables: their players). */
export const replayRecord = (token: string | null, id: string): Promise<GameRecord> =>
  request(ROUTES.replay, { token, params: { id } });

export const shop = (token: string): Promise<Shop> => request(ROUTES.shop, { token });

export const buy = (token: string, item: string): Promise<ResponseOf<typeof ROUTES.buy>> =>
  request(ROUTES.buy, { token, body: { item } });

export const equip = async (token: string, item: string): Promise<SeatLook> =>
  (await request(ROUTES.equip, { token, body: { item } })).look;

/** Reports a won solo game; the server replays it before paying. */
export const claimPractice = (
  token: string,
  record: GameRecord,
  seat: number,
): Promise<ResponseOf<typeof ROUTES.soloClaim>> =>
  request(ROUTES.soloClaim, { token, body: { record: { ...record }, seat } });
