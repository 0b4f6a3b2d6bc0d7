import { gunzipSync } from 'node:zlib';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { isSolution, parseLibrary } from '@hearts/practice/puzzles';
import { buildLibrary } from './build.js';
import type { MineSettings } from './mine.js';

const dir = mkdtempSync(join(tmpdir(), 'hearts-puzzles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Small budgets: a few puzzles of the first game, in seconds rather than minutes. */
const SMALL: MineSettings = {
  seed: 'test',
  margin: 1,
  screenDeals: { minDeals: 96, maxDeals: 192 },
  verifyDeals: 192,
  passDeals: 100,
  lineDeals: 24,
  perHand: 1,
};

test('a small library built twice with one seed is the same bytes, with one worker or two', async () => {
  const one = await buildLibrary({ settings: SMALL, count: 3, workers: 1 });
  const two = await buildLibrary({ settings: SMALL, count: 3, workers: 2, workDir: join(dir, 'work') });
  expect(two.sha256).toBe(one.sha256);
  expect(Buffer.compare(two.bytes, one.bytes)).toBe(0);
  // Started again on its work directory, it reads the games mined and gives the same bytes again.
  expect(readdirSync(join(dir, 'work')).length).toBeGreaterThan(0);
  const again = await buildLibrary({ settings: SMALL, count: 3, workers: 1, workDir: join(dir, 'work') });
  expect(again.sha256).toBe(one.sha256);

  const lib = parseLibrary(gunzipSync(one.bytes).toString('utf8'));
  expect(lib.ok).toBe(true);
  if (!lib.ok) return;
  expect(lib.value.puzzles).toHaveLength(3);
  expect(lib.value.header.build).toMatchObject({ seed: 'test', margin: 1 });
  for (const p of lib.value.puzzles) {
    // The best option is ahead of every other by the margin, and it is the answer.
    expect(p.options[1]!.points - p.options[0]!.points).toBeGreaterThanOrEqual(0.99);
    expect(p.gap).toBeGreaterThanOrEqual(1);
    expect(isSolution(p, p.kind === 'play' ? [p.solution[0]!] : p.solution)).toBe(true);
    // The seat's own view only: the observation is the engine's cut, and the line starts from it.
    expect(p.observation.hand.length).toBeGreaterThan(0);
    expect(p.line.options).toHaveLength(p.options.length);
    expect(p.finds.map((f) => f.level)).toEqual(['random', 'easy', 'medium', 'hard', 'expert']);
  }
  expect(one.figures.puzzles).toBe(3);
  expect(one.figures.noise.pairs).toBeGreaterThanOrEqual(3);
}, 600_000);
