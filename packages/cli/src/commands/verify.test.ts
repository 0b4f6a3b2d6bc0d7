import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  applyMove,
  deal,
  makeRecord,
  newGame,
  observation,
  parseNamedMove,
  parseRules,
  replayRecord,
  seatsToAct,
  unwrap,
} from '@hearts/engine';
import { dailyDeal, makeDailyReveal } from '@hearts/shuffle';
import { fallbackDecision } from '@hearts/table';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT, hearts, requireBuilt } from '../../test/cli.js';

const FIXTURES = join(ROOT, 'packages/cli/test/fixtures/verify');
const TRANSCRIPT = join(FIXTURES, 'vector-1.transcript.json');
const RECORD = join(FIXTURES, 'vector-1.record.json');

let dir = '';
const file = async (name: string, content: unknown): Promise<string> => {
  const path = join(dir, name);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const load = async (path: string): Promise<Record<string, unknown>> =>
  JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;

requireBuilt();
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hearts-verify-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('hearts verify', () => {
  test('the fixtures are the spec vector and a legal record of that hand', async () => {
    const vectors = JSON.parse(await readFile(join(ROOT, 'packages/shuffle/test-vectors.json'), 'utf8')) as {
      vectors: { name: string; transcript: unknown }[];
    };
    expect(await load(TRANSCRIPT)).toEqual(vectors.vectors.find((v) => v.name === 'vector-1')!.transcript);
    expect(replayRecord(await load(RECORD)).ok).toBe(true);
  });

  test('an honest transcript: exit 0, alone and with its record', async () => {
    const r = await hearts('verify', TRANSCRIPT);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^deal verified ✓ \(table vector-1, hand 0, commitments b3949b05\)\n$/);
    const j = await hearts('verify', TRANSCRIPT, '--record', RECORD, '--json');
    expect(j.code).toBe(0);
    expect(j.stdout.endsWith('\n') && j.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(j.stdout)).toEqual({
      ok: true,
      tableId: 'vector-1',
      handNumber: 0,
      commitmentsHash: 'b3949b05404deb2bd0fa7c36ffb2c308e20842a4bce0ab1d611a2f8fded7a7c2',
      failures: [],
      warnings: [],
    });
  });

  test('as a seat, with its seed', async () => {
    const seed1 = '01'.repeat(32);
    expect((await hearts('verify', TRANSCRIPT, '--seat', '1', '--seed', seed1)).code).toBe(0);
    const wrong = await hearts('verify', TRANSCRIPT, '--seat', '2', '--seed', seed1, '--json');
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout).failures).toEqual([
      expect.objectContaining({ code: 'ERR_OWN_SEED', seat: 2 }),
    ]);
  });

  test('each kind of mismatch: exit 1 with the reason', async () => {
    const good = await load(TRANSCRIPT);
    const seeds = good['seeds'] as string[];
    const hands = good['hands'] as string[][];
    const cases: [string, unknown, RegExp][] = [
      [
        'seed.json',
        { ...good, seeds: [seeds[0], seeds[2], seeds[2], seeds[3]] },
        /seat 1's seed does not match/,
      ],
      ['hash.json', { ...good, commitmentsHash: '0'.repeat(64) }, /commitmentsHash is not the SHA-256/],
      [
        'hands.json',
        { ...good, hands: [hands[1], hands[0], hands[2], hands[3]] },
        /seat 0 was dealt other cards than the seeds give/,
      ],
      ['fallback.json', { ...good, fallback: [3] }, /seat 3 is listed as timed out/],
    ];
    for (const [name, content, reason] of cases) {
      const r = await hearts('verify', await file(name, content));
      expect(r.code, name).toBe(1);
      expect(r.stdout).toMatch(/^deal NOT verified/);
      expect(r.stdout).toMatch(reason);
    }
  });

  test('the die: rolled by the seeds and checked; a transcript from before the die was shuffled notes it', async () => {
    const vectors = JSON.parse(await readFile(join(ROOT, 'packages/shuffle/test-vectors.json'), 'utf8')) as {
      vectors: { name: string; transcript: Record<string, unknown> }[];
    };
    const t = vectors.vectors.find((v) => v.name === 'four-players-die')!.transcript;
    const die = t['sevenSuit'] as string;
    const record = (sevenSuit: string) => ({
      format: 'hearts-record/1',
      rules: { sevenOfDie: true },
      players: ['a', 'b', 'c', 'd'],
      hands: [
        ...Array.from({ length: t['handNumber'] as number }, () => ({ deal: ['', '', '', ''] })),
        { deal: (t['hands'] as string[][]).map((h) => h.join(' ')), sevenSuit },
      ],
    });
    const honest = await file('die.json', t);
    expect(
      await hearts('verify', honest, '--record', await file('die.record.json', record(die))),
    ).toMatchObject({
      code: 0,
    });
    const other = die === 'C' ? 'D' : 'C';
    const forged = await hearts('verify', await file('die-forged.json', { ...t, sevenSuit: other }));
    expect(forged.code).toBe(1);
    expect(forged.stdout).toMatch(/the die shows [CDS], but the seeds roll [CDS] \(ERR_DIE\)/);
    const otherRecord = await hearts(
      'verify',
      honest,
      '--record',
      await file('die-other.json', record(other)),
    );
    expect(otherRecord.code).toBe(1);
    expect(otherRecord.stdout).toMatch(/ERR_RECORD_DIE/);
    const old = { ...t };
    delete old['sevenSuit'];
    const before = await hearts(
      'verify',
      await file('old.json', old),
      '--record',
      await file('r.json', record(die)),
    );
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(/note: the die of this hand is not in the transcript/);
  });

  test('a record that deals other cards: exit 1', async () => {
    const rec = await load(RECORD);
    const hand = (rec['hands'] as { deal: string[] }[])[0]!;
    const a = hand.deal[0]!.split(' ');
    const b = hand.deal[2]!.split(' ');
    [a[0], b[0]] = [b[0]!, a[0]!];
    hand.deal = [a.join(' '), hand.deal[1]!, b.join(' '), hand.deal[3]!];
    const r = await hearts(
      'verify',
      TRANSCRIPT,
      '--record',
      await file('swapped.record.json', rec),
      '--json',
    );
    expect(r.code).toBe(1);
    expect(
      JSON.parse(r.stdout).failures.map((f: { code: string; seat: number }) => [f.code, f.seat]),
    ).toEqual([
      ['ERR_RECORD_DEAL', 0],
      ['ERR_RECORD_DEAL', 2],
    ]);
    const short = await hearts(
      'verify',
      TRANSCRIPT,
      '--record',
      await file('empty.record.json', { ...rec, hands: [] }),
    );
    expect(short.code).toBe(1);
    expect(short.stdout).toMatch(/the record has no hand 0/);
  });

  test('not a transcript, or not a record: exit 2', async () => {
    const cases: [string, string][] = [
      ['not-json.json', '{"format": "hearts-shuffle/1",'],
      ['record.json', await readFile(RECORD, 'utf8')],
      ['short.json', JSON.stringify({ ...(await load(TRANSCRIPT)), seeds: ['00'] })],
    ];
    for (const [name, content] of cases) {
      const r = await hearts('verify', await file(name, content));
      expect(r.code, name).toBe(2);
      expect(r.stderr).toMatch(/^invalid transcript: /);
      expect(r.stdout).toBe('');
    }
    const missing = await hearts('verify', join(dir, 'nope.json'), '--json');
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false, invalid: true });
    const badRecord = await hearts('verify', TRANSCRIPT, '--record', TRANSCRIPT);
    expect(badRecord.code).toBe(2);
    expect(badRecord.stderr).toMatch(/^invalid record: /);
  });

  test("a game's transcripts as the app downloads them: every hand verified", async () => {
    const vectors = JSON.parse(await readFile(join(ROOT, 'packages/shuffle/test-vectors.json'), 'utf8')) as {
      vectors: { transcript: Record<string, unknown> }[];
    };
    const all = vectors.vectors.map((v) => v.transcript);
    // The app's "Shuffle transcripts" file: GET /api/games/:id/shuffle's answer, written as it came.
    const bundle = await file('game.shuffle.json', JSON.stringify({ transcripts: all }, null, 2));
    const r = await hearts('verify', bundle);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.match(/^deal verified ✓/gm)).toHaveLength(all.length);
    expect(r.stdout).toMatch(new RegExp(`^all ${all.length} deals verified ✓\n$`, 'm'));
    const j = await hearts('verify', bundle, '--json');
    expect(j.code).toBe(0);
    const verdict = JSON.parse(j.stdout) as { ok: boolean; hands: { ok: boolean; handNumber: number }[] };
    expect(verdict.ok).toBe(true);
    expect(verdict.hands.map((h) => h.handNumber)).toEqual(all.map((t) => t['handNumber']));
    expect((await hearts('verify', await file('list.json', all))).code).toBe(0);

    // One bad hand among good ones: exit 1, and the hand is named.
    const seeds = all[1]!['seeds'] as string[];
    const tampered = [all[0], { ...all[1], seeds: [seeds[1], ...seeds.slice(1)] }, all[2]];
    const bad = await hearts('verify', await file('tampered.shuffle.json', { transcripts: tampered }));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^deal NOT verified \(table vector-2, hand 5,/m);
    expect(bad.stdout).toMatch(/^1 of 3 deals NOT verified$/m);

    // Not transcripts: exit 2, with the place of the wrong one.
    for (const [name, content, reason] of [
      ['empty.shuffle.json', { transcripts: [] }, /"transcripts" must list one transcript or more/],
      [
        'broken.shuffle.json',
        { transcripts: [all[0], { ...all[1], seeds: ['00'] }] },
        /transcripts\[1\]: "seeds"/,
      ],
      ['extra.shuffle.json', { transcripts: all, more: 1 }, /unknown field "more"/],
    ] as const) {
      const r2 = await hearts('verify', await file(name, content));
      expect(r2.code, name).toBe(2);
      expect(r2.stderr).toMatch(reason);
    }
  });

  test('bad usage: exit 2', async () => {
    for (const args of [
      [],
      [TRANSCRIPT, TRANSCRIPT],
      [TRANSCRIPT, '--seed', 'ab'],
      [TRANSCRIPT, '--seat', '4'],
      ['--bench', TRANSCRIPT],
    ]) {
      const r = await hearts('verify', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/Usage: hearts verify/);
    }
  });

  // The 5 ms target is checked by running the benchmark (docs/performance.md), not by a timed test.
  test('--bench: runs the given number of hands and reports timings', async () => {
    const r = await hearts('verify', '--bench', '--hands', '300', '--json');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { hands: number; meanMs: number; medianMs: number };
    expect(result.hands).toBe(300);
    expect(result.medianMs).toBeGreaterThan(0);
    expect(result.meanMs).toBeGreaterThan(0);
  });
});

