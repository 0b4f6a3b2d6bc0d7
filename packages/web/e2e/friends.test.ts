/**
 * Friends end to end (issue #20), in Chromium: Anna (English, desktop) opens her friend Cleo's player page and
 * watches Cleo's table from her friends list; she adds Ben (German, on a phone) by name and he accepts on his Friends page; she invites him into
 * her friends' room and he joins through the notice that pops up in his open app; at the table she adds a third
 * player, Dora, from the seat's menu. Cleo and Dora are played by the tests' client.
 */
import { TableClient } from '@hearts/live';
import type { FriendEntry } from '@hearts/protocol/http';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { autoplay, shotsIn, watchErrors, withGameServer } from './harness';

const shot = shotsIn('friends');

/** The seats whose "⋯" button lies over the text of their status line (the text's own boxes, not the line's). */
function coveredStatus(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.seat')].flatMap((seat) => {
      const button = seat.querySelector('.player-menu-button');
      const status = seat.querySelector('.seat-status');
      if (!button || !status?.textContent?.trim()) return [];
      const range = document.createRange();
      range.selectNodeContents(status);
      const b = button.getBoundingClientRect();
      const hit = [...range.getClientRects()].some(
        (r) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom,
      );
      return hit ? [`${seat.getAttribute('data-seat')}: ${status.textContent}`] : [];
    }),
  );
}

const app = withGameServer({
  BOT_LEVEL: 'easy',
  BOT_DELAY_MS: '300',
  HAND_PAUSE_MS: '500',
  GRACE_MS: '1500',
  BANK_MS: '1500',
});

interface Account {
  token: string;
  user: { id: string; name: string };
}

