// The adapter that brings Nathan Sturtevant's public Hearts program into the arena
// (scripts/public-bots/sturtevant-hearts): its translation of hearts-bot/1 messages into the driver's requests is
// checked against a stand-in driver, so no compiler and no copy of the program is needed. The real program is
// played only when setup.sh has built it in the cache (docs/performance.md, "Against a public program"); then the
// tests also check that its answers do not depend on the cards its seat cannot see.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { decideMessage, mediumBot } from '@hearts/bots';
import {
  applyMove,
  dealRandom,
  newGame,
  observation,
  parseNamedMove,
  seatsToAct,
  seededRandom,
  type GameState,
} from '@hearts/engine';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adapterSession, PLAY, type AdapterSession } from './adapter-session.js';
import { BIN, ROOT } from './cli.js';

const DIR = join(ROOT, 'packages/cli/scripts/public-bots/sturtevant-hearts');
const ADAPTER = join(DIR, 'adapter.mjs');

// A stand-in for the compiled driver: it records every request line and answers FAKE_REPLY (default: the first
// card of the request's hand, and that hand as its legal moves); FAKE_CRASH_ON makes it die on a request holding
// that text, FAKE_HANG_ON never answer it.
const FAKE_DRIVER = `#!/usr/bin/env node
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) {
  appendFileSync(process.env.FAKE_RECORD, line + '\\n');
  if (process.env.FAKE_CRASH_ON && line.includes(process.env.FAKE_CRASH_ON)) process.exit(3);
  if (process.env.FAKE_HANG_ON && line.includes(process.env.FAKE_HANG_ON)) await new Promise(() => setInterval(() => {}, 1000));
  const hand = /hand=(\\S+)/.exec(line)[1];
  const kind = line.split(' ')[0];
  const first = kind === 'pass' ? hand.split(',').slice(0, 3).join(' ') : hand.split(',')[0];
  process.stdout.write((process.env.FAKE_REPLY ?? \`ok \${first} legal=\${hand}\`) + '\\n');
}
`;

