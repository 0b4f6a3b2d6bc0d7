/**
 * Accessibility in Chromium, checked by axe-core (the rules of WCAG 2.x A and AA and axe's best practices): every
 * page of the menu, a solo table with its score panel open and a live table, on a desktop in German and a phone in
 * English. A test fails on any finding axe rates serious or critical, and on any of the moderate ones it names
 * (headings, landmarks), so a new page without a heading or with content outside the landmarks is caught too.
 *
 * Then the states that only play reaches: the result of a game (of one hand), its analysis and its replay, a new
 * score pad's sheet, a friends' room before the start, a live table seen by a watcher, the daily deal's table and a
 * tournament's page.
 *
 * One rule is left out for the cards in the hand and the analysis' list of moves (a small card each):
 * `label-content-name-mismatch` (WCAG 2.5.3, a control's visible words in its name) reads a card's corner ("4",
 * "♣") as its label, and the card is named as it is said ("Kreuz-Vier", "four of clubs"). The picture on a card is
 * not a text label. The same for the score pad's moon buttons on a
 * narrow sheet: "Durchm." is short for the word their name says ("Anna hat einen Durchmarsch"). Every other control
 * is still checked for it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TableClient } from '@hearts/live';
import { autoplay, DEVICES, playToTheEnd, watchErrors, withGameServer } from './harness';

const app = withGameServer({
  QUICK_MATCH_WAIT_MS: '0',
  BOT_DELAY_MS: '0',
  BOT_TIME_MS: '20',
  HAND_PAUSE_MS: '0',
});

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The moderate findings that fail a test too: a page's structure for screen readers. */
const MODERATE = ['page-has-heading-one', 'region', 'landmark-one-main', 'heading-order', 'landmark-unique'];

const PAGES = [
  '/',
  '/rules',
  '/help',
  '/settings',
  '/stats',
  '/history',
  '/live',
  '/live/watch',
  '/live/history',
  '/friends',
  '/daily',
  '/tournaments',
  '/profile',
  '/leaderboard',
  '/shop',
  '/training',
  '/pad',
  '/pad/new',
];

interface Finding {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: string[];
}

