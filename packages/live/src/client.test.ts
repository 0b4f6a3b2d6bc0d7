import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TableClient } from './client.js';
import { JOIN_ERRORS } from '@hearts/table/protocol';

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
  it.each([
    ['no such room (or no place for you)', JOIN_ERRORS.noSuchRoom],
    ['a bad token', JOIN_ERRORS.authFailed],
  ])('keeps trying answers a retry may cure, and stops at %s', async (_, final) => {
    const m = await scripted([JOIN_ERRORS.refused, JOIN_ERRORS.restarting, 4299, JOIN_ERRORS.refused, final]);
    server = m.server;
    const c = new TableClient({ url: m.url, token: 't', roomId: 'ROOM01', retryMs: 5 });
    await expect(c.connect()).rejects.toMatchObject({ code: final });
    expect(m.attempts()).toBe(5);
    expect(c.status).toBe('closed');
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
