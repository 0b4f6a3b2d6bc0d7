import { readFileSync } from 'node:fs';
import { CardSet, dealDeck, makeCard, parseCard, parseRules, type Result, type Rules } from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import {
  SeatStream,
  canonicalDeck,
  commitment,
  commitmentsHash,
  composeDeck,
  dealHands,
  fallbackSeed,
  makeTranscript,
  parseTranscript,
  seedFromHex,
  seedToHex,
  shuffleWith,
  verifyTranscript,
} from './index.js';

const filled = (byte: number): Uint8Array => new Uint8Array(32).fill(byte);
const unwrapRules = (r: Result<Rules, unknown>): Rules => {
  if (!r.ok) throw new Error('bad rules');
  return r.value;
};
const names = (cards: readonly number[]): string => cards.map(makeCard).join(' ');

/** The test vectors of FAIR_SHUFFLE.md, copied from the spec text. */
const SPEC = [
  {
    tableId: 'vector-1',
    handNumber: 0,
    players: 4,
    removedCards: [] as string[],
    seedByte: 0x00,
    fallback: [] as number[],
    commitments: [
      '9699b690a0177f0baf443fede92414fbdf5597aa506b294a8750af22d7ec1a9e',
      '1e131b9f4687bad0a89f28f73aeb8b323654fa2c9624502b92968834235a3d78',
      '1b53ef9a11728fe9e7b76cb1c6059d242266c74ff8ca43fd9f20f797800bf5f4',
      '2f1847263b54a3e703dc615d0dd53a9f11c9221287bf7c3e296d83649ed412ca',
    ],
    commitmentsHash: 'b3949b05404deb2bd0fa7c36ffb2c308e20842a4bce0ab1d611a2f8fded7a7c2',
    fallbackSeeds: {} as Record<number, string>,
    hands: [
      '8H 9D 4D 5S 2H QS 8D 2C QH 4H 3C JD JH',
      '8S TD 4C QD TC 9C 7D KS TS 9S 4S 3H TH',
      '7C KH AD 9H 6S 3D 5D AC 2S 5C AS QC 6H',
      '2D 7S KC 5H 7H AH 3S 6D 6C JC KD JS 8C',
    ],
  },
  {
    tableId: 'vector-2',
    handNumber: 5,
    players: 3,
    removedCards: ['2D'],
    seedByte: 0x10,
    fallback: [],
    commitments: [
      '30e9dab28930b561b47d96a4c66c12103fade88116e9d6bfdb4d2c3a345c14e0',
      '9cda46f3ef894c5b4648443ee5e5b61336017e3ddaa98d934ebbd2f0f4462df9',
      'be363c9db0ed04ecac8baf18cd741ac803d667903247efd10eec6ec771783cbb',
    ],
    commitmentsHash: '25dccbf4465c6de29343f6f380e86f4542488cb7bfa189f625b89be9d6c66e50',
    fallbackSeeds: {},
    hands: [
      '3C TC 2H 5S JH KD 5D 4C 6C 6S JC JD 5C KC AS KS AH',
      'QC 9H 6D 7D 8H QH 7C 9D 8S JS 3S 9C TH 7S 8C 2S KH',
      'TD QS 2C QD AD 3D 5H 4S 9S 7H 6H 3H 4D TS 8D AC 4H',
    ],
  },
  {
    tableId: 'vector-3',
    handNumber: 1,
    players: 4,
    removedCards: [],
    seedByte: 0x20,
    fallback: [2],
    commitments: [
      '6114b374d9f89bf194a365794238e5728d2a49aefdb86758f4a13fcf95e925db',
      '5197630868df96f5d7b3ca432466622bfcc181eb006308975f330245850ab5b4',
      'd509d393ab5518a9a81b932f842df8a8b0be170dab7e0ec13ad94437c6b2c841',
      'ae80ae3198d039162cebc131a3f8e94115561c6073c1163b027956be32adcd0a',
    ],
    commitmentsHash: '92cb5480e520632d3b0757e71b6e4dc8d77f7ce500d33d60457e529756300970',
    fallbackSeeds: { 2: '591c095b71624eb789831660dd1a889e8afc91e23186b81b9c378b687a08dcfe' },
    hands: [
      '2H 4H 8D 8H 6C QD KH TH 3C 7C QH 3S 8C',
      '4D QC JD AC 7D TS 6D AS 5C AH JS 4C 9C',
      '5D 7S TC 2D 2S KS AD 3H 5H 6S 3D 6H 9D',
      '8S 5S 7H QS 9S 2C JH KD 4S KC JC 9H TD',
    ],
  },
];

describe('the test vectors of FAIR_SHUFFLE.md', () => {
  test("seat 0's shuffle alone applied to the canonical deck starts KD 7D 8S 6C 4D JC 4S 5D", () => {
    const deck = shuffleWith(canonicalDeck(), new SeatStream(filled(0)));
    expect(names(deck.slice(0, 8))).toBe('KD 7D 8S 6C 4D JC 4S 5D');
  });

  test.each(SPEC)('$tableId', (v) => {
    const committed = Array.from({ length: v.players }, (_, i) => filled(v.seedByte + i));
    const commitments = committed.map((s, i) => commitment(v.tableId, v.handNumber, i, s));
    expect(commitments).toEqual(v.commitments);
    const hash = commitmentsHash(commitments);
    expect(hash).toBe(v.commitmentsHash);
    const seeds = committed.map((s, i) => (v.fallback.includes(i) ? fallbackSeed(hash, i) : s));
    for (const [seat, hex] of Object.entries(v.fallbackSeeds))
      expect(seedToHex(seeds[Number(seat)]!)).toBe(hex);
    const deck = composeDeck(v.removedCards, seeds);
    const hands = dealHands(deck, v.players, v.handNumber);
    expect(hands.map(names)).toEqual(v.hands);
    // The engine deals the same cards to the same seats.
    const engine = dealDeck(v.players, v.handNumber % v.players, deck);
    engine.forEach((h, s) => expect(h.equals(CardSet.fromCards(hands[s]!))).toBe(true));
    // The transcript the server would publish verifies.
    const t = makeTranscript({ ...v, commitments, seeds: committed });
    expect(t.hands.map((h) => h.join(' '))).toEqual(v.hands);
    expect(t.fallback).toEqual(v.fallback);
    expect(verifyTranscript(t).failures).toEqual([]);
  });
});

