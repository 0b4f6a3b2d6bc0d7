/**
 * Hearts bots. Each takes one seat's observation and answers a decision within its time budget.
 *
 * ```ts
 * import { createBot } from '@hearts/bots';
 * const bot = createBot('medium');
 * const decision = bot.decide(observation(state, 2), { timeMs: 200, random: cryptoRandom() });
 * ```
 */
export { LEVELS } from './types.js';
export type { Bot, Decision, DecideOptions, Level } from './types.js';
export { randomBot } from './random.js';
export { easyBot } from './easy.js';
export { mediumBot, makeMediumBot, MEDIUM_TUNING } from './medium.js';
export type { MediumTuning } from './medium.js';
export { createBot } from './registry.js';
export { createVariant, isVariant, VARIANT_HELP } from './variants.js';
export {
  ValueNet,
  FEATURES,
  encodePosition,
  encodeNet,
  decodeNet,
  toBase64,
  fromBase64,
  generatePositions,
  trainValueNet,
  meanLoss,
  shippedValueNet,
  valueApplies,
  VALUE_TRAINING,
} from './value/index.js';
export type { Positions, PositionOptions, TrainOptions, TrainReport } from './value/index.js';
export { leader } from './search/index.js';
export type { Clock, Evaluation } from './search/index.js';
export { STRENGTH } from './strength.js';
export { BOT_TIME_MS, BROWSER_BOT_TIME_MS } from './budget.js';
export { SeatView } from './view.js';
export { handAt, handPeriod } from './position.js';
export {
  arenaConfig,
  nearMoon,
  NEAR_MOON,
  parseBotSpec,
  seatings,
  playChain,
  playDecision,
  summarize,
  formatReport,
  estimate,
  tQuantile975,
} from './arena.js';
export type {
  ArenaPlayer,
  ArenaConfig,
  ArenaOptions,
  ArenaReport,
  BotResult,
  ChainResult,
  Difference,
  Estimate,
  HandOutcome,
  Incident,
} from './arena.js';
export {
  PROTOCOL,
  decideSchema,
  hostMessageSchema,
  botMessageSchema,
  parseDecide,
  decideMessage,
  moveMessage,
  parseMove,
  answerLine,
} from './protocol.js';
export type { DecideMessage, BotMessage, Parsed, AnswerOptions } from './protocol.js';
export { buildPosition } from './setup.js';
export type { PositionSpec } from './setup.js';
export { TACTICS, solveTactics, judge } from './tactics.js';
export { rolloutValues } from './rollout.js';
export { EndgameSolver } from './search/endgame.js';
export { PlayoutPolicy, PlayoutRandom } from './search/policy.js';
export type { RolloutOptions, RolloutValue } from './rollout.js';
export type { Tactic, TacticCategory, TacticOptions, TacticResult } from './tactics.js';
export {
  analyzeGame,
  analyzeDecision,
  gameDecisions,
  decisionPoint,
  summarize as summarizeAnalysis,
  markOf,
  MARK_THRESHOLDS,
  ANALYSIS_BUDGET,
  AnalysisCancelled,
  AnalysisWork,
  LocalExecutor,
  runAnalysis,
  PortExecutor,
  serveAnalysis,
  calibrate,
  CALIBRATION_REFERENCE_MS,
} from './analysis.js';
export type {
  AnalysedMove,
  AnalysisBudget,
  AnalysisError,
  AnalysisExecutor,
  AnalysisJob,
  AnalysisOptions,
  AnalysisReply,
  AnalysisRequest,
  AnalysisProgress,
  AnalysisSteps,
  BlockSums,
  DecisionAnalysis,
  DecisionPlan,
  DecisionPoint,
  GameAnalysis,
  Mark,
  RatedMove,
  RunOptions,
  SeatSummary,
  WorkDone,
  WorkItem,
} from './analysis.js';
export {
  PUZZLE_SEARCH,
  distinctPlays,
  evaluatePlay,
  evaluatePass,
  passSets,
  playLines,
  passLines,
  FINDER_TRIES,
  countedBot,
  playFindRates,
  passFindRates,
  closestChoice,
} from './puzzles/index.js';
export type {
  DealBudget,
  OptionsEvaluation,
  RatedOption,
  ExpectedLines,
  OptionLine,
  FindRate,
} from './puzzles/index.js';
