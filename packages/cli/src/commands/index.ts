import type { Command } from '../args.js';
import { analyze } from './analyze.js';
import { arena } from './arena.js';
import { bench } from './bench.js';
import { bot } from './bot.js';
import { check } from './check.js';
import { loadtest } from './loadtest.js';
import { puzzles } from './puzzles.js';
import { trainingSetCommand } from './training-set.js';
import { verify } from './verify.js';

/** Every subcommand, by name. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  check,
  bench,
  arena,
  bot,
  verify,
  loadtest,
  analyze,
  'training-set': trainingSetCommand,
  puzzles,
};
