import { randomBot } from './random.js';
import type { Bot, Level } from './types.js';

/** The bot of a level. */
export function createBot(level: Level): Bot {
  switch (level) {
    case 'random':
      return randomBot;
    default:
      return randomBot;
  }
}
