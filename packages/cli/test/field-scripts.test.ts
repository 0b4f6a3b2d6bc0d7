/**
 * The scripts that play hands against a field (scripts/moon-timeline.js, moon-shots.js, moon-stops.js): called
 * wrongly, each says why in one line and exits with 2 — no stack, and no unknown bot taken for `random` (the arena's
 * own check of a bot spec, `specProblem`).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from './cli.js';

const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, [join(ROOT, 'packages/cli/scripts', script), ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('a script called wrongly', () => {
  test.each([
    ['moon-timeline.js', [], /^moon-timeline: usage: moon-timeline\.js --field BOT --hands N/],
    ['moon-timeline.js', ['--field', 'medium', '--hands', 'x'], /^moon-timeline: usage: /],
    [
      'moon-timeline.js',
      ['--field', 'mediu', '--hands', '1'],
      /^moon-timeline: --field: unknown bot "mediu" \(use random, easy, medium, hard, expert, expert\+value .*, a level@ms such as expert@500, or cmd:<shell command>\)$/,
    ],
    [
      'moon-timeline.js',
      ['--field', 'medium', '--hands', '1', '--bot', 'expret'],
      /^moon-timeline: --bot: unknown bot "expret" \(use random, easy, medium, hard, expert, expert\+value .*, or cmd:<shell command>\)$/,
    ],
    [
      'moon-timeline.js',
      ['--field', 'medium', '--hands', '1', '--bot', 'expert@500'],
      /^moon-timeline: --bot: "expert@500": every seat plays at the default budget here \(no @ms\)$/,
    ],
    [
      'moon-timeline.js',
      ['--field', 'cmd: ', '--hands', '1'],
      /^moon-timeline: --field: cmd: needs a command$/,
    ],
    ['moon-shots.js', ['--field', 'medium', '--hands', '1', '--from', 'there'], /^moon-shots: usage: /],
    [
      'moon-shots.js',
      ['--field', 'medium', '--hands', '1', '--bot', 'medium'],
      /^moon-shots: medium: --bot must be a search bot \(expert or a variant\)$/,
    ],
    [
      'moon-stops.js',
      ['--field', 'medium', '--hands', '1', '--bot', 'expert+nothing'],
      /^moon-stops: expert\+nothing: --bot must be a search bot/,
    ],
    [
      'moon-stops.js',
      ['--field', 'medium', '--hands', '1', '--bot', 'expert,expert+moon10', '--why', 'yes'],
      /^moon-stops: usage: /,
    ],
  ])('%s %j: one line, exit code 2', (script, args, said) => {
    const r = run(script, args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr.trimEnd()).toMatch(said);
  });

  test('called rightly, the same script plays its hands and reports them', () => {
    const r = run('moon-timeline.js', ['--field', 'medium', '--hands', '2', '--bot', 'medium']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const last = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { hands: number; incidents: number };
    expect(last).toMatchObject({ hands: 2, incidents: 0 });
  });
});
