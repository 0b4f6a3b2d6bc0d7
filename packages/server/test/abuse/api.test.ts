/**
 * The API's rate per address (`LIMIT_API`): every route counts, whether it has a rate of its own or none (the
 * leaderboard, a player's page, a record); an address over it gets 429 with Retry-After before its request is looked
 * at further, other addresses are served, and health checks never count.
 */
import { expect, test } from 'vitest';
import { serverPerTest } from '../helpers.js';
import { json, send } from './net.js';

const startServer = serverPerTest();

test('an address over the API rate gets 429 on every route, others are served, health checks never count', async () => {
  const t = await startServer({ apiLimit: { count: 5, seconds: 3600 } });
  const from = '127.0.0.2';
  const paths = [
    '/api/leaderboard',
    '/api/profile/nobody',
    '/api/games/g1/record',
    '/api/live',
    '/api/daily',
  ];
  const first = await Promise.all(paths.map((p) => send(t.url, p, { from })));
  for (const r of first) expect(r.status).not.toBe(429); // 200 or 404, answered
  for (let i = 0; i < 10; i++) expect((await send(t.url, '/healthz', { from })).status).toBe(200);

  for (const p of [...paths, '/api/me']) {
    const r = await send(t.url, p, { from });
    expect(r.status, p).toBe(429);
    expect(json(r)).toMatchObject({ error: 'ERR_RATE_LIMIT' });
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  }
  // A wrong method or an unknown path is refused as before, not counted as a route.
  expect((await send(t.url, '/api/nothing-here', { from })).status).toBe(404);

  const other = await send(t.url, '/api/leaderboard', { from: '127.0.0.3' });
  expect(other.status).toBe(200);
});
