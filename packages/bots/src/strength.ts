import type { Level } from './types.js';

/**
 * Each level's published strength, measured in duplicate arena matches (`hearts arena`; the
 * tables and commands are in docs/performance.md): the points per hand it takes more (+) or fewer (−) than the
 * medium bot would with the same cards in the same seat. Lower is stronger. Hard and expert: alone against a field
 * of three medium bots at the default budget (`--field medium`, 1,000 deals each, 2026-12-02; the expert's run is
 * the one at the 400 ms ceiling, after its playouts came to play as the medium bot).
 */
export const STRENGTH: Readonly<Record<Level, number>> = {
  random: 7.47, // easy vs random −4.41, on top of medium vs easy (1,000 deals each)
  easy: 3.06, // medium vs easy −3.06 (since medium's certain moons past a low heart; −3.05 before)
  medium: 0,
  hard: -1.39, // hard − medium −1.39 (95% CI −1.59 … −1.19)
  expert: -2.13, // expert − medium −2.13 (95% CI −2.32 … −1.93); expert − expert before #16 −0.57 (−0.75 … −0.39)
};
