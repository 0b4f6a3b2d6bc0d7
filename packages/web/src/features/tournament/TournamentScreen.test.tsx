// @vitest-environment happy-dom
/**
 * The tournaments page against a stubbed server: the create form offers the host's rule options through the
 * options editor (without those a tournament fixes: players, target score, hands), sends them with the tournament,
 * and a tournament with options cannot be rated; your tournaments say "1 point" / "1 Punkt" (plurals in English and
 * German); a tournament's page tells its rules; when its events stream is refused or ends, the page is polled and
 * the stream tried again after 5 s, 10 s, … up to 60 s, and polling stops once the stream is open again. A new guest
 * is asked for in the UI's language.
 */
import type { TournamentEntry, TournamentPage, TournamentSummary } from '@hearts/protocol/http/tournaments';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderInApp, stubApi } from '../../test-support';
import TournamentScreen from './TournamentScreen';

const NOW = Date.UTC(2026, 11, 2, 18, 0);

const summary = (over: Partial<TournamentSummary> = {}): TournamentSummary => ({
  id: 't1',
  kind: 'private',
  name: 'Family night',
  host: 'Anna',
  status: 'upcoming',
  startsAt: NOW + 600_000,
  endsAt: NOW + 2_400_000,
  hands: 2,
  rules: {},
  rated: false,
  bots: true,
  maxWaitS: 20,
  players: 3,
  maxPlayers: 16,
  ...over,
});

const entry = (id: string, points: number, games: number): TournamentEntry => ({
  tournament: summary({ id, name: `Arena ${id}`, status: 'finished' }),
  rank: 2,
  of: 5,
  points,
  games,
  prize: 0,
});

