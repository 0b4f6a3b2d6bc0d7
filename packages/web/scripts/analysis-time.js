#!/usr/bin/env node
/* global Worker, Blob, URL */
/**
 * Times the game analysis (`@hearts/bots` analyzeGame) in a Web Worker of Debian's Chromium, as the web app will
 * run it: bundles the library with Vite into a temporary worker, then analyses one seat of each record given.
 *
 *   node packages/web/scripts/analysis-time.js RECORD… [--seat 0]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { launchChromium } from './browser.js';

const args = process.argv.slice(2);
const at = args.indexOf('--seat');
const seat = at >= 0 ? Number(args[at + 1]) : 0;
const records = args.filter((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
const dir = mkdtempSync(join(tmpdir(), 'analysis-time-'));
const root = fileURLToPath(new URL('..', import.meta.url));
// The entry must sit inside the workspace to resolve @hearts/bots; it is removed again below.
const entry = join(root, `.analysis-time-entry-${process.pid}.js`);
writeFileSync(
  entry,
  `import { analyzeGame } from '@hearts/bots';
self.onmessage = async (e) => {
  const t0 = performance.now();
  const r = await analyzeGame(e.data.record, { seats: [e.data.seat], seed: 1 });
  self.postMessage({ ms: performance.now() - t0, seats: r.ok ? r.value.seats : r.error });
};
`,
);
try {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { conditions: ['source'] },
    build: {
      lib: { entry, formats: ['es'], fileName: () => 'worker.js' },
      outDir: dir,
      emptyOutDir: true,
    },
  });
} finally {
  rmSync(entry, { force: true });
}
const code = readFileSync(join(dir, 'worker.js'), 'utf8');
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  for (const file of records) {
    const record = JSON.parse(readFileSync(file, 'utf8'));
    const out = await page.evaluate(
      ({ code, record, seat }) =>
        new Promise((resolve) => {
          const w = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
          w.onmessage = (e) => resolve(e.data);
          w.onerror = (e) => resolve({ error: e.message });
          w.postMessage({ record, seat });
        }),
      { code, record, seat },
    );
    process.stdout.write(JSON.stringify({ file, seat, seconds: out.ms / 1000, ...out }) + '\n');
  }
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
