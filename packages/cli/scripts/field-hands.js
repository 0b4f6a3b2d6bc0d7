/**
 * What the scripts that play hands against a field share (moon-timeline.js, moon-shots.js): their options and the
 * field's player.
 */
import { createBot } from '@hearts/bots';
import { ExternalBot } from '../dist/external-bot.js';

/**
 * `--field BOT --hands N [--seed S] [--bot B]` (the bot defaults to the expert), and a script's own string options
 * with their defaults (`extra`, e.g. `{ from: 'passes' }` for `--from`); anything else throws `usage`.
 */
export function parseHandArgs(argv, usage, extra = {}) {
  const o = { field: null, hands: 0, seed: 1, bot: 'expert', ...extra };
  for (let i = 0; i < argv.length; i += 2) {
    const [k, v] = [argv[i], argv[i + 1]];
    if (v === undefined) throw new Error(usage);
    if (k === '--field') o.field = v;
    else if (k === '--hands') o.hands = Number(v);
    else if (k === '--seed') o.seed = Number(v);
    else if (k === '--bot') o.bot = v;
    else if (k.startsWith('--') && Object.hasOwn(extra, k.slice(2))) o[k.slice(2)] = v;
    else throw new Error(usage);
  }
  if (!o.field || !(o.hands > 0)) throw new Error(usage);
  return o;
}

/** A field player: one of our levels, or an external program over hearts-bot/1 (one process for its seats). */
export function fieldPlayer(spec) {
  if (spec.startsWith('cmd:')) return new ExternalBot(spec.slice(4), 'field', { graceMs: 120_000 });
  return createBot(spec);
}
