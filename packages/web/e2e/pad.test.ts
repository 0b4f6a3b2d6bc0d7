import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, watchErrors, withApp } from './harness';

const app = withApp(400_000);

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;
const NAMES = ['Anna', 'Ben', 'Cem', 'Dora'];

/** Points per hand as the sheet shows them, row by row. */
const rows = (page: Page): Promise<number[][]> =>
  page
    .locator('.pad-table tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.getAttribute('data-points')))),
    );

const totals = async (page: Page): Promise<number[]> =>
  (await page.locator('.pad-table thead [data-total]').allTextContents()).map(Number);

async function enter(
  page: Page,
  names: readonly string[],
  points: readonly (number | null)[],
): Promise<void> {
  for (let p = 0; p < points.length; p++) {
    const v = points[p];
    if (v !== null && v !== undefined)
      await page.getByLabel(`Points of ${names[p]}`, { exact: true }).fill(String(v));
  }
}

async function saveHand(page: Page, expectRows: number): Promise<void> {
  await page.getByRole('button', { name: 'Save hand' }).click();
  await page
    .locator('.pad-table tbody tr')
    .nth(expectRows - 1)
    .waitFor();
  expect(await page.locator('.pad-table tbody tr').count()).toBe(expectRows);
}

/** The page fits the phone's width: nothing to scroll sideways. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the score pad in Chromium', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let padUrl = '';

  beforeAll(async () => {
    context = await app.browser.newContext({ ...PHONE, locale: 'en-US', acceptDownloads: true });
    page = await context.newPage();
    errors = watchErrors(page);
    page.on('dialog', (d) => void d.accept());
  });
  afterAll(async () => {
    await context?.close();
  });

  it('creates a 4-player pad, refuses a wrong sum, scores a moon, and keeps everything over a reload', async () => {
    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: 'Score pad for real cards' }).click();
    await page.getByText('No score pad yet.').waitFor();
    await page.getByRole('button', { name: 'New score pad' }).click();
    await page.getByLabel('Name of the pad').fill('Kitchen table');
    for (let i = 0; i < 4; i++) await page.getByLabel(`Player ${i + 1}`, { exact: true }).fill(NAMES[i]!);
    await screenshot(page, 'pad-new-phone-360x740.png');
    await page.getByRole('button', { name: 'Start the score pad' }).click();
    await page.locator('.pad-table').waitFor();
    padUrl = page.url();
    expect(padUrl).toMatch(/#\/pad\/[0-9a-f]{16}$/);

    const status = page.getByTestId('pad-status');
    expect(await status.textContent()).toContain('Hand 1');
    expect(await status.textContent()).toContain('Anna deals');
    expect(await status.textContent()).toContain('pass to the left');
    const input = page.getByLabel('Points of Anna', { exact: true });
    expect(await input.getAttribute('inputmode')).toBe('numeric');

    // Hand 1, typed as on a number pad: Enter goes on to the next player.
    await input.tap();
    for (const v of ['5', '13', '8']) {
      await page.keyboard.type(v);
      await page.keyboard.press('Enter');
    }
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    await page.locator('.pad-table tbody tr').first().waitFor();
    expect(await rows(page)).toEqual([[5, 13, 8, 0]]);
    expect(await status.textContent()).toContain('Ben deals');
    expect(await status.textContent()).toContain('pass to the right');
    expect(await status.textContent()).toContain('Leading: Dora');

    // A hand that does not add up is refused with the reason, and nothing is added.
    await enter(page, NAMES, [10, 0, 3, 14]);
    await page.getByRole('button', { name: 'Save hand' }).click();
    expect(await page.getByRole('alert').textContent()).toBe(
      'The points add up to 27, but every hand has 26.',
    );
    expect(await page.getByTestId('pad-sum').textContent()).toBe('27 of 26');
    await screenshot(page, 'pad-refused-phone-360x740.png');
    expect(await rows(page)).toEqual([[5, 13, 8, 0]]);
    // Nobody holding the Q♠ is refused too.
    await enter(page, NAMES, [7, 7, 6, 6]);
    await page.getByRole('button', { name: 'Save hand' }).click();
    expect(await page.getByRole('alert').textContent()).toContain(
      'No way of taking the cards gives these points',
    );
    // A number below 0 is counted as typed and refused in words (no browser bubble); so is a huge number.
    await enter(page, NAMES, [-4, 13, 13, 4]);
    expect(await page.getByTestId('pad-sum').textContent()).toBe('26 of 26');
    await page.getByLabel('Points of Ben', { exact: true }).fill('30');
    expect(await page.getByTestId('pad-sum').textContent()).toBe('43 of 26');
    await page.getByRole('button', { name: 'Save hand' }).click();
    expect(await page.getByRole('alert').textContent()).toBe(
      'The points of Anna cannot be below 0: enter the points of the cards taken.',
    );
    expect(await page.getByLabel('Points of Anna', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await enter(page, NAMES, [0, 0, 0, 0]);
    await page.getByLabel('Points of Cem', { exact: true }).fill('123456789012345678901');
    await page.getByRole('button', { name: 'Save hand' }).click();
    expect(await page.getByRole('alert').textContent()).toBe(
      'Cem cannot have more points than the hand has (26).',
    );
    await enter(page, NAMES, [10, 0, 3, 13]);
    await saveHand(page, 2);

    // Ben shoots the moon: the button fills it in, the others get 26.
    await page.getByRole('button', { name: 'Ben shot the moon' }).click();
    expect(
      await Promise.all(NAMES.map((n) => page.getByLabel(`Points of ${n}`, { exact: true }).inputValue())),
    ).toEqual(['0', '26', '0', '0']);
    await saveHand(page, 3);
    expect(await rows(page)).toEqual([
      [5, 13, 8, 0],
      [10, 0, 3, 13],
      [26, 0, 26, 26],
    ]);
    expect(await page.locator('.pad-table tbody tr').nth(2).locator('td.shooter').count()).toBe(1);
    expect(await totals(page)).toEqual([41, 13, 37, 39]);
    expect(await status.textContent()).toContain('Hand 4');
    expect(await status.textContent()).toContain('Dora deals');
    expect(await status.textContent()).toContain('no passing');
    expect(await status.textContent()).not.toContain('pass no pass');
    expect(await status.textContent()).toContain('Leading: Ben');
    // The leader after each hand is marked in its row.
    const leaders = await page
      .locator('.pad-table tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].findIndex((td) => td.classList.contains('lead'))),
      );
    expect(leaders).toEqual([3, 2, 1]);
    await screenshot(page, 'pad-sheet-phone-360x740.png');
    expect(await fitsWidth(page)).toBe(true);

    await page.reload();
    await page.locator('.pad-table tbody tr').nth(2).waitFor();
    expect(await rows(page)).toEqual([
      [5, 13, 8, 0],
      [10, 0, 3, 13],
      [26, 0, 26, 26],
    ]);
    expect(await totals(page)).toEqual([41, 13, 37, 39]);
    expect(await page.getByTestId('pad-status').textContent()).toContain('Dora deals');
    expect(errors).toEqual([]);
  }, 120_000);

  it('corrects an earlier hand, refuses an unmarked moon, and finishes the game', async () => {
    // Tap hand 1 to correct it: Cem's 8 were Dora's.
    await page.locator('.pad-table tbody tr').first().locator('td').first().tap();
    expect(await page.getByLabel('Points of Cem', { exact: true }).inputValue()).toBe('8');
    await enter(page, NAMES, [5, 13, 0, 8]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('button', { name: 'Save hand' }).waitFor();
    expect((await rows(page))[0]).toEqual([5, 13, 0, 8]);
    expect(await totals(page)).toEqual([41, 13, 29, 47]);

    // All 26 for Cem without the moon button is a moon, and refused as such.
    await enter(page, NAMES, [0, 0, 26, 0]);
    await page.getByRole('button', { name: 'Save hand' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('Cem took every heart and the Q♠');
    for (const n of NAMES) await page.getByLabel(`Points of ${n}`, { exact: true }).fill('');

    // Three entered: the rest can be filled in for the last one.
    await enter(page, NAMES, [1, 12, 0, null]);
    await page.getByRole('button', { name: 'Fill in the rest, 13, for Dora' }).click();
    await saveHand(page, 4);
    expect(await totals(page)).toEqual([42, 25, 29, 60]);
    const status = page.getByTestId('pad-status');
    expect(await status.textContent()).toBe('Game overBen wins!');
    expect(await page.getByRole('button', { name: 'Save hand' }).count()).toBe(0);
    await screenshot(page, 'pad-game-over-phone-360x740.png');

    await page.reload();
    await page.locator('.pad-table tbody tr').nth(3).waitFor();
    expect(await page.getByTestId('pad-status').textContent()).toBe('Game overBen wins!');
    expect(errors).toEqual([]);
  }, 60_000);

  it('exports CSV and JSON, shows a print view, and lists, renames and deletes pads', async () => {
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV (spreadsheet)' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe('score-pad-kitchen-table.csv');
    const csvText = readFileSync((await csv.path())!, 'utf8');
    expect(csvText.split('\r\n')).toEqual([
      '\uFEFFHand,Dealer,Passing,Anna,Ben,Cem,Dora,Moon',
      '1,Anna,to the left,5,13,0,8,',
      '2,Ben,to the right,10,0,3,13,',
      '3,Cem,across,26,0,26,26,Ben',
      '4,Dora,no pass,1,12,0,13,',
      'Total,,,42,25,29,60,',
      '',
    ]);
    const jsonDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'JSON' }).click();
    const json = JSON.parse(readFileSync((await (await jsonDownload).path())!, 'utf8')) as Record<
      string,
      unknown
    >;
    expect(json).toMatchObject({
      format: 'hearts-pad/1',
      name: 'Kitchen table',
      players: NAMES,
      totals: [42, 25, 29, 60],
      over: true,
      winners: ['Ben'],
    });

    await page.getByRole('button', { name: 'Print view' }).click();
    await page.locator('.pad-print table').waitFor();
    expect(await page.locator('.pad-print tbody tr').count()).toBe(4);
    expect(await page.locator('.pad-print-result').textContent()).toBe('Game over: Ben wins!');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    await screenshot(page, 'pad-print-phone-360x740.png');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.pad-print-actions').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: '← Back to the pad' }).click();
    await page.locator('.pad-table').waitFor();

    // A second pad, then the list: continue, rename, delete.
    await page.getByRole('button', { name: '← Back' }).click();
    await page.getByRole('button', { name: 'New score pad' }).click();
    await page.getByLabel('Name of the pad').fill('Spare');
    // The last pad's players are offered again.
    expect(await page.getByLabel('Player 2', { exact: true }).inputValue()).toBe('Ben');
    await page.getByRole('button', { name: 'Start the score pad' }).click();
    await page.locator('.pad-table').waitFor();
    await page.getByRole('button', { name: '← Back' }).click();
    const items = page.locator('.pad-item');
    await items.nth(1).waitFor();
    expect(await items.locator('.pad-name').allTextContents()).toEqual(['Spare', 'Kitchen table']);
    expect(await items.nth(1).textContent()).toContain('4 hands · Won by Ben');
    await screenshot(page, 'pad-list-phone-360x740.png');

    await items.nth(1).getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Name of the pad').fill('Friday at Anna’s');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Friday at Anna’s').waitFor();
    await items.filter({ hasText: 'Spare' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.pad-item').length === 1);
    await page.reload();
    await page.locator('.pad-item').first().waitFor();
    expect(await page.locator('.pad-item .pad-name').allTextContents()).toEqual(['Friday at Anna’s']);
    await page.locator('.pad-open').first().click();
    expect(page.url()).toBe(padUrl);
    await page.locator('.pad-table tbody tr').nth(3).waitFor();
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('the score pad in German, with six players and more options', () => {
  it('shows four players’ names, the moon buttons and the pad’s name whole on a phone', async () => {
    const context = await app.browser.newContext({ ...PHONE, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${app.url}/#/pad`);
    await page.getByRole('button', { name: 'Neuer Punkteblock' }).click();
    const four = ['Annegret', 'Bartholomäus', 'Cem', 'Dorothea'];
    for (let i = 0; i < 4; i++) await page.getByLabel(`Spieler ${i + 1}`, { exact: true }).fill(four[i]!);
    await page.getByRole('button', { name: 'Punkteblock anlegen' }).click();
    await page.locator('.pad-table').waitFor();
    const cut = await page
      .locator('.pad-moon-btn, .pad-col-name, .pad-page .page-head h1')
      .evaluateAll((els) =>
        els
          .filter((e) => e.scrollWidth > e.clientWidth + 0.5 || e.scrollHeight > e.clientHeight + 0.5)
          .map((e) => e.textContent),
      );
    expect(cut).toEqual([]);
    expect(
      await page.getByRole('button', { name: 'Bartholomäus hat einen Durchmarsch' }).textContent(),
    ).toContain('Durchm.');
    expect(await fitsWidth(page)).toBe(true);

    // A file that is no score pad is refused in German only.
    await page.goto(`${app.url}/#/pad`);
    const file = page.locator('.pad-import input[type="file"]');
    const alert = page.getByRole('alert');
    await file.setInputFiles({
      name: 'kaputt.json',
      mimeType: 'application/json',
      buffer: Buffer.from('nicht json'),
    });
    expect(await alert.textContent()).toBe('Diese Datei ist kein Punkteblock: sie enthält kein JSON.');
    await file.setInputFiles({
      name: 'x.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format":"x"}'),
    });
    await expect.poll(() => alert.textContent()).toBe('Diese Datei ist kein Punkteblock (hearts-pad/1).');
    await context.close();
  }, 60_000);

  it('enters a chosen moon and the J♦, and works offline', async () => {
    const context = await app.browser.newContext({ ...PHONE, locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/#/pad`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.getByRole('button', { name: 'Neuer Punkteblock' }).click();
    await page.getByRole('radio', { name: '6' }).check({ force: true });
    const six = ['Jana', 'Kai', 'Lea', 'Max', 'Nina', 'Olaf'];
    for (let i = 0; i < 6; i++) await page.getByLabel(`Spieler ${i + 1}`, { exact: true }).fill(six[i]!);
    await page.locator('details.options summary').click();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'pad-options-de-phone-360x740.png');
    await page.getByLabel('Durchmarsch (den Mond schießen)').selectOption('shooterChoice');
    await page.getByLabel('Karo-Bube zählt −10 (Omnibus)').check();
    await page.getByRole('button', { name: 'Punkteblock anlegen' }).click();
    await page.locator('.pad-table').waitFor();
    const status = page.getByTestId('pad-status');
    expect(await status.textContent()).toContain('Jana gibt');
    expect(await status.textContent()).toContain('nach links weitergeben');

    const points = (n: string) => page.getByLabel(`Punkte von ${n}`, { exact: true });
    for (const [i, v] of [2, 3, 13, 4, 4, 0].entries()) await points(six[i]!).fill(String(v));
    await page.getByRole('button', { name: 'Runde eintragen' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Wer hat den Karo-Buben?');
    await page.getByRole('radio', { name: 'Wer hat den Karo-Buben (−10)? Olaf' }).check({ force: true });
    await page.getByRole('button', { name: 'Runde eintragen' }).click();
    await page.locator('.pad-table tbody tr').first().waitFor();
    expect(await rows(page)).toEqual([[2, 3, 13, 4, 4, -10]]);

    await page.getByRole('button', { name: 'Lea hat einen Durchmarsch' }).click();
    await page.getByRole('radio', { name: 'Jana' }).check({ force: true }); // J♦ with Jana
    await page.getByRole('button', { name: 'Runde eintragen' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Wähle, wie der Durchmarsch von Lea zählt.');
    await page.getByRole('radio', { name: 'Lea −26' }).check({ force: true });
    await page.getByRole('button', { name: 'Runde eintragen' }).click();
    await page.locator('.pad-table tbody tr').nth(1).waitFor();
    expect((await rows(page))[1]).toEqual([-10, 0, -26, 0, 0, 0]);
    expect(await totals(page)).toEqual([-8, 3, -13, 4, 4, -10]);
    expect(await status.textContent()).toContain('Lea gibt');
    expect(await status.textContent()).toContain('nach gegenüber weitergeben');
    expect(await status.textContent()).toContain('Vorn: Lea');
    await screenshot(page, 'pad-six-de-phone-360x740.png');
    expect(await fitsWidth(page)).toBe(true);

    // Offline: the app and the pad come from the service worker's cache, the pads from IndexedDB.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys())
        for (const r of await (await caches.open(key)).keys()) urls.push(r.url);
      return urls;
    });
    expect(cached.filter((u) => /\/assets\/PadScreen-[\w-]+\.(js|css)$/.test(u))).toHaveLength(2);
    await context.setOffline(true);
    await page.reload();
    await page.locator('.pad-table tbody tr').nth(1).waitFor();
    expect(await totals(page)).toEqual([-8, 3, -13, 4, 4, -10]);
    await page.getByRole('button', { name: '← Zurück' }).click();
    await page.locator('.pad-item').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
