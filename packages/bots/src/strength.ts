import type { Level } from './types.js';

/**
 * Each level's published strength, measured in duplicate arena matches (`hearts arena`; the
 * tables and commands are in docs/performance.md): the points per hand it takes more (+) or fewer (−) than the
 * medium bot would with the same cards in the same seat. Lower is stronger. Hard and expert: alone against a field
 * of three medium bots at the default budget (`--field medium`, the 400 ms ceiling on the CPU clock, 1,000 deals,
 * seeds 11–18, 2026-12-06, both in one run).
 */
export const STRENGTH: Readonly<Record<Level, number>> = {
  random: 7.47, // easy vs random −4.41, on top of medium vs easy (1,000 deals each)
  easy: 3.06, // medium vs easy −3.06 (since medium's certain moons past a low heart; −3.05 before)
  medium: 0,
  hard: -1.4, // hard − medium −1.395 (95% CI −1.60 … −1.19)
  expert: -2.05, // expert − medium −2.046 (95% CI −2.23 … −1.86); expert − hard −0.651 (−0.85 … −0.46)
};
