/** The bots' thread: the page never waits for a bot. One request at a time, answered in order. */
import { createBot } from '@hearts/bots';
import { cryptoRandom } from '@hearts/engine';
import { answerBotRequest, type BotRequest, type BotResponse } from '@hearts/protocol/bot-worker';

interface WorkerScope {
  onmessage: ((e: MessageEvent<BotRequest>) => void) | null;
  postMessage(message: BotResponse): void;
}

const scope = self as unknown as WorkerScope;
const random = cryptoRandom();

scope.onmessage = (e) => {
  scope.postMessage(
    answerBotRequest(e.data, (observation, level, timeMs) =>
      createBot(level).decide(observation, { timeMs, random }),
    ),
  );
};
