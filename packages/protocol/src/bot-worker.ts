/**
 * The bot worker's messages: the server's bot threads (`packages/server/src/bot-worker.ts`, asked by its
 * `BotPool`) and the web app's Web Worker (`packages/web/src/features/solo/bots`) speak the same ones. A request
 * carries a seat's observation and the bot's level and time; the answer is the bot's decision (a named move) or why
 * there is none. Both sides are the same program's, so nothing is checked at runtime: the schemas give the types.
 *
 * ```ts
 * worker.postMessage({ id, level, timeMs, observation } satisfies BotRequest);
 * onmessage = (e) => postMessage(answerBotRequest(e.data, (o, level, timeMs) => bot(level).decide(o, { timeMs, random })));
 * ```
 */
import * as z from 'zod/mini';
import type { NamedMove, Observation } from '@hearts/engine';
import { BOT_LEVELS, type BotLevel } from './socket/constants.js';
import { wireMove } from './socket/wire.js';

/** A request to the bot worker: `id` is the asker's, to match the answer (a worker answers in order). */
export const botRequestSchema = z.readonly(
  z.strictObject({
    id: z.int(),
    level: z.enum(BOT_LEVELS),
    timeMs: z.number(), // the bot's budget to think
    observation: z.custom<Observation>(), // the seat's view (the engine's observation() cut): all a bot sees
  }),
);
export type BotRequest = z.infer<typeof botRequestSchema>;

/** The worker's answer: a decision, or why there is none (the asker then falls back to a legal move). */
export const botResponseSchema = z.union([
  z.readonly(z.strictObject({ id: z.int(), ok: z.literal(true), decision: wireMove })),
  z.readonly(z.strictObject({ id: z.int(), ok: z.literal(false), error: z.string() })),
]);
export type BotResponse = z.infer<typeof botResponseSchema>;

/** How a worker decides: a bot of `level` on `observation` within `timeMs` (the order of the table's `BotPort`). */
export type BotDecide = (observation: Observation, level: BotLevel, timeMs: number) => NamedMove;

/** The worker's answer to a request: the decision, or the error the bot threw, as a message (never a throw). */
export function answerBotRequest(request: BotRequest, decide: BotDecide): BotResponse {
  try {
    return { id: request.id, ok: true, decision: decide(request.observation, request.level, request.timeMs) };
  } catch (e) {
    return { id: request.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
