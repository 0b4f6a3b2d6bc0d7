/**
 * The HTTP edge in front of every handler of the game server's port: security headers on every response, and
 * Colyseus' matchmaking routes (`/matchmake/<method>/<room>`) held before Colyseus reads a byte of their body —
 * a missing or forged token is refused (401), a body declared longer than `MATCHMAKE_MAX_BODY` too (413;
 * a body without Content-Length: 411), and rooms created and joins by code are counted per client
 * address (429 with Retry-After). Refusals carry `{ code, error }` (the shape colyseus.js reads) with a code of
 * `JOIN_ERRORS`. Colyseus' CORS headers (any origin echoed, with credentials) are not sent: the web app is served
 * from the same origin and needs none.
 *
 * ```ts
 * const game = new Server({ transport: new WebSocketTransport({ server: http }) }); // adds its request listener
 * installEdge(http, services); // wraps it
 * ```
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { matchMaker } from '@colyseus/core';
import { JOIN_ERRORS } from '@hearts/protocol/socket';
import { bearerToken } from './http-json.js';
import { clientAddress, type RateKind } from './limits.js';
import type { Services } from './services.js';

/**
 * The Content-Security-Policy of the app: everything from the same origin (scripts, styles, the service worker, the
 * bots' Web Worker, WebSockets to the game), data: images (inline SVG card art), nothing framing it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every HTTP response of the server. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY', // frame-ancestors for browsers without CSP 2
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
};

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The same test Colyseus makes (`Server.attachMatchMakingRoutes`): whatever it would take, we look at first. */
const isMatchmake = (url: string | undefined): boolean =>
  (url ?? '').indexOf(`/${matchMaker.controller.matchmakeRoute}`) !== -1;

/**
 * Puts the edge in front of the server's request listeners (ours and Colyseus'); call it after Colyseus' `Server`
 * was made on `http`. Colyseus' CORS headers are turned off process-wide.
 */
export function installEdge(http: HttpServer, s: Services): void {
  const downstream = http.listeners('request').slice() as Listener[];
  http.removeAllListeners('request');
  matchMaker.controller.DEFAULT_CORS_HEADERS = {} as typeof matchMaker.controller.DEFAULT_CORS_HEADERS;
  matchMaker.controller.getCorsHeaders = () => ({});
  const pass: Listener = (req, res) => {
    for (const l of downstream) l.call(http, req, res);
  };
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    if (!isMatchmake(req.url)) {
      pass(req, res);
      return;
    }
    matchmake(s, req, res, pass).catch((e: unknown) => {
      s.log.error({ err: e }, 'matchmaking edge failed');
      if (!res.headersSent) refuse(res, 500, JOIN_ERRORS.internal, 'something went wrong');
      else res.destroy();
    });
  });
}

async function matchmake(
  s: Services,
  req: IncomingMessage,
  res: ServerResponse,
  pass: Listener,
): Promise<void> {
  const max = s.config.matchmakeMaxBody;
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { allow: 'POST, OPTIONS' }).end(); // no CORS: only the same origin may call
    return;
  }
  if (req.method !== 'POST') {
    refuse(res, 404, JOIN_ERRORS.noSuchRoom, 'matchmaking takes POST only');
    return;
  }
  // Colyseus reads the whole body into memory: only a declared, small length is let through (a chunked body
  // has none; bytes past the declared length are not body to Node's parser).
  const length = req.headers['content-length'];
  if (length === undefined) {
    refuse(res, 411, JOIN_ERRORS.tooLarge, 'matchmaking requests need a Content-Length');
    return;
  }
  if (!/^\d{1,12}$/.test(length) || Number(length) > max) {
    refuse(res, 413, JOIN_ERRORS.tooLarge, `matchmaking bodies are limited to ${max} bytes`);
    return;
  }
  if (s.identity.verify(bearerToken(req)) === null) {
    refuse(res, 401, JOIN_ERRORS.authFailed, 'sign in first: the token is missing or not valid');
    return;
  }
  const parts: string[] = (req.url ?? '').match(matchMaker.controller.allowedRoomNameChars) ?? [];
  const method = parts[parts.indexOf(matchMaker.controller.matchmakeRoute) + 1];
  const kind: RateKind | null = method === 'create' ? 'rooms' : method === 'joinById' ? 'joins' : null;
  if (kind !== null) {
    const limited = await s.limits.take(kind, clientAddress(req, s.config.trustProxy));
    if (limited) {
      refuse(res, 429, JOIN_ERRORS.rateLimited, limited.message, {
        'retry-after': String(Math.max(1, Math.ceil(limited.retryAfterMs / 1000))),
      });
      return;
    }
  }
  pass(req, res);
}

/**
 * Answers a matchmaking request that is not let through, and closes the connection without reading the rest of
 * its body: the client gets the answer, then the end of the connection.
 */
function refuse(
  res: ServerResponse,
  status: number,
  code: number,
  error: string,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify({ code, error });
  res.shouldKeepAlive = false;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
    connection: 'close',
    ...headers,
  });
  res.end(text);
}
