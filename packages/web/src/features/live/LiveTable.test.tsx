// @vitest-environment happy-dom
import {
  CardSet,
  applyMove,
  deal,
  dealRandom,
  newGame,
  observation,
  parseCard,
  playRefusal,
  seededRandom,
  type GameState,
  type Result,
  toPlay,
} from '@hearts/engine';
import { TableClient } from '@hearts/live';
import { applyGameMessage, type LiveState } from '@hearts/table';
import type { ClockInfo, PassedMessage, TableInfo } from '@hearts/protocol/socket';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../../kit/storage';
import { inApp } from '../../test-support';
import { LiveTable, WatchersControl } from './LiveTable';
import { TOKEN_KEY } from '../../kit/server/token';

function unwrap<T>(r: Result<T, unknown>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const GRACE = 5000;
const BANK = 10_000;

/** Four people at a friends' table, seen from seat 0, passing; every clock running from its start. */
function passing(over: Partial<TableInfo> = {}): LiveState {
  const g = dealRandom(unwrap(newGame()), seededRandom(5));
  return {
    v: 1,
    event: { type: 'deal', handNumber: 0 },
    view: observation(g, 0),
    table: {
      id: 'T',
      kind: 'friends',
      rated: false,
      you: 0,
      seats: ['Ana', 'Ben', 'Cleo', 'Dan'].map((name) => ({
        name,
        bot: false,
        level: null,
        replaced: false,
        connected: true,
        rating: null,
      })),
      clocks: [0, 1, 2, 3].map((seat) => ({ seat, bankMs: BANK, graceMs: GRACE, running: true })),
      kickable: [false, false, false, false],
      kickVotes: [0, 0, 0, 0],
      now: 0,
      graceMs: GRACE,
      bankMs: BANK,
      ...over,
    },
  };
}

/** What the client does with a `clock` message (client.ts): the seat's clock replaced, the others kept. */
const withClock = (s: LiveState, clock: ClockInfo): LiveState => ({
  ...s,
  table: { ...s.table, clocks: s.table.clocks.map((c) => (c.seat === clock.seat ? clock : c)) },
});

const store = memoryStore();
const client = new TableClient({ url: 'http://127.0.0.1:9', token: 'unused', roomId: 'T' }); // never connected

function wrap(lang: 'en' | 'de', children: ReactNode, coarsePointer = false) {
  return inApp(children, { lang, store, coarsePointer });
}

function table(lang: 'en' | 'de', state: LiveState, coarse = false) {
  const r = render(wrap(lang, <LiveTable client={client} state={state} />, coarse));
  return {
    ...r,
    show: (next: LiveState) => r.rerender(wrap(lang, <LiveTable client={client} state={next} />, coarse)),
    seat: (seat: number) => r.container.querySelector(`.seat[data-seat="${seat}"]`)!,
    clock: (seat: number) =>
      r.container.querySelector(`.seat[data-seat="${seat}"] [role="timer"]`)?.getAttribute('data-clock') ??
      null,
  };
}

afterEach(cleanup);

describe('the clocks of a live table', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('an idle seat’s bank counts down without jumping back when another seat passes', () => {
    let s = passing();
    const t = table('en', s);
    wait(GRACE);
    s = withClock(s, { seat: 2, bankMs: BANK, graceMs: 0, running: true }); // seat 2's grace ran out
    t.show(s);
    expect(t.clock(2)).toBe('10');
    wait(6000);
    expect(t.clock(2)).toBe('4');
    const passed: PassedMessage = { v: 2, kind: 'passed', seat: 1, passed: null, bank: BANK };
    const next = applyGameMessage(s, passed);
    if (next === 'gap') throw new Error('gap');
    t.show(next);
    expect(t.clock(2)).toBe('4');
    expect(t.clock(1)).toBeNull(); // the passer's clock stopped
    wait(3000);
    expect(t.clock(2)).toBe('1');
    wait(1000);
    expect(t.clock(2)).toBe('0'); // the moment the server decides for it
  });
});

