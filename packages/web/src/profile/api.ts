/**
 * The server's ratings, player pages, leaderboard, chips and shop, for the browser. The player is the live
 * player of this device (`ensureUser` of src/live/account.ts: a guest token kept in the device store).
 *
 * ```ts
 * const page = await profile(token, 'me'); // your rating, graph, record, recent games, chips
 * const top = await leaderboard('month');
 * ```
 */
import type { GameRecord } from '@hearts/engine';
import type { SeatLook } from '@hearts/table';
import { call } from '../live/account';

/** A point of the rating graph: the rating before and after one rated game. */
export interface HistoryPoint {
  readonly gameId: string;
  readonly at: number;
  readonly before: number;
  readonly after: number;
  readonly place: number;
}

export interface PlayerRecord {
  readonly games: number;
  readonly wins: number;
  readonly ratedGames: number;
  readonly hands: number;
  readonly pointsPerHand: number | null;
  readonly moons: number;
  readonly queens: number;
  readonly left: number;
}

export interface RecentGame {
  readonly id: string;
  readonly kind: string;
  readonly rated: boolean;
  readonly finishedAt: number;
  readonly seat: number;
  readonly players: readonly {
    readonly name: string;
    readonly subject: string;
    readonly score: number;
    readonly place: number;
    readonly left: boolean;
  }[];
}

/** A player page (a user or a bot level). */
export interface PlayerPage {
  readonly id?: string; // users
  readonly subject: string; // `u:<id>` or `b:<level>`
  readonly name: string;
  readonly bot: string | null;
  readonly rating: number;
  readonly provisional: boolean; // too few rated games: "1500?", not on the leaderboard
  readonly provisionalGames: number; // rated games until a rating is established
  readonly ratedGames: number;
  readonly idleDays: number;
  readonly lastPlayedAt: number | null;
  readonly record: PlayerRecord;
  readonly history: readonly HistoryPoint[];
  readonly recent: readonly RecentGame[];
  readonly look?: SeatLook;
  readonly chips?: number; // your own page only
}

export interface LeaderboardRow {
  readonly subject: string;
  readonly name: string;
  readonly bot: string | null;
  readonly rating: number;
  readonly provisional: boolean; // always false: provisional ratings are not listed
  readonly games: number;
  readonly change: number | null;
}

export type Period = 'all' | 'month';

export interface ShopItem {
  readonly id: string;
  readonly slot: 'back' | 'face' | 'table' | 'frame';
  readonly price: number;
  readonly owned: boolean;
  readonly equipped: boolean;
}

export interface Shop {
  readonly balance: number;
  readonly items: readonly ShopItem[];
  readonly look: SeatLook;
}

/** `who`: 'me' (needs the token) or a user id. */
export const profile = (token: string | null, who: string): Promise<PlayerPage> =>
  call<PlayerPage>(`/api/profile/${encodeURIComponent(who)}`, { token });

export const botPage = (level: string): Promise<PlayerPage> =>
  call<PlayerPage>(`/api/bots/${encodeURIComponent(level)}`);

export const leaderboard = async (period: Period): Promise<LeaderboardRow[]> =>
  (await call<{ players: LeaderboardRow[] }>(`/api/leaderboard?period=${period}`)).players;

/** A finished live game's record (quick matches: anyone; friends' tables: their players). */
export const replayRecord = (token: string | null, id: string): Promise<GameRecord> =>
  call<GameRecord>(`/api/replays/${encodeURIComponent(id)}`, { token });

export const shop = (token: string): Promise<Shop> => call<Shop>('/api/shop', { token });

export const buy = (token: string, item: string): Promise<{ balance: number }> =>
  call<{ balance: number }>('/api/shop/buy', { token, body: { item } });

export const equip = async (token: string, item: string): Promise<SeatLook> =>
  (await call<{ look: SeatLook }>('/api/shop/equip', { token, body: { item } })).look;

/** Reports a won solo game; the server replays it before paying. */
export const claimPractice = (
  token: string,
  record: GameRecord,
  seat: number,
): Promise<{ amount: number; balance: number }> =>
  call<{ amount: number; balance: number }>('/api/chips/solo', { token, body: { record, seat } });
