/**
 * Arena tournaments, the pure core: pairing and the tournament as a value (docs/tournaments.md). The scoring and
 * the standings are in ./scoring.ts (`@hearts/server/tournament/scoring`), shared with the load test that checks
 * them.
 */
export { DEFAULT_PAIRING, SWAP_PASSES, pair, policyProblem, seatCost } from './pairing.js';
export type { Candidate, PairingPolicy, Pairing } from './pairing.js';
export {
  newTournament,
  phase,
  join,
  pause,
  away,
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
