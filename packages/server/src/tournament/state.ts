/**
 * An arena tournament as a value: who entered and whether they want to play, the games running and the games
 * finished. Every change is a pure function of the state and the clock (`now` is always passed in), so the runner
 * can store the state, a test can drive it with a fake clock, and a second process can take it over. Standings
 * are derived from the finished games only (`scoring.ts`).
 *
 * ```ts
 * let t = newTournament({ startsAt: 0, endsAt: 3_600_000, maxPlayers: 400, pairing: DEFAULT_PAIRING });
 * t = unwrap(join(t, { userId: 'u1', name: 'Ada' }, 10));
 * const { state, tables } = pairNow(t, 20_000, (i) => `g${i}`); // tables to open, players marked seated
 * t = finishGame(state, { id: 'g0', startedAt: 20_000, finishedAt: 300_000, seats }, 300_000);
 * ```
 */
import { err, ok, type Result } from '@hearts/engine';
import type { Presence } from '../store/tournaments.js';
import { pair, type Pairing, type PairingPolicy } from './pairing.js';
import { distinctGames, standings, type Standing, type TournamentGame } from './scoring.js';

export type { Presence };

/** A player who joined. Invariant: `table` is the id of a game in `running` whose seats include them, or null. */
export interface Entrant {
  readonly userId: string;
  readonly name: string;
  readonly joinedAt: number;
  readonly presence: Presence;
  readonly table: string | null; // the running game they sit in
  readonly freeSince: number; // since when they are free and active (their wait is measured from here)
  readonly lastMet: readonly string[]; // the humans of their last game
}

export interface RunningGame {
  readonly id: string;
  readonly startedAt: number;
  readonly seats: readonly (string | null)[]; // user ids; null: a bot
}

export interface TournamentTiming {
  readonly startsAt: number; // nobody is seated before
  readonly endsAt: number; // no game starts from here on; games running then still count
  readonly maxPlayers: number;
  readonly pairing: PairingPolicy;
}

export interface TournamentState extends TournamentTiming {
  readonly entrants: readonly Entrant[]; // in the order they joined
  readonly running: readonly RunningGame[];
  readonly games: readonly TournamentGame[]; // finished, each id once, in the order they finished
}

export type Phase = 'upcoming' | 'running' | 'finishing' | 'finished';

export type TournamentRefusal =
  | 'ERR_TOURNAMENT_OVER' // it has ended
  | 'ERR_TOURNAMENT_FULL' // maxPlayers entered
  | 'ERR_NOT_ENTERED'; // pause or leave by someone who never joined

export const newTournament = (timing: TournamentTiming): TournamentState => ({
  ...timing,
  entrants: [],
  running: [],
  games: [],
});

/** Upcoming before `startsAt`; running until `endsAt`; finishing while games started before then still run. */
export function phase(t: TournamentState, now: number): Phase {
  if (now < t.startsAt) return 'upcoming';
  if (now < t.endsAt) return 'running';
  return t.running.length > 0 ? 'finishing' : 'finished';
}

const update = (t: TournamentState, userId: string, f: (e: Entrant) => Entrant): TournamentState => ({
  ...t,
  entrants: t.entrants.map((e) => (e.userId === userId ? f(e) : e)),
});

/** Enters the player, or brings back one who paused or left (their points stay). */
export function join(
  t: TournamentState,
  who: { readonly userId: string; readonly name: string },
  now: number,
): Result<TournamentState, TournamentRefusal> {
  if (now >= t.endsAt) return err('ERR_TOURNAMENT_OVER');
  const known = t.entrants.find((e) => e.userId === who.userId);
  if (known !== undefined) {
    if (known.presence === 'active') return ok(t);
    return ok(
      update(t, who.userId, (e) => ({ ...e, presence: 'active', freeSince: Math.max(now, e.freeSince) })),
    );
  }
  if (t.entrants.length >= t.maxPlayers) return err('ERR_TOURNAMENT_FULL');
  const entrant: Entrant = {
    userId: who.userId,
    name: who.name,
    joinedAt: now,
    presence: 'active',
    table: null,
    freeSince: now,
    lastMet: [],
  };
  return ok({ ...t, entrants: [...t.entrants, entrant] });
}

