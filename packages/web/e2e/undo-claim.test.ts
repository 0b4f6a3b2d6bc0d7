/**
 * Undo and the claim of the rest at the solo table, in Chromium. Both start from a stored game (a known deal,
 * dealt without passing) put into the device's storage, as a reload would find it: the table resumes it.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  applyMove,
  CardSet,
  deal,
  makeRecord,
  newGame,
  parseCard,
  replayRecord,
  unwrap,
  type GameState,
  toPlay,
} from '@hearts/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickCard, watchErrors, withApp } from './harness';

const SHOTS = process.env['SHOTS_DIR'] ?? resolve(process.cwd(), 'test-results');

const app = withApp();

// The player (seat 0) holds the top diamonds, spades and hearts and one low club. Seat 3 leads the 2♣; seat 2
// wins two club tricks (the player throws the J♥ on the second), then leads a diamond the player wins with the A♦.
const HANDS = [
  '3C AD KD QD JD TD AS KS QS AH KH QH JH',
  '4C 6C 4D 9D 8D JS TS 9S TH 9H 8H 7H 6H',
  'AC KC QC JC 2D 7D 6D 8S 7S 6S 5H 4H 3H',
  '2C 5C 7C 8C 9C TC 3D 5D 5S 4S 3S 2S 2H',
];
const TRICKS = ['2C', '3C', '4C', 'AC', 'KC', '5C', 'JH', '6C', '2D', '3D'];
const RULES = { passCards: 0 };

/** The game after `plays` cards of TRICKS, as the solo table stores it (no seeds: a deal of its own). */
function savedGame(plays: number): unknown {
  let g: GameState = unwrap(newGame(RULES));
  const dealt = deal(
    g,
    HANDS.map((h) => CardSet.fromNames(h.split(' '))!),
  );
  if (!dealt.ok) throw new Error(dealt.error.message);
  g = dealt.value;
  for (const name of TRICKS.slice(0, plays)) {
    const r = applyMove(g, toPlay(g)!, { kind: 'play', card: parseCard(name)! });
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
    g = r.value;
  }
  const players = ['You', 'Bot 1 (easy)', 'Bot 2 (easy)', 'Bot 3 (easy)'];
  return {
    v: 1,
    id: `e2e-${plays}`,
    startedAt: Date.now(),
    level: 'easy',
    record: makeRecord(g, players),
    seeds: [null],
    pendingPlay: null,
  };
}

/** Opens the app with `game` stored as the game in progress, at the table. */
async function openTable(page: Page, game: unknown): Promise<void> {
  await page.goto(`${app.url}/?speed=instant&botMs=5`);
  await page.evaluate((g) => localStorage.setItem('hearts.current', JSON.stringify(g)), game);
  await page.goto(`${app.url}/?speed=instant&botMs=5#/play`);
  await page.locator('.table-screen').waitFor();
}

const handCards = (page: Page): Promise<string[]> =>
  page.locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));
const trickLabel = (page: Page) => page.locator('.board .trick').first().getAttribute('aria-label');
const stored = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('hearts.current') ?? 'null') as Record<string, unknown>,
  );

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SHOTS, name), animations: 'disabled' });
}

