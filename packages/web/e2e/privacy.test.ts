/**
 * Your data end to end (issue #49): the real game server (its start command, serving the built app, with
 * PRIVACY_CONTACT), a named player with a rated game played by a Node client, and the player in Chromium who finds
 * themself on the leaderboard and their player page, downloads everything the server holds (the file has their
 * game as hearts-record/1) and what the device keeps, deletes the account with name and password, and finds the name
 * gone from the leaderboard and the player page — in English and German.
 */
import { readFileSync } from 'node:fs';
import { quickMatch, TableClient } from '@hearts/live';
import { exportSchema } from '@hearts/protocol/http/privacy';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { autoplay, screenshot, watchErrors, withGameServer } from './harness';

const CONTACT = 'Hearts e. V., Musterstraße 1, 10115 Berlin, datenschutz@example.org';

const app = withGameServer({
  QUICK_MATCH_WAIT_MS: '300',
  BOT_DELAY_MS: '0',
  BOT_TIME_MS: '20',
  HAND_PAUSE_MS: '0',
  RATE_LIMIT: '500',
  PRIVACY_CONTACT: CONTACT,
});

interface Account {
  readonly token: string;
  readonly user: { readonly id: string; readonly name: string };
}

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(app.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const until = async (what: string, cond: () => boolean, ms = 120_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * Makes the player's rating established (as ten rated games would), straight in the server's database: one game is
 * played for real, the leaderboards list only players past their provisional games.
 */
function establish(userId: string): void {
  const db = new Database(app.server.database);
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE ratings SET games = 12 WHERE subject = ?').run(`u:${userId}`);
  } finally {
    db.close();
  }
}

/** A named player with one rated game finished, their rating established. */
async function namedPlayer(name: string, password: string, seed: number): Promise<Account> {
  const guest = await post<Account>('/api/guest', {});
  await post('/api/name', { name }, guest.token);
  const me = await post<Account>('/api/claim', { password }, guest.token);
  const roomId = await quickMatch({ url: app.url, token: me.token, rated: true, targetScore: 50 }).roomId;
  const client = new TableClient({ url: app.url, token: me.token, roomId });
  await client.connect();
  autoplay(client, seed);
  await until('the game to end', () => client.result !== null);
  await client.leave();
  establish(me.user.id);
  return me;
}

async function download(page: Page, button: string): Promise<unknown> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return JSON.parse(readFileSync((await file.path())!, 'utf8')) as unknown;
}

const cases = [
  {
    lang: 'en',
    locale: 'en-US',
    name: 'Annika Privat',
    texts: {
      privacy: 'Privacy',
      device: 'Download what this device keeps',
      server: 'Download my data from the server',
      confirm: /Type your name to confirm/,
      password: 'Your password',
      delete: 'Delete my account for good',
      deleted: /Your account is deleted/,
      noPlayer: 'No such player.',
    },
  },
  {
    lang: 'de',
    locale: 'de-DE',
    name: 'Bettina Privat',
    texts: {
      privacy: 'Datenschutz',
      device: 'Herunterladen, was dieses Gerät speichert',
      server: 'Meine Daten vom Server herunterladen',
      confirm: /Gib zur Bestätigung deinen Namen ein/,
      password: 'Dein Passwort',
      delete: 'Mein Konto endgültig löschen',
      deleted: /Dein Konto ist gelöscht/,
      noPlayer: 'Diesen Spieler gibt es nicht.',
    },
  },
] as const;

it.each(cases)(
  'a named player exports their data, deletes the account and is gone from the leaderboard and the player page ($lang)',
  async ({ lang, locale, name, texts }) => {
    const password = 'correct horse battery';
    const me = await namedPlayer(name, password, lang === 'en' ? 3 : 5);
    const subject = `u:${me.user.id}`;

    const context = await app.browser.newContext({ viewport: { width: 412, height: 915 }, locale });
    await context.addInitScript((token) => localStorage.setItem('hearts.live.token', token), me.token);
    const page = await context.newPage();
    const errors = watchErrors(page);

    // On the leaderboard and on their page, by name.
    await page.goto(`${app.url}/#/leaderboard`);
    const row = page.locator(`.leaderboard tr[data-subject="${subject}"]`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain(name);
    await page.goto(`${app.url}/#/profile/${me.user.id}`);
    await page.locator(`.player-page[data-subject="${subject}"]`).waitFor({ timeout: 20_000 });
    expect(await page.locator('.player-page').textContent()).toContain(name);

    // The privacy page from the page's foot: the operator's contact, the downloads.
    await page.getByRole('button', { name: texts.privacy, exact: true }).click();
    await page.locator('.privacy-contact', { hasText: CONTACT }).waitFor({ timeout: 20_000 });
    await page.locator('.privacy-delete').waitFor();
    const device = (await download(page, texts.device)) as {
      format: string;
      storage: Record<string, unknown>;
    };
    expect(device.format).toBe('hearts-device/1');
    expect(JSON.stringify(device)).not.toContain(me.token); // the account's key stays on the device
    const file = exportSchema.parse(await download(page, texts.server));
    expect(file.account).toMatchObject({ id: me.user.id, name, claimed: true });
    expect(file.games).toHaveLength(1);
    expect(file.games[0]!.record?.format).toBe('hearts-record/1');
    expect(file.games[0]!.record?.players[file.games[0]!.seat]).toBe(name);
    expect(file.ratingHistory).toHaveLength(1);
    await screenshot(page, `privacy-${lang}.png`);

    // The deletion: the name, then the password.
    const remove = page.getByRole('button', { name: texts.delete });
    expect(await remove.isDisabled()).toBe(true);
    await page.getByLabel(texts.confirm).fill(name.toLowerCase());
    expect(await remove.isDisabled()).toBe(true);
    await page.getByLabel(texts.password).fill(password);
    await remove.click();
    await page.getByText(texts.deleted).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('hearts.live.token'))).toBeNull();
    expect(errors).toEqual([]);

    // Gone from the leaderboard and the player page; the token no longer works.
    await page.goto(`${app.url}/#/leaderboard`);
    await page.locator('.leaderboard').first().waitFor({ timeout: 20_000 });
    await page.locator('.leaderboard tr[data-subject^="b:"]').first().waitFor({ timeout: 20_000 });
    expect(await page.locator(`.leaderboard tr[data-subject="${subject}"]`).count()).toBe(0);
    expect(await page.locator('.leaderboard').first().textContent()).not.toContain(name);
    await page.goto(`${app.url}/#/profile/${me.user.id}`);
    await page.getByText(texts.noPlayer).waitFor({ timeout: 20_000 });
    expect(await page.locator('body').textContent()).not.toContain(name);
    await screenshot(page, `privacy-gone-${lang}.png`);
    const res = await fetch(`${app.url}/api/me`, { headers: { authorization: `Bearer ${me.token}` } });
    expect(res.status).toBe(401);
    await context.close();
  },
  300_000,
);
