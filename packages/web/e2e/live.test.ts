/**
 * Live play end to end: the real game server (its start command, serving the built app and the game on one
 * port), a friend's room opened by a Node client, and a player in Chromium who joins it by link, plays the whole
 * game by clicking cards, and finds it in their live history.
 */
import { TableClient } from '@hearts/live';
import { CLOSE_CODES } from '@hearts/protocol/socket';
import { expect, it, vi } from 'vitest';
import {
  autoplay,
  expectClearOfSeats,
  expectOnScreen,
  playToTheEnd,
  screenshot,
  watchErrors,
  withGameServer,
} from './harness';

const app = withGameServer({
  BOT_LEVEL: 'easy',
  BOT_DELAY_MS: '50',
  HAND_PAUSE_MS: '500',
});

it('joins a friends table from the browser by link and plays the game to the end', async () => {
  const guest = (await (await fetch(`${app.url}/api/guest`, { method: 'POST', body: '{}' })).json()) as {
    token: string;
    user: { name: string };
  };
  const host = await TableClient.createFriendsRoom({ url: app.url, token: guest.token });
  const code = host.roomId;

  const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.url}/?speed=fast#/live/${code}`);
  await page.locator('.live-code strong', { hasText: code }).waitFor({ timeout: 20_000 });
  await page.locator('.live-members li').nth(1).waitFor();
  expect(await page.locator('.live-members li').count()).toBe(2);
  await page.getByText('The host chooses the options and starts the game.').waitFor();

  // The host's rules reach the guest's lobby (not only the bot level).
  host.send('options', { rules: { targetScore: 15 }, botLevel: 'easy' });
  await page.locator('.rules-summary [data-rule="targetScore"] dd', { hasText: /^15$/ }).waitFor();
  expect(await page.locator('.rules-summary').textContent()).toContain('Play to (points)15');
  await screenshot(page, 'live-lobby-guest.png');
  autoplay(host);
  host.send('start', {});

  await page.locator('[data-card]').first().waitFor({ timeout: 20_000 });
  expect(await page.locator('[data-card]').count()).toBe(13);
  // The host by name, and two bots marked with their level.
  await expect(page.locator('.seat .seat-name', { hasText: guest.user.name }).count()).resolves.toBe(1);
  expect(await page.locator('.seat[data-bot="easy"] .bot-badge').count()).toBe(2);
  await screenshot(page, 'live-table.png');

  // A reload mid-hand: the seat comes back with its cards, and this device still holds its part of the fair
  // shuffle (the same commitments hash, not "this device was not at the table"), so it can verify the hand.
  const shield = page.locator('[data-testid="fair-shield"] .fair-hash');
  await shield.filter({ hasText: 'commitments' }).waitFor();
  const hashBefore = await shield.textContent();
  await page.reload();
  await page.locator('[data-card]').first().waitFor({ timeout: 20_000 });
  await shield.filter({ hasText: 'commitments' }).waitFor();
  expect(await shield.textContent()).toBe(hashBefore);

  // The same player opens the table on another device: this page says so and offers to play here again.
  const token = await page.evaluate(() => localStorage.getItem('hearts.live.token'));
  const elsewhere = new TableClient({ url: app.url, token: token!, roomId: code });
  await elsewhere.connect();
  await page
    .getByText('Your seat at this table is now played on another device.')
    .waitFor({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Play here' }).click();
  await page.locator('[data-card]').first().waitFor({ timeout: 20_000 });
  expect(await page.locator('[data-card]').count()).toBe(13);
  await vi.waitFor(() => expect(elsewhere.status).toBe('closed'), { timeout: 10_000 });
  expect(elsewhere.closeCode).toBe(CLOSE_CODES.replaced);

  // Play: choose three cards and pass, then play a legal card whenever it is our turn.
  let fairProblems = 0;
  const { passes, plays } = await playToTheEnd(page, async () => {
    fairProblems += await page.locator('.fair-failed, .fair-absent').count();
  });
  await page.locator('.result-panel.game-over').waitFor({ timeout: 5000 });
  expect(passes).toBeGreaterThanOrEqual(1);
  expect(fairProblems).toBe(0);
  expect(plays).toBeGreaterThanOrEqual(13);
  await page.waitForTimeout(800); // the results slide in
  await screenshot(page, 'live-result.png');
  expect(await page.locator('.result-panel .score-table tfoot td').count()).toBe(4);

  // The finished game is in the player's live history, ready to replay.
  await page.goto(`${app.url}/#/live/history`);
  await page.locator('.live-history li').first().waitFor({ timeout: 10_000 });
  await page.locator('.live-history li button', { hasText: 'Replay' }).first().click();
  await page.waitForURL(/#\/replay\/live\/[^?]+\?seat=\d&mine=1&from=%2Flive%2Fhistory$/);
  await page.reload();
  await page.getByRole('button', { name: '← Live games' }).click();
  await page.waitForURL(/#\/live\/history$/);

  // A room opened from the browser shows its lobby at once (its first message came before the page listened).
  await page.goto(`${app.url}/#/live`);
  await page.getByRole('button', { name: 'Create a room' }).click();
  await page.locator('.live-code strong').waitFor({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Back', exact: false }).first().click();

  // A link with a code that no room has (mistyped, or the room is gone) says so in words.
  await page.goto(`${app.url}/#/live/ZZZZZZ`);
  await page
    .getByText('There is no room with this code that you can join', { exact: false })
    .waitFor({ timeout: 10_000 });
  expect(errors).toEqual([]);
  await host.leave();
  await context.close();
}, 240_000);

it.each([
  ['a phone, in German', 360, 640, 'de-DE', 'Verlassen', 'Du verlässt den Tisch …'],
  ['a wide screen, in English', 1440, 900, 'en-US', 'Leave', 'Leaving the table …'],
] as const)(
  'leaving a running game on %s: the banner says so by the player’s own hand, clear of every seat',
  async (_, width, height, locale, leave, text) => {
    const guest = (await (await fetch(`${app.url}/api/guest`, { method: 'POST', body: '{}' })).json()) as {
      token: string;
    };
    const host = await TableClient.createFriendsRoom({ url: app.url, token: guest.token });
    const phone = width < 500;
    const context = await app.browser.newContext({
      viewport: { width, height },
      locale,
      isMobile: phone,
      hasTouch: phone,
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/?speed=fast#/live/${host.roomId}`);
    await page.locator('.live-members li').nth(1).waitFor({ timeout: 20_000 });
    autoplay(host);
    host.send('start', {});
    await page.locator('[data-card]').first().waitFor({ timeout: 20_000 });
    // Offline, the leave does not reach the server: the banner stays while the page waits for it (up to 5 s).
    page.on('dialog', (d) => void d.accept());
    await context.setOffline(true);
    await page.getByRole('button', { name: leave, exact: true }).click();
    await page.locator('.live-banner', { hasText: text }).waitFor();
    await expectClearOfSeats(page, '.live-banner');
    await expectOnScreen(page, '.live-banner');
    await screenshot(page, `live-leaving-${width}x${height}.png`);
    await context.close();
    await host.leave();
  },
  60_000,
);
