import {
  applyMove,
  dealRandom,
  legalMoves,
  makeCard,
  newGame,
  observation,
  seededRandom,
  toPlay,
  unwrap,
  type GameState,
} from '@hearts/engine';
/**
 * Six at the table on a phone (issue #44, item 17): the result panel's score grows by a row each hand; after hand 8
 * it still leaves the side seats in view (its score scrolls in a box of its own), and its button on the screen.
 */
import { describe, expect, it } from 'vitest';
import { CURRENT_KEY, saveSession } from '../src/features/solo/session';
import { memoryStore } from '../src/kit/storage';
import { clickCard, screenshot, withApp } from './harness';

const app = withApp(300_000);

/** A six-player game (to 1000, so that it goes on) stopped when seat 0 is to play the last card of `hand` (from 0). */
function atLastCardOfHand(hand: number): GameState {
  let state = dealRandom(unwrap(newGame({ players: 6, targetScore: 1000 })), seededRandom(3));
  for (let i = 0; i < 5000; i++) {
    if (state.phase === 'deal') {
      state = dealRandom(state, seededRandom(100 + i));
      continue;
    }
    if (state.phase === 'pass') {
      const seat = state.log.at(-1)!.passes!.findIndex((p) => p === null);
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
    if (seat === 0 && state.handNumber === hand && observation(state, 0).hand.length === 1) return state;
    state = unwrap(applyMove(state, seat, { kind: 'play', card: legal[0]! }));
  }
  throw new Error('not reached');
}

describe('six at the table on a phone', () => {
  it('the result of hand 8 leaves the side seats in view, its score scrolling to the newest hand', async () => {
    const state = atLastCardOfHand(7);
    const store = memoryStore();
    saveSession(store, {
      id: 'six',
      startedAt: 1,
      level: 'easy',
      state,
      seeds: Array.from({ length: 8 }, () => null),
    });
    for (const lang of ['de', 'en']) {
      const context = await app.browser.newContext({ viewport: { width: 360, height: 740 } });
      await context.addInitScript(
        ([game, settings]) => {
          if (!localStorage.getItem('hearts.current')) localStorage.setItem('hearts.current', game as string);
          if (!localStorage.getItem('hearts.settings'))
            localStorage.setItem('hearts.settings', settings as string);
        },
        [
          store.get(CURRENT_KEY)!,
          JSON.stringify({ lang, level: 'easy', rules: { players: 6, targetScore: 1000 } }),
        ],
      );
      const page = await context.newPage();
      await page.goto(`${app.url}/?speed=instant&botMs=5#/play`);
      await page.locator('.table-screen[data-phase="play"]').waitFor();
      await clickCard(page, makeCard(legalMoves(state, 0).toArray()[0]!));
      await page.locator('.result-panel').waitFor();
      await page.waitForTimeout(600);
      await screenshot(page, `six-result-phone-360x740-${lang}.png`);
      const seen = await page.evaluate(() => {
        const panel = document.querySelector('.result-panel')!.getBoundingClientRect();
        const seats = [...document.querySelectorAll('.seat-left, .seat-right')];
        return {
          covered: seats.filter((s) => s.getBoundingClientRect().bottom > panel.top).length,
          seats: seats.length,
          panelOnScreen: panel.bottom <= innerHeight,
          lastRowShown: (() => {
            const box = document.querySelector('.result-panel .score-table-box')!.getBoundingClientRect();
            const row = document.querySelector('.result-panel tbody tr:last-child')!.getBoundingClientRect();
            return row.top >= box.top && row.bottom <= box.bottom + 1;
          })(),
        };
      });
      expect(seen).toEqual({ covered: 0, seats: 2, panelOnScreen: true, lastRowShown: true });
      await context.close();
    }
  }, 200_000);
});
