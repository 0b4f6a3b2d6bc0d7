/**
 * End-to-end harness: builds the app fresh, serves it with the real start commands (serve.js, or the game server
 * with the app and the game on one port) on a free port, and drives Debian's Chromium through playwright-core.
 * Never downloads a browser. A test file gets all of it with `withApp()` or `withGameServer(env)`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomInt, seededRandom, type CardName } from '@hearts/engine';
import type { TableClient } from '@hearts/live';
import type { LiveState } from '@hearts/table';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium } from '../scripts/browser.js';

export const WEB_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = resolve(WEB_DIR, '..', '..', 'test-results');

/** A production build by the package's own build script, as `npm install` makes it. */
function runBuild(): Promise<void> {
  return new Promise((done, reject) => {
    const env = { ...process.env, NODE_ENV: 'production' }; // the test runner's NODE_ENV=test would pick React's dev build
    const child = spawn('npm', ['run', 'build'], { cwd: WEB_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? done() : reject(new Error(`the build failed (${code}):\n${out}`)),
    );
  });
}

const PACKAGES_DIR = resolve(WEB_DIR, '..');
const BUILD_LOCK = resolve(WEB_DIR, 'dist', '.e2e-build.lock');
const BUILD_STAMP = resolve(WEB_DIR, 'dist', '.e2e-build.stamp');

/** The newest change to anything the app is built from: every package's sources, the web package's files. */
function newestSource(): number {
  let newest = 0;
  const walk = (path: string): void => {
    let st;
    try {
      st = statSync(path);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const f of readdirSync(path)) if (f !== 'node_modules' && f !== 'dist') walk(join(path, f));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const pkg of readdirSync(PACKAGES_DIR)) walk(join(PACKAGES_DIR, pkg, 'src'));
  for (const f of ['public', 'sw', 'index.html', 'vite.config.js', 'package.json']) walk(join(WEB_DIR, f));
  return newest;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A fresh build of the app for this test run. Test files run in parallel and share dist/app: the first one
 * builds while the others wait (a lock directory), and a build newer than every source is used as it is, so no
 * file's server has its files rebuilt under it.
 */
export async function buildApp(): Promise<void> {
  mkdirSync(dirname(BUILD_LOCK), { recursive: true });
  for (const started = Date.now(); ;) {
    try {
      mkdirSync(BUILD_LOCK);
    } catch {
      if (Date.now() - started > 300_000)
        throw new Error(`waited 5 minutes for the build lock ${BUILD_LOCK}`);
      try {
        if (Date.now() - statSync(BUILD_LOCK).mtimeMs > 180_000) rmSync(BUILD_LOCK, { recursive: true }); // left by a killed run
      } catch {
        // released meanwhile
      }
      await sleep(250);
      continue;
    }
    try {
      let stamp = 0;
      try {
        stamp = statSync(BUILD_STAMP).mtimeMs;
      } catch {
        // never built by a test
      }
      if (stamp > newestSource() && existsSync(resolve(WEB_DIR, 'dist', 'app', 'index.html'))) return;
      for (let tries = 0; ; tries++) {
        try {
          await runBuild();
          break;
        } catch (e) {
          // A build started by hand (not by a test) holds Vite's own lock: wait for it.
          if (tries >= 120 || !/Found another Vite build process/.test(String(e))) throw e;
          await sleep(1000);
        }
      }
      writeFileSync(BUILD_STAMP, new Date().toISOString());
      return;
    } finally {
      rmSync(BUILD_LOCK, { recursive: true, force: true });
    }
  }
}

export interface Server {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts `node <script>` and reads the URL it prints once it listens. */
function spawnServer(script: string, env: Record<string, string>, timeoutMs: number): Promise<Server> {
  return new Promise((resolvePromise, reject) => {
    const child: ChildProcess = spawn(process.execPath, [script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server printed no URL: ${out}`)), timeoutMs);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePromise({
          url: m[0],
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${out}`)));
  });
}

/** The web app's own start command (`node serve.js`): the built app, nothing else. */
export function startServer(): Promise<Server> {
  return spawnServer(resolve(WEB_DIR, 'serve.js'), { PORT: '0' }, 60_000);
}

/** The game server of a test, with the path of its SQLite database. */
export interface GameServer extends Server {
  readonly database: string;
}

/**
 * The game server's start command serving the built app and the game on one port, on a fresh SQLite database
 * (removed by `stop()`), with `env` over quiet logs.
 */
export async function startGameServer(env: Record<string, string>): Promise<GameServer> {
  const dir = mkdtempSync(join(tmpdir(), 'hearts-e2e-'));
  const server = await spawnServer(
    resolve(WEB_DIR, '..', 'server', 'bin', 'hearts-server.js'),
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE: join(dir, 'hearts.sqlite'),
      WEB_ROOT: resolve(WEB_DIR, 'dist', 'app'),
      LOG_LEVEL: 'warn',
      // Every page and helper comes from 127.0.0.1: the limits per address raised (test/abuse tests them).
      LIMIT_API: '1000000/1',
      LIMIT_GUESTS: '1000000/1',
      LIMIT_ROOMS: '1000000/1',
      LIMIT_JOINS: '1000000/1',
      LIMIT_WATCH_LIST: '1000000/1',
      LIMIT_TRAINING: '1000000/1',
      LOGIN_FREE_PER_NAME: '1000000',
      LOGIN_FREE_PER_IP: '1000000',
      MAX_CONNECTIONS_PER_IP: '100000',
      ...env,
    },
    60_000, // bounds a start, not its speed: on a busy machine a start takes many seconds
  ).catch((e: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  });
  return {
    url: server.url,
    database: join(dir, 'hearts.sqlite'),
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the tests of a file run against: a server of its own serving the built app, and Chromium. */
export interface Setup<S extends Server = Server> {
  readonly server: S;
  readonly url: string; // the server's
  readonly browser: Browser;
}

/**
 * For the whole test file: builds the app, starts a server and Chromium before its first test (within `startMs`),
 * and closes both after its last. The fields are there once the tests run; read before, they throw.
 *
 * ```ts
 * const app = withGameServer({ BOT_LEVEL: 'easy' });
 * it('…', async () => { const page = await app.browser.newPage(); await page.goto(`${app.url}/`); });
 * ```
 */
function setUp<S extends Server>(start: () => Promise<S>, startMs: number): Setup<S> {
  let server: S | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    await buildApp();
    server = await start();
    browser = await launchChromium();
  }, startMs);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  }, 60_000);
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started yet: use it inside a test or a hook`);
    return value;
  };
  return {
    get server() {
      return started(server, 'the server');
    },
    get url() {
      return started(server, 'the server').url;
    },
    get browser() {
      return started(browser, 'Chromium');
    },
  };
}

/** The built app served by its own start command (`serve.js`), and Chromium: see {@link setUp}. */
export const withApp = (startMs = 120_000): Setup => setUp(startServer, startMs);

/** The game server with `env` serving the built app and the game, and Chromium: see {@link setUp}. */
export const withGameServer = (env: Record<string, string>, startMs = 180_000): Setup<GameServer> =>
  setUp(() => startGameServer(env), startMs);

/** Console errors and uncaught exceptions of a page, collected for the test to check. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  return errors;
}

/** Long main-thread tasks (ms) since the page loaded, observed by the page itself. */
export async function recordLongTasks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * A shot of the window in `test-results/<name>`, as the player sees it once the cards have come to rest: running
 * animations (a card flying in from its seat) are finished first, not caught halfway.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: resolve(RESULTS_DIR, name), animations: 'disabled' });
}

/** Shots of a test file in a folder of their own, `test-results/<folder>/<name>`: the window, or the whole page. */
export function shotsIn(folder: string, fullPage = false): (page: Page, name: string) => Promise<void> {
  const dir = join(RESULTS_DIR, folder);
  return async (page, name) => {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, name), fullPage, animations: 'disabled' });
  };
}

/**
 * Two shots of a page at each call: the window beside the other files' (`test-results/<folder>-<name>`), and the
 * whole page in the file's own folder (`test-results/<folder>/<name>`).
 */
export function windowAndPageShots(folder: string): (page: Page, name: string) => Promise<void> {
  const pageShot = shotsIn(folder, true);
  return async (page, name) => {
    await screenshot(page, `${folder}-${name}`);
    await pageShot(page, name);
  };
}

/** The two windows the table is checked in: a desktop's, and a phone's with touch. */
export const DEVICES = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true },
} as const;

/** Fails unless the (first) element wholly lies inside the window; half a pixel of rounding is allowed. */
export async function expectOnScreen(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).first().boundingBox();
  const size = page.viewportSize()!;
  expect(box, `${selector} is not shown`).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width + 0.5);
  expect(box!.y + box!.height).toBeLessThanOrEqual(size.height + 0.5);
}

/** Fails when the element `selector` (a panel over the table) covers any seat of the board. */
export async function expectClearOfSeats(page: Page, selector: string): Promise<void> {
  const panel = await page.locator(selector).first().boundingBox();
  if (!panel) throw new Error(`${selector} is not shown`);
  for (const seat of await page.locator('.board .seat').all()) {
    const s = await seat.boundingBox();
    if (!s) continue;
    const apart =
      s.x >= panel.x + panel.width ||
      panel.x >= s.x + s.width ||
      s.y >= panel.y + panel.height ||
      panel.y >= s.y + s.height;
    if (!apart)
      throw new Error(
        `${selector} ${JSON.stringify(panel)} covers the seat "${await seat.getAttribute('data-seat')}" ${JSON.stringify(s)}`,
      );
  }
}

/**
 * Fails when a seat of the board, or anything written in it (name, dealer chip, bot badge, score, status, the time
 * left until a bot takes it), reaches past the seat's sides or the screen's. The text itself is measured, not its
 * box: a long word runs past a box that keeps its width.
 */
export async function expectSeatsOnScreen(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  const problems = await page.evaluate((width) => {
    const out: string[] = [];
    const parts = '.seat-head > *, .bot-badge, .seat-away, .seat-score, .seat-status';
    for (const seat of document.querySelectorAll('.board .seat')) {
      const s = seat.getBoundingClientRect();
      const name = `seat ${seat.getAttribute('data-seat')} (${seat.className})`;
      if (s.left < 0 || s.right > width) out.push(`${name} [${s.left}, ${s.right}] is off the screen`);
      for (const part of seat.querySelectorAll(parts)) {
        const range = document.createRange();
        range.selectNodeContents(part);
        // A name cut short with "…" is clipped to its box: only the box must stay inside the seat.
        const clipped = getComputedStyle(part).textOverflow === 'ellipsis';
        for (const r of clipped
          ? [part.getBoundingClientRect()]
          : [part.getBoundingClientRect(), range.getBoundingClientRect()]) {
          if (r.width === 0) continue;
          const left = Math.max(0, s.left) - 0.5;
          const right = Math.min(width, s.right) + 0.5;
          if (r.left < left || r.right > right)
            out.push(`${name}: "${part.textContent}" [${r.left}, ${r.right}] runs past [${left}, ${right}]`);
        }
      }
      // A name breaks between its words, never inside one (a word too long for the seat ends in "…"): no more
      // lines than words.
      const label = seat.querySelector('.seat-name');
      if (label?.textContent) {
        const range = document.createRange();
        range.selectNodeContents(label);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        const words = label.textContent.trim().split(/\s+/).length;
        if (lines > words)
          out.push(`${name}: "${label.textContent}" is broken inside a word (${lines} lines)`);
      }
    }
    return out;
  }, width);
  if (problems.length > 0) throw new Error(`seats cut off at ${width} px:\n${problems.join('\n')}`);
}

/** Every column of the score table (`selector`) is in view: none is pushed past the table's box by a long name. */
export async function expectScoreColumnsInView(page: Page, selector: string): Promise<void> {
  const table = page.locator(selector);
  await table.waitFor();
  const problems = await table.evaluate((t) => {
    const box = (t.parentElement ?? t).getBoundingClientRect();
    const right = Math.min(box.right, document.documentElement.clientWidth) + 0.5;
    return [...t.querySelectorAll('thead th, tfoot td')]
      .map((c) => ({ text: c.textContent, r: c.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 8 || r.right > right)
      .map(({ text, r }) => `"${text}" [${r.left}, ${r.right}] is out of view (the table ends at ${right})`);
  });
  if (problems.length > 0) throw new Error(`score columns out of view:\n${problems.join('\n')}`);
}

/** Clicks a card of the hand on its visible corner (the cards overlap). */
export async function clickCard(page: Page, card: string, force = false): Promise<void> {
  await page.locator(`[data-card="${card}"]`).click({ position: { x: 8, y: 30 }, force });
}

/**
 * Waits for the first card on the table after passing. When the player holds the 2♣ it must lead it, so no card
 * appears until it does: then it plays it (on a touch screen the first tap only raises the card, the second plays
 * it, so it taps until the card is on the table).
 */
export async function firstTrickCard(page: Page): Promise<void> {
  await page.locator('.table-screen[data-phase="play"]').waitFor();
  const trick = page.locator('.trick-card');
  const two = page.locator('[data-card="2C"]:not([aria-disabled="true"])');
  await trick.or(two).first().waitFor();
  for (let taps = 0; (await trick.count()) === 0 && (await two.count()) > 0; taps++) {
    if (taps === 3) throw new Error('the 2♣ does not go to the table');
    await clickCard(page, '2C');
    await page.waitForTimeout(150);
  }
  await trick.first().waitFor();
}

/** A Node player at a live table: a legal random decision whenever its view asks for one. */
export function autoplay(client: TableClient, seed = 7): void {
  const rng = seededRandom(seed);
  let busy = false;
  const act = () => {
    const s: LiveState | null = client.state;
    if (busy || !s || client.status !== 'open') return;
    const v = s.view;
    let move: Parameters<TableClient['move']>[0] | null = null;
    if (v.phase === 'pass' && v.passed === null && v.legal.length > 0) {
      const legal = [...v.legal];
      const cards: CardName[] = [];
      for (let i = 0; i < v.rules.passCards; i++)
        cards.push(legal.splice(randomInt(rng, legal.length), 1)[0]!);
      move = { kind: 'pass', cards };
    } else if (v.phase === 'play' && v.turn === v.seat && v.legal.length > 0)
      move = { kind: 'play', card: v.legal[randomInt(rng, v.legal.length)]! };
    else if (v.phase === 'moon' && v.moonShooter === v.seat) move = { kind: 'moon', choice: 'plus' };
    if (!move) return;
    busy = true;
    client.move(move).then(
      () => {
        busy = false;
        act();
      },
      () => {
        busy = false;
        setTimeout(act, 20);
      },
    );
  };
  client.subscribe(act);
  act();
}

/** Clicks a card of the hand; false when it cannot be clicked just now. */
export async function tryCard(page: Page, card: string): Promise<boolean> {
  return page
    .locator(`[data-card="${card}"]`)
    .click({ position: { x: 8, y: 30 }, timeout: 3000 })
    .then(
      () => true,
      () => false,
    );
}

/**
 * Plays whatever the table asks of this seat until the game is over (the counts say every move was made).
 * `eachTurn`: a look at the page before each step (e.g. counting what must never show).
 */
export async function playToTheEnd(
  page: Page,
  eachTurn?: () => Promise<void>,
): Promise<{ passes: number; plays: number }> {
  let passes = 0;
  let plays = 0;
  const deadline = Date.now() + 200_000;
  while (Date.now() < deadline) {
    if (await page.locator('.result-panel.game-over').isVisible()) break;
    await eachTurn?.();
    const phase = await page.locator('.table-screen').getAttribute('data-phase');
    const passButton = page.locator('button.pass-btn');
    if (phase === 'pass' && (await passButton.isVisible())) {
      const cards = await page
        .locator('[data-card]:not([aria-pressed="true"])')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));
      const chosen = await page.locator('[data-card][aria-pressed="true"]').count();
      let clicked = true;
      for (const c of cards.slice(-Math.max(0, 3 - chosen)).reverse())
        clicked = clicked && (await tryCard(page, c));
      if (clicked && (await passButton.isEnabled())) {
        await passButton.click();
        passes++;
      }
    } else if (phase === 'play' && (await page.locator('.player-bar.turn').isVisible())) {
      const legal = await page
        .locator('[data-card]:not([aria-disabled="true"])')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));
      const card = legal[legal.length - 1];
      // A play counts once the table took it (the card left the hand). A touch screen's first tap only raises the
      // card (played by the next tap); a click the table did not take (the turn had just ended) is tried again.
      if (card !== undefined && (await tryCard(page, card))) {
        const outcome = await page
          .waitForFunction(
            (c) => {
              const el = document.querySelector(`.hand [data-card="${c}"]`);
              return el === null ? 'taken' : el.classList.contains('raised') ? 'raised' : false;
            },
            card,
            { timeout: 15_000 },
          )
          .then(
            (h) => h.jsonValue(),
            () => 'refused',
          );
        if (outcome === 'taken') plays++;
      }
    }
    await page.waitForTimeout(50);
  }
  return { passes, plays };
}
