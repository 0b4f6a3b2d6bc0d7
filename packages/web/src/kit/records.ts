/**
 * What the device keeps about finished play: statistics and the history of finished games (as records).
 * Statistics are kept per kind of game (a rule variant against a bot level) and counted over finished games only;
 * {@link soloStats} is the one function that adds them up, for the statistics page and the player's profile alike.
 *
 * ```ts
 * recordSoloGame(store, finishedState, 'medium');
 * const all = soloStats(loadSoloStats(store)); // every solo game
 * const omnibus = soloStats(loadSoloStats(store), { variant: variantKey({ jackOfDiamonds: -10 }) });
 * addToHistory(store, historyEntry(session, Date.now())); // historyEntry: src/features/solo/session.ts
 * ```
 */
import type { Level } from '@hearts/bots';
import { LEVELS } from '@hearts/bots';
import {
  RECORD_FORMAT,
  RULE_NAMES,
  handTricks,
  parseRules,
  rulesDiff,
  type GameRecord,
  type GameState,
  type Rules,
} from '@hearts/engine';
import { isObject, readJson, writeJson, type KeyValueStore } from './storage';

export interface Stats {
  readonly games: number; // finished games
  readonly wins: number; // games won, shared wins included
  readonly hands: number; // hands of those games
  readonly points: number; // points scored in those hands (the moon rule applied)
  readonly moons: number; // moons shot by the player
  readonly queens: number; // hands in which the player took the Q♠
  readonly undoGames: number; // of the finished games, those with cards taken back (counted in all the above too)
}

/** The statistics of one kind of solo game: one rule variant against one bot level. */
export interface StatsGroup extends Stats {
  readonly variant: string; // variantKey of the rules, or EARLIER
  readonly rules: Partial<Rules>; // the options that differ from the standard
  readonly level: Level | null; // the bots' level; null in the EARLIER group
}

/** The variant of the statistics kept before rules and levels were recorded (one total, rules unknown). */
export const EARLIER = 'earlier';

/** The statistics before variants were kept: one set of counters (read once, into the EARLIER group). */
export const STATS_KEY = 'hearts.stats';
/** The statistics by variant and level: a list of {@link StatsGroup}. */
export const SOLO_STATS_KEY = 'hearts.soloStats';
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
const COUNTS = Object.keys(EMPTY_STATS) as (keyof Stats)[];

/**
 * A rule variant's stable key: "standard", or the options that differ from the standard in the engine's order of
 * options, as `name=value` joined by ";" (`jackOfDiamonds=-10`, `players=3;removedCards=["2C"];…`). Equal rules
 * give equal keys however they were written; rules that are not valid give their options as written.
 */
export function variantKey(rules: Partial<Rules>): string {
  const parsed = parseRules(rules);
  const diff: Partial<Rules> = parsed.ok ? rulesDiff(parsed.value) : rules;
  const parts = RULE_NAMES.filter((n) => diff[n] !== undefined).map((n) => `${n}=${JSON.stringify(diff[n])}`);
  return parts.length === 0 ? 'standard' : parts.join(';');
}

function counts(o: Record<string, unknown>): Stats {
  const out: Record<string, number> = {};
  for (const k of COUNTS) {
    const v = o[k];
    // Points may be below zero (the J♦ rule, a moon shot taken off one's own score); every other count may not.
    out[k] = typeof v === 'number' && Number.isFinite(v) && (k === 'points' || v >= 0) ? v : 0;
  }
  return out as unknown as Stats;
}

/**
 * The stored statistics by variant and level; groups that are not well formed are left out. Before any game was
 * kept this way, the old counters (if they counted anything) are the one EARLIER group.
 */
export function loadSoloStats(store: KeyValueStore): StatsGroup[] {
  const stored = readJson(store, SOLO_STATS_KEY);
  if (Array.isArray(stored)) {
    return stored.flatMap((g): StatsGroup[] => {
      if (!isObject(g) || typeof g['variant'] !== 'string') return [];
      const level = (LEVELS as readonly unknown[]).includes(g['level']) ? (g['level'] as Level) : null;
      const rules = isObject(g['rules']) ? (g['rules'] as Partial<Rules>) : {};
      if (g['variant'] !== EARLIER && (level === null || variantKey(rules) !== g['variant'])) return [];
      return [{ variant: g['variant'], rules, level, ...counts(g) }];
    });
  }
  const old = readJson(store, STATS_KEY);
  if (!isObject(old)) return [];
  const c = counts(old);
  return c.games + c.hands === 0 ? [] : [{ variant: EARLIER, rules: {}, level: null, ...c }];
}

