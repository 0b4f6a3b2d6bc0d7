import { createInterface } from 'node:readline';
import { LEVELS, answerLine, createBot, type Level } from '@hearts/bots';
import { CLOCKS, clockOf, isClockName } from '../clock.js';
import { cryptoRandom, seededRandom } from '@hearts/engine';
import { intOption, parse, UsageError, type Command } from '../args.js';

const USAGE = `Usage: hearts bot --level <${LEVELS.join('|')}> [--time-ms T] [--seed S] [--clock wall|cpu]

Runs one of our bots over the hearts-bot/1 protocol (docs/bot-protocol.md): one JSON message per line on
stdin, one answer per line on stdout. Bad messages get {"type":"error",…} and the bot keeps running; it
stops on {"type":"quit"} or at the end of input.

  --level    which bot
  --time-ms  time budget per decision in milliseconds (default 1000; a message's "timeMs" may lower it)
  --seed     make the bot's random choices repeatable
  --clock    wall (default) or cpu: what a search bot reads for its deadlines; with cpu, the CPU time this
             process has used, so each decision gets its budget's worth of computing however busy the machine is`;

export const bot: Command = {
  summary: 'run one of our bots as a hearts-bot/1 program on stdin/stdout',
  usage: USAGE,
  async run(argv) {
    const { values } = parse(
      argv,
      {
        level: { type: 'string' },
        'time-ms': { type: 'string' },
        seed: { type: 'string' },
        clock: { type: 'string' },
      },
      false,
    );
    const level = values.level;
    if (!level || !(LEVELS as readonly string[]).includes(level))
      throw new UsageError(`--level must be one of ${LEVELS.join(', ')}`);
    const timeMs = intOption(values['time-ms'], 'time-ms', 1000, 1);
    const random = values.seed === undefined ? cryptoRandom() : seededRandom(values.seed);
    const clock = values.clock ?? 'wall';
    if (!isClockName(clock)) throw new UsageError(`--clock is ${CLOCKS.join(' or ')}`);
    const player = createBot(level as Level, clockOf(clock));
    const options = { timeMs, random, name: `hearts ${level}` };
    process.stdout.on('error', () => process.exit(0)); // the host went away
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
    for await (const line of lines) {
      const { reply, quit } = answerLine(player, line, options);
      if (reply !== null) process.stdout.write(reply + '\n');
      if (quit) break;
    }
    lines.close();
    process.stdin.destroy();
    return 0;
  },
};
