import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { advanceUntil, arbRules, randomGame, randomStep, start } from '../test/helpers.js';
import {
  RECORD_FORMAT,
  handOf,
  makeRecord,
  replayRecord,
  seededRandom,
  undosOf,
  type GameRecord,
  type Rules,
  toPlay,
} from './index.js';

/** A generated record (seeded, so the same every run). */
function recordOf(rules: Partial<Rules>, seed: number, maxHands = 3, greedy = false): GameRecord {
  const g = randomGame(start(rules), seededRandom(seed), { maxHands, greedy });
  return makeRecord(
    g,
    Array.from({ length: g.rules.players }, (_, s) => `p${s}`),
  );
}

const copy = (r: GameRecord): GameRecord => JSON.parse(JSON.stringify(r)) as GameRecord;

/** A standard game of three hands (left, right, across). */
const BASE = recordOf({}, 11);

const kindOf = (input: unknown): string => {
  const r = replayRecord(input);
  return r.ok ? 'ok' : r.error.kind;
};

describe('replayRecord: the shape of a record', () => {
  test('a generated record replays', () => {
    expect(BASE.hands).toHaveLength(3);
    expect(BASE.rules).toEqual({});
    expect(kindOf(BASE)).toBe('ok');
    expect(BASE.hands[0]!.passes).toHaveLength(4);
    expect(BASE.hands[0]!.tricks).toHaveLength(13);
    expect(BASE.hands[0]!.tricks[0]!.split(' ')[0]).toBe('2C');
  });

  test.each<[string, (r: GameRecord) => unknown]>([
    ['not an object', () => [1, 2, 3]],
    ['null', () => null],
    ['a string', () => 'hearts-record/1'],
    ['a wrong format', (r) => ({ ...r, format: 'hearts-record/2' })],
    ['no format', (r) => ({ ...r, format: undefined })],
    ['rules as a preset name', (r) => ({ ...r, rules: 'standard' })],
    ['an unknown rules option', (r) => ({ ...r, rules: { jokers: true } })],
    ['a preset option', (r) => ({ ...r, rules: { preset: 'omnibus' } })],
    ['a bad rules value', (r) => ({ ...r, rules: { targetScore: -5 } })],
    ['an uneven deck', (r) => ({ ...r, rules: { removedCards: ['2C'] } })],
    [
      'three players for a four-seat deal',
      (r) => ({ ...r, rules: { players: 3 }, players: ['a', 'b', 'c'] }),
    ],
    ['five player names for four seats', (r) => ({ ...r, players: ['a', 'b', 'c', 'd', 'e'] })],
    ['a player name that is not a string', (r) => ({ ...r, players: ['a', 'b', 'c', 4] })],
    ['hands not a list', (r) => ({ ...r, hands: {} })],
    ['a hand not an object', (r) => ({ ...r, hands: ['2C 3C'] })],
    [
      'a deal hand that is an object',
      (r) =>
        withHand(r, 0, (h) => ({
          ...h,
          deal: [{ toString: false }, ...h.deal.slice(1)] as unknown as string[],
        })),
    ],
    [
      'a trick that is an object',
      (r) => withHand(r, 0, (h) => ({ ...h, tricks: [{ toString: 1 }] as unknown as string[] })),
    ],
    ['a deal of three hands', (r) => withHand(r, 0, (h) => ({ ...h, deal: h.deal.slice(0, 3) }))],
    [
      'a deal not a list',
      (r) => withHand(r, 0, (h) => ({ ...h, deal: h.deal.join(' ') as unknown as string[] })),
    ],
    [
      'a deal hand not a string',
      (r) =>
        withHand(r, 0, (h) => ({
          ...h,
          deal: [h.deal[0]!.split(' ') as unknown as string, ...h.deal.slice(1)],
        })),
    ],
    ['a card twice in one hand', (r) => withDeal(r, 0, 0, (cards) => [cards[1]!, ...cards.slice(1)])],
    [
      'a card in two hands',
      (r) => withDeal(r, 0, 1, (cards) => [r.hands[0]!.deal[0]!.split(' ')[0]!, ...cards.slice(1)]),
    ],
    ['a hand of twelve cards', (r) => withDeal(r, 0, 0, (cards) => cards.slice(1))],
    ['hands of twelve and fourteen cards', (r) => moveCard(r, 0, 0, 1)],
    ['an unknown card in the deal', (r) => withDeal(r, 0, 2, (cards) => ['1X', ...cards.slice(1)])],
    [
      'a ten written 10',
      (r) => withHand(r, 0, (h) => ({ ...h, deal: h.deal.map((d) => d.replace(/T([CDSH])/, '10$1')) })),
    ],
    [
      'a card in lower case',
      (r) => withDeal(r, 0, 3, (cards) => [cards[0]!.toLowerCase(), ...cards.slice(1)]),
    ],
    ['a broken deal in a later hand', (r) => withDeal(r, 2, 1, (cards) => cards.slice(1))],
    [
      'an unknown card in the passes',
      (r) => withHand(r, 0, (h) => ({ ...h, passes: ['ZZ 2C 3C', ...h.passes!.slice(1)] })),
    ],
    ['passes of three seats', (r) => withHand(r, 0, (h) => ({ ...h, passes: h.passes!.slice(1) }))],
    ['passes missing before tricks', (r) => withHand(r, 0, (h) => ({ ...h, passes: undefined }))],
    [
      'passes on the fourth hand (no passing)',
      () => withHand(recordOf({}, 4, 4), 3, (h) => ({ ...h, passes: ['2C', '3C', '4C', '5C'] })),
    ],
    [
      'an unknown card in a trick',
      (r) =>
        withHand(r, 1, (h) => ({ ...h, tricks: [h.tricks[0]!.replace(/\S+$/, 'XX'), ...h.tricks.slice(1)] })),
    ],
    [
      'tricks not a list',
      (r) => withHand(r, 0, (h) => ({ ...h, tricks: h.tricks.join(' ') as unknown as string[] })),
    ],
    [
      'a trick of five cards',
      (r) => withHand(r, 0, (h) => ({ ...h, tricks: [`${h.tricks[0]} 2H`, ...h.tricks.slice(1)] })),
    ],
    [
      'a trick of three cards in a finished hand',
      (r) =>
        withHand(r, 0, (h) => ({ ...h, tricks: [h.tricks[0]!.replace(/ \S+$/, ''), ...h.tricks.slice(1)] })),
    ],
    [
      'an unfinished hand before the last',
      (r) => withHand(r, 0, (h) => ({ ...h, tricks: h.tricks.slice(0, 12) })),
    ],
    ['fourteen tricks', (r) => withHand(r, 2, (h) => ({ ...h, tricks: [...h.tricks, h.tricks[0]!] }))],
    ['a moon choice without shooterChoice', (r) => withHand(r, 0, (h) => ({ ...h, moonChoice: 'plus' }))],
    ['a seven suit without sevenOfDie', (r) => withHand(r, 0, (h) => ({ ...h, sevenSuit: 'D' }))],
    [
      'a hand after the game ended',
      () => {
        const r = recordOf({ targetScore: 1 }, 1);
        return { ...r, hands: [...r.hands, r.hands[0]] };
      },
    ],
  ])('%s is a format error', (_, make) => {
    const r = replayRecord(JSON.parse(JSON.stringify(make(copy(BASE)) ?? null)));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe('format');
      if (r.error.kind === 'format') expect(r.error.message).toMatch(/\S/);
    }
  });

  test('sevenSuit is required under sevenOfDie, and must be C, D or S', () => {
    const r = recordOf({ sevenOfDie: true }, 3, 2);
    expect(r.hands.every((h) => ['C', 'D', 'S'].includes(h.sevenSuit!))).toBe(true);
    expect(kindOf(r)).toBe('ok');
    expect(kindOf(withHand(copy(r), 1, (h) => ({ ...h, sevenSuit: undefined })))).toBe('format');
    expect(kindOf(withHand(copy(r), 0, (h) => ({ ...h, sevenSuit: 'H' as 'C' })))).toBe('format');
    expect(kindOf(withHand(copy(r), 0, (h) => ({ ...h, sevenSuit: 'd' as 'D' })))).toBe('format');
  });

  test('moonChoice is required exactly on hands where the shooter chose', () => {
    const rng = seededRandom(1);
    let g = start({ moon: 'shooterChoice', passCards: 0 });
    g = advanceUntil(g, rng, (x) => x.phase === 'moon', true);
    const pending = makeRecord(g, ['a', 'b', 'c', 'd']);
    expect(pending.hands[0]!.moonChoice).toBeUndefined();
    // A partial game may stop while the shooter chooses …
    const stopped = replayRecord(copy(pending));
    expect(stopped.ok && stopped.value.state.phase).toBe('moon');
    expect(stopped.ok && stopped.value.finished).toBe(false);
    expect(stopped.ok && stopped.value.hands).toEqual([]);
    // … but a hand followed by another needs the choice.
    g = randomStep(g, rng, true);
    const chose = g.log[0]!.moonChoice!;
    g = randomStep(g, rng, true); // the next deal
    const rec = makeRecord(g, ['a', 'b', 'c', 'd']);
    expect(rec.hands[0]!.moonChoice).toBe(chose);
    expect(kindOf(rec)).toBe('ok');
    expect(kindOf(withHand(copy(rec), 0, (h) => ({ ...h, moonChoice: undefined })))).toBe('format');
    expect(kindOf(withHand(copy(rec), 0, (h) => ({ ...h, moonChoice: 'both' as 'plus' })))).toBe('format');
    const other = chose === 'plus' ? 'minus' : 'plus';
    const flipped = replayRecord(withHand(copy(rec), 0, (h) => ({ ...h, moonChoice: other })));
    expect(flipped.ok && flipped.value.hands[0]!.moonChoice).toBe(other);
  });

  test('partial games: the last hand may stop anywhere', () => {
    const full = BASE;
    const cases: GameRecord[] = [
      { ...full, hands: [] },
      { ...full, hands: [{ deal: full.hands[0]!.deal, tricks: [] }] }, // dealt, nobody passed
      { ...full, hands: [{ ...full.hands[0]!, tricks: [] }] }, // passed, nothing played
      { ...full, hands: [{ ...full.hands[0]!, tricks: ['2C'] }] }, // one card
      { ...full, hands: [{ ...full.hands[0]!, tricks: full.hands[0]!.tricks.slice(0, 5) }] },
      { ...full, hands: [full.hands[0]!, { ...full.hands[1]!, tricks: full.hands[1]!.tricks.slice(0, 12) }] },
    ];
    for (const rec of cases) {
      const r = replayRecord(copy(rec));
      expect(r.ok).toBe(true);
      if (r.ok) {
        expect(r.value.finished).toBe(false);
        expect(r.value.winners).toEqual([]);
        expect(makeRecord(r.value.state, rec.players)).toEqual(rec);
      }
    }
  });

  test('the outcome: hands, scores, finished, winners', () => {
    const r = replayRecord(recordOf({ targetScore: 20 }, 2, 10));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.finished).toBe(true);
    const totals = r.value.hands.reduce((t, h) => t.map((x, s) => x + h.points[s]!), [0, 0, 0, 0]);
    expect(r.value.scores).toEqual(totals);
    const low = Math.min(...totals);
    expect(r.value.winners).toEqual(totals.flatMap((t, s) => (t === low ? [s] : [])));
    expect(Math.max(...totals)).toBeGreaterThanOrEqual(20);
  });
});

