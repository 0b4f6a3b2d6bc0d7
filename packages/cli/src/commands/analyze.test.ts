import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, hearts, requireBuilt } from '../../test/cli.js';

const fixture = (dir: string, name: string): string => join(ROOT, 'packages/cli/test/fixtures', dir, name);
/**
 * One hand played by the medium bot in which seat 1, last to a spade trick won by the J♠, wins it with the Q♠
 * instead of ducking with a low spade (trick 5). Made by `node packages/cli/scripts/analysis-figures.js fixture`.
 */
const PLANTED = fixture('analyze', 'planted-queen.json');
const QUICK = ['--max-samples', '1500'];

interface Out {
  decisions: {
    hand: number;
    trick: number | null;
    seat: number;
    kind: string;
    played: unknown;
    best: unknown;
    cost: number;
    mark: string | null;
  }[];
  seats: Record<string, number>[];
}

requireBuilt();

describe('hearts analyze', () => {
  test('finds the planted blunder: one line of compact JSON, decisions and totals as documented', async () => {
    const r = await hearts('analyze', PLANTED, '--seat', '1', '--json', ...QUICK);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(JSON.stringify(JSON.parse(lines[0]!)));
    const out = JSON.parse(lines[0]!) as Out;
    expect(Object.keys(out)).toEqual(['decisions', 'seats']);
    // Seat 1 passes once and plays 13 cards.
    expect(out.decisions).toHaveLength(14);
    for (const d of out.decisions) {
      expect(Object.keys(d)).toEqual(['hand', 'trick', 'seat', 'kind', 'played', 'best', 'cost', 'mark']);
      expect(d.seat).toBe(1);
      expect(d.cost).toBeGreaterThanOrEqual(0);
      expect(Math.round(d.cost * 100) / 100).toBe(d.cost);
      if (d.cost === 0) expect(d.best).toEqual(d.played);
    }
    expect(out.decisions[0]).toMatchObject({ kind: 'pass', trick: null });
    expect(out.decisions[0]!.played).toHaveLength(3);
    const planted = out.decisions.find((d) => d.trick === 5)!;
    expect(planted).toMatchObject({ hand: 0, kind: 'play', played: 'QS' });
    expect(['4S', '7S', '9S']).toContain(planted.best); // a spade under the J♠
    expect(['mistake', 'blunder']).toContain(planted.mark);
    expect(out.seats).toHaveLength(1);
    const s = out.seats[0]!;
    expect(Object.keys(s)).toEqual([
      'seat',
      'decisions',
      'cost',
      'accuracy',
      'inaccuracies',
      'mistakes',
      'blunders',
    ]);
    expect(s['decisions']).toBe(14);
    expect(s['cost']).toBeCloseTo(
      out.decisions.reduce((a, d) => a + d.cost, 0),
      1,
    );
    expect(s['accuracy']).toBeGreaterThan(0);
    expect(s['accuracy']).toBeLessThan(100);
    expect(s['mistakes']! + s['blunders']!).toBeGreaterThanOrEqual(1);
  }, 120_000);

  test('for people: the seat, its accuracy and the marked decisions with the better card (hands and tricks from 1)', async () => {
    const r = await hearts('analyze', PLANTED, '--seat', '1', ...QUICK);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^seat 1 \(Ben\): accuracy \d+\.\d %/);
    expect(r.stdout).toMatch(
      /hand 1, trick 6: (mistake|blunder) \(\d+\.\d\d points\): played QS, better [479]S/,
    );
  }, 120_000);

  test.each([
    ['not a record', fixture('check', 'unknown-card.json'), /unknown card "1X"/],
    ['not JSON', fixture('check', 'invalid-json.txt'), /is not JSON/],
    [
      'an illegal step',
      fixture('check', 'illegal-step.json'),
      /illegal step \(hand 0, trick 3, seat 2, card QS\)/,
    ],
    ['no such file', fixture('check', 'no-such-file.json'), /cannot read .*ENOENT/],
  ])('%s: exit 2 with a one-line reason', async (_, file, reason) => {
    const r = await hearts('analyze', file, '--json');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^invalid record: /);
    expect(lines[0]).toMatch(reason);
  });

  test('the same analysis on one worker thread or three', async () => {
    const one = await hearts('analyze', PLANTED, '--json', '--workers', '1', ...QUICK);
    const three = await hearts('analyze', PLANTED, '--json', '--workers', '3', ...QUICK);
    expect(one.code).toBe(0);
    expect(three.stdout).toBe(one.stdout);
    expect((JSON.parse(one.stdout) as Out).decisions).toHaveLength(4 + 52);
  }, 240_000);

  test('bad usage: exit 2', async () => {
    for (const args of [
      [],
      ['--seat', '4', PLANTED],
      ['--seat', 'x', PLANTED],
      [PLANTED, '--max-samples', '0'],
      [PLANTED, '--workers', '0'],
    ]) {
      const r = await hearts('analyze', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^hearts analyze: /);
    }
  });
});
