/**
 * The arena's players from their specs: a level name (`random`, `easy`, `medium`, `hard`, `expert`) is one of
 * our bots, a variant's name (`expert+value`; `@hearts/bots`' variants.ts) one of their variants, with `@ms` its
 * own time budget (`expert@500`), `cmd:<shell command>` an external program speaking hearts-bot/1.
 *
 * ```ts
 * const { players, close } = makePlayers(['medium', 'cmd:node examples/random-bot.mjs'], ['medium', 'random-bot']);
 * ```
 */
import {
  LEVELS,
  VARIANT_HELP,
  createBot,
  createVariant,
  isVariant,
  parseBotSpec,
  type ArenaPlayer,
  type Level,
} from '@hearts/bots';
import { clockOf, type ClockName } from './clock.js';
import { ExternalBot, type ExternalBotOptions } from './external-bot.js';

/** Checks a bot spec; returns why it is wrong, or null. */
export function specProblem(spec: string): string | null {
  if (spec.startsWith('cmd:')) return spec.slice(4).trim() === '' ? 'cmd: needs a command' : null;
  let level: string;
  try {
    level = parseBotSpec(spec).bot;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return (LEVELS as readonly string[]).includes(level) || isVariant(level)
    ? null
    : `unknown bot "${spec}" (use ${LEVELS.join(', ')}, ${VARIANT_HELP}, a level@ms such as expert@500, or cmd:<shell command>)`;
}

export function makePlayers(
  specs: readonly string[],
  labels: readonly string[],
  external: ExternalBotOptions = {},
  clock: ClockName = 'wall',
): { players: ArenaPlayer[]; close: () => Promise<void> } {
  const externals: ExternalBot[] = [];
  const players = specs.map((spec, i): ArenaPlayer => {
    if (spec.startsWith('cmd:')) {
      const bot = new ExternalBot(spec.slice(4), labels[i]!, external);
      externals.push(bot);
      return bot;
    }
    const name = parseBotSpec(spec).bot;
    const bot = createVariant(name, clockOf(clock)) ?? createBot(name as Level, clockOf(clock));
    return { name: labels[i]!, decide: (obs, options) => bot.decide(obs, options) };
  });
  return { players, close: async () => void (await Promise.all(externals.map((b) => b.close()))) };
}
