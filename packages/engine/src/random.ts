/**
 * Randomness is an input: the engine never draws on its own. Real games pass {@link cryptoRandom};
 * tests, replays and benchmarks pass {@link seededRandom}.
 *
 * ```ts
 * const rng = seededRandom(42);
 * randomInt(rng, 6); // 0..5, the same every run
 * ```
 */

/** A source of uniformly distributed 32-bit unsigned integers. */
export interface RandomSource {
  nextUint32(): number;
}

/**
 * A fast, seedable generator (sfc32). Not for dealing real games: use {@link cryptoRandom} there. Its state is open to
 * subclasses that seed it their own way (the bots' reseedable playout generator).
 */
export class SeededRandom implements RandomSource {
  // Numbers from the start (a bare declaration would make them undefined first) and int32 throughout (as nextUint32
  // keeps them): V8 then keeps the fields unboxed, and a subclass's calls are as fast as a class of its own.
  protected a = 0;
  protected b = 0;
  protected c = 0;
  protected d = 0;

  constructor(seed: number | string) {
    // splitmix32 spreads any seed over the 128-bit state.
    let s = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
    const next = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next() | 0; // the same state as the uint32: nextUint32 reads it modulo 2^32
    this.b = next() | 0;
    this.c = next() | 0;
    this.d = next() | 0;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export const seededRandom = (seed: number | string): RandomSource => new SeededRandom(seed);

interface WebCrypto {
  getRandomValues(array: Uint32Array): Uint32Array;
}

function webCrypto(): WebCrypto {
  const c = (globalThis as { crypto?: WebCrypto }).crypto;
  if (!c) throw new Error('crypto.getRandomValues is not available');
  return c;
}

/** Cryptographically secure randomness from `crypto.getRandomValues` (browsers and Node ≥ 20). */
export class CryptoRandom implements RandomSource {
  private readonly buf = new Uint32Array(256);
  private pos = 256;

  nextUint32(): number {
    if (this.pos === this.buf.length) {
      webCrypto().getRandomValues(this.buf);
      this.pos = 0;
    }
    return this.buf[this.pos++]!;
  }
}

export const cryptoRandom = (): RandomSource => new CryptoRandom();

/** A uniform integer in [0, bound), without bias. `bound` must be in 1..2^32. */
export function randomInt(rng: RandomSource, bound: number): number {
  if (bound <= 0x200000) {
    // Lemire's multiply-and-reject: x * bound is exact in a double below 2^53, so no division in the common case.
    const m = rng.nextUint32() * bound;
    const hi = Math.floor(m * TWO_POW_MINUS_32);
    const lo = m - hi * 0x100000000;
    if (lo >= bound) return hi;
    const threshold = (0x100000000 - bound) % bound;
    if (lo >= threshold) return hi;
    return randomInt(rng, bound);
  }
  const limit = Math.floor(0x100000000 / bound) * bound;
  for (;;) {
    const x = rng.nextUint32();
    if (x < limit) return x % bound;
  }
}

const TWO_POW_MINUS_32 = 1 / 0x100000000;

/**
 * A uniform k in [0, bound) by plain rejection: `limit = floor(2^32 / bound) * bound`, draw until `x < limit`,
 * `k = x mod bound`. Slower than {@link randomInt} but written down in `hearts-shuffle/1` (docs/fair-shuffle.md),
 * so that any implementation deals and rolls the die as ours does from the same seeds.
 */
export function drawBelow(rng: RandomSource, bound: number): number {
  const limit = Math.floor(0x100000000 / bound) * bound;
  for (;;) {
    const x = rng.nextUint32();
    if (x < limit) return x % bound;
  }
}

/** A uniform float in [0, 1). */
export function randomFloat(rng: RandomSource): number {
  return rng.nextUint32() / 0x100000000;
}

/** Fisher–Yates shuffle in place: for j = len−1 down to 1, swap a[j] with a[k], k uniform in [0, j]. */
export function shuffleInPlace<T>(rng: RandomSource, a: T[] | Int8Array | Uint8Array): void {
  for (let j = a.length - 1; j > 0; j--) {
    const k = randomInt(rng, j + 1);
    const t = a[j]!;
    a[j] = a[k]!;
    a[k] = t;
  }
}