describe('seats while passing', () => {
  it.each([
    ['en', 'passing …', '✓ passed'],
    ['de', 'gibt weiter …', '✓ weitergegeben'],
  ] as const)('%s: who is still choosing, who has passed', (lang, choosing, done) => {
    const s = passing();
    const next = applyGameMessage(s, { v: 2, kind: 'passed', seat: 1, passed: null, bank: BANK });
    if (next === 'gap') throw new Error('gap');
    const t = table(lang, next);
    expect(t.seat(1).querySelector('.seat-status')!.textContent).toBe(done);
    expect(t.seat(2).querySelector('.seat-status')!.textContent).toBe(choosing);
    expect(t.seat(3).querySelector('.seat-status')!.textContent).toBe(choosing);
  });
});

describe('kick votes', () => {
  it.each([
    [
      'en',
      'Kick out · 1 of 2 votes',
      'Votes to kick reset when that player plays again themselves, or when a new hand starts.',
      'The others are voting to give your seat to a bot: 1 of 2 votes. Play now to keep it: the votes reset when you play or pass yourself, or when a new hand starts.',
    ],
    [
      'de',
      'Rauswerfen · 1 von 2 Stimmen',
      'Die Stimmen zum Rauswerfen verfallen, sobald an diesem Platz wieder selbst gespielt wird oder eine neue Runde beginnt.',
      'Die anderen stimmen dafür, deinen Platz einem Bot zu geben: 1 von 2 Stimmen. Spiel jetzt, um ihn zu behalten: Die Stimmen verfallen, sobald du selbst spielst oder weitergibst oder eine neue Runde beginnt.',
    ],
  ] as const)('%s: how many of the votes needed, and when they reset', (lang, button, reset, warning) => {
    const t = table(lang, passing({ kickable: [true, false, true, false], kickVotes: [1, 0, 1, 0] }));
    const vote = t.seat(2).querySelector('.seat-kick button')!;
    expect(vote.getAttribute('aria-label')).toBe(button);
    // The words on a wide seat; on a phone's narrow seat (CSS picks one) the count alone.
    expect(vote.querySelector('.kick-votes-long')!.textContent).toBe(button.slice(button.indexOf(' · ')));
    expect(vote.querySelector('.kick-votes-short')!.textContent).toBe(' 1/2');
    expect(t.seat(1).querySelector('.seat-kick')).toBeNull();
    // The player voted on is told, and how to keep the seat; that says how votes reset, so the note on it is left out.
    expect(t.getByRole('alert').textContent).toBe(warning);
    expect(t.container.querySelector('.kick-reset')).toBeNull();
    t.unmount();

    // Not voted on themselves, the player is told when the votes on another seat reset.
    const other = table(lang, passing({ kickable: [false, false, true, false], kickVotes: [0, 0, 1, 0] }));
    expect(other.queryByRole('alert')).toBeNull();
    expect(other.container.querySelector('.kick-reset')!.textContent).toBe(reset);
  });

  it('with one other person at the table, one vote is enough: "1 of 1 vote"', () => {
    const s = passing({ kickable: [false, true, false, false], kickVotes: [0, 0, 0, 0] });
    const seats = s.table.seats.map((x, i) => (i >= 2 ? { ...x, bot: true, level: 'easy' as const } : x));
    const t = table('en', { ...s, table: { ...s.table, seats, kickVotes: [0, 1, 0, 0] } });
    const vote = t.seat(1).querySelector('.seat-kick button')!;
    expect(vote.getAttribute('aria-label')).toBe('Kick out · 1 of 1 vote');
    expect(vote.querySelector('.kick-votes-short')!.textContent).toBe(' 1/1');
  });
});

const HANDS = [
  'AC 2D 3D 4D 5D 6D QS 2H 3H 4H 5H 6H 7H',
  '2C 3C 4C 5C 7D 8D 9D TD 2S 3S 4S 8H 9H',
  '6C 7C 8C 9C JD QD KD AD 5S 6S 7S TH JH',
  'TC JC QC KC 8S 9S TS JS KS AS QH KH AH',
];

