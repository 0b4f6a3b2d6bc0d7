#!/usr/bin/env node
/**
 * The analysis figures of docs/performance.md (run outside the test suite, on the built packages):
 *
 *   node packages/cli/scripts/analysis-figures.js games --count 8 --out /tmp/games   # expert self-play records
 *   node packages/cli/scripts/analysis-figures.js planted /tmp/games                  # planted blunders found
 *   node packages/cli/scripts/analysis-figures.js noise /tmp/games --seats 0,2        # flips, expert blunders, time
 *     (--pairs FILE writes each unforced decision's two costs, to weigh other thresholds against the same runs)
 *   node packages/cli/scripts/analysis-figures.js redo PAIRS --out FILE                # PAIRS again, only where it matters
 *     (re-analyses with both seeds every decision of a --pairs file whose cost reached --from (default 0.75) in
 *     either run (a decision below it is taken as unmarked in both), and counts the flips over the whole file, the other decisions as they were: what a change of
 *     the stopping rule or the caps does, without analysing the far-off decisions again)
 *   node packages/cli/scripts/analysis-figures.js steps /tmp/games                    # what each step of the method gains
 *     (seat 0 of each game, seed 1, on this thread: CPU seconds and deals per game with every step, and with each
 *     step off in turn: the exact endgame, rejection control, early drops, early settling, stopping hanging marks,
 *     and the caps of before)
 *   node packages/cli/scripts/analysis-figures.js eta /tmp/games --workers 2            # the time left shown against the real
 *     (seat 0 of each game on worker threads as `hearts analyze` runs it: at each decision reported, the time left
 *     the run estimated and the time it then took; per game the ratio at a quarter, half and three quarters of the
 *     decisions, and the largest and smallest ratio while more than half a second was left)
 *   node packages/cli/scripts/analysis-figures.js fixture --out FILE                  # one hand with a planted blunder
 *
 * Options: --level (the self-play bot, default expert), --time-ms (its budget per decision, default 40), --seeds a,b (the two analysis
 * seeds, default 1,2), --max-samples / --min-samples / --pass-samples (the analysis budget).
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  analyzeDecision,
  analyzeGame,
  createBot,
  gameDecisions,
  markOf,
  MARK_THRESHOLDS,
} from '@hearts/bots';
import {
  applyMove,
  deal,
  dealRandom,
  makeCard,
  makeRecord,
  newGame,
  observation,
  parseCard,
  parseNamedMove,
  replayRecord,
  seatsToAct,
  seededRandom,
  toPlay,
} from '@hearts/engine';
import { startAnalysisThreads } from '../dist/analysis-threads.js';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const num = (name, fallback) => (opt(name) === undefined ? fallback : Number(opt(name)));
const budget = {
  minSamples: num('min-samples', undefined),
  maxSamples: num('max-samples', undefined),
  minPassSamples: num('min-pass-samples', undefined),
  maxPassSamples: num('max-pass-samples', undefined),
};
const [command, dir] = args;
const log = (...xs) => process.stderr.write(xs.join(' ') + '\n');

/** Plays a whole game with the given bot in every seat from `state`; returns the finished state. */
function playOut(state, bot, rng, timeMs, stopAfterHand = Infinity) {
  let g = state;
  const hand = g.handNumber;
  while (g.phase !== 'gameOver') {
    if (g.phase === 'deal') {
      if (g.handNumber > hand + stopAfterHand - 1 || g.results.length > hand + stopAfterHand - 1) break;
      g = dealRandom(g, rng);
      continue;
    }
    const seat = seatsToAct(g)[0];
    const d = bot.decide(observation(g, seat), { timeMs, random: rng });
    const r = applyMove(g, seat, parseNamedMove(d).value);
    if (!r.ok) throw new Error(r.error.message);
    g = r.value;
  }
  return g;
}

function games() {
  const count = num('count', 8);
  const out = opt('out', '/tmp/analysis-games');
  const timeMs = num('time-ms', 40);
  mkdirSync(out, { recursive: true });
  const level = opt('level', 'expert');
  const bot = createBot(level);
  const from = num('from', 1);
  for (let i = from; i < from + count; i++) {
    const t0 = Date.now();
    const rng = seededRandom(`selfplay:${i}`);
    const g = playOut(newGame({ targetScore: 100 }).value, bot, rng, timeMs);
    const record = makeRecord(g, [level, level, level, level]);
    writeFileSync(join(out, `game-${i}.json`), JSON.stringify(record) + '\n');
    log(`game ${i}: ${g.results.length} hands, scores ${g.scores.join(' ')}, ${(Date.now() - t0) / 1000} s`);
  }
}

