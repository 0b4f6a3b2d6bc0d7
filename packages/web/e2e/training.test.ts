/**
 * The training page in Chromium, served by the game server: a new signed-in player opens Training from the menu,
 * gets the starter set, answers a position wrong and then right, and sees it counted as solved — on the page, on
 * the device and on the server (the page sends the progress). On a desktop and a 360 px phone, in English and
 * German. Screenshots: `training-<desktop|phone>-<en|de>-<task|answer>.png`.
 */
import { readFileSync } from 'node:fs';
import { isRightAnswer } from '@hearts/practice/training';
import type { TrainingPosition } from '@hearts/protocol/http/training';
import { describe, expect, it } from 'vitest';
import {
  clickCard,
  DEVICES,
  expectClearOfSeats,
  expectOnScreen,
  screenshot,
  watchErrors,
  withGameServer,
} from './harness';

const app = withGameServer({}, 300_000);

const WORDS = {
  en: {
    link: /^Training/,
    next: 'Next',
    count: 'Position',
    solved: 'Solved',
    right: 'Right!',
    wrong: 'Not quite',
    again: 'Try again',
  },
  de: {
    link: /^Training/,
    next: 'Weiter',
    count: 'Stellung',
    solved: 'Gelöst',
    right: 'Richtig!',
    wrong: 'Nicht ganz',
    again: 'Nochmal versuchen',
  },
} as const;

const starter = JSON.parse(
  readFileSync(new URL('../src/features/training/starter.json', import.meta.url), 'utf8'),
) as TrainingPosition[];
const at = starter.findIndex(
  (p) => p.kind === 'play' && p.observation.legal.some((c) => !isRightAnswer(p, [c])),
);
const position = starter[at]!;
const wrong = position.observation.legal.find((c) => !isRightAnswer(position, [c]))!;
const passAt = starter.findIndex((p) => p.kind === 'pass');

describe.each([
  ['desktop', 'en'],
  ['phone', 'de'],
  ['phone', 'en'],
  ['desktop', 'de'],
] as const)('training on a %s in %s', (device, lang) => {
  it('solves a starter position and sees it counted, here and on the server', async () => {
    const words = WORDS[lang];
    const guest = (await (await fetch(`${app.url}/api/guest`, { method: 'POST', body: '{}' })).json()) as {
      token: string;
    };
    const context = await app.browser.newContext(DEVICES[device]);
    await context.addInitScript(
      ([l, token]) => {
        if (!localStorage.getItem('hearts.settings'))
          localStorage.setItem('hearts.settings', JSON.stringify({ lang: l, level: 'easy' }));
        localStorage.setItem('hearts.live.token', token!);
      },
      [lang, guest.token],
    );
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: words.link }).click();
    const count = page.locator('.training-count');
    await count.waitFor({ timeout: 30_000 });
    expect(await count.textContent()).toBe(
      `${words.count} 1 ${lang === 'en' ? 'of' : 'von'} ${starter.length}`,
    );
    for (let i = 0; i < at; i++)
      await page.getByRole('button', { name: words.next, exact: true }).first().click();
    await page.locator(`.training-count:text("${words.count} ${at + 1} ")`).waitFor();
    const hand = page.locator('.player-area [data-card]');
    expect(await hand.count()).toBe(position.observation.hand.length);
    await screenshot(page, `training-${device}-${lang}-task.png`);

    // Wrong first: not counted as solved; then right.
    const tap = async (card: string) => {
      await clickCard(page, card);
      if (device === 'phone') await clickCard(page, card); // a touch screen raises the card first
    };
    await tap(wrong);
    await page.locator('.training-verdict[data-right="false"]').waitFor();
    expect(await page.locator('.training-verdict').textContent()).toContain(words.wrong);
    expect(await page.locator('.training-solved').getAttribute('data-solved')).toBe('0');
    await page.getByRole('button', { name: words.again }).click();
    await tap(position.best[0]!);
    await page.locator('.training-verdict[data-right="true"]').waitFor();
    expect(await page.locator('.training-verdict').textContent()).toContain(words.right);
    expect(await page.locator('.training-solved').getAttribute('data-solved')).toBe('1');
    // The best card is lit in the hand, the evaluation lists every option.
    expect(await page.locator('.training-options tbody tr').count()).toBe(position.options.length);
    await screenshot(page, `training-${device}-${lang}-answer.png`); // first: a failing layout leaves its picture
    // The verdict and the evaluation leave the seats where they were: clear of the bar and of the panel.
    await expectClearOfSeats(page, '.study-bar');
    await expectClearOfSeats(page, '.study-panel');
    // "Next" in view without scrolling: on the screen, and not below the panel's fold.
    await expectOnScreen(page, '.study-actions button.primary');
    const panel = (await page.locator('.study-panel').boundingBox())!;
    const next = (await page.locator('.study-actions button.primary').boundingBox())!;
    expect(next.y + next.height).toBeLessThanOrEqual(panel.y + panel.height + 0.5);

    // The device keeps it, and the page sent it to the server.
    const kept = await page.evaluate(() => localStorage.getItem('hearts.training'));
    expect(JSON.parse(kept!).progress[position.id]).toMatchObject({ attempts: 2, solved: true });
    await expect
      .poll(
        async () => {
          const r = await fetch(`${app.url}/api/training`, {
            headers: { authorization: `Bearer ${guest.token}` },
          });
          return ((await r.json()) as { progress: unknown[] }).progress;
        },
        { timeout: 20_000 },
      )
      .toEqual([expect.objectContaining({ id: position.id, attempts: 2, solved: true })]);

    // Back again: still counted.
    await page.reload();
    await page.locator('.training-solved[data-solved="1"]').waitFor({ timeout: 30_000 });
    // A pass: the cards are chosen, then passed.
    for (let i = 0; i < passAt; i++)
      await page.getByRole('button', { name: words.next, exact: true }).first().click();
    await page.locator('.table-screen[data-phase="pass"]').waitFor();
    const pass = starter[passAt]!;
    for (const c of pass.best) await clickCard(page, c);
    await screenshot(page, `training-${device}-${lang}-pass.png`);
    await page.locator('.pass-btn').click();
    await page.locator('.training-verdict[data-right="true"]').waitFor();
    expect(await page.locator('.training-solved').getAttribute('data-solved')).toBe('2');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
