// @vitest-environment happy-dom
import {
  dealRandom,
  newGame,
  publicObservation,
  seededRandom,
  type GameState,
  type Result,
} from '@hearts/engine';
import { TableClient } from '@hearts/live';
import { applyWatchMessage, type LiveState } from '@hearts/table';
import type { WatchMessage } from '@hearts/protocol/socket';
import { cleanup, fireEvent, render, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore } from '../../kit/storage';
import { tableView } from '../../table/view';
import { inApp } from '../../test-support';
import { WatchTable, forWatcher } from './WatchPages';

function unwrap<T>(r: Result<T, unknown>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

/** A public snapshot of a friends' table while passing, as the server sends watchers. */
function watched(g: GameState): WatchMessage {
  return {
    v: 1,
    kind: 'snapshot',
    event: { type: 'deal', handNumber: 0 },
    view: publicObservation(g),
    table: {
      id: 'T',
      kind: 'friends',
      rated: false,
      seats: ['Ana', 'Ben', 'Cleo', 'Dan'].map((name) => ({
        name,
        bot: false,
        level: null,
        replaced: false,
        connected: true,
        rating: null,
      })),
      clocks: [0, 1, 2, 3].map((seat) => ({ seat, bankMs: 10_000, graceMs: 5000, running: true })),
      kickable: [false, false, false, false],
      kickVotes: [0, 0, 0, 0],
      now: 0,
      graceMs: 5000,
      bankMs: 10_000,
    },
  };
}

const store = memoryStore();
const client = new TableClient({ url: 'http://127.0.0.1:9', token: 'x', roomId: 'T', watch: true });

function wrap(lang: 'en' | 'de', children: ReactNode) {
  return inApp(children, { lang, store });
}

afterEach(cleanup);

const ui = { selected: [], lastTrick: null, lastTrickOpen: false, held: null, refusal: null } as never;

describe('the watcher’s table', () => {
  const g = dealRandom(unwrap(newGame()), seededRandom(3));
  const state: LiveState = applyWatchMessage(null, watched(g), 0);

  it('is seen from a seat that holds nothing and is never asked to act', () => {
    expect(state.view.hand).toEqual([]);
    expect(state.view.legal).toEqual([]);
    expect(state.table.you).toBe(0);
    const v = forWatcher(tableView(state, ui));
    expect(v.prompt.kind).toBe('waitPasses'); // not "choose three cards to pass"
    expect(v.canPass).toBe(false);
    expect(v.hand).toEqual([]);
    // Their turn at the bottom seat reads as waiting for that seat.
    const turn = forWatcher({ ...tableView(state, ui), prompt: { kind: 'yourTurn', lead: true } });
    expect(turn.prompt).toEqual({ kind: 'waitFor', seat: 0 });
    // The other seats hold their cards (face down): as many as the public view counts.
    const sized = forWatcher(tableView(state, ui), [13, 12, 11, 10]);
    expect(sized.seats.map((s) => s.cards)).toEqual([0, 12, 11, 10]);
  });

  it.each(['en', 'de'] as const)('shows no hand, the banner and the watchers’ chat (%s)', (lang) => {
    const r = render(wrap(lang, <WatchTable client={client} state={state} />));
    expect(r.container.querySelectorAll('.hand .card, .hand button').length).toBe(0);
    const banner = r.container.querySelector('.watch-banner')!;
    expect(r.container.querySelector('.player-area, .player-bar')?.textContent).toContain('Ana'); // the bottom seat
    expect(banner.textContent).toMatch(lang === 'en' ? /You are watching/ : /Du schaust zu/);
    expect(r.getByRole('button', { name: lang === 'en' ? 'Chat' : 'Chat' })).toBeTruthy();
    // Every other seat's name is shown, with its cards face down.
    for (const name of ['Ben', 'Cleo', 'Dan']) expect(r.container.textContent).toContain(name);
    // Each player's menu: befriend or block (the server lets who watched block by seat), no report.
    const menu = lang === 'en' ? 'More about Ben' : 'Mehr zu Ben';
    fireEvent.click(r.getByRole('button', { name: menu }));
    const items = within(r.getByRole('dialog', { name: menu })).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual(
      lang === 'en' ? ['✕', 'Add friend', 'Block'] : ['✕', 'Als Freund hinzufügen', 'Blockieren'],
    );
    expect(r.getAllByRole('button', { name: /^(More about|Mehr zu) / })).toHaveLength(4);
  });

  it.each([
    ['en', 'connection lost', 'bot in 25 s', 'left · Hard bot'],
    ['de', 'Verbindung weg', 'Bot in 25 s', 'gegangen · Bot Schwer'],
  ] as const)(
    '%s: a dropped player’s countdown on their seat; the watched bottom seat a bot took over says so',
    (lang, away, botIn, left) => {
      // Ben's connection dropped (a bot takes the seat in 25 s on the server's clock); Ana, at the bottom, left.
      const now = Date.now();
      const seats = state.table.seats.map((x, s) =>
        s === 1
          ? { ...x, connected: false, reconnectBy: now + 25_000 }
          : s === 0
            ? { ...x, bot: true, level: 'hard' as const, replaced: true, connected: false }
            : x,
      );
      const r = render(
        wrap(
          lang,
          <WatchTable client={client} state={{ ...state, table: { ...state.table, seats, now } }} />,
        ),
      );
      const ben = r.container.querySelector('.seat[data-seat="1"] .seat-away')!;
      expect(ben.textContent).toContain(away);
      expect(ben.querySelector('[role="timer"]')!.textContent).toBe(botIn);
      expect(r.container.querySelector('.watched-badge')!.textContent).toBe(left);
      expect(r.container.querySelectorAll('.seat-away')).toHaveLength(1); // a bot's seat is not away
    },
  );
});
