/**
 * The player's side of a live table in Chromium, on a desktop and a phone, in English and German: a card the rules
 * refuse is explained in words and not sent, and the hand's last trick opens from the top bar and closes with
 * Escape. Screenshots: `table-ui-<desktop|phone>-<en|de>.png`.
 */
import { TableClient } from '@hearts/live';
import { describe, expect, it } from 'vitest';
import {
  autoplay,
  clickCard,
  DEVICES,
  expectClearOfSeats,
  expectScoreColumnsInView,
  expectSeatsOnScreen,
  screenshot,
  watchErrors,
  withGameServer,
} from './harness';

const app = withGameServer({ BOT_LEVEL: 'easy', BOT_DELAY_MS: '50', HAND_PAUSE_MS: '500' });

const WORDS = {
  en: {
    locale: 'en-US',
    lastTrick: 'Last trick',
    scores: 'Score',
    refusals: [
      'You must follow suit',
      'Hearts are not broken',
      'No points on the first trick',
      'The first trick is led with the lowest club',
    ],
  },
  de: {
    locale: 'de-DE',
    lastTrick: 'Letzter Stich',
    scores: 'Punktestand',
    refusals: [
      'Du musst bedienen',
      'Herz ist noch nicht gebrochen',
      'Keine Punkte im ersten Stich',
      'Der erste Stich wird mit der niedrigsten Kreuzkarte ausgespielt',
    ],
  },
} as const;

/** A new guest renamed to a name of 24 characters in one word, ending in `tag` (names are unique). */
async function longNamed(tag: string): Promise<string> {
  const guest = (await (await fetch(`${app.url}/api/guest`, { method: 'POST', body: '{}' })).json()) as {
    token: string;
  };
  const name = `Wittgensteinhausen${tag}`.slice(0, 24);
  const res = await fetch(`${app.url}/api/name`, {
    method: 'POST',
    headers: { authorization: `Bearer ${guest.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(200);
  return guest.token;
}

describe.each([
  ['desktop', 'en'],
  ['desktop', 'de'],
  ['phone', 'en'],
  ['phone', 'de'],
] as const)('a live table on a %s in %s', (device, lang) => {
  it('explains a refused card in words without sending it, and shows the last trick until Escape', async () => {
    const words = WORDS[lang];
    // Two people with names as long as a name may be, in one word (nowhere to wrap), at the table: the host, and a
    // player who takes a seat before the browser's, so that a side seat has one.
    const host = await TableClient.createFriendsRoom({
      url: app.url,
      token: await longNamed(`${device[0]}${lang}1`),
    });
    const other = new TableClient({
      url: app.url,
      token: await longNamed(`${device[0]}${lang}2`),
      roomId: host.roomId,
    });
    await other.connect();
    const context = await app.browser.newContext({ ...DEVICES[device], locale: words.locale });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/?speed=fast#/live/${host.roomId}`);
    await page.locator('.live-members li').nth(2).waitFor({ timeout: 20_000 });
    host.send('options', { rules: { passCards: 0 }, botLevel: 'easy' });
    autoplay(host);
    autoplay(other, 9);
    host.send('start', {});
    await page.locator('[data-card]').first().waitFor({ timeout: 20_000 });
    // Every seat's bot badge is whole, inside its seat and on the screen (on a phone, the right seat's
    // "Bot · Leicht" ran past its seat and off the screen's edge).
    const width = DEVICES[device].viewport.width;
    for (const seat of await page.locator('.board .seat:has(.bot-badge)').all()) {
      const s = (await seat.boundingBox())!;
      const b = (await seat.locator('.bot-badge').boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(Math.max(0, s.x));
      expect(b.x + b.width).toBeLessThanOrEqual(Math.min(width, s.x + s.width));
    }
    // Nothing of any seat (long names, the dealer chip, the badges) runs past its seat or off the screen (on a
    // 360 px phone the right seat's name and dealer chip ran off the screen's edge).
    await expectSeatsOnScreen(page);
    // The score table shows every seat's column, the two long names' included (cut short, not pushing others out).
    if (device === 'phone') await page.getByRole('button', { name: words.scores }).click();
    await expectScoreColumnsInView(page, '.side-panel .score-table');
    if (device === 'phone') await page.getByRole('button', { name: words.scores }).click();

    // Play legal cards until it is our turn after the first trick with a card the rules refuse.
    const illegal = page.locator('.hand [data-card][aria-disabled="true"]');
    const ourTurn = page.locator('.table-screen[data-phase="play"] .player-bar.turn');
    const deadline = Date.now() + 90_000;
    for (;;) {
      expect(Date.now()).toBeLessThan(deadline);
      await ourTurn.waitFor({ timeout: 20_000 });
      const held = await page.locator('.hand [data-card]').count();
      if (held < 13 && (await illegal.count()) > 0) break;
      const legal = await page
        .locator('.hand [data-card]:not([aria-disabled="true"])')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));
      await clickCard(page, legal[legal.length - 1]!);
      if (device === 'phone') await clickCard(page, legal[legal.length - 1]!); // a tap raises, the second plays
      await page
        .locator('.hand [data-card]')
        .nth(held - 1)
        .waitFor({ state: 'detached', timeout: 10_000 });
    }

    // The last trick, on request.
    await page.getByRole('button', { name: words.lastTrick }).click();
    const panel = page.getByRole('region', { name: words.lastTrick });
    await panel.waitFor();
    expect(await panel.locator('.trick-card').count()).toBe(4);
    await expectClearOfSeats(page, '.last-trick');

    // A refused card: the reason in words, and the card stays in the hand (nothing was sent).
    const cards = await page.locator('.hand [data-card]').count();
    const card = (await illegal.first().getAttribute('data-card'))!;
    await clickCard(page, card, true); // aria-disabled: Playwright would wait for it to be enabled
    const refusal = page.locator('.prompt-line .refusal');
    await refusal.waitFor();
    expect(words.refusals).toContain((await refusal.textContent()) ?? '');
    await screenshot(page, `table-ui-${device}-${lang}.png`);
    expect(await page.locator('.hand [data-card]').count()).toBe(cards);
    expect(await page.locator(`.hand [data-card="${card}"]`).count()).toBe(1);
    expect(await page.locator('.board > .center .trick-card').count()).toBe(
      host.state!.view.trick?.cards.length ?? 0,
    );

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await other.leave();
    await host.leave();
    await context.close();
  }, 150_000);
});
