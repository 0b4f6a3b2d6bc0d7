import {
  compiledRules,
  deckOf,
  moonRuling,
  parseNamedMove,
  HandCore,
  parseRules,
  passOffset,
  POPCOUNT13,
  randomInt,
  SeededRandom,
  type RandomSource,
  type Rules,
} from '@hearts/engine';
import { applyMove, dealRandom, newGame, observation, seatsToAct, type GameState } from '@hearts/engine';
import {
  BOT_TIME_MS,
  createBot,
  EndgameSolver,
  LEVELS,
  PlayoutPolicy,
  PlayoutRandom,
  type Level,
} from '@hearts/bots';
import { intOption, parse, printJson, UsageError, type Command } from '../args.js';
import { runTableBench } from './bench-table.js';

const USAGE = `Usage: hearts bench [--seconds S] [--seed N] [--rules JSON] [--json]
       hearts bench --bot LEVEL [--decisions N] [--time-ms T] [--seed N] [--rules JSON] [--json]
       hearts bench --endgame CARDS [--deals N] [--seed N] [--rules JSON] [--json]
       hearts bench --table [--games N] [--seed N] [--rules JSON] [--json]

Plays uniformly random legal hands on the engine's fast path, single-threaded, and prints complete hands per
second (deal, passing, every play, scoring) and plays per second.

With --bot: four bots of that level play hands on one thread, and every decision with a real choice (passes and
plays with more than one legal card) is timed; prints the mean, median, 95th percentile and maximum decision time.
  --decisions  decisions to time (default 300)
  --time-ms    the time budget given to each decision (default ${BOT_TIME_MS}, the arena's and the server's)

With --endgame: random hands are played by the search bots' playout policy until CARDS cards per hand are left
(at a random point of a trick), then the expert's exact endgame solver solves the deal; prints the positions it
visits and the time per solve (mean, median, 95th percentile, maximum).
  --deals      endgames to solve (default 300)

With --table: random games are played out, then replayed on the engine alone and through the table core that the
server and the solo table run (its queue, table state, move ids, clocks and each seat's messages; no network, no
database, timers that never come due); prints the CPU time per move of each and their difference, the table
core's own work.
  --games      games to replay (default 200)`;

export interface BenchResult {
  hands: number;
  plays: number;
  seconds: number;
  handsPerSecond: number;
  playsPerSecond: number;
}

/** Plays random hands for about `seconds` and measures the rate. */
export function runBench(rules: Rules, seconds: number, rng: RandomSource): BenchResult {
  const cfg = compiledRules(rules);
  const n = cfg.n;
  const core = new HandCore(cfg);
  const deck = Int8Array.from(deckOf(rules).toArray());
  const masks = new Uint16Array(n * 4);
  const passes = new Uint16Array(n * 4);
  const moves = new Int8Array(52);
  const points = new Int32Array(n);
  const scores = new Int32Array(n);
  const per = cfg.tricks;
  let hands = 0;
  let plays = 0;
  let checksum = 0;
  const playHand = (handNumber: number): void => {
    // Deal.
    for (let j = deck.length - 1; j > 0; j--) {
      const k = randomInt(rng, j + 1);
      const t = deck[j]!;
      deck[j] = deck[k]!;
      deck[k] = t;
    }
    masks.fill(0);
    const dealer = handNumber % n;
    for (let j = 0; j < deck.length; j++) {
      const c = deck[j]!;
      masks[((dealer + 1 + j) % n) * 4 + ((c / 13) | 0)]! |= 1 << (c % 13);
    }
    // Pass: each seat passes random cards from its dealt hand (its cards sit at deck positions seat-1-dealer mod n).
    const offset = passOffset(rules, handNumber);
    if (offset) {
      passes.fill(0);
      for (let s = 0; s < n; s++) {
        const first = (s - dealer - 1 + 2 * n) % n;
        for (let i = 0; i < rules.passCards; i++) {
          // Partial Fisher–Yates over this seat's slots in the deck.
          const a = first + i * n;
          const b = first + (i + randomInt(rng, per - i)) * n;
          const t = deck[a]!;
          deck[a] = deck[b]!;
          deck[b] = t;
          const c = deck[a]!;
          passes[s * 4 + ((c / 13) | 0)]! |= 1 << (c % 13);
        }
      }
      for (let s = 0; s < n; s++) {
        const to = ((s + offset) % n) * 4;
        for (let suit = 0; suit < 4; suit++) {
          masks[s * 4 + suit]! &= ~passes[s * 4 + suit]!;
          masks[to + suit]! |= passes[s * 4 + suit]!;
        }
      }
    }
    core.start(masks, dealer);
    // Play.
    while (!core.isOver) {
      const count = core.legalInto(moves);
      core.play(moves[count === 1 ? 0 : randomInt(rng, count)]!);
    }
    plays += core.nPlays;
    // Score.
    core.rawPoints(points);
    const shooter = core.shooter();
    const v = cfg.moonValue;
    // The moon rule of the rules, with the running totals as the game so far (the shooter's choice: plus).
    const minus =
      shooter >= 0 && moonRuling(rules, v, points, shooter, scores, handNumber + 1, null) === 'minus';
    for (let s = 0; s < n; s++) {
      const moon = shooter < 0 ? 0 : s === shooter ? (minus ? -2 * v : -v) : minus ? 0 : v;
      scores[s]! += points[s]! + moon;
    }
    checksum += POPCOUNT13[core.taken[0]!]!;
    hands++;
  };
  // Warm up, then measure.
  const warm = performance.now() + Math.min(500, seconds * 200);
  for (let h = 0; performance.now() < warm; h++) for (let i = 0; i < 100; i++) playHand(h * 100 + i);
  hands = 0;
  plays = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  let h = 0;
  while (performance.now() < end) for (let i = 0; i < 1000; i++) playHand(h++);
  const elapsed = (performance.now() - t0) / 1000;
  if (checksum < 0) throw new Error('unreachable');
  return { hands, plays, seconds: elapsed, handsPerSecond: hands / elapsed, playsPerSecond: plays / elapsed };
}

