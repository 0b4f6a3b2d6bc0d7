/**
 * Kick votes in Chromium: four people at a friends' table, three of whom never act, so their time banks run out
 * and the fourth — the player in the browser — sees a "Kick out" button on every other seat. On a 1440×900
 * desktop and on a 360×740 phone each button is the topmost thing at its centre (nothing, not the trick area, lies
 * over it), and a real click on it lands: the vote is counted as "1 of 2 votes". A vote on the player in the browser
 * warns them above their hand; on a shorter phone (375×667, where the trick at its usual place would lie over the
 * top seat's button) the trick moves down and shrinks, and still no card lies over a button. On a phone each button
 * keeps to two lines ("Kick out" and "1/2" in the narrow side seats), on a desktop to one, and the line that says who
 * takes a trick stays clear of the player's own name under the board. With five and six at the table on both phones
 * (four people, the rest bots) no seat lies over another, nor a seat's menu button over another's, and every vote is
 * clickable.
 */
import { TableClient } from '@hearts/live';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot, watchErrors, withGameServer } from './harness';

const app = withGameServer({
  BOT_LEVEL: 'easy',
  BOT_DELAY_MS: '50',
  HAND_PAUSE_MS: '500',
  // Short clocks: the idle players run out of time within seconds, then the server plays for them every 2 s.
  GRACE_MS: '2000',
  BANK_MS: '300',
});

const guest = async () =>
  (await (await fetch(`${app.url}/api/guest`, { method: 'POST', body: '{}' })).json()) as { token: string };

interface KickHit {
  readonly seat: string; // the seat's class: where it sits
  readonly visible: boolean; // inside the window
  readonly hit: string; // 'button' when the button is the element at its own centre, else the class of what is
  readonly cardsOver: number; // trick cards drawn where the button is (even under it)
  readonly lines: number; // lines of text on the button
}

/**
 * Once a trick reaching the top seat lies still on the table (the top seat's card and at least two more, none flying
 * in or being collected; with five or six at the table, where the top may be a corner, any three cards), for every
 * kick button: is it the element hit at its own centre, is it inside the window, and how many trick cards overlap it.
 * Measured in the same task that saw the trick settled.
 */
async function settledHits(page: Page, atTop = true): Promise<KickHit[]> {
  const handle = await page.waitForFunction(
    (atTop) => {
      const cards = [...document.querySelectorAll('.trick-card')];
      const moving = document
        .getAnimations()
        .some(
          (a) => a.playState === 'running' && (a.effect as KeyframeEffect | null)?.target?.closest('.trick'),
        );
      if ((atTop && !cards.some((c) => c.matches('.at-top'))) || cards.length < 3 || moving) return null;
      if (cards.some((c) => c.matches('.collect'))) return null;
      return [...document.querySelectorAll('.seat-kick button')].map((b) => {
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const over = (c: Element) => {
          const o = c.getBoundingClientRect();
          return o.left < r.right && r.left < o.right && o.top < r.bottom && r.top < o.bottom;
        };
        return {
          seat: b.closest('.seat')?.className ?? '',
          visible:
            r.width > 0 && r.height > 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth,
          hit: hit && b.contains(hit) ? 'button' : (hit?.className.toString() ?? 'nothing'),
          cardsOver: cards.filter(over).length,
          lines: (() => {
            const text = document.createRange();
            text.selectNodeContents(b);
            const tops = [...text.getClientRects()].filter((l) => l.width > 0).map((l) => Math.round(l.top));
            return new Set(tops).size;
          })(),
        };
      });
    },
    atTop,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as KickHit[];
}

/**
 * A new window size, then two frames: a frame's animation callbacks (where `settledHits` looks) run before its
 * layout and its resize observers, so the first frame after a resize still shows the trick where it was before the
 * board observed its new size and moved it (src/table/fit-trick.ts).
 */
async function resize(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * Once a trick is complete and says who takes it: how far the line that says so reaches into the player's own bar
 * under the board (px, 0 when clear of it).
 */
async function winnerLineOverlap(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const line = document.querySelector('.trick-winner');
      const bar = document.querySelector('.player-bar');
      if (!line || !bar) return null;
      return { overlap: Math.max(0, line.getBoundingClientRect().bottom - bar.getBoundingClientRect().top) };
    },
    null,
    { timeout: 30_000, polling: 'raf' },
  );
  return ((await handle.jsonValue()) as { overlap: number }).overlap;
}

/** Every button visible, hit at its centre, under no card, its words on at most `lines` lines. */
const clickable = (hits: KickHit[], lines = 2) =>
  hits.map((h) => ({ ...h, visible: true, hit: 'button', cardsOver: 0, lines: Math.min(h.lines, lines) }));

/**
 * A friends' room with the host and two others connected (three of four people; the fourth is the player in the
 * browser), and that player's page on it in a window of `viewport`, the room's members all listed.
 */
async function roomWithPlayer(viewport: { width: number; height: number }, players = 4) {
  const host = await TableClient.createFriendsRoom({ url: app.url, token: (await guest()).token });
  const code = host.roomId;
  const others = [
    new TableClient({ url: app.url, token: (await guest()).token, roomId: code }),
    new TableClient({ url: app.url, token: (await guest()).token, roomId: code }),
  ];
  for (const c of others) await c.connect();
  if (players !== 4) host.send('options', { rules: { players }, botLevel: 'easy' });
  const context = await app.browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.url}/?speed=fast#/live/${code}`);
  // Started only once the page sees the seats chosen and all four here (a start seats the members present: one
  // whose connection the server counts as away would be left out, and the page would never be at the table).
  await page
    .getByRole('heading', { name: `In the room (4 of ${players} seats)` })
    .waitFor({ timeout: 20_000 });
  await page.locator('.live-members li:not(.away)').nth(3).waitFor({ timeout: 20_000 });
  expect(await page.locator('.live-members li.away').count()).toBe(0);
  return { host, others, context, page, errors };
}

