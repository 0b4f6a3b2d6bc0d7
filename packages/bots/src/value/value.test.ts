import { createHash } from 'node:crypto';
import {
  applyMove,
  compiledRules,
  dealRandom,
  DEFAULT_RULES,
  HandCore,
  newGame,
  observation,
  parseNamedMove,
  seatsToAct,
  seededRandom,
  unwrap,
  type Rules,
} from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import { countingClock, EXPERT, SearchBot } from '../search/search.js';
import { PlayoutPolicy, PlayoutRandom } from '../search/policy.js';
import { encodePosition, FEATURES, MAX_ACTIVE, valueApplies } from './features.js';
import { decodeNet, encodeNet, fromBase64, toBase64, ValueNet } from './net.js';
import { shippedValueNet } from './shipped.js';
import { generatePositions, meanLoss, trainValueNet } from './train.js';
import { VALUE_TRAINING, VALUE_WEIGHTS } from './weights.js';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A standard deal after `tricks` tricks played by the playout policy. */
function position(seed: number, tricks: number): HandCore {
  const cfg = compiledRules(DEFAULT_RULES);
  const rng = seededRandom(seed);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let j = 51; j > 0; j--) {
    const k = rng.nextUint32() % (j + 1);
    [deck[j], deck[k]] = [deck[k]!, deck[j]!];
  }
  const hands = new Uint16Array(16);
  deck.forEach((c, i) => (hands[((i / 13) | 0) * 4 + ((c / 13) | 0)]! |= 1 << (c % 13)));
  const core = new HandCore(cfg);
  core.start(hands, 0);
  new PlayoutPolicy(0.1, undefined, 'medium').playout(core, rng, 0, tricks);
  return core;
}

describe('the weight file', () => {
  test('base64 round trips every length and refuses other text', () => {
    for (let len = 0; len < 10; len++) {
      const bytes = Uint8Array.from({ length: len }, (_, i) => (i * 97 + 13) & 255);
      const text = toBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(fromBase64(text)).toEqual(bytes);
    }
    expect(() => fromBase64('ab$d')).toThrow();
    expect(() => fromBase64('abc')).toThrow();
  });

  test('a network survives encoding bit for bit; a damaged file is refused', () => {
    const rng = seededRandom(3);
    const net = ValueNet.init([FEATURES, 16, 8, 4], () => rng.nextUint32() / 2 ** 32, 26);
    const bytes = encodeNet(net);
    const back = decodeNet(bytes);
    expect(back.sizes).toEqual(net.sizes);
    expect(back.scale).toBe(26);
    expect(encodeNet(back)).toEqual(bytes);
    expect(() => decodeNet(bytes.subarray(0, bytes.length - 4))).toThrow(/cut short/);
    const wrong = bytes.slice();
    wrong[0] = 0;
    expect(() => decodeNet(wrong)).toThrow(/not a value network/);
  });
});

describe('the features', () => {
  test('every card in one place, seats counted from the seat that looks', () => {
    const core = position(5, 4);
    const a = new Int16Array(MAX_ACTIVE);
    const b = new Int16Array(MAX_ACTIVE);
    const na = encodePosition(core, 0, a);
    const nb = encodePosition(core, 1, b);
    expect(na).toBe(53 + (core.heartsBroken ? 1 : 0));
    expect(nb).toBe(na);
    const cards = new Set([...a.subarray(0, 52)].map((i) => i >> 3));
    expect(cards.size).toBe(52);
    // Seen from seat 1, every place of seat s is the place seat 0 sees for it shifted by one seat.
    for (let k = 0; k < 52; k++) {
      const i = a[k]!;
      const r = i & 3;
      expect(b[k]).toBe((i & ~3) | ((r + 3) % 4));
    }
    expect(Math.max(...a.subarray(0, na))).toBeLessThan(FEATURES);
  });

  test('the network applies to the standard rules only', () => {
    expect(valueApplies(compiledRules(DEFAULT_RULES))).toBe(true);
    const other = (r: Partial<Rules>) => compiledRules({ ...DEFAULT_RULES, ...r });
    expect(valueApplies(other({ players: 3, removedCards: ['2D'] }))).toBe(false);
    expect(valueApplies(other({ queenBreaksHearts: true }))).toBe(false);
    expect(valueApplies(other({ moon: 'shooterChoice' }))).toBe(false);
    expect(valueApplies(other({ targetScore: 100 }))).toBe(true); // scores do not change a hand's play
  });

  test('the playout policy stops where it is asked to', () => {
    const core = position(9, 3);
    expect(core.trickCount).toBe(3);
    expect(core.trickSize).toBe(0);
    new PlayoutPolicy(0.1, undefined, 'medium').playout(core, new PlayoutRandom(), 0);
    expect(core.isOver).toBe(true);
  });
});

