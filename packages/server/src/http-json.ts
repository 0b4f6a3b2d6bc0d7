/**
 * What the JSON API's routes share: refusals, request bodies, bearer tokens, responses, and the heartbeat of its
 * Server-Sent Events streams.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiErrorCode } from '@hearts/protocol/http';

/** A refused request: its status, and `{ error: code, message }` for the client (and headers, e.g. Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode, // declared in @hearts/protocol/http
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** The request's body as JSON (`{}` when empty); too large: 413 `ERR_TOO_LARGE`, not JSON: 400 `ERR_MALFORMED`. */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new HttpError(413, 'ERR_TOO_LARGE', `bodies are limited to ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new HttpError(400, 'ERR_MALFORMED', 'the body must be JSON');
  }
}

/** A 429 `ERR_RATE_LIMIT` refusal with its Retry-After (whole seconds, at least 1). */
export const rateLimitError = (limited: { retryAfterMs: number; message: string }): HttpError =>
  new HttpError(429, 'ERR_RATE_LIMIT', limited.message, {
    'retry-after': String(Math.max(1, Math.ceil(limited.retryAfterMs / 1000))),
  });

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7).trim() : null;
}

/** Writes a JSON response that is never cached. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** A comment line on every open event stream this often, so that proxies and the browser keep it open. */
export const HEARTBEAT_MS = 25_000;