/** A game without passing from HANDS, after `cards` were played, as seat 0 sees it (`v`: one per card). */
function playing(cards: readonly string[], passCards = 0): { state: LiveState; game: GameState } {
  const hands = HANDS.map((h) => CardSet.fromCards(h.split(' ').map((c) => parseCard(c)!)));
  let g = unwrap(deal(unwrap(newGame({ passCards })), hands));
  let event: LiveState['event'] = { type: 'deal', handNumber: 0 };
  for (const card of cards) {
    const seat = toPlay(g)!;
    g = unwrap(applyMove(g, seat, { kind: 'play', card: parseCard(card)! }));
    event = { type: 'play', seat, card: card as never };
  }
  const base = passing();
  return { game: g, state: { ...base, v: 1 + cards.length, event, view: observation(g, 0) } };
}

const card = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLButtonElement>(`.hand [data-card="${name}"]`)!;

describe('the player’s side of a live table (the UI controller the solo table runs too)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it.each([
    ['en', 'You must follow suit'],
    ['de', 'Du musst bedienen'],
  ] as const)('%s: an illegal card is refused in words and not sent; a legal one is sent', (lang, words) => {
    const move = vi.spyOn(client, 'move').mockResolvedValue(5);
    const t = table(lang, playing(['2C', '6C', 'TC']).state);
    act(() => fireEvent.click(card(t.container, 'QS')));
    expect(t.container.querySelector('.refusal')!.textContent).toBe(words);
    expect(move).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(3000));
    expect(t.container.querySelector('.refusal')).toBeNull(); // the refusal goes after a while
    act(() => fireEvent.click(card(t.container, 'AC')));
    expect(move).toHaveBeenCalledWith({ kind: 'play', card: 'AC' });
  });

  it('not the player’s turn: refused in words, not sent', () => {
    const move = vi.spyOn(client, 'move').mockResolvedValue(5);
    const t = table('en', playing(['2C']).state);
    act(() => fireEvent.click(card(t.container, 'AC')));
    expect(t.container.querySelector('.refusal')!.textContent).toBe('It is not your turn');
    expect(move).not.toHaveBeenCalled();
  });

  it('with the pass full, a fourth tap replaces the oldest card chosen', () => {
    const t = table('en', passing());
    const hand = [...t.container.querySelectorAll<HTMLButtonElement>('.hand .card')];
    const names = hand.map((b) => b.getAttribute('data-card')!);
    for (const i of [0, 1, 2, 3]) act(() => fireEvent.click(hand[i]!));
    const chosen = [...t.container.querySelectorAll('.hand .card[aria-pressed="true"]')].map((b) =>
      b.getAttribute('data-card'),
    );
    expect(chosen).toEqual(names.slice(1, 4));
    expect(t.container.querySelector('.pass-btn')!.hasAttribute('disabled')).toBe(false);
    // A reload keeps the choice, as at the solo table.
    t.unmount();
    const again = table('en', passing());
    const kept = [...again.container.querySelectorAll('.hand .card[aria-pressed="true"]')].map((b) =>
      b.getAttribute('data-card'),
    );
    expect(kept).toEqual(names.slice(1, 4));
  });

  it('a complete trick is held, then collected; the last trick opens on request and closes with Escape', () => {
    const before = playing(['2C', '6C', 'TC']).state;
    const t = table('en', before);
    const after = playing(['2C', '6C', 'TC', 'AC']).state;
    t.show(after);
    const middle = () =>
      [...t.container.querySelectorAll('.board > .center .trick-card')].map((c) => c.className);
    expect(middle()).toHaveLength(4); // held
    expect(t.container.querySelector('.trick-winner')!.textContent).toBe('You take the trick');
    act(() => vi.advanceTimersByTime(5000));
    expect(middle()).toHaveLength(0); // collected
    const button = t.getByRole('button', { name: 'Last trick' });
    act(() => fireEvent.click(button));
    const panel = t.getByRole('region', { name: 'Last trick' });
    expect(panel.querySelectorAll('.trick-card')).toHaveLength(4);
    expect(panel.textContent).toContain('You took it');
    act(() => fireEvent.keyDown(window, { key: 'Escape' }));
    expect(t.queryByRole('region', { name: 'Last trick' })).toBeNull();
  });
});

