import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIR, buildApp, startServer, type Server } from './harness';

let server: Server;

beforeAll(async () => {
  await buildApp();
  server = await startServer();
}, 120_000);

afterAll(() => server?.stop());

/** A raw GET, so paths such as /../x reach the server as written. */
function get(path: string, headers: Record<string, string> = {}) {
  const { port } = new URL(server.url);
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
    const req = request({ host: 'localhost', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

describe('serve.js, the start command of the web app', () => {
  it('serves the app, gzipped when asked, with long caching only for hashed assets', async () => {
    const page = await get('/', { 'accept-encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = page.headers['content-encoding'] === 'gzip' ? gunzipSync(page.body) : page.body;
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html.toString())![1]!;
    const js = await get(`/${script}`, { 'accept-encoding': 'gzip' });
    expect(js.status).toBe(200);
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(js.headers['cache-control']).toContain('immutable');
    const plain = await get(`/${script}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(js.body).equals(plain.body)).toBe(true);
    const sw = await get('/sw.js');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body.toString()).toContain('./index.html');
  });

  it('never serves anything outside the build, and answers unknown paths with 404', async () => {
    expect((await get('/../package.json')).status).toBe(404);
    expect((await get('/..%2f..%2fpackage.json')).status).toBe(404);
    expect((await get('/%E0%A4%A')).status).toBe(404);
    expect((await get('/nope.js')).status).toBe(404);
  });

  it('refuses a PORT that is not a port, and says so', async () => {
    const child = spawn(process.execPath, [resolve(WEB_DIR, 'serve.js')], {
      env: { ...process.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((done) => child.once('exit', done));
    expect(code).toBe(2);
    expect(err).toContain('PORT must be a number');
  });
});
