/**
 * The puzzles in Chromium, served by the game server with a small library built by `hearts puzzles build` (12
 * puzzles, seed 7): a new player opens the day's puzzle from the start screen, solves it (the answer the library
 * holds, so the test knows it; the server judges it), sees the rating move and steps through the evaluation's line;
 * then plays a streak — right, right, wrong — and sees the rating move with each answer, the streak end, and the
 * new rating on the puzzles' page and the player page, on the device and on the server; then a storm: on the clock,
 * straight from puzzle to puzzle, a wrong answer 10 s off, nothing rated. On a desktop in English
 * and a 360 px phone in German. Screenshots: `puzzles-<desktop|phone>-<lang>-<daily|line|streak|storm>.png`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseLibrary, type Puzzle } from '@hearts/practice/puzzles';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickCard, DEVICES, screenshot, WEB_DIR, watchErrors, withGameServer } from './harness';

const LIBRARY = join(mkdtempSync(join(tmpdir(), 'hearts-e2e-puzzles-')), 'puzzles.jsonl.gz');
execFileSync(
  process.execPath,
  [
    resolve(WEB_DIR, '..', 'cli', 'bin', 'hearts.js'),
    ...['puzzles', 'build', '--out', LIBRARY, '--count', '12', '--seed', '7', '--workers', '1'],
  ],
  { stdio: 'ignore' },
);
const library = parseLibrary(gunzipSync(readFileSync(LIBRARY)).toString('utf8'));
if (!library.ok) throw new Error(library.error);
const byId = new Map(library.value.puzzles.map((p) => [p.id, p]));

const app = withGameServer({ PUZZLES_FILE: LIBRARY, LIMIT_PUZZLES: '1000000/1' }, 300_000);

const WORDS = {
  en: {
    link: /^Daily puzzle/,
    next: 'Next play',
    all: 'All puzzles',
    streak: /^Streak/,
    start: 'Start',
  },
  de: {
    link: /^Rätsel des Tages/,
    next: 'Nächste Karte',
    all: 'Alle Rätsel',
    streak: /^Serie/,
    start: 'Los',
  },
} as const;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((c) => b.includes(c));

/** The puzzle on the table (the server offered it; the test reads its answer from the library). */
async function shownPuzzle(page: Page): Promise<Puzzle> {
  const id = await page.locator('.puzzle-bar').getAttribute('data-puzzle');
  const p = byId.get(id!);
  if (!p) throw new Error(`puzzle ${id} is not in the library`);
  return p;
}

/** Answers the puzzle on the table: its solution, or (`right` false) the worst option; waits for the verdict. */
async function answer(page: Page, device: 'desktop' | 'phone', p: Puzzle, right: boolean): Promise<void> {
  await choose(page, device, p, right);
  await page.locator(`.puzzle-verdict[data-right="${right}"]`).waitFor();
}

/** Plays or passes the puzzle's solution, or (`right` false) its worst option. */
async function choose(page: Page, device: 'desktop' | 'phone', p: Puzzle, right: boolean): Promise<void> {
  const move = right ? p.solution : p.options[p.options.length - 1]!.move;
  if (p.kind === 'pass') {
    const choice = p.choices!.find((c) => sameSet(c, move))!;
    await page.locator(`.puzzle-choices [data-choice="${choice.join(' ')}"]`).click();
    await page.locator('.pass-btn').click();
  } else {
    await clickCard(page, move[0]!);
    if (device === 'phone') await clickCard(page, move[0]!); // a touch screen raises the card first
  }
}

/** The rating's move the page shows: before and after. */
async function ratingMove(page: Page): Promise<{ before: number; after: number }> {
  const change = page.locator('.puzzle-change');
  return {
    before: Number(await change.getAttribute('data-before')),
    after: Number(await change.getAttribute('data-after')),
  };
}

