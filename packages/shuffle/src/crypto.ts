/**
 * The hashing steps of `hearts-shuffle/1`: seeds, commitments, the commitments hash and fallback seeds.
 * SHA-256 and HMAC-SHA256 come from `@noble/hashes`, so the same code runs in browsers and in Node.
 *
 * ```ts
 * const seed = makeSeed();
 * const c = commitment('t-8f3c', 0, 2, seed); // 64 lowercase hex digits, sent before any seed is revealed
 * seedMatches('t-8f3c', 0, 2, seed, c); // true
 * ```
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** The protocol name: the commitment prefix and the transcript's `format`. */
export const SHUFFLE_FORMAT = 'hearts-shuffle/1';

/** Bytes in a seed. */
export const SEED_BYTES = 32;

/** A source of cryptographically secure bytes, like `crypto.getRandomValues`. */
export type RandomBytes = (bytes: Uint8Array) => void;

interface WebCrypto {
  getRandomValues(array: Uint8Array): Uint8Array;
}

/** `crypto.getRandomValues` of the browser or Node (≥ 20); throws only where no such source exists. */
export function webRandomBytes(bytes: Uint8Array): void {
  const c = (globalThis as { crypto?: WebCrypto }).crypto;
  if (!c || typeof c.getRandomValues !== 'function')
    throw new Error('crypto.getRandomValues is not available: a seed needs a cryptographic random source');
  c.getRandomValues(bytes);
}

/** A fresh 32-byte secret seed. Only pass `random` in tests: real seeds come from `crypto.getRandomValues`. */
export function makeSeed(random: RandomBytes = webRandomBytes): Uint8Array {
  const seed = new Uint8Array(SEED_BYTES);
  random(seed);
  return seed;
}

/** A table id the protocol accepts: printable ASCII without `|`, at least one character. */
export function isTableId(tableId: unknown): tableId is string {
  return typeof tableId === 'string' && /^[\x20-\x7b\x7d\x7e]+$/.test(tableId);
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

function checkSeed(seed: Uint8Array): void {
  if (!(seed instanceof Uint8Array) || seed.length !== SEED_BYTES)
    throw new TypeError(`a seed must be ${SEED_BYTES} bytes`);
}

/**
 * `c_i = hex(SHA-256(utf8("hearts-shuffle/1|" + tableId + "|" + handNumber + "|" + seat + "|") ‖ s_i))`.
 * Throws a TypeError for a table id, hand number, seat or seed outside the protocol's encoding.
 */
export function commitment(tableId: string, handNumber: number, seat: number, seed: Uint8Array): string {
  if (!isTableId(tableId)) throw new TypeError('tableId must be printable ASCII without "|"');
  if (!isCount(handNumber)) throw new TypeError('handNumber must be a whole number ≥ 0');
  if (!isCount(seat)) throw new TypeError('seat must be a whole number ≥ 0');
  checkSeed(seed);
  const prefix = utf8ToBytes(`${SHUFFLE_FORMAT}|${tableId}|${handNumber}|${seat}|`);
  return bytesToHex(sha256(concatBytes(prefix, seed)));
}

/** Whether `seed` opens the commitment `c` of that table, hand and seat. */
export function seedMatches(
  tableId: string,
  handNumber: number,
  seat: number,
  seed: Uint8Array,
  c: string,
): boolean {
  return commitment(tableId, handNumber, seat, seed) === c;
}

/** `hex(SHA-256(utf8(c_0 + "," + c_1 + … + "," + c_{n-1})))`. */
export function commitmentsHash(commitments: readonly string[]): string {
  return bytesToHex(sha256(utf8ToBytes(commitments.join(','))));
}

/** The seed of a seat that did not reveal in time: `SHA-256(utf8("hearts-shuffle/1|timeout|" + commitmentsHash + "|" + seat))`. */
export function fallbackSeed(hash: string, seat: number): Uint8Array {
  if (!isCount(seat)) throw new TypeError('seat must be a whole number ≥ 0');
  return sha256(utf8ToBytes(`${SHUFFLE_FORMAT}|timeout|${hash}|${seat}`));
}

/** The short form of a commitments hash shown at the table: its first 8 hex digits. */
export function shortHash(hash: string): string {
  return hash.slice(0, 8);
}

/** A 32-byte seed as 64 lowercase hex digits. */
export function seedToHex(seed: Uint8Array): string {
  checkSeed(seed);
  return bytesToHex(seed);
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Whether `s` is 64 lowercase hex digits (a seed, a commitment or a hash). */
export function isHex64(s: unknown): s is string {
  return typeof s === 'string' && HEX64.test(s);
}

/** Parses 64 lowercase hex digits into a seed; undefined for anything else. */
export function seedFromHex(hex: string): Uint8Array | undefined {
  if (!isHex64(hex)) return undefined;
  const out = new Uint8Array(SEED_BYTES);
  for (let i = 0; i < SEED_BYTES; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