let history: TournamentEntry[] = [];
let listed: TournamentSummary[] = [summary()];
let page: TournamentPage | null = null;
const created: unknown[] = [];
let pageRequests = 0;
const guests: unknown[] = []; // the bodies of new guests' requests
beforeEach(() => {
  listed = [summary()];
  history = [];
  created.length = 0;
  guests.length = 0;
  pageRequests = 0;
  stubApi(({ method, path, body }) => {
    if (path === '/api/tournaments/t1') pageRequests++;
    if (path === '/api/guest' && method === 'POST') guests.push(body);
    if (path === '/api/guest')
      return json({
        token: 'tok',
        user: { id: 'u1', name: 'Anna', claimed: false, rating: 1500, provisional: true, games: 0 },
        moderator: false,
      });
    if (path === '/api/tournaments' && method === 'POST') {
      created.push(body);
      return json({ id: 'new1' });
    }
    if (path === '/api/tournaments') return json({ running: [], upcoming: listed, finished: [] });
    if (path === '/api/tournament-history') return json({ tournaments: history });
    if (path === '/api/tournaments/t1' && page) return json(page);
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(lang: 'en' | 'de', rest: string, navigate?: (to: string) => void) {
  renderInApp(<TournamentScreen rest={rest} />, { lang, navigate });
}

it('en: the form offers the rule options a host may choose and sends them; a private tournament is never rated', async () => {
  const went: string[] = [];
  show('en', '', (to) => went.push(to));
  const form = (await screen.findByRole('heading', { name: 'Create a private tournament' })).closest(
    'section',
  )!;
  const f = within(form);
  expect(f.getByText('standard rules')).toBeTruthy();
  // Players choose their opponents in a private tournament: it is never rated, so the form offers no choice.
  expect(f.queryByRole('checkbox', { name: /Rated/i })).toBeNull();
  expect(f.getByText(/A private tournament is unrated and has no podium/)).toBeTruthy();
  // Not the options a tournament fixes.
  expect(f.queryByLabelText('Players')).toBeNull();
  expect(f.queryByLabelText('Play to (points)')).toBeNull();
  expect(f.getByLabelText('Rule set')).toBeTruthy();
  fireEvent.change(f.getByLabelText('Cards passed'), { target: { value: '0' } });
  fireEvent.click(f.getByLabelText('J♦ scores −10 (Omnibus)'));
  const summaryLine = form.querySelector('summary')!;
  expect(summaryLine.textContent).toBe('Rules: Cards passed: 0 · J♦ scores −10 (Omnibus): yes');
  await waitFor(() =>
    expect((f.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(false),
  );
  fireEvent.click(f.getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(went).toEqual(['/tournaments/new1']));
  expect(created[0]).toMatchObject({ rules: { passCards: 0, jackOfDiamonds: -10 } });
  expect(created[0]).not.toHaveProperty('rated');

  // A preset that sets fixed options keeps only the others (Black Maria for four).
  fireEvent.change(f.getByLabelText('Rule set'), { target: { value: 'blackMaria' } });
  expect(summaryLine.textContent).not.toContain('Players');
  expect(summaryLine.textContent).toContain('K♠ scores 10, A♠ 7: yes');
});

it('your tournaments: "1 point" and "1 game", "2.5 points"; German "1 Punkt", "1 Spiel"', async () => {
  history = [entry('a', 1, 1), entry('b', 2.5, 3)];
  show('en', ''); // (the texts' no-break spaces read as spaces here)
  expect(await screen.findByText('rank 2 of 5 · 1 point · 1 game')).toBeTruthy();
  expect(screen.getByText('rank 2 of 5 · 2.5 points · 3 games')).toBeTruthy();
  // A new guest is asked for in the UI's language (the server names a German one "Gast 4821").
  const asked = () => new Set(guests.splice(0).map((b) => JSON.stringify(b)));
  expect(asked()).toEqual(new Set(['{"lang":"en"}']));
  cleanup();
  show('de', '');
  expect(await screen.findByText('Platz 2 von 5 · 1 Punkt · 1 Spiel')).toBeTruthy();
  expect(screen.getByText('Platz 2 von 5 · 2,5 Punkte · 3 Spiele')).toBeTruthy();
  // The form says that a private tournament is unrated (and offers no choice of it).
  expect(screen.getByText(/Ein privates Turnier ist ungewertet und hat kein Podest/)).toBeTruthy();
  expect(screen.queryByRole('checkbox', { name: /gewertet/i })).toBeNull();
  history = [];
  expect(asked()).toEqual(new Set(['{"lang":"de"}']));
});

it("a tournament's page tells its rules: the options that differ, or the standard rules (en, de)", async () => {
  page = {
    tournament: summary({ rules: { passCards: 0, heartsMustBeBroken: false } }),
    phase: 'upcoming',
    now: NOW,
    standings: [],
    running: 0,
    finished: 0,
    you: null,
  };
  show('en', 't1');
  const line = await screen.findByText(/^Rules:/);
  expect(line.textContent).toBe('Rules: Cards passed: 0 · Hearts must be broken before they are led: no');
  cleanup();
  page = { ...page, tournament: summary() };
  show('de', 't1');
  expect((await screen.findByText(/^Regeln:/)).textContent).toBe('Regeln: Standardregeln');
  page = null;
});

it('a finished tournament: medals drawn for the podium, a flame for a streak and for a game counted double', async () => {
  const row = (rank: number, name: string, streak: number, doubled: boolean) => ({
    rank,
    name,
    you: false,
    points: 10 - rank,
    games: 2,
    wins: streak,
    streak,
    presence: 'active' as const,
    playing: false,
    prize: rank === 1 ? 50_000 : 0,
    results: [{ gameId: `g-${name}`, place: 1, points: 4, doubled }],
  });
  page = {
    tournament: summary({ status: 'finished' }),
    phase: 'finished',
    now: NOW,
    standings: [
      row(1, 'Anna', 3, true),
      row(2, 'Ben', 0, false),
      row(2, 'Cleo', 0, false),
      row(4, 'Dora', 2, false),
    ],
    running: 0,
    finished: 4,
    you: null,
  };
  show('en', 't1');
  const podium = await screen.findByRole('region', { name: 'Podium' });
  // Drawn, not emoji (a system without an emoji font shows those as boxes): the place on each medal, a tie shared.
  expect([...podium.querySelectorAll('li .medal svg text')].map((e) => e.textContent)).toEqual([
    '1',
    '2',
    '2',
  ]);
  expect(podium.textContent).not.toMatch(/[\u{1F947}-\u{1F949}]/u);
  // The prize chips the podium paid, beside the place (not only on the player page).
  expect(
    [...podium.querySelectorAll('li')].map((l) => l.querySelector('.tournament-prize')?.textContent ?? ''),
  ).toEqual([' · 50,000 chips', '', '']);
  expect(
    within(podium)
      .getAllByRole('img')
      .map((e) => e.getAttribute('aria-label')),
  ).toEqual(['place 1', 'place 2', 'place 2']);
  // A streak of two or more: a flame named in words.
  expect(screen.getAllByRole('img', { name: 'on a streak: the next game counts double' })).toHaveLength(2);
  fireEvent.click(screen.getByRole('button', { name: 'Anna' }));
  expect(screen.getByRole('img', { name: 'counted double (on a streak)' }).querySelector('svg')).toBeTruthy();
  expect(document.body.textContent).not.toContain('\u{1F525}');
  page = null;
});

it('an entrant the server marked away (issue #42): a mark in the standings and, for yourself, why and how to come back', async () => {
  const row = (rank: number, name: string, presence: 'active' | 'away' | 'paused', you = false) => ({
    rank,
    name,
    you,
    points: 4 - rank,
    games: 1,
    wins: rank === 1 ? 1 : 0,
    streak: 0,
    presence,
    playing: false,
    prize: 0,
    results: [],
  });
  page = {
    tournament: summary({ status: 'running' }),
    phase: 'running',
    now: NOW,
    standings: [
      row(1, 'Anna', 'active'),
      row(2, 'Ben', 'away'),
      row(3, 'Cleo', 'paused'),
      row(4, 'Dora', 'away', true),
    ],
    running: 0,
    finished: 1,
    you: { presence: 'away', tableId: null },
  };
  show('en', 't1');
  await screen.findByText(/You were away when your table was ready/);
  expect(screen.getByRole('button', { name: 'Come back' })).toBeTruthy();
  expect(screen.getAllByText('away')).toHaveLength(2); // Ben and you
  expect(screen.getAllByText('paused')).toHaveLength(1);
  cleanup();
  show('de', 't1');
  await screen.findByText(/Du warst nicht da, als dein Tisch bereit war/);
  expect(screen.getByRole('button', { name: 'Zurückkehren' })).toBeTruthy();
  expect(screen.getAllByText('abwesend')).toHaveLength(2);
  page = null;
});

it('after the end, a player who had left is not asked to join again; "Gewertete Spiele" only in a rated arena', async () => {
  const row = (rank: number, name: string, you = false) => ({
    rank,
    name,
    you,
    points: 4 - rank,
    games: 1,
    wins: 0,
    streak: 0,
    presence: you ? ('left' as const) : ('active' as const),
    playing: false,
    prize: 0,
    results: [],
  });
  const at = (rated: boolean, phase: 'running' | 'finished') => ({
    tournament: summary({ status: phase, rated, kind: rated ? 'arena' : 'private' }),
    phase,
    now: NOW,
    standings: [row(1, 'Anna'), row(2, 'Ben', true)],
    running: 0,
    finished: 4,
    you: { presence: 'left' as const, tableId: null },
  });
  page = at(false, 'finished');
  show('de', 't1');
  await screen.findByText(
    'Du hattest das Turnier vor dem Ende verlassen: Deine Punkte blieben in der Wertung.',
  );
  expect(screen.queryByText(/Tritt wieder bei/)).toBeNull();
  expect(screen.getByText('Spiele: 4 · laufend: 0')).toBeTruthy();
  cleanup();
  page = at(true, 'running');
  show('de', 't1');
  await screen.findByText(/Tritt wieder bei, um weiterzuspielen/);
  expect(screen.getByText('Gewertete Spiele: 4 · laufend: 0')).toBeTruthy();
  page = null;
});

/** An EventSource that the test opens, refuses or ends (`fail`) by hand; every one made is in `made`. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
    this.onmessage?.(); // the server tells the current version at once
  }
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

describe("a tournament's events stream", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    FakeEventSource.made = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    page = {
      tournament: summary({ status: 'running' }),
      phase: 'running',
      now: NOW,
      standings: [],
      running: 1,
      finished: 0,
      you: null,
    };
  });
  afterEach(() => {
    vi.useRealTimers();
    page = null;
  });
  const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const streams = () => FakeEventSource.made.length;
  const last = () => FakeEventSource.made.at(-1)!;

  it('refused or ended: polled every 2 s and tried again after 5, 10, 20, 40, 60, 60 s; open again: no polling', async () => {
    show('en', 't1');
    await wait(0);
    expect(streams()).toBe(1);
    expect(last().url).toBe(`${window.location.origin}/api/tournaments/t1/events`);
    expect(pageRequests).toBe(1);
    act(() => last().open());
    await wait(0);
    expect(pageRequests).toBe(2);
    await wait(30_000);
    expect(pageRequests).toBe(2); // the stream tells every change

    act(() => last().fail()); // ended by the server (a restart), or refused
    for (const backOff of [5000, 10_000, 20_000, 40_000, 60_000, 60_000]) {
      const before = streams();
      const polled = pageRequests;
      await wait(2000);
      expect(pageRequests).toBe(polled + 1);
      await wait(backOff - 2001);
      expect(streams()).toBe(before);
      await wait(1);
      expect(streams()).toBe(before + 1);
      await wait(2000); // still polled while the new stream connects
      expect(pageRequests).toBe(polled + Math.floor((backOff + 2000) / 2000));
      act(() => last().fail());
    }
    expect(streams()).toBe(7);

    // Open again: no more polling, and the next failure is retried after 5 s again.
    await wait(60_000);
    expect(streams()).toBe(8);
    act(() => last().open());
    await wait(0);
    const polled = pageRequests;
    await wait(60_000);
    expect(pageRequests).toBe(polled);
    expect(streams()).toBe(8);
    act(() => last().fail());
    await wait(5000);
    expect(streams()).toBe(9);
  });

  it('a finished tournament is neither polled nor its stream tried again', async () => {
    show('en', 't1');
    await wait(0);
    page = { ...page!, phase: 'finished', tournament: summary({ status: 'finished' }) };
    act(() => last().fail()); // 204 once finished
    await wait(2000);
    expect(pageRequests).toBe(2); // the poll that finds it finished
    await wait(120_000);
    expect(pageRequests).toBe(2);
    expect(streams()).toBe(1);
  });
});

it("the scheduled arenas are named in the reader's language; a host's name stays as given", async () => {
  listed = [
    summary(),
    summary({ id: 'h1', kind: 'scheduled', name: 'Hourly arena', schedule: 'hourly', host: null }),
  ];
  history = [
    {
      ...entry('w1', 4, 1),
      tournament: summary({ id: 'w1', kind: 'scheduled', name: 'Sunday arena', schedule: 'weekly' }),
    },
  ];
  show('de', '');
  expect(await screen.findByText('Stunden-Arena')).toBeTruthy();
  expect(await screen.findByText('Sonntags-Arena')).toBeTruthy();
  expect(screen.getByText('Family night')).toBeTruthy();
  expect(screen.queryByText('Hourly arena')).toBeNull();
  cleanup();
  show('en', '');
  expect(await screen.findByText('Hourly arena')).toBeTruthy();
  expect(await screen.findByText('Sunday arena')).toBeTruthy();
  // Your tournaments, the list and the form each need the account: one guest per page (a fresh device each).
  expect(guests).toHaveLength(2); // one per page shown
});
