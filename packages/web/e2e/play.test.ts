import { readFileSync } from 'node:fs';
import { replayRecord } from '@hearts/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  clickCard,
  expectClearOfSeats,
  firstTrickCard,
  recordLongTasks,
  screenshot,
  watchErrors,
  withApp,
} from './harness';

const app = withApp();

const handCards = (page: Page): Promise<string[]> =>
  page.locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));

/** Every row of the score table: points per seat, and the shooter's column if a moon was shot. */
async function scoreRows(page: Page, table: string): Promise<{ points: number[]; shooter: number }[]> {
  return page.locator(`${table} tbody tr`).evaluateAll((rows) =>
    rows.map((r) => {
      const cells = [...r.querySelectorAll('td')];
      return {
        points: cells.map((c) => Number(c.textContent)),
        shooter: cells.findIndex((c) => c.classList.contains('shooter')),
      };
    }),
  );
}

/** The page does not scroll, and every card of the hand is fully on screen. */
function fitsViewport(page: Page) {
  return page.evaluate(() => {
    const d = document.documentElement;
    const cardsInView = [...document.querySelectorAll('[data-card]')].every((e) => {
      const r = e.getBoundingClientRect();
      return r.left >= 0 && r.right <= innerWidth + 0.5 && r.top >= 0 && r.bottom <= innerHeight + 0.5;
    });
    return { scrollH: d.scrollHeight <= innerHeight, scrollW: d.scrollWidth <= innerWidth, cardsInView };
  });
}

function checkHand(row: { points: number[]; shooter: number }): void {
  if (row.shooter < 0) expect(row.points.reduce((a, b) => a + b, 0)).toBe(26);
  else row.points.forEach((p, s) => expect(p).toBe(s === row.shooter ? 0 : 26));
}

const REFUSALS = [
  'You must follow suit',
  'Hearts are not broken',
  'No points on the first trick',
  'The first trick is led with the lowest club',
];

