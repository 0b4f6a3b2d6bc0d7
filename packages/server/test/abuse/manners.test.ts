/**
 * Abuse of manners (issue #20): blocks, unblocks and reports are held to LIMIT_MANNERS per user (not per address:
 * a guest farm from many addresses is still one user each); a user blocks at most MANNERS_LIMITS.blocks players
 * and reports at most MANNERS_LIMITS.reportsPerDay a day; bodies are checked (a report's text is bounded).
 */
import { expect, test } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config.js';
import { MANNERS_LIMITS } from '@hearts/protocol/http';
import { api, friendsGame, guest, serverPerTest } from '../helpers.js';
import { DEFAULT_LIMITS } from './net.js';

const startServer = serverPerTest();

test('blocks and reports are held to LIMIT_MANNERS per user, with Retry-After; another user is not', async () => {
  const t = await startServer(DEFAULT_LIMITS);
  const url = t.url;
  const [a, b, c] = await Promise.all([guest(url), guest(url), guest(url)]);
  const limit = DEFAULT_CONFIG.mannersLimit.count;
  for (let i = 0; i < limit; i++) {
    const r = await api(url, '/api/blocks', { token: a.token, body: { userId: i % 2 ? b.id : c.id } });
    expect(r.status).toBe(200);
  }
  const over = await fetch(`${url}/api/blocks/remove`, {
    method: 'POST',
    headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: b.name }),
  });
  expect(over.status).toBe(429);
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await over.json()).toMatchObject({ error: 'ERR_RATE_LIMIT' });
  const report = await api(url, '/api/reports', {
    token: a.token,
    body: { tableId: 'tnothing', seat: 1, reason: 'other' },
  });
  expect(report.status).toBe(429);
  // Reading the list is not counted; someone else is not held by a's count.
  expect((await api(url, '/api/blocks', { token: a.token })).status).toBe(200);
  expect((await api(url, '/api/blocks', { token: b.token, body: { userId: a.id } })).status).toBe(200);
});

test('at most MANNERS_LIMITS.blocks blocks per user; bad bodies are refused; reports have a daily cap', async () => {
  const t = await startServer();
  const url = t.url;
  const store = t.server.services.store;
  const [a, b] = await Promise.all([guest(url), guest(url)]);
  for (let i = 0; i < MANNERS_LIMITS.blocks; i++) await store.manners.block(a.id, `ufake${i}`, i);
  const full = await api(url, '/api/blocks', { token: a.token, body: { userId: b.id } });
  expect(full).toMatchObject({ status: 409, body: { error: 'ERR_TOO_MANY' } });
  for (const body of [
    { userId: 'x'.repeat(41) },
    { userId: b.id, extra: 1 },
    { tableId: 'tx', seat: 9 },
    { tableId: 'tx' },
    'nonsense',
  ])
    expect((await api(url, '/api/blocks', { token: b.token, body })).body).toMatchObject({
      error: 'ERR_MALFORMED',
    });
  expect((await api(url, '/api/blocks', { token: b.token, body: { userId: b.id } })).body).toMatchObject({
    error: 'ERR_SELF',
  });
  expect((await api(url, '/api/blocks', { token: b.token, body: { userId: 'unobody' } })).status).toBe(404);
  const big = await fetch(`${url}/api/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tableId: 'tx', seat: 0, reason: 'other', text: 'x'.repeat(10_000) }),
  });
  expect(big.status).toBe(413);

  // The daily cap on reports: at most reportsPerDay from one reporter (each table once).
  const g = await friendsGame(url, 2);
  const reporter = g.users[0]!;
  const seat = g.clients[1]!.state!.table.you;
  for (let i = 0; i < MANNERS_LIMITS.reportsPerDay; i++)
    await store.manners.addReport({
      id: `rfake${i}`,
      reporterId: reporter.id,
      reportedId: g.users[1]!.id,
      tableId: `tfake${i}`,
      seat: 0,
      reason: 'other',
      text: '',
      at: Date.now() - i,
    });
  const capped = await api(url, '/api/reports', {
    token: reporter.token,
    body: { tableId: g.code, seat, reason: 'stalling' },
  });
  expect(capped).toMatchObject({ status: 409, body: { error: 'ERR_TOO_MANY' } });
  for (const c of g.clients) c.vanish();
});
