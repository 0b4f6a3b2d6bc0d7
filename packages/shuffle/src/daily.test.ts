import { describe, expect, test } from 'vitest';
import { CardSet, DEFAULT_RULES, deal, newGame, parseRules, unwrap } from '@hearts/engine';
import { dailyCommitment, dailyDeal, makeDailyReveal, parseDailyReveal, verifyDailyReveal } from './daily.js';
import { seedFromHex } from './crypto.js';

const RULES = unwrap(parseRules({ ...DEFAULT_RULES, handsToPlay: 4, ties: 'shareWin' }));
const seed = new Uint8Array(32).map((_, i) => i * 7 + 1);
const date = '2026-12-01';

describe('hearts-daily/1', () => {
  test('the commitment binds the seed and the day', () => {
    const c = dailyCommitment(date, seed);
    expect(c).toMatch(/^[0-9a-f]{64}$/);
    expect(dailyCommitment(date, seed)).toBe(c);
    expect(dailyCommitment('2026-12-02', seed)).not.toBe(c);
    const other = seed.slice();
    other[0]! ^= 1;
    expect(dailyCommitment(date, other)).not.toBe(c);
    expect(() => dailyCommitment('1.12.2026', seed)).toThrow(/YYYY-MM-DD/);
    expect(() => dailyCommitment(date, new Uint8Array(31))).toThrow(/32 bytes/);
  });

  test('each hand is a legal deal of the rules, different per hand, and the same again from the same seed', () => {
    const deals = [0, 1, 2, 3].map((handNumber) => dailyDeal({ date, seed, rules: RULES, handNumber }));
    let game = unwrap(newGame(RULES));
    const first = deals[0]!;
    expect(unwrap(deal(game, first.hands, first.sevenSuit)).phase).toBe('pass');
    for (const d of deals) {
      expect(d.hands.map((h) => h.size())).toEqual([13, 13, 13, 13]);
      expect(d.hands.reduce((a, h) => a.union(h), CardSet.EMPTY).size()).toBe(52);
    }
    expect(deals[1]!.cards).not.toEqual(deals[0]!.cards);
    expect(dailyDeal({ date, seed, rules: RULES, handNumber: 2 }).cards).toEqual(deals[2]!.cards);
    expect(dailyDeal({ date: '2026-12-02', seed, rules: RULES, handNumber: 0 }).cards).not.toEqual(
      first.cards,
    );
    game = unwrap(newGame({ ...RULES, sevenOfDie: true }));
    const die = dailyDeal({ date, seed, rules: game.rules, handNumber: 0 });
    expect([0, 1, 2]).toContain(die.sevenSuit);
  });

  test('a known vector: the first cards of the day stay what they are', () => {
    const d = dailyDeal({ date, seed, rules: RULES, handNumber: 0 });
    // Pinned: a change to the derivation changes every past day's verification.
    expect(d.cards[1]!.slice(0, 3)).toMatchInlineSnapshot(`
      [
        "QC",
        "TS",
        "5D",
      ]
    `);
  });

  test('the revealed seed reproduces the day, through JSON; a changed seed, deal or commitment fails', () => {
    const reveal = JSON.parse(JSON.stringify(makeDailyReveal({ date, seed, rules: RULES }))) as unknown;
    const parsed = unwrap(parseDailyReveal(reveal));
    expect(parsed.deals).toHaveLength(4);
    const published = dailyCommitment(date, seed);
    expect(verifyDailyReveal(parsed, { expectCommitment: published })).toEqual({
      ok: true,
      failures: [],
      hands: 4,
    });
    const records = new Map([[1, dailyDeal({ date, seed, rules: RULES, handNumber: 1 }).hands]]);
    expect(verifyDailyReveal(parsed, { records }).ok).toBe(true);

    const swapped = structuredClone(parsed);
    const h = swapped.deals[2]!.hands;
    [h[0]![0], h[1]![0]] = [h[1]![0]!, h[0]![0]!];
    expect(verifyDailyReveal(swapped).failures.map((f) => f.code)).toEqual(['ERR_HANDS']);

    const otherSeed = { ...parsed, seed: 'ab'.repeat(32) };
    expect(verifyDailyReveal(otherSeed).failures.map((f) => f.code)).toContain('ERR_COMMITMENT');
    expect(
      verifyDailyReveal(parsed, { expectCommitment: 'cd'.repeat(32) }).failures.map((f) => f.code),
    ).toEqual(['ERR_COMMITMENT']);

    const wrongRecord = new Map([[0, dailyDeal({ date, seed, rules: RULES, handNumber: 1 }).hands]]);
    expect(verifyDailyReveal(parsed, { records: wrongRecord }).failures.map((f) => f.code)).toEqual([
      'ERR_RECORD',
    ]);
    expect(seedFromHex(parsed.seed)).toEqual(seed);
  });

  test('anything but a reveal is refused with the field that is wrong', () => {
    const good = makeDailyReveal({ date, seed, rules: RULES });
    const cases: [unknown, RegExp][] = [
      [null, /JSON object/],
      [{ ...good, format: 'hearts-shuffle/1' }, /format/],
      [{ ...good, date: '2026-13-01' }, /date/],
      [{ ...good, seed: 'XYZ' }, /seed/],
      [{ ...good, commitment: 1 }, /commitment/],
      [{ ...good, rules: { players: 9 } }, /rules/],
      [{ ...good, deals: {} }, /deals/],
      [{ ...good, deals: [{ handNumber: 'a', hands: [] }] }, /deals\[0\]/],
      [{ ...good, deals: [{ handNumber: 0, hands: [], sevenSuit: 3 }] }, /sevenSuit/],
    ];
    for (const [input, message] of cases) {
      const r = parseDailyReveal(input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(message);
    }
  });
});
