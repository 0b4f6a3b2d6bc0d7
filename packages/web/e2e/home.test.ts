/**
 * The start page's panels (issue #48): after the first paint they fill from the game server — the daily deal, the
 * next arena with its join button, a live table to watch, a friend online at a table, your puzzle rating — beside
 * Play on a desktop and after it on a phone, in English and German; offline the page still offers solo play and the
 * score pad, with one quiet line instead of the panels.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { TableClient } from '@hearts/live';
import { afterAll, describe, expect, it } from 'vitest';
import { autoplay, DEVICES, shotsIn, watchErrors, withGameServer } from './harness';

// The server's puzzle library (the day's puzzle) from the server's own test fixture, loaded at run time: this
// package's tsconfig holds only its own files.
const fixtures = new URL('../../server/test/puzzle-fixtures.ts', import.meta.url).href;
const { samplePuzzles, writeLibrary } = (await import(/* @vite-ignore */ fixtures)) as {
  samplePuzzles: (n: number) => unknown[];
  writeLibrary: (puzzles: readonly unknown[]) => string;
};
const library = writeLibrary(samplePuzzles(40));
afterAll(() => rmSync(dirname(library), { recursive: true, force: true }));
const app = withGameServer({
  BOT_LEVEL: 'easy',
  BOT_DELAY_MS: '400',
  HAND_PAUSE_MS: '500',
  PUZZLES_FILE: library,
});
const shot = shotsIn('home', true); // the whole page: the panels under Play on a phone

async function post<T>(path: string, token: string, body: unknown = {}): Promise<T> {
  const res = await fetch(app.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Guest = { token: string; user: { id: string; name: string } };
const guest = (): Promise<Guest> =>
  fetch(`${app.url}/api/guest`, { method: 'POST', body: '{}' }).then((r) => r.json() as Promise<Guest>);

describe('the home', () => {
  it('fills its panels from the server after the first paint; offline it still offers solo and the pad', async () => {
    // A friend at a watchable table (a friends' room with bots), and the reader's own account.
    const [me, friend] = [await guest(), await guest()];
    const asked = await post<{ friend: { id: string } }>('/api/friends', me.token, {
      name: friend.user.name,
    });
    await post(`/api/friends/${asked.friend.id}/accept`, friend.token); // the friendship's id, both sides'
    const host = await TableClient.createFriendsRoom({ url: app.url, token: friend.token });
    host.send('options', { rules: { targetScore: 100 }, botLevel: 'easy' });
    autoplay(host);
    host.send('start', {});
    await expect.poll(() => host.state?.view.phase ?? 'deal', { timeout: 20_000 }).not.toBe('deal');

    for (const [device, lang, locale] of [
      ['desktop', 'en', 'en-US'],
      ['phone', 'de', 'de-DE'],
      ['desktop', 'de', 'de-DE'],
      ['phone', 'en', 'en-US'],
    ] as const) {
      const context = await app.browser.newContext({ ...DEVICES[device], locale });
      await context.addInitScript((token) => localStorage.setItem('hearts.live.token', token), me.token);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${app.url}/?sw=off`);
      const panels = page.locator('.home-panels');
      await panels.locator('.home-daily button').waitFor();
      await page.locator('.home-arena button.primary').waitFor(); // the next hourly arena, with Join
      await page.locator('.home-live li').first().waitFor();
      await page.locator('.home-friends li').first().waitFor();
      await page.locator('.home-puzzle').waitFor();
      await expect.poll(() => panels.getAttribute('data-loading')).toBe('false');
      // The panels' code and requests come after the start page answered (its first load is Play alone).
      const late = await page.evaluate(() => {
        const at = performance.getEntriesByName('hearts:interactive')[0]!.startTime;
        const of = (pattern: RegExp) =>
          performance.getEntriesByType('resource').filter((e) => pattern.test(new URL(e.name).pathname));
        const panels = [...of(/HomePanels-.*\.js$/), ...of(/^\/api\//)];
        return { count: panels.length, after: panels.every((e) => e.startTime > at) };
      });
      expect(late).toEqual({ count: late.count, after: true });
      expect(late.count).toBeGreaterThanOrEqual(6);
      expect(await page.locator('.home-friends li').textContent()).toContain(friend.user.name);
      expect(await page.locator('.home-live li').first().textContent()).toContain(friend.user.name);
      const title = await page.locator('.home-daily h2').textContent();
      expect(title).toBe(lang === 'de' ? 'Tagesspiel' : 'Daily deal');
      expect(await page.locator('.home-arena strong').textContent()).toBe(
        lang === 'de' ? 'Stunden-Arena' : 'Hourly arena',
      );
      // Play first: on a phone above the panels, on a desktop beside them.
      const play = (await page
        .getByRole('button', { name: lang === 'de' ? 'Spielen' : 'Play', exact: true })
        .boundingBox())!;
      const box = (await panels.boundingBox())!;
      if (device === 'phone') expect(play.y).toBeLessThan(box.y);
      else expect(box.x).toBeGreaterThan(play.x + play.width);
      await shot(page, `home-${device}-${lang}.png`);
      expect(errors).toEqual([]);

      if (device === 'desktop' && lang === 'en') {
        // The arena's join button leads to the arena; the table's watch button to the table.
        await page.locator('.home-arena button.primary').click();
        await page.waitForURL(/#\/tournaments\/.+/);
        await page.goBack();
        await page.locator('.home-live li button').first().click();
        await page.waitForURL(/#\/live\/watch\/.+/);
      }
      await context.close();
    }
    host.leave();

    // Offline (the server gone for this page): solo play and the score pad, and one quiet line.
    const context = await app.browser.newContext({ ...DEVICES.phone, locale: 'en-US' });
    await context.route('**/api/**', (r) => r.abort('internetdisconnected'));
    const page = await context.newPage();
    await page.goto(`${app.url}/?sw=off`);
    await page.locator('.home-offline').waitFor();
    expect(await page.locator('.home-offline').textContent()).toBe(
      'Offline: solo play and the score pad work as always.',
    );
    expect(await page.locator('.home-panel').count()).toBe(0);
    await shot(page, 'home-offline-phone-en.png');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.locator('.table-screen').waitFor();
    await page.goto(`${app.url}/?sw=off#/pad`);
    await page.getByRole('heading', { level: 1, name: 'Score pad' }).waitFor();
    await context.close();
  }, 300_000);
});
