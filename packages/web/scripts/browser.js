/**
 * What the measuring scripts beside this file share: the built app served by `serve.js` on a free port, and Debian's
 * Chromium started headless with the flags this machine needs. The one place Chromium is launched: the e2e tests
 * (`e2e/harness.ts`) and the fair shuffle's browser test start it through `launchChromium` too (types:
 * `browser.d.ts`).
 *
 * ```js
 * const app = await serveBuiltApp(); // { url, pid, stop }
 * const browser = await launchChromium();
 * ```
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { URL, fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** Starts `serve.js` (the built app) on a free port; resolves with its address once it listens. */
export async function serveBuiltApp() {
  const server = spawn(process.execPath, [fileURLToPath(new URL('../serve.js', import.meta.url))], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/localhost:\d+/.exec(out);
      if (m) resolve(m[0]);
    });
    server.once('exit', (code) => reject(new Error(`serve.js exited with ${code}`)));
  });
  return { url, pid: server.pid, stop: () => server.kill('SIGTERM') };
}

/** Where Chromium is: Debian's, or `CHROMIUM_PATH`. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium (or `CHROMIUM_PATH`), headless, without the background traffic that this machine refuses.
 * Rejects with how to install it when it is not there.
 */
export async function launchChromium() {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium)`,
    );
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
