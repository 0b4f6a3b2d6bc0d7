#!/usr/bin/env node
/**
 * Whether the moons a field shoots against the expert could be stopped by seeing the cards (#45; run outside the
 * test suite, on the built packages):
 *
 *   node packages/cli/scripts/moon-stops.js --field "cmd:…" --hands 200 --seed 1 > stops.jsonl
 *
 * Plays standard hands (each the first hand of a game: passing left) with the bot (`--bot`, default the expert; on
 * the CPU clock) in seat 0 and the field in seats 1–3, as `hearts arena --field` seats them. For every hand in
 * which a seat of the field shot the moon it plays the hand twice more from after the same passes (the same
 * cards), the field's random numbers the same in both: once with the bot again in seat 0, once with a seer, the
 * same bot whose play decisions are played out on the true hands instead of sampled ones. It prints one JSON line
 * per such hand: the runner, and for the bot again and for the seer whether the runner still shot and seat 0's
 * points. The last line sums it up: of the field's moons, how many went through again with the bot and with the
 * seer. Where the seer stops a moon the bot lets through, the bot lacked what the cards would have told it; where
 * the seer lets it through too, its playouts found no stop worth the points even with every card seen. A decision
 * that fails (a program stuck) gets a random move and counts as an incident, as in the arena.
 */
import { createBot, createVariant, handAt, leader } from '@hearts/bots';
import { dealRandom, observation, parseCard, parseRules, seededRandom } from '@hearts/engine';
import { cpuClock } from '../dist/clock.js';
import { afterPasses, fieldPlayer, parseHandArgs, playHand, shooterOf } from './field-hands.js';

const USAGE = 'usage: moon-stops.js --field BOT --hands N [--seed S] [--bot expert|VARIANT]';

/** Every seat's cards now, seat × suit masks (the search's deal layout). */
function worldOf(state) {
  const world = new Uint16Array(16);
  for (let s = 0; s < 4; s++)
    for (const name of observation(state, s).hand) {
      const c = parseCard(name);
      world[s * 4 + Math.floor(c / 13)] |= 1 << (c % 13);
    }
  return world;
}

/** The search bot, its play decisions played out on the true hands of `now()` (the state it decides in). */
function seer(bot, now) {
  const share = bot.params.timeShare;
  return {
    level: bot.level,
    decide(obs, options) {
      if (obs.phase !== 'play' || obs.legal.length === 1) return bot.decide(obs, options);
      const deadline = cpuClock() + Math.max(1, options.timeMs * share);
      const e = bot.evaluate(obs, options.random, deadline, { world: worldOf(now()) });
      return { kind: 'play', card: e.options[leader(e)].card };
    },
  };
}

async function main() {
  const o = parseHandArgs(process.argv.slice(2), USAGE);
  const rules = parseRules({});
  if (!rules.ok) throw new Error(rules.error.message);
  const make = () => (o.bot === 'expert' ? createBot('expert', cpuClock) : createVariant(o.bot, cpuClock));
  const bot = make();
  if (!bot || typeof bot.evaluate !== 'function')
    throw new Error('--bot must be a search bot (expert or a variant)');
  let deciding = null;
  const seeing = seer(make(), () => deciding);
  const field = fieldPlayer(o.field);
  const sum = { hands: 0, incidents: 0, moons: 0, againShot: 0, seerShot: 0, againPoints: 0, seerPoints: 0 };
  const play = (state, seat0, rngs, h) =>
    playHand(
      state,
      [seat0, field, field, field],
      rngs,
      (seat, message) => {
        sum.incidents++;
        process.stderr.write(`hand ${h}, seat ${seat}: ${message}\n`);
      },
      (now) => (deciding = now),
    );
  for (let h = 0; h < o.hands; h++) {
    const deal = dealRandom(handAt(rules.value, 0, [0, 0, 0, 0]), seededRandom(`${o.seed}:deal:${h}`));
    const rngs = (tag) => [0, 1, 2, 3].map((s) => seededRandom(`${o.seed}:${tag}:${h}:${s}`));
    const first = await play(deal, bot, rngs('bot'), h);
    sum.hands++;
    const runner = shooterOf(first);
    if (runner <= 0) continue; // none, or seat 0's own
    sum.moons++;
    const after = afterPasses(deal, first, `hand ${h}`);
    const again = await play(after, bot, rngs('again'), h);
    const seen = await play(after, seeing, rngs('again'), h);
    const line = {
      hand: h,
      runner,
      again: { shot: shooterOf(again) === runner, points: again.scores[0] },
      seer: { shot: shooterOf(seen) === runner, points: seen.scores[0] },
    };
    sum.againShot += line.again.shot ? 1 : 0;
    sum.seerShot += line.seer.shot ? 1 : 0;
    sum.againPoints += line.again.points;
    sum.seerPoints += line.seer.points;
    process.stdout.write(JSON.stringify(line) + '\n');
  }
  await field.close?.();
  const mean = (x) => (sum.moons ? Math.round((x / sum.moons) * 100) / 100 : null);
  process.stdout.write(
    JSON.stringify({
      hands: sum.hands,
      incidents: sum.incidents,
      moonsOfTheField: sum.moons,
      // Of those moons, played again from the same cards: how many went through, and seat 0's mean points.
      again: { shot: sum.againShot, meanPoints: mean(sum.againPoints) },
      seer: { shot: sum.seerShot, meanPoints: mean(sum.seerPoints) },
    }) + '\n',
  );
}

await main();
