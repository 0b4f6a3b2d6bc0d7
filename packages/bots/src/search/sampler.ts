import { POPCOUNT13, randomFloat, randomInt, type RandomSource } from '@hearts/engine';
import type { Knowledge } from './knowledge.js';

/**
 * Samples the hidden hands exactly and without bias: every deal consistent with the seat's knowledge (hand
 * sizes, voids, pinned cards) is equally likely. Cards of one suit are interchangeable under these constraints,
 * so it counts the ways to split each suit's unknown cards among the seats that may hold them (a memoised
 * count over the seats' remaining capacities), picks a split with probability proportional to its count, then
 * deals the suit's cards at random within the split.
 */
export class WorldSampler {
  private readonly seats: number[]; // seats with unknown cards, not me
  private readonly caps: number[]; // how many unknown cards each of those seats holds
  private readonly radix: number[]; // mixed-radix place values for the capacity state
  private readonly counts: number[]; // unknown cards per suit
  private readonly allowed: boolean[][]; // [suit][i]: seat i may hold the suit
  private readonly memo = new Map<number, number>();
  /** Per suit and capacity state (key state * 5 + suit): every split of the suit that fits, with its weight. */
  private readonly tables = new Map<number, { weights: Float64Array; splits: Int8Array }>();
  private readonly suitCards: number[][]; // unknown card ranks per suit
  private readonly ranks = new Int8Array(13); // a suit's unknown ranks, shuffled (sample)
  /** Number of consistent deals (as a float; 0 when the knowledge is contradictory). */
  readonly total: number;

  constructor(
    private readonly k: Knowledge,
    ignoreVoids = false,
  ) {
    this.seats = [];
    this.caps = [];
    for (let s = 0; s < k.n; s++) {
      if (s === k.me) continue;
      let pinned = 0;
      for (let suit = 0; suit < 4; suit++) pinned += POPCOUNT13[k.hands[s * 4 + suit]!]!;
      const cap = k.need[s]! - pinned;
      this.seats.push(s);
      this.caps.push(Math.max(0, cap));
    }
    this.radix = [];
    let r = 1;
    for (const c of this.caps) {
      this.radix.push(r);
      r *= c + 1;
    }
    this.counts = [];
    this.suitCards = [];
    this.allowed = [];
    for (let suit = 0; suit < 4; suit++) {
      const m = k.unknown[suit]!;
      const ranks: number[] = [];
      for (let x = m; x; x &= x - 1) ranks.push(31 - Math.clz32(x & -x));
      this.suitCards.push(ranks);
      this.counts.push(ranks.length);
      this.allowed.push(this.seats.map((s) => ignoreVoids || !k.voids[s * 4 + suit]));
    }
    const capSum = this.caps.reduce((a, b) => a + b, 0);
    const cardSum = this.counts.reduce((a, b) => a + b, 0);
    this.total = capSum === cardSum ? this.ways(0, this.encode(this.caps)) : 0;
  }

  private encode(caps: readonly number[]): number {
    let code = 0;
    for (let i = 0; i < caps.length; i++) code += caps[i]! * this.radix[i]!;
    return code;
  }

  /** Ways to deal suits `suit..3` into seats with remaining capacities `state`. */
  private ways(suit: number, state: number): number {
    if (suit === 4) return state === 0 ? 1 : 0;
    const key = state * 5 + suit;
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit;
    let total = 0;
    this.splits(suit, state, (w) => {
      total += w;
    });
    this.memo.set(key, total);
    return total;
  }

  /** Calls `visit(weight, split)` for every split of the suit's cards over the seats that fits `state`. */
  private splits(
    suit: number,
    state: number,
    visit: (weight: number, split: readonly number[]) => void,
  ): void {
    const m = this.counts[suit]!;
    const k = this.seats.length;
    const caps = this.seats.map((_, i) => Math.floor(state / this.radix[i]!) % (this.caps[i]! + 1));
    const split = new Array<number>(k).fill(0);
    const rec = (i: number, left: number, coef: number): void => {
      if (i === k - 1) {
        if (left > caps[i]! || (left > 0 && !this.allowed[suit]![i])) return;
        split[i] = left;
        let next = state;
        for (let j = 0; j < k; j++) next -= split[j]! * this.radix[j]!;
        const w = this.ways(suit + 1, next);
        if (w > 0) visit(coef * w, split);
        return;
      }
      const max = this.allowed[suit]![i] ? Math.min(left, caps[i]!) : 0;
      for (let x = 0; x <= max; x++) {
        split[i] = x;
        rec(i + 1, left - x, coef * binom(left, x));
      }
    };
    if (k === 0) {
      if (m === 0) visit(this.ways(suit + 1, state), split);
      return;
    }
    rec(0, m, 1);
  }