export interface BotBenchResult {
  level: Level;
  decisions: number;
  timeMs: number;
  meanMs: number; // what a server's bot thread pays per decision on average
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

/** Times a bot's decisions in self-play; only decisions with more than one choice count. */
export function runBotBench(
  rules: Rules,
  level: Level,
  decisions: number,
  timeMs: number,
  rng: RandomSource,
): BotBenchResult {
  const bot = createBot(level);
  const times: number[] = [];
  while (times.length < decisions) {
    const game = newGame({ ...rules, targetScore: 100_000 });
    if (!game.ok) throw new UsageError(game.error.message);
    let state: GameState = dealRandom(game.value, rng);
    while (
      (state.phase === 'pass' || state.phase === 'play' || state.phase === 'moon') &&
      times.length < decisions
    ) {
      const seat = seatsToAct(state)[0]!;
      const obs = observation(state, seat);
      const t0 = performance.now();
      const decision = bot.decide(obs, { timeMs, random: rng });
      const dt = performance.now() - t0;
      if (obs.phase === 'moon' || obs.legal.length > 1) times.push(dt);
      const move = parseNamedMove(decision);
      const next = move.ok && applyMove(state, seat, move.value);
      if (!next || !next.ok)
        throw new Error(`the ${level} bot answered an illegal ${JSON.stringify(decision)}`);
      state = next.value;
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const meanMs = times.reduce((sum, t) => sum + t, 0) / times.length;
  return {
    level,
    decisions: times.length,
    timeMs,
    meanMs,
    medianMs: at(0.5),
    p95Ms: at(0.95),
    maxMs: times.at(-1)!,
  };
}

export interface EndgameBenchResult {
  cards: number; // cards per hand when the solve starts
  deals: number;
  nodes: { mean: number; median: number; p95: number; max: number }; // positions visited per solve
  micros: { mean: number; median: number; p95: number; max: number }; // µs per solve
}

/** Solves `deals` random endgames with `cards` cards per hand left and measures the solver's work and time. */
export function runEndgameBench(
  rules: Rules,
  cards: number,
  deals: number,
  rng: RandomSource,
): EndgameBenchResult {
  const cfg = compiledRules(rules);
  if (cards > cfg.tricks) throw new UsageError(`--endgame: at most ${cfg.tricks} cards per hand`);
  if (cards * cfg.n > 24) throw new UsageError('--endgame: the solver takes at most 24 cards in all');
  const deck: number[] = [];
  for (let suit = 0; suit < 4; suit++)
    for (let r = 0; r < 13; r++) if (cfg.deckMasks[suit]! & (1 << r)) deck.push(suit * 13 + r);
  const core = new HandCore(cfg);
  const policy = new PlayoutPolicy(0.1);
  const playoutRng = new PlayoutRandom();
  const solver = new EndgameSolver(cfg, { before: new Array<number>(cfg.n).fill(0), handsDone: 1 });
  const hands = new Uint16Array(cfg.n * 4);
  const out = new Int32Array(cfg.n);
  const nodes: number[] = [];
  const micros: number[] = [];
  for (let d = 0; d < deals; d++) {
    for (let i = deck.length - 1; i > 0; i--) {
      const j = randomInt(rng, i + 1);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    hands.fill(0);
    deck.forEach((c, i) => (hands[(i % cfg.n) * 4 + ((c / 13) | 0)]! |= 1 << (c % 13)));
    core.start(hands, d % cfg.n, -1);
    playoutRng.reseed(rng.nextUint32(), rng.nextUint32());
    const stop = (cfg.tricks - cards) * cfg.n + randomInt(rng, cfg.n);
    while (core.nPlays < stop) core.play(policy.choose(core, playoutRng));
    const t0 = performance.now();
    solver.begin(core, core.turn);
    solver.value(core, out);
    micros.push((performance.now() - t0) * 1000);
    nodes.push(solver.nodes);
  }
  const stats = (xs: number[]): EndgameBenchResult['nodes'] => {
    const s = [...xs].sort((a, b) => a - b);
    const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
    return { mean: s.reduce((a, b) => a + b, 0) / s.length, median: at(0.5), p95: at(0.95), max: s.at(-1)! };
  };
  return { cards, deals, nodes: stats(nodes), micros: stats(micros) };
}

export const bench: Command = {
  summary: 'benchmark the engine: random hands and plays per second on one core',
  usage: USAGE,
  async run(argv) {
    const { values } = parse(
      argv,
      {
        json: { type: 'boolean' },
        seconds: { type: 'string' },
        seed: { type: 'string' },
        rules: { type: 'string' },
        bot: { type: 'string' },
        decisions: { type: 'string' },
        'time-ms': { type: 'string' },
        endgame: { type: 'string' },
        deals: { type: 'string' },
        table: { type: 'boolean' },
        games: { type: 'string' },
      },
      false,
    );
    const seconds = intOption(values.seconds, 'seconds', 5, 1);
    let rulesInput: unknown = {};
    if (values.rules !== undefined) {
      try {
        rulesInput = JSON.parse(values.rules);
      } catch {
        throw new UsageError('--rules must be JSON');
      }
    }
    const rules = parseRules(rulesInput);
    if (!rules.ok) throw new UsageError(rules.error.message);
    const rng = new SeededRandom(intOption(values.seed, 'seed', 1));
    if (values.table) {
      const t = await runTableBench(rules.value, intOption(values.games, 'games', 200, 1), rng);
      const round = (x: number): number => Math.round(x * 10) / 10;
      const coreUs = t.tableUs - t.engineUs;
      if (values.json)
        printJson({
          games: t.games,
          moves: t.moves,
          engineUs: round(t.engineUs),
          tableUs: round(t.tableUs),
          coreUs: round(coreUs),
          messagesPerMove: round(t.messages),
        });
      else
        process.stdout.write(
          `${t.games} games (${t.moves} moves) on the engine alone and through the table core, one thread\n` +
            `engine alone: ${t.engineUs.toFixed(1)} µs per move\n` +
            `table core:   ${t.tableUs.toFixed(1)} µs per move (its own work ${coreUs.toFixed(1)} µs; ` +
            `${t.messages.toFixed(1)} messages per move)\n`,
        );
      return 0;
    }
    if (values.endgame !== undefined) {
      const cards = intOption(values.endgame, 'endgame', 4, 1);
      const e = runEndgameBench(rules.value, cards, intOption(values.deals, 'deals', 300, 1), rng);
      const round = (x: EndgameBenchResult['nodes'], digits: number): EndgameBenchResult['nodes'] => {
        const f = 10 ** digits;
        const r = (v: number): number => Math.round(v * f) / f;
        return { mean: r(x.mean), median: r(x.median), p95: r(x.p95), max: r(x.max) };
      };
      if (values.json) printJson({ ...e, nodes: round(e.nodes, 0), micros: round(e.micros, 1) });
      else {
        const line = (x: EndgameBenchResult['nodes'], unit: string): string =>
          `mean ${x.mean.toFixed(1)}${unit}, median ${x.median.toFixed(1)}${unit}, 95th percentile ${x.p95.toFixed(1)}${unit}, max ${x.max.toFixed(1)}${unit}`;
        process.stdout.write(
          `${e.deals} endgames with ${e.cards} cards per hand, one thread
` +
            `positions: ${line(e.nodes, '')}
time: ${line(e.micros, ' µs')}
`,
        );
      }
      return 0;
    }
    if (values.bot !== undefined) {
      if (!(LEVELS as readonly string[]).includes(values.bot))
        throw new UsageError(`--bot must be one of ${LEVELS.join(', ')}`);
      const decisions = intOption(values.decisions, 'decisions', 300, 1);
      const timeMs = intOption(values['time-ms'], 'time-ms', BOT_TIME_MS, 1);
      const b = runBotBench(rules.value, values.bot as Level, decisions, timeMs, rng);
      const round = (x: number): number => Math.round(x * 10) / 10;
      if (values.json)
        printJson({
          ...b,
          meanMs: round(b.meanMs),
          medianMs: round(b.medianMs),
          p95Ms: round(b.p95Ms),
          maxMs: round(b.maxMs),
        });
      else
        process.stdout.write(
          `${b.level}: ${b.decisions} decisions with a ${b.timeMs} ms budget, one thread\n` +
            `mean ${b.meanMs.toFixed(1)} ms, median ${b.medianMs.toFixed(1)} ms, 95th percentile ${b.p95Ms.toFixed(1)} ms, max ${b.maxMs.toFixed(1)} ms\n`,
        );
      return 0;
    }
    const r = runBench(rules.value, seconds, rng);
    if (values.json)
      printJson({
        handsPerSecond: Math.round(r.handsPerSecond),
        playsPerSecond: Math.round(r.playsPerSecond),
      });
    else
      process.stdout.write(
        `${r.hands} hands (${r.plays} plays) in ${r.seconds.toFixed(2)} s on one core\n` +
          `hands per second: ${Math.round(r.handsPerSecond).toLocaleString('en')}\n` +
          `plays per second: ${Math.round(r.playsPerSecond).toLocaleString('en')}\n`,
      );
    return 0;
  },
};
