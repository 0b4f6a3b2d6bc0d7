// @vitest-environment happy-dom
/**
 * The puzzle pages against a stubbed server: a pass puzzle is answered by choosing one of the offered sets (a tap
 * on a card chooses a set with it, the pass button sends exactly that set), the verdict lists every option best
 * first with the answer marked, and the device's copy of the rating moves; a storm waits to be started and then
 * shows its clock on the server's time, never above three minutes; without a server the home shows the rating the
 * device kept.
 */
import {
  dealRandom,
  newGame,
  observation,
  seededRandom,
  type CardName,
  type Observation,
} from '@hearts/engine';
import type { PuzzleAnswerView, PuzzleOfferView } from '@hearts/protocol/http/puzzles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../../kit/storage';
import { jsonResponse as json, renderInApp, stubApi, type ApiCall } from '../../test-support';
import { fromServer, loadPuzzles, savePuzzles } from './device';
import PuzzlesScreen from './PuzzlesScreen';

const game = newGame({});
if (!game.ok) throw new Error('no game');
const obs: Observation = observation(dealRandom(game.value, seededRandom('puzzle-screen')), 0);
const sets: CardName[][] = [obs.hand.slice(0, 3), obs.hand.slice(3, 6), obs.hand.slice(6, 9)];
/** Three cards another seat holds: what the line's deal gives the seat. */
const received = [...'23456789TJQKA']
  .flatMap((r) => [...'CDSH'].map((suit) => `${r}${suit}` as CardName))
  .filter((c) => !obs.hand.includes(c))
  .slice(0, 3);
const user = { id: 'ug', name: 'Gast 1', claimed: false, rating: 1500, provisional: true, games: 0 };
const TOKEN = 'h2.ug.0.1767225600.MAC';

const offer = (mode: 'daily' | 'storm', run: PuzzleOfferView['run'] = null): PuzzleOfferView => ({
  offer: 'po1',
  mode,
  rated: mode !== 'storm',
  puzzle: { id: 'p0123456789abcdef', kind: 'pass', observation: obs, choices: sets, rating: 1480 },
  run,
});

const answer = (move: readonly CardName[]): PuzzleAnswerView => {
  const options = [sets[1]!, sets[0]!, sets[2]!].map((s, i) => ({ move: s, cards: s, points: 4 + 1.5 * i }));
  return {
    right: move.every((c) => sets[1]!.includes(c)),
    option: options.findIndex((o) => o.move.every((c) => move.includes(c))),
    solution: sets[1]!,
    options,
    gap: 1.5,
    themes: ['pass'],
    received,
    lines: options.map(() => []),
    points: options.map(() => [0, 0, 0, 0]),
    rating: { before: 1500, after: 1390 },
    puzzleRating: { before: 1480, after: 1530 },
    run: null,
  };
};

let calls: ApiCall[] = [];
beforeEach(() => {
  calls = [];
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const storeWithToken = () => {
  const store = memoryStore();
  store.set('hearts.live.token', TOKEN);
  return store;
};

describe('the puzzle pages', () => {
  it('a pass puzzle: a set chosen and passed, judged by the server, explained; the device’s rating moves', async () => {
    const store = storeWithToken();
    stubApi((call) => {
      calls.push(call);
      if (call.path === '/api/me') return json({ user, moderator: false });
      if (call.path === '/api/puzzles/next') return json(offer('daily'));
      if (call.path === '/api/puzzles/answers/po1')
        return json(answer((call.body as { move: CardName[] }).move));
      return undefined;
    });
    renderInApp(<PuzzlesScreen rest="daily" />, { lang: 'en', store });
    await screen.findByText('Which of these passes is best? Choose one.', {}, { timeout: 20_000 });
    expect(calls.find((c) => c.path === '/api/puzzles/next')?.body).toEqual({ mode: 'daily' });
    const pass = document.querySelector<HTMLButtonElement>('.pass-btn')!;
    expect(pass.disabled).toBe(true);
    // A tap on a card of the third set chooses it; then the first set by its button.
    fireEvent.click(document.querySelector(`[data-card="${sets[2]![1]}"]`)!);
    expect(
      document.querySelector(`[data-choice="${sets[2]!.join(' ')}"]`)!.getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(document.querySelector(`[data-choice="${sets[0]!.join(' ')}"]`)!);
    expect(pass.disabled).toBe(false);
    fireEvent.click(pass);
    await waitFor(() => expect(document.querySelector('.puzzle-verdict[data-right="false"]')).not.toBeNull());
    expect(calls.find((c) => c.path === '/api/puzzles/answers/po1')?.body).toEqual({ move: sets[0] });
    const options = [...document.querySelectorAll('.puzzle-options li')];
    expect(options.map((o) => o.getAttribute('data-option'))).toEqual(
      [sets[1]!, sets[0]!, sets[2]!].map((s) => s.join(' ')),
    );
    expect(options[1]!.className).toContain('yours');
    expect(options[0]!.className).toContain('best');
    expect(screen.getByText(/Your rating: 1500 → 1390/)).toBeTruthy();
    // The line starts with the hand after passing, the cards received on that deal in it.
    expect(screen.getByText(/Received on this deal:/)).toBeTruthy();
    expect(loadPuzzles(store)).toMatchObject({
      user: 'ug',
      rating: { rating: 1390, attempts: 1, solved: 0 },
    });
  });

  it('a storm waits to be started, then counts down on the server’s time from three minutes', async () => {
    const store = storeWithToken();
    stubApi((call) => {
      calls.push(call);
      if (call.path === '/api/me') return json({ user, moderator: false });
      if (call.path === '/api/puzzles/runs')
        return json({ id: 'pr1', mode: 'storm', score: 0, over: false, endsAt: 9_180_000, now: 9_000_000 });
      if (call.path === '/api/puzzles/next')
        // The offer comes 2 s into the storm by the server's clock.
        return json(
          offer('storm', {
            id: 'pr1',
            mode: 'storm',
            score: 0,
            over: false,
            endsAt: 9_180_000,
            now: 9_002_000,
          }),
        );
      return undefined;
    });
    renderInApp(<PuzzlesScreen rest="storm" />, { lang: 'de', store });
    const start = await screen.findByRole('button', { name: 'Los' }, { timeout: 20_000 });
    expect(calls.some((c) => c.path === '/api/puzzles/runs')).toBe(false);
    fireEvent.click(start);
    const clock = await screen.findByRole('timer');
    expect(calls.find((c) => c.path === '/api/puzzles/next')?.body).toEqual({ mode: 'storm', run: 'pr1' });
    expect(Number(clock.getAttribute('data-left'))).toBeLessThanOrEqual(178_000);
    expect(clock.textContent).toMatch(/^noch 2:5\d$/);
    expect(store.get('hearts.puzzles.run.storm')).toBe(JSON.stringify({ id: 'pr1', user: 'ug' }));
  });

  it('the home shows the rating this device kept while the server cannot be reached', async () => {
    const store = storeWithToken();
    const rating = { rating: 1612, provisional: true, attempts: 7, solved: 5, streakBest: 4, stormBest: 11 };
    savePuzzles(store, fromServer('ug', { rating, history: [] }));
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderInApp(<PuzzlesScreen rest="" />, { lang: 'de', store });
    expect(await screen.findByText('1612?', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('5 von 7 gelöst · beste Serie 4 · bester Sturm 11')).toBeTruthy();
    expect(await screen.findByText(/Wie zuletzt auf diesem Gerät gesehen/)).toBeTruthy();
  });
});
