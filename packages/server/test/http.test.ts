import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NAME_PATTERN } from '@hearts/protocol/socket';
import { TEST_LIMITS, api, guest, startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

describe('health and metrics', () => {
  test('/healthz answers ok', async () => {
    expect(await api(t.url, '/healthz')).toEqual({
      status: 200,
      body: { status: 'ok', process: expect.any(String) as string, route: null },
    });
  });

  test('/metrics speaks the Prometheus text format', async () => {
    const res = await fetch(`${t.url}/metrics`, {
      headers: { authorization: `Bearer ${TEST_LIMITS.metricsToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^# TYPE hearts_moves_total counter$/m);
    expect(text).toMatch(/^hearts_tables_active \d+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
  });
});

describe('identity', () => {
  test('a guest gets a name and a token that signs them in', async () => {
    const g = await guest(t.url);
    expect(g.name).toMatch(/^Guest \d{4,}$/);
    const me = await api<{ user: { id: string; claimed: boolean; rating: number } }>(t.url, '/api/me', {
      token: g.token,
    });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: g.id, claimed: false, rating: 1500 });
  });

  test.each([
    ['de', 'Gast'],
    ['de-AT', 'Gast'],
    ['DE', 'Gast'],
    ['en', 'Guest'],
    ['en-GB', 'Guest'],
    ['fr', 'Guest'], // a language without a guest word of its own: English
    [undefined, 'Guest'],
  ])('a guest whose UI speaks %s is named "%s 4821"', async (lang, word) => {
    const r = await api<{ user: { name: string } }>(t.url, '/api/guest', { body: lang ? { lang } : {} });
    expect(r.status).toBe(200);
    expect(r.body.user.name).toMatch(new RegExp(`^${word} \\d{4,}$`));
    expect(r.body.user.name).toMatch(NAME_PATTERN);
  });

  test.each([
    ['de-AT,de;q=0.9,en;q=0.8', {}, 'Gast'],
    ['en;q=0.5, de;q=0.9', {}, 'Gast'], // by weight, not order
    ['de;q=0, en', {}, 'Guest'], // q=0: not wanted
    ['*', {}, 'Guest'],
    ['de-DE', { lang: 'en' }, 'Guest'], // the UI's language, when it is sent, comes first
    ['<script>, ;q=2, de-', {}, 'Guest'], // nonsense is passed over
  ])('a guest request without a language is named by Accept-Language %j', async (header, body, word) => {
    const r = await api<{ user: { name: string } }>(t.url, '/api/guest', {
      body,
      headers: { 'accept-language': header },
    });
    expect(r.status).toBe(200);
    expect(r.body.user.name).toMatch(new RegExp(`^${word} \\d{4,}$`));
  });

  test('a guest request with a language that is no language tag is refused', async () => {
    for (const lang of [42, '', 'de_DE', 'x'.repeat(60), 'de-<script>']) {
      const r = await api(t.url, '/api/guest', { body: { lang } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'ERR_MALFORMED' });
    }
  });

  test('a forged or missing token is refused', async () => {
    const g = await guest(t.url);
    const forged = g.token.slice(0, -2) + (g.token.endsWith('AA') ? 'BB' : 'AA');
    expect((await api(t.url, '/api/me', { token: forged })).status).toBe(401);
    expect((await api(t.url, '/api/me', { token: `someone-else.${g.token.split('.')[1]}` })).status).toBe(
      401,
    );
    expect((await api(t.url, '/api/me')).status).toBe(401);
    expect((await api(t.url, '/api/history')).status).toBe(401);
  });

  test('rename, claim with a password, and sign in elsewhere', async () => {
    const g = await guest(t.url);
    const name = `Zoe ${g.id.slice(1, 6)}`;
    expect((await api(t.url, '/api/name', { token: g.token, body: { name: 'x' } })).body).toMatchObject({
      error: 'ERR_BAD_NAME',
    });
    const renamed = await api<{ user: { name: string } }>(t.url, '/api/name', {
      token: g.token,
      body: { name },
    });
    expect(renamed.body.user.name).toBe(name);
    const other = await guest(t.url);
    const taken = await api(t.url, '/api/name', { token: other.token, body: { name: name.toUpperCase() } });
    expect(taken.status).toBe(409);

    expect((await api(t.url, '/api/claim', { token: g.token, body: { password: 'short' } })).status).toBe(
      400,
    );
    const claimed = await api<{ token: string; user: { claimed: boolean } }>(t.url, '/api/claim', {
      token: g.token,
      body: { password: 'correct horse battery' },
    });
    expect(claimed.body.user.claimed).toBe(true);
    // Claiming moves the token generation on: the guest token stops working, the answer carries the new one.
    expect((await api(t.url, '/api/me', { token: g.token })).status).toBe(401);
    const token = claimed.body.token;
    expect((await api(t.url, '/api/claim', { token, body: { password: 'another password' } })).status).toBe(
      400,
    );
    expect((await api(t.url, '/api/name', { token, body: { name: 'Someone Else' } })).status).toBe(400);

    const wrong = await api(t.url, '/api/login', { body: { name, password: 'wrong password!' } });
    expect(wrong).toEqual({
      status: 401,
      body: { error: 'ERR_WRONG_LOGIN', message: 'wrong name or password' },
    });
    expect(
      (await api(t.url, '/api/login', { body: { name: other.name, password: 'whatever1' } })).status,
    ).toBe(401);
    const login = await api<{ token: string; user: { id: string } }>(t.url, '/api/login', {
      body: { name: name.toLowerCase(), password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(g.id);
    const me = await api<{ user: { id: string } }>(t.url, '/api/me', { token: login.body.token });
    expect(me.body.user.id).toBe(g.id);
  });

  test('bad bodies get clear errors', async () => {
    const g = await guest(t.url);
    const res = await fetch(`${t.url}/api/name`, {
      method: 'POST',
      headers: { authorization: `Bearer ${g.token}` },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_MALFORMED' });
    const big = await fetch(`${t.url}/api/login`, { method: 'POST', body: 'x'.repeat(10_000) });
    expect(big.status).toBe(413);
    expect((await api(t.url, '/api/nothing')).status).toBe(404);
    expect((await api(t.url, '/api/games/../../etc/record', { token: g.token })).status).toBe(404);
  });

  test('requests are held to their route declarations (@hearts/protocol/http)', async () => {
    const g = await guest(t.url);
    // Another method on a declared path: 405 naming the one to use.
    const wrong = await fetch(`${t.url}/api/shop/buy`, { headers: { authorization: `Bearer ${g.token}` } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(await wrong.json()).toMatchObject({ error: 'ERR_METHOD' });
    expect((await api(t.url, '/api/guest', { method: 'GET' })).body).toMatchObject({ error: 'ERR_METHOD' });
    expect((await fetch(`${t.url}/healthz`, { method: 'HEAD' })).status).toBe(200); // HEAD: GET without the body
    // A body of the wrong shape, a query out of range, a parameter that names nothing.
    const name = await api(t.url, '/api/name', { token: g.token, body: { name: 42 } });
    expect(name).toMatchObject({
      status: 400,
      body: { error: 'ERR_MALFORMED', message: expect.stringMatching(/^name:/) as string },
    });
    expect((await api(t.url, '/api/leaderboard?period=week')).body).toMatchObject({ error: 'ERR_MALFORMED' });
    expect((await api(t.url, '/api/bots/grandmaster')).status).toBe(404);
    expect((await api(t.url, '/api/profile/no%20such')).status).toBe(404);
    // The token is checked before the body is read.
    expect((await api(t.url, '/api/shop/buy', { body: { nonsense: true } })).status).toBe(401);
  });
});

describe('the web app', () => {
  let w: TestServer;
  beforeAll(async () => {
    await t.stop(); // one game server per process: stop the first before starting another
    const dir = `${t.dir}-web`;
    mkdirSync(join(dir, 'app', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'app', 'index.html'), '<!doctype html><title>Hearts</title>' + ' '.repeat(1000));
    writeFileSync(join(dir, 'app', 'assets', 'a-123.js'), 'console.log(1)');
    w = await startTestServer({ webRoot: join(dir, 'app') }, {}, dir);
  });
  afterAll(async () => {
    await w.stop();
    t = await startTestServer();
  });

  test('serves the app with the game on the same port, and nothing outside its folder', async () => {
    const index = await fetch(`${w.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('<title>Hearts</title>');
    const asset = await fetch(`${w.url}/assets/a-123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${w.url}/%2e%2e/hearts.sqlite`)).status).toBe(404);
    expect((await fetch(`${w.url}/../hearts.sqlite`)).status).toBe(404);
    expect((await fetch(`${w.url}/nope.js`)).status).toBe(404);
    expect((await api(w.url, '/healthz')).status).toBe(200);
  });
});
