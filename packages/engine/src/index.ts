/**
 * The rules of Hearts. Pure TypeScript: no dependencies, no I/O; the same code runs in Node and the browser.
 *
 * ```ts
 * import { newGame, dealRandom, seededRandom, applyMove, observation, legalMoves } from '@hearts/engine';
 * let game = dealRandom(newGame().value!, seededRandom(1));
 * const view = observation(game, 0); // what seat 0 may know
 * ```
 */
export {
  SUITS,
  RANKS,
  CLUBS,
  DIAMONDS,
  SPADES,
  HEARTS,
  QUEEN_OF_SPADES,
  KING_OF_SPADES,
  ACE_OF_SPADES,
  JACK_OF_DIAMONDS,
  TWO_OF_CLUBS,
  POPCOUNT13,
  CardSet,
  suitOf,
  rankOf,
  cardOf,
  parseCard,
  makeCard,
  isCardName,
  cardsOfSuitMask,
  sameCards,
} from './cards.js';
export type { Card, CardName, Suit, SuitName, RankName } from './cards.js';
export { ok, err, unwrap } from './result.js';
export type { Result } from './result.js';
export { withTimeout } from './timeout.js';
export {
  DEFAULT_RULES,
  DEFAULT_REMOVED,
  RULE_NAMES,
  PRESET_NAMES,
  preset,
  parseRules,
  rulesDiff,
  passOffset,
  dealerOfHand,
  deckOf,
  tricksPerHand,
  lowestClub,
} from './rules.js';
export type {
  Rules,
  RuleName,
  RulesError,
  PresetName,
  PassCycle,
  MoonRule,
  TieRule,
  FirstLead,
  HeartValues,
} from './rules.js';
export {
  SeededRandom,
  CryptoRandom,
  seededRandom,
  cryptoRandom,
  randomInt,
  drawBelow,
  randomFloat,
  shuffleInPlace,
} from './random.js';
export type { RandomSource } from './random.js';
export {
  HandCore,
  compileRules,
  compiledRules,
  winningIndex,
  breaksHearts,
  handCardPoints,
  moonCardsOf,
  moonPoints,
  sevenOf,
  SEVEN_OF_DIE_POINTS,
} from './core.js';
export type { HandConfig, PlayError } from './core.js';
export {
  newGame,
  deal,
  dealRandom,
  dealDeck,
  DIE_SUITS,
  rollDie,
  dealerOf,
  currentPassOffset,
  handOf,
  legalMoves,
  seatsToAct,
  toPlay,
  playPosition,
  tricksDone,
  handPlays,
  handCoreOf,
  applyMove,
  passCards,
  playCard,
  chooseMoon,
  scoreHand,
  reachesEnd,
  gameEnd,
  moonRuling,
  moonOptions,
  moonOptionsOf,
  heldAfterPassing,
  handTricks,
  trickWinner,
  parseNamedMove,
  makeNamedMove,
  observation,
  publicObservation,
  watcherView,
  moveErrorMessage,
} from './game.js';
export type {
  GameState,
  PlayPosition,
  Phase,
  Move,
  NamedMove,
  MoveError,
  GameEnd,
  MoonOutcome,
  MoonOptions,
  MoonChoice,
  IllegalMove,
  IllegalDeal,
  DealError,
  HandResult,
  HandLog,
  Observation,
  PublicObservation,
  TrickView,
} from './game.js';
export { historyProblem } from './history.js';
export { summarizeHand, handSummary, handSummaryOf, placesOf } from './summary.js';
export type { HandSummary, SeatHandSummary, CountedCard, MoonSummary } from './summary.js';
export { playRefusal } from './refusal.js';
export { RECORD_FORMAT, replayRecord, makeRecord, undosOf } from './record.js';
export type {
  GameRecord,
  HandRecord,
  RecordError,
  RecordFormatError,
  RecordStepError,
  ReplayOutcome,
} from './record.js';
export { certainClaim, claimPlayout, applyClaim } from './claim.js';
export type { Claim, ClaimError, ClaimPlay } from './claim.js';
