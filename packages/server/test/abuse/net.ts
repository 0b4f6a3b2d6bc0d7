/** Raw HTTP for the abuse tests: requests from a chosen loopback address, half-sent requests, slow bodies. */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { DEFAULT_CONFIG, type ServerConfig } from '../../src/config.js';

/** The server's own limits (the other tests raise them: every test client comes from 127.0.0.1). */
export const DEFAULT_LIMITS = {
  maxConnectionsPerIp: DEFAULT_CONFIG.maxConnectionsPerIp,
  apiLimit: DEFAULT_CONFIG.apiLimit,
  guestLimit: DEFAULT_CONFIG.guestLimit,
  roomLimit: DEFAULT_CONFIG.roomLimit,
  joinLimit: DEFAULT_CONFIG.joinLimit,
  listLimit: DEFAULT_CONFIG.listLimit,
  trainingLimit: DEFAULT_CONFIG.trainingLimit,
  trainingStoreLimit: DEFAULT_CONFIG.trainingStoreLimit,
  mannersLimit: DEFAULT_CONFIG.mannersLimit,
  friendLimit: DEFAULT_CONFIG.friendLimit,
  inviteLimit: DEFAULT_CONFIG.inviteLimit,
  chatLimit: DEFAULT_CONFIG.chatLimit,
  loginFreePerName: DEFAULT_CONFIG.loginFreePerName,
  loginFreePerIp: DEFAULT_CONFIG.loginFreePerIp,
  metricsToken: DEFAULT_CONFIG.metricsToken,
} satisfies Partial<ServerConfig>;

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One HTTP request on a fresh connection from `from` (a loopback address such as 127.0.0.2). */
export function send(
  url: string,
  path: string,
  o: { method?: string; body?: string; token?: string; from?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: u.port,
        path,
        method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
        localAddress: o.from ?? '127.0.0.1',
        agent: false,
        headers: {
          ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...o.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

export const json = <T = Record<string, unknown>>(r: Reply): T => JSON.parse(r.body) as T;

/** A raw TCP connection to the server from `from`; resolves once connected. */
export function open(url: string, from = '127.0.0.1'): Promise<Raw> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(u.port), localAddress: from });
    const raw = new Raw(socket);
    socket.once('connect', () => resolve(raw));
    socket.once('error', reject);
  });
}

/** What a raw connection received, and whether the server closed it. */
export class Raw {
  received = '';
  closed = false;
  readonly ended: Promise<void>;

  constructor(readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (this.received += d));
    socket.on('error', () => undefined); // a reset is a close here
    this.ended = new Promise((r) =>
      socket.once('close', () => {
        this.closed = true;
        r();
      }),
    );
  }

  /** The status of the response received so far, or 0. */
  get status(): number {
    const m = /^HTTP\/1\.1 (\d{3})/.exec(this.received);
    return m ? Number(m[1]) : 0;
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed || this.socket.destroyed) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  destroy(): void {
    this.socket.destroy();
  }
}
