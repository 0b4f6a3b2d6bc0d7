/**
 * Tournament scoring: placement points per game (4 / 2 / 1 / 0, split evenly among tied players), doubled while a
 * player is on a winning streak, and standings derived from nothing but the list of finished games. A game id that
 * appears more than once in the list counts once (the first copy), so delivering a finish twice cannot change the
 * standings. Bots take places but are not ranked. The rules are in docs/tournaments.md.
 *
 * ```ts
 * const table = standings(entrants, games); // entrants: who joined; games: finished games in any order
 * table[0]; // { userId, name, rank: 1, points: 7, units: 84, games: 2, wins: 2, streak: 2, ... }
 * ```
 */
import type { GameSeat } from '../store/tournaments.js';

export type { GameSeat };

/** Placement points for places 1–4 of a four-seat game. */
export const PLACE_POINTS = [4, 2, 1, 0] as const;
/** Points are counted in twelfths (12 is divisible by every tie size 1–4), so ties never make rounding errors. */
export const POINT_UNIT = 12;
/** After this many wins in a row, each further game's points are doubled until a game that is not a win. */
export const STREAK_WINS = 2;

/** A finished tournament game: the only input the standings are derived from. */
export interface TournamentGame {
  readonly id: string; // the table id; unique per game
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly seats: readonly GameSeat[]; // in seat order
}

/** A player's points from one game. */
export interface GamePoints {
  readonly gameId: string;
  readonly place: number;
  readonly units: number; // points × POINT_UNIT, the streak doubling included
  readonly doubled: boolean; // the game was played on a streak
}

/** One line of the standings. Invariant: `units` is the sum of `results[].units`; `games` their count. */
export interface Standing {
  readonly userId: string;
  readonly name: string;
  readonly rank: number; // 1-based; players equal in points and wins share a rank
  readonly points: number; // units / POINT_UNIT
  readonly units: number;
  readonly games: number;
  readonly wins: number; // games with place 1 (a shared first place counts)
  readonly streak: number; // wins in a row at the end of their games so far
  readonly results: readonly GamePoints[]; // in the order played
}

/** Who takes part (only they are ranked; a player with no game yet stands at 0 points). */
export interface EntrantName {
  readonly userId: string;
  readonly name: string;
  readonly joinedAt: number;
}

/**
 * The points (in units) of every seat of a game: tied players share the sum of the places they cover, evenly.
 * The places come from the engine's `placesOf` (ties share the best place, the next place skips).
 */
export function placementUnits(places: readonly number[]): number[] {
  return places.map((p) => {
    const tied = places.filter((q) => q === p).length;
    let sum = 0;
    for (let k = p; k < p + tied; k++) sum += PLACE_POINTS[k - 1] ?? 0;
    return (sum * POINT_UNIT) / tied;
  });
}

/** The games, each id once (the first copy), in the order they finished (then by id). */
export function distinctGames(games: readonly TournamentGame[]): TournamentGame[] {
  const byId = new Map<string, TournamentGame>();
  for (const g of games) if (!byId.has(g.id)) byId.set(g.id, g);
  return [...byId.values()].sort(
    (a, b) => a.finishedAt - b.finishedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * The standings: every entrant once, best first (points, then wins, then fewer games, then who joined first).
 * Games of players who are not entrants are skipped for them (bots, and anyone removed).
 */
export function standings(entrants: readonly EntrantName[], games: readonly TournamentGame[]): Standing[] {
  const lines = new Map<string, { e: EntrantName; results: GamePoints[]; wins: number; streak: number }>();
  for (const e of entrants)
    if (!lines.has(e.userId)) lines.set(e.userId, { e, results: [], wins: 0, streak: 0 });
  for (const g of distinctGames(games)) {
    const units = placementUnits(g.seats.map((s) => s.place));
    g.seats.forEach((s, i) => {
      const line = s.userId === null ? undefined : lines.get(s.userId);
      if (line === undefined) return;
      const win = s.place === 1;
      const doubled = line.streak >= STREAK_WINS;
      line.results.push({ gameId: g.id, place: s.place, units: units[i]! * (doubled ? 2 : 1), doubled });
      line.streak = win ? line.streak + 1 : 0;
      if (win) line.wins++;
    });
  }
  const out = [...lines.values()].map(({ e, results, wins, streak }) => {
    const units = results.reduce((a, r) => a + r.units, 0);
    return { e, units, wins, streak, results };
  });
  out.sort(
    (a, b) =>
      b.units - a.units ||
      b.wins - a.wins ||
      a.results.length - b.results.length ||
      a.e.joinedAt - b.e.joinedAt ||
      (a.e.userId < b.e.userId ? -1 : 1),
  );
  let rank = 0;
  return out.map((l, i) => {
    const prev = out[i - 1];
    if (prev === undefined || prev.units !== l.units || prev.wins !== l.wins) rank = i + 1;
    return {
      userId: l.e.userId,
      name: l.e.name,
      rank,
      points: l.units / POINT_UNIT,
      units: l.units,
      games: l.results.length,
      wins: l.wins,
      streak: l.streak,
      results: l.results,
    };
  });
}
