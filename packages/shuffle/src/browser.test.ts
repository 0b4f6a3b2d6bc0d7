/**
 * The library runs unchanged in a browser: real Chromium loads the built ES modules (no bundler, an import map for
 * the two dependencies), reproduces a spec vector, draws real seeds and verifies a whole protocol run.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../../web/scripts/browser.js'; // the one launcher of Chromium

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVED = ['packages/shuffle/dist/', 'packages/engine/dist/', 'node_modules/@noble/hashes/'];

/** Runs in the page: a plain ES module importing the library through the import map. */
const CHECKS = `
import { commitment, commitmentsHash, makeTranscript, verifyTranscript, ShuffleRound, ShuffleSession } from '@hearts/shuffle';
const seeds = [0, 1, 2, 3].map((i) => new Uint8Array(32).fill(i));
const commitments = seeds.map((s, i) => commitment('vector-1', 0, i, s));
const t = makeTranscript({ tableId: 'vector-1', handNumber: 0, players: 4, removedCards: [], commitments, seeds });
// A whole protocol run with seeds from the browser's crypto.getRandomValues.
const info = { tableId: 'browser', handNumber: 0, players: 4, removedCards: [] };
const round = new ShuffleRound(info);
const me = new ShuffleSession({ ...info, seat: 0 });
round.commit(0, me.commitment);
for (const s of [1, 2, 3]) round.commitBot(s);
const list = round.published();
me.receiveCommitments(list.commitments, list.commitmentsHash);
round.reveal(0, me.reveal().value);
const done = round.finish().value;
window.result = {
  hash: commitmentsHash(commitments),
  hand0: t.hands[0].join(' '),
  ok: verifyTranscript(t).ok,
  live: me.verify(done.transcript, done.hands[0]).ok,
  hasProcess: typeof globalThis.process !== 'undefined',
};
`;

const PAGE = `<!doctype html><html><head><script type="importmap">${JSON.stringify({
  imports: {
    '@hearts/shuffle': '/packages/shuffle/dist/index.js',
    '@hearts/engine': '/packages/engine/dist/index.js',
    '@noble/hashes/': '/node_modules/@noble/hashes/',
  },
})}</script>
<script type="module">${CHECKS}</script></head><body></body></html>`;

let server: Server;
let browser: Browser;
let base = '';

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'packages/shuffle/dist/index.js')))
    throw new Error('build first: the browser loads the built modules (npm run build)');
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0]!)).replace(/^\/+/, '');
    if (path === '' || path === 'index.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      return;
    }
    if (!SERVED.some((dir) => path.startsWith(dir)) || path.includes('..')) {
      res.writeHead(404).end();
      return;
    }
    readFile(join(ROOT, path)).then(
      (body) =>
        res
          .writeHead(200, {
            'content-type': extname(path) === '.js' ? 'text/javascript' : 'application/json',
          })
          .end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

test('the built library runs in Chromium and agrees with the spec vector', async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base);
  const result = await page
    .waitForFunction(() => (globalThis as { result?: unknown }).result, undefined, { timeout: 20_000 })
    .then((h) => h.jsonValue());
  expect(errors).toEqual([]);
  expect(result).toEqual({
    hash: 'b3949b05404deb2bd0fa7c36ffb2c308e20842a4bce0ab1d611a2f8fded7a7c2',
    hand0: '8H 9D 4D 5S 2H QS 8D 2C QH 4H 3C JD JH',
    ok: true,
    live: true,
    hasProcess: false,
  });
  await page.close();
});
