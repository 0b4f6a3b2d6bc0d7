/**
 * `hearts-daily/1`: the deal of a day's daily game ("Tagesspiel") from one secret seed. The server publishes the
 * seed's commitment when the day starts and the seed (the reveal) when it ends; from the reveal anyone derives every
 * hand of the day again and checks the hands dealt. The one derivation, used by the server's daily tables and by
 * `hearts verify` (docs/daily.md).
 *
 * ```ts
 * const seed = makeSeed();
 * const c = dailyCommitment('2026-12-01', seed); // published at the start of the day
 * const d = dailyDeal({ date: '2026-12-01', seed, rules: DAILY_RULES, handNumber: 0 }); // hands by seat
 * verifyDailyReveal(makeDailyReveal({ date: '2026-12-01', seed, rules: DAILY_RULES })).ok; // true
 * ```
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  CardSet,
  err,
  makeCard,
  ok,
  parseRules,
  type CardName,
  type Result,
  type Rules,
  type Suit,
} from '@hearts/engine';
import { SEED_BYTES, isHex64, seedFromHex, seedToHex } from './crypto.js';
import { dealFromSeeds } from './shuffle.js';

/** The format name: the commitment prefix and the reveal's `format`. */
export const DAILY_FORMAT = 'hearts-daily/1';

/** A day as `YYYY-MM-DD` (the calendar day in Europe/Berlin). */
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function isDay(s: unknown): s is string {
  return typeof s === 'string' && DAY_PATTERN.test(s);
}

function checkDay(date: string): void {
  if (!isDay(date)) throw new TypeError('a day must be written YYYY-MM-DD');
}

/** `hex(SHA-256(utf8("hearts-daily/1|" + date + "|") ‖ seed))`. */
export function dailyCommitment(date: string, seed: Uint8Array): string {
  checkDay(date);
  seedToHex(seed); // checks the length
  return bytesToHex(sha256(concatBytes(utf8ToBytes(`${DAILY_FORMAT}|${date}|`), seed)));
}

/** The 32-byte seed of one hand of the day: `HMAC-SHA256(key = seed, utf8("hearts-daily/1|" + date + "|hand|" + n))`. */
export function dailyHandSeed(date: string, seed: Uint8Array, handNumber: number): Uint8Array {
  checkDay(date);
  if (!Number.isSafeInteger(handNumber) || handNumber < 0)
    throw new TypeError('handNumber must be a whole number ≥ 0');
  if (!(seed instanceof Uint8Array) || seed.length !== SEED_BYTES)
    throw new TypeError(`a seed must be ${SEED_BYTES} bytes`);
  return hmac(sha256, seed, utf8ToBytes(`${DAILY_FORMAT}|${date}|hand|${handNumber}`));
}

/** One hand of the day: the hands by seat (each in dealing order) and, under `sevenOfDie`, the die's suit. */
export interface DailyHand {
  readonly hands: CardSet[];
  readonly cards: CardName[][];
  readonly sevenSuit: Suit | null;
}

/**
 * The deal of hand `handNumber`: `dealFromSeeds` with the hand seed alone — the canonical deck (minus the removed
 * cards) shuffled once by Fisher–Yates on the hand seed's stream (`hearts-shuffle/1`'s `SeatStream`), dealt as
 * `dealHands` deals; the die (under `sevenOfDie`) is the next draw below 6 of the same stream, as at every table.
 */
export function dailyDeal(o: {
  readonly date: string;
  readonly seed: Uint8Array;
  readonly rules: Pick<Rules, 'players' | 'removedCards' | 'sevenOfDie'>;
  readonly handNumber: number;
}): DailyHand {
  const handSeed = dailyHandSeed(o.date, o.seed, o.handNumber);
  const { hands: dealt, sevenSuit } = dealFromSeeds(o.rules, o.handNumber, [handSeed]);
  return {
    hands: dealt.map((h) => CardSet.fromCards(h)),
    cards: dealt.map((h) => h.map(makeCard)),
    sevenSuit,
  };
}

/** A day's reveal, as the server publishes it once the day is over. */
export interface DailyReveal {
  format: typeof DAILY_FORMAT;
  date: string; // YYYY-MM-DD
  commitment: string; // published when the day started
  seed: string; // 64 lowercase hex digits
  rules: Rules; // the day's rules (handsToPlay: the number of hands)
  deals: { handNumber: number; hands: CardName[][]; sevenSuit: Suit | null }[]; // every hand, by seat
}

/** The reveal of a day: its commitment, seed, rules and every hand's deal. */
export function makeDailyReveal(o: { date: string; seed: Uint8Array; rules: Rules }): DailyReveal {
  const n = o.rules.handsToPlay;
  if (!Number.isSafeInteger(n) || n < 1) throw new TypeError('a daily game has a fixed number of hands');
  return {
    format: DAILY_FORMAT,
    date: o.date,
    commitment: dailyCommitment(o.date, o.seed),
    seed: seedToHex(o.seed),
    rules: o.rules,
    deals: Array.from({ length: n }, (_, handNumber) => {
      const d = dailyDeal({ date: o.date, seed: o.seed, rules: o.rules, handNumber });
      return { handNumber, hands: d.cards, sevenSuit: d.sevenSuit };
    }),
  };
}

