/**
 * Tournaments' storage: each tournament's settings and times, its entrants (who joined, and whether they want to
 * play), and its games — a row per table it opened, `running` until the table's finishing transaction marks it
 * `finished` with the places (once: the update only takes a running row). Standings are derived from the finished
 * rows (`tournament/scoring.ts`), never stored. The `TournamentStore` interface stands beside `GameStore` in
 * `types.ts`; any implementation must pass `test/tournament-contract.ts`.
 *
 * ```ts
 * await store.tournaments.create(record);
 * await store.tournaments.enter(record.id, { userId, name }, Date.now(), record.maxPlayers); // 'entered'
 * const games = await store.tournaments.games(record.id); // running and finished
 * ```
 */
import type { Rules } from '@hearts/engine';
import type { BotLevel } from '@hearts/protocol/socket';

export type TournamentKind = 'arena' | 'scheduled' | 'private';
export type TournamentStatus = 'upcoming' | 'running' | 'finished';

export interface PairingPolicy {
  readonly seats: number; // players at a table
  readonly pool: number; // pair at once when this many are free
  readonly gatherMs: number; // … or when four are free and one has waited this long
  readonly maxWaitMs: number; // fewer than four: bots fill the table after this wait (if `bots`)
  readonly bots: boolean;
  readonly metPenalty: number; // cost, in points, of sitting again with someone from one's last game
}

/**
 * Whether an entrant is seated: `active` is; `paused` (by the player) finishes the game at hand and is not seated
 * again until they join again; `away` (by the server: not connected when a table was to be opened for them, or a
 * bot took their seat over) likewise, until they come back (join again, or open the tournament's page); `left`
 * as paused, shown as gone.
 */
export type Presence = 'active' | 'paused' | 'away' | 'left';

/** One seat of a finished tournament game. */
export interface GameSeat {
  readonly userId: string | null; // null: a bot
  readonly name: string;
  readonly place: number; // 1 = won; tied players share a place (the engine's placesOf); a seat taken over: last
  readonly left?: boolean; // a bot took the seat over (its player left, was voted out or stayed away)
}

/** A tournament's settings and times. Invariant: `startsAt < endsAt`; `rules.handsToPlay` is the game length. */
export interface TournamentRecord {
  readonly id: string; // a private one's id is its code (unguessable, not listed)
  readonly kind: TournamentKind;
  readonly name: string;
  readonly hostId: string | null; // who created a private one
  readonly scheduleKey: string | null; // a scheduled one's slot, e.g. 'hourly:2026-12-01T20'; unique
  readonly rules: Rules;
  readonly botLevel: BotLevel; // the bots that fill tables
  readonly rated: boolean;
  readonly maxPlayers: number;
  readonly pairing: PairingPolicy;
  readonly startsAt: number;
  readonly endsAt: number;
  readonly status: TournamentStatus;
  readonly createdAt: number;
  readonly finishedAt: number | null;
}

export interface TournamentEntrantRow {
  readonly tournamentId: string;
  readonly userId: string;
  readonly name: string;
  readonly joinedAt: number;
  readonly presence: Presence;
  readonly presenceAt: number; // when the presence last changed (coming back starts a wait)
}

export interface TournamentGameRow {
  readonly gameId: string; // the table id
  readonly tournamentId: string;
  readonly seats: readonly (string | null)[]; // user ids in seat order; null: a bot
  readonly startedAt: number;
  readonly status: 'running' | 'finished' | 'abandoned';
  readonly finishedAt: number | null;
  readonly result: readonly GameSeat[] | null; // the places, once finished
}

/** What `enter` did. */
export type EnterOutcome =
  | 'entered' // a new entrant
  | 'back' // was paused or had left, active again
  | 'already' // was active
  | 'full'; // maxPlayers have entered

/** Which of a player's tournaments to read: each field left out takes every value. */
export interface TournamentFilter {
  readonly statuses?: readonly TournamentStatus[];
  readonly kinds?: readonly TournamentKind[];
}

/** A tournament in a player's history. */
export interface TournamentEntry {
  readonly tournament: TournamentRecord;
  readonly joinedAt: number;
}
