import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  commitment,
  dealFromSeeds,
  fallbackSeed,
  makeTranscript,
  parseTranscript,
  recordDeal,
  seedToHex,
  verifyTranscript,
  type Transcript,
  type VerifyCode,
} from './index.js';

const filled = (byte: number): Uint8Array => new Uint8Array(32).fill(byte);

function honest(
  players = 4,
  handNumber = 0,
  fallback: number[] = [],
): { t: Transcript; seeds: Uint8Array[] } {
  const removedCards =
    players === 4 ? [] : players === 3 ? ['2D'] : players === 5 ? ['2C', '2D'] : ['2C', '3C', '2D', '2S'];
  const seeds = Array.from({ length: players }, (_, i) => filled(0xa0 + i));
  const commitments = seeds.map((s, i) => commitment('t-1', handNumber, i, s));
  const t = makeTranscript({
    tableId: 't-1',
    handNumber,
    players,
    removedCards,
    commitments,
    seeds,
    fallback,
  });
  return { t, seeds };
}

const clone = (t: Transcript): Transcript => JSON.parse(JSON.stringify(t)) as Transcript;
const codes = (t: Transcript, options = {}): [VerifyCode, number | null][] =>
  verifyTranscript(t, options).failures.map((f) => [f.code, f.seat]);

describe('parseTranscript', () => {
  const good = honest().t as unknown as Record<string, unknown>;
  const bad: [string, unknown, string][] = [
    ['not an object', [1, 2], 'transcript'],
    ['wrong format', { ...good, format: 'hearts-shuffle/2' }, 'format'],
    ['unknown field', { ...good, extra: 1 }, 'extra'],
    ['missing field', { ...good, seeds: undefined }, 'seeds'],
    ['table id with |', { ...good, tableId: 'a|b' }, 'tableId'],
    ['empty table id', { ...good, tableId: '' }, 'tableId'],
    ['negative hand', { ...good, handNumber: -1 }, 'handNumber'],
    ['fractional hand', { ...good, handNumber: 1.5 }, 'handNumber'],
    ['two players', { ...good, players: 2 }, 'removedCards'],
    ['players as text', { ...good, players: '4' }, 'players'],
    ['unknown removed card', { ...good, removedCards: ['1X'] }, 'removedCards'],
    ['uneven deck', { ...good, removedCards: ['2D'] }, 'removedCards'],
    [
      'short commitment list',
      { ...good, commitments: (good['commitments'] as string[]).slice(1) },
      'commitments',
    ],
    ['uppercase hex', { ...good, seeds: (good['seeds'] as string[]).map((s) => s.toUpperCase()) }, 'seeds'],
    ['bad hash', { ...good, commitmentsHash: 'abc' }, 'commitmentsHash'],
    ['fallback out of range', { ...good, fallback: [4] }, 'fallback'],
    ['fallback twice', { ...good, fallback: [1, 1] }, 'fallback'],
    ['three hands', { ...good, hands: (good['hands'] as string[][]).slice(1) }, 'hands'],
    ['a hand too short', { ...good, hands: (good['hands'] as string[][]).map((h) => h.slice(1)) }, 'hands'],
    [
      'a bad card',
      { ...good, hands: (good['hands'] as string[][]).map((h) => ['ZZ', ...h.slice(1)]) },
      'hands',
    ],
  ];
  test.each(bad)('%s is refused with a clear error', (_, input, field) => {
    const r = parseTranscript(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('ERR_NOT_TRANSCRIPT');
      expect(r.error.field).toBe(field);
      expect(r.error.message.length).toBeGreaterThan(5);
    }
  });

  test('a transcript round-trips through JSON', () => {
    for (const players of [3, 4, 5, 6]) {
      const { t } = honest(players, 9, [1]);
      const r = parseTranscript(JSON.parse(JSON.stringify(t)));
      expect(r).toEqual({ ok: true, value: t });
    }
  });

  test('makeTranscript refuses input outside the protocol', () => {
    const { t, seeds } = honest();
    const base = { ...t, seeds };
    expect(() => makeTranscript({ ...base, players: 7 })).toThrow(TypeError);
    expect(() => makeTranscript({ ...base, seeds: seeds.slice(1) })).toThrow(TypeError);
    expect(() => makeTranscript({ ...base, fallback: [9] })).toThrow(TypeError);
    expect(() => makeTranscript({ ...base, tableId: 'x|y' })).toThrow(TypeError);
  });
});