describe('the one table’s parts at a live table', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    client.chat = [];
  });

  it.each([
    ['en', 'Cleo: Six of clubs'],
    ['de', 'Cleo: Kreuz-Sechs'],
  ] as const)('%s: the last card played is said to screen readers, by the seat’s name', (lang, said) => {
    const t = table(lang, playing(['2C', '6C']).state);
    expect(t.container.querySelector('.sr-only[aria-live="polite"]')!.textContent).toBe(said);
  });

  it('the chat: lines with their count, a line sent trimmed, a person muted and their lines hidden', () => {
    const send = vi.spyOn(client, 'send').mockImplementation(() => undefined);
    client.chat = [
      { seat: 1, name: 'Ben', text: 'hi', at: 1 },
      { seat: 2, name: 'Cleo', text: 'hello', at: 2 },
    ];
    const t = table('en', passing());
    const button = t.getByRole('button', { name: 'Chat' });
    expect(button.querySelector('.chat-count')!.textContent).toBe('2');
    act(() => fireEvent.click(button));
    const panel = t.getByRole('region', { name: 'Chat' });
    expect([...panel.querySelectorAll('.chat-lines li')].map((l) => l.textContent)).toEqual([
      'Ben: hi',
      'Cleo: hello',
    ]);
    act(() => fireEvent.change(t.getByRole('textbox'), { target: { value: '  good luck  ' } }));
    act(() => fireEvent.click(t.getByRole('button', { name: 'Send' })));
    expect(send).toHaveBeenCalledWith('chat', { text: 'good luck' });
    act(() => fireEvent.click(t.getByRole('button', { name: 'Mute: Ben' })));
    expect(send).toHaveBeenCalledWith('mute', { seat: 1, muted: true });
    expect([...panel.querySelectorAll('.chat-lines li')].map((l) => l.textContent)).toEqual(['Cleo: hello']);
    // The last trick's panel and the chat's take turns.
    act(() => fireEvent.click(t.getByRole('button', { name: 'Last trick' })));
    expect(t.queryByRole('region', { name: 'Chat' })).toBeNull();
  });

  it.each([
    ['en', 'Leave', 'Leaving the table …'],
    ['de', 'Verlassen', 'Du verlässt den Tisch …'],
  ] as const)(
    '%s: leaving while the game runs says so and waits for the server, once',
    async (lang, name, said) => {
      let counted = (): void => undefined;
      const leaveSeat = vi
        .spyOn(client, 'leaveSeat')
        .mockImplementation(() => new Promise<void>((resolve) => (counted = resolve)));
      vi.stubGlobal('confirm', () => true); // happy-dom has no dialogs
      const t = table(lang, passing());
      const button = t.getByRole('button', { name });
      const banner = () => t.container.querySelector('.live-banner[role="status"]')?.textContent ?? null;
      expect(banner()).toBeNull();
      act(() => fireEvent.click(button));
      expect(banner()).toBe(said);
      expect((button as HTMLButtonElement).disabled).toBe(true);
      act(() => fireEvent.click(button));
      expect(leaveSeat).toHaveBeenCalledTimes(1);
      await act(async () => counted());
      vi.unstubAllGlobals();
    },
  );

  it('no chat button at a table of bots only (the daily table); a bot that took a person’s seat over is no one to talk to', () => {
    const bots = (kind: TableInfo['kind'], replaced: boolean) =>
      passing({
        kind,
        seats: ['Ana', 'Bot 1', 'Bot 2', 'Bot 3'].map((name, s) => ({
          name,
          bot: s !== 0,
          level: s === 0 ? null : ('expert' as const),
          replaced: s === 1 && replaced,
          connected: s === 0,
          rating: null,
        })),
      });
    let t = table('de', bots('daily', false));
    expect(t.queryByRole('button', { name: 'Chat' })).toBeNull();
    cleanup();
    t = table('en', bots('friends', true));
    expect(t.queryByRole('button', { name: 'Chat' })).toBeNull();
    cleanup();
    t = table('en', passing());
    expect(t.getByRole('button', { name: 'Chat' })).toBeTruthy();
  });

  it.each([
    [
      'en',
      'Chat',
      'Not sent: that was a lot of chat at once. Wait a minute.',
      'Not sent: this table keeps at most 200 lines of each person and 1,000 of its watchers, and it has them.',
    ],
    [
      'de',
      'Chat',
      'Nicht gesendet: Das war viel Chat auf einmal. Warte eine Minute.',
      'Nicht gesendet: Dieser Tisch behält höchstens 200 Zeilen je Person und 1.000 seiner Zuschauer, und die hat er.',
    ],
  ] as const)(
    '%s: a chat line the server refused (LIMIT_CHAT, CHAT_KEPT) says why',
    (lang, chat, rate, full) => {
      vi.spyOn(client, 'send').mockImplementation(() => undefined);
      const t = table(lang, passing());
      act(() => fireEvent.click(t.getByRole('button', { name: chat })));
      const hear = (m: unknown) =>
        act(() => (client as unknown as { onMessage(type: string, m: unknown): void }).onMessage('error', m));
      expect(t.queryByRole('alert')).toBeNull();
      hear({ code: 'ERR_CHAT_RATE', message: 'too many chat lines' });
      expect(t.getByRole('alert').textContent).toBe(rate);
      hear({ code: 'ERR_CHAT_FULL', message: 'this table keeps at most …' });
      expect(t.getByRole('alert').textContent).toBe(full);
      hear({ code: 'ERR_NOT_NOW', message: 'another refusal' }); // not about the chat: the note stays as it was
      expect(t.getByRole('alert').textContent).toBe(full);
    },
  );
});