const files = (d) =>
  readdirSync(d)
    .filter((f) => f.endsWith('.json'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((f) => join(d, f));

const QS = parseCard('QS');
const suit = (c) => Math.floor(c / 13);

/**
 * Blunders planted by construction, only where no single seat holds every point taken so far (nobody has taken
 * any, or at least two seats have: nobody is on the way to a moon that taking or giving the Q♠ would stop or make):
 *  - eat-queen: the seat plays last to a trick that holds the Q♠, could follow under the winning card, and takes
 *    the trick with its highest card of the suit instead (13 points or more, certain);
 *  - queen-on-self: spades led, the seat plays last, the trick is won by a spade below the Q♠, and the seat
 *    holds the Q♠ and a lower spade: it wins the trick with the Q♠ instead of ducking (13 points, certain);
 *  - keep-queen: the seat is void in the suit led, holds the Q♠ with no lower spade, another seat wins the trick,
 *    the A♠ or K♠ is still out and not one it passed; it discards its highest club or diamond (else a heart)
 *    instead of the Q♠;
 *  - keep-queen-guarded: the same with a lower spade or more in hand. Not bad by construction (the seat may
 *    well throw the Q♠ later, or never be forced to play it); reported apart, outside the share found.
 */
function plantAt(obs) {
  if (obs.phase !== 'play' || !obs.trick || obs.trick.cards.length === 0) return null;
  const takers = obs.handPoints.filter((p) => p !== 0).length;
  if (takers === 1) return null;
  const legal = obs.legal.map(parseCard);
  const cards = obs.trick.cards.map(parseCard);
  const led = suit(cards[0]);
  let win = 0;
  for (let i = 1; i < cards.length; i++) if (suit(cards[i]) === led && cards[i] > cards[win]) win = i;
  const winner = cards[win];
  const hand = obs.hand.map(parseCard);
  const void_ = !hand.some((c) => suit(c) === led);
  const last = cards.length === obs.players - 1;
  const played = [...obs.tricks.flatMap((t) => t.cards), ...obs.trick.cards].map(parseCard);
  const passed = (obs.passed ?? []).map(parseCard);
  const out = (c) => !hand.includes(c) && !played.includes(c) && !passed.includes(c);
  if (!void_ && last && cards.includes(QS)) {
    const under = legal.filter((c) => c < winner);
    const over = legal.filter((c) => c > winner).sort((a, b) => b - a);
    if (under.length && over.length) return { kind: 'eat-queen', card: over[0] };
  }
  if (!void_ && last && led === 2 && winner < QS && legal.includes(QS) && legal.some((c) => c < winner))
    return { kind: 'queen-on-self', card: QS };
  const guards = hand.filter((c) => suit(c) === 2 && c < QS).length;
  if (void_ && legal.includes(QS) && (out(QS + 1) || out(QS + 2))) {
    const other =
      legal.filter((c) => suit(c) < 2).sort((a, b) => b - a)[0] ??
      legal.filter((c) => suit(c) === 3).sort((a, b) => a - b)[0];
    if (other === undefined) return null;
    return { kind: guards === 0 ? 'keep-queen' : 'keep-queen-guarded', card: other };
  }
  return null;
}

async function planted() {
  const timeMs = num('time-ms', 40);
  const bot = createBot('expert');
  const rows = [];
  for (const [gi, file] of files(dir).entries()) {
    const record = JSON.parse(readFileSync(file, 'utf8'));
    const g = replayRecord(record).value;
    // Walk the game; at each plant point, replace the play, finish the hand by the expert and analyse the plant.
    const n = g.rules.players;
    let state = newGame(g.rules).value;
    for (const [h, hl] of g.state.log.entries()) {
      let s = dealFrom(state, hl);
      if (hl.passes && hl.passes.every((p) => p !== null))
        for (let seat = 0; seat < n; seat++)
          s = applyMove(s, seat, { kind: 'pass', cards: hl.passes[seat].toArray() }).value;
      for (const [i, card] of hl.plays.entries()) {
        const seat = toPlay(s);
        const plant = plantAt(observation(s, seat));
        if (plant && plant.card !== card) {
          const planted = { hand: h, step: i, seat, kind: plant.kind, card: plant.card };
          let p = applyMove(s, seat, { kind: 'play', card: plant.card }).value;
          p = playOut(p, bot, seededRandom(`plant:${gi}:${h}:${i}`), timeMs, 1);
          const rec = makeRecord(p, record.players);
          const point = gameDecisions(rec, [seat]).value.find((d) => d.hand === h && d.step === i);
          const a = analyzeDecision(point, { seed: 1, ...budget });
          rows.push({ ...planted, file, cost: a.cost, mark: a.mark, best: a.best });
          log(
            `${file} hand ${h} step ${i}: ${plant.kind} ${a.played} (best ${a.best}) cost ${a.cost} ${a.mark}`,
          );
        }
        s = applyMove(s, seat, { kind: 'play', card }).value;
      }
      // Go on from the recorded hand.
      state = finishRecorded(state, hl, n);
    }
  }
  const clear = rows.filter((r) => r.kind !== 'keep-queen-guarded');
  const found = clear.filter((r) => r.mark === 'mistake' || r.mark === 'blunder').length;
  const byKind = {};
  for (const r of rows) {
    byKind[r.kind] ??= { planted: 0, found: 0, blunders: 0 };
    byKind[r.kind].planted++;
    if (r.mark === 'mistake' || r.mark === 'blunder') byKind[r.kind].found++;
    if (r.mark === 'blunder') byKind[r.kind].blunders++;
  }
  const costs = clear.map((r) => r.cost).sort((a, b) => a - b);
  process.stdout.write(
    JSON.stringify({
      planted: clear.length,
      markedMistakeOrBlunder: found,
      share: clear.length ? found / clear.length : null,
      byKind,
      medianCost: costs[Math.floor(costs.length / 2)] ?? null,
      missed: clear.filter((r) => r.mark !== 'mistake' && r.mark !== 'blunder'),
    }) + '\n',
  );
}

/** Deals a recorded hand's cards. */
function dealFrom(state, hl) {
  const r = deal(state, hl.deal, hl.sevenSuit);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Replays one recorded hand (passes, plays, moon choice) on `state`. */
function finishRecorded(state, hl, n) {
  let s = dealFrom(state, hl);
  if (hl.passes && hl.passes.every((p) => p !== null))
    for (let seat = 0; seat < n; seat++)
      s = applyMove(s, seat, { kind: 'pass', cards: hl.passes[seat].toArray() }).value;
  for (const card of hl.plays) s = applyMove(s, toPlay(s), { kind: 'play', card }).value;
  if (s.phase === 'moon') s = applyMove(s, s.moonShooter, { kind: 'moon', choice: hl.moonChoice }).value;
  return s;
}

/** Each step's gain: the same games analysed with every step, then with each step off in turn. */
async function steps() {
  const configs = [
    ['every step (the defaults)', {}],
    ['without the exact endgame', { steps: { exact: false } }],
    ['without rejection control', { steps: { rejection: false } }],
    ['without early drops', { steps: { earlyDrops: false } }],
    ['without the early settling (8 standard errors from half the floor)', { steps: { earlySettle: false } }],
    ['without stopping a mark that hangs on a threshold', { steps: { hanging: false } }],
    ['the caps of before: 320,000 / 144,000', { maxSamples: 320000, maxPassSamples: 144000 }],
  ];
  const records = files(dir).map((f) => JSON.parse(readFileSync(f, 'utf8')));
  for (const [name, config] of configs) {
    let cpu = 0;
    let deals = 0;
    let marked = 0;
    for (const record of records) {
      const c0 = process.cpuUsage();
      const r = await analyzeGame(record, { seats: [0], seed: 1, ...budget, ...config });
      const c = process.cpuUsage(c0);
      cpu += (c.user + c.system) / 1e6;
      for (const d of r.value.decisions) {
        deals += d.samples;
        if (d.mark) marked++;
      }
    }
    const n = records.length;
    console.log(
      `${name}: ${(cpu / n).toFixed(1)} s CPU and ${Math.round(deals / n)} deals per game, ${marked} marked decisions in ${n} games`,
    );
  }
}

async function noise() {
  const pairsOut = opt('pairs'); // a file for each unforced decision's two costs (JSON lines)
  const seats = opt('seats', '0').split(',').map(Number);
  const [seedA, seedB] = opt('seeds', '1,2').split(',');
  let marked = 0;
  let flips = 0;
  let plainMarked = 0; // the same with the mark of the cost itself, for comparison
  let plainFlips = 0;
  let decisions = 0;
  let blundersA = 0;
  let games = 0;
  const times = [];
  const cpu = [];
  const diffs = [];
  const counts = { inaccuracy: 0, mistake: 0, blunder: 0 };
  for (const file of files(dir)) {
    const record = JSON.parse(readFileSync(file, 'utf8'));
    const runs = [];
    for (const seed of [seedA, seedB]) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const r = await analyzeGame(record, { seats, seed, ...budget });
      times.push((performance.now() - t0) / 1000 / seats.length);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1e6 / seats.length);
      runs.push(r.value);
    }
    games++;
    const [a, b] = runs;
    a.decisions.forEach((d, i) => {
      const e = b.decisions[i];
      if (pairsOut && !d.forced)
        appendFileSync(
          pairsOut,
          JSON.stringify({
            file,
            hand: d.hand,
            kind: d.kind,
            trick: d.trick,
            seat: d.seat,
            costs: [d.cost, e.cost],
            low: [d.costLow, e.costLow],
            high: [d.costHigh, e.costHigh],
            marks: [d.mark, e.mark],
            samples: [d.samples, e.samples],
          }) + '\n',
        );
      decisions++;
      if (!d.forced) diffs.push(Math.abs(d.cost - e.cost));
      if (d.mark || e.mark) marked++;
      if (markOf(d.cost) || markOf(e.cost)) plainMarked++;
      if (markOf(d.cost) !== markOf(e.cost)) plainFlips++;
      if (d.mark !== e.mark) {
        flips++;
        log(
          `  flip: ${file} hand ${d.hand} ${d.kind} ${d.trick ?? ''} seat ${d.seat}: ${d.cost} ${d.mark} / ${e.cost} ${e.mark}` +
            ` (costLow ${d.costLow} / ${e.costLow}, deals ${d.samples} / ${e.samples})`,
        );
      }
      if (d.mark) counts[d.mark]++;
      if (d.mark === 'blunder') blundersA++;
    });
    log(
      `${file}: ${a.decisions.length} decisions, ${a.seats.map((s) => `seat ${s.seat} ${s.accuracy}% ${s.inaccuracies}/${s.mistakes}/${s.blunders}`).join(', ')}; ` +
        `flips so far ${flips}/${marked}; ${times
          .slice(-2)
          .map((t) => t.toFixed(1))
          .join(' s, ')} s per seat (CPU ${cpu
          .slice(-2)
          .map((t) => t.toFixed(1))
          .join(' s, ')} s)`,
    );
  }
  diffs.sort((x, y) => x - y);
  const q = (p) => diffs[Math.min(diffs.length - 1, Math.floor(p * diffs.length))];
  process.stdout.write(
    JSON.stringify({
      games,
      seats,
      decisions,
      marks: counts,
      markedInEitherRun: marked,
      flips,
      flipShare: marked ? flips / marked : 0,
      markOfCost: { markedInEitherRun: plainMarked, flips: plainFlips },
      blundersPerGame: blundersA / games,
      blundersPerSeatGame: blundersA / games / seats.length,
      costDifferenceBetweenRuns: { p50: q(0.5), p90: q(0.9), p99: q(0.99), max: diffs[diffs.length - 1] },
      secondsPerSeatGame: {
        mean: times.reduce((x, y) => x + y, 0) / times.length,
        max: Math.max(...times),
      },
      cpuSecondsPerSeatGame: { mean: cpu.reduce((x, y) => x + y, 0) / cpu.length, max: Math.max(...cpu) },
      thresholds: MARK_THRESHOLDS,
    }) + '\n',
  );
}

/**
 * The CLI test's fixture: the first hand (medium bots, seeds 1, 2, …) with a plant point of --kind; the planted
 * card is played and the medium bot finishes the hand. Prints where the blunder is.
 */
function fixture() {
  const bot = createBot('medium');
  const kind = opt('kind', 'queen-on-self');
  for (let seed = 1; seed < 500; seed++) {
    const rng = seededRandom(`fixture:${seed}`);
    let g = dealRandom(newGame({}).value, rng);
    let planted = null;
    while (g.phase === 'pass' || g.phase === 'play') {
      const seat = seatsToAct(g)[0];
      const obs = observation(g, seat);
      const plant = planted ? null : plantAt(obs);
      if (plant && plant.kind === kind) {
        planted = { hand: 0, trick: obs.tricks.length, seat, card: makeCard(plant.card), seed };
        g = applyMove(g, seat, { kind: 'play', card: plant.card }).value;
        continue;
      }
      const d = bot.decide(obs, { timeMs: 10, random: rng });
      g = applyMove(g, seat, parseNamedMove(d).value).value;
    }
    if (planted && g.phase !== 'moon') {
      const out = opt('out', '/tmp/planted.json');
      writeFileSync(out, JSON.stringify(makeRecord(g, ['Ann', 'Ben', 'Cem', 'Dora']), null, 1) + '\n');
      process.stdout.write(JSON.stringify(planted) + '\n');
      return;
    }
  }
}

async function redo() {
  const from = num('from', 0.75);
  const out = opt('out');
  const [seedA, seedB] = opt('seeds', '1,2').split(',');
  const rows = readFileSync(dir, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const records = new Map();
  let cpu = 0;
  let redone = 0;
  let marked = 0;
  let flips = 0;
  for (const x of rows) {
    let { costs } = x;
    let marks = costs.map(markOf);
    if (Math.max(...costs) >= from) {
      if (!records.has(x.file)) records.set(x.file, JSON.parse(readFileSync(x.file, 'utf8')));
      const point = gameDecisions(records.get(x.file), [x.seat]).value.find(
        (d) => d.hand === x.hand && d.kind === x.kind && d.trick === x.trick,
      );
      const c0 = process.cpuUsage();
      const runs = [seedA, seedB].map((seed) => analyzeDecision(point, { seed, ...budget }));
      const c = process.cpuUsage(c0);
      cpu += (c.user + c.system) / 1e6;
      redone++;
      costs = runs.map((d) => d.cost);
      marks = runs.map((d) => d.mark);
      const samples = runs.map((d) => d.samples);
      const low = runs.map((d) => d.costLow);
      if (out)
        appendFileSync(out, JSON.stringify({ ...x, costs, low, marks, samples, before: x.costs }) + '\n');
    }
    if (marks[0] || marks[1]) marked++;
    if (marks[0] !== marks[1]) {
      flips++;
      log(
        `  flip: ${x.file} hand ${x.hand} ${x.kind} ${x.trick ?? ''} seat ${x.seat}: ${costs.join(' / ')} ${marks.join(' / ')}`,
      );
    }
  }
  process.stdout.write(
    JSON.stringify({
      decisions: rows.length,
      redone,
      cpuSecondsRedone: cpu,
      markedInEitherRun: marked,
      flips,
      flipShare: marked ? flips / marked : 0,
      thresholds: MARK_THRESHOLDS,
    }) + '\n',
  );
}

/** The time left each progress report gave against the time the run then took (seat 0, --workers threads). */
async function eta() {
  const workers = num('workers', 2);
  const ratios = [];
  for (const file of files(dir)) {
    const record = JSON.parse(readFileSync(file, 'utf8'));
    const job = { record, seats: [0], seed: 1, budget };
    const { executors, stop } = startAnalysisThreads(workers, job);
    const t0 = performance.now();
    const reports = [];
    const r = await analyzeGame(record, {
      seats: [0],
      executors,
      onProgress: (p) =>
        void reports.push({ at: performance.now() - t0, done: p.done, total: p.total, left: p.secondsLeft }),
    });
    const took = performance.now() - t0;
    await stop();
    if (!r.ok) throw new Error(`${file}: ${JSON.stringify(r.error)}`);
    const ratio = (x) => (x.left * 1000) / (took - x.at);
    const at = (q) => {
      const x = reports.find((y) => y.done >= q * y.total);
      return `${x.left.toFixed(1)}/${((took - x.at) / 1000).toFixed(1)} s`;
    };
    const open = reports.filter((x) => x.done < x.total && took - x.at > 500).map(ratio);
    const [high, low] = [Math.max(...open), Math.min(...open)];
    ratios.push(high, low);
    console.log(
      `${file}: ${reports[0].total} decisions in ${(took / 1000).toFixed(1)} s; shown/real at 1/4 ${at(0.25)}, 1/2 ${at(0.5)}, 3/4 ${at(0.75)}; ratio ${low.toFixed(2)} … ${high.toFixed(2)}`,
    );
  }
  console.log(
    `every game: shown/real between ${Math.min(...ratios).toFixed(2)} and ${Math.max(...ratios).toFixed(2)}`,
  );
}

if (command === 'games') games();
else if (command === 'eta') await eta();
else if (command === 'redo') await redo();
else if (command === 'fixture') fixture();
else if (command === 'planted') await planted();
else if (command === 'noise') await noise();
else if (command === 'steps') await steps();
else {
  log('usage: analysis-figures.js games|planted|noise|redo|steps|eta DIR [options]');
  process.exitCode = 2;
}
