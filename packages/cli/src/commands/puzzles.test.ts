import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, expect, test } from 'vitest';
import { runHearts } from '../../test/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'hearts-puzzles-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('hearts puzzles: bad usage is exit 2; a file that is no library is exit 1 with the reason', async () => {
  expect((await runHearts(['puzzles'], { cwd: dir })).code).toBe(2);
  expect((await runHearts(['puzzles', 'mend'], { cwd: dir })).stderr).toMatch(/no subcommand "mend"/);
  expect((await runHearts(['puzzles', 'build'], { cwd: dir })).stderr).toMatch(/--out/);
  expect((await runHearts(['puzzles', 'build', '--out', 'x', '--count', '0'], { cwd: dir })).code).toBe(2);
  writeFileSync(join(dir, 'plain.txt'), 'not gzipped');
  const plain = await runHearts(['puzzles', 'stats', join(dir, 'plain.txt')], { cwd: dir });
  expect(plain.stderr).toMatch(/not a gzipped file/);
  expect(plain.code).toBe(1);
  writeFileSync(join(dir, 'bad.gz'), gzipSync('{"format":"hearts-puzzles/1"}\n'));
  const bad = await runHearts(['puzzles', 'stats', join(dir, 'bad.gz')], { cwd: dir });
  expect(bad).toMatchObject({
    code: 1,
    stderr: expect.stringMatching(/line 1: not a hearts-puzzles\/1 header/),
  });
}, 120_000);
