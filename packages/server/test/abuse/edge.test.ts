/**
 * A hostile client against a real server with its default limits (issue #14): oversized and unauthenticated
 * matchmaking, half-sent requests, slow headers, password guessing, guest, room and join floods, /metrics and
 * /healthz, security headers and CORS. A second loopback address (127.0.0.2) plays the innocent neighbour.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { TableClient } from '@hearts/live';
import { JOIN_ERRORS, joinOptions } from '@hearts/protocol/socket';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { serverPerTest, until, type TestServer } from '../helpers.js';
import { proxyMissing, startProxy } from '../proxies.js';
import { DEFAULT_LIMITS, json, open, send, type Raw } from './net.js';

/** A matchmaking request's body as a client of this protocol sends it. */
const JOINING = JSON.stringify(joinOptions());

const startServer = serverPerTest();
const raws: Raw[] = [];
afterEach(() => {
  for (const r of raws.splice(0)) r.destroy();
});

/** A server of the test's own with the default limits (and `over`), stopped after the test. */
function server(over: Parameters<typeof startServer>[0] = {}, options = {}): Promise<TestServer> {
  return startServer({ ...DEFAULT_LIMITS, ...over }, options);
}

/** A signed-in user made inside the server (not through the guest route, which is limited per address). */
async function token(t: TestServer): Promise<string> {
  return (await t.server.services.identity.guest()).token;
}

