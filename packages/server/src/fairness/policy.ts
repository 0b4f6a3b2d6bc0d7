/**
 * The fairness policy: the one place that decides, from facts about a game, whether it is rated, how its seats are
 * placed, what a win pays and under which daily cap, and who a tournament's podium pays (docs/rating.md, "What each
 * kind of game is worth"). Every kind of table goes through it: quick match, friends' room, the daily game, a public
 * (scheduled) arena, a private tournament, a solo game. Pure: no I/O, no clock; the callers (rating/finish.ts,
 * economy/chips.ts, tournament/runner.ts, the rooms) bring the facts and do the paying.
 *
 * Decided as lichess and World of Card Games do: where the players choose their opponents (a friends' room, a
 * private tournament) nothing is rated and a win pays at most the friends' prize; where nobody chooses them (quick
 * match, a public arena's pairing) a game may be rated, and an arena's podium pays only players who met enough
 * distinct people. Every payment takes wins of a daily cap, and no win pays more than {@link PRIZES}.rated, so one
 * account earns at most {@link MAX_CHIPS_A_DAY} a day however many accounts sit at its tables. A seat a bot took
 * over (its player left, was voted out or stayed away) is placed last and never paid.
 *
 * ```ts
 * const v = gameVerdict({ kind: 'friends', askedRated: false, seats, scores: [40, 62, 81, 77], hands: 5 });
 * v.rated; // false: friends chose each other
 * v.prize; // { amount: 10_000, reason: 'friends-win', cap: 'live', slots: 1 }
 * v.paid; // [true, false, false, false]: the winner who stayed to the end
 * ```
 */
import { placesOf } from '@hearts/engine';
import type { ChipReason } from '@hearts/protocol/http';
import type { GameSeat, TournamentKind } from '../store/tournaments.js';

/** Every kind of game the platform pays or rates. */
export type GameKind = 'quick' | 'friends' | 'daily' | 'arena' | 'private-tournament' | 'solo';

export const GAME_KINDS: readonly GameKind[] = [
  'quick',
  'friends',
  'daily',
  'arena',
  'private-tournament',
  'solo',
];

/** What each kind is: the table of docs/rating.md. */
export interface KindRule {
  /** Who chose the opponents: nobody (`drawn`: matchmaking, arena pairing), the players (`chosen`), or only bots. */
  readonly opponents: 'drawn' | 'chosen' | 'bots';
  /** `asked`: rated when the player (quick match) or the tournament (arena) asks for it; `never`. */
  readonly rated: 'asked' | 'never';
  /** `win`: each game's winners; `podium`: the tournament's podium at its end; `solo`: a token; `nothing`. */
  readonly pays: 'win' | 'podium' | 'solo' | 'nothing';
}

export const KIND_RULES: Readonly<Record<GameKind, KindRule>> = {
  quick: { opponents: 'drawn', rated: 'asked', pays: 'win' },
  friends: { opponents: 'chosen', rated: 'never', pays: 'win' },
  daily: { opponents: 'bots', rated: 'never', pays: 'nothing' },
  arena: { opponents: 'drawn', rated: 'asked', pays: 'podium' },
  'private-tournament': { opponents: 'chosen', rated: 'never', pays: 'win' },
  solo: { opponents: 'bots', rated: 'never', pays: 'solo' },
};

/** Chips a win pays, by what it is. */
export const PRIZES = {
  rated: 25_000, // a rated live win with at least two people dealt in: the most one win ever pays
  friends: 10_000, // an unrated live win with at least two people dealt in (friends' rooms, private tournaments)
  practice: 5_000, // a live win alone with bots
  solo: 500, // a solo win: a token, since the device deals and plays the bots
} as const;

/** The fewest hands a game must last to pay anything (one- and two-hand tables pay nothing). */
export const MIN_PRIZE_HANDS = 3;

/** Wins paid per player and UTC day, by cap. */
export const DAILY_CAPS = {
  live: 10, // wins with at least two people dealt in, and podium places (each place takes one or two)
  practice: 20, // live wins alone with bots
  solo: 20, // solo wins reported by the browser
} as const;

export type CapKind = keyof typeof DAILY_CAPS;

/** The most one account can be paid in a UTC day: every cap's wins at the most a win under it pays. */
export const MAX_CHIPS_A_DAY =
  DAILY_CAPS.live * PRIZES.rated + DAILY_CAPS.practice * PRIZES.practice + DAILY_CAPS.solo * PRIZES.solo;

/**
 * A payment under a daily cap: `amount` chips in `slots` wins of `cap`, each slot paying `amount / slots` (never more
 * than {@link PRIZES}.rated). A slot the cap has no room for pays nothing.
 */
export interface Prize {
  readonly amount: number;
  readonly reason: ChipReason;
  readonly cap: CapKind;
  readonly slots: number;
}

/** A public arena's podium: chips for ranks 1, 2 and 3. */
export const PODIUM_PRIZES = [50_000, 25_000, 10_000] as const;
/** Games a player must have played to the end for a podium place to pay. */
export const MIN_PODIUM_GAMES = 3;
/** Distinct people a player must have met in those games (bots do not count) for a podium place to pay. */
export const MIN_PODIUM_OPPONENTS = 4;

/** The kind of a tournament's games: private ones are the players' choice of opponents, public ones are drawn. */
export const tournamentGameKind = (kind: TournamentKind): GameKind =>
  kind === 'private' ? 'private-tournament' : 'arena';