/** Waits for the table in its play phase; if it does not come, the error says what the page shows instead. */
async function playing(page: Page, selector = '.table-screen[data-phase="play"]'): Promise<void> {
  try {
    await page.locator(selector).waitFor({ timeout: 30_000 });
  } catch (e) {
    const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 600);
    throw new Error(`no ${selector} in 30 s; the page shows: ${shown}`, { cause: e });
  }
}

it('every seat’s kick button can be clicked, on a desktop and on a phone', async () => {
  const { host, others, context, page, errors } = await roomWithPlayer({ width: 1440, height: 900 });
  host.send('start', {});

  // Nobody acts: once the banks ran out, every other seat offers the vote.
  const buttons = page.locator('.seat-kick button');
  await playing(page);
  await buttons.nth(2).waitFor({ timeout: 30_000 });
  const desktop = await settledHits(page);
  await screenshot(page, 'kick-desktop.png');
  expect(desktop.map((h) => h.seat.split(' ')[1]).sort()).toEqual(['seat-left', 'seat-right', 'seat-top']);
  expect(desktop).toEqual(clickable(desktop, 1));

  // A real click at the centre of each button counts a vote: one of the two needed (three others at the table).
  for (let i = 0; i < 3; i++) {
    const box = (await buttons.nth(i).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await buttons.nth(i).filter({ hasText: '1 of 2 votes' }).waitFor({ timeout: 5000 });
  }

  await resize(page, 360, 740);
  const phone = await settledHits(page);
  await screenshot(page, 'kick-phone.png');
  expect(phone).toHaveLength(3);
  expect(phone).toEqual(clickable(phone));
  // The line that says who takes the trick does not lie over the player's own name.
  expect(await winnerLineOverlap(page)).toBe(0);

  // The player in the browser is out of time too: one of the others votes on them. They are told so, above their
  // hand, and the table still leaves every vote clickable.
  const taken = [host, ...others].map((c) => c.state!.table.you);
  const mine = [0, 1, 2, 3].find((seat) => !taken.includes(seat))!;
  host.send('kick', { seat: mine });
  await page
    .getByRole('alert')
    .filter({ hasText: 'The others are voting to give your seat to a bot: 1 of 2' })
    .waitFor();
  const warned = await settledHits(page);
  await screenshot(page, 'kick-phone-warned.png');
  expect(warned).toEqual(clickable(warned));

  // A shorter phone (an iPhone SE's 375×667): the board is shorter, the seats are not.
  await resize(page, 375, 667);
  const short = await settledHits(page);
  await screenshot(page, 'kick-phone-short.png');
  expect(short).toEqual(clickable(short));
  expect(await winnerLineOverlap(page)).toBe(0);

  expect(errors).toEqual([]);
  for (const c of [host, ...others]) await c.leave();
  await context.close();
}, 180_000);

/**
 * The seats (`.board > .seat`), or the seats' menu buttons (`.board .player-menu-button`), that overlap another by
 * more than a pixel, named by their seats: "seat-top-left / seat-left".
 */
const overlaps = (page: Page, selector: string): Promise<string[]> =>
  page.evaluate((selector) => {
    const seats = [...document.querySelectorAll(selector)].map((s) => ({
      name: [...(s.closest('.seat')?.classList ?? [])].find((c) => c.startsWith('seat-')) ?? 'board',
      box: s.getBoundingClientRect(),
    }));
    const out: string[] = [];
    for (let i = 0; i < seats.length; i++)
      for (let j = i + 1; j < seats.length; j++) {
        const a = seats[i]!.box;
        const b = seats[j]!.box;
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 1 && y > 1) out.push(`${seats[i]!.name} / ${seats[j]!.name}`);
      }
    return out;
  }, selector);

it.each([5, 6])(
  'with %i at the table on a phone: no seat lies over another, every kick button can be clicked',
  async (players) => {
    // Four people (the host, two others, the player in the browser), the other seats bots.
    const { host, others, context, page, errors } = await roomWithPlayer(
      { width: 360, height: 740 },
      players,
    );
    host.send('start', {});
    await playing(page, `.table-screen.players-${players}[data-phase="play"]`);
    const buttons = page.locator('.seat-kick button');
    await buttons.nth(2).waitFor({ timeout: 30_000 });

    // A vote on each: the seats grow by the count, and the corner seats by their names on two lines.
    for (let i = 0; i < 3; i++) {
      const box = (await buttons.nth(i).boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await buttons.nth(i).filter({ hasText: '1/2' }).waitFor({ timeout: 5000 });
    }
    const hits = await settledHits(page, false);
    await screenshot(page, `kick-phone-${players}.png`);
    expect(hits).toHaveLength(3);
    expect(hits).toEqual(clickable(hits));
    expect(await overlaps(page, '.board > .seat')).toEqual([]);
    expect(await overlaps(page, '.board .player-menu-button')).toEqual([]);

    // The shorter phone as well.
    await resize(page, 375, 667);
    const short = await settledHits(page, false);
    await screenshot(page, `kick-phone-${players}-short.png`);
    expect(short).toEqual(clickable(short));
    expect(await overlaps(page, '.board > .seat')).toEqual([]);
    expect(await overlaps(page, '.board .player-menu-button')).toEqual([]);

    expect(errors).toEqual([]);
    for (const c of [host, ...others]) await c.leave();
    await context.close();
  },
  120_000,
);
