/** A bot thread of the server: answers decision requests one at a time, in order. */
import { parentPort } from 'node:worker_threads';
import { createBot, type Bot, type Level } from '@hearts/bots';
import { cryptoRandom } from '@hearts/engine';
import type { BotRequest, BotResponse } from './bots.js';

const port = parentPort!;
const random = cryptoRandom();
const bots = new Map<Level, Bot>();

port.on('message', (req: BotRequest) => {
  let res: BotResponse;
  try {
    let bot = bots.get(req.level);
    if (!bot) bots.set(req.level, (bot = createBot(req.level)));
    res = { id: req.id, ok: true, decision: bot.decide(req.view, { timeMs: req.timeMs, random }) };
  } catch (e) {
    res = { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(res);
});
