/** A bot thread of the server: answers decision requests one at a time, in order. */
import { parentPort } from 'node:worker_threads';
import { createBot, type Bot, type Level } from '@hearts/bots';
import { cryptoRandom } from '@hearts/engine';
import { answerBotRequest, type BotRequest } from '@hearts/protocol/bot-worker';

const port = parentPort!;
const random = cryptoRandom();
const bots = new Map<Level, Bot>();

/** One bot per level, made once: the thread keeps no state of a game between requests. */
function bot(level: Level): Bot {
  let b = bots.get(level);
  if (!b) bots.set(level, (b = createBot(level)));
  return b;
}

port.on('message', (req: BotRequest) => {
  port.postMessage(
    answerBotRequest(req, (observation, level, timeMs) => bot(level).decide(observation, { timeMs, random })),
  );
});
