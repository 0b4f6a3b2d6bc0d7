// @vitest-environment happy-dom
/**
 * A past day's page against a stubbed server: your result's rank says no "better than 0 %" on the last place, and
 * once the day is revealed your own game's replay is in your result when the board has no row of yours (a guest, a
 * name claimed during the day) — and only then; in English and German.
 */
import { makeRecord } from '@hearts/engine';
import type { DailyDayPage, DailyRow, DailyYou } from '@hearts/protocol/http/daily';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../../kit/storage';
import { TOKEN_KEY } from '../../kit/server/token';
import { playGame } from '../../testing';
import { jsonResponse, renderInApp, stubApi, type ApiCall } from '../../test-support';
import DailyScreen from './DailyScreen';

const DATE = '2026-12-05';
const record = makeRecord(playGame(24, { handsToPlay: 1 }), ['Gast 4821', 'Bot 1', 'Bot 2', 'Bot 3']);

const row = (rank: number, name: string, more: Partial<DailyRow> = {}): DailyRow => ({
  rank,
  percentile: 0,
  name,
  you: false,
  points: [rank, 0, 0, 0],
  total: rank,
  left: false,
  tableId: `t${rank}`,
  friend: false,
  ...more,
});

const yours = (more: Partial<DailyYou>): DailyYou => ({
  status: 'finished',
  tableId: 'tg',
  points: [7, 0, 0, 0],
  total: 7,
  rank: 7,
  percentile: 0,
  of: 7,
  left: false,
  ranked: true,
  ...more,
});

/** A past day: seven on the board, revealed unless said; `you` as given. */
function dayPage(you: DailyYou, more: Partial<DailyDayPage> = {}): DailyDayPage {
  const rows = [1, 2, 3, 4, 5, 6, 7].map((r) =>
    r === 7 && you.ranked ? row(7, 'Anna', { you: true, tableId: you.tableId }) : row(r, `P${r}`),
  );
  return {
    date: DATE,
    commitment: 'c'.repeat(64),
    over: true,
    revealed: true,
    visible: true,
    hands: 4,
    seat: 0,
    level: 'expert',
    players: rows.length,
    par: [2, 3, 4, 5],
    rows,
    friends: rows.filter((r) => r.you),
    best: [],
    you,
    ...more,
  };
}

let calls: ApiCall[] = [];
/** The server: you (claimed or not), the day as given, every game's replay. */
function serve(day: DailyDayPage, claimed = false): void {
  calls = [];
  stubApi((call) => {
    calls.push(call);
    if (call.path === '/api/me')
      return jsonResponse({
        user: { id: 'u1', name: 'Anna', claimed, rating: 1500, provisional: true, games: 0 },
        moderator: false,
      });
    if (call.path === `/api/daily/days/${DATE}`) return jsonResponse(day);
    if (call.path.startsWith('/api/replays/')) return jsonResponse(record);
    return undefined;
  });
}

function open(lang: 'en' | 'de', navigate: (to: string) => void = () => undefined) {
  const store = memoryStore();
  store.set(TOKEN_KEY, 'u1.mac');
  window.location.hash = `#/daily/${DATE}`;
  renderInApp(<DailyScreen rest={DATE} />, { lang, store, navigate });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('your rank on a day', () => {
  it.each([
    ['en', 'Rank 7 of 7', 'better than'],
    ['de', 'Platz 7 von 7', 'besser als'],
  ] as const)('%s: the last place says its rank, not "better than 0 %"', async (lang, rank, better) => {
    serve(dayPage(yours({})));
    open(lang);
    const line = await screen.findByText(rank);
    expect(line.closest('p')!.textContent).toBe(rank);
    expect(document.body.textContent).not.toContain(better);
  });

  it.each([
    ['en', 'Rank 3 of 7 · better than 67 % of the others'],
    ['de', 'Platz 3 von 7 · besser als 67 % der anderen'],
  ] as const)('%s: any other place says whom it beat', async (lang, text) => {
    serve(dayPage(yours({ rank: 3, percentile: 67, total: 3 }), { rows: [] }));
    open(lang);
    await waitFor(() => expect(document.querySelector('.daily-rank')?.textContent).toBe(text));
  });
});

describe('your own game’s replay once the day is revealed', () => {
  const guest = yours({ ranked: false, rank: 3, percentile: 67, of: 7 });

  it.each([
    ['en', 'Replay your game', 'As a guest you would be number 3 of 8'],
    ['de', 'Dein Spiel nachspielen', 'Als Gast wärst du Platz 3 von 8'],
  ] as const)(
    '%s: a guest, off the board, replays their own game from their result',
    async (lang, button, rank) => {
      serve(dayPage(guest));
      const went: string[] = [];
      open(lang, (to) => went.push(to));
      await screen.findByText(new RegExp(rank));
      expect(document.querySelectorAll('.daily-board tr.you')).toHaveLength(0); // not on the board
      fireEvent.click(screen.getByRole('button', { name: button }));
      await waitFor(() => expect(went).toHaveLength(1));
      expect(calls.filter((c) => c.path.startsWith('/api/replays/')).map((c) => c.path)).toEqual([
        '/api/replays/tg',
      ]);
      // Yours (its mistakes become training positions), from the day's seat, and back to this day.
      expect(went[0]).toBe(`/replay/game/tg?seat=0&mine=1&from=%2Fdaily%2F${DATE}`);
    },
  );

  it('a name claimed during the day is off the board too: its replay is in the result', async () => {
    serve(dayPage(guest), true);
    open('en');
    await screen.findByText(/your name was claimed after this day’s deal began/);
    expect(screen.getByRole('button', { name: 'Replay your game' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Claim your name' })).toBeNull();
  });

  it('on the board your row has the replay: the result has none of its own', async () => {
    serve(dayPage(yours({ rank: 7 })));
    open('en');
    await screen.findByText('Rank 7 of 7');
    await waitFor(() => expect(document.querySelector('.daily-board tr.you .replay')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Replay your game' })).toBeNull();
  });

  it('de: before the reveal there is no replay, only when it opens', async () => {
    serve(dayPage(guest, { revealed: false, rows: [] }));
    open('de');
    await screen.findByText(/Als Gast wärst du Platz 3 von 8/);
    expect(
      screen.getByText(/Die Wiederholung deines Spiels gibt es, sobald der Tag aufgedeckt ist/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Dein Spiel nachspielen' })).toBeNull();
  });
});