describe('solo Hearts in Chromium', () => {
  it('plays a whole game against bots by clicking cards, refuses illegal cards, resumes after a reload', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    await recordLongTasks(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/?speed=instant&botMs=5`);
    await screenshot(page, 'web-start-desktop-1440x900.png');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.locator('.table-screen').waitFor();

    let refused = false;
    let reloaded = false;
    let passes = 0;
    let myPlays = 0;
    let handsSeen = 0;
    let shotTaken = false;
    for (let i = 0; i < 5000; i++) {
      const result = page.locator('.result-panel');
      if (await result.isVisible()) {
        const rows = await scoreRows(page, '.result-panel .score-table');
        expect(rows.length).toBe(handsSeen + 1);
        checkHand(rows[rows.length - 1]!);
        // The top bar names the finished hand while its result is shown, and the panel leaves the seats free.
        expect(await page.locator('.topbar-title > h1').first().textContent()).toBe(`Hand ${rows.length}`);
        await expectClearOfSeats(page, '.result-panel');
        handsSeen = rows.length;
        const again = page.getByRole('button', { name: 'Play again' });
        if (await again.isVisible()) break;
        await page.getByRole('button', { name: 'Next hand' }).click();
        await result.waitFor({ state: 'hidden' });
        continue;
      }
      const passButton = page.getByRole('button', { name: 'Pass cards' });
      if (await passButton.isVisible()) {
        expect(await page.locator('.card.received').count()).toBe(0);
        const cards = await handCards(page);
        // Select, deselect, then choose three.
        await clickCard(page, cards[0]!);
        expect(await page.locator(`[data-card="${cards[0]}"]`).getAttribute('aria-pressed')).toBe('true');
        expect(await passButton.isDisabled()).toBe(true);
        await clickCard(page, cards[0]!);
        expect(await page.locator(`[data-card="${cards[0]}"]`).getAttribute('aria-pressed')).toBe('false');
        for (const c of cards.slice(-3)) await clickCard(page, c);
        expect(await passButton.isEnabled()).toBe(true);
        await passButton.click();
        await page.locator('.table-screen[data-phase="play"]').waitFor();
        const received = await page
          .locator('.card.received')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
        // Received cards are highlighted until the player's first card (which may already be played).
        if (received.length > 0) expect(received).toHaveLength(3);
        passes++;
        continue;
      }
      const moon = page.getByRole('dialog');
      if (await moon.isVisible()) {
        await moon.getByRole('button').first().click();
        continue;
      }
      const myTurn = (await page.locator('.player-bar.turn').count()) > 0;
      if (myTurn) {
        const illegal = page.locator('[data-card][aria-disabled="true"]');
        if (!refused && (await illegal.count()) > 0) {
          const before = await handCards(page);
          const card = (await illegal.first().getAttribute('data-card'))!;
          await clickCard(page, card, true);
          const text = (await page.locator('.refusal').textContent()) ?? '';
          expect(REFUSALS).toContain(text);
          expect(await handCards(page)).toEqual(before);
          refused = true;
          continue;
        }
        if (!reloaded && myPlays >= 4) {
          const before = {
            hand: await handCards(page),
            trick: await page.locator('.trick').getAttribute('aria-label'),
            totals: await page.locator('.side-panel tfoot').textContent(),
            phase: await page.locator('.table-screen').getAttribute('data-hand'),
          };
          await page.reload();
          await page.locator('.table-screen').waitFor();
          await page.locator('.player-bar.turn').waitFor();
          expect({
            hand: await handCards(page),
            trick: await page.locator('.trick').getAttribute('aria-label'),
            totals: await page.locator('.side-panel tfoot').textContent(),
            phase: await page.locator('.table-screen').getAttribute('data-hand'),
          }).toEqual(before);
          reloaded = true;
          // Long tasks are counted from here on: during play, not while the page starts.
          await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []));
          continue;
        }
        const legal = page.locator('[data-card]:not([aria-disabled="true"])');
        if ((await legal.count()) > 0) {
          if (!shotTaken && myPlays === 6) {
            await screenshot(page, 'web-table-desktop-1440x900.png');
            expect(await fitsViewport(page)).toEqual({ scrollH: true, scrollW: true, cardsInView: true });
            shotTaken = true;
          }
          await clickCard(page, (await legal.first().getAttribute('data-card'))!);
          myPlays++;
          continue;
        }
      }
      await page.waitForTimeout(15);
    }

    await expect(page.getByRole('button', { name: 'Play again' }).isVisible()).resolves.toBe(true);
    await expectClearOfSeats(page, '.result-panel');
    await screenshot(page, 'web-game-over-desktop-1440x900.png');
    const rows = await scoreRows(page, '.result-panel .score-table');
    rows.forEach(checkHand);
    const totals = await page
      .locator('.result-panel tfoot td')
      .evaluateAll((els) => els.map((e) => Number(e.textContent)));
    expect(totals).toEqual(totals.map((_, s) => rows.reduce((a, r) => a + r.points[s]!, 0)));
    expect(Math.max(...totals)).toBeGreaterThanOrEqual(50);
    const winnerText = (await page.locator('#result-title').textContent()) ?? '';
    expect(winnerText).toMatch(/wins|win!|Shared win/);
    expect(refused).toBe(true);
    expect(reloaded).toBe(true);
    expect(passes).toBeGreaterThan(0);
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    console.log(
      `e2e: ${handsSeen} hands, ${myPlays} cards played by clicking, long tasks (ms): ${JSON.stringify(longTasks.map(Math.round))}`,
    );
    // The bots think in a Web Worker, so the page never waits for them. Long tasks are wall time, which a busy
    // machine stretches at will, so they are only logged here; `node packages/web/scripts/perf.js` measures them
    // on a quiet machine (docs/performance.md).
    expect(page.workers().some((w) => /\/assets\/worker-[\w-]+\.js$/.test(w.url()))).toBe(true);
    expect(errors).toEqual([]);

    // Play again starts a fresh game.
    await page.getByRole('button', { name: 'Play again' }).click();
    await page.locator('.table-screen[data-hand="0"]').waitFor();

    // The finished game is in the history: replay it trick by trick, download its record, open that file.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Statistics' }).click();
    expect(await page.locator('.solo-stats').textContent()).toContain(`Hands played${handsSeen}`);
    await page.getByRole('button', { name: /Back/ }).click();
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Replay' }).first().click();
    await page.getByRole('button', { name: 'Next trick' }).click();
    await page.getByRole('button', { name: 'Next trick' }).click();
    expect(await page.locator('.replay-status').textContent()).toContain('Trick 2 of 13');
    expect(await page.locator('.replay-board .trick-card').count()).toBe(4);
    expect(await page.locator('[data-card]').count()).toBe(0); // only the player's own hand carries data-card
    await screenshot(page, 'web-replay-desktop-1440x900.png');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download record' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^hearts-\d{4}-\d{2}-\d{2}-\d{4}\.json$/);
    const file = await download.path();
    const record = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    const replayed = replayRecord(record);
    expect(replayed.ok && replayed.value.finished && [...replayed.value.scores]).toEqual(totals);
    await page.getByRole('button', { name: /History/ }).click();
    await page.locator('input[type=file]').setInputFiles(file);
    await page.locator('.replay-screen').waitFor();
    expect(await page.locator('.replay-status').textContent()).toContain(`Hand 1 of ${handsSeen}`);
    // A file that is not a record is refused with a reason, in the page's language (not the checker's English).
    await page.getByRole('button', { name: /History/ }).click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format":"hearts-record/1","rules":{},"players":[],"hands":[]}'),
    });
    expect(await page.getByRole('alert').textContent()).toMatch(
      /cannot be replayed: it is not a game record \(hearts-record\/1\)/,
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('fits a phone in portrait without scrolling, in German', async () => {
    const context = await app.browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: 'de-DE',
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/?botMs=5`);
    await screenshot(page, 'web-start-phone-360x740.png');
    await page.getByRole('button', { name: 'Spielen', exact: true }).click();
    const pass = page.getByRole('button', { name: 'Weitergeben' });
    await pass.waitFor();
    expect(await page.getByText('nach links').first().isVisible()).toBe(true);
    const cards = await handCards(page);
    for (const c of cards.slice(0, 3))
      await page.locator(`[data-card="${c}"]`).tap({ position: { x: 8, y: 30 } });
    await screenshot(page, 'web-pass-phone-360x740.png');
    await pass.tap();
    await firstTrickCard(page);
    await page.waitForTimeout(500); // let the cards land
    await screenshot(page, 'web-table-phone-360x740.png');
    expect(await fitsViewport(page)).toEqual({ scrollH: true, scrollW: true, cardsInView: true });
    const seats = await page.locator('.bot-badge').allTextContents();
    expect(seats).toEqual(['Bot · Mittel', 'Bot · Mittel', 'Bot · Mittel']);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('installs a service worker and plays offline', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/?botMs=5&speed=fast`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const [fromCache, manifest] = await Promise.all([
      page.waitForResponse((r) => r.request().resourceType() === 'fetch' && r.url().includes('manifest')),
      page.evaluate(async () => {
        const href = document.querySelector('link[rel=manifest]')!.getAttribute('href')!;
        return (await fetch(href)).json() as Promise<{ name: string; display: string; icons: unknown[] }>;
      }),
    ]);
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.length).toBeGreaterThan(1);
    // The worker answers the app's own files, never the game server's API: that goes straight to the network.
    expect(fromCache.fromServiceWorker()).toBe(true);
    const notFound =
      'console: Failed to load resource: the server responded with a status of 404 (Not Found)';
    const [api] = await Promise.all([
      page.waitForResponse((r) => r.request().resourceType() === 'fetch' && r.url().endsWith('/api/me')),
      page.waitForEvent('console', (m) => `console: ${m.text()}` === notFound), // this server serves only the app
      page.evaluate(() => fetch('/api/me').then(() => undefined)),
    ]);
    expect(api.fromServiceWorker()).toBe(false);
    expect(api.status()).toBe(404);
    expect(errors).toContain(notFound);
    errors.splice(errors.indexOf(notFound), 1); // the probe's own 404, and only it
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Pass cards' }).waitFor();
    const cards = await handCards(page);
    for (const c of cards.slice(0, 3)) await clickCard(page, c);
    await page.getByRole('button', { name: 'Pass cards' }).click();
    // The bots (in their worker, from the cache) answer offline too.
    await firstTrickCard(page);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('plays by keyboard alone: arrows choose, Enter passes and plays', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/?botMs=5&speed=fast`);
    await page.getByRole('button', { name: 'Play', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Pass cards' }).waitFor();
    // Tab into the hand: one card is in the tab order, the arrows move between cards.
    for (
      let i = 0;
      i < 10 && !(await page.evaluate(() => document.activeElement?.hasAttribute('data-card')));
      i++
    )
      await page.keyboard.press('Tab');
    for (let k = 0; k < 3; k++) {
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowRight');
    }
    expect(await page.locator('[data-card][aria-pressed="true"]').count()).toBe(3);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Pass cards');
    await page.keyboard.press('Enter');
    await page.locator('.table-screen[data-phase="play"]').waitFor();
    // Play three cards with the keyboard: move to a playable card, press Enter.
    for (let played = 0; played < 3;) {
      await page.locator('.player-bar.turn').waitFor();
      if ((await page.locator('.trick-winner').count()) > 0) {
        await page.waitForTimeout(50);
        continue;
      }
      const cards = await page
        .locator('[data-card]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-disabled') !== 'true'));
      const target = cards.indexOf(true);
      // The focus stays in the hand after a card is played.
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-card'))).toBe(true);
      await page.keyboard.press('Home');
      for (let i = 0; i < target; i++) await page.keyboard.press('ArrowRight');
      const before = await page.locator('[data-card]').count();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('[data-card]').count()).toBe(before - 1);
      played++;
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