describe('replayRecord: illegal steps', () => {
  test('an illegal pass names the hand, the seat and the card, with trick null', () => {
    const dealt = BASE.hands[1]!.deal[2]!.split(' ');
    const notHeld = BASE.hands[1]!.deal[3]!.split(' ')[0]!;
    const bad = withHand(copy(BASE), 1, (h) => ({
      ...h,
      passes: [h.passes![0]!, h.passes![1]!, `${notHeld} ${dealt[1]} ${dealt[2]}`, h.passes![3]!],
    }));
    const r = replayRecord(bad);
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'illegal', hand: 1, trick: null, seat: 2, card: notHeld, code: 'ERR_CARD_NOT_IN_HAND' },
    });
  });

  test('passing a card twice, or too few cards', () => {
    const dup = withHand(copy(BASE), 0, (h) => {
      const c = h.deal[1]!.split(' ');
      return { ...h, passes: [h.passes![0]!, `${c[0]} ${c[0]} ${c[1]}`, h.passes![2]!, h.passes![3]!] };
    });
    expect(replayRecord(dup)).toMatchObject({
      ok: false,
      error: { kind: 'illegal', hand: 0, trick: null, seat: 1, code: 'ERR_DUPLICATE_CARD' },
    });
    const few = withHand(copy(BASE), 0, (h) => ({
      ...h,
      passes: [h.passes![0]!.replace(/ \S+$/, ''), ...h.passes!.slice(1)],
    }));
    expect(replayRecord(few)).toMatchObject({
      ok: false,
      error: { kind: 'illegal', hand: 0, trick: null, seat: 0, code: 'ERR_WRONG_PASS_COUNT', card: null },
    });
  });

  test('the first lead must be the 2♣', () => {
    const passed = replayRecord({ ...BASE, hands: [{ ...BASE.hands[0]!, tricks: [] }] });
    if (!passed.ok) throw new Error('prefix refused');
    const leader = toPlay(passed.value.state)!;
    const other = handOf(passed.value.state, leader)
      .names()
      .find((c) => c !== '2C')!;
    const bad = withHand(copy(BASE), 0, (h) => ({
      ...h,
      tricks: [h.tricks[0]!.replace('2C', other), ...h.tricks.slice(1)],
    }));
    expect(replayRecord(bad)).toMatchObject({
      ok: false,
      error: {
        kind: 'illegal',
        hand: 0,
        trick: 0,
        seat: leader,
        card: other,
        code: 'ERR_MUST_LEAD_LOWEST_CLUB',
      },
    });
  });
});