let dir = '';
let fake = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hearts-sturtevant-'));
  fake = join(dir, 'driver.mjs');
  writeFileSync(fake, FAKE_DRIVER);
  chmodSync(fake, 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let sessions = 0;

interface Session extends AdapterSession {
  requests: string[]; // the request lines the driver was sent
}

/** Runs the adapter on a driver with these messages (then quit) and collects what it said and what it asked. */
async function session(
  messages: object[],
  options: { env?: Record<string, string>; bin?: string; args?: string[] } = {},
): Promise<Session> {
  const record = join(dir, `record-${++sessions}.txt`);
  const stats = `${record}.stats.json`;
  const args = [ADAPTER, '--bin', options.bin ?? fake, '--stats', stats, '--seed', '5', '--fill-seed', '7'];
  const s = await adapterSession(
    process.execPath,
    [...args, ...(options.args ?? [])],
    messages,
    { record, stats },
    options.env,
  );
  return { ...s, requests: s.recorded.split('\n').filter(Boolean) };
}

const STANDARD_FLAGS = 0x0001 | 0x0020 | 0x0080 | 0x0100 | 0x0400 | 0x0800;

describe('the adapter, on a stand-in driver', () => {
  test('asks for a play with the seat, its hand, the pass and every card played so far', async () => {
    const s = await session([PLAY], { env: { FAKE_REPLY: 'ok 4H legal=3H,4H,5H,JH' } });
    expect(s.answers[0]).toEqual({ type: 'hello', name: 'sturtevant-hearts' });
    expect(s.answers[1]).toEqual({ type: 'move', id: 8, card: '4H' });
    expect(s.requests).toHaveLength(1);
    const r = s.requests[0]!;
    expect(r).toMatch(
      new RegExp(
        `^play seed=\\d+ fill=\\d+ rules=${STANDARD_FLAGS} seat=2 dir=1 hand=3H,4H,5H,JH,2D,6D,8D,4S,7C,9C ` +
          'passed=AS,KH,QH received=2D,7C,9C leader=0 plays=2C,5C,KC,3C,AD,7H,4D,QD,9S,TS,QS,2S,8H,2H$',
      ),
    );
    expect(s.stats).toMatchObject({ play: 1, ruleMismatches: 0, fallbacks: 0, errors: 0 });
  });

  test.each([
    [1, 1],
    [2, 2],
    [3, -1],
  ])('passes with passOffset %i in the program’s direction %i', async (offset, dir) => {
    const hand = ['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'TC', 'JC', 'QC', 'KC', 'AC'];
    const pass = { type: 'decide', id: 'p', kind: 'pass', seat: 1, hand, legal: hand, handNumber: 0 };
    const s = await session([{ ...pass, passOffset: offset }]);
    expect(s.answers[1]).toEqual({ type: 'move', id: 'p', cards: ['2C', '3C', '4C'] });
    expect(s.requests[0]).toMatch(new RegExp(`^pass .* seat=1 dir=${dir} hand=${hand.join(',')}$`));
  });

  test('a hand without passing sends no passed or received cards', async () => {
    const s = await session([{ ...PLAY, passOffset: 0, passed: null, received: null }]);
    expect(s.requests[0]).toMatch(/ dir=0 .* passed=- received=- /);
  });

  test('answers a single legal card itself', async () => {
    const s = await session([{ ...PLAY, legal: ['4H'] }]);
    expect(s.answers[1]).toEqual({ type: 'move', id: 8, card: '4H' });
    expect(s.requests).toEqual([]);
    expect(s.stats).toMatchObject({ forced: 1, play: 0 });
  });

  test('the options the program has flags for change its rules; the others are refused', async () => {
    const s = await session(
      [
        { ...PLAY, id: 1, rules: { queenBreaksHearts: true, pointsOnFirstTrick: true } },
        { ...PLAY, id: 2, rules: { heartsMustBeBroken: false, passCycle: 'left' } },
        { ...PLAY, id: 3, rules: { jackOfDiamonds: -10 } },
        { ...PLAY, id: 4, rules: { players: 5 } },
      ],
      { env: { FAKE_REPLY: 'ok 3H legal=3H,4H,5H,JH' } },
    );
    expect(s.requests.map((r) => Number(/rules=(\d+)/.exec(r)![1]))).toEqual([
      (STANDARD_FLAGS & ~(0x0080 | 0x0100)) | 0x0200,
      STANDARD_FLAGS & ~0x0800,
    ]);
    expect(s.answers[3]).toMatchObject({ type: 'error', id: 3 });
    expect(String(s.answers[3]!['message'])).toMatch(/jackOfDiamonds/);
    expect(s.answers[4]).toMatchObject({ type: 'error', id: 4 });
    expect(s.stats).toMatchObject({ play: 2, errors: 2 });
  });

  test('a choice the host does not allow is counted and replaced; so is a difference of the legal moves', async () => {
    const s = await session([PLAY], { env: { FAKE_REPLY: 'ok 2D legal=3H,4H,5H,JH,2D' } });
    expect(s.answers[1]).toEqual({ type: 'move', id: 8, card: '3H' });
    expect(s.stats).toMatchObject({ play: 1, ruleMismatches: 1, fallbacks: 1 });
    expect(s.stats['mismatchExamples']).toEqual([
      { id: 8, own: ['2D', '3H', '4H', '5H', 'JH'], host: ['3H', '4H', '5H', 'JH'] },
    ]);
  });

  test('a driver error is the decision’s error; a driver that dies is started again', async () => {
    const s = await session([PLAY, { ...PLAY, id: 9, hand: [...PLAY.hand].reverse() }, { ...PLAY, id: 10 }], {
      env: { FAKE_CRASH_ON: 'hand=9C' }, // the second message's hand starts with the 9♣
    });
    expect(s.answers[1]).toEqual({ type: 'move', id: 8, card: '3H' });
    expect(s.answers[2]).toMatchObject({ type: 'error', id: 9 });
    expect(String(s.answers[2]!['message'])).toMatch(/driver stopped/);
    expect(s.answers[3]).toEqual({ type: 'move', id: 10, card: '3H' });
    const bad = await session([PLAY], { env: { FAKE_REPLY: 'err not this seat’s turn' } });
    expect(bad.answers[1]).toEqual({ type: 'error', id: 8, message: 'not this seat’s turn' });
  });

  test('a driver stuck on a decision is given up after --timeout-ms: one error, then a new driver', async () => {
    const s = await session([PLAY, { ...PLAY, id: 9, hand: [...PLAY.hand].reverse() }, { ...PLAY, id: 10 }], {
      env: { FAKE_HANG_ON: 'hand=9C' },
      args: ['--timeout-ms', '5000'], // far beyond a stand-in's answer, even on a busy machine
    });
    expect(s.answers[1]).toEqual({ type: 'move', id: 8, card: '3H' });
    expect(s.answers[2]).toMatchObject({ type: 'error', id: 9 });
    expect(String(s.answers[2]!['message'])).toMatch(/^the driver gave no answer in 5000 ms to: play /);
    expect(s.answers[3]).toEqual({ type: 'move', id: 10, card: '3H' });
    expect(s.stats['errors']).toBe(1);
  }, 60_000);

  test('bad messages get errors, and the adapter keeps running', async () => {
    const s = await session([
      { ...PLAY, id: 1, hand: ['XX'] },
      { ...PLAY, id: 2, seat: 7 },
      { ...PLAY, id: 3, kind: 'bid' },
      { type: 'chat' },
      PLAY,
    ]);
    expect(s.answers.slice(1, 5).map((a) => a['type'])).toEqual(['error', 'error', 'error', 'error']);
    expect(s.answers[5]).toEqual({ type: 'move', id: 8, card: '3H' });
  });
});

// The real program, when setup.sh has built it (it is never fetched or compiled by the tests).
const COMMIT = /COMMIT=([0-9a-f]{40})/.exec(readFileSync(join(DIR, 'setup.sh'), 'utf8'))?.[1] ?? '';
const CACHE = process.env['HEARTS_PUBLIC_BOTS'] ?? join(homedir(), '.cache/hearts-public-bots');
const DRIVER = join(CACHE, 'sturtevant-hearts', COMMIT, 'driver');
const HAVE_PROGRAM = existsSync(DRIVER);
if (!HAVE_PROGRAM)
  console.warn(`skipped: the public program is not in ${DRIVER} (run ${join(DIR, 'setup.sh')})`);

/** Every decision of every seat in one hand of four medium bots, as decide messages. */
function decisionsOfAHand(seed: string): object[] {
  const game = newGame();
  if (!game.ok) throw new Error(game.error.message);
  let state: GameState = dealRandom(game.value, seededRandom(seed));
  const out: object[] = [];
  const rng = seededRandom(`${seed}:bots`);
  while (state.phase === 'pass' || state.phase === 'play') {
    for (const seat of seatsToAct(state)) {
      const obs = observation(state, seat);
      if (obs.legal.length > 1) out.push(decideMessage(obs, out.length));
      const move = parseNamedMove(mediumBot.decide(obs, { timeMs: 100, random: rng }));
      if (!move.ok) throw new Error(move.error);
      const next = applyMove(state, seat, move.value);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value;
    }
  }
  return out;
}

describe.skipIf(!HAVE_PROGRAM)('the program itself', () => {
  test('its answers do not depend on the cards its seat cannot see', async () => {
    const messages = decisionsOfAHand('peek');
    const args = ['--sims', '3000'];
    const a = await session(messages, { bin: DRIVER, args });
    const b = await session(messages, { bin: DRIVER, args: [...args, '--fill-seed', '8'] }); // other unseen cards
    expect(a.stats).toMatchObject({ ruleMismatches: 0, fallbacks: 0, errors: 0 });
    expect(a.answers.length).toBe(messages.length + 1);
    expect(b.answers).toEqual(a.answers);
    // …while a different seed of its own search does change some of them (the check can fail).
    const c = await session(messages, { bin: DRIVER, args: [...args, '--seed', '6'] });
    expect(c.answers).not.toEqual(a.answers);
  }, 120_000);

  test('plays a deal in the arena with no replaced move and no rule mismatch', () => {
    const stats = join(dir, 'real.stats.json');
    const cmd = `cmd:node ${ADAPTER} --bin ${DRIVER} --sims 3000 --stats ${stats}`;
    const out = spawnSync(
      process.execPath,
      [BIN, 'arena', '--bots', `easy,${cmd}`, '--deals', '1', '--json'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    expect(out.status, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ incidents: 0, hands: 8 });
    expect(JSON.parse(readFileSync(stats, 'utf8'))).toMatchObject({
      ruleMismatches: 0,
      fallbacks: 0,
      errors: 0,
    });
  }, 120_000);
});