describe('verifyTranscript', () => {
  test('an honest transcript verifies, for every seat', () => {
    for (const players of [3, 4, 5, 6]) {
      const { t, seeds } = honest(players, 4);
      for (let s = 0; s < players; s++) {
        const r = verifyTranscript(t, { ownSeat: s, ownSeed: seeds[s]!, ownHand: t.hands[s]! });
        expect(r.failures).toEqual([]);
        expect(r.ok).toBe(true);
      }
    }
  });

  test('a wrong commitments hash', () => {
    const t = clone(honest().t);
    t.commitmentsHash = 'f'.repeat(64);
    expect(codes(t)).toContainEqual(['ERR_COMMITMENTS_HASH', null]);
  });

  test('a seed that does not open its commitment, named by seat', () => {
    const t = clone(honest().t);
    t.seeds[3] = seedToHex(filled(0x99));
    expect(codes(t)).toEqual(expect.arrayContaining([['ERR_COMMITMENT', 3]]));
    expect(codes(t).filter(([c]) => c === 'ERR_COMMITMENT')).toEqual([['ERR_COMMITMENT', 3]]);
  });

  test('a commitment bound to another seat, hand or table does not open', () => {
    const seed = filled(0xa0);
    const t = clone(honest().t);
    t.commitments[0] = commitment('t-1', 1, 0, seed); // hand 1 instead of 0
    t.commitmentsHash = honest().t.commitmentsHash;
    expect(codes(t)).toContainEqual(['ERR_COMMITMENT', 0]);
  });

  test('hands that are not the deal the seeds give, or in another order', () => {
    const t = clone(honest().t);
    [t.hands[0]![0], t.hands[1]![0]] = [t.hands[1]![0]!, t.hands[0]![0]!];
    expect(codes(t)).toEqual([
      ['ERR_HANDS', 0],
      ['ERR_HANDS', 1],
    ]);
    const u = clone(honest().t);
    u.hands[2]!.reverse();
    const r = verifyTranscript(u);
    expect(r.failures).toEqual([expect.objectContaining({ code: 'ERR_HANDS', seat: 2 })]);
    expect(r.failures[0]!.message).toMatch(/order/);
  });

  test('a fallback seed that is not the derived one', () => {
    const t = clone(honest(4, 0, [1]).t);
    expect(t.seeds[1]).toBe(seedToHex(fallbackSeed(t.commitmentsHash, 1)));
    expect(verifyTranscript(t).ok).toBe(true);
    t.seeds[1] = seedToHex(filled(0xa1)); // the seat's committed seed, but it is listed as timed out
    expect(codes(t)).toContainEqual(['ERR_FALLBACK_SEED', 1]);
  });

  test('a seat whose own seed was replaced by a fallback is told the deal is not verified for it', () => {
    const { t, seeds } = honest(4, 0, [1]);
    expect(codes(t, { ownSeat: 1, ownSeed: seeds[1]! })).toEqual([['ERR_OWN_FALLBACK', 1]]);
    const other = verifyTranscript(t, { ownSeat: 0, ownSeed: seeds[0]! });
    expect(other.ok).toBe(true);
    expect(other.warnings).toEqual([expect.stringMatching(/seat 1 timed out/)]);
  });

  test('what only the verifying seat knows: its seed, its commitment, the list it saw, its cards', () => {
    const { t, seeds } = honest();
    expect(codes(t, { ownSeat: 2, ownSeed: filled(1) })).toEqual([['ERR_OWN_SEED', 2]]);
    expect(codes(t, { ownSeat: 2, ownSeed: seedToHex(seeds[2]!) })).toEqual([]);
    expect(codes(t, { ownSeat: 2, ownCommitment: 'a'.repeat(64) })).toEqual([['ERR_OWN_COMMITMENT', 2]]);
    const seen = [...t.commitments];
    seen[3] = 'b'.repeat(64);
    expect(codes(t, { seenCommitments: seen })).toEqual([['ERR_COMMITMENTS_CHANGED', null]]);
    expect(codes(t, { seenCommitmentsHash: 'c'.repeat(64) })).toEqual([['ERR_COMMITMENTS_CHANGED', null]]);
    expect(codes(t, { ownSeat: 2, ownHand: [...t.hands[2]!].reverse() })).toEqual([]);
    expect(codes(t, { ownSeat: 2, ownHand: t.hands[1]! })).toEqual([['ERR_OWN_HAND', 2]]);
    expect(codes(t, { ownSeat: 2, ownHand: ['XX'] })).toEqual([['ERR_OWN_HAND', 2]]);
    expect(codes(t, { ownSeat: 7 })).toEqual([['ERR_OWN_SEED', 7]]);
  });
});

