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
export { createBot } from './registry.js';
