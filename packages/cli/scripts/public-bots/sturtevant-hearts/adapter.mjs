#!/usr/bin/env node
// A hearts-bot/1 adapter (docs/bot-protocol.md) for the AI of Nathan Sturtevant's public Hearts program
// (github.com/nathansttt/hearts: perfect-information Monte Carlo over 30 sampled worlds, UCT in each). The program's
// source is not in this repository: setup.sh builds it, at a pinned commit, with driver.cpp into a cache directory
// and prints the command for the arena:
//
//   hearts arena --bots expert --field "cmd:node adapter.mjs --bin ~/.cache/hearts-public-bots/sturtevant-hearts/<commit>/driver"
//
// Each decide message becomes one request line to the driver (see driver.cpp), which rebuilds the program's own game
// state and asks the seat's player. The adapter answers a decision with a single legal card itself. Where the
// program's legal moves differ from the host's (`legal`), the decision counts as a rule mismatch; a choice the host
// does not allow counts as a fallback and the host's first legal card (first legal cards for a pass) is answered.
// A driver that dies is started again at the next decision. Counts and decision times go to standard error at the
// end (and to `--stats FILE` as JSON).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const USAGE =
  'usage: adapter.mjs --bin DRIVER [--sims N] [--worlds N] [--c X] [--epsilon X] [--seed N] [--fill-seed N] [--timeout-ms N] [--stats FILE]';

/** The program's rule flags (Hearts.h). */
const FLAG = {
  queenPenalty: 0x0001,
  lead2Clubs: 0x0020,
  noHeartsFirstTrick: 0x0080,
  noQueenFirstTrick: 0x0100,
  queenBreaksHearts: 0x0200,
  doPassCards: 0x0400,
  mustBreakHearts: 0x0800,
};
/** Rule options (their JSON names, RULES.md) that leave the play of a hand alone. */
const NEUTRAL = new Set(['targetScore', 'handsToPlay', 'ties', 'passCycle']);
/** The options the program knows a flag for, and the standard value of every other option. */
const STANDARD = {
  players: 4,
  removedCards: [],
  passCards: 3,
  moon: 'othersPlus26',
  jackOfDiamonds: 0,
  queenBreaksHearts: false,
  pointsOnFirstTrick: false,
  heartsMustBeBroken: true,
  firstLead: 'lowestClub',
  heartValues: 'one',
  queenPoints: 13,
  blackMariaSpades: false,
  sevenOfDie: false,
};
/** passOffset → the program's pass direction (1 left, -1 right, 2 across, 0 none). */
const DIRECTION = { 0: 0, 1: 1, 2: 2, 3: -1 };

/** The program's rule flags for these rules, or an Error naming an option it does not play. */
export function programRules(rules) {
  const r = rules ?? {};
  if (typeof r !== 'object' || Array.isArray(r)) throw new Error('rules must be an object');
  for (const [key, value] of Object.entries(r)) {
    if (NEUTRAL.has(key)) continue;
    if (!(key in STANDARD)) throw new Error(`unknown rule option ${key}`);
    const flagged =
      key === 'queenBreaksHearts' || key === 'pointsOnFirstTrick' || key === 'heartsMustBeBroken';
    if (flagged ? typeof value !== 'boolean' : JSON.stringify(value) !== JSON.stringify(STANDARD[key]))
      throw new Error(`rule ${key}=${JSON.stringify(value)} is not the public program's`);
  }
  let flags = FLAG.queenPenalty | FLAG.lead2Clubs | FLAG.doPassCards;
  if (r.heartsMustBeBroken ?? true) flags |= FLAG.mustBreakHearts;
  if (r.queenBreaksHearts) flags |= FLAG.queenBreaksHearts;
  if (!r.pointsOnFirstTrick) flags |= FLAG.noHeartsFirstTrick | FLAG.noQueenFirstTrick;
  return flags;
}

const CARD = /^[2-9TJQKA][CDSH]$/;

