/**
 * The per-hand transcript of `hearts-shuffle/1` and its verification.
 *
 * ```ts
 * const t = parseTranscript(JSON.parse(text));
 * if (!t.ok) throw new Error(t.error.message); // not a transcript at all
 * const r = verifyTranscript(t.value, { ownSeat: 2, ownSeed: mySeed, seenCommitments: listShownDuringTheHand });
 * r.ok ? 'Deal verified ✓' : r.failures.map((f) => f.message).join('\n');
 * ```
 */
import {
  CardSet,
  SUITS,
  err,
  makeCard,
  ok,
  parseRules,
  type Card,
  type CardName,
  type Result,
} from '@hearts/engine';
import {
  SHUFFLE_FORMAT,
  commitment,
  commitmentsHash,
  fallbackSeed,
  isHex64,
  isTableId,
  seedFromHex,
  seedToHex,
} from './crypto.js';
import { dealFromSeeds, parseCards } from './shuffle.js';

/** One hand's shuffle, as the server publishes it after the hand. Invariant after {@link parseTranscript}: every list has `players` entries. */
export interface Transcript {
  format: typeof SHUFFLE_FORMAT;
  tableId: string; // printable ASCII without "|"
  handNumber: number; // counted from 0 within the game
  players: number; // 3..6
  removedCards: CardName[]; // taken out of the canonical deck before shuffling
  commitments: string[]; // c_i by seat, 64 lowercase hex digits each
  commitmentsHash: string; // SHA-256 of the commitments joined by ","
  seeds: string[]; // s_i by seat in hex; for a fallback seat the derived fallback seed
  fallback: number[]; // seats that did not reveal in time
  hands: CardName[][]; // the dealt hands before passing, by seat, each in dealing order
  /**
   * Under `sevenOfDie`: the die, rolled by the same seeds after their shuffles (`dealFromSeeds`). Absent where the
   * rules roll no die — and in transcripts made before the die was part of the shuffle (they verify as before).
   */
  sevenSuit?: DieSuit;
}

/** The die's suit by letter: the seven of clubs, diamonds or spades counts. */
export type DieSuit = 'C' | 'D' | 'S';
const DIE_LETTERS: readonly string[] = ['C', 'D', 'S'];

/** The input is not a `hearts-shuffle/1` transcript (wrong shape, bad hex, unknown card …). */
export interface TranscriptFormatError {
  readonly code: 'ERR_NOT_TRANSCRIPT';
  readonly field: string; // the offending field, or "transcript"
  readonly message: string;
}

/** Why a verification failed. */
export type VerifyCode =
  | 'ERR_COMMITMENTS_HASH' // commitmentsHash is not the hash of the commitments
  | 'ERR_COMMITMENT' // a seat's seed does not open its commitment
  | 'ERR_FALLBACK_SEED' // a fallback seat's seed is not the derived fallback seed
  | 'ERR_HANDS' // a dealt hand differs from the deal the seeds give
  | 'ERR_DIE' // the die differs from the one the seeds roll, or is missing (or there) against the table's rules
  | 'ERR_COMMITMENTS_CHANGED' // the commitments differ from those this seat was shown during the hand
  | 'ERR_OWN_COMMITMENT' // this seat's commitment is not the one it sent
  | 'ERR_OWN_SEED' // this seat's seed is not the one it drew
  | 'ERR_OWN_FALLBACK' // this seat's seed was replaced by a fallback: the deal carries no promise to it
  | 'ERR_OWN_HAND' // the cards this seat was dealt are not its hand in the deal
  | 'ERR_OWN_DIE' // the die this seat was shown at the table is not the transcript's
  | 'ERR_RECORD_RULES' // the record's players or removed cards differ from the transcript's
  | 'ERR_RECORD_NO_HAND' // the record has no hand with this number
  | 'ERR_RECORD_DEAL' // the record's deal gives a seat other cards
  | 'ERR_RECORD_DIE'; // the record's die differs from the transcript's

/** One thing that did not match. `seat` is null when the failure is not about one seat. */
export interface VerifyFailure {
  readonly code: VerifyCode;
  readonly seat: number | null;
  readonly message: string;
}