describe('replayRecord never throws', () => {
  test('on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = replayRecord(v);
        expect(r.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  test('on records with one value anywhere replaced by any JSON value', () => {
    const records = [
      BASE,
      recordOf({ sevenOfDie: true, moon: 'shooterChoice' }, 5, 2, true),
      recordOf({ players: 6 }, 6, 1),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...records), fc.nat(), fc.jsonValue(), (rec, where, value) => {
        const doc = copy(rec) as unknown;
        const paths = allPaths(doc);
        const path = paths[where % paths.length]!;
        setAt(doc, path, value);
        const r = replayRecord(doc);
        if (!r.ok) expect(['format', 'illegal']).toContain(r.error.kind);
      }),
      { numRuns: 400 },
    );
  });

  test('on random rules with random games, records replay', () => {
    fc.assert(
      fc.property(arbRules, fc.integer(), (rules, seed) => {
        const rec = recordOf(rules, seed, 2);
        expect(kindOf(JSON.parse(JSON.stringify(rec)))).toBe('ok');
      }),
      { numRuns: 30 },
    );
  });
});

test('RECORD_FORMAT', () => {
  expect(RECORD_FORMAT).toBe('hearts-record/1');
  expect(BASE.format).toBe(RECORD_FORMAT);
});

// Helpers to edit records.

