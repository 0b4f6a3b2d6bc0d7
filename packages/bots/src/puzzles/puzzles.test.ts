import { describe, expect, test } from 'vitest';
import { makeCard, parseCard, type CardName } from '@hearts/engine';
import { buildPosition } from '../setup.js';
import { evaluatePass, evaluatePlay, passSets } from './evaluate.js';
import { passFindRates, playFindRates } from './finders.js';
import { passLines, playLines } from './lines.js';

// Seat 1 is void in clubs and holds the Q♠ with the A♠ still out: dumping it on this trick is clearly best.
const dump = buildPosition(
  {
    hand: 'QS 4S 9S 2D 5D 8D JD 3H 7H 9H JH KH',
    tricks: ['0: 2C 3C 4C 5C'],
    trick: '3: 6C',
    seat: 0,
  },
  3,
).obs;

describe('a play puzzle', () => {
  const e = evaluatePlay(dump, 'x', { minDeals: 192, maxDeals: 192 });

  test('every legal card is an option once, best first, the gap the first two options’ difference', () => {
    expect(e.deals).toBe(192);
    expect(e.options.flatMap((o) => o.cards.map(makeCard)).sort()).toEqual([...dump.legal].sort());
    for (let i = 1; i < e.options.length; i++)
      expect(e.options[i]!.points).toBeGreaterThanOrEqual(e.options[i - 1]!.points);
    expect(e.gap).toBeCloseTo(e.options[1]!.points - e.options[0]!.points, 9);
    expect(makeCard(e.options[0]!.cards[0]!)).toBe('QS');
    expect(e.gap).toBeGreaterThan(3);
    expect(e.gapSe).toBeGreaterThan(0);
  });

  test('a screen stops as soon as the gap is settled against the margin', () => {
    const screen = evaluatePlay(dump, 'x', { minDeals: 96, maxDeals: 2000 }, 1);
    expect(screen.deals).toBeLessThan(2000);
    expect(screen.gap - 4 * screen.gapSe).toBeGreaterThanOrEqual(1);
    expect(evaluatePlay(dump, 'x', { minDeals: 192, maxDeals: 192 })).toEqual(e); // the same seed, the same numbers
  });

  test('the line: each option played out on one deal from its card to the hand’s end; the best does best there', () => {
    const l = playLines(dump, e.options, 'line', 48);
    expect(l.lines).toHaveLength(e.options.length);
    l.lines.forEach((line, i) => {
      expect(line.plays[0]).toBe(e.options[i]!.cards[0]);
      expect(line.leader).toBe(3);
      // The rest of the hand: 3 more of this trick, then 11 tricks.
      expect(line.plays).toHaveLength(3 + 11 * 4 - 1 + 1);
      expect(line.points.reduce((a, x) => a + x, 0)).toBe(26);
    });
    // Dumping the Q♠ on the club trick: the seat takes it in no line where it is dumped.
    expect(l.lines[0]!.points[0]).toBeLessThan(13);
    expect(l.moonMine.every((x) => x >= 0 && x <= 1)).toBe(true);
    expect(playLines(dump, e.options, 'line', 48)).toEqual(l);
  });

  test('the bots’ finds: random counted exactly, the others as often as asked, the same for the seed', () => {
    const f = playFindRates(dump, ['QS'], 'f');
    expect(f.map((x) => x.level)).toEqual(['random', 'easy', 'medium', 'hard', 'expert']);
    expect(f[0]).toEqual({ level: 'random', found: 1, tries: dump.legal.length });
    for (const x of f.slice(1)) expect(x.found).toBeLessThanOrEqual(x.tries);
    expect(f.find((x) => x.level === 'expert')!.found).toBe(4); // the expert never keeps the queen here
    expect(playFindRates(dump, ['QS'], 'f')).toEqual(f);
  });
});

describe('a pass puzzle', () => {
  const pass = buildPosition({ phase: 'pass', hand: '2C 5C 9C 3S QS KS 3D 7D 8H 9H TH JH KH' }, 5).obs;

  test('sets rated best first; the lines start the hand after the pass, with what the seat received', () => {
    const sets = passSets(pass, 4);
    const e = evaluatePass(pass, 's', sets, 100);
    expect(e.options).toHaveLength(4);
    expect(e.options.map((o) => o.cards.length)).toEqual([3, 3, 3, 3]);
    const l = passLines(pass, e.options, 'l', 20);
    expect(l.received).toHaveLength(3);
    for (const c of l.received!) expect(pass.hand).not.toContain(makeCard(c));
    for (const line of l.lines) {
      expect(line.plays).toHaveLength(52);
      expect(line.plays[0]).toBe(parseCard('2C'));
    }
    const names = e.options.map((o) => o.cards.map(makeCard) as CardName[]);
    const f = passFindRates(pass, names, 'f');
    expect(f[0]).toEqual({ level: 'random', found: 1, tries: 4 });
  });
});
