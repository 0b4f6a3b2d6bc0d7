#!/usr/bin/env node
/**
 * Whether the expert makes the moons a field shoots (#45; run outside the test suite, on the built packages):
 *
 *   node packages/cli/scripts/moon-shots.js --field "cmd:…" --hands 400 --seed 1 > shots.jsonl
 *
 * Plays standard hands (each the first hand of a game: passing left) with the field in every seat. For every hand
 * in which a seat shot the moon it plays the hand again from after the same passes, with the same cards, the bot
 * (`--bot`, default the expert; on the CPU clock) in the shooter's seat and the field in the others, and prints
 * one JSON line: the shooter's hand after the passes, whether the bot shot too, the points it took (the field's
 * shooter: 0), and at each of its play decisions with a choice the best mean of its normal plan and of its moon
 * plan (null: not weighed) and the plan it chose (and the bot's name). With several bots (`--bot expert,expert+runall`) each plays the
 * hand again in turn, with the same random numbers for the field, and the line has one such entry per bot
 * (`bots`); the last line sums it up per bot, and for the first two how many moons only one of them made. A
 * decision that fails (a program stuck) gets a random move and counts as an incident, as in the arena. The field's
 * own randomness is its own: two runs of a seed deal the same cards, not the same hands.
 *
 * `--from deal` plays each moon hand again from the deal instead, the bot passing for itself (the field passes
 * again too, with the same random numbers): how many of those moons the bot makes from the cards it was dealt
 * (each bot's entry also names the cards it passed).
 */
import { createBot, createVariant, handAt, leader } from '@hearts/bots';
import { dealRandom, makeCard, observation, parseRules, seededRandom } from '@hearts/engine';
import { cpuClock } from '../dist/clock.js';
import {
  afterPasses,
  fieldPlayer,
  parseHandArgs,
  playHand,
  runScript,
  shooterOf,
  UsageError,
} from './field-hands.js';

const USAGE =
  'usage: moon-shots.js --field BOT --hands N [--seed S] [--bot expert|VARIANT[,…]] [--from passes|deal]';

/**
 * The search bot as a player that also notes, at each play decision with a choice, what its search made of its
 * plans (`trace`); it plays the card the search chose.
 */
function tracing(bot, trace) {
  if (typeof bot.evaluate !== 'function')
    throw new UsageError('--bot must be a search bot (expert or a variant)');
  const share = bot.params.timeShare;
  return {
    level: bot.level,
    decide(obs, options) {
      if (obs.phase !== 'play' || obs.legal.length === 1) return bot.decide(obs, options);
      const e = bot.evaluate(obs, options.random, cpuClock() + Math.max(1, options.timeMs * share));
      const best = { normal: Infinity, shoot: Infinity };
      for (const o of e.options) best[o.plan] = Math.min(best[o.plan], o.mean);
      const pick = e.options[leader(e)];
      const round = (x) => (Number.isFinite(x) ? Math.round(x * 100) / 100 : null);
      trace.push({
        trick: 14 - obs.hand.length,
        normal: round(best.normal),
        shoot: round(best.shoot),
        plan: pick.plan,
        card: pick.card,
      });
      return { kind: 'play', card: pick.card };
    },
  };
}

async function main() {
  const o = parseHandArgs(process.argv.slice(2), USAGE, { from: 'passes' });
  if (o.from !== 'passes' && o.from !== 'deal') throw new UsageError(USAGE);
  const rules = parseRules({});
  if (!rules.ok) throw new Error(rules.error.message);
  const trace = [];
  const bots = o.bot.split(',').map((name) => {
    const search = name === 'expert' ? createBot('expert', cpuClock) : createVariant(name, cpuClock);
    if (!search) throw new UsageError(`${name}: --bot must be a search bot (expert or a variant)`);
    return { name, player: tracing(search, trace) };
  });
  const field = fieldPlayer(o.field);
  const sum = { hands: 0, incidents: 0, moons: 0, onlyFirst: 0, onlySecond: 0 };
  const per = bots.map(() => ({ shot: 0, points: 0, weighed: 0, chosen: 0 }));
  const play = (state, players, rngs, h) =>
    playHand(state, players, rngs, (seat, message) => {
      sum.incidents++;
      process.stderr.write(`hand ${h}, seat ${seat}: ${message}\n`);
    });
  for (let h = 0; h < o.hands; h++) {
    const deal = dealRandom(handAt(rules.value, 0, [0, 0, 0, 0]), seededRandom(`${o.seed}:deal:${h}`));
    const rngs = (tag) => [0, 1, 2, 3].map((s) => seededRandom(`${o.seed}:${tag}:${h}:${s}`));
    const first = await play(deal, [field, field, field, field], rngs('field'), h);
    sum.hands++;
    const shooter = shooterOf(first);
    if (shooter < 0) continue;
    sum.moons++;
    // The same cards after the same passes (or the same deal), the bot in the shooter's seat.
    const passed = afterPasses(deal, first, `hand ${h}`);
    const cards = observation(passed, shooter).hand.join(' ');
    const after = o.from === 'deal' ? deal : passed;
    const results = [];
    for (const [b, { name, player }] of bots.entries()) {
      trace.length = 0;
      const players = [0, 1, 2, 3].map((s) => (s === shooter ? player : field));
      const again = await play(after, players, rngs('again'), h);
      const shot = shooterOf(again) === shooter;
      const points = again.scores[shooter];
      per[b].shot += shot ? 1 : 0;
      per[b].points += points;
      if (trace.some((t) => t.shoot !== null)) per[b].weighed++;
      if (trace.some((t) => t.plan === 'shoot')) per[b].chosen++;
      const own =
        o.from === 'deal'
          ? { passed: again.log[again.log.length - 1].passes[shooter].toArray().map(makeCard) }
          : {};
      results.push({ bot: name, botShot: shot, botPoints: points, ...own, trace: [...trace] });
    }
    if (results.length >= 2 && results[0].botShot !== results[1].botShot) {
      if (results[0].botShot) sum.onlyFirst++;
      else sum.onlySecond++;
    }
    const line = { hand: h, seat: shooter, cards };
    process.stdout.write(
      JSON.stringify(results.length === 1 ? { ...line, ...results[0] } : { ...line, bots: results }) + '\n',
    );
  }
  await field.close();
  const round = (x) => Math.round(x * 100) / 100;
  const summary = bots.map(({ name }, b) => ({
    bot: name,
    botShot: per[b].shot,
    // The bot's mean points in those hands (the field's shooter took 0), and in how many it weighed its moon plan
    // at some decision and chose it at some decision.
    botMeanPoints: sum.moons ? round(per[b].points / sum.moons) : null,
    weighedTheMoon: per[b].weighed,
    choseTheMoon: per[b].chosen,
  }));
  const head = { hands: sum.hands, incidents: sum.incidents, moonsOfTheField: sum.moons };
  process.stdout.write(
    JSON.stringify(
      bots.length === 1
        ? { ...head, ...summary[0] }
        : { ...head, bots: summary, onlyTheFirstShot: sum.onlyFirst, onlyTheSecondShot: sum.onlySecond },
    ) + '\n',
  );
}

await runScript('moon-shots', main);
