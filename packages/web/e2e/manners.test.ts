/**
 * Manners end to end (issue #20): at a live table a player opens the menu beside another player's name, reports
 * them (stalling) and blocks them — their chat is hidden from then on — and unblocks them in the list of blocked
 * players; a moderator (an ADMIN_USERS name, German, on a phone) takes the name in the app with the code of the
 * server's start log — refused without it and with a wrong one —, keeps it with a password, opens the reports by
 * the button live play shows moderators only ("Meldungen"), reads the report with the table's chat and marks it
 * handled, while the player has no such button and gets "moderators only"; a moderator's name holding a reserved
 * word is taken with its code too and, kept, shows "Reports" (English, desktop); a player who left a rated game
 * (LEAVE_LIMIT=1) finds the quick match replaced by the cool-down's end time. Screenshots at 360 px and on a
 * desktop, in German and English (test-results/manners).
 */
import { createHmac } from 'node:crypto';
import { TableClient } from '@hearts/live';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { autoplay, expectOnScreen, shotsIn, watchErrors, withGameServer } from './harness';

const shot = shotsIn('manners');
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1440, height: 900 };

const SECRET = 'the e2e server’s token secret';
/** The code the server logs at start for a moderator's name nobody holds (Identity.moderatorCode). */
const moderatorCode = (name: string): string =>
  createHmac('sha256', SECRET)
    .update(`hearts-moderator/1:${name.toLowerCase()}`)
    .digest('base64url')
    .slice(0, 16);

const app = withGameServer({
  BOT_LEVEL: 'easy',
  BOT_DELAY_MS: '300',
  HAND_PAUSE_MS: '500',
  QUICK_MATCH_WAIT_MS: '0',
  LEAVE_LIMIT: '1',
  ADMIN_USERS: 'Paula Wise,Mod Max',
  LIMIT_MANNERS: '1000/1',
  SECRET: SECRET,
});

/** The name form's words in each language, for the steps of a moderator taking a reserved name. */
const NAME_FORM = {
  de: {
    change: 'Ändern',
    name: 'Dein Name',
    save: 'Speichern',
    reserved: 'Dieser Name ist reserviert. Ein Name darf nicht wie ein Bot',
    haveCode: 'Ich habe einen Moderatorcode',
    code: 'Moderatorcode',
    taken: 'Name mit dem Moderatorcode übernommen.',
  },
  en: {
    change: 'Change',
    name: 'Your name',
    save: 'Save',
    reserved: 'This name is reserved. A name may not look like a bot',
    haveCode: 'I have a moderator code',
    code: 'Moderator code',
    taken: 'Name taken with the moderator code.',
  },
} as const;
type NameForm = (typeof NAME_FORM)[keyof typeof NAME_FORM];

/** On live play: asks for a moderator's name without a code and waits for the refusal ("reserved"). */
async function askReservedName(page: Page, name: string, w: NameForm): Promise<void> {
  await page.getByRole('button', { name: w.change }).click();
  await page.getByLabel(w.name).fill(name);
  await page.getByRole('button', { name: w.save }).click();
  await page.getByRole('alert').filter({ hasText: w.reserved }).waitFor({ timeout: 10_000 });
}

/** After the refusal: opens the code field the form offers. */
async function openCodeField(page: Page, w: NameForm): Promise<Locator> {
  await page.getByRole('button', { name: w.haveCode }).click();
  return page.getByLabel(w.code);
}

/** Saves the name with the code in its field and waits for it to be taken. */
async function saveWithCode(page: Page, w: NameForm): Promise<void> {
  await page.getByRole('button', { name: w.save }).click();
  await page.getByText(w.taken, { exact: false }).waitFor({ timeout: 10_000 });
}

