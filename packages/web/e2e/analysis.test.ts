/**
 * The analysis in Chromium: a solo game finished at the table, its analysis opened from the result screen (a Web
 * Worker with a progress bar, a small budget for the test), the same marks as the library's own analysis of that
 * record, a step to a mistake with the better card on the table, and the analysis kept for the next visit. And a
 * whole game to 100 with the full budget: its first marks on screen while the analysis still runs.
 */
import { analyzeGame } from '@hearts/bots';
import {
  applyMove,
  dealRandom,
  legalMoves,
  makeCard,
  newGame,
  observation,
  seededRandom,
  unwrap,
  type GameState,
  toPlay,
} from '@hearts/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reducedBudget } from '../src/features/analysis/client';
import { cardLabel } from '../src/kit/cards';
import { CURRENT_KEY, historyEntry, saveSession } from '../src/features/solo/session';
import { HISTORY_KEY, addToHistory } from '../src/kit/records';
import { memoryStore } from '../src/kit/storage';
import { playGame } from '../src/testing';
import { clickCard, screenshot, watchErrors, withApp } from './harness';

const app = withApp(300_000);

/** Deals per decision: the test's budget (the real one is measured by scripts/perf.js --analysis). */
const DEALS = 150;

/**
 * A one-hand game (it ends after the hand) where seat 0 passes its lowest cards and always plays its highest legal
 * card — plenty of mistakes — stopped when seat 0 is to play the last card of the hand.
 */
function lastCardToPlay(seed: number): GameState {
  let state = dealRandom(unwrap(newGame({ handsToPlay: 1 })), seededRandom(seed));
  for (;;) {
    if (state.phase === 'pass') {
      const seat = state.log[0]!.passes!.findIndex((p) => p === null);
      const legal = legalMoves(state, seat).toArray();
      state = unwrap(applyMove(state, seat, { kind: 'pass', cards: legal.slice(0, 3) }));
      continue;
    }
    if (state.phase === 'moon') {
      state = unwrap(applyMove(state, state.moonShooter!, { kind: 'moon', choice: 'minus' }));
      continue;
    }
    const seat = toPlay(state)!;
    const legal = legalMoves(state, seat).toArray();
    if (seat === 0 && observation(state, 0).hand.length === 1) return state;
    state = unwrap(applyMove(state, seat, { kind: 'play', card: seat === 0 ? legal.at(-1)! : legal[0]! }));
  }
}

/**
 * The cards of the player's hand on the replay board whose corner (rank and suit, top left) something else
 * covers: none, when every card of the hand can be read.
 */
function coveredHandCards(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.replay-seat.seat-bottom .card.mini')].flatMap((card) => {
      const r = card.getBoundingClientRect();
      const top = document.elementFromPoint(
        r.left + Math.min(6, r.width / 4),
        r.top + Math.min(8, r.height / 5),
      );
      return top && (top === card || card.contains(top)) ? [] : [card.textContent ?? '?'];
    }),
  );
}

/** The analysis the page keeps, read from its store. */
async function kept(page: Page) {
  return page.evaluate(() => {
    const all = JSON.parse(localStorage.getItem('hearts.analyses') ?? '[]') as {
      seat: number;
      decisions: { kind: string; mark: string | null; cost: number; bestCards: string[] }[];
    }[];
    return all[0]!;
  });
}

