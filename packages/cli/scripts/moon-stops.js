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
 *
 * With several bots (`--bot expert,expert+readrun10`) the first plays the first time, and each plays the field's
 * moons again in turn from the same cards, the field's random numbers the same for each; no seer plays then. Each
 * line has one entry per bot (`bots`: whether the runner still shot, seat 0's points), and the last line sums it up
 * per bot, and for the first two how many moons only one of them let through and the mean difference of seat 0's
 * points (the second less the first) with its 95 % interval.
 *
 * `--why yes` (one bot): at each of the bot's play decisions with a choice when it plays again, the seer is
 * asked too (its card not played), and each line lists the decisions where the seer would play another card
 * (`why`: the trick, seat 0's hand, the trick so far, the points each seat has taken in the hand, the bot's card
 * and the seer's, and the seer's means for both: what not seeing the cards cost there by the seer's reckoning).
 */
import { createBot, createVariant, estimate, handAt, leader } from '@hearts/bots';
import { dealRandom, observation, parseCard, parseRules, seededRandom } from '@hearts/engine';
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

const USAGE = 'usage: moon-stops.js --field BOT --hands N [--seed S] [--bot expert|VARIANT[,…]] [--why yes]';

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

/** A trick so far as text: the seat that led, then the cards in order. */
const trickText = (trick) => (trick ? `${trick.leader}: ${trick.cards.join(' ')}` : '');

/**
 * The bot, and at each of its play decisions with a choice the seer's card as well (on the true hands of `now()`,
 * not played): the decisions where the two differ go to `out`.
 */
function asking(bot, seeing, now, out) {
  const share = bot.params.timeShare;
  return {
    level: bot.level,
    decide(obs, options) {
      const d = bot.decide(obs, options);
      if (obs.phase !== 'play' || obs.legal.length === 1) return d;
      const deadline = cpuClock() + Math.max(1, options.timeMs * share);
      const e = seeing.evaluate(obs, options.random, deadline, { world: worldOf(now()) });
      const best = e.options[leader(e)];
      if (best.card === d.card) return d;
      const mine = e.options.find((x) => x.card === d.card);
      out.push({
        trick: obs.tricks.length + 1,
        hand: obs.hand.join(' '),
        trickSoFar: trickText(obs.trick),
        handPoints: obs.handPoints,
        card: d.card,
        seerCard: best.card,
        seerMeans: [mine ? Math.round(mine.mean * 100) / 100 : null, Math.round(best.mean * 100) / 100],
      });
      return d;
    },
  };
}

async function main() {
  const o = parseHandArgs(process.argv.slice(2), USAGE, { why: 'no' });
  const rules = parseRules({});
  if (!rules.ok) throw new Error(rules.error.message);
  const make = (name) => (name === 'expert' ? createBot('expert', cpuClock) : createVariant(name, cpuClock));
  const names = o.bot.split(',');
  const bots = names.map((name) => {
    const bot = make(name);
    if (!bot || typeof bot.evaluate !== 'function')
      throw new UsageError(`${name}: --bot must be a search bot (expert or a variant)`);
    return bot;
  });
  if (!['yes', 'no'].includes(o.why) || (o.why === 'yes' && names.length > 1)) throw new UsageError(USAGE);
  let deciding = null;
  const seeing = names.length === 1 ? seer(make(names[0]), () => deciding) : null;
  const asker = o.why === 'yes' ? make(names[0]) : null; // the seer asked at each decision (--why)
  const field = fieldPlayer(o.field);
  const sum = { hands: 0, incidents: 0, moons: 0, againShot: 0, seerShot: 0, againPoints: 0, seerPoints: 0 };
  const per = bots.map(() => ({ shot: 0, points: 0 }));
  const pairs = { onlyFirst: 0, onlySecond: 0, diffs: [] };
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
    const first = await play(deal, bots[0], rngs('bot'), h);
    sum.hands++;
    const runner = shooterOf(first);
    if (runner <= 0) continue; // none, or seat 0's own
    sum.moons++;
    const after = afterPasses(deal, first, `hand ${h}`);
    const results = [];
    const why = [];
    for (const [b, bot] of bots.entries()) {
      const player = asker ? asking(bot, asker, () => deciding, why) : bot;
      const again = await play(after, player, rngs('again'), h);
      const r = { shot: shooterOf(again) === runner, points: again.scores[0] };
      per[b].shot += r.shot ? 1 : 0;
      per[b].points += r.points;
      results.push(r);
    }
    if (!seeing) {
      if (results[0].shot !== results[1].shot) pairs[results[0].shot ? 'onlyFirst' : 'onlySecond']++;
      pairs.diffs.push(results[1].points - results[0].points);
      const bs = results.map((r, b) => ({ bot: names[b], ...r }));
      process.stdout.write(JSON.stringify({ hand: h, runner, bots: bs }) + '\n');
      continue;
    }
    const seen = await play(after, seeing, rngs('again'), h);
    const line = {
      hand: h,
      runner,
      again: results[0],
      seer: { shot: shooterOf(seen) === runner, points: seen.scores[0] },
      ...(o.why === 'yes' ? { why } : {}),
    };
    sum.againShot += line.again.shot ? 1 : 0;
    sum.seerShot += line.seer.shot ? 1 : 0;
    sum.againPoints += line.again.points;
    sum.seerPoints += line.seer.points;
    process.stdout.write(JSON.stringify(line) + '\n');
  }
  await field.close();
  const mean = (x) => (sum.moons ? Math.round((x / sum.moons) * 100) / 100 : null);
  const round = (x) => Math.round(x * 100) / 100;
  if (!seeing) {
    const d = estimate(pairs.diffs);
    process.stdout.write(
      JSON.stringify({
        hands: sum.hands,
        incidents: sum.incidents,
        moonsOfTheField: sum.moons,
        bots: names.map((name, b) => ({ bot: name, shot: per[b].shot, meanPoints: mean(per[b].points) })),
        // Of the first two bots: moons only one of them let through; seat 0's points, the second less the first.
        onlyFirst: pairs.onlyFirst,
        onlySecond: pairs.onlySecond,
        difference:
          pairs.diffs.length >= 2 ? { mean: round(d.mean), ci95: [round(d.low), round(d.high)] } : null,
      }) + '\n',
    );
    return;
  }
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

await runScript('moon-stops', main);
