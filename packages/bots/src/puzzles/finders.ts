/**
 * How often the bots of each level find a puzzle's answer: each level asked several times with other random
 * numbers (the search bots on a counting clock, so that the answer depends on the seed, never on the machine's
 * load). A puzzle's starting rating is fitted to these counts (`hearts puzzles build`).
 */
import { seededRandom, type CardName, type Observation } from '@hearts/engine';
import { easyBot } from '../easy.js';
import { mediumBot } from '../medium.js';
import { randomBot } from '../random.js';
import { EXPERT, HARD, SearchBot, countingClock } from '../search/index.js';
import { LEVELS, type Bot, type Level } from '../types.js';

/** How often one level found the answer. */
export interface FindRate {
  readonly level: Level;
  readonly found: number;
  readonly tries: number;
}

/**
 * Tries per level (random is counted exactly: its chance is the share of its choices that are right). The search
 * bots think on a counting clock of 0.1 ms a deal: hard at the server's 400 ms (its deal limit binds: 500 deals),
 * the expert at 150 ms (1,000–1,350 deals, as the tactics test measures it).
 */
export const FINDER_TRIES: Readonly<Record<Exclude<Level, 'random'>, number>> = {
  easy: 8,
  medium: 8,
  hard: 6,
  expert: 4,
};
const TIME_MS: Readonly<Record<Exclude<Level, 'random'>, number>> = {
  easy: 400,
  medium: 400,
  hard: 400,
  expert: 150,
};

/**
 * The bot of a level as the puzzle build runs it: the search bots on a counting clock of 0.1 ms a deal, so that
 * what they play depends on the seed alone.
 */
export function countedBot(level: Level): Bot {
  switch (level) {
    case 'random':
      return randomBot;
    case 'easy':
      return easyBot;
    case 'medium':
      return mediumBot;
    case 'hard':
      return new SearchBot(HARD, countingClock(0.1));
    default:
      return new SearchBot(EXPERT, countingClock(0.1));
  }
}

/**
 * The find rates of a play puzzle: `solution` is every card that counts as right (the best card and its
 * equivalents).
 */
export function playFindRates(obs: Observation, solution: readonly CardName[], seed: string): FindRate[] {
  const right = new Set(solution);
  return LEVELS.map((level) => {
    if (level === 'random')
      return { level, found: obs.legal.filter((c) => right.has(c)).length, tries: obs.legal.length };
    let found = 0;
    for (let i = 0; i < FINDER_TRIES[level]; i++) {
      const d = countedBot(level).decide(obs, {
        timeMs: TIME_MS[level],
        random: seededRandom(`${seed}:${level}:${i}`),
      });
      if (d.kind === 'play' && right.has(d.card)) found++;
    }
    return { level, found, tries: FINDER_TRIES[level] };
  });
}

/**
 * The find rates of a pass puzzle offered as a choice between `choices` (`choices[0]` the right one): a bot
 * passes as it would, and its pass counts as the choice that shares the most cards with it (the first of equals),
 * as a player of its judgement would pick from the list; random picks one of the choices.
 */
export function passFindRates(
  obs: Observation,
  choices: readonly (readonly CardName[])[],
  seed: string,
): FindRate[] {
  return LEVELS.map((level) => {
    if (level === 'random') return { level, found: 1, tries: choices.length };
    let found = 0;
    for (let i = 0; i < FINDER_TRIES[level]; i++) {
      const d = countedBot(level).decide(obs, {
        timeMs: TIME_MS[level],
        random: seededRandom(`${seed}:${level}:${i}`),
      });
      if (d.kind === 'pass' && closestChoice(d.cards, choices) === 0) found++;
    }
    return { level, found, tries: FINDER_TRIES[level] };
  });
}

/** The index of the choice that shares the most cards with a pass (the first of equals). */
export function closestChoice(pass: readonly CardName[], choices: readonly (readonly CardName[])[]): number {
  const mine = new Set(pass);
  let best = 0;
  let most = -1;
  choices.forEach((set, i) => {
    const shared = set.filter((c) => mine.has(c)).length;
    if (shared > most) {
      most = shared;
      best = i;
    }
  });
  return best;
}
