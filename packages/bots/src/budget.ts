/**
 * The bots' time budget per decision, in one place. A bot answers within its budget; the search bots think for a
 * share of it (hard up to 17 %; the expert 38 % when its choice is settled early, up to 90 % when it is close: see
 * `EXPERT` in `search/search.ts`), so the more time, the stronger the expert. The budget is each decision's
 * ceiling; the expert's median decision is about 36 % of it. The decision times and strengths these give are in
 * docs/performance.md.
 *
 * ```ts
 * bot.decide(observation(state, seat), { timeMs: BOT_TIME_MS, random });
 * ```
 */

/**
 * Where many tables share a machine: the server's tables (`BOT_TIME_MS` in its environment overrides it),
 * `hearts arena` and `hearts bench`. On the 2-core VM the expert's median decision at this budget is about 142 ms and
 * its 95th percentile 360 ms: a close choice gets two and a half times what a settled one does.
 */
export const BOT_TIME_MS = 400;

/**
 * The search bots in the browser, where each has a Web Worker to itself and the player waits for its move anyway
 * (at the normal pace a bot's card is held back 420 ms): the expert's median decision there is under that hold, a
 * close choice takes up to 900 ms.
 */
export const BROWSER_BOT_TIME_MS = 1000;