describe('records', () => {
  const { t } = honest(4, 1);
  const record = (deal: string[], handIndex = 1, rules: object = {}): unknown => ({
    format: 'hearts-record/1',
    rules,
    players: ['a', 'b', 'c', 'd'],
    hands: [
      ...Array.from({ length: handIndex }, () => ({ deal: ['', '', '', ''], tricks: [] })),
      { deal, tricks: [] },
    ],
  });

  test('the same cards per seat in any order match', () => {
    const deal = t.hands.map((h) => [...h].reverse().join(' '));
    const r = recordDeal(record(deal), t.handNumber);
    expect(r.ok).toBe(true);
    if (r.ok) expect(codes(t, { record: r.value })).toEqual([]);
  });

  test('a record that deals a seat other cards', () => {
    const deal = t.hands.map((h) => h.join(' '));
    const [a, b] = [deal[0]!.split(' '), deal[3]!.split(' ')];
    [a[5], b[5]] = [b[5]!, a[5]!];
    deal[0] = a.join(' ');
    deal[3] = b.join(' ');
    const r = recordDeal(record(deal), t.handNumber);
    if (!r.ok) throw new Error(r.error.message);
    expect(codes(t, { record: r.value })).toEqual([
      ['ERR_RECORD_DEAL', 0],
      ['ERR_RECORD_DEAL', 3],
    ]);
  });

  test('a record without that hand, or with other rules', () => {
    const deal = t.hands.map((h) => h.join(' '));
    const short = recordDeal(record(deal, 0), t.handNumber);
    if (!short.ok) throw new Error(short.error.message);
    expect(codes(t, { record: short.value })).toEqual([['ERR_RECORD_NO_HAND', null]]);
    const other = recordDeal(record(deal, 1, { players: 3 }), t.handNumber);
    expect(other.ok).toBe(false); // four hands for three players
    const removed = recordDeal(
      { ...(record(deal) as object), rules: { removedCards: ['2C', '2D', '2S', '2H'] } },
      t.handNumber,
    );
    if (!removed.ok) throw new Error(removed.error.message);
    expect(codes(t, { record: removed.value })).toEqual([['ERR_RECORD_RULES', null]]);
  });

  test.each([
    ['not an object', 'x'],
    ['another format', { format: 'hearts-record/2' }],
    ['bad rules', { format: 'hearts-record/1', rules: { players: 9 }, hands: [] }],
    ['no hands', { format: 'hearts-record/1', rules: {} }],
    ['a bad card', { format: 'hearts-record/1', rules: {}, hands: [{ deal: ['2C 1X', '', '', ''] }] }],
    ['a card twice', { format: 'hearts-record/1', rules: {}, hands: [{ deal: ['2C 2C', '', '', ''] }] }],
  ])('an unreadable record (%s) is an error, not a failure', (_, input) => {
    const r = recordDeal(input, 0);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('ERR_NOT_RECORD');
  });
});

