/**
 * The daily game after its day (issue #44 item 22), on the real server whose daily clock a test may set
 * (`DAILY_TEST_NOW`, refused outside NODE_ENV=test: docs/daily.md). Two names claimed before the day play it in
 * Chromium on a server whose clock is in that day, and a guest plays it beside them; the server starts again on the
 * same database and port with its clock past the day's end; then the day is among the past days, its page has both
 * players' replays and the reveal to download, the guest (never on the board) finds the replay of their own game in
 * their result, and `hearts verify` (the CLI, as a child process) checks the downloaded reveal against the
 * commitment seen during the day and against a player's own record — and fails on a wrong commitment.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../scripts/browser.js';
import {
  buildApp,
  playToTheEnd,
  startGameServer,
  watchErrors,
  WEB_DIR,
  windowAndPageShots,
  type GameServer,
} from './harness';

const shot = windowAndPageShots('daily-end');
const CLI = resolve(WEB_DIR, '..', 'cli', 'bin', 'hearts.js');
const HOUR = 3_600_000;

const dir = mkdtempSync(join(tmpdir(), 'hearts-e2e-daily-end-'));
const DATABASE = join(dir, 'hearts.sqlite');
const ENV = {
  NODE_ENV: 'test', // DAILY_TEST_NOW is refused otherwise
  DATABASE,
  BOT_LEVEL: 'easy',
  DAILY_BOT_LEVEL: 'easy',
  BOT_DELAY_MS: '30',
  HAND_PAUSE_MS: '300',
  LIMIT_DAILY: '1000000/1',
};

let server: GameServer | undefined;
let browser: Browser | undefined;
beforeAll(async () => {
  await buildApp();
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** The game server on the test's database, its daily clock at `now`; on `port` when given (the pages' origin). */
async function start(now: number, port = '0'): Promise<GameServer> {
  await server?.stop();
  server = await startGameServer({ ...ENV, PORT: port, DAILY_TEST_NOW: new Date(now).toISOString() });
  return server;
}

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(server!.url + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A name kept with a password (now: before the day the test plays). */
async function claimedName(name: string): Promise<Account> {
  const guest = await call<Account>('POST', '/api/guest', undefined, {});
  await call('POST', '/api/name', guest.token, { name });
  return call<Account>('POST', '/api/claim', guest.token, { password: `${name} plays the day` });
}

/** `hearts ARGS…` as a child process: its exit code and what it printed. */
function hearts(args: readonly string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => done({ code, out }));
  });
}

/** A page of a player whose token the app finds on its first load. */
async function playerPage(token: string, width: number, height: number, locale: string): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width, height }, locale });
  await context.addInitScript((t) => {
    if (location.protocol === 'http:') localStorage.setItem('hearts.live.token', t); // not on about:blank
  }, token);
  return context.newPage();
}

interface Account {
  readonly token: string;
  readonly user: { readonly id: string; readonly name: string };
}

interface DayRow {
  name: string;
  total: number;
  tableId: string | null;
}

