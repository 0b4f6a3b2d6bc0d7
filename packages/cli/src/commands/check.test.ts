import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replayRecord } from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import { ROOT, hearts, requireBuilt, type Run } from '../../test/cli.js';

const FIXTURES = join(ROOT, 'packages/cli/test/fixtures/check');
const fixture = (name: string): string => join(FIXTURES, name);

/** The one line of JSON a --json run prints. */
function jsonLine(r: Run): unknown {
  expect(r.stdout.endsWith('\n')).toBe(true);
  const lines = r.stdout.split('\n');
  expect(lines).toHaveLength(2); // one line, then the final newline
  expect(lines[0]).toBe(JSON.stringify(JSON.parse(lines[0]!))); // compact
  return JSON.parse(lines[0]!);
}

const load = async (name: string): Promise<unknown> => JSON.parse(await readFile(fixture(name), 'utf8'));

/** An exit-2 message: one line, no stack trace. */
function oneLine(text: string): string {
  const lines = text.split('\n').filter((l) => l !== '');
  expect(lines).toHaveLength(1);
  expect(text).not.toMatch(/^\s+at /m);
  expect(text).not.toMatch(/Error:/);
  return lines[0]!;
}

requireBuilt();

describe('hearts check', () => {
  test('a legal finished game: exit 0 and each hand’s points, the totals, the winners', async () => {
    const r = await hearts('check', '--json', fixture('legal-game.json'));
    expect(r.code).toBe(0);
    const out = jsonLine(r) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['ok', 'hands', 'scores', 'finished', 'winners']);
    const replay = replayRecord(await load('legal-game.json'));
    if (!replay.ok) throw new Error('fixture refused');
    expect(out).toEqual({
      ok: true,
      hands: replay.value.hands.map((h) => ({ points: h.points })),
      scores: replay.value.scores,
      finished: true,
      winners: replay.value.winners,
    });
    // The fixture: three hands of the standard game to 50.
    expect(out).toMatchObject({ scores: [9, 52, 6, 11], finished: true, winners: [2] });
    for (const h of out['hands'] as { points: number[] }[]) {
      expect(Object.keys(h)).toEqual(['points']);
      expect(h.points.reduce((a, b) => a + b, 0) % 26).toBe(0);
    }
  });

  test('a legal game, for people', async () => {
    const r = await hearts('check', fixture('legal-game.json'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/rules: standard/);
    expect(r.stdout).toMatch(/total\s+9\s+52\s+6\s+11/);
    expect(r.stdout).toMatch(/game over: Carla wins/);
  });

  test('a partial game: exit 0, not finished, no winners', async () => {
    const r = await hearts('check', '--json', fixture('partial-game.json'));
    expect(r.code).toBe(0);
    expect(jsonLine(r)).toEqual({
      ok: true,
      hands: [{ points: [0, 16, 6, 4] }],
      scores: [0, 16, 6, 4],
      finished: false,
      winners: [],
    });
    const text = await hearts('check', fixture('partial-game.json'));
    expect(text.stdout).toMatch(/game not finished/);
  });

  test('an illegal step: exit 1 with hand, trick, seat, card and reason', async () => {
    const r = await hearts('check', '--json', fixture('illegal-step.json'));
    expect(r.code).toBe(1);
    const out = jsonLine(r) as { ok: boolean; error: Record<string, unknown> };
    expect(Object.keys(out)).toEqual(['ok', 'error']);
    expect(out.ok).toBe(false);
    expect(out.error).toEqual({
      hand: 0,
      trick: 3,
      seat: 2,
      card: 'QS',
      reason: 'must follow suit',
      code: 'ERR_MUST_FOLLOW_SUIT',
    });
    const text = await hearts('check', fixture('illegal-step.json'));
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^illegal: hand 0, trick 3, seat 2, card QS: must follow suit/);
  });

  test.each([
    ['invalid JSON', 'invalid-json.txt', /is not JSON/],
    ['an unknown card', 'unknown-card.json', /unknown card "1X"/],
    ['an unknown rules option', 'unknown-option.json', /unknown rule option "jokers"/],
    ['a file that does not exist', 'no-such-file.json', /cannot read .*no-such-file\.json: ENOENT/],
  ])('%s: exit 2, one line, no stack trace', async (_, name, message) => {
    const r = await hearts('check', fixture(name));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(oneLine(r.stderr)).toMatch(message);
    expect(r.stderr).toMatch(/^invalid record: /);
    const j = await hearts('check', '--json', fixture(name));
    expect(j.code).toBe(2);
    const out = jsonLine(j) as { ok: boolean; message: string };
    expect(out.ok).toBe(false);
    expect(out.message).toMatch(message);
    expect(out.message).not.toMatch(/\n/);
  });

  test('bad usage: exit 2 with the message first and no stack trace', async () => {
    for (const args of [[], ['a.json', 'b.json'], ['--jsn', fixture('legal-game.json')]]) {
      const r = await hearts('check', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^hearts check: /);
      expect(r.stderr).not.toMatch(/^\s+at /m);
    }
  });
});

describe('docs/record-format.md', () => {
  test('its example is the example fixture, and hearts check accepts it', async () => {
    const doc = await readFile(join(ROOT, 'docs/record-format.md'), 'utf8');
    const block = /<!-- example-record -->\s*```json\n([\s\S]*?)```/.exec(doc);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual(await load('example-record.json'));
    const r = await hearts('check', '--json', fixture('example-record.json'));
    expect(r.code).toBe(0);
    expect(jsonLine(r)).toEqual({
      ok: true,
      hands: [{ points: [6, 0, 0, 20] }],
      scores: [6, 0, 0, 20],
      finished: true,
      winners: [1, 2],
    });
    // The documented output is what the command prints.
    expect(doc).toContain(r.stdout.trim());
  });
});