/** The whole first hand of HANDS played (each seat its first legal card), as seat 0 sees it between hands. */
function handPlayed(): LiveState {
  const hands = HANDS.map((h) => CardSet.fromCards(h.split(' ').map((c) => parseCard(c)!)));
  let g = unwrap(deal(unwrap(newGame({ passCards: 0 })), hands));
  let event: LiveState['event'] = { type: 'deal', handNumber: 0 };
  for (let i = 0; i < 52; i++) {
    const seat = toPlay(g)!;
    const obs = observation(g, seat);
    const card = obs.hand.find((c) => playRefusal(obs, c) === null)!;
    g = unwrap(applyMove(g, seat, { kind: 'play', card: parseCard(card)! }));
    event = { type: 'play', seat, card };
  }
  return { ...passing(), v: 53, event, view: observation(g, 0) };
}

describe('rough edges of the one table (issue 18)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it.each([
    ['en', 'Tap again to play', 'Your turn'],
    ['de', 'Nochmal tippen zum Ausspielen', 'Du bist dran'],
  ] as const)(
    '%s: on a touch screen the first tap raises a card and the prompt says to tap again',
    (lang, again, turn) => {
      const move = vi.spyOn(client, 'move').mockResolvedValue(5);
      const t = table(lang, playing(['2C', '6C', 'TC']).state, true);
      const prompt = () => t.container.querySelector('.prompt-line')!.textContent;
      expect(prompt()).toBe(turn);
      act(() => fireEvent.click(card(t.container, 'AC'), { detail: 1 }));
      expect(move).not.toHaveBeenCalled();
      expect(card(t.container, 'AC').classList.contains('raised')).toBe(true);
      expect(prompt()).toBe(again);
      act(() => fireEvent.click(card(t.container, 'AC'), { detail: 1 }));
      expect(move).toHaveBeenCalledWith({ kind: 'play', card: 'AC' });
      expect(prompt()).toBe(turn);
    },
  );

  it('while a hand’s result is shown, the top bar names the finished hand, and the last trick stays closed', () => {
    const ended = handPlayed();
    expect(ended.view.handNumber).toBe(1); // the observation is already the next hand's
    const t = table('en', playing([]).state);
    act(() => fireEvent.click(t.getByRole('button', { name: 'Last trick' })));
    expect(t.getByRole('region', { name: 'Last trick' })).toBeTruthy();
    t.show(ended);
    act(() => vi.advanceTimersByTime(5000)); // the hand's last trick is held, then collected
    expect(t.container.querySelector('.result-panel h2')!.textContent).toBe('Hand 1 is over');
    expect(t.container.querySelector('.topbar-title > h1')!.textContent).toBe('Hand 1');
    expect(t.queryByRole('region', { name: 'Last trick' })).toBeNull();
    const toggle = t.getByRole('button', { name: 'Last trick' });
    expect(toggle.hasAttribute('disabled')).toBe(true); // it would lie under the result
    act(() => fireEvent.click(toggle));
    expect(t.queryByRole('region', { name: 'Last trick' })).toBeNull();
  });
});