export type DailyVerifyCode =
  | 'ERR_NOT_REVEAL' // not a hearts-daily/1 reveal at all
  | 'ERR_COMMITMENT' // the seed does not open the commitment (or not the one expected)
  | 'ERR_HANDS' // a listed deal differs from the one the seed gives
  | 'ERR_RECORD'; // a game record's deal differs from the one the seed gives

export interface DailyVerifyFailure {
  readonly code: DailyVerifyCode;
  readonly message: string;
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** Reads a reveal; `ERR_NOT_REVEAL` says which field is wrong. */
export function parseDailyReveal(x: unknown): Result<DailyReveal, DailyVerifyFailure> {
  const bad = (message: string) => err<DailyVerifyFailure>({ code: 'ERR_NOT_REVEAL', message });
  if (!isObject(x)) return bad('a reveal must be a JSON object');
  if (x['format'] !== DAILY_FORMAT) return bad(`"format" must be "${DAILY_FORMAT}"`);
  if (!isDay(x['date'])) return bad('"date" must be YYYY-MM-DD');
  if (!isHex64(x['commitment'])) return bad('"commitment" must be 64 lowercase hex digits');
  if (!isHex64(x['seed'])) return bad('"seed" must be 64 lowercase hex digits');
  const rules = parseRules(x['rules'] ?? {});
  if (!rules.ok) return bad(`rules: ${rules.error.message}`);
  const deals = x['deals'];
  if (!Array.isArray(deals)) return bad('"deals" must be a list');
  const out: DailyReveal['deals'] = [];
  for (const [i, d] of deals.entries()) {
    if (
      !isObject(d) ||
      !Number.isSafeInteger(d['handNumber']) ||
      !Array.isArray(d['hands']) ||
      !d['hands'].every((h) => Array.isArray(h) && h.every((c) => typeof c === 'string'))
    )
      return bad(`deals[${i}] must be { handNumber, hands: [[card names] by seat], sevenSuit }`);
    const seven = d['sevenSuit'] ?? null;
    if (seven !== null && !(typeof seven === 'number' && [0, 1, 2].includes(seven)))
      return bad(`deals[${i}].sevenSuit must be null or 0..2`);
    out.push({
      handNumber: d['handNumber'] as number,
      hands: d['hands'] as CardName[][],
      sevenSuit: seven as Suit | null,
    });
  }
  return ok({
    format: DAILY_FORMAT,
    date: x['date'],
    commitment: x['commitment'],
    seed: x['seed'],
    rules: rules.value,
    deals: out,
  });
}

export interface DailyVerifyResult {
  readonly ok: boolean;
  readonly failures: DailyVerifyFailure[];
  readonly hands: number; // deals checked
}

/**
 * Checks a reveal: the seed opens the commitment (and it is `expectCommitment`, the one published at the start of
 * the day, when given), every listed deal is the one the seed gives, and each of `records`' deals (hand number →
 * the hands dealt, e.g. from a game record) is too.
 */
export function verifyDailyReveal(
  reveal: DailyReveal,
  options: { expectCommitment?: string; records?: ReadonlyMap<number, readonly CardSet[]> } = {},
): DailyVerifyResult {
  const failures: DailyVerifyFailure[] = [];
  const seed = seedFromHex(reveal.seed);
  if (!seed)
    return { ok: false, failures: [{ code: 'ERR_NOT_REVEAL', message: 'the seed is not hex' }], hands: 0 };
  if (dailyCommitment(reveal.date, seed) !== reveal.commitment)
    failures.push({ code: 'ERR_COMMITMENT', message: 'the seed does not open the commitment' });
  if (options.expectCommitment !== undefined && options.expectCommitment !== reveal.commitment)
    failures.push({
      code: 'ERR_COMMITMENT',
      message: `the commitment is not the one published (${options.expectCommitment.slice(0, 8)}…)`,
    });
  const derive = (handNumber: number) =>
    dailyDeal({ date: reveal.date, seed, rules: reveal.rules, handNumber });
  for (const d of reveal.deals) {
    const want = derive(d.handNumber);
    const same =
      d.hands.length === want.cards.length &&
      d.hands.every((h, s) => h.join(' ') === want.cards[s]!.join(' ')) &&
      d.sevenSuit === want.sevenSuit;
    if (!same)
      failures.push({
        code: 'ERR_HANDS',
        message: `hand ${d.handNumber}: the deal listed is not the deal the seed gives`,
      });
  }
  for (const [handNumber, hands] of options.records ?? []) {
    const want = derive(handNumber);
    if (hands.length !== want.hands.length || !hands.every((h, s) => h.equals(want.hands[s]!)))
      failures.push({
        code: 'ERR_RECORD',
        message: `hand ${handNumber}: the game record's deal is not the deal the seed gives`,
      });
  }
  return { ok: failures.length === 0, failures, hands: reveal.deals.length + (options.records?.size ?? 0) };
}
