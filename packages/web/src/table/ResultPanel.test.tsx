// @vitest-environment happy-dom
import {
  CardSet,
  applyMove,
  deal,
  handSummary,
  legalMoves,
  makeRecord,
  newGame,
  placesOf,
  type GameState,
  type Result,
  type Rules,
  type Suit,
  toPlay,
} from '@hearts/engine';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { addToHistory } from '../kit/records';
import { saveSession } from '../features/solo/session';
import { memoryStore } from '../kit/storage';
import { playGame } from '../testing';
import { testI18n } from '../test-support';
import { pages } from '../app/pages';
import { Standings } from './ResultPanel';
import { openApp, screenLoaded, testController } from '../test-support';

function unwrap<T>(r: Result<T, unknown>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

/** The player (seat 0, every heart, leading) takes all 13 tricks: every card, the J♦ and the Q♠ too. */
function allTricksToSeat0(rules: Partial<Rules>): GameState {
  let state = unwrap(newGame({ passCards: 0, firstLead: 'dealer', targetScore: 100, ...rules }));
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

async function renderGame(lang: 'de' | 'en', state: GameState) {
  const store = memoryStore();
  saveSession(store, { id: 'g', startedAt: 1, level: 'easy', state, seeds: state.log.map(() => null) });
  const controller = testController(store);
  await act(async () => {
    openApp('#/play', { lang, store, controller });
    await controller.idle();
  });
  return controller;
}

const fact = (name: string) => document.querySelector(`.result-panel [data-fact="${name}"]`);
/** What a fact shows, and what it says to a screen reader. */
const shown = (name: string) =>
  fact(name)
    ?.querySelector('.fact-shown')
    ?.textContent?.replace(/\u00a0/g, ' ') ?? null;
const said = (name: string) =>
  fact(name)
    ?.querySelector('.sr-only')
    ?.textContent?.replace(/\u00a0/g, ' ') ?? null;

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('the result of a hand', () => {
  it('says who took the Q♠ and the J♦ (Omnibus), the hearts per player and the moon: everyone else +26', async () => {
    const state = allTricksToSeat0({ jackOfDiamonds: -10 });
    expect(state.phase).toBe('deal');
    await renderGame('de', state);
    await screen.findByRole('heading', { name: 'Runde 1 ist vorbei' });
    expect(shown('QS')).toBe('D♠ Du 13');
    expect(said('QS')).toBe('Pik-Dame (13) hast du genommen'); // not "genommen von Du"
    expect(shown('JD')).toBe('B♦ Du −10');
    expect(shown('hearts')).toBe('♥ Du 13Bot 1 0Bot 2 0Bot 3 0');
    expect(said('hearts')).toBe('Genommene Herzen: Du 13, Bot 1 0, Bot 2 0, Bot 3 0');
    expect(fact('moon')!.textContent).toBe('☾ Du hast einen Durchmarsch! Alle anderen +26.');
    // The score table still has the hand: −10 for the shooter (the J♦ stays), +26 for the others.
    expect(state.results[0]!.points).toEqual([-10, 26, 26, 26]);
    expect(document.querySelector('.standings')).toBeNull(); // not over yet
  });

  it('says the shooter’s −26, and spot hearts with their points', async () => {
    await renderGame('en', allTricksToSeat0({ moon: 'shooterMinus26' }));
    await screen.findByRole('heading', { name: 'Hand 1 is over' });
    expect(fact('moon')!.textContent).toBe('☾ You shot the moon! You −26.');
    expect(fact('JD')).toBeNull(); // the J♦ counts nothing without Omnibus
    cleanup();
    await renderGame(
      'en',
      allTricksToSeat0({ heartValues: 'rank', queenPoints: 25, moon: 'none', targetScore: 500 }),
    );
    await screen.findByRole('heading', { name: 'Hand 1 is over' });
    expect(shown('QS')).toBe('Q♠ You 25');
    expect(shown('hearts')).toBe('♥ You 13 (104)Bot 1 0 (0)Bot 2 0 (0)Bot 3 0 (0)');
    expect(fact('moon')).toBeNull();
  });

  it('shows every place at the end of a game, lowest total first', async () => {
    const state = playGame(11, { players: 5, targetScore: 30 });
    expect(state.phase).toBe('gameOver');
    await renderGame('en', state);
    const list = await screen.findByRole('list', { name: 'Final standings' });
    const items = [...list.querySelectorAll('li')];
    expect(items).toHaveLength(5);
    const places = placesOf(state.scores);
    const seats = items.map((li) => Number(li.getAttribute('data-seat')));
    expect([...seats].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(items.map((li) => Number(li.getAttribute('data-place')))).toEqual(seats.map((s) => places[s]));
    expect(seats.map((s) => state.scores[s])).toEqual([...state.scores].sort((a, b) => a - b));
    expect(items[0]!.querySelector('.total')!.textContent).toBe(String(Math.min(...state.scores)));
    // And what the last hand did.
    expect(fact('QS')).not.toBeNull();
    expect(fact('hearts')).not.toBeNull();
  });
});

describe('the standings', () => {
  it('share a place between equal totals', () => {
    const names = ['You', 'Bot 1', 'Bot 2', 'Bot 3'];
    render(
      <I18nextProvider i18n={testI18n('de')}>
        <Standings places={[3, 1, 1, 4]} totals={[40, 22, 22, 61]} you={0} nameOf={(s) => names[s]!} />
      </I18nextProvider>,
    );
    const items = [...document.querySelectorAll('.standings li')];
    expect(items.map((li) => li.textContent)).toEqual(['1.Bot 122', '1.Bot 222', '3.You40', '4.Bot 361']);
    expect(items[2]!.getAttribute('aria-label')).toBe('Platz 3: You, 40 Punkte');
    expect(items[2]!.classList.contains('you')).toBe(true);
    expect(items[0]!.classList.contains('first')).toBe(true);
  });
});

describe('a replay', () => {
  it('shows what each hand did at its end, and every place at the end of the game', async () => {
    const state = playGame(21, {});
    const store = memoryStore();
    addToHistory(store, {
      id: 'g1',
      startedAt: 1,
      endedAt: 2,
      level: 'easy',
      record: makeRecord(state, ['You', 'Bot 1', 'Bot 2', 'Bot 3']),
      scores: [...state.scores],
      winners: [...state.winners],
    });
    openApp('#/replay/g1', { lang: 'en', store, pages });
    await screenLoaded();
    const replayFact = (name: string) => document.querySelector(`.replay-scores [data-fact="${name}"]`);
    expect(replayFact('hearts')).toBeNull(); // at the deal: nothing taken yet
    for (let i = 0; i < 13; i++) fireEvent.click(screen.getByRole('button', { name: 'Next trick' }));
    const first = handSummary(state, 0)!;
    const queen = first.cards.find((c) => c.card === 'QS')!;
    expect(replayFact('QS')!.getAttribute('data-seat')).toBe(String(queen.seat));
    expect(document.querySelector('.replay-scores .standings')).toBeNull();
    // The last hand's end: the standings too.
    fireEvent.click(screen.getByRole('button', { name: 'Next hand' }));
    for (let h = 1; h < state.results.length - 1; h++)
      fireEvent.click(screen.getByRole('button', { name: 'Next hand' }));
    for (let i = 0; i < 13; i++) fireEvent.click(screen.getByRole('button', { name: 'Next trick' }));
    expect(document.querySelectorAll('.replay-scores .standings li')).toHaveLength(4);
    expect(replayFact('hearts')).not.toBeNull();
  });
});
