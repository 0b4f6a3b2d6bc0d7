/**
 * Serves the built web app: gzip for text, long caching for hashed assets, none for the entry page and the
 * service worker. Only files under the root are ever read. The app's pages carry the game server's mark
 * ({@link markServed}): the app served by `serve.js` alone has none, and its start page asks no server for what is on.
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt']);

/** What the game server offers beside the app, as its mark says: its API, and its puzzle library if it has one. */
export interface ServerOffers {
  readonly puzzles: boolean;
}

/**
 * The meta tag by which the app knows that the game server answers beside it, and what it offers (features/home
 * reads it: a server without a puzzle library is not asked for the day's puzzle).
 */
export const serverMark = (offers: ServerOffers): string =>
  `<meta name="hearts-server" content="${offers.puzzles ? 'api puzzles' : 'api'}">`;

/** An HTML page of the app with the game server's mark. */
export const markServed = (html: string, offers: ServerOffers): string =>
  html.replace(/<head>/i, `<head>\n    ${serverMark(offers)}`);

interface Entry {
  readonly body: Buffer;
  readonly gz: Buffer | null;
  readonly ext: string;
  readonly mtimeMs: number;
  readonly size: number;
}

export class StaticFiles {
  private readonly cache = new Map<string, Entry>();

  constructor(
    readonly root: string,
    readonly offers: ServerOffers = { puzzles: false }, // what the pages' mark says the server offers
  ) {}

  /** Answers GET/HEAD for a file under the root; false when there is no such file (the caller answers 404). */
  async serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const path = await this.resolve(req.url ?? '/');
    if (!path) return false;
    let file: Entry;
    try {
      file = await this.load(path);
    } catch {
      return false;
    }
    const hashed = path.includes(`${sep}assets${sep}`);
    const gzip = file.gz !== null && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? file.gz! : file.body;
    res.writeHead(200, {
      'content-type': TYPES[file.ext] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
      'content-length': String(body.length),
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  private async resolve(url: string): Promise<string | null> {
    let rel: string;
    try {
      rel = decodeURIComponent(url.split('?')[0] ?? '/');
    } catch {
      return null;
    }
    if (rel.includes('\0')) return null;
    const path = normalize(join(this.root, rel));
    if (path !== this.root && !path.startsWith(this.root + sep)) return null;
    try {
      const s = await stat(path);
      if (s.isFile()) return path;
      if (s.isDirectory()) {
        const index = join(path, 'index.html');
        if ((await stat(index)).isFile()) return index;
      }
    } catch {
      // no such file
    }
    return null;
  }

  private async load(path: string): Promise<Entry> {
    const { mtimeMs, size } = await stat(path);
    const hit = this.cache.get(path);
    if (hit && hit.mtimeMs === mtimeMs && hit.size === size) return hit;
    const ext = extname(path);
    const read = await readFile(path);
    const body = ext === '.html' ? Buffer.from(markServed(read.toString('utf8'), this.offers)) : read;
    const entry: Entry = {
      body,
      gz: COMPRESSIBLE.has(ext) && body.length > 512 ? gzipSync(body) : null,
      ext,
      mtimeMs,
      size,
    };
    this.cache.set(path, entry);
    return entry;
  }
}
