import { easyBot } from './easy.js';
import { mediumBot } from './medium.js';
import { randomBot } from './random.js';
import { EXPERT, HARD, SearchBot } from './search/index.js';
import type { Bot, Level } from './types.js';

/** The bot of a level. */
export function createBot(level: Level): Bot {
  switch (level) {
    case 'random':
      return randomBot;
    case 'easy':
      return easyBot;
    case 'medium':
      return mediumBot;
    case 'hard':
      return new SearchBot(HARD);
    case 'expert':
      return new SearchBot(EXPERT);
    default:
      return randomBot;
  }
}