describe('the shipped network', () => {
  const bytes = fromBase64(VALUE_WEIGHTS);

  test("is the training script's output: the sha256 it printed, recorded with its command", () => {
    expect(VALUE_TRAINING.command).toMatch(/^node packages\/bots\/scripts\/train-value\.js/);
    expect(sha256(bytes)).toBe(VALUE_TRAINING.sha256);
    expect(bytes.length).toBeLessThan(5e6);
  });

  test('loads and answers the same twice; points add up to about a hand', () => {
    const net = shippedValueNet();
    const core = position(11, 5);
    const one = new Float64Array(4);
    const two = new Float64Array(4);
    net.evaluate(core, 2, one);
    net.evaluate(position(12, 2), 0, two); // another position in between
    net.evaluate(core, 2, two);
    expect([...two]).toEqual([...one]);
    const total = one.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20); // 26 without a moon, 78 with one
    expect(total).toBeLessThan(80);
  });

  test('predicts held-out self-play better than the best constant', () => {
    // Positions of another seed than the training's, labelled by one playout each.
    const data = generatePositions({ seed: 424242, count: 1500, playouts: 1 });
    const mean = new Float64Array(4);
    for (let i = 0; i < data.count * 4; i++) mean[i % 4]! += data.labels[i]! / data.count;
    const average = mean.reduce((a, b) => a + b, 0) / 4;
    const constant = new Float64Array(4).fill(average);
    const best = meanLoss(shippedValueNet(), data, 0, data.count, null);
    const baseline = meanLoss(shippedValueNet(), data, 0, data.count, constant);
    expect(best).toBeLessThan(0.8 * baseline);
    // An untrained network of the same shape does not get there: the test can fail.
    const rng = seededRandom(1);
    const fresh = ValueNet.init(shippedValueNet().sizes, () => rng.nextUint32() / 2 ** 32, 26);
    expect(meanLoss(fresh, data, 0, data.count, null)).toBeGreaterThan(0.8 * baseline);
  });
});

describe('training', () => {
  test('is deterministic for its seed and learns', () => {
    const run = () => {
      const data = generatePositions({ seed: 7, count: 600, playouts: 1 });
      return trainValueNet(data, {
        seed: 7,
        hidden: [8],
        epochs: 2,
        batch: 32,
        learningRate: 0.01,
        heldOut: 0.2,
      });
    };
    const a = run();
    const b = run();
    expect(sha256(encodeNet(a.net))).toBe(sha256(encodeNet(b.net)));
    expect(a.report.epochs[1]!.train).toBeLessThan(a.report.epochs[0]!.train);
    expect(a.report.trainPositions).toBe(480);
  });
});

describe('the expert with the value network', () => {
  test('plays legal moves and asks the network', () => {
    let asked = 0;
    const shipped = shippedValueNet();
    const counted = Object.create(shipped) as ValueNet;
    counted.evaluate = (core, me, out) => {
      asked++;
      shipped.evaluate(core, me, out);
    };
    const bot = new SearchBot({ ...EXPERT, value: counted, valueCut: 1 }, countingClock(1));
    const rng = seededRandom(2);
    let g = dealRandom(unwrap(newGame({})), rng);
    while (g.phase !== 'deal' && g.phase !== 'gameOver') {
      const seat = seatsToAct(g)[0]!;
      const d = bot.decide(observation(g, seat), { timeMs: 30, random: rng });
      g = unwrap(applyMove(g, seat, unwrap(parseNamedMove(d))));
    }
    expect(asked).toBeGreaterThan(100);
  });
});
