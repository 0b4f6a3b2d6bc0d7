/**
 * Several game server processes behind one address: a small reverse proxy. Plain HTTP (the web app, the API,
 * Colyseus' matchmaking) goes round-robin to the live processes, retrying the next one when a process does not
 * answer; a room's WebSocket (`/<processId>/<roomId>?…`, the path colyseus.js builds from a seat reservation)
 * goes to the process that runs the room. The proxy learns each process' id and health from its
 * `GET /healthz` every half second. Every request and WebSocket carries the client's address in X-Forwarded-For
 * (replacing any a client sent), for game servers started with TRUST_PROXY=true; the proxy caps the open
 * connections per client address itself and times out slow requests.
 *
 * ```ts
 * const proxy = await startProxy({ port: 3000, host: '127.0.0.1', backends: ['http://127.0.0.1:3001', 'http://127.0.0.1:3002'] });
 * await proxy.close();
 * ```
 *
 * From the command line: `hearts-proxy --port 3000 --backend http://127.0.0.1:3001 --backend http://127.0.0.1:3002`.
 */
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { DEFAULT_CONFIG } from './config.js';
import { capConnections } from './limits.js';

export interface ProxyOptions {
  readonly port: number; // 0 picks a free port
  readonly host: string;
  readonly backends: readonly string[]; // http://host:port of each game server process
  readonly healthMs?: number; // how often each backend's /healthz is read (default 500)
  readonly maxConnectionsPerIp?: number; // open connections per client address (default 256, as the server's)
}

/** A backend as the proxy sees it. */
export interface Backend {
  readonly url: URL;
  alive: boolean; // answered /healthz with 200 last time (draining: 503, not alive for new requests)
  process: string | null; // its Colyseus process id
  requests: number; // HTTP requests sent to it
  sockets: number; // WebSockets sent to it
}

export interface RunningProxy {
  readonly url: string;
  readonly port: number;
  readonly backends: readonly Backend[];
  /** Reads every backend's health now. */
  check(): Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;
const WS_PATH = /^\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,64})(?:\?|$)/;

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  if (options.backends.length === 0) throw new Error('the proxy needs at least one backend');
  const backends: Backend[] = options.backends.map((b) => {
    const url = new URL(b);
    if (url.protocol !== 'http:') throw new Error(`a backend must be http://host:port, not "${b}"`);
    return { url, alive: false, process: null, requests: 0, sockets: 0 };
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const open = new Set<Socket>();
  let next = 0;

  const healthOf = async (b: Backend): Promise<void> => {
    try {
      const res = await fetch(new URL('/healthz', b.url), { signal: AbortSignal.timeout(1000) });
      const body = (await res.json()) as { process?: unknown };
      b.alive = res.status === 200;
      if (typeof body.process === 'string') b.process = body.process;
    } catch {
      b.alive = false;
    }
  };
  const check = async () => {
    await Promise.all(backends.map(healthOf));
  };
  await check();
  const timer = setInterval(() => void check(), options.healthMs ?? 500);

  /** The live backends, starting at the next in turn. */
  const rotation = (): Backend[] => {
    const start = next++ % backends.length;
    const order = [...backends.slice(start), ...backends.slice(0, start)];
    const live = order.filter((b) => b.alive);
    return live.length > 0 ? live : order; // none known alive: try them all anyway
  };

  const forward = (b: Backend, req: IncomingMessage, body: Buffer, res: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
      const up = request(
        { host: b.url.hostname, port: b.url.port, method: req.method, path: req.url, headers, agent },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
          r.on('end', () => resolve(true));
          r.on('error', () => resolve(true));
        },
      );
      up.on('error', () => {
        b.alive = false; // refused or reset before an answer: the next backend gets the request
        resolve(false);
      });
      up.end(body);
    });

  const onRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY) {
        res.writeHead(413).end();
        return;
      }
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    for (const b of rotation()) {
      b.requests++;
      if (await forward(b, req, body, res)) return;
    }
    if (!res.headersSent)
      res
        .writeHead(502, { 'content-type': 'application/json' })
        .end('{"error":"ERR_NO_BACKEND","message":"no game server answers"}');
  };

  const onUpgrade = (req: IncomingMessage, socket: Socket, head: Buffer): void => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
    const m = WS_PATH.exec(req.url ?? '');
    const owner = m ? backends.find((b) => b.process === m[1]) : undefined;
    const b = owner ?? rotation()[0]!;
    b.sockets++;
    const up = connect({ host: b.url.hostname, port: Number(b.url.port) });
    open.add(up);
    up.on('close', () => open.delete(up));
    up.on('connect', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        if (!/^x-forwarded-for$/i.test(req.rawHeaders[i]!))
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      lines.push(`X-Forwarded-For: ${req.socket.remoteAddress ?? ''}`);
      up.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length > 0) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('close', () => up.destroy());
    up.on('close', () => socket.destroy());
  };

  const server = createServer(
    {
      headersTimeout: DEFAULT_CONFIG.headersTimeoutMs,
      requestTimeout: DEFAULT_CONFIG.requestTimeoutMs,
      keepAliveTimeout: DEFAULT_CONFIG.keepAliveTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      onRequest(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
    },
  );
  capConnections(server, options.maxConnectionsPerIp ?? DEFAULT_CONFIG.maxConnectionsPerIp, false);
  server.on('upgrade', onUpgrade);
  server.on('connection', (s) => {
    open.add(s);
    s.on('close', () => open.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`,
    port,
    backends,
    check,
    async close() {
      clearInterval(timer);
      const closed = new Promise<void>((r) => server.close(() => r()));
      for (const s of open) s.destroy();
      agent.destroy();
      await closed;
    },
  };
}

const USAGE = `Usage: hearts-proxy [--port 3000] [--host 0.0.0.0] [--max-connections-per-ip 256] --backend http://127.0.0.1:3001 --backend http://127.0.0.1:3002

Serves several game server processes (npm start with DATABASE_URL, REDIS_URL and TRUST_PROXY=true) on one address:
HTTP round-robin over the live ones, each room's WebSocket to the process that runs it. The client's address goes
to them in X-Forwarded-For.`;

/** The command line: runs until SIGTERM or SIGINT; returns the exit code. */
export async function proxyMain(argv: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string', default: '3000' },
        host: { type: 'string', default: '0.0.0.0' },
        backend: { type: 'string', multiple: true },
        'max-connections-per-ip': { type: 'string', default: String(DEFAULT_CONFIG.maxConnectionsPerIp) },
        help: { type: 'boolean' },
      },
    }));
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) {
    console.error(`--port must be a port number, not "${values.port}"\n${USAGE}`);
    return 2;
  }
  const perIp = Number(values['max-connections-per-ip']);
  if (!/^\d+$/.test(values['max-connections-per-ip']) || perIp < 1) {
    console.error(`--max-connections-per-ip must be a whole number ≥ 1\n${USAGE}`);
    return 2;
  }
  if (!values.backend || values.backend.length === 0) {
    console.error(`at least one --backend is needed\n${USAGE}`);
    return 2;
  }
  let proxy: RunningProxy;
  try {
    proxy = await startProxy({
      port,
      host: values.host,
      backends: values.backend,
      maxConnectionsPerIp: perIp,
    });
  } catch (e) {
    console.error(`The proxy could not start: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  console.log(proxy.url);
  await new Promise<void>((resolve) => {
    const stop = () => void proxy.close().then(resolve, resolve);
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  return 0;
}
