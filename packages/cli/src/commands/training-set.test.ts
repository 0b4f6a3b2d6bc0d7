import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { optionOf, readTrainingPosition } from '@hearts/protocol/http/training';
import { runHearts, type Run } from '../../test/cli.js';
import { trainingSet } from './training-set.js';

const dir = mkdtempSync(join(tmpdir(), 'hearts-training-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the built `hearts` command in the test's own directory. */
const hearts = (...args: string[]): Promise<Run> => runHearts(args, { cwd: dir });

// Seed 2 finds its first mistake within 29 decisions (with this small budget few marks settle above an inaccuracy).
test('training-set keeps the decisions of the weaker bots the analysis marks a mistake or a blunder', () => {
  const budget = { minSamples: 480, maxSamples: 1500 };
  const set = trainingSet({ positions: 1, levels: ['easy', 'easy', 'easy', 'easy'], seed: '2', ...budget });
  expect(set).toHaveLength(1);
  for (const p of set) {
    expect(readTrainingPosition(JSON.parse(JSON.stringify(p)))).toEqual({ ok: true, value: p });
    expect(p).toMatchObject({ source: 'starter', game: 'bots-1' });
    expect(p.cost).toBeGreaterThanOrEqual(2.5);
    expect(['mistake', 'blunder']).toContain(p.mark);
    expect(optionOf(p, p.best)).toBe(p.options[0]);
    expect(optionOf(p, p.played)!.points - p.options[0]!.points).toBeCloseTo(p.cost, 1);
  }
}, 120_000);

test('hearts training-set writes one position a line; bad usage is exit 2', async () => {
  const out = join(dir, 'set.json');
  const r = await hearts(
    'training-set',
    '--out',
    out,
    '--positions',
    '1',
    '--levels',
    'easy,easy,easy,easy',
    '--max-samples',
    '1500',
    '--min-samples',
    '480',
    '--seed',
    '2',
  );
  expect(r.code).toBe(0);
  const text = readFileSync(out, 'utf8');
  expect(text.split('\n')).toHaveLength(4); // "[", the position, "]", ""
  expect(readTrainingPosition((JSON.parse(text) as unknown[])[0])).toMatchObject({ ok: true });
  expect((await hearts('training-set')).code).toBe(2);
  expect((await hearts('training-set', '--out', out, '--levels', 'easy,nobody,easy')).stderr).toMatch(
    /--levels/,
  );
}, 120_000);
