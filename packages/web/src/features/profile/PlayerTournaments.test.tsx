// @vitest-environment happy-dom
/**
 * A player page's tournaments against a stubbed server: each finished tournament with its date, the player's
 * place of how many, points, games and prize chips, newest first as sent, a private one tagged; a click goes to the
 * tournament's page; an empty list says so; a bot level's page has no such section. English and German.
 */
import type { PlayerPage } from '@hearts/protocol/http/players';
import type { TournamentEntry } from '@hearts/protocol/http/tournaments';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { jsonResponse, renderInApp, stubApi } from '../../test-support';
import ProfileScreen from './ProfileScreen';

const START = Date.UTC(2026, 10, 28, 18, 0);

const entry = (
  id: string,
  name: string,
  over: Partial<TournamentEntry> & { kind?: 'arena' | 'scheduled' | 'private'; startsAt?: number },
): TournamentEntry => ({
  tournament: {
    id,
    kind: over.kind ?? 'arena',
    name,
    host: null,
    status: 'finished',
    startsAt: over.startsAt ?? START,
    endsAt: (over.startsAt ?? START) + 3_600_000,
    hands: 2,
    rules: {},
    rated: false,
    bots: true,
    maxWaitS: 60,
    players: 12,
    maxPlayers: 100,
  },
  rank: over.rank ?? 1,
  of: over.of ?? 12,
  points: over.points ?? 0,
  games: over.games ?? 0,
  prize: over.prize ?? 0,
});

const playerPage = (tournaments: TournamentEntry[] | undefined, bot: 'easy' | null = null): PlayerPage => ({
  subject: bot ? `b:${bot}` : 'u:anna1',
  name: bot ?? 'Anna',
  bot,
  rating: 1500,
  provisional: true,
  provisionalGames: 10,
  ratedGames: 0,
  idleDays: 0,
  lastPlayedAt: null,
  record: { games: 0, wins: 0, ratedGames: 0, hands: 0, pointsPerHand: null, moons: 0, queens: 0, left: 0 },
  history: [],
  recent: [],
  ...(bot ? {} : { id: 'anna1', tournaments }),
});

let answer: PlayerPage = playerPage([]);
beforeEach(() => {
  stubApi(() => jsonResponse(answer));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(lang: 'en' | 'de', rest: string, navigate?: (to: string) => void) {
  renderInApp(<ProfileScreen section="profile" rest={rest} />, { lang, navigate });
}

const two = [
  entry('t-new', 'Evening arena', {
    rank: 2,
    of: 12,
    points: 10.5,
    games: 5,
    prize: 25_000,
    startsAt: START,
  }),
  entry('t-old', 'Family night', {
    kind: 'private',
    rank: 7,
    of: 9,
    points: 1,
    games: 1,
    startsAt: START - 86_400_000,
  }),
];

it('en: each tournament with date, place, points, games and prize, in the order sent; a click opens it', async () => {
  answer = playerPage(two);
  const went: string[] = [];
  show('en', 'anna1', (to) => went.push(to));
  const section = (await screen.findByRole('heading', { name: 'Tournaments' })).closest('section')!;
  const items = within(section).getAllByRole('listitem');
  expect(items.map((li) => li.getAttribute('data-tournament'))).toEqual(['t-new', 't-old']);
  const [first, second] = items as [HTMLElement, HTMLElement];
  expect(within(first).getByText('Evening arena')).toBeTruthy();
  expect(within(first).getByText('2nd of 12 · 10.5 points · 5 games')).toBeTruthy();
  expect(within(first).getByText('Prize: 25,000 chips')).toBeTruthy();
  expect(first.textContent).toContain(
    new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(START)),
  );
  expect(within(second).getByText('7th of 9 · 1 point · 1 game')).toBeTruthy();
  expect(within(second).getByText('private')).toBeTruthy();
  expect(second.textContent).not.toContain('Prize');
  fireEvent.click(within(second).getByRole('button'));
  expect(went).toEqual(['/tournaments/t-old']);
});

it('de: the same in German', async () => {
  answer = playerPage(two);
  show('de', 'anna1');
  const section = (await screen.findByRole('heading', { name: 'Turniere' })).closest('section')!;
  const [first, second] = within(section).getAllByRole('listitem') as [HTMLElement, HTMLElement];
  expect(within(first).getByText('2. Platz von 12 · 10,5 Punkte · 5 Spiele')).toBeTruthy();
  expect(within(first).getByText('Preis: 25.000 Jetons')).toBeTruthy();
  expect(within(second).getByText('7. Platz von 9 · 1 Punkt · 1 Spiel')).toBeTruthy();
  expect(within(second).getByText('privat')).toBeTruthy();
});

it('no finished tournament: says so (en, de); a bot level has no tournaments section', async () => {
  answer = playerPage([]);
  show('en', 'anna1');
  expect(await screen.findByText('No finished tournaments yet.')).toBeTruthy();
  cleanup();
  show('de', 'anna1');
  expect(await screen.findByText('Noch keine beendeten Turniere.')).toBeTruthy();
  cleanup();
  answer = playerPage(undefined, 'easy');
  show('en', 'bot/easy');
  await screen.findByText('Recent games');
  expect(screen.queryByRole('heading', { name: 'Tournaments' })).toBeNull();
});

it('a bot level’s page names the level in the reader’s language, not by its id', async () => {
  answer = playerPage(undefined, 'easy');
  show('de', 'bot/easy');
  await screen.findByText('Letzte Spiele');
  expect(document.querySelector('.player-name')?.textContent).toBe('Bot · Leicht');
  expect(screen.queryByText('easy')).toBeNull();
});
