#!/usr/bin/env node
/* global window, document, navigator, performance, localStorage, PerformanceObserver, MutationObserver */
/**
 * Times the web app's own analysis as a player starts it: each record is put in the history of a fresh browser
 * profile, its replay opened with the analysis (`#/replay/ID/analysis`: the app's analysis worker, the full
 * budget, seat 0: a history game is the player's). Read in the page: the time from the progress bar's first
 * appearance to the finished analysis and to the first mark on screen, the page's workers (one per core it reports),
 * and the long main-thread tasks meanwhile; from /proc: the CPU time of the
 * browser's processes (page load included). Needs the built app (npm install builds it) and Debian's Chromium.
 * Records: `hearts-record/1` files (node packages/cli/scripts/analysis-figures.js games makes some).
 *
 *   node packages/web/scripts/analysis-perf.js RECORD…
 */
import { readFileSync, readdirSync } from 'node:fs';
import { launchChromium, serveBuiltApp } from './browser.js';

const args = process.argv.slice(2);
const records = args.filter((a) => !a.startsWith('--'));
if (records.length === 0) {
  process.stderr.write('usage: analysis-perf.js RECORD…\n');
  process.exit(2);
}

const app = await serveBuiltApp();
const url = app.url;
const browser = await launchChromium();

/**
 * CPU seconds used so far by the browser's processes (Linux /proc; the clock ticks are 1/100 s):
 * on a shared machine the CPU time is what the analysis costs, the wall time what the player waited.
 */
function browserCpu() {
  // Chromium's processes are this script's descendants (the static server's are left out).
  const root = process.pid;
  const procs = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(d), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const under = (pid) => {
    if (pid === root) return false;
    for (let p = pid; p > 1; p = procs.get(p)?.ppid ?? 0) {
      if (p === app.pid) return false;
      if (p === root) return true;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, p] of procs) if (under(pid)) ticks += p.ticks;
  return ticks / 100;
}

const times = [];
try {
  for (const [i, file] of records.entries()) {
    const record = JSON.parse(readFileSync(file, 'utf8'));
    const id = `perf-${i}`;
    const entry = {
      id,
      startedAt: 0,
      endedAt: 1,
      level: 'expert',
      record,
      scores: [0, 0, 0, 0].slice(0, record.players.length),
      winners: [],
    };
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
    });
    await context.addInitScript(
      (json) => {
        localStorage.setItem('hearts.history', json);
        localStorage.setItem('hearts.settings', JSON.stringify({ lang: 'en' }));
        window.__longTasks = [];
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) window.__longTasks.push({ at: e.startTime, ms: e.duration });
        }).observe({ type: 'longtask', buffered: true });
        new MutationObserver(() => {
          if (window.__start === undefined && document.querySelector('.analysis-running'))
            window.__start = performance.now();
          if (window.__firstMark === undefined && document.querySelector('.analysis-found [data-mark]'))
            window.__firstMark = performance.now();
          if (window.__end === undefined && document.querySelector('.analysis-summary'))
            window.__end = performance.now();
        }).observe(document, { subtree: true, childList: true });
      },
      JSON.stringify([entry]),
    );
    const page = await context.newPage();
    const cpu0 = browserCpu();
    await page.goto(`${url}/#/replay/${id}/analysis`);
    await page.locator('.analysis-summary').waitFor({ timeout: 600_000 });
    const cpuSeconds = Math.round((browserCpu() - cpu0) * 10) / 10;
    const out = await page.evaluate(() => {
      const kept = JSON.parse(localStorage.getItem('hearts.analyses') ?? '[]')[0];
      const during = window.__longTasks.filter((t) => t.at >= window.__start && t.at <= window.__end);
      return {
        seconds: (window.__end - window.__start) / 1000,
        // the first mark on screen while the analysis ran (null: no marked decision, or none before the end)
        firstMarkSeconds:
          window.__firstMark === undefined ? null : (window.__firstMark - window.__start) / 1000,
        workers: navigator.hardwareConcurrency,
        decisions: kept?.decisions.length ?? 0,
        accuracy: kept?.summary.accuracy,
        longTasks: during.length,
        longestTaskMs: Math.round(Math.max(0, ...during.map((t) => t.ms))),
      };
    });
    process.stdout.write(JSON.stringify({ file, seat: 0, ...out, cpuSeconds }) + '\n');
    times.push(out.seconds);
    await context.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median =
    sorted.length % 2
      ? sorted[(sorted.length - 1) / 2]
      : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  process.stdout.write(
    JSON.stringify({ games: times.length, medianSeconds: median, worstSeconds: sorted.at(-1) }) + '\n',
  );
} finally {
  await browser.close();
  app.stop();
}