function cards(list, what) {
  if (!Array.isArray(list) || !list.every((c) => typeof c === 'string' && CARD.test(c)))
    throw new Error(`${what} must be a list of cards`);
  return list;
}

function seatOf(x, what) {
  if (!Number.isInteger(x) || x < 0 || x > 3) throw new Error(`${what} must be a seat 0…3`);
  return x;
}

/** The driver's request line for a decide message (its `seed` and `fill`: the program's and the fill's). */
export function requestLine(m, seed, fill) {
  const rules = programRules(m.rules);
  const seat = seatOf(m.seat, 'seat');
  const dir = DIRECTION[m.passOffset ?? 0];
  if (dir === undefined) throw new Error('passOffset must be 0…3');
  const list = (xs) => (xs.length ? xs.join(',') : '-');
  const head = `seed=${seed} fill=${fill} rules=${rules} seat=${seat} dir=${dir}`;
  if (m.kind === 'pass') return `pass ${head} hand=${list(cards(m.hand, 'hand'))}`;
  const tricks = m.tricks ?? [];
  if (!Array.isArray(tricks)) throw new Error('tricks must be a list');
  const trick = m.trick ?? { leader: seat, cards: [] };
  const plays = [...tricks.flatMap((t) => cards(t?.cards, 'a trick')), ...cards(trick.cards, 'the trick')];
  const leader = seatOf(tricks.length ? tricks[0].leader : trick.leader, 'a trick leader');
  const passed = dir === 0 ? [] : cards(m.passed, 'passed');
  const received = dir === 0 ? [] : cards(m.received, 'received');
  return (
    `play ${head} hand=${list(cards(m.hand, 'hand'))} passed=${list(passed)} received=${list(received)} ` +
    `leader=${leader} plays=${list(plays)}`
  );
}

/** A 32-bit generator (mulberry32) for the decisions' seeds. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) & 0x7fffffff;
  };
}

/** The driver process, started when first needed and again after it dies. */
class Driver {
  constructor(bin, args) {
    this.bin = bin;
    this.args = args;
    this.child = null;
    this.waiting = [];
  }

  start() {
    const child = spawn(this.bin, this.args, { stdio: ['pipe', 'pipe', 'inherit'] });
    const waiting = []; // this driver's questions in order: a driver given up fails only its own
    this.child = child;
    this.waiting = waiting;
    createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.resolve(line));
    const fail = (why) => {
      if (this.child === child) this.child = null;
      for (const w of waiting.splice(0)) w.reject(new Error(why));
    };
    child.on('error', (e) => fail(`the driver did not start: ${e.message}`));
    child.on('exit', (code, signal) => fail(`the driver stopped (${signal ?? `exit ${code}`})`));
    child.stdin.on('error', () => {}); // a dead driver: its exit reports it
  }

  /**
   * The driver's answer to one request line. One that takes longer than `timeoutMs` is given up: the driver is
   * killed (started again at the next decision) and the decision fails, so one stuck search costs one decision,
   * not the rest of the arena.
   */
  ask(line, timeoutMs) {
    if (!this.child) this.start();
    const { child, waiting } = this;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.child === child) this.child = null; // the next decision starts a new driver at once
        const why = new Error(`the driver gave no answer in ${timeoutMs} ms to: ${line}`);
        for (const w of waiting.splice(0)) w.reject(why);
        child.kill('SIGKILL');
      }, timeoutMs);
      const done = (f) => (x) => {
        clearTimeout(timer);
        f(x);
      };
      waiting.push({ resolve: done(resolve), reject: done(reject) });
      child.stdin.write(line + '\n');
    });
  }

  stop() {
    this.child?.stdin.end();
  }
}

function parseArgs(argv) {
  const o = { bin: null, driver: [], seed: null, fillSeed: null, stats: null, timeoutMs: 30_000 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--bin') o.bin = value();
    else if (['--sims', '--worlds', '--c', '--epsilon'].includes(a)) o.driver.push(a, value());
    else if (a === '--seed') o.seed = Number(value());
    else if (a === '--fill-seed') o.fillSeed = Number(value());
    else if (a === '--stats') o.stats = value();
    else if (a === '--timeout-ms') o.timeoutMs = Number(value());
    else throw new Error(USAGE);
  }
  if (!o.bin) throw new Error(USAGE);
  return o;
}

