/**
 * Issue #44 item 1 in Chromium: the host of a friends' table keeps "Close to watchers" after a reload. The control
 * came only with the lobby's message, which a reloaded page never gets; the table's watchers message now says who
 * hosts. Closing from the reloaded page works: a watcher is refused.
 */
import { TableClient } from '@hearts/live';
import { JOIN_ERRORS } from '@hearts/protocol/socket';
import { expect, it } from 'vitest';
import { shotsIn, watchErrors, withGameServer } from './harness';

const shot = shotsIn('host-reload');

const app = withGameServer({
  BOT_LEVEL: 'easy',
  BOT_DELAY_MS: '300',
  HAND_PAUSE_MS: '500',
  // The reload must not cost the host their seat: the reconnection window and the clock are long.
  GRACE_MS: '120000',
  BANK_MS: '120000',
});

it('the host keeps “Close to watchers” after a reload, and closing from there refuses a watcher', async () => {
  const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.url}/?speed=fast&lang=en#/live`);
  await page.getByRole('button', { name: 'Create a room' }).click();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.locator('.hand [data-card]').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Close to watchers' }).waitFor({ timeout: 10_000 });
  const code = /#\/live\/([^/?]+)/.exec(page.url())?.[1];
  expect(code).toBeTruthy();

  // After a reload the page has no lobby: the control comes from the table's own message.
  await page.reload();
  await page.locator('.hand [data-card]').first().waitFor({ timeout: 30_000 });
  const close = page.getByRole('button', { name: 'Close to watchers' });
  await close.waitFor({ timeout: 10_000 });
  await shot(page, 'host-after-reload-desktop-en.png');
  await close.click();
  await page.locator('.watchers-note', { hasText: 'Closed to watchers' }).waitFor({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Open to watchers' }).waitFor({ timeout: 10_000 });

  // The server took it: a watcher is refused.
  const guest = (await (await fetch(`${app.url}/api/guest`, { method: 'POST', body: '{}' })).json()) as {
    token: string;
  };
  const watcher = new TableClient({ url: app.url, token: guest.token, roomId: code!, watch: true });
  await expect(watcher.connect()).rejects.toMatchObject({ code: JOIN_ERRORS.noSuchRoom });
  expect(errors).toEqual([]);
  await context.close();
}, 180_000);
