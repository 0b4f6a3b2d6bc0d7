/**
 * The bots' time budget per decision, in one place. A bot answers within its budget; the search bots think for a
 * share of it (hard up to 45 %, the expert 75–90 %: see `search/search.ts`), so the more time, the stronger the
 * expert. The decision times and strengths these give are in docs/performance.md.
 *
 * ```ts
 * bot.decide(observation(state, seat), { timeMs: BOT_TIME_MS, random });
 * ```
 */

/**
 * Where many tables share a machine: the server's tables (`BOT_TIME_MS` in its environment overrides it),
 * `hearts arena` and `hearts bench`. The expert's median decision at this budget is about 105 ms on the 2-core VM.
 */
export const BOT_TIME_MS = 150;

/**
 * The search bots in the browser, where each has a Web Worker to itself and the player waits for its move anyway
 * (at the normal pace a bot's card is held back 420 ms): the expert thinks about 375–450 ms there.
 */
export const BROWSER_BOT_TIME_MS = 500;
