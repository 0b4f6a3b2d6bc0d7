/**
 * The result after a kick (issue #44), in Chromium: at a friends' table of four people one stops playing and the
 * others vote them out. Their seat's badge says "kicked · bot" (not "left") for the players and for a watcher; at
 * the end the result names the winner the server placed first among the people — never the kicked seat — and,
 * when the kicked seat had the fewest points, says why it does not win. English on a desktop (a player), German on
 * a phone (a watcher).
 */
import { TableClient } from '@hearts/live';
import { expect, it } from 'vitest';
import { autoplay, shotsIn, watchErrors, withGameServer } from './harness';

const app = withGameServer(
  { BOT_LEVEL: 'easy', BOT_DELAY_MS: '0', HAND_PAUSE_MS: '300', GRACE_MS: '300', BANK_MS: '300' },
  240_000,
);
const shot = shotsIn('kick-result');

const guest = async () =>
  (await (await fetch(`${app.url}/api/guest`, { method: 'POST', body: '{}' })).json()) as { token: string };

it('a kicked seat says "kicked"; the result names the winner among the people and why', async () => {
  const host = await TableClient.createFriendsRoom({ url: app.url, token: (await guest()).token });
  const code = host.roomId;
  const other = new TableClient({ url: app.url, token: (await guest()).token, roomId: code });
  const idle = new TableClient({ url: app.url, token: (await guest()).token, roomId: code });
  for (const c of [other, idle]) await c.connect();
  host.send('options', { rules: { handsToPlay: 1 }, botLevel: 'easy' });
  const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.url}/?speed=fast#/live/${code}`);
  await page.locator('.live-members li').nth(3).waitFor({ timeout: 20_000 });
  autoplay(host);
  autoplay(other, 5);
  host.send('start', {});
  await page.locator('.table-screen').waitFor({ timeout: 20_000 });

  // A watcher on a German phone.
  const watchContext = await app.browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'de-DE',
  });
  const watcher = await watchContext.newPage();
  const watchErrs = watchErrors(watcher);
  await watcher.goto(`${app.url}/?speed=fast#/live/watch/${code}`);
  await watcher.locator('.watch-table').waitFor({ timeout: 20_000 });

  // The idle player runs out of time; the host and the other vote them out.
  await until(() => host.state?.table.kickable[idle.state!.table.you] === true);
  const kicked = idle.state!.table.you;
  const kickedName = host.state!.table.seats[kicked]!.name;
  host.send('kick', { seat: kicked });
  other.send('kick', { seat: kicked });
  await page.locator('.bot-badge', { hasText: 'kicked · Easy bot' }).waitFor({ timeout: 20_000 });
  await watcher
    .locator('.bot-badge', { hasText: 'rausgeworfen · Bot Leicht' })
    .first()
    .waitFor({ timeout: 20_000 });
  expect(await page.locator('.bot-badge', { hasText: 'left ·' }).count()).toBe(0);
  await shot(page, 'kicked-en-desktop.png');
  await shot(watcher, 'kicked-watch-de-phone.png');

  // The end: the server's places decide; the kicked seat is last whatever its points.
  await page.locator('.result-panel.game-over').waitFor({ timeout: 200_000 });
  await until(() => host.result !== null);
  const ranks = host.result!.ranks;
  expect(ranks[kicked]).toBe(4);
  // The winners: every seat placed first (two people level on the fewest points share the win).
  const winners = ranks.flatMap((r, seat) => (r === 1 ? [seat] : []));
  const nameOf = (seat: number) => host.state!.table.seats[seat]!.name;
  const you = Number(await page.locator('.result-panel .standings li.you').getAttribute('data-seat'));
  const others = winners.filter((w) => w !== you).map(nameOf);
  const headline = (await page.locator('.result-panel h2').textContent())!;
  expect(headline).toBe(
    !winners.includes(you)
      ? winners.length === 1
        ? `${nameOf(winners[0]!)} wins`
        : `Shared win: ${winners.map(nameOf).join(', ')}`
      : others.length === 0
        ? 'You win!'
        : `You share the win with ${others.join(', ')}!`,
  );
  expect(headline).not.toContain(kickedName);
  const scores = host.result!.scores;
  const fewest = scores[kicked] === Math.min(...scores);
  expect(await page.locator('.result-why').count()).toBe(fewest ? 1 : 0);
  if (fewest)
    expect(await page.locator('.result-why').textContent()).toBe(
      `${kickedName} had the fewest points but was voted out, and a bot played on: a seat a bot took over never wins.`,
    );
  await page.waitForTimeout(800); // the result slides in
  await shot(page, 'result-en-desktop.png');
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'result-en-phone.png');
  await watcher.locator('.result-panel.game-over').waitFor({ timeout: 20_000 });
  // The watcher is told the same: the server's winner, and why not the kicked seat.
  expect(await watcher.locator('.result-panel h2').textContent()).toBe(
    winners.length === 1
      ? `${nameOf(winners[0]!)} gewinnt`
      : `Geteilter Sieg: ${winners.map(nameOf).join(', ')}`,
  );
  expect(await watcher.locator('.result-why').count()).toBe(fewest ? 1 : 0);
  await watcher.waitForTimeout(800);
  await shot(watcher, 'result-watch-de-phone.png');
  await watcher.setViewportSize({ width: 1440, height: 900 });
  await shot(watcher, 'result-watch-de-desktop.png');
  expect(errors).toEqual([]);
  expect(watchErrs).toEqual([]);
  for (const c of [host, other]) await c.leave();
  await context.close();
  await watchContext.close();
}, 300_000);

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !ok(); i++) await new Promise((r) => setTimeout(r, 100));
  if (!ok()) throw new Error('timed out');
}
