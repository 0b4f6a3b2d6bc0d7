/** scripts/arena-pool.js: several arena reports of one run pooled into one, as docs/performance.md reports them. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ROOT, runHearts } from './cli.js';

const SCRIPT = join(ROOT, 'packages/cli/scripts/arena-pool.js');
const dir = mkdtempSync(join(tmpdir(), 'arena-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Estimate {
  mean: number;
  low: number;
  high: number;
}
interface Report {
  deals: number;
  results: { bot: string; seatHands: number; points: Estimate; moonsSuffered: number }[];
  differences: { a: string; b: string; points: Estimate }[];
}
interface Pooled {
  arenas: number;
  deals: number;
  bots: { bot: string; seatHands: number; points: Estimate; moons: Record<string, number> }[];
  differences: { a: string; b: string; points: Estimate; perArena: number[] }[];
  incidents: number;
}

/** An arena of medium and easy on `deals` deals from `seed`, its report written to a file. */
async function arena(seed: number, deals: number): Promise<{ file: string; report: Report }> {
  const run = await runHearts([
    'arena',
    '--bots',
    'medium,easy',
    '--deals',
    String(deals),
    '--seed',
    String(seed),
    '--workers',
    '1',
    '--json',
  ]);
  expect(run.code).toBe(0);
  const file = join(dir, `s${seed}.json`);
  writeFileSync(file, run.stdout);
  return { file, report: JSON.parse(run.stdout) as Report };
}

const pool = (files: string[]): Pooled => {
  const out = spawnSync(process.execPath, [SCRIPT, '--json', ...files], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as Pooled;
};

describe('arena-pool.js', () => {
  test('one report pools to itself; two to the deal-weighted mean with their counts summed', async () => {
    const a = await arena(1, 12);
    const b = await arena(2, 6);
    const [da, db] = [a.report.differences[0]!.points, b.report.differences[0]!.points];
    const one = pool([a.file]);
    const medium = a.report.results[0]!;
    expect(one.bots[0]!.points.mean).toBeCloseTo(medium.points.mean, 9);
    expect(one.bots[0]!.points.low).toBeCloseTo(medium.points.low, 9);
    expect(one.differences[0]!.points.high).toBeCloseTo(da.high, 9);

    const both = pool([a.file, b.file]);
    expect(both.deals).toBe(18);
    expect(both.arenas).toBe(2);
    expect(both.differences[0]!.points.mean).toBeCloseTo((12 * da.mean + 6 * db.mean) / 18, 9);
    expect(both.differences[0]!.perArena).toEqual([da.mean, db.mean]);
    const d = both.differences[0]!.points;
    expect(d.low).toBeLessThan(d.mean);
    expect(d.high).toBeGreaterThan(d.mean);
    const [ea, eb] = [a.report.results[1]!, b.report.results[1]!];
    expect(both.bots[1]!.seatHands).toBe(ea.seatHands + eb.seatHands);
    expect(both.bots[1]!.moons['suffered']).toBe(ea.moonsSuffered + eb.moonsSuffered);
  });

  test('reports of other bots, or a file without a report, are refused with a reason', () => {
    const [mine, other] = [join(dir, 'mine.json'), join(dir, 'other.json')];
    const made = (bot: string) => ({ deals: 1, results: [{ bot }], differences: [], incidents: 0 });
    writeFileSync(mine, JSON.stringify(made('medium')) + '\n');
    writeFileSync(other, JSON.stringify(made('hard')) + '\n');
    const mixed = spawnSync(process.execPath, [SCRIPT, mine, other], { encoding: 'utf8' });
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toBe('arena-pool: the reports are not of the same bots\n');
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, 'arena: 1/8 hands\n');
    const none = spawnSync(process.execPath, [SCRIPT, empty], { encoding: 'utf8' });
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('no arena report');
    const notReport = join(dir, 'not-a-report.json');
    writeFileSync(notReport, '{"hello": 1}\n');
    const wrong = spawnSync(process.execPath, [SCRIPT, notReport], { encoding: 'utf8' });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('not an arena report');
    expect(spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' }).status).toBe(2);
  });
});