/** Whether a table of this kind is rated when asked to be: never where the players chose their opponents. */
export const ratedTable = (kind: GameKind, asked = false): boolean =>
  KIND_RULES[kind].rated === 'asked' && asked;

/** Whether a tournament's games are rated (one stored as rated before private ones were refused: not). */
export const tournamentRated = (t: { readonly kind: TournamentKind; readonly rated: boolean }): boolean =>
  ratedTable(tournamentGameKind(t.kind), t.rated);

/** One seat of a finished game. */
export interface SeatFacts {
  readonly human: boolean; // a person was dealt in (a seat a bot took over stays theirs)
  readonly left: boolean; // a bot took the seat over: the player left, was voted out or stayed away
}

/** What is known about a finished live game. */
export interface GameFacts {
  readonly kind: GameKind;
  readonly askedRated: boolean; // the table was asked to be rated (the quick match's choice, a rated arena)
  readonly seats: readonly SeatFacts[];
  readonly scores: readonly number[]; // final scores, in seat order
  readonly hands: number; // hands played
}

/** What a finished game counts for. */
export interface GameVerdict {
  readonly rated: boolean;
  /** 1 = won; ties share a place; a seat taken over is last (shared with the others taken over). */
  readonly places: readonly number[];
  /** What each winner is paid, or null: the game pays nothing. */
  readonly prize: Prize | null;
  /** The seats paid: people who won and stayed to the end. */
  readonly paid: readonly boolean[];
}

/**
 * Places: the engine's places among the seats that stayed; every seat taken over is placed last (the number of
 * seats), whatever its score, so that it never wins and scores no tournament points.
 */
export function placesWithLeavers(scores: readonly number[], left: readonly boolean[]): number[] {
  const stayed = scores.filter((_, i) => !left[i]);
  const ranked = placesOf(stayed);
  let k = 0;
  return scores.map((_, i) => (left[i] ? scores.length : ranked[k++]!));
}

/** What one win of a game pays, or null. */
function winPrize(f: GameFacts, rated: boolean): Prize | null {
  if (KIND_RULES[f.kind].pays !== 'win' || f.hands < MIN_PRIZE_HANDS) return null;
  const people = f.seats.filter((s) => s.human).length;
  if (people < 2) return { amount: PRIZES.practice, reason: 'practice-win', cap: 'practice', slots: 1 };
  if (rated) return { amount: PRIZES.rated, reason: 'rated-win', cap: 'live', slots: 1 };
  return { amount: PRIZES.friends, reason: 'friends-win', cap: 'live', slots: 1 };
}

/** The verdict on a finished live game (any kind but solo, whose claims are checked by {@link soloPrize}). */
export function gameVerdict(f: GameFacts): GameVerdict {
  const rated = ratedTable(f.kind, f.askedRated);
  const left = f.seats.map((s) => s.left);
  const places = placesWithLeavers(f.scores, left);
  const prize = winPrize(f, rated);
  const paid = f.seats.map((s, i) => prize !== null && s.human && !s.left && places[i] === 1);
  return { rated, places, prize, paid };
}

/** What a solo win of `hands` hands pays, or null when it is too short to pay. */
export const soloPrize = (hands: number): Prize | null =>
  hands < MIN_PRIZE_HANDS ? null : { amount: PRIZES.solo, reason: 'solo-win', cap: 'solo', slots: 1 };

/** A podium place that pays. */
export interface PodiumPlace {
  readonly userId: string;
  readonly rank: number;
  readonly prize: Prize;
}

/** What the podium reads of a tournament's game (tournament/scoring.ts's `TournamentGame` is one). */
export interface MetGame {
  readonly seats: readonly GameSeat[];
}

/** What the podium reads of a standing (tournament/scoring.ts's `Standing` is one). */
export interface RankedPlayer {
  readonly userId: string;
  readonly rank: number; // 1-based; a shared rank for ties
}

/** The people a player met in the games they played to the end, and how many such games. */
export function opponentsMet(
  userId: string,
  games: readonly MetGame[],
): { games: number; opponents: number } {
  const met = new Set<string>();
  let played = 0;
  for (const g of games) {
    const me = g.seats.find((s) => s.userId === userId);
    if (!me || me.left === true) continue;
    played++;
    for (const s of g.seats) if (s.userId !== null && s.userId !== userId) met.add(s.userId);
  }
  return { games: played, opponents: met.size };
}

/**
 * Who a finished tournament's podium pays. Only a public arena has a podium (a private tournament's games pay as a
 * friends' room's do): ranks 1 to 3 (ties share a rank, each gets its prize), to players who played at least
 * {@link MIN_PODIUM_GAMES} games to the end against at least {@link MIN_PODIUM_OPPONENTS} distinct people. Each place
 * takes live wins of the daily cap, one per {@link PRIZES}.rated or part of it.
 */
export function podium(
  kind: GameKind,
  standings: readonly RankedPlayer[],
  games: readonly MetGame[],
): PodiumPlace[] {
  if (KIND_RULES[kind].pays !== 'podium') return [];
  return standings.flatMap((s) => {
    const amount = PODIUM_PRIZES[s.rank - 1];
    if (amount === undefined) return [];
    const met = opponentsMet(s.userId, games);
    if (met.games < MIN_PODIUM_GAMES || met.opponents < MIN_PODIUM_OPPONENTS) return [];
    const slots = Math.ceil(amount / PRIZES.rated);
    return [
      { userId: s.userId, rank: s.rank, prize: { amount, reason: 'tournament-prize', cap: 'live', slots } },
    ];
  });
}