async function post<T>(path: string, token: string | null, body: unknown): Promise<T> {
  const res = await fetch(app.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

it('report and block from the player menu, the blocked list, the moderators’ page', async () => {
  const host = await post<{ token: string; user: { name: string } }>('/api/guest', null, {});
  const table = await TableClient.createFriendsRoom({ url: app.url, token: host.token });
  const code = table.roomId;

  const context = await app.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const player = await context.newPage();
  const errors = watchErrors(player);
  player.on('dialog', (d) => void d.accept());
  await player.goto(`${app.url}/?speed=fast#/live/${code}`);
  await player.locator('.live-members li').nth(1).waitFor({ timeout: 20_000 });
  table.send('options', { rules: { targetScore: 100 }, botLevel: 'easy' });
  autoplay(table);
  table.send('start', {});
  await player.locator('.hand [data-card]').first().waitFor({ timeout: 20_000 });
  table.send('chat', { text: 'hello before the block' });
  await player.locator('.chat-count').waitFor({ timeout: 10_000 });

  // The menu beside the host's name (bots have none): report for stalling.
  const menu = player.getByRole('button', { name: `More about ${host.user.name}` });
  expect(await player.locator('.player-menu-button').count()).toBe(1);
  await menu.click();
  await expectOnScreen(player, '.player-menu');
  await shot(player, 'menu-desktop-en.png');
  await player.locator('.player-menu').getByRole('button', { name: 'Report' }).click();
  await player.getByLabel('Stalling the game').check();
  await player.getByLabel('What happened? (optional)').fill('Waits out every clock.');
  await shot(player, 'report-desktop-en.png');
  await player.getByRole('button', { name: 'Send report' }).click();
  await player.getByText('Thank you. A moderator will look at it.').waitFor({ timeout: 10_000 });
  await player.locator('.player-menu').getByRole('button', { name: 'Cancel' }).click();

  // Block: the host's chat is hidden from now on; the host is not told.
  await menu.click();
  await player.locator('.player-menu').getByRole('button', { name: 'Block' }).click();
  await player.getByText('Blocked. You will not see their chat any more.').waitFor({ timeout: 10_000 });
  await player.locator('.player-menu').getByRole('button', { name: 'Cancel' }).click();
  table.send('chat', { text: 'hello after the block' });
  await player.waitForTimeout(1000);
  await player.getByRole('button', { name: 'Chat' }).click();
  const chat = (await player.locator('.live-chat').textContent()) ?? '';
  expect(chat).toContain('hello before the block'); // said before: the menu's block hides the seat from now on
  expect(chat).not.toContain('hello after the block');
  await player.getByRole('button', { name: 'Chat' }).click();
  // The phone: the menu fits the screen.
  await player.setViewportSize(PHONE);
  await menu.click();
  await expectOnScreen(player, '.player-menu');
  await shot(player, 'menu-phone-en.png');
  await player.locator('.player-menu').getByRole('button', { name: 'Cancel' }).click();

  // The player is no moderator: live play shows no way to the moderators' page, and the page says so.
  await player.setViewportSize(DESKTOP);
  await player.goto(`${app.url}/#/live`);
  await player.getByRole('button', { name: 'Blocked players', exact: true }).waitFor({ timeout: 20_000 });
  expect(await player.getByRole('button', { name: 'Reports', exact: true }).count()).toBe(0);
  await player.getByRole('button', { name: 'Blocked players', exact: true }).scrollIntoViewIfNeeded();
  await shot(player, 'no-link-desktop-en.png');
  await player.goto(`${app.url}/#/live/admin`);
  await player.getByText('This page is for moderators only.').waitFor({ timeout: 20_000 });

  // The moderator, German, on a phone: the name of ADMIN_USERS taken in the app with its code, then kept.
  const modContext = await app.browser.newContext({ viewport: PHONE, locale: 'de-DE' });
  const moderator = await modContext.newPage();
  const modErrors = watchErrors(moderator);
  await moderator.goto(`${app.url}/#/live`);
  await askReservedName(moderator, 'Paula Wise', NAME_FORM.de);
  const codeField = await openCodeField(moderator, NAME_FORM.de);
  await codeField.fill(moderatorCode('Someone Else')); // a wrong code: refused as well
  await moderator.getByRole('button', { name: NAME_FORM.de.save }).click();
  await moderator
    .getByRole('alert')
    .filter({ hasText: 'Mit diesem Code lässt sich dieser Name nicht übernehmen.' })
    .waitFor({ timeout: 10_000 });
  await expectOnScreen(moderator, '.live-code-hint');
  await shot(moderator, 'code-phone-de.png');
  await codeField.fill(moderatorCode('Paula Wise'));
  await saveWithCode(moderator, NAME_FORM.de);
  expect(await moderator.locator('.live-you .live-name').textContent()).toBe('Paula Wise');
  const keep = moderator.locator('.live-you details[open] input[autocomplete="new-password"]'); // its form is open
  await keep.fill('a long enough password');
  await moderator.getByRole('button', { name: 'Namen sichern' }).click();
  await moderator.getByText('Dein Name ist gesichert', { exact: false }).waitFor({ timeout: 10_000 });
  // Kept: a moderator's now, and live play shows the way to the reports at once (and after a reload).
  const reports = moderator.getByRole('button', { name: 'Meldungen', exact: true });
  await reports.waitFor({ timeout: 10_000 });
  await moderator.reload();
  await reports.scrollIntoViewIfNeeded({ timeout: 20_000 });
  await expectOnScreen(moderator, 'button:text-is("Meldungen")');
  await shot(moderator, 'link-phone-de.png');
  await reports.click();
  const card = moderator.locator('.mod-report');
  await card.waitFor({ timeout: 20_000 });
  expect(await card.textContent()).toContain('Verzögert das Spiel');
  expect(await card.textContent()).toContain('Waits out every clock.');
  expect(await card.locator('.mod-chat li.reported').first().textContent()).toContain(
    'hello before the block',
  );
  await expectOnScreen(moderator, '.mod-report h3');
  await shot(moderator, 'admin-phone-de.png');
  await moderator.setViewportSize(DESKTOP);
  await shot(moderator, 'admin-desktop-de.png');
  await card.getByRole('button', { name: 'Erledigen' }).click();
  await moderator.getByText('Keine Meldungen.').waitFor({ timeout: 10_000 });
  await moderator.getByText('Erledigt', { exact: true }).click(); // the handled ones
  await moderator.locator('.mod-report', { hasText: 'erledigt' }).waitFor({ timeout: 10_000 });
  // The way back names where it leads: live play, whose page this is.
  const back = moderator.locator('.page-head .back-btn');
  expect(await back.textContent()).toBe('← Live spielen');
  await back.click();
  await moderator.locator('.live-you').waitFor({ timeout: 10_000 });
  expect(await moderator.evaluate(() => location.hash)).toBe('#/live');
  await reports.scrollIntoViewIfNeeded({ timeout: 10_000 });
  await shot(moderator, 'link-desktop-de.png');

  // The list of blocked players, in German on a phone and in English on a desktop: unblock.
  await player.goto(`${app.url}/#/live/blocked`);
  const row = player.locator('.blocked-list li', { hasText: host.user.name });
  await row.waitFor({ timeout: 20_000 });
  expect(await player.locator('.page-head .back-btn').textContent()).toBe('← Play live');
  await shot(player, 'blocked-desktop-en.png');
  // German on a phone: the same player (its token) in a German browser.
  const token = await player.evaluate(() => localStorage.getItem('hearts.live.token'));
  const deContext = await app.browser.newContext({ viewport: PHONE, locale: 'de-DE' });
  await deContext.addInitScript((t) => localStorage.setItem('hearts.live.token', t), token!);
  const dePlayer = await deContext.newPage();
  await dePlayer.goto(`${app.url}/#/live/blocked`);
  const deRow = dePlayer.locator('.blocked-list li', { hasText: host.user.name });
  await deRow.waitFor({ timeout: 20_000 });
  await expectOnScreen(dePlayer, '.blocked-list li button');
  await shot(dePlayer, 'blocked-phone-de.png');
  await deRow.getByRole('button', { name: 'Nicht mehr blockieren' }).click();
  await dePlayer.getByText('Du hast niemanden blockiert.').waitFor({ timeout: 10_000 });
  await deContext.close();

  // The one failed request: the moderators' route answering the player 404.
  expect(errors).toEqual([
    'console: Failed to load resource: the server responded with a status of 404 (Not Found)',
  ]);
  // The two refused names (400 ERR_RESERVED_NAME), nothing else.
  expect(modErrors).toEqual(
    Array(2).fill(
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ),
  );
  await table.leave();
  await Promise.all([context.close(), modContext.close()]);
}, 300_000);

it('a moderator’s name holding a reserved word is taken in the app with its code, and refused without it', async () => {
  const context = await app.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.url}/#/live`);
  await askReservedName(page, 'Mod Max', NAME_FORM.en);
  await shot(page, 'reserved-desktop-en.png');
  const codeField = await openCodeField(page, NAME_FORM.en);
  await codeField.fill(` ${moderatorCode('Mod Max')} `); // pasted with spaces
  await shot(page, 'code-desktop-en.png');
  await saveWithCode(page, NAME_FORM.en);
  expect(await page.locator('.live-you .live-name').textContent()).toBe('Mod Max');
  expect(await page.getByRole('button', { name: 'I have a moderator code' }).count()).toBe(0);
  await expectOnScreen(page, '.live-you details[open] input[type="password"]'); // keeping it comes next
  await shot(page, 'taken-desktop-en.png');
  // Not a moderator's name until kept: no way to the reports yet; kept, there is one.
  const reports = page.getByRole('button', { name: 'Reports', exact: true });
  expect(await reports.count()).toBe(0);
  await page.locator('.live-you details[open] input[type="password"]').fill('a long enough password');
  await page.getByRole('button', { name: 'Keep name' }).click();
  await page.getByText('Your name is kept', { exact: false }).first().waitFor({ timeout: 10_000 });
  await reports.scrollIntoViewIfNeeded({ timeout: 10_000 });
  await shot(page, 'link-desktop-en.png');
  await page.setViewportSize(PHONE);
  await reports.scrollIntoViewIfNeeded();
  await expectOnScreen(page, 'button:text-is("Reports")');
  await shot(page, 'link-phone-en.png');
  expect(errors).toEqual([
    'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
  await context.close();
}, 120_000);

it('a player who left a rated game sees the cool-down’s end in place of the quick match', async () => {
  const context = await app.browser.newContext({ viewport: PHONE, locale: 'de-DE' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  page.on('dialog', (d) => void d.accept());
  await page.goto(`${app.url}/?speed=fast#/live`);
  await page.getByRole('button', { name: 'Tisch suchen' }).click();
  await page.locator('.hand [data-card]').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Verlassen', exact: true }).click();
  const note = page.locator('.cool-down');
  await note.waitFor({ timeout: 20_000 });
  expect(await note.textContent()).toMatch(
    // The end's date is named too when it falls on another day (a test run near midnight).
    /Du hast 1 gewertetes Spiel innerhalb von 24 Stunden vorzeitig verlassen\. Ab (\d{1,2}\.\d{1,2}\.\d{4}, )?\d{1,2}:\d{2} kannst du wieder einen Tisch suchen\./,
  );
  expect(await page.getByRole('button', { name: 'Tisch suchen' }).count()).toBe(0);
  const until = Number(await note.getAttribute('data-until'));
  expect(until).toBeGreaterThan(Date.now() + 25 * 60_000);
  await expectOnScreen(page, '.cool-down');
  await shot(page, 'cooldown-phone-de.png');
  // The same player in an English browser on a desktop.
  const token = await page.evaluate(() => localStorage.getItem('hearts.live.token'));
  const en = await app.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  await en.addInitScript((t) => localStorage.setItem('hearts.live.token', t), token!);
  const enPage = await en.newPage();
  await enPage.goto(`${app.url}/#/live`);
  await enPage
    .locator('.cool-down', { hasText: 'You can find a table again at' })
    .waitFor({ timeout: 20_000 });
  await shot(enPage, 'cooldown-desktop-en.png');
  expect(errors).toEqual([]);
  await Promise.all([context.close(), en.close()]);
}, 300_000);
