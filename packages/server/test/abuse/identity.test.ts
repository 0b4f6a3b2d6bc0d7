/**
 * Identity under abuse, against a real server (the login flood is in login-flood.test.ts): claiming a name rotates tokens (HTTP and joining a room); old tokens are renewed; the token never travels in a
 * WebSocket URL; the database file is readable by its owner only; names that pose as bots or staff are refused.
 */
import { createHmac } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TableClient } from '@hearts/live';
import { JOIN_ERRORS } from '@hearts/protocol/socket';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { api, guest, startTestServer, until, type TestServer } from '../helpers.js';

const SECRET = 'the abuse tests secret, long enough';

let t: TestServer;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hearts-abuse-'));
  mkdirSync(join(dir, 'app'), { recursive: true });
  writeFileSync(join(dir, 'app', 'index.html'), '<!doctype html><title>Hearts</title>' + ' '.repeat(2000));
  writeFileSync(join(dir, 'app', 'app.js'), 'console.log("hearts")');
  t = await startTestServer({ webRoot: join(dir, 'app'), secret: SECRET, hashWorkers: 1 }, {}, dir);
});
afterAll(async () => {
  await t.stop();
});

/** A claimed player: name, password and the token the claim handed out. */
async function claimed(password = 'correct horse battery') {
  const g = await guest(t.url);
  const r = await api<{ token: string; user: { name: string } }>(t.url, '/api/claim', {
    token: g.token,
    body: { password },
  });
  expect(r.status).toBe(200);
  return { ...g, guestToken: g.token, token: r.body.token, password };
}

/** A token signed with the server's secret as if issued `ageMs` ago. */
function agedToken(userId: string, generation: number, ageMs: number): string {
  const body = `${userId}.${generation}.${Math.floor((Date.now() - ageMs) / 1000)}`;
  const mac = createHmac('sha256', SECRET).update(`hearts-token/2:${body}`).digest('base64url');
  return `h2.${body}.${mac}`;
}

describe('tokens', () => {
  test('claiming a name rotates them: the guest token is refused over HTTP and when joining a room', async () => {
    const p = await claimed();
    expect((await api(t.url, '/api/me', { token: p.guestToken })).status).toBe(401);
    expect((await api(t.url, '/api/history', { token: p.guestToken })).status).toBe(401);
    await expect(TableClient.createFriendsRoom({ url: t.url, token: p.guestToken })).rejects.toMatchObject({
      code: JOIN_ERRORS.authFailed,
    });
    const host = await TableClient.createFriendsRoom({ url: t.url, token: p.token });
    try {
      const stale = new TableClient({ url: t.url, token: p.guestToken, roomId: host.roomId, retryMs: 50 });
      await expect(stale.connect()).rejects.toMatchObject({ code: JOIN_ERRORS.authFailed });
    } finally {
      await host.leave();
    }
  });

  test('"sign out everywhere" refuses every older token; this device gets a new one', async () => {
    const p = await claimed();
    const login = await api<{ token: string }>(t.url, '/api/login', {
      body: { name: p.name, password: p.password },
    });
    const out = await api<{ token: string; user: { id: string } }>(t.url, '/api/signout-everywhere', {
      token: p.token,
      body: {},
    });
    expect(out.status).toBe(200);
    expect(out.body.user.id).toBe(p.id);
    for (const old of [p.token, login.body.token])
      expect((await api(t.url, '/api/me', { token: old })).status).toBe(401);
    expect((await api(t.url, '/api/me', { token: out.body.token })).status).toBe(200);
  });

  test('an old token is renewed: by GET /api/me and when joining a room', async () => {
    const g = await guest(t.url);
    const old = agedToken(g.id, 0, 3 * 24 * 60 * 60 * 1000);
    const me = await api<{ token?: string; user: { id: string } }>(t.url, '/api/me', { token: old });
    expect(me.body.user.id).toBe(g.id);
    expect(me.body.token).toMatch(/^h2\./);
    expect(me.body.token).not.toBe(old);
    const fresh = await api<{ token?: string }>(t.url, '/api/me', { token: g.token });
    expect(fresh.body.token).toBeUndefined(); // a young token is not renewed

    const kept: string[] = [];
    const host = await TableClient.createFriendsRoom({
      url: t.url,
      token: old,
      onToken: (x) => kept.push(x),
    });
    try {
      await until('the renewed token', () => kept.length > 0, 5000);
      expect((await api(t.url, '/api/me', { token: kept[0]! })).status).toBe(200);
      expect(host.currentToken).toBe(kept[0]);
    } finally {
      await host.leave();
    }
    // A token past its lifetime is refused.
    const dead = agedToken(g.id, 0, 181 * 24 * 60 * 60 * 1000);
    expect((await api(t.url, '/api/me', { token: dead })).status).toBe(401);
  });

  test('the token never travels in a WebSocket URL, and a reconnect still works', async () => {
    const urls: string[] = [];
    const record = (req: { url?: string }) => urls.push(req.url ?? '');
    t.server.http.on('upgrade', record);
    try {
      const g = await guest(t.url);
      const host = await TableClient.createFriendsRoom({ url: t.url, token: g.token, retryMs: 50 });
      try {
        await until('the lobby', () => host.lobby !== null, 5000);
        host.drop();
        await until('the reconnect', () => host.reconnects === 1 && host.status === 'open', 10_000);
        await until('the lobby again', () => host.lobby !== null, 5000);
      } finally {
        await host.leave();
      }
      expect(urls.length).toBeGreaterThanOrEqual(2); // the first connection and the reconnect
      const secret = g.token.split('.').pop()!;
      for (const u of urls) {
        expect(u).not.toContain('_authToken');
        expect(u).not.toContain(secret);
        expect(u).not.toContain(encodeURIComponent(g.token));
        expect(new URL(u, t.url).searchParams.get('sessionId')).toMatch(/\S/);
      }
    } finally {
      t.server.http.off('upgrade', record);
    }
  });
});

describe('the database file', () => {
  test('is readable by its owner only after startServer (and its -wal and -shm)', async () => {
    await guest(t.url); // a write: the WAL exists
    const db = join(t.dir, 'hearts.sqlite');
    for (const f of [db, `${db}-wal`, `${db}-shm`]) {
      expect(existsSync(f)).toBe(true);
      expect((statSync(f).mode & 0o777).toString(8)).toBe('600');
    }
  });

  test('an existing world-readable file is made owner-only when opened', async () => {
    const db = join(t.dir, 'other.sqlite');
    writeFileSync(db, '');
    chmodSync(db, 0o644);
    const store = await openSqliteStore(db);
    try {
      expect((statSync(db).mode & 0o777).toString(8)).toBe('600');
    } finally {
      await store.close();
    }
  });
});

describe('names', () => {
  test.each(['Bot 1', 'bot 2', 'Bоt 3', 'Admin', 'Hearts Official'])(
    '%s is refused with ERR_RESERVED_NAME',
    async (name) => {
      const g = await guest(t.url);
      const r = await api(t.url, '/api/name', { token: g.token, body: { name } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'ERR_RESERVED_NAME' });
    },
  );

  test('innocent names and server guest names are taken', async () => {
    const g = await guest(t.url);
    expect(g.name).toMatch(/^Guest \d+$/);
    for (const name of [`Abbot ${g.id.slice(1, 5)}`, `Admiral ${g.id.slice(1, 5)}`]) {
      const r = await api<{ user: { name: string } }>(t.url, '/api/name', { token: g.token, body: { name } });
      expect(r.body.user.name).toBe(name);
    }
  });
});
