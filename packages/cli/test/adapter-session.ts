/**
 * What the two public programs' adapter tests share (public-bots.test.ts, sturtevant-hearts.test.ts): one decision
 * as the arena sends it, and a session with an adapter process on a stand-in for its program.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Seat 2 to play to the fourth trick, after passing left. Seat 2 took trick 1 (K♣) and trick 2 (A♦, with seat 3's
 * 7♥: seat 3 is void in diamonds), seat 0 took trick 3 with the Q♠; seat 0 led the 8♥ and seat 1 followed with the
 * 2♥.
 */
export const PLAY = {
  type: 'decide',
  id: 8,
  kind: 'play',
  rules: { targetScore: 100 },
  seat: 2,
  hand: ['3H', '4H', '5H', 'JH', '2D', '6D', '8D', '4S', '7C', '9C'],
  legal: ['3H', '4H', '5H', 'JH'],
  handNumber: 4,
  passOffset: 1,
  passed: ['AS', 'KH', 'QH'],
  received: ['2D', '7C', '9C'],
  tricks: [
    { leader: 0, cards: ['2C', '5C', 'KC', '3C'] },
    { leader: 2, cards: ['AD', '7H', '4D', 'QD'] },
    { leader: 2, cards: ['9S', 'TS', 'QS', '2S'] },
  ],
  trick: { leader: 0, cards: ['8H', '2H'] },
  heartsBroken: true,
  scores: [10, 3, 20, 0],
};

/** What an adapter said and what its stand-in recorded in one session. */
export interface AdapterSession {
  answers: Record<string, unknown>[]; // the adapter's lines on standard output, hello first
  recorded: string; // what the stand-in wrote to FAKE_RECORD
  stats: Record<string, unknown>; // the adapter's --stats file
  code: number; // its exit code, -1 when a signal stopped it
}

/**
 * Runs `command args` (an adapter, with `--stats STATS` among its args) on these messages, after a hello and before
 * a quit, with FAKE_RECORD=RECORD for the stand-in; RECORD starts empty. Fails when the adapter wrote no stats.
 */
export function adapterSession(
  command: string,
  args: readonly string[],
  messages: readonly object[],
  files: { record: string; stats: string },
  env: Record<string, string> = {},
): Promise<AdapterSession> {
  writeFileSync(files.record, '');
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, FAKE_RECORD: files.record, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (!existsSync(files.stats)) return reject(new Error(`no stats: ${err}`));
      resolve({
        answers: out
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as Record<string, unknown>),
        recorded: readFileSync(files.record, 'utf8'),
        stats: JSON.parse(readFileSync(files.stats, 'utf8')) as Record<string, unknown>,
        code: code ?? -1,
      });
    });
    child.stdin.end(
      [{ type: 'hello', protocol: 'hearts-bot/1' }, ...messages, { type: 'quit' }]
        .map((m) => JSON.stringify(m))
        .join('\n') + '\n',
    );
  });
}