async function call<T>(path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(app.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const newGuest = async (): Promise<Account> =>
  (await (await fetch(`${app.url}/api/guest`, { method: 'POST', body: '{}' })).json()) as Account;

/** The account a page made for itself on the live page (its token in the page's storage). */
async function accountOf(page: Page): Promise<Account> {
  const t = await page.evaluate(() => localStorage.getItem('hearts.live.token'));
  expect(t).toBeTruthy();
  const me = await call<{ user: Account['user'] }>('/api/me', t!);
  return { token: t!, user: me.user };
}

it('friends: a friend’s player page and table from the list, befriend by name, invite through the notice, add from a seat', async () => {
  // Cleo plays a friends' table with bots, open to watchers.
  const cleo = await newGuest();
  const cleoTable = await TableClient.createFriendsRoom({ url: app.url, token: cleo.token });
  cleoTable.send('options', { rules: { targetScore: 100 }, botLevel: 'easy' });
  autoplay(cleoTable, 3);
  cleoTable.send('start', {});

  // Anna, in English on a desktop, opens the live page (her account) and her Friends page.
  const annaContext = await app.browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
  });
  const anna = await annaContext.newPage();
  const annaErrors = watchErrors(anna);
  await anna.goto(`${app.url}/?speed=fast&lang=en#/live`);
  await anna.getByRole('button', { name: 'Friends' }).click();
  await anna.getByRole('heading', { name: 'Your friends' }).waitFor({ timeout: 20_000 });
  const annaAccount = await accountOf(anna);

  // Cleo asks Anna; Anna accepts, and sees Cleo at her table with Watch.
  await call('/api/friends', cleo.token, { name: annaAccount.user.name });
  const cleoRow = anna.locator(`.friends-list li[data-friend="${cleo.user.name}"]`);
  await cleoRow.getByRole('button', { name: 'Accept' }).click({ timeout: 20_000 });
  await cleoRow.getByText('at a friends’ table').waitFor({ timeout: 20_000 });
  await shot(anna, 'list-desktop-en.png');
  // Her name leads to her player page, and back to the list.
  await cleoRow.getByRole('link', { name: cleo.user.name }).click();
  await anna.waitForURL(new RegExp(`#/profile/${cleo.user.id}$`));
  await anna.getByRole('heading', { level: 1, name: cleo.user.name }).waitFor({ timeout: 20_000 });
  await shot(anna, 'friend-page-desktop-en.png');
  await anna.goBack();
  await cleoRow.getByRole('button', { name: 'Watch' }).click();
  await anna.locator('.watch-banner', { hasText: 'You are watching' }).waitFor({ timeout: 20_000 });
  expect(await anna.locator('.hand [data-card]').count()).toBe(0);
  expect(anna.url()).toContain(`#/live/watch/${cleoTable.roomId}`);

  // Ben, in German on a phone, has the app open on his Friends page.
  const benContext = await app.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'de-DE' });
  const ben = await benContext.newPage();
  const benErrors = watchErrors(ben);
  await ben.goto(`${app.url}/?speed=fast&lang=de#/friends`);
  await ben.getByRole('heading', { name: 'Deine Freunde' }).waitFor({ timeout: 20_000 });
  const benAccount = await accountOf(ben);

  // Anna adds Ben by his exact name (in other case); Ben's page shows the request at once, and he accepts.
  await anna.goto(`${app.url}/?speed=fast&lang=en#/friends`);
  await anna.getByLabel('Player name').fill(benAccount.user.name.toUpperCase());
  await anna.getByRole('button', { name: 'Send request' }).click();
  await anna.getByText(`Request sent to ${benAccount.user.name.toUpperCase()}.`).waitFor({ timeout: 10_000 });
  const request = ben.locator(`.friends-list li[data-friend="${annaAccount.user.name}"]`);
  await request.getByText(`${annaAccount.user.name} möchte dein Freund sein`).waitFor({ timeout: 20_000 });
  await shot(ben, 'request-phone-de.png');
  await request.getByRole('button', { name: 'Annehmen' }).click();
  await ben
    .locator(`.friends-list li[data-friend="${annaAccount.user.name}"]`, { hasText: 'online' })
    .waitFor({ timeout: 20_000 });
  await shot(ben, 'list-phone-de.png');

  // Anna opens a friends' room and invites Ben, who is online; Dora comes in by the code.
  await anna.goto(`${app.url}/?speed=fast&lang=en#/live`);
  await anna.getByRole('button', { name: 'Create a room' }).click();
  const invite = anna.locator('.friends-invite');
  const benRow = invite.locator(`li[data-friend="${benAccount.user.name}"]`);
  await benRow.getByRole('button', { name: 'Invite' }).click({ timeout: 20_000 });
  await benRow.getByRole('button', { name: 'Invited' }).waitFor();
  await shot(anna, 'lobby-invite-desktop-en.png');
  const code = (await anna.locator('.live-code').getAttribute('data-code'))!;

  // Ben's app shows the notice over whatever he looks at; he joins from it.
  const notice = ben.locator(`.notice[data-room="${code}"]`);
  await notice.waitFor({ timeout: 20_000 });
  expect(await notice.textContent()).toContain(
    `${annaAccount.user.name} lädt dich in einen Freundesraum ein`,
  );
  await shot(ben, 'notice-phone-de.png');
  await notice.getByRole('button', { name: 'Beitreten' }).click();
  await ben.locator('.live-members li', { hasText: benAccount.user.name }).waitFor({ timeout: 20_000 });
  expect(ben.url()).toContain(`#/live/${code}`);
  await ben.locator('.notice').waitFor({ state: 'detached' });

  const dora = await newGuest();
  const doraClient = new TableClient({ url: app.url, token: dora.token, roomId: code });
  await doraClient.connect();
  autoplay(doraClient, 5);
  await anna.locator('.live-members li').nth(2).waitFor({ timeout: 20_000 });
  await anna.getByRole('button', { name: 'Start the game' }).click();
  await anna.locator('.hand [data-card]').first().waitFor({ timeout: 20_000 });

  // At the table, Anna adds Dora from her seat's menu.
  await anna.getByRole('button', { name: `More about ${dora.user.name}` }).click();
  await anna.locator('.player-menu').getByRole('button', { name: 'Add friend' }).click();
  await anna.locator('.player-menu-note', { hasText: `Request sent to ${dora.user.name}.` }).waitFor();
  await shot(anna, 'seat-menu-desktop-en.png');
  const doraList = await call<{ friends: FriendEntry[] }>('/api/friends', dora.token);
  expect(doraList.friends.map((f) => [f.name, f.status])).toEqual([[annaAccount.user.name, 'incoming']]);
  // The same menu on Ben's phone: Anna is his friend already.
  await ben.locator('.hand [data-card]').first().waitFor({ timeout: 20_000 });
  // German on a phone: a seat's "⋯" button covers none of its status ("gibt weiter …", "✓ weitergegeben").
  await expect
    .poll(() => ben.locator('.seat .seat-status:not(:empty)').count(), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await shot(ben, 'seats-phone-de.png');
  expect(await coveredStatus(ben)).toEqual([]);
  await ben.getByRole('button', { name: `Mehr zu ${annaAccount.user.name}` }).click();
  await ben.locator('.player-menu').getByRole('button', { name: 'Als Freund hinzufügen' }).click();
  await ben
    .locator('.player-menu-note', { hasText: `${annaAccount.user.name} ist schon dein Freund.` })
    .waitFor();
  await shot(ben, 'seat-menu-phone-de.png');

  expect(annaErrors).toEqual([]);
  expect(benErrors).toEqual([]);
  await Promise.all([cleoTable.leave(), doraClient.leave()]);
  await Promise.all([annaContext.close(), benContext.close()]);
}, 360_000);
