/**
 * Arena tournaments, the pure core: scoring and standings, pairing, and the tournament as a value
 * (docs/tournaments.md).
 */
export {
  PLACE_POINTS,
  POINT_UNIT,
  STREAK_WINS,
  placementUnits,
  distinctGames,
  standings,
} from './scoring.js';
export type { GameSeat, TournamentGame, GamePoints, Standing, EntrantName } from './scoring.js';
export { DEFAULT_PAIRING, SWAP_PASSES, pair, policyProblem, seatCost } from './pairing.js';
export type { Candidate, PairingPolicy, Pairing } from './pairing.js';
export {
  newTournament,
  phase,
  join,
  pause,
  leave,
  waitOf,
  freeEntrants,
  pairNow,
  finishGame,
  abandonGame,
  standingsOf,
} from './state.js';
export type {
  Presence,
  Entrant,
  RunningGame,
  TournamentTiming,
  TournamentState,
  Phase,
  TournamentRefusal,
  NewTable,
} from './state.js';
