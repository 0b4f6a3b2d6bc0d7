// @vitest-environment happy-dom
/**
 * A past day's page against a stubbed server: your result's rank says no "better than 0 %" on the last place; in
 * English and German.
 */
import { makeRecord } from '@hearts/engine';
import type { DailyDayPage, DailyRow, DailyYou } from '@hearts/protocol/http/daily';
import { cleanup, screen, waitFor } from '@testing-library/react';
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
