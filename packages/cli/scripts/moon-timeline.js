#!/usr/bin/env node
/**
 * When a field's moons show (#45; run outside the test suite, on the built packages):
 *
 *   node packages/cli/scripts/moon-timeline.js --field "cmd:…" --hands 200 --seed 1 > timeline.jsonl
 *
 * Plays standard hands (each the first hand of a game: passing left) with the expert in seat 0 (`--bot`, on the CPU
 * clock) and the field in seats 1–3, as `hearts arena --field` seats them, and for every hand in which a seat of the
 * field shot the moon or came within one to three moon cards of it (a near moon: the arena's definition) prints one
 * JSON line: who ran, whether the bot in seat 0 broke it, and after which trick (1–13) the runner was first the one
 * seat holding moon cards at all, with at least 10 % of the moon, and with 30 % (the expert's own suspicion,
 * `suspectedShooter`); 0 where it never was (a near moon's stopper may have taken its card first). The last line
 * sums the hands up, the tricks for the moons shot. A decision that fails (a program stuck) gets a random move and
 * counts as an incident, as in the arena. The deals are the seed's alone, so two
 * runs of the same seed and bot deal the same cards.
 */
import { handAt, nearMoon } from '@hearts/bots';
import {
  compiledRules,
  dealRandom,
  handTricks,
  moonCardsOf,
  parseCard,
  parseRules,
  seededRandom,
} from '@hearts/engine';
import { fieldPlayer, parseHandArgs, playHand, runScript, scriptPlayer } from './field-hands.js';

const USAGE = 'usage: moon-timeline.js --field BOT --hands N [--seed S] [--bot BOT]';

/**
 * After which complete trick `seat` was first the one seat holding moon cards with at least `least` of their points
 * (0: never), from the hand's tricks (`winners`, `cards` per trick).
 */
function firstSole(tricks, seat, least, cardPoints, moonSet) {
  const pts = [0, 0, 0, 0];
  for (let t = 0; t < tricks.length; t++) {
    for (const c of tricks[t].cards) if (moonSet.has(c)) pts[tricks[t].winner] += Math.max(0, cardPoints[c]);
    const sole = pts.every((p, s) => s === seat || p === 0);
    if (sole && pts[seat] > 0 && pts[seat] >= least) return t + 1;
  }
  return 0;
}

async function main() {
  const o = parseHandArgs(process.argv.slice(2), USAGE);
  const rules = parseRules({});
  if (!rules.ok) throw new Error(rules.error.message);
  const cfg = compiledRules(rules.value);
  const moonSet = moonCardsOf(cfg);
  const bot = scriptPlayer(o.bot, '--bot', 'cpu');
  const field = fieldPlayer(o.field);
  const sum = { hands: 0, incidents: 0, moons: 0, near: 0, broken: 0, solePoint: [], sole10: [], sole30: [] };
  for (let h = 0; h < o.hands; h++) {
    let state = dealRandom(handAt(rules.value, 0, [0, 0, 0, 0]), seededRandom(`${o.seed}:deal:${h}`));
    const rngs = [0, 1, 2, 3].map((s) => seededRandom(`${o.seed}:bot:${h}:${s}`));
    // As the arena plays them: a failed decision (a program stuck, say) is an incident and gets a random move.
    state = await playHand(state, [bot, field, field, field], rngs, (seat, message) => {
      sum.incidents++;
      process.stderr.write(`hand ${h}, seat ${seat}: ${message}\n`);
    });
    sum.hands++;
    const tricks = handTricks(state, state.log.length - 1).map((t) => ({
      winner: t.winner,
      cards: t.cards.map((c) => parseCard(c)),
    }));
    const taken = [0, 0, 0, 0];
    for (const t of tricks) for (const c of t.cards) if (moonSet.has(c)) taken[t.winner]++;
    const total = taken.reduce((a, b) => a + b, 0);
    const shot = taken.some((k) => k === total);
    const runner = shot ? taken.indexOf(total) : (nearMoon({ moonCards: taken })?.shooter ?? -1);
    if (runner <= 0) continue; // none, or seat 0's own
    if (shot) sum.moons++;
    else sum.near++;
    const brokenBySeat0 = !shot && taken[0] > 0;
    if (brokenBySeat0) sum.broken++;
    const at = (least) => firstSole(tricks, runner, least, cfg.cardPoints, moonSet);
    const line = {
      hand: h,
      runner,
      shot,
      brokenBySeat0,
      solePoint: at(1),
      sole10: at(cfg.moonValue * 0.1),
      sole30: at(cfg.moonValue * 0.3),
    };
    if (shot) for (const k of ['solePoint', 'sole10', 'sole30']) sum[k].push(line[k]);
    process.stdout.write(JSON.stringify(line) + '\n');
  }
  await Promise.all([bot.close(), field.close()]);
  const median = (xs) => {
    const v = xs.filter((x) => x > 0).sort((a, b) => a - b);
    return v.length ? v[Math.floor(v.length / 2)] : null;
  };
  process.stdout.write(
    JSON.stringify({
      hands: sum.hands,
      incidents: sum.incidents,
      moonsOfTheField: sum.moons,
      nearMoons: sum.near,
      brokenBySeat0: sum.broken,
      // Of the moons shot: after which trick the runner showed (0: never), each moon's and their median.
      shown: { solePoint: sum.solePoint, sole10: sum.sole10, sole30: sum.sole30 },
      medianTrick: {
        solePoint: median(sum.solePoint),
        sole10: median(sum.sole10),
        sole30: median(sum.sole30),
      },
    }) + '\n',
  );
}

await runScript('moon-timeline', main);