describe('the analysis of a finished solo game', () => {
  it('runs in a worker with a progress bar, marks the decisions and steps to a mistake with the better card', async () => {
    const state = lastCardToPlay(11);
    const store = memoryStore();
    saveSession(store, { id: 'e2e-analysis', startedAt: 1, level: 'hard', state, seeds: [null] });
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(
      ([game, settings]) => {
        if (!localStorage.getItem('hearts.current') && !localStorage.getItem('hearts.history'))
          localStorage.setItem('hearts.current', game as string);
        if (!localStorage.getItem('hearts.settings'))
          localStorage.setItem('hearts.settings', settings as string);
        // Whether the progress bar was ever on the page (it may be gone by the time the test looks).
        new MutationObserver(() => {
          if (document.querySelector('.analysis-running progress'))
            (window as unknown as { sawProgress: boolean }).sawProgress = true;
        }).observe(document, { subtree: true, childList: true });
      },
      [store.get(CURRENT_KEY)!, JSON.stringify({ lang: 'en', level: 'hard' })],
    );
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/?speed=instant&botMs=5&analysisDeals=${DEALS}#/play`);
    await page.locator('.table-screen[data-phase="play"]').waitFor();
    await clickCard(page, makeCard(legalMoves(state, 0).toArray()[0]!)); // the last card in the hand
    await page.getByRole('button', { name: 'Analysis', exact: true }).click();
    await page.waitForURL(/#\/replay\/e2e-analysis\/analysis$/);
    await page.locator('.analysis-summary').waitFor({ timeout: 180_000 });
    expect(await page.evaluate(() => (window as unknown as { sawProgress?: boolean }).sawProgress)).toBe(
      true,
    );

    // The same marks as the library's analysis of the stored record with the same budget and seed.
    const record = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('hearts.history')!) as { record: unknown }[])[0]!.record,
    );
    const mine = unwrap(await analyzeGame(record, { seats: [0], seed: 1, ...reducedBudget(DEALS) }));
    const analysis = await kept(page);
    expect(analysis.decisions.map((d) => [d.kind, d.mark, d.cost])).toEqual(
      mine.decisions.map((d) => [d.kind, d.mark, d.cost]),
    );
    const marked = analysis.decisions.filter((d) => d.mark !== null);
    expect(marked.length).toBeGreaterThan(0);
    expect(await page.locator('.move-list .move[data-mark]').count()).toBe(marked.length);

    // Step to the first marked card played: the better card is on the table in front of the player.
    const firstPlay = marked.findIndex((d) => d.kind === 'play');
    expect(firstPlay).toBeGreaterThanOrEqual(0);
    await page.getByRole('button', { name: 'Next mark' }).click();
    for (let i = 0; i < firstPlay; i++) await page.keyboard.press('n');
    await expect
      .poll(() => page.locator('.mistake-at').textContent())
      .toBe(`${firstPlay + 1} of ${marked.length}`);
    const better = marked[firstPlay]!.bestCards;
    const table = await page.locator('.replay-board .trick').getAttribute('aria-label');
    expect(table).toContain(`You: ${cardLabel(better[0] as never, 'en')}`);
    expect(await page.locator('.replay-board .trick-card.better-card.at-bottom').count()).toBe(1);
    // The hand with the card played outlined hides none of its cards (outlined cards once covered the corner of
    // the card to their right).
    expect(await page.locator('.replay-seat.seat-bottom .card.mini.played-card').count()).toBe(1);
    expect(await coveredHandCards(page)).toEqual([]);
    expect(await page.locator('.focus-line').textContent()).toMatch(
      /(Mistake|Blunder|Inaccuracy): Trick \d+:/,
    );
    await screenshot(page, 'analysis-replay-desktop-1280x800-en.png');

    // Kept with the game: the history's replay shows it at once, without a worker.
    await page.goto(`${app.url}/?analysisDeals=${DEALS}#/history`);
    await page.getByRole('button', { name: 'Analysis', exact: true }).first().click();
    await page.locator('.analysis-summary').waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { sawProgress?: boolean }).sawProgress),
    ).toBeFalsy();
    expect(await page.locator('.move-list .move[data-mark]').count()).toBe(marked.length);

    // A marked card in the middle of the hand: the kept analysis marks a card played early in the hand (with cards
    // of other suits to its right) as a mistake with a better card beside it; every card of the hand stays readable.
    const middle = await page.evaluate(() => {
      type Kept = { kind: string; forced: boolean; played: unknown; mark: string | null; cost: number };
      const all = JSON.parse(localStorage.getItem('hearts.analyses')!) as { decisions: Kept[] }[];
      const i = all[0]!.decisions.findIndex(
        (d) => d.kind === 'play' && !d.forced && typeof d.played === 'string' && !d.played.endsWith('H'),
      );
      Object.assign(all[0]!.decisions[i]!, { mark: 'mistake', cost: 3 });
      localStorage.setItem('hearts.analyses', JSON.stringify(all));
      return i;
    });
    expect(middle).toBeGreaterThanOrEqual(0);
    await page.reload();
    await page.locator('.move-list .move').nth(middle).click();
    const right = '.replay-seat.seat-bottom .card.mini:is(.played-card, .better-card) + .card.mini';
    expect(await page.locator(right).count()).toBeGreaterThan(0);
    expect(await coveredHandCards(page)).toEqual([]);
    await screenshot(page, 'analysis-marked-hand-desktop-1280x800-en.png');

    // A phone, in German.
    await page.evaluate(() =>
      localStorage.setItem('hearts.settings', JSON.stringify({ lang: 'de', level: 'hard' })),
    );
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByRole('button', { name: 'Nächste Markierung' }).click();
    for (let i = 0; i < firstPlay; i++) await page.keyboard.press('n');
    await page.locator('.replay-board .trick-card.better-card').waitFor();
    expect(await coveredHandCards(page)).toEqual([]);
    await screenshot(page, 'analysis-replay-phone-360x740-de.png');

    // Cancelled: back to the start, nothing kept (a budget far too big to finish meanwhile).
    await page.evaluate(() => localStorage.removeItem('hearts.analyses'));
    await page.goto(`${app.url}/?analysisDeals=40000#/replay/e2e-analysis`);
    await page.getByRole('button', { name: 'Analysieren' }).click();
    await page.locator('.analysis-running progress').waitFor();
    await screenshot(page, 'analysis-running-phone-360x740-de.png');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await page.getByRole('button', { name: 'Analysieren' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('hearts.analyses'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});

describe('a whole game’s analysis, as a player waits for it', () => {
  it('shows the first marks and the time left while the analysis still runs; they are the final marks', async () => {
    // A game to 100 of random bots (mistakes in every hand), in the history; its analysis with the full budget.
    const store = memoryStore();
    const state = playGame(3, {});
    addToHistory(store, historyEntry({ id: 'e2e-whole', startedAt: 1, level: 'hard', state, seeds: [] }, 2));
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(
      ([history, settings]) => {
        if (!localStorage.getItem('hearts.analyses'))
          localStorage.setItem('hearts.history', history as string);
        localStorage.setItem('hearts.settings', settings as string);
      },
      [store.get(HISTORY_KEY)!, JSON.stringify({ lang: 'en', level: 'hard' })],
    );
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/#/replay/e2e-whole/analysis`);
    // One look at the page finds the analysis running and a mark already on screen beside the time left.
    const seen = await (
      await page.waitForFunction(
        () => {
          const running = document.querySelector('.analysis-panel .analysis-running');
          const marks = [...document.querySelectorAll('.analysis-found li[data-place]')];
          if (!running || marks.length === 0) return null;
          return {
            progress: document.querySelector('.analysis-progress span')?.textContent ?? '',
            left: document.querySelector('.analysis-left')?.textContent ?? '',
            marks: marks.map(
              (m) => `${m.getAttribute('data-place')} ${m.querySelector('.move')?.getAttribute('data-mark')}`,
            ),
          };
        },
        null,
        { timeout: 120_000, polling: 'raf' },
      )
    ).jsonValue();
    expect(seen).not.toBeNull();
    const [done, total] = seen!.progress.match(/\d+/g)!.map(Number);
    expect(done).toBeLessThan(total!);
    expect(seen!.left).toMatch(/^About \d+ seconds? left$/);
    await screenshot(page, 'analysis-first-marks-desktop-1280x800-en.png');

    // The marks shown while it ran are the analysis' final marks.
    await page.locator('.analysis-summary').waitFor({ timeout: 240_000 });
    const final = await page.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem('hearts.analyses')!) as {
            decisions: { mark: string | null; hand: number; kind: string; step: number | null }[];
          }[]
        )[0]!.decisions,
    );
    const finalMarks = final
      .filter((d) => d.mark !== null)
      .map((d) => `${d.hand}:${d.kind}:${d.step ?? '-'} ${d.mark}`);
    expect(seen!.marks.length).toBeGreaterThan(0);
    for (const mark of seen!.marks) expect(finalMarks).toContain(mark);
    expect(errors).toEqual([]);
    await context.close();
  }, 400_000);
});
