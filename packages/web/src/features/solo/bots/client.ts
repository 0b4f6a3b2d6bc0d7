/**
 * The page's side of the bot worker: `decide` posts an observation and resolves with the bot's decision.
 * A worker that fails or does not answer in time rejects, and the table (its driver) falls back to a legal move.
 */
import type { Decision, Level } from '@hearts/bots';
import type { Observation } from '@hearts/engine';
import type { BotPort } from '../host';
import type { BotRequest, BotResponse } from '@hearts/protocol/bot-worker';

/** Grace beyond the bot's own budget before a decision counts as lost. */
const GRACE_MS = 5000;

export function workerBots(makeWorker: () => Worker): BotPort {
  let worker: Worker | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (d: Decision) => void; reject: (e: Error) => void }>();

  const failAll = (why: string): void => {
    for (const w of waiting.values()) w.reject(new Error(why));
    waiting.clear();
    worker?.terminate();
    worker = null;
  };

  const get = (): Worker => {
    if (worker) return worker;
    const w = makeWorker();
    w.onmessage = (e: MessageEvent<BotResponse>) => {
      const r = e.data;
      const entry = waiting.get(r.id);
      if (!entry) return;
      waiting.delete(r.id);
      if (r.ok) entry.resolve(r.decision);
      else entry.reject(new Error(r.error));
    };
    w.onerror = (e) => {
      e.preventDefault();
      failAll(`bot worker failed: ${e.message}`);
    };
    worker = w;
    return w;
  };

  return {
    decide(observation: Observation, level: Level, timeMs: number): Promise<Decision> {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          if (waiting.delete(id)) reject(new Error('the bot did not answer in time'));
        }, timeMs + GRACE_MS);
        waiting.set(id, {
          resolve: (d) => {
            clearTimeout(timer);
            resolve(d);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
        const request: BotRequest = { id, level, timeMs, observation };
        try {
          get().postMessage(request);
        } catch (e) {
          waiting.delete(id);
          clearTimeout(timer);
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      });
    },
  };
}
