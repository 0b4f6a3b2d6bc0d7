export { PUZZLE_SEARCH, distinctPlays, evaluatePlay, evaluatePass, passSets } from './evaluate.js';
export type { DealBudget, OptionsEvaluation, RatedOption } from './evaluate.js';
export { playLines, passLines } from './lines.js';
export type { ExpectedLines, OptionLine } from './lines.js';
export { FINDER_TRIES, countedBot, playFindRates, passFindRates, closestChoice } from './finders.js';
export type { FindRate } from './finders.js';