export const saveSoloStats = (store: KeyValueStore, groups: readonly StatsGroup[]): void =>
  writeJson(store, SOLO_STATS_KEY, groups);

/** Forgets every statistic of the device (the history stays). */
export const resetSoloStats = (store: KeyValueStore): void => saveSoloStats(store, []);

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

const sum = (a: Stats, b: Stats): Stats => counts(Object.fromEntries(COUNTS.map((k) => [k, a[k] + b[k]])));

/** A finished game's statistics for `seat`: every hand's facts, whether it won, whether cards were taken back. */
export function gameStats(state: GameState, seat: number, undo = false): Stats {
  let s = EMPTY_STATS;
  for (let h = 0; h < state.results.length; h++) s = addHand(s, handFacts(state, h, seat));
  return addGame(s, state.winners.includes(seat), undo);
}

/** Adds a finished game to its group (its rules' variant against `level`). */
export function addToGroups(
  groups: readonly StatsGroup[],
  rules: Partial<Rules>,
  level: Level,
  game: Stats,
): StatsGroup[] {
  const variant = variantKey(rules);
  const parsed = parseRules(rules);
  const diff = parsed.ok ? rulesDiff(parsed.value) : rules;
  const i = groups.findIndex((g) => g.variant === variant && g.level === level);
  if (i < 0) return [...groups, { variant, rules: diff, level, ...game }];
  return groups.map((g, j) => (j === i ? { ...g, ...sum(g, game) } : g));
}

/**
 * Keeps a finished solo game in the statistics: the player's seat `seat`, against bots of `level`; `undo`: cards
 * were taken back in it.
 */
export function recordSoloGame(
  store: KeyValueStore,
  state: GameState,
  level: Level,
  seat: number,
  undo = false,
): void {
  saveSoloStats(store, addToGroups(loadSoloStats(store), state.rules, level, gameStats(state, seat, undo)));
}

/** Which games to count: one variant, one bot level (null: the EARLIER group's), one player count. */
export interface StatsFilter {
  readonly variant?: string;
  readonly level?: Level | null;
  readonly players?: number;
}

/** The player count of a group's rules (4 for the EARLIER group, whose rules are unknown: null). */
export function groupPlayers(g: StatsGroup): number | null {
  if (g.variant === EARLIER) return null;
  const r = parseRules(g.rules);
  return r.ok ? r.value.players : null;
}

const matches = (g: StatsGroup, f: StatsFilter): boolean =>
  (f.variant === undefined || g.variant === f.variant) &&
  (f.level === undefined || g.level === f.level) &&
  (f.players === undefined || groupPlayers(g) === f.players);

/**
 * The solo statistics: the games of the groups that match `filter`, added up. The one function the statistics page
 * and the player's profile count solo games with.
 */
export function soloStats(groups: readonly StatsGroup[], filter: StatsFilter = {}): Stats {
  return groups.filter((g) => matches(g, filter)).reduce<Stats>(sum, EMPTY_STATS);
}

/**
 * The statistics by variant or by bot level (within `filter`), each with what it counts: most games first, the
 * EARLIER games (rules and level not recorded) last.
 */
export function statsBy(
  groups: readonly StatsGroup[],
  by: 'variant' | 'level',
  filter: StatsFilter = {},
): { key: string; rules: Partial<Rules>; level: Level | null; stats: Stats }[] {
  const keys = new Map<string, StatsGroup>();
  for (const g of groups) if (matches(g, filter)) keys.set(by === 'variant' ? g.variant : String(g.level), g);
  return [...keys.entries()]
    .map(([key, g]) => ({
      key,
      rules: g.rules,
      level: g.level,
      stats: soloStats(groups, {
        ...filter,
        ...(by === 'variant' ? { variant: g.variant } : { level: g.level }),
      }),
    }))
    .sort(
      (a, b) =>
        Number(a.key === EARLIER || a.key === 'null') - Number(b.key === EARLIER || b.key === 'null') ||
        b.stats.games - a.stats.games ||
        a.key.localeCompare(b.key),
    );
}

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
