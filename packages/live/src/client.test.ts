import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { quickMatch, TableClient } from './client.js';
import { DEFAULT_RECONNECT_MS, JOIN_ERRORS, LIVE_PROTOCOL } from '@hearts/protocol/socket';

/**
 * A matchmaker that answers each `joinById` with the next code of a script (as the game server answers a refused
 * join: HTTP 200 with `{ code, error }`), counting the attempts.
 */
async function scripted(codes: number[]): Promise<{ url: string; attempts: () => number; server: Server }> {
  let n = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const code = codes[Math.min(n++, codes.length - 1)]!;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code, error: `answer ${code}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, attempts: () => n, server };
}

/** A matchmaker that answers each `joinById` with the code `code()` gives at the time. */
async function answering(code: () => number): Promise<{ url: string; server: Server }> {
  const m = await scripted([]);
  m.server.removeAllListeners('request');
  m.server.on('request', (req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: code(), error: `answer ${code()}` }));
    });
  });
  return m;
}

/** A matchmaker that hangs up on the first `hangUps` requests (the socket closed before any answer), then answers `code`. */
async function hangingUp(
  hangUps: number,
  code: number,
): Promise<{ url: string; attempts: () => number; server: Server }> {
  let n = 0;
  const server = createServer((req, res) => {
    if (n++ < hangUps) {
      req.socket.destroy();
      return;
    }
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code, error: `answer ${code}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, attempts: () => n, server };
}

let server: Server | null = null;
afterEach(async () => {
  const s = server;
  server = null;
  if (s) await new Promise((r) => s.close(r));
});

describe('TableClient joining', () => {
  it('names its protocol version in every join, watching too', async () => {
    const bodies: unknown[] = [];
    const m = await scripted([]);
    m.server.removeAllListeners('request');
    m.server.on('request', (req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        bodies.push({ url: req.url, options: JSON.parse(body) as unknown });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: JOIN_ERRORS.noSuchRoom, error: 'no' }));
      });
    });
    server = m.server;
    for (const watch of [false, true]) {
      const c = new TableClient({ url: m.url, token: 't', roomId: 'ROOM01', retryMs: 5, watch });
      await expect(c.connect()).rejects.toMatchObject({ code: JOIN_ERRORS.noSuchRoom });
    }
    await expect(TableClient.createFriendsRoom({ url: m.url, token: 't' })).rejects.toMatchObject({
      code: JOIN_ERRORS.noSuchRoom,
    });
    const queue = quickMatch({ url: m.url, token: 't', rated: false, targetScore: 50 });
    await expect(queue.roomId).rejects.toMatchObject({ code: JOIN_ERRORS.noSuchRoom });
    expect(bodies).toEqual([
      { url: '/matchmake/joinById/ROOM01', options: { protocol: LIVE_PROTOCOL } },
      { url: '/matchmake/joinById/ROOM01', options: { protocol: LIVE_PROTOCOL, watch: true } },
      { url: '/matchmake/create/friends', options: { protocol: LIVE_PROTOCOL } },
      {
        url: '/matchmake/joinOrCreate/quick',
        options: { protocol: LIVE_PROTOCOL, rated: false, targetScore: 50 },
      },
    ]);
  });

  it.each([
    ['no such room (or no place for you)', JOIN_ERRORS.noSuchRoom],
    ['a bad token', JOIN_ERRORS.authFailed],
    ['another protocol version (a page out of date)', JOIN_ERRORS.protocol],
  ])('keeps trying answers a retry may cure, and stops at %s', async (_, final) => {
    const m = await scripted([JOIN_ERRORS.refused, JOIN_ERRORS.restarting, 4299, JOIN_ERRORS.refused, final]);
    server = m.server;
    const c = new TableClient({ url: m.url, token: 't', roomId: 'ROOM01', retryMs: 5 });
    await expect(c.connect()).rejects.toMatchObject({ code: final });
    expect(m.attempts()).toBe(5);
    expect(c.status).toBe('closed');
    expect(c.outdated).toBe(final === JOIN_ERRORS.protocol); // the page must be reloaded
  });

  it('tries again when the server hangs up before answering', async () => {
    const m = await hangingUp(3, JOIN_ERRORS.noSuchRoom);
    server = m.server;
    const c = new TableClient({ url: m.url, token: 't', roomId: 'ROOM01', retryMs: 5 });
    await expect(c.connect()).rejects.toMatchObject({ code: JOIN_ERRORS.noSuchRoom });
    expect(m.attempts()).toBe(4);
  });

  it('stops at once when no server listens', async () => {
    const m = await scripted([JOIN_ERRORS.refused]);
    await new Promise((r) => m.server.close(r)); // the port is free again: connections are refused
    const c = new TableClient({ url: m.url, token: 't', roomId: 'ROOM01', retryMs: 5 });
    await expect(c.connect()).rejects.toThrow(/ECONNREFUSED/);
    expect(c.status).toBe('closed');
  });

  it('gives up on answers a retry may cure once its time is over', async () => {
    const m = await scripted([JOIN_ERRORS.refused]);
    server = m.server;
    const c = new TableClient({ url: m.url, token: 't', roomId: 'ROOM01', retryMs: 5, reconnectForMs: 300 });
    await expect(c.connect()).rejects.toMatchObject({ code: JOIN_ERRORS.refused });
    expect(m.attempts()).toBeGreaterThan(1);
  });
});

describe('TableClient reconnection window', () => {
  it("before the server told its window: the servers' default; reconnectForMs wins over both", () => {
    const c = new TableClient({ url: 'http://127.0.0.1:1', token: 't', roomId: 'ROOM01' });
    expect(c.reconnectWindowMs).toBe(DEFAULT_RECONNECT_MS);
    const given = new TableClient({
      url: 'http://127.0.0.1:1',
      token: 't',
      roomId: 'ROOM01',
      reconnectForMs: 0,
    });
    expect(given.reconnectWindowMs).toBe(0);
  });

  it('a server restarting (4218) starts the count again: it gives every seat the whole window once back', async () => {
    let answer: number = JOIN_ERRORS.restarting;
    const m = await answering(() => answer);
    server = m.server;
    const c = new TableClient({ url: m.url, token: 't', roomId: 'ROOM01', retryMs: 5, reconnectForMs: 300 });
    const joining = c.connect();
    await new Promise((r) => setTimeout(r, 600));
    expect(c.status).toBe('connecting'); // past the 300 ms, still trying while the server says it restarts
    answer = JOIN_ERRORS.noSuchRoom; // back, and the seat is gone: the answer that ends it
    await expect(joining).rejects.toMatchObject({ code: JOIN_ERRORS.noSuchRoom });
  });
});
