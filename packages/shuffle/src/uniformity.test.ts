/**
 * Uniformity of the composed shuffle: over 100,000 deals, each card's final position is tested with a chi-square
 * test. Seeds come from a fixed generator, so the outcome is the same on every run.
 *
 * Significance: family-wise α = 0.001 over the 52 per-card tests (Bonferroni: each card at α/52), plus one test of
 * the whole 52×52 card-by-position table (51·51 = 2601 degrees of freedom, both margins fixed) at α = 0.001.
 * p-values come from the regularized incomplete gamma function, checked below against printed table values.
 */
import { SeededRandom, randomInt, type RandomSource } from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import { SeatStream, canonicalDeck, composeDeck, shuffleWith } from './index.js';

const DEALS = 100_000;
const ALPHA = 0.001;
const CARDS = 52;

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; relative error below 1e-15). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Q(a, x) = Γ(a, x) / Γ(a): a series below x = a + 1, a continued fraction (modified Lentz) above. */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lead = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return 1 - lead * sum;
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return lead * h;
}

/** P(χ²_df ≥ x). */
const chiSquareP = (x: number, df: number): number => gammaQ(df / 2, x / 2);

/** Deals dealt, as counts[card * 52 + position]. */
type Counts = Float64Array;

interface Verdict {
  readonly worstCard: number; // the card with the smallest p-value
  readonly worstP: number; // its p-value (51 degrees of freedom)
  readonly tableP: number; // the p-value of the whole table (2601 degrees of freedom)
}

function chiSquare(counts: Counts, deals: number, cards: number): Verdict {
  const expected = deals / cards;
  let worstCard = -1;
  let worstP = 1;
  let table = 0;
  for (let card = 0; card < cards; card++) {
    let stat = 0;
    for (let pos = 0; pos < cards; pos++) {
      const d = counts[card * cards + pos]! - expected;
      stat += (d * d) / expected;
    }
    table += stat;
    const p = chiSquareP(stat, cards - 1);
    if (p < worstP) [worstCard, worstP] = [card, p];
  }
  return { worstCard, worstP, tableP: chiSquareP(table, (cards - 1) * (cards - 1)) };
}

function expectUniform(v: Verdict): void {
  expect(v.worstP, `card ${v.worstCard}: p = ${v.worstP}`).toBeGreaterThan(ALPHA / CARDS);
  expect(v.tableP).toBeGreaterThan(ALPHA);
}

/** A fresh 32-byte seed from a seeded generator (tests only). */
function seedFrom(rng: RandomSource): Uint8Array {
  const s = new Uint8Array(32);
  const v = new DataView(s.buffer);
  for (let i = 0; i < 32; i += 4) v.setUint32(i, rng.nextUint32());
  return s;
}

/** The permutation a seat's shuffle applies to any deck: after it, deck[p] is the old deck[perm[p]]. */
const permutationOf = (seed: Uint8Array): number[] =>
  shuffleWith(
    Array.from({ length: CARDS }, (_, i) => i),
    new SeatStream(seed),
  );

describe('the chi-square machinery', () => {
  test.each([
    // Printed critical values: χ²(df) at upper-tail probability p.
    [1, 3.841, 0.05],
    [10, 18.307, 0.05],
    [50, 86.661, 0.001],
    [100, 149.449, 0.001],
    [51, 68.669, 0.05],
  ])('df %i: P(χ² ≥ %f) = %f', (df, x, p) => {
    expect(chiSquareP(x, df)).toBeCloseTo(p, 4);
  });

  test('the whole-table statistic: mean df, and its 0.001 critical value', () => {
    // The Wilson–Hilferty value for df = 2601 at 0.001 is 2829.5; the exact tail there is 0.001 ± 2e-5.
    expect(Math.abs(chiSquareP(2829.5, 2601) - 0.001)).toBeLessThan(2e-5);
    expect(chiSquareP(2601, 2601)).toBeGreaterThan(0.45);
    expect(chiSquareP(2601, 2601)).toBeLessThan(0.5);
  });

  test('the test catches a biased shuffle: swapping with any card, not one of the first j+1', () => {
    const rng = new SeededRandom('naive');
    const counts: Counts = new Float64Array(CARDS * CARDS);
    const deck = new Array<number>(CARDS);
    for (let n = 0; n < DEALS; n++) {
      for (let i = 0; i < CARDS; i++) deck[i] = i;
      for (let j = CARDS - 1; j > 0; j--) {
        const k = randomInt(rng, CARDS);
        [deck[j], deck[k]] = [deck[k]!, deck[j]!];
      }
      for (let p = 0; p < CARDS; p++) counts[deck[p]! * CARDS + p]!++;
    }
    const v = chiSquare(counts, DEALS, CARDS);
    expect(v.worstP).toBeLessThan(ALPHA / CARDS);
    expect(v.tableP).toBeLessThan(ALPHA);
  });
});

describe(`${DEALS.toLocaleString('en')} composed deals`, () => {
  test('every seat random: each card lands uniformly in every position', () => {
    const rng = new SeededRandom('uniformity, all seats');
    const counts: Counts = new Float64Array(CARDS * CARDS);
    for (let n = 0; n < DEALS; n++) {
      const deck = composeDeck(
        [],
        [0, 1, 2, 3].map(() => seedFrom(rng)),
      );
      for (let p = 0; p < CARDS; p++) counts[deck[p]! * CARDS + p]!++;
    }
    expectUniform(chiSquare(counts, DEALS, CARDS));
  });

  test('only seat 0 random, seats 1–3 with fixed seeds: still uniform', () => {
    const rng = new SeededRandom('uniformity, one honest seat');
    const fixed = [1, 2, 3].map((i) => new Uint8Array(32).fill(0x50 + i));
    // A fixed seed's shuffle is the same permutation every deal: apply it as one, not by rerunning the HMACs.
    const perms = fixed.map(permutationOf);
    const counts: Counts = new Float64Array(CARDS * CARDS);
    let deck = canonicalDeck();
    for (let n = 0; n < DEALS; n++) {
      const honest = seedFrom(rng);
      deck = shuffleWith(canonicalDeck(), new SeatStream(honest));
      for (const perm of perms) deck = perm.map((i) => deck[i]!);
      if (n < 20) expect(deck).toEqual(composeDeck([], [honest, ...fixed])); // the shortcut is exact
      for (let p = 0; p < CARDS; p++) counts[deck[p]! * CARDS + p]!++;
    }
    expectUniform(chiSquare(counts, DEALS, CARDS));
  });

  test('every seat fixed: the same deal every time, which the test rejects', () => {
    const seeds = [0, 1, 2, 3].map((i) => new Uint8Array(32).fill(0x50 + i));
    const deck = composeDeck([], seeds);
    const counts: Counts = new Float64Array(CARDS * CARDS);
    for (let p = 0; p < CARDS; p++) counts[deck[p]! * CARDS + p] = DEALS;
    expect(chiSquare(counts, DEALS, CARDS).tableP).toBeLessThan(ALPHA);
  });
});
