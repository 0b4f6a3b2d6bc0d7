/** The bots' thread: the page never waits for a bot. One request at a time, answered in order. */
import { createBot } from '@hearts/bots';
import { cryptoRandom } from '@hearts/engine';
import type { BotRequest, BotResponse } from './protocol';

interface WorkerScope {
  onmessage: ((e: MessageEvent<BotRequest>) => void) | null;
  postMessage(message: BotResponse): void;
}

const scope = self as unknown as WorkerScope;
const random = cryptoRandom();

scope.onmessage = (e) => {
  const { id, level, timeMs, observation } = e.data;
  try {
    const decision = createBot(level).decide(observation, { timeMs, random });
    scope.postMessage({ id, ok: true, decision });
  } catch (error) {
    scope.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