describe('the die (sevenOfDie)', () => {
  const seeds = [0, 1, 2, 3].map((i) => filled(0xd0 + i));
  const commitments = seeds.map((s, i) => commitment('t-die', 2, i, s));
  const input = { tableId: 't-die', handNumber: 2, players: 4, removedCards: [], commitments, seeds };
  const t = makeTranscript({ ...input, sevenOfDie: true });
  const other = (d: string): 'C' | 'D' | 'S' => (['C', 'D', 'S'] as const).find((x) => x !== d)!;

  test('is rolled by the seeds, in the transcript, and checked', () => {
    const d = dealFromSeeds({ players: 4, removedCards: [], sevenOfDie: true }, 2, seeds);
    expect(t.sevenSuit).toBe('CDS'[d.sevenSuit!]);
    expect(t.hands).toEqual(makeTranscript(input).hands); // the die changes nothing of the deck
    expect(makeTranscript(input)).not.toHaveProperty('sevenSuit');
    expect(parseTranscript(JSON.parse(JSON.stringify(t)))).toEqual({ ok: true, value: t });
    expect(codes(t, { sevenOfDie: true, ownSeat: 1, ownDie: t.sevenSuit! })).toEqual([]);
    expect(codes({ ...clone(t), sevenSuit: other(t.sevenSuit!) })).toEqual([['ERR_DIE', null]]);
  });

  test('a die missing where the table rolls one, or there where it rolls none, fails', () => {
    const plain = makeTranscript(input);
    expect(codes(plain)).toEqual([]); // a transcript of a table without the die
    expect(codes(plain, { sevenOfDie: true })).toEqual([['ERR_DIE', null]]);
    expect(codes(t, { sevenOfDie: false })).toEqual([['ERR_DIE', null]]);
    expect(codes(t, { ownSeat: 0, ownDie: other(t.sevenSuit!) })).toEqual([['ERR_OWN_DIE', 0]]);
  });

  test('the record: its die must be the transcript’s; a transcript from before the die was shuffled warns', () => {
    const record = (sevenSuit: string | undefined, tr: typeof t) => ({
      format: 'hearts-record/1',
      rules: { sevenOfDie: true },
      players: ['a', 'b', 'c', 'd'],
      hands: [
        ...Array.from({ length: 2 }, () => ({ deal: ['', '', '', ''], tricks: [] })),
        { deal: tr.hands.map((h) => h.join(' ')), tricks: [], ...(sevenSuit ? { sevenSuit } : {}) },
      ],
    });
    const rd = (x: unknown) => {
      const r = recordDeal(x, 2);
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    expect(codes(t, { record: rd(record(t.sevenSuit, t)) })).toEqual([]);
    expect(codes(t, { record: rd(record(other(t.sevenSuit!), t)) })).toEqual([['ERR_RECORD_DIE', null]]);
    expect(recordDeal(record(undefined, t), 2).ok).toBe(false); // the record must name its die
    const old = makeTranscript(input); // as dealt before the die was in the transcript
    const r = verifyTranscript(old, { record: rd(record(t.sevenSuit, old)) });
    expect(r.failures).toEqual([]);
    expect(r.warnings).toEqual([
      'the die of this hand is not in the transcript (it was dealt before the die was shuffled too)',
    ]);
  });

  test('a die that is not a suit of the die is not a transcript', () => {
    for (const bad of ['H', 'c', 1, null]) {
      const r = parseTranscript({ ...clone(t), sevenSuit: bad });
      expect(r.ok ? null : r.error.field).toBe('sevenSuit');
    }
  });
});

test('the vectors file parses as transcripts', () => {
  const file = JSON.parse(readFileSync(new URL('../test-vectors.json', import.meta.url), 'utf8')) as {
    vectors: { transcript: unknown }[];
  };
  for (const v of file.vectors) expect(parseTranscript(v.transcript).ok).toBe(true);
});