describe('game over at a live table', () => {
  /** A whole game with no passing, each seat playing its first legal card, seen from seat `you` at its end. */
  function gameOver(you = 0): LiveState {
    const rng = seededRandom(11);
    let g = unwrap(newGame({ passCards: 0 }));
    for (let i = 0; i < 10_000 && g.phase !== 'gameOver'; i++) {
      if (g.phase === 'deal') g = dealRandom(g, rng);
      else if (g.phase === 'moon') g = unwrap(applyMove(g, g.moonShooter!, { kind: 'moon', choice: 'plus' }));
      else {
        const seat = toPlay(g)!;
        const obs = observation(g, seat);
        const card = obs.hand.find((c) => playRefusal(obs, c) === null)!;
        g = unwrap(applyMove(g, seat, { kind: 'play', card: parseCard(card)! }));
      }
    }
    return {
      ...passing({ rated: true, you }),
      v: 999,
      event: { type: 'play', seat: 0, card: '2C' },
      view: observation(g, you),
    };
  }

  it('lists the places the server gave (a rated game’s leaver is last), not only the totals’ order', () => {
    const over = gameOver();
    expect(over.view.phase).toBe('gameOver');
    const scores = over.view.scores;
    const best = scores.indexOf(Math.min(...scores));
    // The seat with the lowest total left the game: the server ranks it last, the others in order of their totals.
    const ranks = scores.map((x, s) =>
      s === best ? 4 : 1 + scores.filter((y, o) => o !== best && o !== s && y < x).length,
    );
    client.result = { scores, ranks, ratings: [null, null, null, null], recordId: 'R' };
    try {
      const t = table('en', over);
      const places = [...t.container.querySelectorAll('[data-place]')].map((e) =>
        Number(e.getAttribute('data-place')),
      );
      expect(places).toEqual([...ranks].sort((a, b) => a - b));
      expect(t.container.querySelector(`[data-place="4"]`)!.textContent).toContain(
        ['Ana', 'Ben', 'Cleo', 'Dan'][best]!,
      );
      // The headline names the winner among the people (a seat a bot took over never wins), and says why.
      const winner = ranks.indexOf(1);
      const name = (seat: number) => ['Ana', 'Ben', 'Cleo', 'Dan'][seat]!;
      expect(t.container.querySelector('.result-panel h2')!.textContent).toBe(
        winner === 0 ? 'You win!' : `${name(winner)} wins`,
      );
      expect(t.container.querySelector('.result-why')).toBeNull(); // no bot in its seat here: nothing to explain
      // The game's analysis is offered to a player with an account (its record is fetched with the token).
      expect(t.queryByRole('button', { name: 'Analysis' })).toBeNull();
      t.unmount();
      store.set(TOKEN_KEY, 'h2.u1.1.1.mac');
      expect(table('en', over).getByRole('button', { name: 'Analysis' })).toBeTruthy();
    } finally {
      client.result = null;
      store.remove(TOKEN_KEY);
    }
  });

  it.each([
    ['en', 'wins', 'had the fewest points but was voted out, and a bot played on', 'kicked · Easy bot'],
    ['de', 'gewinnt', 'hatte die wenigsten Punkte, wurde aber rausgeworfen', 'rausgeworfen · Bot Leicht'],
  ] as const)(
    '%s: a kicked seat with the fewest points: the result names the winner among the people and why; its badge says kicked',
    (lang, wins, why, badge) => {
      // Seen from seat 1: seat 0 has the lowest total in this game, and it was voted out.
      const over = gameOver(1);
      const scores = over.view.scores;
      const names = ['Ana', 'Ben', 'Cleo', 'Dan'];
      const best = scores.indexOf(Math.min(...scores));
      expect(best).toBe(0);
      const ranks = scores.map((x, s) =>
        s === best ? 4 : 1 + scores.filter((y, o) => o !== best && o !== s && y < x).length,
      );
      const winner = ranks.indexOf(1);
      const state: LiveState = {
        ...over,
        table: {
          ...over.table,
          seats: over.table.seats.map((x, s) =>
            s === best
              ? { ...x, bot: true, level: 'easy' as const, replaced: true, kicked: true, connected: false }
              : x,
          ),
        },
      };
      client.result = { scores, ranks, ratings: [null, null, null, null], recordId: 'R' };
      try {
        const t = table(lang, state);
        const headline = t.container.querySelector('.result-panel h2')!.textContent;
        expect(headline).toContain(winner === 1 ? (lang === 'en' ? 'You win' : 'Du gewinnst') : wins);
        if (winner !== 1) expect(headline).toContain(names[winner]);
        expect(headline).not.toContain(names[best]);
        const line = t.container.querySelector(`.result-why[data-seat="${best}"]`)!.textContent;
        expect(line).toContain(names[best]);
        expect(line).toContain(why);
        expect(t.seat(best).textContent).toContain(badge);
      } finally {
        client.result = null;
      }
    },
  );
});

