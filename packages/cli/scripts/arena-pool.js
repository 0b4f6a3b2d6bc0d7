#!/usr/bin/env node
/**
 * Pools several `hearts arena --json` reports of one run (the same bots and field, other seeds) into one, as
 * docs/performance.md reports them: each arena's 95 % interval gives back its per-deal standard deviation, and the
 * pooled variance adds the spread of the arenas' means (exact for the per-deal samples the arenas averaged); moon,
 * Q♠ and game counts are summed, the moons also per 1,000 seat-hands.
 *
 *   node packages/cli/scripts/arena-pool.js s11.json s12.json …        # a table
 *   node packages/cli/scripts/arena-pool.js --json s11.json s12.json …  # one line of JSON
 */
import { readFileSync } from 'node:fs';
import { tQuantile975 } from '@hearts/bots';

const args = process.argv.slice(2);
const json = args.includes('--json');
const files = args.filter((a) => a !== '--json');
if (files.length === 0) {
  process.stderr.write('usage: arena-pool.js [--json] REPORT.json…\n');
  process.exit(2);
}

/** The last line of a file that is a JSON object (the arena prints its report as one line). */
function report(file) {
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i].trim();
    if (!line.startsWith('{')) continue;
    const r = JSON.parse(line);
    if (!(r.deals > 0) || !Array.isArray(r.results) || !Array.isArray(r.differences))
      throw new Error(`${file}: not an arena report (deals, results, differences)`);
    return r;
  }
  throw new Error(`${file}: no arena report in it`); // caught below: one line, exit 2
}

/** A reason in one line, and exit code 2: a file that is not a report, or reports of other bots. */
function fail(message) {
  process.stderr.write(`arena-pool: ${message}\n`);
  process.exit(2);
}

let reports;
try {
  reports = files.map(report);
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
const deals = reports.map((r) => r.deals);
const total = deals.reduce((a, b) => a + b, 0);

/** Pools per-arena estimates {mean, low, high} of per-deal samples into one estimate over every deal. */
function pool(estimates) {
  const mean = estimates.reduce((a, e, i) => a + e.mean * deals[i], 0) / total;
  let ss = 0;
  estimates.forEach((e, i) => {
    const n = deals[i];
    const sd = ((e.high - e.low) / 2 / tQuantile975(n - 1)) * Math.sqrt(n);
    ss += (n - 1) * sd * sd + n * (e.mean - mean) ** 2;
  });
  const half = tQuantile975(total - 1) * Math.sqrt(ss / (total - 1) / total);
  return { mean, low: mean - half, high: mean + half };
}

const names = reports[0].results.map((r) => r.bot);
for (const r of reports)
  if (r.results?.map((x) => x.bot).join() !== names.join()) fail('the reports are not of the same bots');
const sum = (bot, key) => reports.reduce((a, r) => a + r.results.find((x) => x.bot === bot)[key], 0);
const bots = names.map((bot) => {
  const seatHands = sum(bot, 'seatHands');
  const moons = {};
  for (const k of ['Shot', 'Suffered', 'Stopped', 'Failed']) moons[k.toLowerCase()] = sum(bot, `moons${k}`);
  const per1000 = Object.fromEntries(Object.entries(moons).map(([k, v]) => [k, (v * 1000) / seatHands]));
  return {
    bot,
    seatHands,
    points: pool(reports.map((r) => r.results.find((x) => x.bot === bot).points)),
    moons,
    moonsPer1000: per1000,
    queenTaken: sum(bot, 'queenTaken'),
    games: sum(bot, 'games'),
    wins: sum(bot, 'wins'),
  };
});
const differences = reports[0].differences.map((d) => ({
  a: d.a,
  b: d.b,
  points: pool(reports.map((r) => r.differences.find((x) => x.a === d.a && x.b === d.b).points)),
  perArena: reports.map((r) => r.differences.find((x) => x.a === d.a && x.b === d.b).points.mean),
}));
const incidents = reports.reduce((a, r) => a + r.incidents, 0);

if (json) {
  process.stdout.write(
    JSON.stringify({ arenas: reports.length, deals: total, bots, differences, incidents }) + '\n',
  );
} else {
  const f = (x, d = 2) => x.toFixed(d);
  console.log(`${reports.length} arenas, ${total} deals, ${incidents} incidents`);
  for (const b of bots) {
    const m = b.moons;
    const p = b.moonsPer1000;
    console.log(
      `${b.bot}: ${f(b.points.mean, 3)} points/hand (${f(b.points.low)} … ${f(b.points.high)}); moons shot ${m.shot} (${f(p.shot, 1)}‰), suffered ${m.suffered} (${f(p.suffered, 1)}‰), stopped ${m.stopped} (${f(p.stopped, 1)}‰), failed ${m.failed} (${f(p.failed, 1)}‰); Q♠ ${b.queenTaken} (${f((100 * b.queenTaken) / b.seatHands, 1)}%); ${f((100 * b.wins) / b.games, 1)}% of ${b.games} games`,
    );
  }
  for (const d of differences)
    console.log(
      `${d.a} − ${d.b}: ${f(d.points.mean, 3)} (${f(d.points.low)} … ${f(d.points.high)}); per arena ${d.perArena.map((x) => f(x)).join(' ')}`,
    );
}
