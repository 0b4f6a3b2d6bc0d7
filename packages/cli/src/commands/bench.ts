import {
  compileRules,
  deckOf,
  HandCore,
  parseRules,
  passOffset,
  POPCOUNT13,
  randomInt,
  SeededRandom,
  type RandomSource,
  type Rules,
} from '@hearts/engine';
import { intOption, parse, printJson, UsageError, type Command } from '../args.js';

const USAGE = `Usage: hearts bench [--seconds S] [--seed N] [--rules JSON] [--json]

Plays uniformly random legal hands on the engine's fast path, single-threaded, and prints complete hands per
second (deal, passing, every play, scoring) and plays per second.`;

export interface BenchResult {
  hands: number;
  plays: number;
  seconds: number;
  handsPerSecond: number;
  playsPerSecond: number;
}

/** Plays random hands for about `seconds` and measures the rate. */
export function runBench(rules: Rules, seconds: number, rng: RandomSource): BenchResult {
  const cfg = compileRules(rules);
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
    for (let s = 0; s < n; s++) {
      scores[s]! +=
        shooter < 0 ? points[s]! : s === shooter ? points[s]! - cfg.moonValue : points[s]! + cfg.moonValue;
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
    const r = runBench(rules.value, seconds, new SeededRandom(intOption(values.seed, 'seed', 1)));
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