/** axe's findings on the page as it is now that fail the check (see the head of this file). */
async function findings(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const all = await page.evaluate(async () => {
    const w = window as unknown as {
      axe: {
        run(
          context: Document,
          options: object,
        ): Promise<{
          violations: {
            id: string;
            impact: string | null;
            nodes: { target: string[]; html: string }[];
          }[];
        }>;
      };
    };
    const r = await w.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 120)}`),
    }));
  });
  return all
    .map((f) => ({
      ...f,
      nodes:
        f.id === 'label-content-name-mismatch'
          ? f.nodes.filter((n) => !/data-card=|class="move[ "]|pad-moon-btn/.test(n))
          : f.nodes,
    }))
    .filter(
      (f) =>
        f.nodes.length > 0 && (f.impact === 'serious' || f.impact === 'critical' || MODERATE.includes(f.id)),
    );
}

describe.each([
  ['desktop', 'de'],
  ['phone', 'en'],
] as const)('on a %s in %s', (device, lang) => {
  const newPage = async (rules: object = {}): Promise<{ page: Page; errors: string[] }> => {
    // The app's content security policy refuses inline scripts; axe is injected by the test, so it is let through.
    const context = await app.browser.newContext({ ...DEVICES[device], bypassCSP: true });
    await context.addInitScript(
      ([l, r]) => {
        if (!localStorage.getItem('hearts.settings'))
          localStorage.setItem('hearts.settings', JSON.stringify({ lang: l, level: 'easy', rules: r }));
      },
      [lang, rules] as const,
    );
    const page = await context.newPage();
    return { page, errors: watchErrors(page) };
  };

  it('every page of the menu', async () => {
    const { page, errors } = await newPage();
    const found: Record<string, Finding[]> = {};
    for (const path of PAGES) {
      await page.goto(`${app.url}/#${path}`);
      await page.locator('main').first().waitFor({ timeout: 20_000 });
      // The pages that load from the game server: their content, not their loading state.
      await page.waitForLoadState('networkidle');
      const f = await findings(page);
      if (f.length > 0) found[path] = f;
    }
    expect(found).toEqual({});
    expect(errors).toEqual([]);
  }, 180_000);

  it('a solo table, with its score panel open, and a live table', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${app.url}/?speed=fast#/new`);
    await page.locator('.table-screen[data-phase="pass"] .player-area [data-card]').first().waitFor({
      timeout: 20_000,
    });
    expect(await findings(page)).toEqual([]);
    // A phone opens the scores over the table; a desktop shows them beside it.
    if (await page.locator('.score-btn').isVisible()) await page.locator('.score-btn').click();
    await page.locator('.score-table').first().waitFor();
    expect(await findings(page)).toEqual([]);

    await page.goto(`${app.url}/#/live`);
    await page.getByRole('button', { name: lang === 'de' ? 'Tisch suchen' : 'Find a table' }).click();
    await page.locator('.table-screen .player-area [data-card]').first().waitFor({ timeout: 30_000 });
    expect(await findings(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('a game played to its end, its analysis and replay, and a score pad', async () => {
    const { page, errors } = await newPage({ handsToPlay: 1 });
    await page.goto(`${app.url}/?speed=fast&analysisDeals=20#/new`);
    await page.locator('.table-screen .player-area [data-card]').first().waitFor({ timeout: 20_000 });
    await playToTheEnd(page); // one hand: its result is the game's end
    await page.locator('.result-panel.game-over').waitFor();
    expect(await findings(page)).toEqual([]);
    await page.getByRole('button', { name: lang === 'de' ? 'Analyse' : 'Analysis', exact: true }).click();
    await page.locator('.analysis-summary').waitFor({ timeout: 120_000 });
    expect(await findings(page)).toEqual([]);

    await page.goto(`${app.url}/#/history`);
    await page.locator('main button').first().waitFor({ timeout: 20_000 });
    await page
      .getByRole('button', { name: lang === 'de' ? 'Nachspielen' : 'Replay' })
      .first()
      .click();
    await page.locator('.replay-board').waitFor({ timeout: 20_000 });
    expect(await findings(page)).toEqual([]);

    await page.goto(`${app.url}/#/pad/new`);
    const names = ['Anna', 'Ben', 'Cem', 'Dora'];
    for (let i = 0; i < 4; i++)
      await page
        .getByLabel(`${lang === 'de' ? 'Spieler' : 'Player'} ${i + 1}`, { exact: true })
        .fill(names[i]!);
    await page.locator('main form button[type="submit"]').click();
    await page.locator('main input[inputmode="numeric"], main input[type="number"]').first().waitFor();
    expect(await findings(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);

  it('a friends’ room before the start, and a live table seen by a watcher', async () => {
    const account = (await (await fetch(`${app.url}/api/guest`, { method: 'POST', body: '{}' })).json()) as {
      token: string;
    };
    const host = await TableClient.createFriendsRoom({ url: app.url, token: account.token });
    const { page, errors } = await newPage();
    await page.goto(`${app.url}/?speed=fast#/live/${host.roomId}`);
    await page.locator('.live-members li').nth(1).waitFor({ timeout: 20_000 });
    expect(await findings(page)).toEqual([]);
    autoplay(host);
    host.send('start', {});
    await page.locator('.hand [data-card]').first().waitFor({ timeout: 20_000 });

    const watcher = await newPage();
    await watcher.page.goto(`${app.url}/#/live/watch`);
    await watcher.page.locator(`.watch-row[data-table="${host.roomId}"] button`).click({ timeout: 20_000 });
    await watcher.page.locator('.watch-banner').waitFor({ timeout: 20_000 });
    await watcher.page.locator('.table-screen .seat').nth(2).waitFor({ timeout: 20_000 });
    expect(await findings(watcher.page)).toEqual([]);
    expect([...errors, ...watcher.errors]).toEqual([]);
    await host.leave();
  }, 120_000);

  it('the daily deal’s table and a tournament’s page', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${app.url}/?speed=fast#/daily`);
    await page
      .getByRole('button', { name: lang === 'de' ? 'Tagesspiel spielen' : 'Play today’s deal' })
      .click();
    await page.locator('.table-screen .player-area [data-card]').first().waitFor({ timeout: 20_000 });
    expect(await findings(page)).toEqual([]);

    await page.goto(`${app.url}/#/tournaments`);
    await page.getByLabel('Name', { exact: true }).fill('Arena');
    await page.getByRole('button', { name: lang === 'de' ? 'Erstellen' : 'Create', exact: true }).click();
    await page.locator('.tournament-standings tr.you').waitFor({ timeout: 20_000 });
    expect(await findings(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