describe('playing on together', () => {
  /** A whole game with no passing (first legal cards), seen from seat 0 at its end. */
  function over(): LiveState {
    const rng = seededRandom(11);
    let g = unwrap(newGame({ passCards: 0 }));
    for (let i = 0; i < 10_000 && g.phase !== 'gameOver'; i++) {
      if (g.phase === 'deal') g = dealRandom(g, rng);
      else if (g.phase === 'moon') g = unwrap(applyMove(g, g.moonShooter!, { kind: 'moon', choice: 'plus' }));
      else {
        const seat = toPlay(g)!;
        const obs = observation(g, seat);
        const card = obs.hand.find((c) => playRefusal(obs, c) === null)!;
        g = unwrap(applyMove(g, seat, { kind: 'play', card: parseCard(card)! }));
      }
    }
    return { ...passing(), v: 999, event: { type: 'play', seat: 0, card: '2C' }, view: observation(g, 0) };
  }

  it.each([
    ['en', 'You won 1,000 chips'],
    ['de', 'Du hast 1.000 Jetons gewonnen'],
  ] as const)(
    '%s: the result says the chips the server paid this seat (none: nothing said)',
    (lang, said) => {
      const end = over();
      const scores = end.view.scores;
      const ranks = scores.map((x) => 1 + scores.filter((y) => y < x).length);
      client.result = {
        scores,
        ranks,
        ratings: [null, null, null, null],
        recordId: 'R',
        chips: [1000, 0, 0, 0],
      };
      try {
        const t = table(lang, end);
        expect(t.container.querySelector('.live-chips-won')!.textContent).toBe(said);
        cleanup();
        client.result = { ...client.result, chips: [0, 1000, 0, 0] }; // another seat won them
        const u = table(lang, end);
        expect(u.container.querySelector('.live-chips-won')).toBeNull();
      } finally {
        client.result = null;
      }
    },
  );

  describe('a seat away', () => {
    beforeEach(() => vi.useFakeTimers({ now: 100_000 }));
    afterEach(() => {
      vi.useRealTimers();
      client.serverOffset = 0;
    });
    const away = (reconnectBy: number | undefined): LiveState => {
      const s = passing();
      const seats = s.table.seats.map((x, i) => (i === 2 ? { ...x, connected: false, reconnectBy } : x));
      return { ...s, table: { ...s.table, seats, now: 100_000 } };
    };

    it.each([
      ['en', 'connection lostbot in 30 s', 'connection lostbot in 0 s'],
      ['de', 'Verbindung wegBot in 30 s', 'Verbindung wegBot in 0 s'],
    ] as const)(
      '%s: counts down to the bot on the server’s clock, this client’s offset to it taken into account',
      (lang, start, end) => {
        // This client's clock is 7 s behind the server's: the window ends at 137 s on the server, 30 s from now.
        client.serverOffset = 7000;
        const t = table(lang, away(137_000));
        // Two lines: that the connection is lost, and (a line of its own) the time left.
        const note = () => t.seat(2).querySelector('.seat-away')!.textContent;
        expect(note()).toBe(start);
        act(() => vi.advanceTimersByTime(12_500));
        expect(t.seat(2).querySelector('.seat-away-time')!.getAttribute('data-seconds')).toBe('18');
        act(() => vi.advanceTimersByTime(40_000));
        expect(note()).toBe(end); // never below zero
        // Without a window (the server did not say): only that the connection is lost.
        t.show(away(undefined));
        expect(note()).toBe(lang === 'en' ? 'connection lost' : 'Verbindung weg');
        expect(t.seat(1).querySelector('.seat-away')).toBeNull(); // connected seats: nothing
      },
    );
  });

  it.each([
    ['en', 'Rules at this table'],
    ['de', 'Regeln an diesem Tisch'],
  ] as const)('%s: the rules book opens at the table with this table’s options', async (lang, title) => {
    const s = passing();
    const rules = { ...s.view.rules, targetScore: 50 };
    const t = table(lang, { ...s, view: { ...s.view, rules } });
    act(() => fireEvent.click(t.getByRole('button', { name: title })));
    const panel = await t.findByRole('complementary', { name: title }, { timeout: 10_000 });
    const line = panel.querySelector('[data-rule="targetScore"]');
    expect(line?.textContent).toContain('50');
  });
});

