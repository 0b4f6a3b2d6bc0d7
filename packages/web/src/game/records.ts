/**
 * What the device keeps about finished play: statistics and the history of finished games (as records).
 *
 * ```ts
 * const stats = addHand(loadStats(store), handFacts(state, 0, HUMAN));
 * addToHistory(store, historyEntry(session, Date.now()));
 * ```
 */
import type { Level } from '@hearts/bots';
import { LEVELS } from '@hearts/bots';
import { RECORD_FORMAT, handTricks, type GameRecord, type GameState } from '@hearts/engine';
import { sessionRecord, type Session } from './session';
import { isObject, readJson, writeJson, type KeyValueStore } from './storage';

export interface Stats {
  readonly games: number; // finished games
  readonly wins: number; // games won, shared wins included
  readonly hands: number; // finished hands
  readonly points: number; // points scored in those hands
  readonly moons: number; // moons shot by the player
  readonly queens: number; // hands in which the player took the Q♠
  readonly undoGames: number; // of the finished games, those with cards taken back (counted in all the above too)
}

export const STATS_KEY = 'hearts.stats';
export const HISTORY_KEY = 'hearts.history';
export const HISTORY_MAX = 100;

export const EMPTY_STATS: Stats = {
  games: 0,
  wins: 0,
  hands: 0,
  points: 0,
  moons: 0,
  queens: 0,
  undoGames: 0,
};

export function loadStats(store: KeyValueStore): Stats {
  const s = readJson(store, STATS_KEY);
  if (!isObject(s)) return EMPTY_STATS;
  const out: Record<string, number> = {};
  for (const k of Object.keys(EMPTY_STATS)) {
    const v = s[k];
    out[k] = typeof v === 'number' && Number.isFinite(v) ? v : 0;
  }
  return out as unknown as Stats;
}

export const saveStats = (store: KeyValueStore, s: Stats): void => writeJson(store, STATS_KEY, s);

export interface HandFacts {
  readonly points: number;
  readonly moon: boolean;
  readonly queen: boolean;
}

/** What hand `h` (finished) meant for `seat`. */
export function handFacts(state: GameState, h: number, seat: number): HandFacts {
  const result = state.results[h]!;
  return {
    points: result.points[seat]!,
    moon: result.shooter === seat,
    queen: handTricks(state, h).some((t) => t.winner === seat && t.cards.includes('QS')),
  };
}

export const addHand = (s: Stats, f: HandFacts): Stats => ({
  ...s,
  hands: s.hands + 1,
  points: s.points + f.points,
  moons: s.moons + (f.moon ? 1 : 0),
  queens: s.queens + (f.queen ? 1 : 0),
});

/**
 * A finished game. Games with cards taken back (undo) count like any other — the statistics describe the play on
 * this device, practice included — and are counted apart too (`undoGames`); the history marks them.
 */
export const addGame = (s: Stats, won: boolean, undo = false): Stats => ({
  ...s,
  games: s.games + 1,
  wins: s.wins + (won ? 1 : 0),
  undoGames: s.undoGames + (undo ? 1 : 0),
});

/** Average points per hand, or null before the first hand. */
export const averagePoints = (s: Stats): number | null => (s.hands === 0 ? null : s.points / s.hands);

export interface HistoryEntry {
  readonly id: string;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly level: Level;
  readonly record: GameRecord; // each hand carries its deal seed as "seed"
  readonly seeds?: readonly (string | null)[]; // each hand's deal seed (absent in entries from before seeds were kept)
  readonly scores: readonly number[]; // final totals
  readonly winners: readonly number[];
}

export function historyEntry(session: Session, endedAt: number): HistoryEntry {
  const { state } = session;
  return {
    id: session.id,
    startedAt: session.startedAt,
    endedAt,
    level: session.level,
    record: sessionRecord(session),
    seeds: session.seeds,
    scores: state.scores,
    winners: state.winners,
  };
}

/** The stored history, newest first; entries that are not well formed are left out (records replay when opened). */
export function loadHistory(store: KeyValueStore): HistoryEntry[] {
  const h = readJson(store, HISTORY_KEY);
  if (!Array.isArray(h)) return [];
  return h.filter(
    (e): e is HistoryEntry =>
      isObject(e) &&
      typeof e['id'] === 'string' &&
      typeof e['startedAt'] === 'number' &&
      typeof e['endedAt'] === 'number' &&
      (LEVELS as readonly unknown[]).includes(e['level']) &&
      Array.isArray(e['scores']) &&
      Array.isArray(e['winners']) &&
      isObject(e['record']) &&
      e['record']['format'] === RECORD_FORMAT,
  );
}

export function addToHistory(store: KeyValueStore, entry: HistoryEntry): void {
  const h = loadHistory(store).filter((e) => e.id !== entry.id);
  writeJson(store, HISTORY_KEY, [entry, ...h].slice(0, HISTORY_MAX));
}
