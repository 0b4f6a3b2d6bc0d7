import type { Level } from './types.js';

/**
 * Each level's published strength, measured in duplicate arena matches (`hearts arena`; the
 * tables and commands are in docs/performance.md): the points per hand it takes more (+) or fewer (−) than the
 * medium bot would with the same cards in the same seat. Lower is stronger.
 */
export const STRENGTH: Readonly<Record<Level, number>> = {
  random: 7.46, // easy vs random −4.41, on top of medium vs easy (1,000 deals each)
  easy: 3.05, // medium vs easy −3.05
  medium: 0,
  hard: -1.44, // hard vs medium −1.44 (95% CI −1.73 … −1.15, 300 deals)
  expert: -1.69, // expert vs medium −1.69 (95% CI −1.85 … −1.54)
};
