/**
 * Watching end to end (issue #20): a player sits at a friends' table in Chromium, another player (a second browser,
 * German, on a phone) finds the table in the list of live tables, watches it — no hand, the banner, the cards
 * played — and writes in the watchers' chat, which the player does not get; the host closes the table to watchers
 * and the watcher is told so.
 */
import { TableClient } from '@hearts/live';
import { expect, it } from 'vitest';
import {
  autoplay,
  expectClearOfSeats,
  expectOnScreen,
  shotsIn,
  watchErrors,
  withGameServer,
} from './harness';

const shot = shotsIn('watch');

const app = withGameServer({
  BOT_LEVEL: 'easy',
  BOT_DELAY_MS: '300',
  HAND_PAUSE_MS: '500',
  GRACE_MS: '1500',
  BANK_MS: '1500',
});

it('a player watches another’s table: the list, the public view, the watchers’ chat, the host closing it', async () => {
  const hostAccount = (await (
    await fetch(`${app.url}/api/guest`, { method: 'POST', body: '{}' })
  ).json()) as {
    token: string;
    user: { name: string };
  };
  const host = await TableClient.createFriendsRoom({ url: app.url, token: hostAccount.token });
  const code = host.roomId;

  // The player, in English on a desktop, joins by link.
  const playerContext = await app.browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
  });
  const player = await playerContext.newPage();
  const playerErrors = watchErrors(player);
  await player.goto(`${app.url}/?speed=fast#/live/${code}`);
  await player.locator('.live-members li').nth(1).waitFor({ timeout: 20_000 });
  host.send('options', { rules: { targetScore: 100 }, botLevel: 'easy' });
  autoplay(host);
  host.send('start', {});
  await player.locator('.hand [data-card]').first().waitFor({ timeout: 20_000 });

  // The watcher, in German on a phone: from the live page to the list, and to the table.
  const watcherContext = await app.browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'de-DE',
  });
  const watcher = await watcherContext.newPage();
  const watcherErrors = watchErrors(watcher);
  await watcher.goto(`${app.url}/?speed=fast&lang=de#/live`);
  await watcher.getByRole('button', { name: 'Live-Tischen zuschauen' }).click();
  const row = watcher.locator(`.watch-row[data-table="${code}"]`);
  await row.waitFor({ timeout: 20_000 });
  expect(await row.textContent()).toContain(hostAccount.user.name);
  await shot(watcher, 'list-phone-de.png');
  await row.getByRole('button', { name: 'Zuschauen' }).click();
  await watcher.locator('.watch-banner', { hasText: 'Du schaust zu' }).waitFor({ timeout: 20_000 });
  expect(await watcher.locator('.hand [data-card]').count()).toBe(0);
  // The game goes on before the watcher's eyes: cards come to the middle, never to a hand.
  await watcher.locator('.trick-card').first().waitFor({ timeout: 30_000 });
  expect(await watcher.locator('.hand [data-card]').count()).toBe(0);
  // The banner hides no seat (at the top it covered the seat across), and it is on the screen.
  await expectClearOfSeats(watcher, '.watch-banner');
  await expectOnScreen(watcher, '.watch-banner');
  await shot(watcher, 'table-phone-de.png');
  // The same on a desktop, and back.
  await watcher.setViewportSize({ width: 1440, height: 900 });
  await expectClearOfSeats(watcher, '.watch-banner');
  await expectOnScreen(watcher, '.watch-banner');
  await shot(watcher, 'table-desktop-de.png');
  await watcher.setViewportSize({ width: 360, height: 740 });

  // The player sees that someone watches.
  await player.locator('.watchers-note', { hasText: '1 watching' }).waitFor({ timeout: 10_000 });

  // The watchers' chat: written by the watcher, not shown to the player.
  await watcher.getByRole('button', { name: 'Chat' }).click();
  await watcher.locator('.watch-chat input').fill('Schöner Zug!');
  await watcher.locator('.watch-chat button[type="submit"]').click();
  await watcher
    .locator('.watch-chat .chat-lines li', { hasText: 'Schöner Zug!' })
    .waitFor({ timeout: 10_000 });
  await shot(watcher, 'chat-phone-de.png');
  await player.waitForTimeout(500);
  expect(await player.locator('.chat-count').count()).toBe(0);
  await player.getByRole('button', { name: 'Chat' }).click();
  expect(await player.locator('.live-chat').textContent()).not.toContain('Schöner Zug!');
  await player.getByRole('button', { name: 'Chat' }).click();

  // The same watcher's view on a desktop in English (another context, the same table).
  const desktop = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const watcher2 = await desktop.newPage();
  await watcher2.goto(`${app.url}/?speed=fast&lang=en#/live/watch/${code}`);
  await watcher2.locator('.watch-banner', { hasText: 'You are watching' }).waitFor({ timeout: 20_000 });
  expect(await watcher2.locator('.hand [data-card]').count()).toBe(0);
  await player.locator('.watchers-note', { hasText: '2 watching' }).waitFor({ timeout: 10_000 });
  await watcher2.locator('.watch-banner', { hasText: '2 watching' }).waitFor({ timeout: 10_000 });
  await expectClearOfSeats(watcher2, '.watch-banner');
  await expectOnScreen(watcher2, '.watch-banner');
  await shot(watcher2, 'table-desktop-en.png');
  await watcher2.setViewportSize({ width: 360, height: 740 });
  await expectClearOfSeats(watcher2, '.watch-banner');
  await expectOnScreen(watcher2, '.watch-banner');
  await shot(watcher2, 'table-phone-en.png');
  await watcher2.setViewportSize({ width: 1440, height: 900 });
  await shot(player, 'player-desktop-en.png');
  await watcher2.goto(`${app.url}/?lang=en#/live/watch`);
  await watcher2.locator(`.watch-row[data-table="${code}"]`).waitFor({ timeout: 20_000 });
  await shot(watcher2, 'list-desktop-en.png');

  // The host closes the table to watchers: the watcher is told, and the table leaves the list.
  host.send('watchers', { open: false });
  await watcher
    .getByText('Der Gastgeber hat den Tisch für Zuschauer geschlossen.')
    .waitFor({ timeout: 10_000 });
  await shot(watcher, 'closed-phone-de.png');
  await player.locator('.watchers-note', { hasText: 'Closed to watchers' }).waitFor({ timeout: 10_000 });
  await watcher2.getByRole('button', { name: 'Refresh' }).click();
  await watcher2.waitForTimeout(1500);
  await watcher2.getByRole('button', { name: 'Refresh' }).click();
  await watcher2.locator(`.watch-row[data-table="${code}"]`).waitFor({ state: 'detached', timeout: 10_000 });

  expect(watcherErrors).toEqual([]);
  expect(playerErrors).toEqual([]);
  await host.leave();
  await Promise.all([playerContext.close(), watcherContext.close(), desktop.close()]);
}, 360_000);