  /** The splits of a suit that fit a capacity state, each with its weight (the ways it leaves), in one order. */
  private table(suit: number, state: number): { weights: Float64Array; splits: Int8Array } {
    const key = state * 5 + suit;
    let t = this.tables.get(key);
    if (!t) {
      const weights: number[] = [];
      const splits: number[] = [];
      this.splits(suit, state, (w, split) => {
        weights.push(w);
        splits.push(...split);
      });
      t = { weights: Float64Array.from(weights), splits: Int8Array.from(splits) };
      this.tables.set(key, t);
    }
    return t;
  }

  /** Writes one consistent deal into `out` (seat × suit masks): known cards plus sampled unknown ones. */
  sample(rng: RandomSource, out: Uint16Array): void {
    out.set(this.k.hands);
    const k = this.seats.length;
    const ranks = this.ranks;
    let state = this.encode(this.caps);
    for (let suit = 0; suit < 4; suit++) {
      // A split with probability proportional to its weight: the first at which the weights so far pass the target.
      let target = randomFloat(rng) * this.ways(suit, state);
      const { weights, splits } = this.table(suit, state);
      let chosen = weights.length - 1; // -1: no split fits (no card is dealt)
      for (let j = 0; j < weights.length; j++) {
        target -= weights[j]!;
        if (target < 0) {
          chosen = j;
          break;
        }
      }
      const cards = this.suitCards[suit]!;
      for (let j = 0; j < cards.length; j++) ranks[j] = cards[j]!;
      for (let j = cards.length - 1; j > 0; j--) {
        const x = randomInt(rng, j + 1);
        const t = ranks[j]!;
        ranks[j] = ranks[x]!;
        ranks[x] = t;
      }
      if (chosen < 0) continue;
      let p = 0;
      for (let i = 0; i < k; i++) {
        const s = this.seats[i]!;
        const count = splits[chosen * k + i]!;
        for (let c = 0; c < count; c++) out[s * 4 + suit]! |= 1 << ranks[p++]!;
        state -= count * this.radix[i]!;
      }
    }
  }

  /**
   * Every consistent deal once, each written into `out` (as {@link sample} writes one) before `visit` is called:
   * an exact expectation over what the seat cannot see, where there are few deals ({@link total}). `visit` may
   * return false to stop.
   */
  forEach(out: Uint16Array, visit: () => boolean | void): void {
    out.set(this.k.hands);
    const seats = this.seats;
    let stopped = false;
    const suitFrom = (suit: number, state: number): void => {
      if (suit === 4) {
        if (visit() === false) stopped = true;
        return;
      }
      const splits: number[][] = [];
      this.splits(suit, state, (_, split) => splits.push(split.slice()));
      const ranks = this.suitCards[suit]!;
      for (const split of splits) {
        let next = state;
        for (let i = 0; i < seats.length; i++) next -= split[i]! * this.radix[i]!;
        // Seat i takes split[i] of the ranks not taken yet (bit j: ranks[j] is taken), in increasing order.
        const give = (i: number, taken: number, from: number, left: number): void => {
          if (stopped) return;
          if (left === 0) {
            if (i + 1 === seats.length) suitFrom(suit + 1, next);
            else give(i + 1, taken, 0, split[i + 1]!);
            return;
          }
          const at = seats[i]! * 4 + suit;
          for (let j = from; j < ranks.length; j++) {
            if (taken & (1 << j)) continue;
            out[at]! |= 1 << ranks[j]!;
            give(i, taken | (1 << j), j + 1, left - 1);
            out[at]! &= ~(1 << ranks[j]!);
            if (stopped) return;
          }
        };
        if (seats.length === 0) suitFrom(suit + 1, next);
        else give(0, 0, 0, split[0]!);
        if (stopped) return;
      }
    };
    suitFrom(0, this.encode(this.caps));
  }
}

const BINOM: number[][] = [];
for (let a = 0; a <= 52; a++) {
  BINOM.push([]);
  for (let b = 0; b <= a; b++)
    BINOM[a]!.push(b === 0 || b === a ? 1 : BINOM[a - 1]![b - 1]! + BINOM[a - 1]![b]!);
}
const binom = (a: number, b: number): number => BINOM[a]![b]!;

/** A sampler for the knowledge; if the voids it inferred leave no consistent deal, it ignores them. */
export function makeSampler(k: Knowledge): WorldSampler {
  const s = new WorldSampler(k);
  return s.total > 0 ? s : new WorldSampler(k, true);
}
