// @vitest-environment happy-dom
import { makeRecord, seededRandom } from '@hearts/engine';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToHistory } from '../kit/records';
import { openReplay, setOpenedFile } from '../kit/replay';
import { type Settings } from '../kit/settings';
import { memoryStore, type KeyValueStore } from '../kit/storage';
import { playGame } from '../testing';
import { CURRENT_KEY, newSession, saveSession } from '../features/solo/session';
import { pages } from './pages';
import { jsonResponse, openApp, stubApi, type ApiCall } from '../test-support';
import { TOKEN_KEY } from '../kit/server/token';

function renderApp(
  hash: string,
  lang: 'de' | 'en',
  prepare: (store: KeyValueStore) => void = () => {},
  rules: Settings['rules'] = {},
) {
  const store = memoryStore();
  prepare(store);
  openApp(hash, { lang, store, settings: { rules }, pages });
}

/** One finished solo game in the history. */
function oneGame(store: KeyValueStore) {
  const state = playGame(21, {});
  addToHistory(store, {
    id: 'g1',
    startedAt: 1,
    endedAt: 2,
    level: 'easy',
    record: makeRecord(state, ['You', 'Bot 1', 'Bot 2', 'Bot 3']),
    scores: [...state.scores],
    winners: [...state.winners],
  });
}

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('routes', () => {
  it('a replay link to a game not in the history says so, not that no game was finished', async () => {
    renderApp('#/replay/gone', 'de', oneGame);
    expect(await screen.findByText(/Dieses Spiel ist nicht \(mehr\) in deinem Verlauf/)).toBeTruthy(); // loaded on demand
    expect(screen.queryByText('Noch kein Spiel beendet.')).toBeNull();
    cleanup();
    // Not there with an empty history either: "not found" (not "no finished game yet"), with the way home.
    renderApp('#/replay/gone', 'en');
    expect(await screen.findByText(/This game is not in your history \(any more\)/)).toBeTruthy();
    expect(screen.queryByText('No finished game yet.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'To the start page' }));
    expect(await screen.findByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('a replay opened from the daily page leads back there, with bots named in German', async () => {
    const state = playGame(22, { handsToPlay: 1 });
    const record = makeRecord(state, [
      'Anna',
      'Bot 1 (bot expert)',
      'Bot 2 (bot expert)',
      'Bot 3 (bot expert)',
    ]);
    const replay = openReplay(record);
    if (!replay.ok) throw new Error('the record did not open');
    setOpenedFile(
      replay.value,
      'd1',
      { seat: 0, game: 'd1' },
      { route: '/daily/2026-12-05', title: 'daily.title' },
    );
    renderApp('#/replay/file', 'de');
    const back = await screen.findByRole('button', { name: '← Tagesspiel' });
    expect(document.body.textContent).toContain('Bot\u00a01 (Experte)');
    expect(document.body.textContent).not.toContain('(bot expert)');
    fireEvent.click(back);
    expect(window.location.hash).toBe('#/daily/2026-12-05');
  });

  it('an unknown route says "not found" at its address, with the way home', async () => {
    renderApp('#/foobar', 'de');
    expect(screen.getByRole('heading', { name: 'Nicht gefunden' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('#/foobar');
    expect(window.location.hash).toBe('#/foobar');
    expect(screen.queryByRole('button', { name: 'Spielen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Zur Startseite' }));
    expect(await screen.findByRole('button', { name: 'Spielen' })).toBeTruthy();
    cleanup();
    renderApp('#/history', 'en');
    expect(window.location.hash).toBe('#/history');
  });
});

describe('a replay of the server’s at an address of its own (#44 item 13)', () => {
  const record = makeRecord(playGame(23, { handsToPlay: 1 }), ['Anna', 'Ben', 'Cleo', 'Dora']);
  /** The server keeps game `id`; the calls it was asked. */
  function server(path: string): ApiCall[] {
    const calls: ApiCall[] = [];
    stubApi((call) => {
      calls.push(call);
      return call.path === path ? jsonResponse(record) : undefined;
    });
    return calls;
  }
  const signedIn = (store: KeyValueStore) => store.set(TOKEN_KEY, 'u1.mac');
  afterEach(() => vi.unstubAllGlobals());

  it('a tournament’s game reopens from its address alone (a reload) and leads back to the standings', async () => {
    const calls = server('/api/replays/tt1');
    renderApp('#/replay/game/tt1?from=%2Ftournaments%2Fa1', 'en');
    const back = await screen.findByRole('button', { name: '← Standings' });
    expect(calls.map((c) => c.path)).toEqual(['/api/replays/tt1']);
    expect(screen.getByRole('region', { name: 'Cleo' })).toBeTruthy();
    // Nobody's seat is known: the reader picks the one to analyse.
    expect(screen.getByRole('combobox')).toBeTruthy();
    fireEvent.click(back);
    expect(window.location.hash).toBe('#/tournaments/a1');
  });

  it('a daily game keeps its seat and leads back to its day, in German', async () => {
    server('/api/replays/dd1');
    renderApp('#/replay/game/dd1?seat=2&mine=1&from=%2Fdaily%2F2026-12-05', 'de', signedIn);
    const back = await screen.findByRole('button', { name: '← Tagesspiel' });
    expect(screen.queryByRole('combobox')).toBeNull(); // the analysis is of the day's player: seat 2, no choice
    fireEvent.click(back);
    expect(window.location.hash).toBe('#/daily/2026-12-05');
  });

  it('your live game is fetched as yours and leads back to your live games; a player page’s to the page', async () => {
    const calls = server('/api/games/ll1/record');
    renderApp('#/replay/live/ll1?seat=0&from=%2Flive%2Fhistory', 'en', signedIn);
    fireEvent.click(await screen.findByRole('button', { name: '← Live games' }));
    expect(calls.map((c) => c.path)).toEqual(['/api/games/ll1/record']);
    expect(window.location.hash).toBe('#/live/history');
    cleanup();
    server('/api/replays/pp1');
    renderApp('#/replay/game/pp1?from=%2Fprofile%2Fu7', 'de');
    fireEvent.click(await screen.findByRole('button', { name: '← Profil' }));
    expect(window.location.hash).toBe('#/profile/u7');
  });

  it('a game the server does not show says so, with the way back to where it was opened from', async () => {
    server('/api/replays/other');
    renderApp('#/replay/game/gone?from=%2Ftournaments%2Fa1', 'en');
    expect((await screen.findByRole('alert')).textContent).toContain('Not found');
    fireEvent.click(screen.getByRole('button', { name: 'Standings' }));
    expect(window.location.hash).toBe('#/tournaments/a1');
  });

  it('a solo game of the history leads back to the history', async () => {
    renderApp('#/replay/g1', 'en', oneGame);
    fireEvent.click(await screen.findByRole('button', { name: '← History' }));
    expect(window.location.hash).toBe('#/history');
  });
});

describe('error texts in the reader’s language', () => {
  it('a record file that breaks a rule is refused in German, with the engine’s reason in German', async () => {
    renderApp('#/history', 'de');
    const state = playGame(4, {});
    const record = makeRecord(state, ['a', 'b', 'c', 'd']);
    const [t0, t1] = record.hands[0]!.tricks;
    record.hands[0]!.tricks[0] = t1!;
    record.hands[0]!.tricks[1] = t0!;
    const input = (await screen.findByLabelText('Spielprotokoll öffnen')) as HTMLInputElement;
    const file = new File([JSON.stringify(record)], 'game.json', { type: 'application/json' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /^Diese Datei lässt sich nicht abspielen: Runde 1, Stich 1: Platz \d spielt /,
    );
    expect(alert.textContent).not.toMatch(/hand|trick|seat|must|ERR_/);
  });
});

describe('the start screen', () => {
  it.each([
    [3, 'spiel gegen 2 Bots.'],
    [4, 'spiel gegen 3 Bots.'],
    [6, 'spiel gegen 5 Bots.'],
  ])('counts the bots of the chosen players (%i)', (players, text) => {
    renderApp('', 'de', () => {}, { players });
    expect(document.querySelector('.tagline')?.textContent).toContain(text);
  });

  it('offers to continue the saved game, read on demand, keeping its place meanwhile', async () => {
    const game = newSession({}, 'easy', seededRandom(5));
    if (!game.ok) throw new Error(game.error.message);
    renderApp('', 'en', (store) => saveSession(store, game.value));
    // The place is kept while session.ts loads and replays the game: the buttons below do not move.
    expect(document.querySelector('.big.pending')).not.toBeNull();
    await waitFor(() => expect(document.querySelector('.big.pending')).toBeNull());
    const go = screen.getByRole('button', { name: /^Continue/ });
    expect(go.textContent).toContain('Hand 1 · you have 0 points');
    fireEvent.click(go);
    expect(window.location.hash).toBe('#/play');
  });

  it('offers nothing to continue when there is no saved game, or it cannot be replayed', async () => {
    renderApp('', 'en');
    expect(document.querySelector('.big.pending')).toBeNull();
    cleanup();
    renderApp('', 'en', (store) => store.set(CURRENT_KEY, '{"v":1,"record":"not a record"}'));
    await waitFor(() => expect(document.querySelector('.big.pending')).toBeNull());
    expect(screen.queryByRole('button', { name: /^Continue/ })).toBeNull();
  });
});
