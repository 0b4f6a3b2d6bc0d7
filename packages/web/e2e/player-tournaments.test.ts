/**
 * A player page's tournaments in Chromium, at phone width (360 px, German) and on a desktop (English), against the
 * built app with the player page's answer stubbed: the section shows each tournament's line and prize, nothing
 * runs wider than the screen, and a click opens the tournament's page. Screenshots in test-results/.
 */
import type { PlayerPage, TournamentEntry } from '@hearts/protocol/http';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot, watchErrors, withApp } from './harness';

const app = withApp(300_000);

const START = Date.UTC(2026, 10, 29, 19, 0);
const entry = (
  id: string,
  name: string,
  kind: 'arena' | 'scheduled' | 'private',
  days: number,
  e: Pick<TournamentEntry, 'rank' | 'of' | 'points' | 'games' | 'prize'>,
): TournamentEntry => ({
  tournament: {
    id,
    kind,
    name,
    host: null,
    status: 'finished',
    startsAt: START - days * 86_400_000,
    endsAt: START - days * 86_400_000 + 3_600_000,
    hands: 2,
    rules: {},
    rated: kind === 'scheduled',
    bots: true,
    maxWaitS: 60,
    players: e.of,
    maxPlayers: 100,
  },
  ...e,
});
const page: PlayerPage = {
  subject: 'u:anna1',
  name: 'Anna',
  bot: null,
  rating: 1612,
  provisional: false,
  provisionalGames: 10,
  ratedGames: 24,
  idleDays: 0,
  lastPlayedAt: START,
  record: {
    games: 30,
    wins: 9,
    ratedGames: 24,
    hands: 120,
    pointsPerHand: 5.4,
    moons: 2,
    queens: 11,
    left: 0,
  },
  history: [1500, 1560, 1530, 1612].slice(1).map((after, i, a) => ({
    gameId: `g${i}`,
    at: START - (3 - i) * 86_400_000,
    before: i === 0 ? 1500 : a[i - 1]!,
    after,
    provisional: false,
    place: 1,
  })),
  recent: [],
  id: 'anna1',
  tournaments: [
    entry('t1', 'Sunday arena', 'scheduled', 0, { rank: 1, of: 37, points: 28.5, games: 9, prize: 50_000 }),
    entry('t2', 'Hourly arena', 'arena', 1, { rank: 14, of: 22, points: 6, games: 4, prize: 0 }),
    entry('t3', 'Familienabend bei Oma und Opa mit Kuchen und vielen Karten', 'private', 2, {
      rank: 3,
      of: 6,
      points: 11,
      games: 5,
      prize: 10_000,
    }),
  ],
};

async function open(width: number, lang: 'de' | 'en'): Promise<{ tab: Page; errors: string[] }> {
  const context = await app.browser.newContext({ viewport: { width, height: 1400 }, locale: lang });
  const tab = await context.newPage();
  const errors = watchErrors(tab);
  await tab.route('**/api/**', (route) =>
    route.request().url().includes('/api/profile/anna1')
      ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(page) })
      : route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: '{"error":"ERR_NOT_FOUND","message":"stub"}',
        }),
  );
  await tab.goto(`${app.url}/?lang=${lang}#/profile/anna1`);
  return { tab, errors };
}

it('phone, German: the tournaments fit the screen; a click opens the tournament', async () => {
  const { tab, errors } = await open(360, 'de');
  const section = tab.locator('.player-tournaments');
  await section.getByText('1. Platz von 37 · 28,5 Punkte · 9 Spiele').waitFor({ timeout: 30_000 });
  await section.getByText('Preis: 50.000 Jetons').waitFor();
  await section.getByText('privat', { exact: true }).waitFor();
  await section.scrollIntoViewIfNeeded();
  await screenshot(tab, 'player-tournaments-360-de.png');
  expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  for (const line of await section.locator('.tournament-line').all())
    expect((await line.boundingBox())!.width).toBeLessThanOrEqual(360);
  await section.getByRole('button', { name: /Hourly arena/ }).click();
  await tab.waitForURL(/#\/tournaments\/t2$/);
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  await tab.context().close();
}, 120_000);

it('desktop, English: the tournaments with places, points and prizes', async () => {
  const { tab, errors } = await open(1280, 'en');
  const section = tab.locator('.player-tournaments');
  await section.getByText('14th of 22 · 6 points · 4 games').waitFor({ timeout: 30_000 });
  await section.getByText('Prize: 10,000 chips').waitFor();
  await section.scrollIntoViewIfNeeded();
  await screenshot(tab, 'player-tournaments-desktop-en.png');
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  await tab.context().close();
}, 120_000);
