/**
 * The ping round in slices: every connection is pinged once per interval, no tick pings more than its slice, a
 * connection that answers none of `maxRetries` pings in a row is closed, one that answers is kept, and one closed
 * meanwhile is left alone. Then the transport itself: a real server whose client stops answering pings is closed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { WebSocket as WsSocket } from 'ws';
import { PING_SLICES, PingRound, SpreadPingTransport, type PingedSocket } from './spread-pings.js';

class FakeSocket implements PingedSocket {
  pingCount?: number;
  pings = 0;
  terminated = false;
  constructor(
    private readonly clients: Set<PingedSocket>,
    private readonly answers: boolean,
  ) {}
  ping(): void {
    this.pings++;
    if (this.answers) this.pingCount = 0; // the pong, as Colyseus' heartbeat does
  }
  terminate(): void {
    this.terminated = true;
    this.clients.delete(this);
  }
}

function table(n: number, answers = true): { clients: Set<PingedSocket>; sockets: FakeSocket[] } {
  const clients = new Set<PingedSocket>();
  const sockets = Array.from({ length: n }, () => new FakeSocket(clients, answers));
  for (const s of sockets) clients.add(s);
  return { clients, sockets };
}

describe('PingRound', () => {
  test('pings every connection once per round, at most a slice per tick', () => {
    const { clients, sockets } = table(1000);
    const round = new PingRound(clients, 3);
    const perTick = Math.ceil(1000 / PING_SLICES);
    let before = 0;
    for (let t = 0; t < PING_SLICES; t++) {
      round.tick();
      const now = sockets.reduce((a, s) => a + s.pings, 0);
      expect(now - before).toBeLessThanOrEqual(perTick);
      before = now;
    }
    expect(sockets.every((s) => s.pings === 1)).toBe(true);
    for (let t = 0; t < PING_SLICES; t++) round.tick();
    expect(sockets.every((s) => s.pings === 2)).toBe(true);
  });

  test('pings a connection once per round however few there are', () => {
    const { clients, sockets } = table(2);
    const round = new PingRound(clients, 3, 10);
    for (let t = 0; t < 30; t++) round.tick();
    expect(sockets.map((s) => s.pings)).toEqual([3, 3]);
  });

  test('closes a connection after maxRetries unanswered pings, keeps those that answer', () => {
    const { clients, sockets } = table(40);
    const silent = new FakeSocket(clients, false);
    clients.add(silent);
    const round = new PingRound(clients, 3, 4);
    const rounds = (k: number): void => {
      for (let i = 0; i < k * 4; i++) round.tick();
    };
    rounds(3);
    expect(silent.pings).toBe(3);
    expect(silent.terminated).toBe(false);
    rounds(1); // the fourth round finds three missed pongs
    expect(silent.terminated).toBe(true);
    expect(silent.pings).toBe(3);
    expect(sockets.some((s) => s.terminated)).toBe(false);
    expect(sockets.every((s) => s.pings === 4)).toBe(true);
  });

  test('skips a connection closed during the round and picks up new ones at the next', () => {
    const { clients, sockets } = table(10);
    const round = new PingRound(clients, 3, 2);
    round.tick(); // the first five
    clients.delete(sockets[7]!);
    const late = new FakeSocket(clients, true);
    clients.add(late);
    round.tick(); // the other five, less the closed one; the new one waits
    expect(sockets[7]!.pings).toBe(0);
    expect(late.pings).toBe(0);
    round.tick();
    round.tick();
    expect(late.pings).toBe(1);
  });
});

describe('SpreadPingTransport', () => {
  test('a client that stops answering pings is closed; one that answers stays', async () => {
    // Connections kept open without a room (Colyseus would close one that has no seat reservation at once); the
    // pong resets the count, as Colyseus' own connection handler does.
    class Bare extends SpreadPingTransport {
      protected override async onConnection(raw: WsSocket & { pingCount: number }): Promise<void> {
        raw.pingCount = 0;
        raw.on('pong', () => (raw.pingCount = 0));
        return Promise.resolve();
      }
    }
    const http = createServer();
    const transport = new Bare({ server: http, pingInterval: 200, pingMaxRetries: 2 });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    // `ws` as the transport has it: a client that does not answer pings (autoPong off), and one that does.
    const require = createRequire(fileURLToPath(import.meta.resolve('@colyseus/ws-transport')));
    const { WebSocket } = require('ws') as { WebSocket: typeof WsSocket };
    const open = (autoPong: boolean): Promise<WsSocket> =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { autoPong });
        ws.on('open', () => resolve(ws));
        ws.on('error', reject);
      });
    try {
      const deaf = await open(false);
      const live = await open(true);
      const closed = await new Promise<number>((resolve) => deaf.on('close', (code) => resolve(code)));
      expect(closed).toBe(1006); // terminated: no closing handshake
      expect(live.readyState).toBe(WebSocket.OPEN);
      live.terminate();
    } finally {
      transport.shutdown();
    }
  });
});
