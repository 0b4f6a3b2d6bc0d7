/**
 * A table's rules in Chromium, on a desktop and a phone, in English and German: the rules button of a solo table
 * opens the rules in force over the table (Omnibus here), an option opens its explanation with real cards, and
 * closing it comes back to the very same game (the same hand, the same cards, the card chosen to pass still
 * chosen). Screenshots: `rules-table-<desktop|phone>-<en|de>.png`, `rules-page-…`.
 */
import { describe, expect, it } from 'vitest';
import { clickCard, DEVICES, screenshot, watchErrors, withApp } from './harness';

const app = withApp(180_000);

const WORDS = {
  en: {
    title: 'Rules at this table',
    option: 'J♦ scores −10 (Omnibus)',
    here: 'At this table: yes',
    section: 'Omnibus: the J♦',
    page: 'Rules and options',
  },
  de: {
    title: 'Regeln an diesem Tisch',
    option: 'Karo-Bube zählt −10 (Omnibus)',
    here: 'An diesem Tisch: ja',
    section: 'Omnibus: der Karo-Bube',
    page: 'Regeln und Spieloptionen',
  },
} as const;

describe.each([
  ['desktop', 'en'],
  ['desktop', 'de'],
  ['phone', 'en'],
  ['phone', 'de'],
] as const)('a solo table on a %s in %s', (device, lang) => {
  it('opens the rules in force and comes back to the same game', async () => {
    const words = WORDS[lang];
    const context = await app.browser.newContext(DEVICES[device]);
    await context.addInitScript(
      ([l]) => {
        if (!localStorage.getItem('hearts.settings'))
          localStorage.setItem(
            'hearts.settings',
            JSON.stringify({ lang: l, level: 'easy', rules: { jackOfDiamonds: -10 } }),
          );
      },
      [lang],
    );
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/?speed=fast#/new`);
    const table = page.locator('.table-screen[data-phase="pass"]');
    await table.waitFor({ timeout: 20_000 });
    const hand = page.locator('.player-area [data-card]');
    await hand.first().waitFor();
    const cards = await hand.evaluateAll((es) => es.map((e) => e.getAttribute('data-card')));
    expect(cards).toHaveLength(13);
    const chosen = cards[0]!;
    await clickCard(page, chosen);
    expect(await page.locator(`.player-area [data-card="${chosen}"]`).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await page.getByRole('button', { name: words.title }).click();
    const panel = page.getByRole('complementary', { name: words.title });
    await panel.waitFor();
    await panel.getByRole('button', { name: words.option }).click();
    await panel.getByRole('heading', { name: words.section }).waitFor();
    expect(await panel.locator('[data-option="jackOfDiamonds"]').textContent()).toContain(words.here);
    expect(await panel.locator('[data-card="JD"] .rule-badge').first().textContent()).toBe('−10');
    // The panel fits the screen and scrolls inside.
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(DEVICES[device].viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(DEVICES[device].viewport.height);
    await screenshot(page, `rules-table-${device}-${lang}.png`);

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('#/play');
    expect(await page.locator('.table-screen').getAttribute('data-hand')).toBe('0');
    expect(await hand.evaluateAll((es) => es.map((e) => e.getAttribute('data-card')))).toEqual(cards);
    expect(await page.locator(`.player-area [data-card="${chosen}"]`).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Opened again and closed with its button: still the same game.
    await page.getByRole('button', { name: words.title }).click();
    await panel.waitFor();
    await panel.getByRole('button', { name: lang === 'en' ? 'Close' : 'Schließen' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await hand.evaluateAll((es) => es.map((e) => e.getAttribute('data-card')))).toEqual(cards);

    // The whole rules page, from the help page.
    await page.goto(`${app.url}/#/rules/omnibus`);
    await page.getByRole('heading', { name: words.page }).waitFor();
    await page.locator('[data-section="omnibus"]').waitFor();
    await screenshot(page, `rules-page-${device}-${lang}.png`);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