const setPresence =
  (presence: Exclude<Presence, 'active'>) =>
  (t: TournamentState, userId: string): Result<TournamentState, TournamentRefusal> => {
    if (!t.entrants.some((e) => e.userId === userId)) return err('ERR_NOT_ENTERED');
    return ok(update(t, userId, (e) => ({ ...e, presence })));
  };

/** Not seated again until they join again; a game at hand is played to its end and counts. */
export const pause = setPresence('paused');
/** Not connected, or taken over by a bot: not seated again until they come back (as {@link pause}). */
export const away = setPresence('away');
/** Leaves the tournament: not seated again; the points so far stay in the standings. Joining again brings them back. */
export const leave = setPresence('left');

/** The wait of a free, active entrant at `now` (waiting starts no earlier than the tournament). */
export const waitOf = (t: TournamentState, e: Entrant, now: number): number =>
  now - Math.max(e.freeSince, t.startsAt);

/** Entrants who can be seated now: active and not at a table, while the tournament runs. */
export function freeEntrants(t: TournamentState, now: number): Entrant[] {
  if (phase(t, now) !== 'running') return [];
  return t.entrants.filter((e) => e.presence === 'active' && e.table === null);
}

/** A table to open: its game id and its seats in order (null: a bot). */
export interface NewTable {
  readonly id: string;
  readonly seats: readonly (string | null)[];
}

/**
 * Pairs the free players (`pairing.ts`) and marks them seated in the new games; `gameId(i)` names the i-th new
 * game. The caller opens the tables; a table that cannot open is given back with {@link finishGame} or
 * {@link abandonGame}.
 */
export function pairNow(
  t: TournamentState,
  now: number,
  gameId: (i: number) => string,
): { state: TournamentState; tables: NewTable[] } {
  const free = freeEntrants(t, now);
  if (free.length === 0) return { state: t, tables: [] };
  const units = new Map(standings(t.entrants, t.games).map((s) => [s.userId, s.units]));
  const pairings: Pairing[] = pair(
    free.map((e) => ({
      userId: e.userId,
      units: units.get(e.userId) ?? 0,
      since: Math.max(e.freeSince, t.startsAt),
      lastMet: e.lastMet,
    })),
    now,
    t.pairing,
  );
  const tables: NewTable[] = pairings.map((p, i) => ({
    id: gameId(i),
    seats: [...p.players, ...Array.from({ length: p.bots }, () => null)],
  }));
  const seatOf = new Map<string, string>();
  for (const tb of tables) for (const s of tb.seats) if (s !== null) seatOf.set(s, tb.id);
  return {
    state: {
      ...t,
      entrants: t.entrants.map((e) => (seatOf.has(e.userId) ? { ...e, table: seatOf.get(e.userId)! } : e)),
      running: [...t.running, ...tables.map((tb) => ({ id: tb.id, startedAt: now, seats: tb.seats }))],
    },
    tables,
  };
}

const release = (t: TournamentState, gameId: string, now: number | null, met: boolean): TournamentState => {
  const game = t.running.find((g) => g.id === gameId);
  const humans = game?.seats.filter((s): s is string => s !== null) ?? [];
  return {
    ...t,
    running: t.running.filter((g) => g.id !== gameId),
    entrants: t.entrants.map((e) =>
      e.table === gameId
        ? {
            ...e,
            table: null,
            freeSince: now ?? e.freeSince,
            lastMet: met ? humans.filter((h) => h !== e.userId) : e.lastMet,
          }
        : e,
    ),
  };
};

/**
 * Records a finished game and frees its players. Idempotent: a game id already recorded changes nothing, so a
 * finish delivered twice (a retry, a takeover) is counted once. A game that was not running (the state was
 * restored from before it started) still counts.
 */
export function finishGame(t: TournamentState, game: TournamentGame, now: number): TournamentState {
  if (t.games.some((g) => g.id === game.id)) return release(t, game.id, now, false);
  const released = release(t, game.id, now, true);
  return { ...released, games: distinctGames([...released.games, game]) };
}

/**
 * Gives back a table that never started a game (it could not open): its players are free again with the wait they
 * had, and nothing counts.
 */
export const abandonGame = (t: TournamentState, gameId: string): TournamentState =>
  release(t, gameId, null, false);

/** The standings now: derived from the finished games only. */
export const standingsOf = (t: TournamentState): Standing[] => standings(t.entrants, t.games);