describe('undo at the solo table', () => {
  it('takes back the last card (button, Ctrl+Z), the card is back in the hand, and a reload keeps it so', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openTable(page, savedGame(10)); // the player follows 2♦ 3♦
    const undo = page.getByRole('button', { name: 'Undo' });
    await page.locator('.player-bar.turn').waitFor();
    const before = { hand: await handCards(page), trick: await trickLabel(page) };
    expect(before.hand).toContain('AD');

    await clickCard(page, 'AD');
    // The bots play on: the player wins the trick and leads the next one.
    await page.locator('.player-bar.turn').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-card="AD"]'));
    expect(await handCards(page)).not.toContain('AD');
    await expect.poll(() => undo.isEnabled()).toBe(true);
    await shot(page, 'undo-desktop-1440x900-en.png');

    await undo.click();
    await page.locator('[data-card="AD"]').waitFor();
    expect(await handCards(page)).toEqual(before.hand);
    expect(await trickLabel(page)).toBe(before.trick);
    const after = await stored(page);
    expect(after['record']).toMatchObject({ undos: 1 });

    // The reload resumes the game as it is after the undo.
    await page.reload();
    await page.locator('.player-bar.turn').waitFor();
    expect(await handCards(page)).toEqual(before.hand);
    expect(await trickLabel(page)).toBe(before.trick);

    // Ctrl+Z does the same.
    await clickCard(page, 'KD');
    await page.waitForFunction(() => !document.querySelector('[data-card="KD"]'));
    await page.locator('.player-bar.turn').waitFor();
    await page.keyboard.press('Control+z');
    await page.locator('[data-card="KD"]').waitFor();
    expect(await handCards(page)).toEqual(before.hand);
    expect((await stored(page))['record']).toMatchObject({ undos: 2 });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('claiming the rest at the solo table', () => {
  it('is offered when certain, says what happens, and plays the hand out', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // Void in the clubs seat 2 leads, the player cannot win this trick: nothing to claim.
    await openTable(page, savedGame(6));
    await page.locator('.player-bar.turn').waitFor();
    expect(await page.getByRole('button', { name: 'Claim the rest' }).count()).toBe(0);
    // Following 2♦ 3♦ with the A♦ on hand: the A♦ wins whatever comes, and so does every later trick.
    await openTable(page, savedGame(10));
    const offer = page.getByRole('button', { name: 'Claim the rest' });
    await offer.click();
    expect(await page.locator('.claim-text').textContent()).toBe(
      'You take the remaining 11 tricks (25\u00a0points).',
    );
    await page.getByRole('button', { name: 'Play on' }).click();
    await clickCard(page, 'AD');
    // The player wins the trick and leads: the remaining ten tricks are the player's whatever the bots hold.
    await offer.waitFor();
    await offer.click();
    await expect
      .poll(() => page.locator('.claim-text').textContent())
      .toBe('You take the remaining 10 tricks (25\u00a0points).');
    await shot(page, 'claim-desktop-1440x900-en.png');
    // Play on: the offer stays; then take them.
    await page.getByRole('button', { name: 'Play on' }).click();
    await offer.click();
    await page.getByRole('button', { name: 'Take them' }).click();
    await page.locator('.table-screen[data-phase="deal"]').waitFor();
    await shot(page, 'claim-done-desktop-1440x900-en.png');
    const record = (await stored(page))['record'] as { hands: { tricks: string[] }[] };
    expect(record.hands[0]!.tricks).toHaveLength(13);
    const replayed = replayRecord(record);
    expect(replayed.ok && replayed.value.hands[0]!.points).toEqual([25, 0, 1, 0]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('screenshots: phone and desktop, German and English', () => {
  it.each([
    ['en', 'en-US', 1440, 900, false],
    ['de', 'de-DE', 1440, 900, false],
    ['en', 'en-US', 360, 740, true],
    ['de', 'de-DE', 360, 740, true],
  ] as const)(
    '%s (%s) %ix%i',
    async (lang, locale, width, height, phone) => {
      const context = await app.browser.newContext({
        viewport: { width, height },
        locale,
        ...(phone ? { hasTouch: true, isMobile: true } : {}),
      });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await openTable(page, savedGame(TRICKS.length)); // the player to win the A♦ trick: a claim comes next
      await page.locator('.player-bar.turn').waitFor();
      await clickCard(page, 'AD');
      if (phone) await clickCard(page, 'AD'); // a touch screen's first tap only raises the card
      const offer = page.getByRole('button', { name: lang === 'de' ? 'Rest ansagen' : 'Claim the rest' });
      await offer.waitFor();
      const kind = phone ? 'phone' : 'desktop';
      await shot(page, `claim-offer-${kind}-${width}x${height}-${lang}.png`);
      await offer.click();
      await page.locator('.claim-text').waitFor();
      await shot(page, `claim-confirm-${kind}-${width}x${height}-${lang}.png`);
      // The page still fits: no scrolling with the confirmation shown.
      expect(
        await page.evaluate(
          () =>
            document.documentElement.scrollHeight <= innerHeight &&
            document.documentElement.scrollWidth <= innerWidth,
        ),
      ).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
