import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  CardSet,
  QUEEN_OF_SPADES,
  TWO_OF_CLUBS,
  JACK_OF_DIAMONDS,
  isCardName,
  makeCard,
  parseCard,
  rankOf,
  sameCards,
  suitOf,
} from './index.js';

const arbCards = fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { maxLength: 52 });

describe('card notation', () => {
  test.each([
    ['2C', 0],
    ['AC', 12],
    ['2D', 13],
    ['JD', 22],
    ['QS', 36],
    ['AS', 38],
    ['2H', 39],
    ['TH', 47],
    ['AH', 51],
  ])('%s is card %i', (name, c) => {
    expect(parseCard(name)).toBe(c);
    expect(makeCard(c)).toBe(name);
  });

  test('named constants', () => {
    expect(makeCard(QUEEN_OF_SPADES)).toBe('QS');
    expect(makeCard(TWO_OF_CLUBS)).toBe('2C');
    expect(makeCard(JACK_OF_DIAMONDS)).toBe('JD');
    expect(suitOf(parseCard('QS')!)).toBe(2);
    expect(rankOf(parseCard('QS')!)).toBe(10);
  });

  test.each(['', 'Q', 'QSS', '10H', 'qs', 'Qs', '1C', 'ZS', 'QX', ' QS', 'QS '])('rejects %j', (name) => {
    expect(parseCard(name)).toBeUndefined();
    expect(isCardName(name)).toBe(false);
  });

  test('rejects non-strings without throwing', () => {
    for (const x of [null, undefined, 5, {}, []]) {
      expect(parseCard(x as unknown as string)).toBeUndefined();
      expect(isCardName(x)).toBe(false);
    }
  });

  test('parseCard and makeCard round-trip for every card and only for cards', () => {
    for (let c = 0; c < 52; c++) expect(parseCard(makeCard(c))).toBe(c);
    fc.assert(
      fc.property(fc.string({ maxLength: 3 }), (s) => {
        const c = parseCard(s);
        if (c !== undefined) expect(makeCard(c)).toBe(s);
      }),
    );
  });
});

describe('sameCards', () => {
  test('the same cards in any order, numbers or names', () => {
    fc.assert(
      fc.property(arbCards, fc.integer(), (cards, shift) => {
        const turned = cards.map((_, i) => cards[(i + Math.abs(shift)) % cards.length]!);
        expect(sameCards(cards, turned)).toBe(true);
        expect(sameCards(cards.map(makeCard), turned.map(makeCard))).toBe(true);
        if (cards.length > 0) {
          expect(sameCards(cards, cards.slice(1))).toBe(false);
          const other = [
            ...cards.slice(1),
            ...Array.from({ length: 52 }, (_, c) => c)
              .filter((c) => !cards.includes(c))
              .slice(0, 1),
          ];
          if (other.length === cards.length) expect(sameCards(cards, other)).toBe(false);
        }
      }),
    );
  });
});

describe('CardSet', () => {
  test('set algebra agrees with arrays', () => {
    fc.assert(
      fc.property(arbCards, arbCards, (a, b) => {
        const A = CardSet.fromCards(a);
        const B = CardSet.fromCards(b);
        const inB = new Set(b);
        expect(A.size()).toBe(a.length);
        expect([...A]).toEqual([...a].sort((x, y) => x - y));
        expect(A.toArray()).toEqual([...A]);
        expect(A.union(B).toArray()).toEqual([...new Set([...a, ...b])].sort((x, y) => x - y));
        expect(A.intersect(B).toArray()).toEqual(a.filter((c) => inB.has(c)).sort((x, y) => x - y));
        expect(A.diff(B).toArray()).toEqual(a.filter((c) => !inB.has(c)).sort((x, y) => x - y));
        expect(A.intersects(B)).toBe(a.some((c) => inB.has(c)));
        expect(A.isSubsetOf(B)).toBe(a.every((c) => inB.has(c)));
        expect(A.isEmpty()).toBe(a.length === 0);
        expect(A.first()).toBe(a.length ? Math.min(...a) : undefined);
        for (let c = 0; c < 52; c++) {
          expect(A.has(c)).toBe(a.includes(c));
          expect(A.with(c).has(c)).toBe(true);
          expect(A.without(c).has(c)).toBe(false);
        }
        expect(CardSet.fromNames(A.names())!.equals(A)).toBe(true);
        for (let s = 0; s < 4; s++) {
          const mask = A.suitMask(s as 0 | 1 | 2 | 3);
          expect(mask).toBe(a.filter((c) => suitOf(c) === s).reduce((m, c) => m | (1 << rankOf(c)), 0));
        }
        const rebuilt = CardSet.fromSuitMasks(A.suitMask(0), A.suitMask(1), A.suitMask(2), A.suitMask(3));
        expect(rebuilt.equals(A)).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  test('whole suits and the full deck', () => {
    expect(CardSet.FULL.size()).toBe(52);
    expect(CardSet.EMPTY.size()).toBe(0);
    expect(CardSet.suit(3).names()).toEqual([...'23456789TJQKA'].map((r) => `${r}H`));
    expect(
      CardSet.suit(0)
        .union(CardSet.suit(1))
        .union(CardSet.suit(2))
        .union(CardSet.suit(3))
        .equals(CardSet.FULL),
    ).toBe(true);
  });

  test('fromNames refuses anything that is not a card and collapses duplicates', () => {
    expect(CardSet.fromNames(['2C', 'XX'])).toBeUndefined();
    expect(CardSet.fromNames(['2C', '2C'])!.size()).toBe(1);
    expect(CardSet.fromNames(['QS', 'TH', '2C'])!.toString()).toBe('2C QS TH');
  });
});