describe('the host’s way to open or close the table to watchers', () => {
  const lobby = (host: boolean) => ({
    code: 'T',
    members: [{ name: 'Ana', host, you: true, connected: true }],
    options: { rules: passing().view.rules, botLevel: 'easy' as const },
    players: 4,
    reconnectMs: 60_000,
  });
  const control = (lang: 'en' | 'de') => render(wrap(lang, <WatchersControl client={client} />));
  afterEach(() => {
    client.watchers = null;
    client.lobby = null;
  });

  it.each([
    ['en', 'Close to watchers'],
    ['de', 'Für Zuschauer schließen'],
  ] as const)('%s: after a reload at the table (no lobby) the host still has it', (lang, close) => {
    client.watchers = { open: true, count: 0, host: true };
    expect(control(lang).queryByRole('button', { name: close })).not.toBeNull();
  });

  it('the other players have none; while the lobby lasts it says who hosts', () => {
    client.watchers = { open: true, count: 2, host: false };
    expect(control('en').queryByRole('button')).toBeNull();
    cleanup();
    client.lobby = lobby(true);
    expect(control('en').queryByRole('button', { name: 'Close to watchers' })).not.toBeNull();
    cleanup();
    client.lobby = lobby(false);
    client.watchers = { open: false, count: 0, host: true };
    expect(control('en').queryByRole('button')).toBeNull();
  });
});
