/**
 * A shared review in Chromium (docs/sharing.md): a finished solo game's replay is shared with its Share button (the
 * link made by the server, copied), and the link opened in a fresh browser context — no storage, no account — shows
 * the game with its analysis of the sharer's seat; the page carries the preview tags; an unknown link says so.
 */
import {
  applyMove,
  dealRandom,
  legalMoves,
  makeRecord,
  newGame,
  seatsToAct,
  seededRandom,
  unwrap,
  type GameState,
} from '@hearts/engine';
import { describe, expect, it } from 'vitest';
import { shotsIn, watchErrors, withGameServer } from './harness';

const app = withGameServer({ LIMIT_SHARES: '1000000/1', LIMIT_SHARE_VIEWS: '1000000/1' });
const shot = shotsIn('share');

/** A finished one-hand game: every seat plays its first legal card. */
function finishedGame(seed: number): GameState {
  let g = dealRandom(unwrap(newGame({ handsToPlay: 1 })), seededRandom(seed));
  while (g.phase !== 'gameOver') {
    const seat = seatsToAct(g)[0]!;
    const legal = legalMoves(g, seat).toArray();
    g =
      g.phase === 'moon'
        ? unwrap(applyMove(g, seat, { kind: 'moon', choice: 'minus' }))
        : g.phase === 'pass'
          ? unwrap(applyMove(g, seat, { kind: 'pass', cards: legal.slice(0, 3) }))
          : unwrap(applyMove(g, seat, { kind: 'play', card: legal[0]! }));
  }
  return g;
}

describe('a shared review', () => {
  it('is made by the Share button and opens in a fresh browser with its analysis', async () => {
    const game = finishedGame(5);
    const entry = {
      id: 'e2e-share',
      startedAt: 1,
      endedAt: 2,
      level: 'hard',
      record: makeRecord(game, ['You', 'Bot 1 (hard)', 'Bot 2 (hard)', 'Bot 3 (hard)']),
      scores: game.scores,
      winners: game.winners,
    };
    const sharer = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await sharer.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await sharer.addInitScript(
      ([history, settings]) => {
        if (!localStorage.getItem('hearts.history'))
          localStorage.setItem('hearts.history', history as string);
        if (!localStorage.getItem('hearts.settings'))
          localStorage.setItem('hearts.settings', settings as string);
      },
      [JSON.stringify([entry]), JSON.stringify({ lang: 'en' })],
    );
    const page = await sharer.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/#/replay/e2e-share`);
    await page.getByRole('button', { name: 'Share' }).click();
    const field = page.locator('.share-note input.share-link');
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${app.url}/r/r[a-z2-9]{10}$`));
    expect(await page.locator('.share-note').textContent()).toContain('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shot(page, 'share-desktop-1440x900-en.png');
    expect(errors).toEqual([]);

    // Someone else, in a browser that never saw the app: the game, every hand open, and its analysis.
    const reader = await app.browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
      locale: 'de-DE',
    });
    const other = await reader.newPage();
    const otherErrors = watchErrors(other);
    await other.goto(link);
    await other.waitForURL(/\/#\/shared\/r[a-z2-9]{10}\/analysis$/);
    expect(await other.locator('meta[property="og:image"]').getAttribute('content')).toBe(`${link}.png`);
    expect(await other.locator('meta[property="og:title"]').getAttribute('content')).toMatch(/gewinnt mit/);
    await other.locator('.replay-screen').waitFor();
    expect(await other.locator('.replay-title').textContent()).toBe('Geteiltes Spiel');
    expect(await other.locator('.replay-seat').count()).toBe(4);
    expect(await other.locator('.replay-seat .mini-hand .card').count()).toBe(52); // every hand, as dealt
    await other.locator('.analysis-running progress').waitFor(); // the analysis starts by itself
    expect(await other.getByRole('button', { name: 'Teilen' }).count()).toBe(0); // only its player shares it

    // With the test's budget the analysis ends, and the sharer's seat (the player, "You") is the one analysed.
    await other.goto(`${link}?analysisDeals=100`);
    await other.locator('.analysis-summary').waitFor({ timeout: 180_000 });
    await shot(other, 'shared-phone-360x740-de.png');
    expect(otherErrors).toEqual([]);

    // A link to nothing says so, and leads to the start screen.
    await other.goto(`${app.url}/r/rnothing22`);
    await other.getByText('Dieses geteilte Spiel gibt es nicht (mehr)').waitFor();
    await other.getByRole('button', { name: 'Zum Startbildschirm' }).click();
    await other.locator('.start-screen').waitFor();
    await reader.close();
    await sharer.close();
  }, 300_000);
});
