/**
 * Tournaments end to end: a player in Chromium opens "Tournaments" from the start screen, creates a private arena of
 * one-hand games, three more players (Node clients) join it with its code; the runner seats the four, the browser
 * is taken to its table by itself, plays the hand by clicking cards, goes back to the tournament and sees the
 * standings change (the game counted, points given), replays a game of the standings at its own address (a
 * reload keeps it, "back" returns to the standings). The arena is created with rule options (no passing, the J♦ at
 * −10), which its page tells; the page follows its events stream. The page and the form at phone width and in German.
 */
import { TableClient } from '@hearts/live';
import type { TournamentPage } from '@hearts/protocol/http';
import { expect, it } from 'vitest';
import { autoplay, playToTheEnd, watchErrors, windowAndPageShots, withGameServer } from './harness';

const shot = windowAndPageShots('tournament');

const app = withGameServer({
  BOT_LEVEL: 'easy',
  BOT_DELAY_MS: '30',
  HAND_PAUSE_MS: '300',
  BANK_MS: '60000',
  LIMIT_TOURNAMENTS: '1000000/1',
});

const guest = async () =>
  ((await (await fetch(`${app.url}/api/guest`, { method: 'POST' })).json()) as { token: string }).token;

/** A Node player: joins with the code and plays every table it is seated at. */
function nodePlayer(id: string, token: string, seed: number) {
  let stopped = false;
  const clients: TableClient[] = [];
  const done = (async () => {
    const joined = await fetch(`${app.url}/api/tournaments/${id}/join`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(joined.status).toBe(200);
    const seen = new Set<string>();
    while (!stopped) {
      const res = await fetch(`${app.url}/api/tournaments/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => null);
      if (!res) break; // the server is gone (the test failed)
      const p = (await res.json()) as TournamentPage;
      const table = p.you?.tableId;
      if (table && !seen.has(table)) {
        seen.add(table);
        const c = new TableClient({ url: app.url, token, roomId: table, retryMs: 100 });
        await c.connect();
        clients.push(c);
        autoplay(c, seed++);
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      await Promise.all(clients.map((c) => c.leave()));
    },
  };
}

it('creates a private arena, is seated with three others, plays, and sees the standings change', async () => {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.url}/?speed=fast#/`);
  await page.getByRole('button', { name: /Tournaments/ }).click();
  await page.waitForURL(/#\/tournaments$/);
  await page.getByRole('heading', { name: 'Create a private tournament' }).waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Friday arena');
  await page.getByLabel('Hands per game').fill('1');
  await page.getByLabel('Starts in (minutes)').fill('0');
  // The host's rule options: no passing, the J♦ at −10.
  await page.locator('.tournament-rules-options summary').click();
  await page.getByLabel('Cards passed').selectOption('0');
  await page.getByLabel('J♦ scores −10 (Omnibus)').check();
  // A private tournament is never rated: the form offers no such choice and says why.
  expect(await page.getByLabel(/^Rated/).count()).toBe(0);
  await page.getByText(/A private tournament is unrated and has no podium/).waitFor();
  await shot(page, 'list-en.png');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.locator('.tournament-create').scrollIntoViewIfNeeded();
  await shot(page, 'create-phone-en.png');
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 900 });
  const streams: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/events')) streams.push(r.url());
  });
  await page.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/#\/tournaments\/.+/);
  const code = (await page.locator('[data-code]').getAttribute('data-code'))!;
  await page.locator('.tournament-standings tr.you').waitFor();
  expect(await page.locator('.tournament-rules').textContent()).toBe(
    'Rules: Cards passed: 0 · J♦ scores −10 (Omnibus): yes',
  );
  expect(streams).toEqual([`${app.url}/api/tournaments/${code}/events`]); // the page follows its events stream
  await shot(page, 'created-en.png');

  const others = await Promise.all([0, 1, 2].map(async (i) => nodePlayer(code, await guest(), 10 + i)));
  // Four free: seated after the gathering wait; the browser goes to its table by itself.
  await page.waitForURL(/#\/live\/t/, { timeout: 60_000 });
  await page.locator('[data-card]').first().waitFor({ timeout: 20_000 });
  // The table says it is the tournament's: its name, the player's place and points, the time left (#44 item 10).
  const bar = page.locator('.tournament-bar');
  await bar.getByText(/^Place \d of 4 · 0\u00a0points$/).waitFor({ timeout: 10_000 });
  expect(await bar.locator('.tournament-bar-name').textContent()).toBe('Friday arena');
  expect(await bar.locator('.tournament-bar-time').textContent()).toMatch(/^ends in \d+ (min|h \d+ min)$/);
  await shot(page, 'table-bar-en.png');
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'table-bar-phone-en.png');
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Back to the standings and to the table again (the seat waits; the page does not send the player back itself).
  const tableUrl = page.url();
  await bar.getByRole('button', { name: 'Standings' }).click();
  await page.waitForURL(new RegExp(`#/tournaments/${code}$`));
  await page.locator('.tournament-standings tr.you').waitFor();
  await page.getByRole('button', { name: 'Go to your table' }).click();
  await page.waitForURL(tableUrl);
  await page.locator('.tournament-bar').waitFor({ timeout: 10_000 });
  const { passes, plays } = await playToTheEnd(page);
  expect(passes + plays).toBeGreaterThan(0);
  await page.locator('.result-panel.game-over').waitFor({ timeout: 5000 });
  await page.getByRole('button', { name: 'Back to the tournament' }).click();
  await page.waitForURL(new RegExp(`#/tournaments/${code}$`));
  // The standings changed: one game counted, 7 points given out among the four.
  await page.locator('[data-finished="1"]').waitFor({ timeout: 20_000 });
  const points = await page
    .locator('.tournament-standings tbody tr[data-points]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-points'))));
  expect(points.reduce((a, b) => a + b, 0)).toBe(7);
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByText('You are paused', { exact: false }).waitFor();
  await shot(page, 'standings-en.png');
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'standings-phone-en.png');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(wide).toBe(false);

  // A game of the standings replays at an address of its own: a reload reopens it, "back" returns to the standings.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.locator('.tournament-standings tr.you td.name button').click();
  await page.locator('.tournament-standings tr.games button', { hasText: 'Replay' }).first().click();
  await page.waitForURL(new RegExp(`#/replay/game/[^?/]+\\?from=%2Ftournaments%2F${code}$`));
  const replayUrl = page.url();
  await page.locator('.replay-board .replay-seat').first().waitFor();
  await shot(page, 'replay-en.png');
  await page.reload();
  await page.locator('.replay-board .replay-seat').first().waitFor({ timeout: 20_000 });
  expect(page.url()).toBe(replayUrl);
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'replay-phone-en.png');
  await page.getByRole('button', { name: '← Standings' }).click();
  await page.waitForURL(new RegExp(`#/tournaments/${code}$`));
  await page.locator('.tournament-standings tr.you').waitFor({ timeout: 20_000 });

  // The player's tournaments: this one, with their rank.
  await page.getByRole('button', { name: 'All tournaments' }).click();
  await page.getByRole('heading', { name: 'Your tournaments' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /Friday arena.*rank \d of 4/ }).waitFor();
  await shot(page, 'list-phone-en.png');

  const de = await app.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'de-DE' });
  const pageDe = await de.newPage();
  await pageDe.goto(`${app.url}/?speed=fast#/tournaments/${code}`);
  await pageDe.getByRole('heading', { name: 'Tabelle' }).waitFor({ timeout: 20_000 });
  await pageDe.getByRole('button', { name: 'Beitreten' }).waitFor();
  await shot(pageDe, 'standings-phone-de.png');
  expect(await pageDe.locator('.tournament-rules').textContent()).toBe(
    'Regeln: Karten weitergeben: 0 · Karo-Bube zählt −10 (Omnibus): ja',
  );
  // The replay's address opens in a browser that never saw the standings; back leads to them.
  await pageDe.goto(replayUrl);
  await pageDe.getByRole('button', { name: '← Tabelle' }).waitFor({ timeout: 20_000 });
  await shot(pageDe, 'replay-phone-de.png');
  await pageDe.setViewportSize({ width: 1440, height: 900 });
  await shot(pageDe, 'replay-de.png');
  await pageDe.setViewportSize({ width: 360, height: 740 });
  await pageDe.getByRole('button', { name: '← Tabelle' }).click();
  await pageDe.getByRole('heading', { name: 'Tabelle' }).waitFor({ timeout: 20_000 });
  await pageDe.goto(`${app.url}/?speed=fast#/tournaments`);
  await pageDe.getByRole('heading', { name: 'Privates Turnier erstellen' }).waitFor();
  await shot(pageDe, 'list-phone-de.png');
  await pageDe.locator('.tournament-rules-options summary').click();
  await pageDe.locator('.tournament-create').scrollIntoViewIfNeeded();
  await shot(pageDe, 'create-phone-de.png');
  expect(await pageDe.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

  await Promise.all(others.map((o) => o.stop()));
  expect(errors).toEqual([]);
  await de.close();
  await context.close();
}, 400_000);
