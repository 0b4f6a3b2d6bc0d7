/**
 * Colyseus' WebSocket transport with its liveness pings spread over the ping interval.
 *
 * Colyseus pings every connection in one loop each interval: at 4,000 connections that is 4,000 socket writes in
 * one turn of the event loop, about 100 ms on this machine every 5 s — every move that arrives meanwhile waits for
 * it, and such waits were the tail of the capacity run's move latency (`docs/performance.md`, "Capacity at human
 * pace"). Here the same round (a ping for every connection once per interval; a connection that missed
 * `pingMaxRetries` pongs in a row is closed) is done in {@link PING_SLICES} slices, one per tick of
 * interval / slices, so a turn pings at most a slice of the connections.
 */
import { WebSocketTransport } from '@colyseus/ws-transport';

/** Ticks per ping interval: each pings about 1/PING_SLICES of the connections. */
export const PING_SLICES = 20;

/** What the round needs of a `ws` connection (Colyseus keeps its missed-pong count on it; a pong resets it). */
export interface PingedSocket {
  pingCount?: number;
  ping(cb?: (err?: Error) => void): void;
  terminate(): void;
}

const noop = (): void => {};

/**
 * One ping round in slices: a round begins every `slices` ticks with the connections open then, and each tick
 * pings the next slice of them (a connection closed since is skipped).
 */
export class PingRound {
  private round: PingedSocket[] = [];
  private next = 0;
  private perTick = 0;
  private ticks = 0;

  constructor(
    private readonly clients: ReadonlySet<PingedSocket>,
    private readonly maxRetries: number,
    private readonly slices: number = PING_SLICES,
  ) {}

  tick(): void {
    // A round begins every `slices` ticks, however few connections there are: each is pinged once per interval.
    if (this.ticks++ % this.slices === 0) {
      this.round = [...this.clients];
      this.next = 0;
      this.perTick = Math.ceil(this.round.length / this.slices);
    }
    const end = Math.min(this.round.length, this.next + this.perTick);
    for (; this.next < end; this.next++) {
      const client = this.round[this.next]!;
      this.round[this.next] = undefined as unknown as PingedSocket; // let a closed connection go
      if (!this.clients.has(client)) continue; // closed since the round began
      if ((client.pingCount ?? 0) >= this.maxRetries) {
        client.terminate();
        continue;
      }
      client.pingCount = (client.pingCount ?? 0) + 1;
      client.ping(noop);
    }
  }
}

export class SpreadPingTransport extends WebSocketTransport {
  /** Replaces Colyseus' round (called by its constructor once the server listens; cleared when it closes). */
  protected override autoTerminateUnresponsiveClients(pingInterval: number, pingMaxRetries: number): void {
    const round = new PingRound(this.wss.clients as unknown as ReadonlySet<PingedSocket>, pingMaxRetries);
    this.pingInterval = setInterval(() => round.tick(), Math.max(1, Math.floor(pingInterval / PING_SLICES)));
  }
}