async function main() {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${e.message}\n`);
    process.exit(2);
  }
  const entropy = () => (Date.now() ^ (process.pid << 10) ^ Math.floor(performance.now() * 1000)) >>> 0;
  const nextSeed = generator(o.seed ?? entropy());
  const nextFill = generator(o.fillSeed ?? entropy());
  const driver = new Driver(o.bin, o.driver);
  const stats = { pass: 0, play: 0, forced: 0, moon: 0, ruleMismatches: 0, fallbacks: 0, errors: 0 };
  const mismatchExamples = [];
  const times = [];
  const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');

  const decide = async (m) => {
    if (m.kind === 'moon') {
      programRules(m.rules);
      stats.moon++;
      return { choice: 'plus' }; // the program's own scoring
    }
    if (m.kind !== 'pass' && m.kind !== 'play')
      throw new Error(`unknown decision kind ${JSON.stringify(m.kind)}`);
    const legal = cards(m.legal, 'legal');
    const line = requestLine(m, nextSeed(), nextFill());
    if (m.kind === 'play' && legal.length === 1) {
      stats.forced++;
      return { card: legal[0] };
    }
    const start = performance.now();
    const reply = await driver.ask(line, o.timeoutMs);
    const ms = performance.now() - start;
    if (!reply.startsWith('ok ')) throw new Error(reply.replace(/^err /, ''));
    const [choice, own] = reply.slice(3).split(' legal=');
    const chosen = choice.trim().split(' ');
    const ownLegal = (own ?? '').split(',').filter(Boolean);
    const same = ownLegal.length === legal.length && ownLegal.every((c) => legal.includes(c));
    if (!same) {
      stats.ruleMismatches++;
      if (mismatchExamples.length < 5)
        mismatchExamples.push({ id: m.id, own: [...ownLegal].sort(), host: legal });
    }
    if (m.kind === 'pass') {
      stats.pass++;
      const count = m.rules?.passCards ?? 3;
      if (new Set(chosen).size === count && chosen.every((c) => legal.includes(c))) return { cards: chosen };
      stats.fallbacks++;
      return { cards: legal.slice(0, count) };
    }
    stats.play++;
    times.push(ms);
    if (chosen.length === 1 && legal.includes(chosen[0])) return { card: chosen[0] };
    stats.fallbacks++;
    return { card: legal[0] };
  };

  for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    let m;
    try {
      m = JSON.parse(line);
    } catch {
      send({ type: 'error', message: 'not JSON' });
      continue;
    }
    const type = m && typeof m === 'object' ? m.type : undefined;
    if (type === 'hello') {
      if (m.protocol !== 'hearts-bot/1')
        send({ type: 'error', message: `unknown protocol ${JSON.stringify(m.protocol)}` });
      else send({ type: 'hello', name: 'sturtevant-hearts' });
    } else if (type === 'quit') break;
    else if (type === 'decide') {
      try {
        send({ type: 'move', id: m.id, ...(await decide(m)) });
      } catch (e) {
        stats.errors++;
        process.stderr.write(`sturtevant-hearts: ${e.message}\n`);
        send({ type: 'error', id: m.id, message: e.message });
      }
    } else send({ type: 'error', message: `unknown message type ${JSON.stringify(type)}` });
  }
  driver.stop();
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) =>
    sorted.length
      ? Math.round(10 * sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]) / 10
      : null;
  const mean = sorted.length
    ? Math.round((10 * sorted.reduce((a, b) => a + b, 0)) / sorted.length) / 10
    : null;
  const summary = { ...stats, playMs: { median: at(0.5), p95: at(0.95), mean }, mismatchExamples };
  if (o.stats) writeFileSync(o.stats, JSON.stringify(summary));
  process.stderr.write(`sturtevant-hearts: ${JSON.stringify(summary)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await main();
