import { describe, expect, test } from 'vitest';
import type { CardName } from '@hearts/engine';
import { HandAudit, canonicalDeck, dealHands } from './index.js';

// Hand 0, four players, canonical deck: seat 1 holds 2C 6C TC AC 5D 9D KD 4S 8S QS 3H 7H JH, seat 2 3C 7C …,
// seat 3 4C 8C …, seat 0 5C 9C ….
const HANDS = dealHands(canonicalDeck(), 4, 0);

describe('HandAudit', () => {
  test('the deal it works from', () => {
    expect(HANDS[1]!.slice(0, 4)).toEqual([0, 4, 8, 12]);
  });

  test('without passing, a seat may play only its own dealt cards, each once', () => {
    const a = new HandAudit(HANDS, { seat: 0, passOffset: 0, passCards: 3 });
    expect(a.played(1, '2C')).toEqual([]);
    expect(a.played(2, '2C')).toEqual([expect.objectContaining({ code: 'ERR_PLAYED_TWICE', card: '2C' })]);
    expect(a.played(2, '6C')).toEqual([
      expect.objectContaining({ code: 'ERR_NOT_HELD', seat: 2, card: '6C' }),
    ]);
    expect(a.played(2, 'XX')).toEqual([expect.objectContaining({ code: 'ERR_BAD_CARD' })]);
    expect(a.played(9, '3C')).toEqual([expect.objectContaining({ code: 'ERR_NOT_HELD' })]);
    expect(a.passed(['5C', '9C', 'KC'])).toEqual([expect.objectContaining({ code: 'ERR_PASS' })]);
    expect(a.problems).toHaveLength(5);
  });

  test('a deal that is not a deal is refused', () => {
    expect(() => new HandAudit([['2C', 'XX' as CardName]], { seat: 0, passOffset: 0, passCards: 0 })).toThrow(
      TypeError,
    );
    expect(() => new HandAudit([['2C'], ['2C']], { seat: 0, passOffset: 0, passCards: 0 })).toThrow(
      TypeError,
    );
  });

  test('a removed card is not in the deal', () => {
    const hands = dealHands(canonicalDeck(['2D']), 3, 0);
    const a = new HandAudit(hands, { seat: 0, passOffset: 1, passCards: 3 });
    expect(a.played(1, '2D')).toEqual([expect.objectContaining({ code: 'ERR_NOT_DEALT' })]);
  });

  test("the auditor's own pass and the cards it received must fit the deal", () => {
    const a = new HandAudit(HANDS, { seat: 1, passOffset: 1, passCards: 3 });
    expect(a.passed(['2C', '6C'])).toEqual([expect.objectContaining({ code: 'ERR_PASS' })]);
    expect(a.passed(['2C', '6C', '3C'])).toEqual([expect.objectContaining({ code: 'ERR_PASS' })]);
    expect(a.passed(['2C', '6C', 'TC'])).toEqual([]);
    // Seat 0 passes to seat 1: its cards are 5C 9C KC …; 3C is seat 2's.
    expect(a.received(['5C', '9C', '3C'])).toEqual([
      expect.objectContaining({ code: 'ERR_RECEIVED', card: '3C' }),
    ]);
    expect(a.received(['5C', '9C', 'KC'])).toEqual([]);
    // Seat 1 passed 2C to seat 2: seat 1 cannot play it, seat 2 can; seat 1 can play what it received.
    expect(a.played(1, '2C')).toEqual([expect.objectContaining({ code: 'ERR_NOT_HELD', seat: 1 })]);
    expect(a.played(2, '6C')).toEqual([]);
    expect(a.played(1, '5C')).toEqual([]);
    expect(a.played(1, 'AC')).toEqual([]);
    // Seat 0 kept 4D (it passed 5C 9C KC to seat 1), so seat 1 cannot play it.
    const seat0Card = HANDS[0]!.find((c) => ![3, 7, 11].includes(c))!;
    expect(a.played(1, seat0Card)).toEqual([expect.objectContaining({ code: 'ERR_NOT_HELD', seat: 1 })]);
  });

  test('other seats may play at most passCards cards from their passer', () => {
    const a = new HandAudit(HANDS, { seat: 0, passOffset: 1, passCards: 3 });
    // Seat 2 receives from seat 1: four of seat 1's cards are one too many.
    expect(a.played(2, '2C')).toEqual([]);
    expect(a.played(2, '6C')).toEqual([]);
    expect(a.played(2, 'TC')).toEqual([]);
    expect(a.played(2, 'AC')).toEqual([
      expect.objectContaining({ code: 'ERR_NOT_HELD', seat: 2, card: 'AC' }),
    ]);
    // Seat 3 cannot play seat 1's cards at all: seat 1 passes to seat 2.
    expect(a.played(3, '5D')).toEqual([expect.objectContaining({ code: 'ERR_NOT_HELD', seat: 3 })]);
  });

  test('finish: every dealt card played, and the auditor played exactly what it held', () => {
    const a = new HandAudit(HANDS, { seat: 0, passOffset: 0, passCards: 0 });
    for (let s = 0; s < 4; s++) for (const c of HANDS[s]!.slice(0, 12)) a.played(s, c);
    expect(a.finish().map((p) => p.code)).toEqual(['ERR_INCOMPLETE', 'ERR_INCOMPLETE']);
    const b = new HandAudit(HANDS, { seat: 0, passOffset: 0, passCards: 0 });
    for (let s = 0; s < 4; s++) for (const c of HANDS[s]!) b.played(s, c);
    expect(b.finish()).toEqual([]);
    const c = new HandAudit(HANDS, { seat: 0, passOffset: 2, passCards: 3 });
    for (let s = 0; s < 4; s++) for (const card of HANDS[s]!) c.played(s, card);
    expect(c.finish()).toEqual([expect.objectContaining({ code: 'ERR_INCOMPLETE', seat: 0 })]);
  });
});
