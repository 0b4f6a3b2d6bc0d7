import {
  applyMove,
  CardSet,
  deal,
  dealRandom,
  legalMoves,
  newGame,
  seededRandom,
  unwrap,
  type GameState,
  type Rules,
  type Suit,
  toPlay,
} from '@hearts/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CURRENT_KEY, saveSession } from '../src/features/solo/session';
import { memoryStore } from '../src/kit/storage';
import { clickCard, expectClearOfSeats, screenshot, watchErrors, withApp } from './harness';

const app = withApp();

const VIEWS = [
  { name: 'desktop-1440x900', width: 1440, height: 900 },
  { name: 'phone-360x740', width: 360, height: 740 },
] as const;

/** What the result panel says of the hand, and the score table's last row. */
async function readResult(page: Page) {
  return page.locator('.result-panel').evaluate((panel) => {
    const rows = [...panel.querySelectorAll('.score-table tbody tr')];
    const last = rows[rows.length - 1]!;
    const points = [...last.querySelectorAll('td')].map((c) => Number(c.textContent));
    const fact = (name: string) => panel.querySelector(`[data-fact="${name}"]`);
    return {
      hands: rows.length,
      points,
      queen: Number(fact('QS')?.getAttribute('data-seat') ?? -1),
      hearts: [...panel.querySelectorAll('.fact-hearts b')].map((e) => Number(e.textContent)),
      moon: fact('moon')?.textContent ?? null,
      standings: [...panel.querySelectorAll('.standings li')].map((li) => ({
        seat: Number(li.getAttribute('data-seat')),
        place: Number(li.getAttribute('data-place')),
        total: Number(li.querySelector('.total')!.textContent),
      })),
      totals: [...panel.querySelectorAll('tfoot td')].map((e) => Number(e.textContent)),
    };
  });
}

