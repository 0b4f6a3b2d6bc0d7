#!/usr/bin/env node
/**
 * Serves the built web app (dist/app) on PORT (default 3000) and prints the URL. A small static server until
 * the game server of later issues takes over: gzip for text, long caching for hashed assets, none for the
 * entry page and the service worker.
 *
 *   PORT=8080 node packages/web/serve.js
 */
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { URL, fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), 'dist', 'app');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt']);
const cache = new Map();

/** A file's bytes and their gzip, kept while the file is unchanged (a rebuild replaces them). */
async function load(path) {
  const { mtimeMs, size } = await stat(path);
  const hit = cache.get(path);
  if (hit && hit.mtimeMs === mtimeMs && hit.size === size) return hit;
  const body = await readFile(path);
  const ext = extname(path);
  const gz = COMPRESSIBLE.has(ext) && body.length > 512 ? gzipSync(body) : null;
  const entry = { body, gz, ext, mtimeMs, size };
  cache.set(path, entry);
  return entry;
}

async function resolveFile(urlPath) {
  let rel;
  try {
    rel = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const path = normalize(join(root, rel));
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    const s = await stat(path);
    if (s.isFile()) return path;
    if (s.isDirectory()) return join(path, 'index.html');
  } catch {
    // not there: the app's own routes live in the URL's hash, so anything else is a 404
  }
  return null;
}

export async function handle(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const path = await resolveFile(req.url ?? '/');
  let file;
  try {
    file = path ? await load(path) : null;
  } catch {
    file = null;
  }
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
    return;
  }
  const hashed = path.includes(`${sep}assets${sep}`);
  const headers = {
    'content-type': TYPES[file.ext] ?? 'application/octet-stream',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
  };
  const gzip = file.gz && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip ? file.gz : file.body;
  if (gzip) headers['content-encoding'] = 'gzip';
  headers['content-length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function main() {
  const raw = process.env.PORT ?? '3000';
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    console.error(`PORT must be a number from 0 to 65535, not "${raw}"`);
    process.exit(2);
  }
  try {
    await stat(join(root, 'index.html'));
  } catch {
    console.error(`The web app is not built (${root} has no index.html). Run: npm run build -w @hearts/web`);
    process.exit(1);
  }
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.on('error', (e) => {
    console.error(
      e.code === 'EADDRINUSE' ? `Port ${port} is already in use: set PORT to another one.` : e.message,
    );
    process.exit(1);
  });
  server.listen(port, () => {
    const actual = server.address().port;
    console.log(`http://localhost:${actual}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
