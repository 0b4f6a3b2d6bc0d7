import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { memoryStore } from '../storage';
import { login, mergeGuestPuzzles, PUZZLE_MERGE_KEY, TOKEN_KEY } from './account';

/** A real HTTP server answering the sign-in and the puzzles' merge as told, remembering what it got. */
let server: Server;
let origin = '';
let mergeReply: { status: number; body: unknown } = { status: 200, body: { rating: null, history: [] } };
const got: { url: string; auth: string | null; body: string }[] = [];

const kept = { id: 'ukept', name: 'Anna', claimed: true, rating: 1500, provisional: true, games: 0 };
const GUEST = 'h2.uguest.0.1767225600.MAC';
const KEPT = 'h2.ukept.1.1767225600.MAC';

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ url: req.url!, auth: req.headers.authorization ?? null, body });
      const r =
        req.url === '/api/login'
          ? { status: 200, body: { token: KEPT, user: kept, moderator: false } }
          : mergeReply;
      res.writeHead(r.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(r.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubGlobal('window', { location: { origin } });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  got.length = 0;
  mergeReply = { status: 200, body: { rating: null, history: [] } };
});

test('signing in to a kept name sends the guest’s token to the merge, with the kept name’s token', async () => {
  const store = memoryStore();
  store.set(TOKEN_KEY, GUEST);
  const a = await login(store, 'Anna', 'pw');
  expect(a.user.id).toBe('ukept');
  expect(store.get(TOKEN_KEY)).toBe(KEPT);
  expect(got.map((g) => g.url)).toEqual(['/api/login', '/api/puzzles/merge']);
  expect(got[1]).toMatchObject({ auth: `Bearer ${KEPT}`, body: JSON.stringify({ token: GUEST }) });
  expect(store.get(PUZZLE_MERGE_KEY)).toBeNull();
});

test('no guest before (or the same player): nothing to merge', async () => {
  const store = memoryStore();
  await login(store, 'Anna', 'pw');
  store.set(TOKEN_KEY, KEPT);
  await login(store, 'Anna', 'pw');
  expect(got.map((g) => g.url)).toEqual(['/api/login', '/api/login']);
});

test('a merge that could not be made stays for later; the sign-in does not fail for it', async () => {
  const store = memoryStore();
  store.set(TOKEN_KEY, GUEST);
  mergeReply = { status: 503, body: { error: 'ERR_DRAINING', message: 'restarting' } };
  await expect(login(store, 'Anna', 'pw')).resolves.toMatchObject({ token: KEPT });
  expect(store.get(PUZZLE_MERGE_KEY)).toBe(GUEST);
  mergeReply = { status: 200, body: { rating: null, history: [] } };
  expect(await mergeGuestPuzzles(store)).toBe(true);
  expect(store.get(PUZZLE_MERGE_KEY)).toBeNull();
  expect(await mergeGuestPuzzles(store)).toBe(false); // nothing left
});

test('a merge refused for good (not a guest’s, a token no longer valid) is dropped', async () => {
  for (const refusal of [
    { status: 409, body: { error: 'ERR_NOT_GUEST', message: 'not a guest' } },
    { status: 401, body: { error: 'ERR_SIGN_IN', message: 'not valid' } },
  ]) {
    const store = memoryStore();
    store.set(TOKEN_KEY, GUEST);
    mergeReply = refusal;
    await login(store, 'Anna', 'pw');
    expect(store.get(PUZZLE_MERGE_KEY)).toBeNull();
  }
});