/** Shows the panel in every size and language (the game resumes between hands with its result), then English desktop again. */
async function shootEverywhere(page: Page, what: string): Promise<void> {
  for (const lang of ['en', 'de'] as const) {
    await page.evaluate((l) => {
      const s = JSON.parse(localStorage.getItem('hearts.settings') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('hearts.settings', JSON.stringify({ ...s, lang: l }));
    }, lang);
    for (const v of VIEWS) {
      await page.setViewportSize({ width: v.width, height: v.height });
      await page.reload();
      await page.locator('.result-panel').waitFor();
      await page.locator(`html[lang="${lang}"]`).waitFor();
      await page.locator('.result-panel [data-fact="hearts"]').waitFor();
      if (v.width >= 1000) await expectClearOfSeats(page, '.result-panel');
      await screenshot(page, `result-${what}-${v.name}-${lang}.png`);
    }
  }
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('hearts.settings') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('hearts.settings', JSON.stringify({ ...s, lang: 'en' }));
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await page.locator('.result-panel').waitFor();
}

describe('the result panel in Chromium', () => {
  it('says who took the Q♠ and the hearts per player after each hand, and every place at game over', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/?speed=instant&botMs=5`);
    // A short game: no hand but a moon ends it at once (25 points at most without one), so a hand's result shows.
    await page.evaluate(() =>
      localStorage.setItem(
        'hearts.settings',
        JSON.stringify({ lang: 'en', level: 'easy', rules: { targetScore: 30 }, preset: 'custom' }),
      ),
    );
    await page.reload(); // the app reads the settings as it starts
    // Sound on through the settings page: the tap is the gesture that lets the browser play.
    await page.goto(`${app.url}/?speed=instant&botMs=5#/settings`);
    const sound = page.getByRole('checkbox', { name: /Sounds/ });
    expect(await sound.isChecked()).toBe(false);
    await sound.click();
    expect(await sound.isChecked()).toBe(true);
    expect(await page.getByText('Web Audio API').count()).toBe(1); // the credit line
    await page.goto(`${app.url}/?speed=instant&botMs=5#/`);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.locator('.table-screen').waitFor();
    expect(await page.locator('.bot-badge').first().textContent()).toContain('Easy');

    let shotHand = false;
    let hands = 0;
    for (let i = 0; i < 6000; i++) {
      const panel = page.locator('.result-panel');
      if (await panel.isVisible()) {
        const r = await readResult(page);
        expect(r.hands).toBe(hands + 1);
        hands = r.hands;
        // The facts agree with the score table: 13 hearts in all, the Q♠ with a seat, and without a moon each
        // seat's points are its hearts plus 13 for the Q♠.
        expect(r.hearts).toHaveLength(4);
        expect(r.hearts.reduce((a, b) => a + b, 0)).toBe(13);
        expect(r.queen).toBeGreaterThanOrEqual(0);
        if (r.moon === null)
          r.points.forEach((p, s) => expect(p).toBe(r.hearts[s]! + (s === r.queen ? 13 : 0)));
        else expect(r.moon).toMatch(/shot the moon! (Everyone else \+26|.* −26)\./);
        const over = await page.getByRole('button', { name: 'Play again' }).isVisible();
        if (over) {
          // Every place, lowest total first, ties sharing a place.
          expect(r.standings).toHaveLength(4);
          const bySeat = [...r.standings].sort((a, b) => a.seat - b.seat);
          expect(bySeat.map((x) => x.total)).toEqual(r.totals);
          for (const x of r.standings) expect(x.place).toBe(1 + r.totals.filter((t) => t < x.total).length);
          expect(r.standings.map((x) => x.total)).toEqual([...r.totals].sort((a, b) => a - b));
          expect(Math.max(...r.totals)).toBeGreaterThanOrEqual(30);
          expect(Math.max(...r.totals)).toBeLessThan(30 + 26);
          await shootEverywhere(page, 'game-over');
          expect((await readResult(page)).standings).toEqual(r.standings); // the same after a reload
          break;
        }
        expect(r.standings).toEqual([]);
        if (!shotHand) {
          await shootEverywhere(page, 'hand');
          expect(await readResult(page)).toEqual(r); // a reload between hands shows the very same result
          shotHand = true;
        }
        await page.getByRole('button', { name: 'Next hand' }).click();
        await panel.waitFor({ state: 'hidden' });
        continue;
      }
      const pass = page.getByRole('button', { name: 'Pass cards' });
      if (await pass.isVisible()) {
        const cards = await page
          .locator('[data-card]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));
        for (const c of cards.slice(-3)) await clickCard(page, c);
        await pass.click();
        await page.locator('.table-screen[data-phase="play"]').waitFor();
        continue;
      }
      const moon = page.getByRole('dialog');
      if (await moon.isVisible()) {
        await moon.getByRole('button').first().click();
        continue;
      }
      if ((await page.locator('.player-bar.turn').count()) > 0) {
        const legal = page.locator('[data-card]:not([aria-disabled="true"])');
        if ((await legal.count()) > 0) {
          await clickCard(page, (await legal.first().getAttribute('data-card'))!);
          continue;
        }
      }
      await page.waitForTimeout(15);
    }
    expect(shotHand).toBe(true);
    expect(await page.getByRole('button', { name: 'Play again' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});

/** A solo game as the app stores it, for the page to resume. */
function savedGame(state: GameState): string {
  const store = memoryStore();
  saveSession(store, { id: 'e2e', startedAt: 1, level: 'hard', state, seeds: state.log.map(() => null) });
  return store.get(CURRENT_KEY)!;
}

/** The player (seat 0, every heart, leading) takes every trick: a moon, with the J♦ and the Q♠. */
function moonHand(rules: Partial<Rules>): GameState {
  const start = unwrap(newGame({ passCards: 0, firstLead: 'dealer', targetScore: 100, ...rules }));
  let state = unwrap(
    deal(
      start,
      [3, 0, 1, 2].map((suit) => CardSet.suit(suit as Suit)),
    ),
  );
  while (state.phase === 'play') {
    const seat = toPlay(state)!;
    state = unwrap(applyMove(state, seat, { kind: 'play', card: legalMoves(state, seat).first()! }));
  }
  return state;
}

/** The first hand of a random game, played out. */
function firstHand(rules: Partial<Rules>, seed: number): GameState {
  const rng = seededRandom(seed);
  let state = dealRandom(unwrap(newGame(rules)), rng);
  while (state.phase !== 'deal') {
    const seat =
      state.phase === 'pass'
        ? state.log[0]!.passes!.findIndex((p) => p === null)
        : state.phase === 'moon'
          ? state.moonShooter!
          : toPlay(state)!;
    const legal = legalMoves(state, seat).toArray();
    const move =
      state.phase === 'pass'
        ? { kind: 'pass' as const, cards: legal.slice(0, state.rules.passCards) }
        : state.phase === 'moon'
          ? { kind: 'moon' as const, choice: 'plus' as const }
          : { kind: 'play' as const, card: legal[0]! };
    state = unwrap(applyMove(state, seat, move));
  }
  return state;
}

describe('a resumed result in Chromium', () => {
  const every = VIEWS.flatMap((view) => (['en', 'de'] as const).map((lang) => ({ view, lang })));
  const two = [
    { view: VIEWS[0], lang: 'en' as const },
    { view: VIEWS[1], lang: 'de' as const },
  ];
  const spot = { players: 3, heartValues: 'rank', queenPoints: 25, targetScore: 500 } as const;
  it.each([
    ['omnibus-moon', moonHand({ jackOfDiamonds: -10, moon: 'shooterMinus26' }), 4, every],
    ['six-players', firstHand({ players: 6, jackOfDiamonds: -10 }, 3), 6, two],
    ['three-players', firstHand(spot, 5), 3, two],
  ] as const)(
    '%s: the details, clear of the side seats',
    async (what, state, players, shots) => {
      expect(state.phase).toBe('deal');
      for (const { view: v, lang } of shots) {
        const context = await app.browser.newContext({ viewport: { width: v.width, height: v.height } });
        const page = await context.newPage();
        const errors = watchErrors(page);
        await context.addInitScript(
          ([game, settings]) => {
            localStorage.setItem('hearts.current', game as string);
            localStorage.setItem('hearts.settings', settings as string);
          },
          [savedGame(state), JSON.stringify({ lang, level: 'hard' })],
        );
        await page.goto(`${app.url}/#/play`);
        await page.locator('.result-panel [data-fact="hearts"]').waitFor();
        expect(await page.locator('.result-panel .fact-hearts').count()).toBe(players);
        if (what === 'omnibus-moon') {
          const moon = (await page.locator('[data-fact="moon"]').textContent()) ?? '';
          expect(moon).toBe(
            lang === 'en' ? '☾ You shot the moon! You −26.' : '☾ Du hast einen Durchmarsch! Du −26.',
          );
          expect(await page.locator('[data-fact="JD"] .fact-shown').textContent()).toBe(
            lang === 'en' ? 'J♦ You −10' : 'B♦ Du −10',
          );
        }
        if (v.width >= 1000) await expectClearOfSeats(page, '.result-panel');
        await screenshot(page, `result-${what}-${v.name}-${lang}.png`);
        expect(errors).toEqual([]);
        await context.close();
      }
    },
    120_000,
  );
});