type HandRec = GameRecord['hands'][number];

function withHand(r: GameRecord, h: number, f: (hand: HandRec) => HandRec): GameRecord {
  const hands = [...r.hands];
  hands[h] = f(hands[h]!);
  return { ...r, hands };
}

function withDeal(r: GameRecord, h: number, seat: number, f: (cards: string[]) => string[]): GameRecord {
  return withHand(r, h, (hand) => {
    const deal = [...hand.deal];
    deal[seat] = f(deal[seat]!.split(' ')).join(' ');
    return { ...hand, deal };
  });
}

function moveCard(r: GameRecord, h: number, from: number, to: number): GameRecord {
  const card = r.hands[h]!.deal[from]!.split(' ')[0]!;
  return withDeal(
    withDeal(r, h, from, (c) => c.slice(1)),
    h,
    to,
    (c) => [...c, card],
  );
}

type Path = (string | number)[];

function allPaths(x: unknown, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(x)) x.forEach((v, i) => out.push(...allPaths(v, [...at, i])));
  else if (typeof x === 'object' && x !== null)
    for (const [k, v] of Object.entries(x)) out.push(...allPaths(v, [...at, k]));
  return out.filter((p) => p.length > 0);
}

function setAt(doc: unknown, path: Path, value: unknown): void {
  let o = doc as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  o[path[path.length - 1]!] = value;
}

describe('undosOf: the practice mark of cards taken back', () => {
  test.each([
    [{}, 0],
    [{ undos: 0 }, 0],
    [{ undos: 3 }, 3],
    [{ undos: -1 }, 1],
    [{ undos: 1.5 }, 1],
    [{ undos: '2' }, 1],
    [{ undos: null }, 1],
    [null, 0],
    ['x', 0],
  ])('%j → %i', (record, n) => expect(undosOf(record)).toBe(n));

  test('replay ignores the mark', () => {
    const g = randomGame(start({ targetScore: 10 }), seededRandom(4));
    const record = { ...makeRecord(g, ['a', 'b', 'c', 'd']), undos: 2 };
    const r = replayRecord(JSON.parse(JSON.stringify(record)));
    expect(r.ok && r.value.finished).toBe(true);
  });
});