it('plays a day, then sees it past: the calendar, everyone’s replays, a guest’s own, the reveal and hearts verify', async () => {
  // The names are claimed now; the day played is a later one (its clock 26 hours on): both are ranked on it. The
  // guest plays the day too, off the board.
  await start(Date.now() + 26 * HOUR);
  const ada = await claimedName('Ada Day');
  const bo = await claimedName('Bo Day');
  const guest = await call<Account>('POST', '/api/guest', undefined, {});
  const today = await call<{ date: string; endsAt: number; commitment: string }>(
    'GET',
    '/api/daily',
    ada.token,
  );
  const port = new URL(server!.url).port;

  const pages = [
    await playerPage(ada.token, 1440, 900, 'en-US'),
    await playerPage(bo.token, 1440, 900, 'en-US'),
    await playerPage(guest.token, 1440, 900, 'en-US'),
  ];
  const errors = pages.map(watchErrors);
  const played = await Promise.all(
    pages.map(async (page) => {
      await page.goto(`${server!.url}/?speed=fast#/daily`);
      const commitment = await page
        .locator('.daily-hash')
        .getAttribute('data-commitment', { timeout: 20_000 });
      await page.getByRole('button', { name: 'Play today’s deal' }).click();
      await page.waitForURL(/#\/live\/t/);
      await page.locator('[data-card]').first().waitFor({ timeout: 20_000 });
      const counts = await playToTheEnd(page);
      await page.locator('.result-panel.game-over').waitFor({ timeout: 5000 });
      return { commitment, ...counts };
    }),
  );
  for (const p of played) {
    expect(p.commitment).toBe(today.commitment);
    expect(p.passes).toBe(3); // left, right, across; the fourth hand keeps
    // Every card clicked (a click on a busy machine may count without playing): the game is over, above.
    expect(p.plays).toBeGreaterThanOrEqual(52);
  }
  // During the day: the day is not revealed, a game's record stays closed.
  const during = await fetch(`${server!.url}/api/daily/days/${today.date}/reveal`);
  expect(during.status).toBe(409);
  expect(((await during.json()) as { error: string }).error).toBe('ERR_DAILY_NOT_OVER');

  // Nothing went wrong while playing; the pages leave before their server stops (no refused connections).
  expect(errors.flat()).toEqual([]);
  await pages[1]!.context().close();
  await pages[0]!.goto('about:blank');
  await pages[2]!.goto('about:blank');

  // The server again, on the same database and port, its clock a minute past the day's end (Berlin midnight).
  await start(today.endsAt + 60_000, port);
  const [page, , guestPage] = pages as [Page, Page, Page];
  await page.goto(`${server!.url}/?speed=fast#/daily`);
  // A new day, and the one played among the past days with both players.
  await page.getByRole('button', { name: 'Play today’s deal' }).waitFor({ timeout: 20_000 });
  const past = page.locator('.daily-calendar li.played');
  await past.first().waitFor();
  expect(await past.count()).toBe(1);
  expect(await past.textContent()).toMatch(/2 players · .* rank [12]/);
  await past.getByRole('button').click();
  await page.waitForURL(new RegExp(`#/daily/${today.date}$`));

  const day = await call<{ revealed: boolean; rows: DayRow[] }>(
    'GET',
    `/api/daily/days/${today.date}`,
    ada.token,
  );
  expect(day.revealed).toBe(true);
  expect(day.rows.map((r) => r.name).sort()).toEqual(['Ada Day', 'Bo Day']);
  const board = page.locator('.daily-board tbody tr:not(.par)');
  await board.first().waitFor({ timeout: 20_000 });
  expect(await board.count()).toBe(2);
  expect(await page.locator('.daily-board .replay').count()).toBe(2); // everyone's replays, not only yours
  expect(await page.getByText('The replay of your game opens once the day is revealed').count()).toBe(0);
  // Ada's own replay is on her row: her result has none of its own.
  expect(await page.locator('.daily-board tr.you .replay').count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Replay your game' }).count()).toBe(0);
  await page.getByText('The seed of this day is revealed:').waitFor();
  await shot(page, 'past-day-desktop-en.png');

  // The reveal, downloaded as the page offers it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the reveal (for hearts verify)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`hearts-daily-${today.date}.json`);
  const reveal = join(dir, download.suggestedFilename());
  await download.saveAs(reveal);

  // Everyone's replays: Bo's game, then your own, each from the day's board.
  for (const name of ['Bo Day', 'Ada Day']) {
    await page.locator('.daily-board tr', { hasText: name }).locator('.replay').click();
    await page.waitForURL(/#\/replay\/game\/t/);
    await page.locator('.replay-screen').waitFor({ timeout: 20_000 });
    await page.getByText(name, { exact: false }).first().waitFor();
    if (name === 'Bo Day') await shot(page, 'replay-of-another-desktop-en.png');
    await page.goBack();
    await page.waitForURL(new RegExp(`#/daily/${today.date}$`));
    await page.locator('.daily-board .replay').first().waitFor({ timeout: 20_000 });
  }

  // The guest is not on the board, so their own game's replay is in their result (docs/daily.md: "your own too").
  await guestPage.goto(`${server!.url}/?speed=fast#/daily/${today.date}`);
  await guestPage.locator('.daily-board tbody tr').first().waitFor({ timeout: 20_000 });
  await guestPage.getByText(/As a guest you would be number [1-3] of 3/).waitFor();
  expect(await guestPage.locator('.daily-board tr.you').count()).toBe(0);
  expect(await guestPage.locator('.daily-board .replay').count()).toBe(2); // the two on the board
  await shot(guestPage, 'past-day-guest-desktop-en.png');
  await guestPage.getByRole('button', { name: 'Replay your game' }).click();
  // Their own game (mine=1: its mistakes become training positions), seen from the day's seat.
  await guestPage.waitForURL(/#\/replay\/game\/t[^?]*\?seat=0&mine=1&from=/);
  await guestPage.locator('.replay-screen').waitFor({ timeout: 20_000 });
  await guestPage.getByText(guest.user.name, { exact: false }).first().waitFor();
  await shot(guestPage, 'replay-own-guest-desktop-en.png');
  await guestPage.goBack();
  await guestPage.waitForURL(new RegExp(`#/daily/${today.date}$`));
  await guestPage.getByRole('button', { name: 'Replay your game' }).waitFor({ timeout: 20_000 });

  // hearts verify on the downloaded reveal: the commitment seen during the day, and Ada's own record.
  const own = day.rows.find((r) => r.name === 'Ada Day')!;
  expect(own.tableId).not.toBeNull();
  const res = await fetch(`${server!.url}/api/games/${own.tableId}/record`, {
    headers: { authorization: `Bearer ${ada.token}` },
  });
  expect(res.status).toBe(200);
  const record = join(dir, 'ada.json');
  writeFileSync(record, await res.text());
  const ok = await hearts(['verify', reveal, '--commitment', today.commitment, '--record', record]);
  expect(ok, ok.out).toMatchObject({ code: 0 });
  const wrong = await hearts(['verify', reveal, '--commitment', '0'.repeat(64)]);
  expect(wrong.code).toBe(1);
  expect(wrong.out).toMatch(/ERR_COMMITMENT/);

  // The past day in German on a phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${server!.url}/?speed=fast#/`);
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await page.goto(`${server!.url}/?speed=fast#/daily/${today.date}`);
  await page.getByText('Der Startwert dieses Tages ist bekannt gegeben:').waitFor({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Offenlegung herunterladen (für hearts verify)' }).waitFor();
  expect(await page.locator('.daily-board .replay', { hasText: 'Nachspielen' }).count()).toBe(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'past-day-phone-de.png');
  // The guest's on a phone in German: their game's replay in their result.
  await guestPage.setViewportSize({ width: 360, height: 740 });
  await guestPage.goto(`${server!.url}/?speed=fast#/`);
  await guestPage.getByRole('button', { name: 'Deutsch' }).click();
  await guestPage.goto(`${server!.url}/?speed=fast#/daily/${today.date}`);
  await guestPage.getByText(/Als Gast wärst du Platz [1-3] von 3/).waitFor({ timeout: 20_000 });
  await guestPage.getByRole('button', { name: 'Dein Spiel nachspielen' }).waitFor();
  expect(await guestPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(guestPage, 'past-day-guest-phone-de.png');
  expect(errors[0]).toEqual([]);
  expect(errors[2]).toEqual([]);
}, 600_000);
