export {
  SearchBot,
  PlayDeals,
  PassDeals,
  HARD,
  EXPERT,
  countingClock,
  expectedLoss,
  leader,
  mergeEquivalent,
  passCandidates,
  moonChoice,
  searchScore,
  tableScore,
} from './search.js';
export type {
  Clock,
  SearchParams,
  Evaluation,
  EvaluatedOption,
  EvaluateOptions,
  PassEvaluation,
  GameContext,
  HandScore,
} from './search.js';
export { buildKnowledge } from './knowledge.js';
export type { Knowledge } from './knowledge.js';
export { WorldSampler, makeSampler } from './sampler.js';
export { PlayoutPolicy, PlayoutRandom, PLAN_NORMAL, PLAN_SHOOT } from './policy.js';
export type { PolicyStyle } from './policy.js';
export { EndgameSolver } from './endgame.js';