describe.each([
  ['desktop', 'en'],
  ['phone', 'de'],
] as const)('puzzles on a %s in %s', (device, lang) => {
  it('solves the day’s puzzle, plays a streak and sees the rating move', async () => {
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

    // The day's puzzle from the start screen: solved, the rating up from a new player's 1500.
    await page.getByRole('button', { name: words.link }).click();
    await page.locator('.puzzle-bar[data-mode="daily"]').waitFor({ timeout: 30_000 });
    const daily = await shownPuzzle(page);
    const served = (await (await fetch(`${app.url}/api/puzzles/daily`)).json()) as { puzzle: { id: string } };
    expect(daily.id).toBe(served.puzzle.id);
    await screenshot(page, `puzzles-${device}-${lang}-daily.png`);
    await answer(page, device, daily, true);
    const first = await ratingMove(page);
    expect(first.before).toBe(1500);
    expect(first.after).toBeGreaterThan(1500);
    // Every option with its expected points, best first, the answer marked as the best.
    const options = page.locator('.puzzle-options li');
    expect(await options.count()).toBe(daily.options.length);
    expect(await options.first().getAttribute('class')).toContain('yours');
    expect(Number(await options.first().getAttribute('data-points'))).toBe(daily.options[0]!.points);

    // The line: shown at the trick the answer went to, stepped on, card by card on the table.
    const step = page.locator('.puzzle-step');
    const at = Number(await step.getAttribute('data-step'));
    const trick = () => page.locator('.trick').first().getAttribute('aria-label');
    const before = await trick();
    await page.getByRole('button', { name: words.next }).click();
    await page.locator(`.puzzle-step[data-step="${at + 1}"]`).waitFor();
    expect(await trick()).not.toEqual(before);
    await screenshot(page, `puzzles-${device}-${lang}-line.png`);

    // A streak: right, right, wrong; each answer moves the rating, the wrong one ends the streak.
    await page.getByRole('button', { name: words.all }).click();
    await page.getByRole('button', { name: words.streak }).click();
    await page.getByRole('button', { name: words.start, exact: true }).click();
    let rating = first.after;
    let previous: string | null = null;
    for (const right of [true, true, false]) {
      // The next puzzle on the table (after "next" the last one's bar stays until the server's offer arrives).
      await page
        .locator(
          previous === null
            ? '.puzzle-bar[data-mode="streak"]'
            : `.puzzle-bar[data-mode="streak"]:not([data-puzzle="${previous}"])`,
        )
        .waitFor();
      const p = await shownPuzzle(page);
      previous = p.id;
      await answer(page, device, p, right);
      const move = await ratingMove(page);
      expect(move.before).toBe(rating);
      if (right) expect(move.after).toBeGreaterThan(move.before);
      else expect(move.after).toBeLessThan(move.before);
      rating = move.after;
      if (right) await page.locator('.puzzle-next').click();
    }
    await page.locator('.puzzle-run-over[data-score="2"]').waitFor();
    await screenshot(page, `puzzles-${device}-${lang}-streak.png`);

    // The new rating: on the puzzles' page, on the device, on the server, and on the player page's graph.
    await page.getByRole('button', { name: words.all }).click();
    await page.locator(`.puzzle-rating[data-rating="${rating}"]`).waitFor();
    const kept = JSON.parse((await page.evaluate(() => localStorage.getItem('hearts.puzzles')))!) as {
      rating: { rating: number; streakBest: number };
      history: unknown[];
    };
    expect(kept.rating).toMatchObject({ rating, streakBest: 2 });
    expect(kept.history).toHaveLength(4);
    const me = (await (
      await fetch(`${app.url}/api/puzzles/players/me`, {
        headers: { authorization: `Bearer ${guest.token}` },
      })
    ).json()) as { rating: { rating: number }; history: { rating: number }[] };
    expect(me.rating.rating).toBe(rating);
    expect(me.history.map((h) => h.rating)).toEqual([
      first.after,
      ...me.history.slice(1).map((h) => h.rating),
    ]);
    await page.goto(`${app.url}/#/profile`);
    await page.locator(`[data-puzzle-rating="${rating}"]`).waitFor({ timeout: 30_000 });
    expect(await page.locator('.puzzle-graph').getAttribute('data-points')).toBe('5'); // 1500, then 4 answers

    // A storm: on the clock, straight from puzzle to puzzle; a wrong answer takes 10 s off; nothing is rated.
    await page.goto(`${app.url}/#/puzzles/storm`);
    await page.getByRole('button', { name: words.start, exact: true }).click();
    const clock = page.locator('.puzzle-clock');
    await clock.waitFor();
    const left = async () => Number(await clock.getAttribute('data-left'));
    expect(await left()).toBeLessThanOrEqual(180_000);
    expect(await left()).toBeGreaterThan(120_000);
    for (const [score, right] of [
      [1, true],
      [2, true],
      [2, false],
    ] as const) {
      const p = await shownPuzzle(page);
      const before = await left();
      await choose(page, device, p, right);
      await page.locator(`.puzzle-score[data-score="${score}"]`).waitFor();
      await page.locator(`.puzzle-bar:not([data-puzzle="${p.id}"])`).waitFor(); // the next one, no explanation
      expect(await page.locator('.puzzle-verdict').count()).toBe(0);
      if (!right) {
        await page.locator('.puzzle-flash.wrong').waitFor();
        expect(await left()).toBeLessThan(before - 9_000);
      }
    }
    await screenshot(page, `puzzles-${device}-${lang}-storm.png`);
    const after = (await (
      await fetch(`${app.url}/api/puzzles/players/me`, {
        headers: { authorization: `Bearer ${guest.token}` },
      })
    ).json()) as { history: unknown[] };
    expect(after.history).toHaveLength(4);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