describe('hearts verify: a daily reveal (hearts-daily/1)', () => {
  const rules = unwrap(parseRules({ handsToPlay: 4, ties: 'shareWin' }));
  const seed = new Uint8Array(32).fill(9);
  const date = '2026-11-30';

  /** A whole daily game on the day's hands, every seat playing its first legal move, as a record. */
  function dailyRecord(handSeed = seed) {
    let g = unwrap(newGame(rules));
    while (g.phase !== 'gameOver') {
      if (g.phase === 'deal') {
        const d = dailyDeal({ date, seed: handSeed, rules, handNumber: g.handNumber });
        g = unwrap(deal(g, d.hands, d.sevenSuit));
        continue;
      }
      const seat = seatsToAct(g)[0]!;
      g = unwrap(applyMove(g, seat, unwrap(parseNamedMove(fallbackDecision(observation(g, seat))))));
    }
    return makeRecord(g, ['You', 'Bot 1', 'Bot 2', 'Bot 3']);
  }

  test('a reveal, its record and its published commitment verify; a record of other hands does not', async () => {
    const reveal = makeDailyReveal({ date, seed, rules });
    const path = await file('daily.json', reveal);
    const record = await file('daily-record.json', dailyRecord());
    const ok = await hearts('verify', path, '--record', record, '--commitment', reveal.commitment);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      /daily deal verified ✓ \(daily game of 2026-11-30, commitment [0-9a-f]{8}…?: 4 hands and 4 hands of the record\)/,
    );
    const js = await hearts('verify', path, '--json');
    expect(JSON.parse(js.stdout)).toMatchObject({ ok: true, date, hands: 4, failures: [] });

    const other = await file('other-record.json', dailyRecord(new Uint8Array(32).fill(3)));
    const bad = await hearts('verify', path, '--record', other);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(
      /NOT verified[\s\S]*hand 0: the game record's deal is not the deal the seed gives \(ERR_RECORD\)/,
    );

    const wrongCommitment = await hearts('verify', path, '--commitment', 'ab'.repeat(32));
    expect(wrongCommitment.code).toBe(1);
    expect(wrongCommitment.stdout).toMatch(/not the one published/);
  });

  test('a changed hand or seed fails; a broken reveal and wrong options are refused', async () => {
    const reveal = makeDailyReveal({ date, seed, rules });
    const swapped = structuredClone(reveal);
    [swapped.deals[1]!.hands[0]![0], swapped.deals[1]!.hands[2]![0]] = [
      swapped.deals[1]!.hands[2]![0]!,
      swapped.deals[1]!.hands[0]![0]!,
    ];
    const r1 = await hearts('verify', await file('swapped.json', swapped));
    expect(r1.code).toBe(1);
    expect(r1.stdout).toMatch(/hand 1: the deal listed is not the deal the seed gives \(ERR_HANDS\)/);
    const r2 = await hearts('verify', await file('seed.json', { ...reveal, seed: '00'.repeat(32) }));
    expect(r2.code).toBe(1);
    expect(r2.stdout).toMatch(/ERR_COMMITMENT/);
    const r3 = await hearts('verify', await file('broken.json', { ...reveal, date: 'yesterday' }));
    expect(r3.code).toBe(2);
    expect(r3.stderr).toMatch(/invalid reveal: .*"date" must be YYYY-MM-DD/);
    const r4 = await hearts('verify', await file('ok.json', reveal), '--seat', '0');
    expect(r4.code).toBe(2);
    expect(r4.stderr).toMatch(/--seat and --seed go with fair-shuffle transcripts/);
    const r5 = await hearts('verify', await file('ok2.json', reveal), '--commitment', 'xyz');
    expect(r5.code).toBe(2);
  });
});
