import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { SHOP_ROUTES } from '@hearts/protocol/http/shop';
import { ACCOUNT_ROUTES } from '@hearts/protocol/http/accounts';
import { PLAYER_ROUTES } from '@hearts/protocol/http/players';
import { GAME_ROUTES } from '@hearts/protocol/http/games';
import { ApiError, request } from './http';

/** A real HTTP server that answers each request with the next reply given, and remembers what it got. */
let server: Server;
let origin = '';
const replies: { status: number; body: unknown; type?: string }[] = [];
const got: { method: string; url: string; auth: string | null; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ method: req.method!, url: req.url!, auth: req.headers.authorization ?? null, body });
      const r = replies.shift() ?? { status: 500, body: { error: 'ERR_INTERNAL', message: 'no reply set' } };
      res.writeHead(r.status, { 'content-type': r.type ?? 'application/json' });
      res.end(typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
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

const user = { id: 'u1', name: 'Anna', claimed: false, rating: 1500, provisional: true, games: 0 };

test('a declared response comes back typed; parameters, query, body and token go out as declared', async () => {
  replies.push({ status: 200, body: { period: 'month', players: [] } });
  const top = await request(PLAYER_ROUTES.leaderboard, { query: { period: 'month' } });
  expect(top.players).toEqual([]);
  replies.push({ status: 200, body: { balance: 5, item: 'back-lattice', extra: 'ignored' } });
  const bought = await request(SHOP_ROUTES.buy, { token: 'tok', body: { item: 'back-lattice' } });
  expect(bought).toEqual({ balance: 5, item: 'back-lattice' });
  replies.push({ status: 200, body: { transcripts: [] } });
  await request(GAME_ROUTES.transcripts, { token: 'tok', params: { id: 'a/b c' } });
  expect(got.slice(-3)).toEqual([
    { method: 'GET', url: '/api/leaderboard?period=month', auth: null, body: '' },
    { method: 'POST', url: '/api/shop/buy', auth: 'Bearer tok', body: '{"item":"back-lattice"}' },
    { method: 'GET', url: '/api/games/a%2Fb%20c/shuffle', auth: 'Bearer tok', body: '' },
  ]);
});

test('a response that is not what the route declares is an ERR_BAD_RESPONSE, not a wrong value', async () => {
  replies.push({ status: 200, body: { token: 't', user: { ...user, rating: '1500' }, moderator: false } });
  const wrong = await request(ACCOUNT_ROUTES.guest, { body: {} }).catch((e: unknown) => e);
  expect(wrong).toBeInstanceOf(ApiError);
  expect(wrong).toMatchObject({ status: 200, code: 'ERR_BAD_RESPONSE' });
  expect((wrong as ApiError).message).toContain('user.rating');
  replies.push({ status: 200, body: { token: 't', user, moderator: false } });
  expect((await request(ACCOUNT_ROUTES.guest, { body: {} })).user).toEqual(user);
});

test('refusals carry the server’s code; no server or no JSON is ERR_OFFLINE', async () => {
  replies.push({ status: 402, body: { error: 'ERR_NOT_ENOUGH_CHIPS', message: 'costs 20000' } });
  await expect(request(SHOP_ROUTES.buy, { token: 't', body: { item: 'x' } })).rejects.toMatchObject({
    status: 402,
    code: 'ERR_NOT_ENOUGH_CHIPS',
    message: 'costs 20000',
  });
  replies.push({ status: 502, body: 'bad gateway', type: 'text/html' });
  await expect(request(SHOP_ROUTES.shop, { token: 't' })).rejects.toMatchObject({
    status: 502,
    code: 'ERR_OFFLINE',
  });
  vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1:1' } });
  await expect(request(SHOP_ROUTES.shop, { token: 't' })).rejects.toMatchObject({
    status: 0,
    code: 'ERR_OFFLINE',
  });
  vi.stubGlobal('window', { location: { origin } });
});