interface VectorFile {
  vectors: {
    name: string;
    committedSeeds: string[];
    afterSeat: string[];
    transcript: unknown;
  }[];
  streams: { seed: string; uint32: number[] }[];
}

const FILE = JSON.parse(readFileSync(new URL('../test-vectors.json', import.meta.url), 'utf8')) as VectorFile;

describe('packages/shuffle/test-vectors.json', () => {
  test('holds the spec vectors unchanged', () => {
    for (const v of SPEC) {
      const t = FILE.vectors.find((x) => x.name === v.tableId)!.transcript as Record<string, unknown>;
      expect(t['commitments']).toEqual(v.commitments);
      expect(t['commitmentsHash']).toBe(v.commitmentsHash);
      expect((t['hands'] as string[][]).map((h) => h.join(' '))).toEqual(v.hands);
    }
    const players = FILE.vectors.map((v) => (v.transcript as { players: number }).players);
    expect(new Set(players)).toEqual(new Set([3, 4, 5, 6]));
  });

  test.each(FILE.vectors.map((v) => [v.name, v] as const))('%s', (_, v) => {
    const parsed = parseTranscript(v.transcript);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const t = parsed.value;
    const committed = v.committedSeeds.map((h) => seedFromHex(h)!);
    expect(committed.map((s, i) => commitment(t.tableId, t.handNumber, i, s))).toEqual(t.commitments);
    // Rebuilt from the committed seeds and the timeouts, the transcript is the same, byte for byte.
    const rebuilt = makeTranscript({ ...t, seeds: committed, sevenOfDie: t.sevenSuit !== undefined });
    expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(v.transcript));
    // Each seat's shuffle in turn.
    const deck = canonicalDeck(t.removedCards);
    v.afterSeat.forEach((want, i) => {
      shuffleWith(deck, new SeatStream(seedFromHex(t.seeds[i]!)!));
      expect(names(deck)).toBe(want);
    });
    expect(verifyTranscript(t)).toMatchObject({ ok: true, failures: [] });
  });

  test.each(FILE.streams)('the stream of seed $seed', ({ seed, uint32 }) => {
    const s = new SeatStream(seedFromHex(seed)!);
    expect(uint32.map(() => s.nextUint32())).toEqual(uint32);
  });

  test('the stream is HMAC-SHA256 blocks of the counter, eight big-endian words each', async () => {
    // Cross-check against Node's own HMAC (only in this test: the library does not import node: modules).
    const { createHmac } = await import('node:crypto');
    const seed = filled(7);
    const s = new SeatStream(seed);
    for (let counter = 0; counter < 3; counter++) {
      const msg = Buffer.alloc(8);
      msg.writeBigUInt64BE(BigInt(counter));
      const block = createHmac('sha256', seed).update(msg).digest();
      for (let w = 0; w < 8; w++) expect(s.nextUint32()).toBe(block.readUInt32BE(4 * w));
    }
  });
});

describe('deck helpers', () => {
  test('the canonical deck runs C, D, S, H, 2..A, without removed cards', () => {
    expect(names(canonicalDeck()).split(' ').slice(0, 14)).toEqual([
      ...'2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D'.split(' '),
    ]);
    expect(canonicalDeck(['2C', '2D', '3C', '2S']).map(makeCard)).not.toContain('2S');
    expect(canonicalDeck(['2C', '2D', '3C', '2S'])).toHaveLength(48);
    expect(() => canonicalDeck(['1X'])).toThrow(TypeError);
    const rules = unwrapRules(parseRules({ players: 5 }));
    expect(canonicalDeck(rules)).toEqual(canonicalDeck(['2C', '2D']));
    expect(composeDeck(rules, [filled(1)])).toEqual(composeDeck(['2D', '2C'], [filled(1)]));
  });

  test('the dealer of hand h is seat h mod n: deck[0] goes to the seat after it', () => {
    const deck = canonicalDeck();
    expect(dealHands(deck, 4, 0)[1]![0]).toBe(parseCard('2C'));
    expect(dealHands(deck, 4, 6)[3]![0]).toBe(parseCard('2C'));
    expect(dealHands(deck, 4, 6)[0]![0]).toBe(parseCard('3C'));
    expect(() => dealHands(deck, 4, -1)).toThrow(TypeError);
  });

  test('bad seeds and encodings are refused', () => {
    expect(() => new SeatStream(new Uint8Array(31))).toThrow(TypeError);
    expect(() => commitment('a|b', 0, 0, filled(0))).toThrow(TypeError);
    expect(() => commitment('t', -1, 0, filled(0))).toThrow(TypeError);
    expect(() => commitment('t', 0, 0.5, filled(0))).toThrow(TypeError);
    expect(() => commitment('tä', 0, 0, filled(0))).toThrow(TypeError);
    expect(seedFromHex('AB'.repeat(32))).toBeUndefined();
    expect(seedFromHex('ab'.repeat(32))).toEqual(new Uint8Array(32).fill(0xab));
  });
});
