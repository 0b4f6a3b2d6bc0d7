/**
 * Playing on together (issue #20), end to end: at a friends' table a player away shows the seconds left until a bot
 * takes the seat; at the end "Play again" brings the players in the browser back to the room under its code.
 * Two browser players (English on a desktop, German on a phone) sit with a Node host and a Node player who drops;
 * the server's clock plays for the browser seats (short grace and bank).
 */
import { TableClient } from '@hearts/live';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { autoplay, screenshot, watchErrors, withGameServer } from './harness';

const app = withGameServer(
  {
    BOT_LEVEL: 'easy',
    BOT_DELAY_MS: '0',
    HAND_PAUSE_MS: '300',
    GRACE_MS: '400',
    BANK_MS: '400',
    RECONNECT_MS: '600000',
  },
  240_000,
);

const guest = async () =>
  (await (await fetch(`${app.url}/api/guest`, { method: 'POST', body: '{}' })).json()) as { token: string };

it('a seat away counts down to its bot; play again leads back to the room by its code', async () => {
  const host = await TableClient.createFriendsRoom({ url: app.url, token: (await guest()).token });
  const code = host.roomId;
  const away = new TableClient({ url: app.url, token: (await guest()).token, roomId: code });
  await away.connect();
  const pages: Page[] = [];
  const errors: string[][] = [];
  for (const [viewport, locale] of [
    [{ width: 1440, height: 900 }, 'en-US'],
    [{ width: 360, height: 740 }, 'de-DE'],
  ] as const) {
    const context = await app.browser.newContext({ viewport, locale });
    const page = await context.newPage();
    errors.push(watchErrors(page));
    await page.goto(`${app.url}/?speed=fast#/live/${code}`);
    await page.locator('.live-code strong', { hasText: code }).waitFor({ timeout: 20_000 });
    pages.push(page);
  }
  const [en, de] = pages as [Page, Page];
  await en.locator('.live-members li').nth(3).waitFor({ timeout: 10_000 });
  host.send('options', { rules: { targetScore: 15 }, botLevel: 'easy' });
  autoplay(host);
  autoplay(away, 9);
  host.send('start', {});
  await en.locator('[data-card]').first().waitFor({ timeout: 20_000 });
  await de.locator('[data-card]').first().waitFor({ timeout: 20_000 });

  // One player drops: every other seat sees the time left until a bot takes it, counting down.
  away.vanish();
  const timer = (page: Page) => page.locator('.seat .seat-away-time');
  await timer(en).waitFor({ timeout: 10_000 });
  await timer(de).waitFor({ timeout: 10_000 });
  const first = Number(await timer(en).getAttribute('data-seconds'));
  expect(first).toBeGreaterThan(590);
  expect(first).toBeLessThanOrEqual(600);
  expect(await timer(en).textContent()).toMatch(/bot in \d+ s/);
  expect(await timer(de).textContent()).toMatch(/Bot in \d+ s/);
  await screenshot(en, 'together-away-en.png');
  await screenshot(de, 'together-away-de-phone.png');
  await en.waitForFunction(
    (s) => Number(document.querySelector('.seat .seat-away-time')?.getAttribute('data-seconds')) < s,
    first,
    { timeout: 10_000 },
  );

  // The game ends (the server's clock plays for the browser seats); the result, then back to the room.
  for (const page of pages) await page.locator('.result-panel.game-over').waitFor({ timeout: 240_000 });
  await en.waitForTimeout(800); // the results slide in
  await screenshot(en, 'together-result-en.png');
  await screenshot(de, 'together-result-de-phone.png');
  await en.getByRole('button', { name: 'Play again' }).click();
  await en.locator('.live-code strong', { hasText: code }).waitFor({ timeout: 10_000 });
  await de.getByRole('button', { name: 'Nochmal spielen' }).click();
  await de.locator('.live-code strong', { hasText: code }).waitFor({ timeout: 10_000 });
  await en.locator('.live-members li', { hasText: 'away' }).first().waitFor();
  await screenshot(en, 'together-room-again-en.png');
  await screenshot(de, 'together-room-again-de-phone.png');
  expect(await en.locator('.live-members li').count()).toBe(4);
  for (const e of errors) expect(e).toEqual([]);
  await host.leave();
}, 400_000);
