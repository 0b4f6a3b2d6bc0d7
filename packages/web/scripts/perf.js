#!/usr/bin/env node
/* global window, document, performance, localStorage, Element, PerformanceObserver, MutationObserver */
/**
 * Measures the web app as docs/performance.md reports it: first-load JavaScript (gzipped), time to
 * interactive, long main-thread tasks during a hand at normal speed, and how long bot moves take to appear.
 * Needs the built app (npm install builds it) and Debian's Chromium.
 *
 *   node packages/web/scripts/perf.js [--loads 7] [--level medium]
 */
import { gzipSync } from 'node:zlib';
import { launchChromium, serveBuiltApp } from './browser.js';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const loads = Number(opt('loads', '7'));
const level = opt('level', 'medium');

const app = await serveBuiltApp();
const url = app.url;
const browser = await launchChromium();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// First load: every script the page loads before it is interactive, gzipped as served.
const tti = [];
let scripts = [];
for (let i = 0; i < loads; i++) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const seen = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') seen.push({ url: r.url(), body: await r.body() });
  });
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: /^(Play|Spielen)$/ }).waitFor();
  tti.push(
    await page.evaluate(() => performance.getEntriesByName('hearts:interactive')[0]?.startTime ?? NaN),
  );
  scripts = seen;
  await context.close();
}
const jsGzip = scripts.reduce((a, s) => a + gzipSync(s.body).length, 0);

// One hand at normal speed: long tasks on the main thread, and the time from one card to a bot's next card.
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
await context.addInitScript(() => {
  window.__longTasks = [];
  window.__cards = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((ms) => {
    for (const m of ms)
      for (const n of m.addedNodes)
        if (n instanceof Element && n.classList.contains('trick-card'))
          window.__cards.push(performance.now());
  }).observe(document, { subtree: true, childList: true });
});
const page = await context.newPage();
await page.goto(`${url}/`);
await page.evaluate((lv) => {
  const s = JSON.parse(localStorage.getItem('hearts.settings') ?? '{}');
  localStorage.setItem('hearts.settings', JSON.stringify({ ...s, level: lv, speed: 'normal', lang: 'en' }));
}, level);
await page.reload();
await page.getByRole('button', { name: 'Play', exact: true }).click();
await page.getByRole('button', { name: 'Pass cards' }).waitFor();
await page.evaluate(() => (window.__longTasks = []));
const cards = page.locator('[data-card]');
for (let k = 0; k < 3; k++) await cards.nth(k).click({ position: { x: 8, y: 30 } });
await page.getByRole('button', { name: 'Pass cards' }).click();
const myPlays = [];
while (!(await page.locator('.result-panel').isVisible())) {
  if ((await page.locator('.player-bar.turn').count()) && !(await page.locator('.trick-winner').count())) {
    const legal = page.locator('[data-card]:not([aria-disabled="true"])');
    if ((await legal.count()) > 0) {
      myPlays.push(await page.evaluate(() => performance.now()));
      await legal.first().click({ position: { x: 8, y: 30 } });
      continue;
    }
  }
  await page.waitForTimeout(20);
}
const { longTasks, appeared } = await page.evaluate(() => ({
  longTasks: window.__longTasks,
  appeared: window.__cards,
}));
// A bot's card right after the player's card, in the same trick: from the click to the card in the middle.
const botDelays = [];
for (const t of myPlays) {
  const next = appeared.filter((a) => a > t + 5);
  if (next.length > 1) botDelays.push(next[1] - next[0]);
}
await context.close();
await browser.close();
app.stop();

const report = {
  firstLoadScripts: scripts.map((s) => s.url.replace(url, '')),
  firstLoadJsGzipKB: +(jsGzip / 1024).toFixed(1),
  timeToInteractiveMs: { median: Math.round(median(tti)), all: tti.map(Math.round) },
  handAtNormalSpeed: {
    level,
    longTasksMs: longTasks.map(Math.round),
    botCardAfterPreviousCardMs: {
      median: Math.round(median(botDelays) ?? NaN),
      max: Math.round(Math.max(...botDelays)),
    },
  },
};
console.log(JSON.stringify(report, null, 2));
