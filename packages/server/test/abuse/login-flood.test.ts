/**
 * A login flood against a real server at scrypt's real cost (each check about 0.3 s and 128 MiB, so the flood fills
 * the pool as real logins would): it must not starve the web app's files or /healthz, and a full queue refuses at
 * once with a time to come back. Its own file, so its server is the only one in the process. The long timeouts
 * bound work, not speed: on a busy machine each check takes seconds.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SCRYPT_PARAMS } from '../../src/passwords.js';
import { api, guest, startTestServer, type TestServer } from '../helpers.js';

const HASH_QUEUE = 6;

let t: TestServer;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hearts-abuse-'));
  mkdirSync(join(dir, 'app'), { recursive: true });
  writeFileSync(join(dir, 'app', 'index.html'), '<!doctype html><title>Hearts</title>' + ' '.repeat(2000));
  writeFileSync(join(dir, 'app', 'app.js'), 'console.log("hearts")');
  t = await startTestServer(
    { webRoot: join(dir, 'app'), hashWorkers: 1, hashQueue: HASH_QUEUE },
    { hashParams: SCRYPT_PARAMS },
    dir,
  );
}, 60_000);
afterAll(async () => {
  await t.stop();
}, 60_000);

/** A player with a password. */
async function claimed(password = 'correct horse battery') {
  const g = await guest(t.url);
  const r = await api(t.url, '/api/claim', { token: g.token, body: { password } });
  expect(r.status).toBe(200);
  return { ...g, password };
}

describe('a login flood', () => {
  test('does not starve the web app’s files or /healthz, and a full queue refuses at once', async () => {
    const victim = await claimed();
    const n = 30;
    const started = performance.now();
    let running = n;
    const answers = Array.from({ length: n }, (_, i) =>
      api<{ error?: string }>(t.url, '/api/login', {
        // The real name (a real check) and unknown names (a dummy check): both cost a hash.
        body: { name: i % 2 === 0 ? victim.name : `Nobody ${i}`, password: `wrong password ${i}` },
      }).then((r) => {
        running--;
        return { ...r, ms: performance.now() - started };
      }),
    );
    // While the logins run: the app's files and /healthz, one after another.
    const samples: number[] = [];
    while (running > 0) {
      const t0 = performance.now();
      const [file, health] = await Promise.all([fetch(`${t.url}/app.js`), fetch(`${t.url}/healthz`)]);
      expect(file.status).toBe(200);
      expect(await file.text()).toBe('console.log("hearts")');
      expect(health.status).toBe(200);
      await health.text();
      if (running > 0) samples.push(performance.now() - t0);
    }
    const results = await Promise.all(answers);
    const checked = results.filter((r) => r.status === 401);
    const refused = results.filter((r) => r.status === 503);
    expect(checked.length + refused.length).toBe(n);
    // One thread and HASH_QUEUE waiting: the rest are refused with a clear error, not queued.
    expect(checked.length).toBeGreaterThanOrEqual(1 + HASH_QUEUE);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.body).toMatchObject({ error: 'ERR_BUSY' });
    const flood = Math.max(...checked.map((r) => r.ms));
    // Static files and /healthz answered many times while the flood ran, each in a small part of it.
    expect(samples.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...samples)).toBeLessThan(flood / 4);
    // The refusals came at once, not after the queue.
    expect(Math.min(...refused.map((r) => r.ms))).toBeLessThan(flood / 2);
    // The victim still signs in.
    const ok = await api(t.url, '/api/login', { body: { name: victim.name, password: victim.password } });
    expect(ok.status).toBe(200);
  }, 240_000);

  test('a refused login says when to try again', async () => {
    const flood = Array.from({ length: 3 * HASH_QUEUE }, (_, i) =>
      fetch(`${t.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Nobody ${i}`, password: 'some password' }),
      }),
    );
    const busy = (await Promise.all(flood)).find((r) => r.status === 503);
    expect(busy?.headers.get('retry-after')).toBe('2');
  }, 120_000);
});
