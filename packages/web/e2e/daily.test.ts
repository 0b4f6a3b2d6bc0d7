/**
 * The daily game end to end: a player in Chromium opens "Daily deal" from the start screen, plays the day's four
 * hands at a live table on the real server by clicking cards, goes to the day's page and sees, as a guest, where
 * they would stand (not on the public board, no replay before the day is revealed), points per hand and par; a
 * second attempt is refused in words; the German page too.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { playToTheEnd, watchErrors, windowAndPageShots, withGameServer } from './harness';

const shot = windowAndPageShots('daily');

const app = withGameServer({
  BOT_LEVEL: 'easy',
  DAILY_BOT_LEVEL: 'easy',
  BOT_DELAY_MS: '30',
  HAND_PAUSE_MS: '300',
  LIMIT_DAILY: '1000000/1',
});

/**
 * Fails when a cell of the page's tables reaches past the page's column (a phone would cut it off or make it
 * scroll sideways) or when the page is wider than the screen; a total must be seen without scrolling.
 */
async function expectTablesFit(page: Page): Promise<void> {
  const out = await page.evaluate(() => {
    const column = document.querySelector('.daily')!.getBoundingClientRect();
    const wide = column.right > window.innerWidth ? ['.daily'] : [];
    const cells = [...document.querySelectorAll('.daily table :is(th, td)')].filter((c) => {
      const r = c.getBoundingClientRect();
      return r.left < column.left - 0.5 || r.right > column.right + 0.5;
    });
    return [...wide, ...cells.map((c) => `${c.tagName} "${c.textContent}"`)];
  });
  expect(out).toEqual([]);
}

it('plays the day from the start screen and sees the rank; a second attempt is refused', async () => {
  const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.url}/?speed=fast#/`);
  await page.getByRole('button', { name: /Daily deal/ }).click();
  await page.waitForURL(/#\/daily$/);
  await page
    .getByText('Everyone plays the same 4 hands today', { exact: false })
    .waitFor({ timeout: 20_000 });
  const commitment = await page.locator('.daily-hash').getAttribute('data-commitment');
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);
  await page.getByText('not dealt by the fair shuffle', { exact: false }).waitFor();
  await shot(page, 'today-desktop-en.png');

  await page.getByRole('button', { name: 'Play today’s deal' }).click();
  await page.waitForURL(/#\/live\/t/);
  await page.locator('[data-card]').first().waitFor({ timeout: 20_000 });
  expect(await page.locator('[data-card]').count()).toBe(13);
  // In place of the fair-shuffle shield: where the daily hands come from.
  await page.getByTestId('daily-shield').getByText('the day’s committed seed', { exact: false }).waitFor();
  expect(await page.getByTestId('fair-shield').count()).toBe(0);
  await shot(page, 'table-desktop-en.png');
  const { passes, plays } = await playToTheEnd(page);
  expect(passes).toBe(3); // left, right, across; the fourth hand keeps
  expect(plays).toBe(52);
  await page.locator('.result-panel.game-over').waitFor({ timeout: 5000 });
  // No rematch at the daily table: the way to the day's result instead.
  expect(await page.getByRole('button', { name: 'Play again' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Your daily result' }).click();
  await page.waitForURL(/#\/daily$/);

  // A guest: where they would stand, not on the public board (only names claimed before the day are: issue #42).
  const rank = page.locator('.daily-rank');
  await rank.waitFor({ timeout: 20_000 });
  expect(await rank.textContent()).toMatch(
    /^As a guest you would be number 1 of 1 — with a name of your own/,
  );
  expect(await rank.getAttribute('data-ranked')).toBe('false');
  await page.getByRole('button', { name: 'Claim your name' }).waitFor();
  const total = Number(await page.locator('.daily-points tr.you .total').getAttribute('data-total'));
  expect(await page.locator('.daily-points tr.you td').count()).toBe(5); // four hands and the total
  // Par arrives once the server has played the day with the bot in your seat.
  await page.locator('.daily-points tr.par').waitFor({ timeout: 30_000 });
  await page.getByText('Nobody has finished this day yet.').waitFor(); // the board: no guest on it
  expect(await page.locator('.daily-board tr.you').count()).toBe(0);
  // Your own game's record holds the day's hands: its replay opens once the day is revealed.
  await page.getByText('The replay of your game opens once the day is revealed', { exact: false }).waitFor();
  expect(await page.locator('.replay').count()).toBe(0);
  expect(await page.getByText(/Streak/).count()).toBe(0); // a guest's days count no streak
  await shot(page, 'result-desktop-en.png');

  // A second attempt (a stale page, another device) is refused in words.
  const token = await page.evaluate(() => localStorage.getItem('hearts.live.token'));
  const again = await fetch(`${app.url}/api/daily/start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(again.status).toBe(409);
  expect(((await again.json()) as { error: string }).error).toBe('ERR_DAILY_PLAYED');
  expect(await page.getByRole('button', { name: 'Play today’s deal' }).count()).toBe(0);

  // The same page in German on a phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${app.url}/?speed=fast#/`);
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await page.getByRole('button', { name: /Tagesspiel/ }).click();
  await page
    .locator('.daily-rank', {
      hasText: 'Als Gast wärst du Platz 1 von 1 – mit einem Namen kommst du auf die Rangliste',
    })
    .waitFor({ timeout: 20_000 });
  // Nothing wider than the phone, and your points fit it: every column, the totals too, without scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectTablesFit(page);
  expect(await page.locator('.daily-points tr.you .total').textContent()).toBe(String(total));
  await shot(page, 'result-phone-de.png');
  // The day's own page (where past days are seen) fits too.
  const { date } = (await (
    await fetch(`${app.url}/api/daily`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { date: string };
  await page.goto(`${app.url}/?speed=fast#/daily/${date}`);
  await page.locator('.daily-rank', { hasText: 'Als Gast wärst du Platz 1' }).waitFor({ timeout: 20_000 });
  await page.locator('.daily-points tr.par').waitFor();
  await page
    .getByText('Die Wiederholung deines Spiels gibt es, sobald der Tag aufgedeckt ist', { exact: false })
    .waitFor();
  await expectTablesFit(page);
  await shot(page, 'day-phone-de.png');
  // In English on the phone, and in German on a desktop.
  await page.goto(`${app.url}/?speed=fast#/`);
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('button', { name: /Daily deal/ }).click();
  await page
    .locator('.daily-rank', { hasText: 'As a guest you would be number 1 of 1' })
    .waitFor({ timeout: 20_000 });
  await expectTablesFit(page);
  await shot(page, 'result-phone-en.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${app.url}/?speed=fast#/`);
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await page.getByRole('button', { name: /Tagesspiel/ }).click();
  await page
    .locator('.daily-rank', { hasText: 'Als Gast wärst du Platz 1 von 1' })
    .waitFor({ timeout: 20_000 });
  await expectTablesFit(page);
  await shot(page, 'result-desktop-de.png');
  // The way onto the board: keeping the name, on the live page.
  await page.getByRole('button', { name: 'Namen sichern' }).click();
  await page.waitForURL(/#\/live$/);
  expect(errors).toEqual([]);
  await context.close();
}, 300_000);
