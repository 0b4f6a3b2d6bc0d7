// @vitest-environment happy-dom
import {
  CardSet,
  applyMove,
  deal,
  legalMoves,
  newGame,
  parseCard,
  type Result,
  type Suit,
  toPlay,
} from '@hearts/engine';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from './session';
import { memoryStore } from '../../kit/storage';
import { saveLook } from '../../table/look';
import { openApp, testController } from '../../test-support';

function unwrap<T>(r: Result<T, unknown>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

/** A game in which the player (seat 0, every spade, leading) has just taken all 13 tricks. */
/** Each bot seat's badge as read: "Bot · <level>" (the words before the level in a span of their own). */
const badges = () => [...document.querySelectorAll('.bot-badge')].map((b) => b.textContent);

function moonState() {
  let state = unwrap(newGame({ moon: 'shooterChoice', passCards: 0, firstLead: 'dealer' }));
  state = unwrap(
    deal(
      state,
      [3, 0, 1, 2].map((suit) => CardSet.suit(suit as Suit)),
    ),
  );
  while (state.phase === 'play') {
    const seat = toPlay(state)!;
    state = unwrap(applyMove(state, seat, { kind: 'play', card: legalMoves(state, seat).first()! }));
  }
  return state;
}

function renderApp(lang: 'de' | 'en', prepare: (store: ReturnType<typeof memoryStore>) => void = () => {}) {
  const store = memoryStore();
  prepare(store);
  saveSession(store, { id: 'moon', startedAt: 1, level: 'expert', state: moonState(), seeds: [null] });
  return openApp('#/play', { lang, store }).controller;
}

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('the table', () => {
  it('asks the shooter how the moon counts, then shows the hand’s result', async () => {
    const c = renderApp('de');
    const dialog = await screen.findByRole('dialog', { name: /Durchmarsch/ });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ich −26' })); // the dialog has the focus
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ich −26' }));
      await c.idle();
    });
    expect(c.game!.results[0]!.points).toEqual([-26, 0, 0, 0]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(/Du hast einen Durchmarsch!/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nächste Runde' })).toBeTruthy();
    // Every bot seat says it is a bot, and which level.
    expect(badges()).toEqual(['Bot · Experte', 'Bot · Experte', 'Bot · Experte']);
  });

  it('speaks English when asked to', async () => {
    renderApp('en');
    await screen.findByRole('dialog', { name: /You shot the moon/ });
    expect(screen.getByRole('button', { name: 'Everyone else +26' })).toBeTruthy();
    expect(badges()).toEqual(['Bot · Expert', 'Bot · Expert', 'Bot · Expert']);
  });

  it('wears the table and cards chosen in the shop, and the plain felt without a choice', async () => {
    renderApp('en');
    await screen.findByRole('dialog');
    const plain = document.querySelector<HTMLElement>('.table-screen')!;
    expect(plain.classList.contains('table-look')).toBe(false);
    expect(plain.classList.contains('face-standard')).toBe(true);
    cleanup();
    renderApp('en', (store) =>
      saveLook(store, { back: 'back-waves', face: 'face-jumbo', table: 'table-walnut', frame: 'frame-none' }),
    );
    await screen.findByRole('dialog');
    const dressed = document.querySelector<HTMLElement>('.table-screen')!;
    expect(dressed.classList.contains('table-look')).toBe(true);
    expect(dressed.classList.contains('face-jumbo')).toBe(true);
    expect(dressed.style.getPropertyValue('--table-look')).toContain('#5a3a22');
  });

  it('shows none of the live table’s parts: no clocks, kick votes, chat, rated chip or leave button', async () => {
    renderApp('en');
    await screen.findByRole('dialog');
    const screenEl = document.querySelector('.table-screen')!;
    expect(screenEl.classList.contains('live-table')).toBe(false);
    expect(screenEl.querySelector('[role="timer"], .seat-kick, .chat-count, .live-banner')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Chat' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Leave table' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hint: What would the expert play?' })).toBeTruthy();
    expect(document.querySelector('.topbar')!.classList.contains('has-chips')).toBe(false);
  });
});

describe('undo and the claim of the rest', () => {
  // The player (seat 0) holds the top diamonds, spades and hearts and the 3♣; ten cards are down and the player
  // follows 2♦ 3♦ holding the A♦: the rest is certain.
  const HANDS = [
    '3C AD KD QD JD TD AS KS QS AH KH QH JH',
    '4C 6C 4D 9D 8D JS TS 9S TH 9H 8H 7H 6H',
    'AC KC QC JC 2D 7D 6D 8S 7S 6S 5H 4H 3H',
    '2C 5C 7C 8C 9C TC 3D 5D 5S 4S 3S 2S 2H',
  ];
  const PLAYS = '2C 3C 4C AC KC 5C JH 6C 2D 3D'.split(' ');

  function renderAt(undo: boolean) {
    let state = unwrap(newGame({ passCards: 0 }));
    state = unwrap(
      deal(
        state,
        HANDS.map((h) => CardSet.fromNames(h.split(' '))!),
      ),
    );
    for (const name of PLAYS)
      state = unwrap(applyMove(state, toPlay(state)!, { kind: 'play', card: parseCard(name)! }));
    const store = memoryStore();
    saveSession(store, { id: 'claim', startedAt: 1, level: 'easy', state, seeds: [null] });
    return openApp('#/play', { lang: 'en', store, controller: testController(store, { undo }) }).controller;
  }

  it('the undo button takes back the player’s last card, Ctrl+Z the one before; absent where undo is off', async () => {
    const c = renderAt(true);
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(undo.hasAttribute('disabled')).toBe(false);
    await act(async () => {
      fireEvent.click(undo);
      await c.idle();
    });
    expect(c.game!.log[0]!.plays.length).toBe(6); // back to before the J♥
    await act(async () => {
      fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
      await c.idle();
    });
    expect(c.game!.log[0]!.plays.length).toBe(1); // back to before the 3♣
    expect(c.getSnapshot().session!.undos).toBe(2);
    expect(screen.getByRole('button', { name: 'Undo' }).hasAttribute('disabled')).toBe(true); // nothing left
    cleanup();
    renderAt(false);
    await screen.findByRole('button', { name: 'Claim the rest' });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('offers the claim, says what happens, and plays the hand out on “Take them”', async () => {
    const c = renderAt(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Claim the rest' }));
    expect(document.querySelector('.claim-text')?.textContent).toBe(
      'You take the remaining 11 tricks (25\u00a0points).',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Take them' }));
      await c.idle();
    });
    expect(c.game!.results[0]!.taken).toEqual([25, 0, 1, 0]);
    expect(screen.queryByRole('button', { name: 'Claim the rest' })).toBeNull();
  });
});