describe('matchmaking requests are judged before their body is read', () => {
  test('a 50 MB body is refused with 413 and the connection closed long before it is sent', async () => {
    const t = await server();
    const raw = await open(t.url);
    raws.push(raw);
    const size = 50 * 1024 * 1024;
    await raw.write(
      `POST /matchmake/joinById/abcdefghi HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${await token(t)}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    while (!raw.closed && raw.status === 0 && sent < size) {
      await raw.write(chunk);
      sent += chunk.length;
    }
    await raw.ended;
    expect(raw.status).toBe(413);
    expect(JSON.parse(raw.received.slice(raw.received.indexOf('\r\n\r\n') + 4))).toEqual({
      code: JOIN_ERRORS.tooLarge,
      error: expect.stringMatching(/limited to 4096 bytes/) as string,
    });
    expect(sent).toBeLessThan(size / 10);
  });

  test('a chunked body (no length) is refused with 411', async () => {
    const t = await server();
    const raw = await open(t.url);
    raws.push(raw);
    await raw.write(
      `POST /matchmake/create/friends HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${await token(t)}\r\n` +
        'Transfer-Encoding: chunked\r\n\r\n1000\r\n',
    );
    await raw.ended;
    expect(raw.status).toBe(411);
  });

  test('without a valid token: 401 while the body has not even been sent', async () => {
    const t = await server();
    for (const auth of ['', 'Authorization: Bearer forged.token\r\n']) {
      const raw = await open(t.url);
      raws.push(raw);
      await raw.write(
        `POST /matchmake/joinById/abcdefghi HTTP/1.1\r\nHost: x\r\n${auth}Content-Length: 2000\r\n\r\n`,
      );
      await raw.ended; // answered and closed: the 2000 bytes never came
      expect(raw.status).toBe(401);
      expect(raw.received).toContain(`"code":${JOIN_ERRORS.authFailed}`);
    }
    // The client reads it as the protocol's code, final for its reconnect loop.
    const forged = new TableClient({
      url: t.url,
      token: 'nobody.forged',
      roomId: 'abcdefghi',
      reconnectForMs: 0,
    });
    await expect(forged.connect()).rejects.toMatchObject({ code: JOIN_ERRORS.authFailed });
  });
});

describe('connections per address', () => {
  test('half-sent requests beyond the cap are closed; another address is still served', async () => {
    const t = await server();
    const cap = DEFAULT_LIMITS.maxConnectionsPerIp;
    const held = await Promise.all(Array.from({ length: cap }, () => open(t.url)));
    raws.push(...held);
    await Promise.all(held.map((r) => r.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'))); // never finished
    const over = await open(t.url);
    raws.push(over);
    await over.ended;
    expect(over.received).toBe(''); // closed without a word
    expect(held.every((r) => !r.closed)).toBe(true);
    const neighbour = await send(t.url, '/healthz', { from: '127.0.0.2' });
    expect(neighbour.status).toBe(200);
    // Once the held ones go (and the server has seen them go), the address is served again.
    for (const r of held) r.destroy();
    await Promise.all(held.map((r) => r.ended));
    let again = 0;
    for (let tries = 0; again !== 200 && tries < 100; tries++)
      again = await send(t.url, '/healthz').then(
        (r) => r.status,
        () => new Promise<number>((r) => setTimeout(() => r(0), 20)),
      );
    expect(again).toBe(200);
  });

  test('a client that sends its headers too slowly is cut off by the header timeout (WebSocket upgrades too)', async () => {
    const t = await server({ headersTimeoutMs: 300, requestTimeoutMs: 1000 });
    const plain = await open(t.url);
    const upgrade = await open(t.url);
    raws.push(plain, upgrade);
    await plain.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    await upgrade.write(
      'GET /p/room?sessionId=x HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n',
    );
    await Promise.all([plain.ended, upgrade.ended]);
    for (const r of [plain, upgrade]) expect([0, 408]).toContain(r.status);
  });
});

const noNginx = proxyMissing('nginx');

/** A friends' room's host and a second member through `url`: two WebSockets from 127.0.0.1 (kept in `clients`). */
async function twoSockets(
  t: TestServer,
  url: string,
  clients: TableClient[],
): Promise<[TableClient, TableClient]> {
  const host = await TableClient.createFriendsRoom({ url, token: await token(t) });
  clients.push(host);
  const second = new TableClient({ url, token: await token(t), roomId: host.roomId });
  clients.push(second);
  await second.connect();
  return [host, second];
}

describe.skipIf(noNginx !== null)('behind nginx (TRUST_PROXY, deploy/nginx/hearts.conf)', () => {
  test('rates count the address nginx saw, whatever X-Forwarded-For a client sends', async () => {
    const t = await server({ trustProxy: true });
    const proxy = await startProxy('nginx', [t.server.port]);
    try {
      for (let i = 0; i < DEFAULT_LIMITS.guestLimit.count; i++) {
        const r = await send(proxy.url, '/api/guest', {
          body: '{}',
          headers: { 'x-forwarded-for': `10.9.0.${i}` },
        });
        expect(r.status).toBe(200);
      }
      const forged = await send(proxy.url, '/api/guest', {
        body: '{}',
        headers: { 'x-forwarded-for': '10.9.9.9' },
      });
      expect(forged.status).toBe(429);
      expect((await send(proxy.url, '/api/guest', { body: '{}', from: '127.0.0.2' })).status).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  test('WebSockets count per forwarded address: one over the cap is closed', async () => {
    const t = await server({ trustProxy: true, maxConnectionsPerIp: 2 });
    const proxy = await startProxy('nginx', [t.server.port]);
    const clients: TableClient[] = [];
    try {
      const [host, second] = await twoSockets(t, proxy.url, clients);
      const third = new TableClient({
        url: proxy.url,
        token: await token(t),
        roomId: host.roomId,
        reconnectForMs: 0,
      });
      clients.push(third);
      // colyseus.js warns on the console when a room's socket closes before it joined: the refusal this test
      // expects. The warnings are kept and checked here, not printed into a passing run.
      const warned: string[] = [];
      const warn = vi
        .spyOn(console, 'warn')
        .mockImplementation((...a: unknown[]) => void warned.push(a.join(' ')));
      try {
        await expect(third.connect()).rejects.toBeDefined();
      } finally {
        warn.mockRestore();
      }
      expect(third.status).toBe('closed');
      expect(warned.length).toBeGreaterThan(0);
      for (const line of warned) expect(line).toMatch(/onError|closed unexpectedly/);
      await second.leave();
      await until('the server saw the second go', () => host.lobby?.members.length === 1);
      await third.connect(); // a place is free again
      expect(third.status).toBe('open');
    } finally {
      await Promise.all(clients.map((c) => c.leave().catch(() => undefined)));
      await proxy.close();
    }
  });

  test('nginx caps the open connections per address itself (limit_conn): 503 past it, another address served', async () => {
    const t = await server({ trustProxy: true });
    const proxy = await startProxy('nginx', [t.server.port], { perAddress: 2 });
    const clients: TableClient[] = [];
    try {
      // Two WebSockets from 127.0.0.1 are the two connections nginx lets that address hold.
      const [, second] = await twoSockets(t, proxy.url, clients);
      expect((await send(proxy.url, '/healthz')).status).toBe(503);
      expect((await send(proxy.url, '/healthz', { from: '127.0.0.2' })).status).toBe(200);
      await second.leave();
      await until('nginx saw the second go', async () => (await send(proxy.url, '/healthz')).status === 200);
    } finally {
      await Promise.all(clients.map((c) => c.leave().catch(() => undefined)));
      await proxy.close();
    }
  });
});

describe('rates per address', () => {
  test('password guessing: free failures, then one guess per doubling wait; a success resets the name', async () => {
    const t = await server();
    const owner = await t.server.services.identity.guest();
    await t.server.services.identity.rename(owner.user.id, 'Victim');
    await t.server.services.identity.claim(owner.user.id, 'correct horse');
    const login = (password: string, from = '127.0.0.1') =>
      send(t.url, '/api/login', { body: JSON.stringify({ name: 'victim', password }), from });
    /** Five guesses at once: one gets through, the others wait; the wait they are told. */
    const burst = async (): Promise<number> => {
      const replies = await Promise.all([1, 2, 3, 4, 5].map((i) => login(`burst ${i}`)));
      expect(replies.map((r) => r.status).sort()).toEqual([401, 429, 429, 429, 429]);
      const refused = replies.filter((r) => r.status === 429);
      for (const r of refused) expect(json(r)).toMatchObject({ error: 'ERR_RATE_LIMIT' });
      return Math.max(...refused.map((r) => Number(r.headers['retry-after'])));
    };
    const waitOut = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000 + 50)); // as told

    for (let i = 0; i < DEFAULT_LIMITS.loginFreePerName; i++)
      expect((await login(`guess ${i}`)).status).toBe(401);
    const first = await burst();
    expect(first).toBe(1);
    await waitOut(first);
    const second = await burst();
    expect(second).toBe(2); // doubled
    // The right password waits too, from any address: the name is backing off.
    expect((await login('correct horse', '127.0.0.2')).status).toBe(429);
    await waitOut(second);
    expect((await login('correct horse', '127.0.0.2')).status).toBe(200);
    // Reset: the free failures again.
    for (let i = 0; i < DEFAULT_LIMITS.loginFreePerName; i++)
      expect((await login(`after ${i}`, '127.0.0.2')).status).toBe(401);
  }, 20_000);

  test('concurrent guesses count too: a burst gets no more than the free failures and one more', async () => {
    const t = await server();
    const owner = await t.server.services.identity.guest();
    await t.server.services.identity.rename(owner.user.id, 'Burst');
    await t.server.services.identity.claim(owner.user.id, 'correct horse');
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(t.url, '/api/login', { body: JSON.stringify({ name: 'Burst', password: `g${i}` }) }),
      ),
    );
    const tried = replies.filter((r) => r.status === 401).length;
    expect(tried).toBeLessThanOrEqual(DEFAULT_LIMITS.loginFreePerName + 1);
    expect(replies.filter((r) => r.status === 429).length).toBe(40 - tried);
  });

  test('guessing many names from one address backs the address off', async () => {
    const t = await server();
    for (let i = 0; i < DEFAULT_LIMITS.loginFreePerIp; i++) {
      const r = await send(t.url, '/api/login', {
        body: JSON.stringify({ name: `nobody${i}`, password: 'x' }),
      });
      expect(r.status).toBe(401);
    }
    await send(t.url, '/api/login', { body: JSON.stringify({ name: 'nobody-a', password: 'x' }) });
    const r = await send(t.url, '/api/login', { body: JSON.stringify({ name: 'nobody-b', password: 'x' }) });
    expect(r.status).toBe(429);
    const neighbour = await send(t.url, '/api/login', {
      body: JSON.stringify({ name: 'nobody-c', password: 'x' }),
      from: '127.0.0.2',
    });
    expect(neighbour.status).toBe(401);
  });

  test('new guests: the limit per address, then 429 with Retry-After; another address goes on', async () => {
    const t = await server();
    for (let i = 0; i < DEFAULT_LIMITS.guestLimit.count; i++)
      expect((await send(t.url, '/api/guest', { body: '{}' })).status).toBe(200);
    const refused = await send(t.url, '/api/guest', { body: '{}' });
    expect(refused.status).toBe(429);
    expect(json(refused)).toMatchObject({ error: 'ERR_RATE_LIMIT', message: expect.any(String) as string });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(t.url, '/api/guest', { body: '{}', from: '127.0.0.2' })).status).toBe(200);
  });

  test('rooms: the limit per address; the client reads the refusal as rateLimited', async () => {
    const t = await server();
    const tk = await token(t);
    for (let i = 0; i < DEFAULT_LIMITS.roomLimit.count; i++) {
      const r = await send(t.url, '/matchmake/create/friends', { body: JOINING, token: tk });
      expect(r.status).toBe(200);
      expect(json(r)).toHaveProperty('room');
    }
    const refused = await send(t.url, '/matchmake/create/friends', { body: JOINING, token: tk });
    expect(refused.status).toBe(429);
    expect(json(refused)).toMatchObject({ code: JOIN_ERRORS.rateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await expect(TableClient.createFriendsRoom({ url: t.url, token: tk })).rejects.toMatchObject({
      code: JOIN_ERRORS.rateLimited,
    });
    const other = await send(t.url, '/matchmake/create/friends', {
      body: JOINING,
      token: tk,
      from: '127.0.0.2',
    });
    expect(other.status).toBe(200);
  });

  test('joins by room code: probing is cut off at the limit', async () => {
    const t = await server();
    const tk = await token(t);
    for (let i = 0; i < DEFAULT_LIMITS.joinLimit.count; i++) {
      const r = await send(t.url, `/matchmake/joinById/probe${i}`, { body: JOINING, token: tk });
      expect(r.status).toBe(200); // Colyseus' own answer: no such room
    }
    const refused = await send(t.url, '/matchmake/joinById/probe-last', { body: JOINING, token: tk });
    expect(refused.status).toBe(429);
    expect(json(refused)).toMatchObject({ code: JOIN_ERRORS.rateLimited });
  });
});

describe('metrics, health, headers', () => {
  test('/metrics: not on the main port by default; with METRICS_TOKEN only with it; on METRICS_PORT', async () => {
    const plain = await server();
    expect((await send(plain.url, '/metrics')).status).toBe(404);

    const token = 'a-metrics-token-of-some-length';
    const withToken = await server({ metricsToken: token });
    expect((await send(withToken.url, '/metrics')).status).toBe(401);
    expect((await send(withToken.url, '/metrics', { token: 'wrong-token-wrong-token' })).status).toBe(401);
    const ok = await send(withToken.url, '/metrics', { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatch(/^hearts_tables_active \d+$/m);

    const separate = await server({ metricsPort: 0 });
    expect((await send(separate.url, '/metrics')).status).toBe(404);
    const metricsUrl = separate.server.metricsUrl!;
    const m = await fetch(metricsUrl);
    expect(m.status).toBe(200);
    expect(await m.text()).toMatch(/^hearts_tables_active \d+$/m);
    expect((await fetch(new URL('/healthz', metricsUrl))).status).toBe(404);
  });

  test('/healthz is 503 when the database takes no writes', async () => {
    const dir = (await server()).dir; // a directory of its own for the database file
    const store = await openSqliteStore(join(dir, 'own.sqlite'));
    const t = await server({}, { store });
    await store.close(); // the file is there, the store cannot write to it
    const r = await send(t.url, '/healthz');
    expect(r.status).toBe(503);
    expect(json(r)).toMatchObject({ status: 'unwritable' });
  });

  test('security headers on the app, the API and matchmaking; no credentialed CORS for any origin', async () => {
    const t = await server({});
    const root = join(t.dir, 'web');
    mkdirSync(root);
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Hearts</title>');
    const app = await server({ webRoot: root });
    const evil = { origin: 'https://evil.example' };
    const replies = [
      await send(app.url, '/'),
      await send(app.url, '/api/me'),
      await send(app.url, '/matchmake/joinById/abc', {
        body: JOINING,
        token: await token(app),
        headers: evil,
      }),
      await send(app.url, '/matchmake/joinById/abc', { method: 'OPTIONS', headers: evil }),
    ];
    expect(replies.map((r) => r.status)).toEqual([200, 401, 200, 204]);
    for (const r of replies) {
      expect(r.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(r.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(r.headers['referrer-policy']).toBe('same-origin');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
      expect(r.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});
