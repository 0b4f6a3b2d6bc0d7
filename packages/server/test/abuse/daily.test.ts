/**
 * The daily game's routes under abuse, against a real server with its default limits: a second attempt (also many
 * at once) is refused with ERR_DAILY_PLAYED; the routes count against LIMIT_DAILY per address (429 with
 * Retry-After); bad days are 404; a body on the start route is read by nobody and a huge one is refused; the
 * reveal and the other players' games stay hidden before the day is over.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DailyToday } from '@hearts/protocol/http';
import { api, guest, startTestServer, TEST_LIMITS, type TestServer } from '../helpers.js';

let t: TestServer;
beforeAll(async () => {
  // The default daily limit, scaled down so that the test reaches it quickly.
  t = await startTestServer({
    ...TEST_LIMITS,
    dailyLimit: { count: 30, seconds: 60 },
    dailyBotLevel: 'easy',
  });
});
afterAll(() => t.stop());

test('a second attempt, many at once, a huge body, bad days; then the rate limit', async () => {
  const u = await guest(t.url);
  const tries = await Promise.all(
    Array.from({ length: 6 }, () =>
      api<{ error?: string }>(t.url, '/api/daily/start', { method: 'POST', token: u.token }),
    ),
  );
  expect(tries.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  for (const r of tries.filter((x) => x.status === 409)) expect(r.body.error).toBe('ERR_DAILY_PLAYED');

  // A token that is not one: 401, not a start.
  expect((await api(t.url, '/api/daily/start', { method: 'POST', token: 'h2.nope' })).status).toBe(401);
  // A huge body to a route that reads none is never buffered: refused or ignored, never a crash.
  const huge = await fetch(`${t.url}/api/daily/start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
    body: 'x'.repeat(2_000_000),
  }).catch(() => null);
  expect(huge === null || [409, 413, 429].includes(huge.status)).toBe(true);
  for (const bad of ['2026-13-01', 'today', '..%2F..%2Fetc', '2026-1-1', `${'9'.repeat(50)}`])
    expect((await api(t.url, `/api/daily/days/${bad}`)).status).toBe(404);
  expect((await api(t.url, '/api/daily', { method: 'POST', body: {} })).status).toBe(405);

  const today = await api<DailyToday>(t.url, '/api/daily', { token: u.token });
  expect((await api(t.url, `/api/daily/days/${today.body.date}/reveal`)).status).toBe(409);

  // LIMIT_DAILY: every daily route counts; past the limit 429 ERR_RATE_LIMIT with Retry-After.
  let limited: Response | null = null;
  for (let i = 0; i < 40 && !limited; i++) {
    const r = await fetch(`${t.url}/api/daily/calendar`);
    if (r.status === 429) limited = r;
    else expect(r.status).toBe(200);
  }
  expect(limited).not.toBeNull();
  expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await limited!.json()) as { error: string }).error).toBe('ERR_RATE_LIMIT');
  // The other routes of the server are not affected.
  expect((await api(t.url, '/api/leaderboard')).status).toBe(200);
});
