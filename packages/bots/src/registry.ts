import { easyBot } from './easy.js';
import { mediumBot } from './medium.js';
import { randomBot } from './random.js';
import { EXPERT, HARD, SearchBot, type Clock } from './search/index.js';
import type { Bot, Level } from './types.js';

/** The bot of a level; the search levels read `clock` for their deadlines (default: the wall clock). */
export function createBot(level: Level, clock?: Clock): Bot {
  switch (level) {
    case 'random':
      return randomBot;
    case 'easy':
      return easyBot;
    case 'medium':
      return mediumBot;
    case 'hard':
      return new SearchBot(HARD, clock);
    case 'expert':
      return new SearchBot(EXPERT, clock);
    default:
      return randomBot;
  }
}