/** What a seat knows besides the transcript. Every field is optional; each one given is checked. */
export interface VerifyOptions {
  readonly ownSeat?: number; // the verifying seat
  readonly ownSeed?: Uint8Array | string; // the seed it drew (bytes or hex)
  readonly ownCommitment?: string; // the commitment it sent
  readonly seenCommitments?: readonly string[]; // the list C the server showed it before it revealed
  readonly seenCommitmentsHash?: string; // or just the hash it was shown
  readonly ownHand?: Iterable<Card> | readonly CardName[]; // the cards it was dealt
  readonly sevenOfDie?: boolean; // the table's rules roll the die: the transcript must hold it (false: must not)
  readonly ownDie?: DieSuit; // the die this seat was shown at the table
  readonly record?: RecordDeal; // a game record's deal of this hand, from {@link recordDeal}
}

/** The outcome: `ok` exactly when `failures` is empty. */
export interface VerifyResult {
  readonly ok: boolean;
  readonly failures: readonly VerifyFailure[];
  readonly warnings: readonly string[]; // things that are not failures but a player may want to know
  readonly deck: readonly Card[]; // the final deck the seeds give
  readonly hands: readonly (readonly Card[])[]; // the deal the seeds give, by seat, in dealing order
}

/** A game record's view of one hand, for comparison with a transcript. */
export interface RecordDeal {
  readonly players: number;
  readonly removedCards: readonly CardName[];
  readonly deal: readonly CardSet[] | null; // null: the record has no such hand
  readonly sevenSuit?: DieSuit | null; // the record's die of the hand (null: its rules roll none)
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

const FIELDS = [
  'format',
  'tableId',
  'handNumber',
  'players',
  'removedCards',
  'commitments',
  'commitmentsHash',
  'seeds',
  'fallback',
  'hands',
] as const;
const OPTIONAL_FIELDS = ['sevenSuit'] as const;

const formatError = (field: string, message: string): Result<never, TranscriptFormatError> =>
  err({ code: 'ERR_NOT_TRANSCRIPT', field, message });

function cardsAreCards(list: unknown): list is CardName[] {
  return Array.isArray(list) && list.every((c) => typeof c === 'string' && parseCards([c]) !== undefined);
}

/** Checks the players and removed cards as the engine's rules would (3..6 seats, cards divide evenly). */
function checkDeckRules(players: unknown, removedCards: unknown): string | undefined {
  if (typeof players !== 'number' || !Number.isInteger(players)) return 'players must be a whole number 3..6';
  const r = parseRules({ players, removedCards, passCards: 0, firstLead: 'dealer' });
  return r.ok ? undefined : r.error.message;
}

/**
 * Validates a parsed JSON value as a transcript. Every list must have one entry per seat, hex must be 64
 * lowercase digits, cards must be card names and each hand must hold (52 − removed) / players cards.
 * Whether the content is consistent (hashes, seeds, deal) is {@link verifyTranscript}'s job.
 */
export function parseTranscript(input: unknown): Result<Transcript, TranscriptFormatError> {
  if (!isObject(input)) return formatError('transcript', 'a transcript must be a JSON object');
  if (input['format'] !== SHUFFLE_FORMAT)
    return formatError('format', `"format" must be "${SHUFFLE_FORMAT}"`);
  for (const key of Object.keys(input))
    if (![...FIELDS, ...OPTIONAL_FIELDS].includes(key as never))
      return formatError(key, `unknown field "${key}"`);
  for (const key of FIELDS) if (input[key] === undefined) return formatError(key, `"${key}" is missing`);
  const { tableId, handNumber, players, removedCards, commitments, seeds, fallback, hands } = input;
  if (!isTableId(tableId)) return formatError('tableId', '"tableId" must be printable ASCII without "|"');
  if (typeof handNumber !== 'number' || !Number.isSafeInteger(handNumber) || handNumber < 0)
    return formatError('handNumber', '"handNumber" must be a whole number ≥ 0');
  if (!cardsAreCards(removedCards))
    return formatError('removedCards', '"removedCards" must be a list of cards such as "2D"');
  const deckProblem = checkDeckRules(players, removedCards);
  if (deckProblem !== undefined)
    return formatError(typeof players === 'number' ? 'removedCards' : 'players', deckProblem);
  const n = players as number;
  const perHand = (52 - removedCards.length) / n;
  const hexList = (field: string, list: unknown): Result<string[], TranscriptFormatError> => {
    if (!Array.isArray(list) || list.length !== n)
      return formatError(field, `"${field}" must list ${n} entries`);
    const bad = list.findIndex((x) => !isHex64(x));
    if (bad >= 0) return formatError(field, `"${field}"[${bad}] must be 64 lowercase hex digits`);
    return ok(list as string[]);
  };
  const cs = hexList('commitments', commitments);
  if (!cs.ok) return cs;
  if (!isHex64(input['commitmentsHash']))
    return formatError('commitmentsHash', '"commitmentsHash" must be 64 lowercase hex digits');
  const ss = hexList('seeds', seeds);
  if (!ss.ok) return ss;
  if (
    !Array.isArray(fallback) ||
    fallback.some((s) => typeof s !== 'number' || !Number.isInteger(s) || s < 0 || s >= n) ||
    new Set(fallback).size !== fallback.length
  )
    return formatError('fallback', `"fallback" must list distinct seats 0..${n - 1}`);
  if (!Array.isArray(hands) || hands.length !== n)
    return formatError('hands', `"hands" must list ${n} hands`);
  for (let s = 0; s < n; s++) {
    const h: unknown = hands[s];
    if (!cardsAreCards(h)) return formatError('hands', `"hands"[${s}] must be a list of cards such as "QS"`);
    if (h.length !== perHand) return formatError('hands', `"hands"[${s}] must hold ${perHand} cards`);
  }
  const die = input['sevenSuit'];
  if (die !== undefined && !DIE_LETTERS.includes(die as string))
    return formatError('sevenSuit', '"sevenSuit" must be "C", "D" or "S"');
  return ok({
    format: SHUFFLE_FORMAT,
    tableId,
    handNumber,
    players: n,
    removedCards: [...removedCards],
    commitments: [...cs.value],
    commitmentsHash: input['commitmentsHash'],
    seeds: [...ss.value],
    fallback: [...(fallback as number[])],
    hands: (hands as CardName[][]).map((h) => [...h]),
    ...(die === undefined ? {} : { sevenSuit: die as DieSuit }),
  });
}

/** The most transcripts one file may hold: a long game's hands, with room (a game ends long before). */
export const MAX_TRANSCRIPTS = 1000;

/**
 * Validates a file of transcripts: one `hearts-shuffle/1` transcript, or a game's transcripts as the app and
 * `GET /api/games/:id/shuffle` give them (`{ "transcripts": [...] }`), or a plain list of them. A transcript that
 * is wrong is named by its place (`transcripts[3]: "seeds" must list 4 entries`).
 */
export function parseTranscripts(input: unknown): Result<Transcript[], TranscriptFormatError> {
  const list: unknown =
    isObject(input) && input['format'] === undefined && 'transcripts' in input
      ? input['transcripts']
      : Array.isArray(input)
        ? input
        : undefined;
  if (list === undefined) {
    const one = parseTranscript(input);
    return one.ok ? ok([one.value]) : one;
  }
  if (isObject(input) && !Array.isArray(input)) {
    const extra = Object.keys(input).find((k) => k !== 'transcripts');
    if (extra !== undefined) return formatError(extra, `unknown field "${extra}"`);
  }
  if (!Array.isArray(list) || list.length === 0)
    return formatError('transcripts', '"transcripts" must list one transcript or more');
  if (list.length > MAX_TRANSCRIPTS)
    return formatError('transcripts', `"transcripts" must list at most ${MAX_TRANSCRIPTS} transcripts`);
  const out: Transcript[] = [];
  for (const [i, item] of list.entries()) {
    const t = parseTranscript(item);
    if (!t.ok)
      return formatError(`transcripts[${i}].${t.error.field}`, `transcripts[${i}]: ${t.error.message}`);
    out.push(t.value);
  }
  return ok(out);
}

/** What the server knows at the end of a hand: everything a transcript holds, seeds as bytes. */
export interface TranscriptInput {
  readonly tableId: string;
  readonly handNumber: number;
  readonly players: number;
  readonly removedCards: readonly string[];
  readonly commitments: readonly string[];
  readonly seeds: readonly Uint8Array[]; // revealed seeds; entries of fallback seats are ignored
  readonly fallback?: readonly number[];
  readonly sevenOfDie?: boolean; // the rules roll the die: the transcript holds it
}

/**
 * Builds the transcript of an honest hand: fills in the fallback seeds, the commitments hash, and the deal the
 * seeds give. Throws a TypeError on input outside the protocol (wrong list lengths, bad table id …).
 */
export function makeTranscript(input: TranscriptInput): Transcript {
  return buildTranscript(input).transcript;
}

/** {@link makeTranscript}, also returning the final deck. */
export function buildTranscript(input: TranscriptInput): { transcript: Transcript; deck: Card[] } {
  const n = input.players;
  const problem = checkDeckRules(n, [...input.removedCards]);
  if (problem !== undefined) throw new TypeError(problem);
  if (input.commitments.length !== n || input.seeds.length !== n)
    throw new TypeError(`commitments and seeds must list ${n} entries`);
  const fallback = [...(input.fallback ?? [])].sort((a, b) => a - b);
  if (
    fallback.some((s) => !Number.isInteger(s) || s < 0 || s >= n) ||
    new Set(fallback).size !== fallback.length
  )
    throw new TypeError(`fallback must list distinct seats 0..${n - 1}`);
  const hash = commitmentsHash(input.commitments);
  const seeds = input.seeds.map((s, i) => (fallback.includes(i) ? fallbackSeed(hash, i) : s));
  const removedCards = CardSet.fromNames(input.removedCards)!.names();
  const sevenOfDie = input.sevenOfDie === true;
  const { deck, hands, sevenSuit } = dealFromSeeds(
    { players: n, removedCards, sevenOfDie },
    input.handNumber,
    seeds,
  );
  const t: Transcript = {
    format: SHUFFLE_FORMAT,
    tableId: input.tableId,
    handNumber: input.handNumber,
    players: n,
    removedCards,
    commitments: [...input.commitments],
    commitmentsHash: hash,
    seeds: seeds.map(seedToHex),
    fallback,
    hands: hands.map((h) => h.map(makeCard)),
    ...(sevenSuit === null ? {} : { sevenSuit: SUITS[sevenSuit] as DieSuit }),
  };
  const check = parseTranscript(t);
  if (!check.ok) throw new TypeError(check.error.message);
  return { transcript: t, deck };
}

const sameSet = (a: Iterable<Card>, b: Iterable<Card>): boolean => {
  const x = [...a];
  const y = [...b];
  return (
    x.length === y.length && CardSet.fromCards(x).equals(CardSet.fromCards(y)) && new Set(x).size === x.length
  );
};

/**
 * Checks a parsed transcript: the commitments hash, every commitment (fallback seats: the derived seed instead),
 * and that the hands are the deal the seeds give. With `options`, also what only the verifying seat knows.
 * Never throws: every mismatch is listed in `failures`.
 */
export function verifyTranscript(t: Transcript, options: VerifyOptions = {}): VerifyResult {
  const failures: VerifyFailure[] = [];
  const warnings: string[] = [];
  const fail = (code: VerifyCode, seat: number | null, message: string): void => {
    failures.push({ code, seat, message });
  };
  const n = t.players;
  const hash = commitmentsHash(t.commitments);
  if (hash !== t.commitmentsHash)
    fail('ERR_COMMITMENTS_HASH', null, 'commitmentsHash is not the SHA-256 of the commitments');
  const seeds = t.seeds.map((h) => seedFromHex(h)!);
  for (let s = 0; s < n; s++) {
    if (t.fallback.includes(s)) {
      if (t.seeds[s] !== seedToHex(fallbackSeed(hash, s)))
        fail(
          'ERR_FALLBACK_SEED',
          s,
          `seat ${s} is listed as timed out but its seed is not the fallback seed`,
        );
    } else if (commitment(t.tableId, t.handNumber, s, seeds[s]!) !== t.commitments[s]) {
      fail('ERR_COMMITMENT', s, `seat ${s}'s seed does not match its commitment`);
    }
  }
  const rolled = t.sevenSuit !== undefined;
  const dealt = dealFromSeeds(
    { players: n, removedCards: t.removedCards, sevenOfDie: rolled },
    t.handNumber,
    seeds,
  );
  const { deck, hands } = dealt;
  if (rolled && SUITS[dealt.sevenSuit!] !== t.sevenSuit)
    fail('ERR_DIE', null, `the die shows ${t.sevenSuit}, but the seeds roll ${SUITS[dealt.sevenSuit!]}`);
  if (options.sevenOfDie === true && !rolled)
    fail('ERR_DIE', null, 'the table rolls the die, but the transcript holds none');
  if (options.sevenOfDie === false && rolled)
    fail('ERR_DIE', null, 'the transcript holds a die, but the table rolls none');
  for (let s = 0; s < n; s++) {
    const claimed = parseCards(t.hands[s]!)!;
    if (claimed.join() === hands[s]!.join()) continue;
    fail(
      'ERR_HANDS',
      s,
      sameSet(claimed, hands[s]!)
        ? `seat ${s}'s hand is listed in another order than the seeds deal it`
        : `seat ${s} was dealt other cards than the seeds give`,
    );
  }
  const others = t.fallback.filter((s) => s !== options.ownSeat);
  if (others.length > 0)
    warnings.push(
      `the seed${others.length > 1 ? 's' : ''} of seat${others.length > 1 ? 's' : ''} ${others.join(', ')} ` +
        `timed out and ${others.length > 1 ? 'were' : 'was'} replaced by ${others.length > 1 ? 'fallback seeds' : 'a fallback seed'}`,
    );
  verifyOwn(t, options, hands, fail);
  if (options.record) verifyRecord(t, options.record, hands, fail, warnings);
  return { ok: failures.length === 0, failures, warnings, deck, hands };
}

function verifyOwn(
  t: Transcript,
  o: VerifyOptions,
  hands: readonly (readonly Card[])[],
  fail: (code: VerifyCode, seat: number | null, message: string) => void,
): void {
  if (o.seenCommitments !== undefined && o.seenCommitments.join() !== t.commitments.join())
    fail(
      'ERR_COMMITMENTS_CHANGED',
      null,
      'the commitments differ from those shown before the seeds were revealed',
    );
  if (o.seenCommitmentsHash !== undefined && o.seenCommitmentsHash !== t.commitmentsHash)
    fail('ERR_COMMITMENTS_CHANGED', null, 'the commitments hash differs from the one shown during the hand');
  const seat = o.ownSeat;
  if (seat === undefined) return;
  if (!Number.isInteger(seat) || seat < 0 || seat >= t.players) {
    fail('ERR_OWN_SEED', seat, `seat ${seat} is not a seat at this table`);
    return;
  }
  if (t.fallback.includes(seat))
    fail(
      'ERR_OWN_FALLBACK',
      seat,
      'your seed was not used (replaced by a fallback): this deal is not verified for you',
    );
  if (o.ownCommitment !== undefined && o.ownCommitment !== t.commitments[seat])
    fail('ERR_OWN_COMMITMENT', seat, 'your commitment is not the one you sent');
  if (o.ownSeed !== undefined) {
    const own = typeof o.ownSeed === 'string' ? o.ownSeed.toLowerCase() : safeHex(o.ownSeed);
    if (!t.fallback.includes(seat) && own !== t.seeds[seat])
      fail('ERR_OWN_SEED', seat, 'your seed is not the one you drew');
  }
  if (o.ownHand !== undefined) {
    const given = [...(o.ownHand as Iterable<Card | CardName>)].map((c) =>
      typeof c === 'number' ? c : parseCards([c])?.[0],
    );
    if (given.some((c) => c === undefined) || !sameSet(given as Card[], hands[seat]!))
      fail('ERR_OWN_HAND', seat, 'the cards you were dealt are not your hand in the deal the seeds give');
  }
  if (o.ownDie !== undefined && o.ownDie !== t.sevenSuit)
    fail('ERR_OWN_DIE', seat, `the die you were shown (${o.ownDie}) is not the transcript's`);
}

const safeHex = (seed: Uint8Array): string => (seed.length === 32 ? seedToHex(seed) : '');

function verifyRecord(
  t: Transcript,
  r: RecordDeal,
  hands: readonly (readonly Card[])[],
  fail: (code: VerifyCode, seat: number | null, message: string) => void,
  warnings: string[],
): void {
  const removed = CardSet.fromNames(r.removedCards);
  if (r.players !== t.players || !removed || !removed.equals(CardSet.fromNames(t.removedCards)!)) {
    fail('ERR_RECORD_RULES', null, "the record's players or removed cards differ from the transcript's");
    return;
  }
  if (r.deal === null) {
    fail('ERR_RECORD_NO_HAND', null, `the record has no hand ${t.handNumber}`);
    return;
  }
  for (let s = 0; s < t.players; s++) {
    const dealt = r.deal[s];
    if (!dealt || !dealt.equals(CardSet.fromCards(hands[s]!)))
      fail('ERR_RECORD_DEAL', s, `the record deals seat ${s} other cards than the seeds give`);
  }
  if (r.sevenSuit === undefined) return;
  if (t.sevenSuit !== undefined) {
    if (r.sevenSuit !== t.sevenSuit)
      fail('ERR_RECORD_DIE', null, `the record's die (${r.sevenSuit ?? 'none'}) is not the transcript's`);
  } else if (r.sevenSuit !== null)
    warnings.push(
      'the die of this hand is not in the transcript (it was dealt before the die was shuffled too)',
    );
}

/** A `hearts-record/1` record is not readable as such. */
export interface RecordDealError {
  readonly code: 'ERR_NOT_RECORD';
  readonly message: string;
}

/**
 * Reads the deal of hand `handNumber` from a parsed `hearts-record/1` record, checking only what that needs (format,
 * rules, the hand's deal); `deal` is null when the record has fewer hands.
 */
export function recordDeal(record: unknown, handNumber: number): Result<RecordDeal, RecordDealError> {
  const bad = (message: string): Result<never, RecordDealError> => err({ code: 'ERR_NOT_RECORD', message });
  if (!isObject(record)) return bad('a record must be a JSON object');
  if (record['format'] !== 'hearts-record/1') return bad('"format" must be "hearts-record/1"');
  const rules = parseRules(record['rules'] ?? {});
  if (!rules.ok) return bad(`rules: ${rules.error.message}`);
  const { players, removedCards, sevenOfDie } = rules.value;
  const hands = record['hands'];
  if (!Array.isArray(hands)) return bad('"hands" must be a list');
  const hand: unknown = hands[handNumber];
  if (hand === undefined) return ok({ players, removedCards, deal: null });
  const at = `hand ${handNumber}`;
  if (!isObject(hand) || !Array.isArray(hand['deal']) || hand['deal'].length !== players)
    return bad(`${at}: "deal" must list ${players} hands`);
  const deal: CardSet[] = [];
  for (let s = 0; s < players; s++) {
    const text: unknown = hand['deal'][s];
    const names = typeof text === 'string' ? text.trim().split(/\s+/).filter(Boolean) : null;
    const set = names && CardSet.fromNames(names);
    if (!names || !set) return bad(`${at}, seat ${s}: the deal must be cards separated by spaces`);
    if (set.size() !== names.length) return bad(`${at}, seat ${s}: a card is dealt twice`);
    deal.push(set);
  }
  const seven = (hand as Record<string, unknown>)['sevenSuit'];
  if (sevenOfDie && !DIE_LETTERS.includes(seven as string))
    return bad(`${at}: "sevenSuit" must be "C", "D" or "S" under sevenOfDie`);
  return ok({ players, removedCards, deal, sevenSuit: sevenOfDie ? (seven as DieSuit) : null });
}
