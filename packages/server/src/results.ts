/**
 * The end of a game: places, ratings and the record. Ratings move pairwise (Elo): each player's final score is
 * compared with every other rated seat's; the lower score wins the pair, equal scores split it. In a rated game a
 * player who left (a bot took the seat over) finishes last. Bots seated from the deal are rated like players;
 * a bot that took a seat over is not — the seat's result counts for the player who left.
 */
import { makeRecord } from '@hearts/engine';
import type { BotLevel, ResultMessage } from '@hearts/live/protocol';
import type { FinishedGame, GameStore, PlayerResult } from './store/types.js';
import type { Table } from './table.js';

/** Ratings of bot levels before any rated game has moved them. */
export const BOT_START_RATINGS: Readonly<Record<BotLevel, number>> = {
  random: 900,
  easy: 1200,
  medium: 1450,
  hard: 1650,
  expert: 1800,
};
export const RATING_K = 32;

/** Places (1 = won; ties share a place). Players marked as leavers share the last places. */
export function places(scores: readonly number[], leavers: readonly boolean[]): number[] {
  const stayed = scores.filter((_, i) => !leavers[i]).length;
  return scores.map((x, i) => {
    if (leavers[i]) return stayed + 1;
    return 1 + scores.filter((y, j) => !leavers[j] && y < x).length;
  });
}

/**
 * Rating changes for the rated seats (`null` entries take no part). Each pair counts once per player:
 * K / (n − 1) × (result − expected), so a game moves a rating by at most K.
 */
export function ratingChanges(
  ratings: readonly (number | null)[],
  scores: readonly number[],
  leavers: readonly boolean[],
  k = RATING_K,
): (number | null)[] {
  const rated = ratings.flatMap((r, i) => (r === null ? [] : [i]));
  if (rated.length < 2) return ratings.map(() => null);
  return ratings.map((ri, i) => {
    if (ri === null) return null;
    let sum = 0;
    for (const j of rated) {
      if (j === i) continue;
      const rj = ratings[j]!;
      const expected = 1 / (1 + 10 ** ((rj - ri) / 400));
      let outcome: number;
      if (leavers[i] && leavers[j]) outcome = 0.5;
      else if (leavers[i]) outcome = 0;
      else if (leavers[j]) outcome = 1;
      else outcome = scores[i]! < scores[j]! ? 1 : scores[i] === scores[j] ? 0.5 : 0;
      sum += outcome - expected;
    }
    return (k / (rated.length - 1)) * sum;
  });
}

/** The record's name for a seat: bots are marked with their level. */
export function recordName(s: Table['seats'][number]): string {
  if (s.kind === 'human') return s.name;
  if (s.replaced) return `${s.name} (bot ${s.level} took over)`;
  return `${s.name} (bot ${s.level})`;
}

/** Computes places and ratings, stores the finished game, and says what to tell the players. */
export async function finishTable(store: GameStore, table: Table, now = Date.now()): Promise<ResultMessage> {
  const scores = table.game.scores;
  const rated = table.record.rated;
  const leavers = table.seats.map((s) => rated && s.replaced);
  const place = places(scores, leavers);
  const botRatings = rated ? await store.botRatings() : new Map<BotLevel, number>();
  const before: (number | null)[] = [];
  for (const s of table.seats) {
    if (!rated) before.push(null);
    else if (s.userId !== null) before.push((await store.userById(s.userId))?.rating ?? null);
    else if (s.level !== null) before.push(botRatings.get(s.level) ?? BOT_START_RATINGS[s.level]);
    else before.push(null);
  }
  const delta = ratingChanges(before, scores, leavers);
  const after = before.map((r, i) => (r === null ? null : r + delta[i]!));
  const players: PlayerResult[] = table.seats.map((s, i) => ({
    seat: i,
    userId: s.userId,
    name: s.name,
    botLevel: s.level,
    replaced: s.replaced,
    score: scores[i]!,
    rank: place[i]!,
    ratingBefore: before[i]!,
    ratingAfter: after[i]!,
  }));
  const userRatings = players.flatMap((p) =>
    p.userId !== null && p.ratingAfter !== null ? [{ userId: p.userId, rating: p.ratingAfter }] : [],
  );
  const levelTotals = new Map<BotLevel, number>();
  players.forEach((p, i) => {
    if (p.userId !== null || p.botLevel === null || delta[i] === null) return;
    const base = levelTotals.get(p.botLevel) ?? before[i]!;
    levelTotals.set(p.botLevel, base + delta[i]!);
  });
  const game: FinishedGame = {
    tableId: table.id,
    finishedAt: now,
    players,
    record: makeRecord(table.game, table.seats.map(recordName)),
    userRatings,
    botRatings: [...levelTotals].map(([level, rating]) => ({ level, rating })),
  };
  await store.finishGame(game);
  return {
    scores: [...scores],
    ranks: place,
    ratings: players.map((p) =>
      p.ratingBefore === null || p.ratingAfter === null
        ? null
        : { before: Math.round(p.ratingBefore), after: Math.round(p.ratingAfter) },
    ),
    recordId: table.id,
  };
}
