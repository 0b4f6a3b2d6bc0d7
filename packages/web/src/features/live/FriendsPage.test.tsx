// @vitest-environment happy-dom
/**
 * The Friends page and the seat menu against a stubbed server: requests answered, friends shown with where they
 * are (Watch only for a watchable table, Join for a friends' room), in English and German; the seat menu's items
 * run and say what happened.
 */
import type { TableClient } from '@hearts/live';
import type { FriendEntry } from '@hearts/protocol/http/friends';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { memoryStore } from '../../kit/storage';
import { inApp, jsonResponse, stubApi } from '../../test-support';
import FriendsPage from './FriendsPage';
import { PlayerMenu } from './PlayerMenu';
import { FRIENDS_CHANGED } from './friends';
import { TOKEN_KEY } from '../../kit/server/token';

const FRIENDS: FriendEntry[] = [
  { id: 'f2', user: 'u2', name: 'Ben', status: 'friend', since: 1, online: true, places: [] },
  {
    id: 'f3',
    user: 'u3',
    name: 'Cleo',
    status: 'friend',
    since: 1,
    online: true,
    places: [{ room: 'T1', kind: 'quick', watchable: true, since: 5 }],
  },
  {
    id: 'f4',
    name: 'Dora',
    status: 'friend',
    since: 1,
    online: true,
    places: [{ room: 'ABC234', kind: 'lobby', watchable: false, since: 6 }],
  },
  {
    id: 'f5',
    name: 'Emil',
    status: 'friend',
    since: 1,
    online: true,
    places: [{ room: 'T9', kind: 'daily', watchable: false, since: 7 }],
  },
  { id: 'f6', name: 'Finn', status: 'friend', since: 1, online: false, places: [] },
  { id: 'f7', name: 'Gina', status: 'incoming', since: 1, online: false, places: [] },
  { id: 'f8', name: 'Hugo', status: 'incoming', since: 2, online: false, places: [] },
];

let calls: { method: string; path: string; body: unknown }[] = [];
let friendsNow: FriendEntry[] = FRIENDS; // what GET /api/friends answers
const json = (status: number, body: unknown) => jsonResponse(body, status);

beforeEach(() => {
  calls = [];
  stubApi((call) => {
    const { method, path } = call;
    calls.push(call);
    if (path === '/api/me')
      return json(200, {
        user: { id: 'u1', name: 'Anna', claimed: false, rating: 1500, provisional: true, games: 0 },
        moderator: false,
      });
    if (path === '/api/friends' && method === 'GET')
      return json(200, { friends: friendsNow, max: 200, requestsMax: 50, requestsFrom: 'anyone' });
    if (path === '/api/friends/settings') return json(200, call.body);
    if (path === '/api/friends/requests/decline') return json(200, { declined: 2 });
    if (path === '/api/friends' && method === 'POST') {
      const name = (calls.at(-1)!.body as { name: string }).name;
      if (name === 'Nobody') return json(404, { error: 'ERR_NOT_FOUND', message: 'nobody' });
      if (name === 'Stranger') return json(403, { error: 'ERR_REQUESTS_CLOSED', message: 'closed' });
      if (name.toLowerCase() === 'bruno specht') {
        friendsNow = [
          ...friendsNow,
          { id: 'f9', name: 'Bruno Specht', status: 'outgoing', since: 3, online: false, places: [] },
        ];
        return json(200, { outcome: 'requested', friend: { id: 'f9', name: 'Bruno Specht' } });
      }
      return json(200, { outcome: name === 'Ben' ? 'friends' : 'requested', friend: { id: 'f9', name } });
    }
    if (/^\/api\/friends\/f\d\/(accept|remove)$/.test(path)) return json(200, { ok: true });
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrap(lang: 'en' | 'de', children: ReactNode, navigate?: (to: string) => void) {
  const store = memoryStore();
  store.set(TOKEN_KEY, 'token-1');
  return inApp(children, { lang, navigate, store });
}

const row = (name: string) => document.querySelector(`li[data-friend="${name}"]`)!;

it('en: friends online first with where they are; Watch only at a watchable table, Join for a room', async () => {
  const went: string[] = [];
  render(wrap('en', <FriendsPage />, (to) => went.push(to)));
  await screen.findByText('Cleo');
  expect(row('Ben').textContent).toContain('online');
  expect(row('Cleo').textContent).toContain('at a quick match');
  expect(row('Dora').textContent).toContain('in friends’ room ABC234');
  expect(row('Emil').textContent).toContain('playing the daily game');
  expect(row('Finn').textContent).toContain('offline');
  const names = [...document.querySelectorAll('.friends-list li[data-friend]')].map((l) =>
    l.getAttribute('data-friend'),
  );
  expect(names).toEqual(['Gina', 'Hugo', 'Ben', 'Cleo', 'Dora', 'Emil', 'Finn']); // requests first, offline last
  const buttons = (name: string) => [...row(name).querySelectorAll('button')].map((b) => b.textContent);
  expect(buttons('Cleo')).toEqual(['Watch', 'Remove']);
  expect(buttons('Dora')).toEqual(['Join', 'Remove']);
  expect(buttons('Emil')).toEqual(['Remove']); // a daily table is never watched
  fireEvent.click(screen.getByRole('button', { name: 'Watch' }));
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect(went).toEqual(['/live/watch/T1', '/live/ABC234']);
  // Accepting Gina's request.
  expect(row('Gina').textContent).toContain('Gina wants to be your friend');
  fireEvent.click(within(row('Gina') as HTMLElement).getByRole('button', { name: 'Accept' }));
  await waitFor(() =>
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/friends/f7/accept')).toBe(true),
  );
  // No user id is named: the requests go by the friendship's id.
  expect(calls.every((c) => !/\/u\d/.test(c.path))).toBe(true);
});

it('en: open requests counted against their cap, declined all at once; taking requests only from people you know', async () => {
  render(wrap('en', <FriendsPage />));
  await screen.findByText('Cleo');
  screen.getByText('Open requests to you: 2 of at most 50.');
  vi.stubGlobal('confirm', () => true);
  fireEvent.click(screen.getByRole('button', { name: 'Decline all' }));
  await waitFor(() =>
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/friends/requests/decline')).toBe(true),
  );
  const known = screen.getByRole('checkbox', { name: 'Only from people I know' });
  expect((known as HTMLInputElement).checked).toBe(false);
  screen.getByText(/friends of your friends/);
  fireEvent.click(known);
  await waitFor(() =>
    expect(calls.find((c) => c.path === '/api/friends/settings')?.body).toEqual({ requestsFrom: 'known' }),
  );
});

it('de: adding by name says what happened, a refusal in words', async () => {
  render(wrap('de', <FriendsPage />));
  await screen.findByText('Cleo');
  expect(row('Cleo').textContent).toContain('spielt ein schnelles Spiel');
  const input = screen.getByLabelText('Name');
  fireEvent.change(input, { target: { value: '  Hanna ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Anfrage senden' }));
  await screen.findByText('Anfrage an Hanna gesendet.');
  expect(calls.find((c) => c.method === 'POST' && c.path === '/api/friends')?.body).toEqual({
    name: 'Hanna',
  });
  fireEvent.change(input, { target: { value: 'Nobody' } });
  fireEvent.click(screen.getByRole('button', { name: 'Anfrage senden' }));
  await screen.findByText(/Niemand heißt so/);
  fireEvent.change(input, { target: { value: 'Stranger' } });
  fireEvent.click(screen.getByRole('button', { name: 'Anfrage senden' }));
  await screen.findByText('Diese Person nimmt Freundschaftsanfragen nur von Leuten an, die sie kennt.');
  screen.getByRole('checkbox', { name: 'Nur von Leuten, die ich kenne' });
});

it('a request names the player as they write themselves, and its note goes once they accept', async () => {
  friendsNow = FRIENDS;
  render(wrap('en', <FriendsPage />));
  await screen.findByText('Cleo');
  fireEvent.change(screen.getByLabelText('Player name'), { target: { value: 'bruno specht' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
  await screen.findByText('Request sent to Bruno Specht.');
  // He accepts: the notice makes the page read the list again, where he is a friend now.
  friendsNow = friendsNow.map((f) => (f.id === 'f9' ? { ...f, status: 'friend' as const } : f));
  window.dispatchEvent(new Event(FRIENDS_CHANGED));
  await waitFor(() => expect(screen.queryByText('Request sent to Bruno Specht.')).toBeNull());
  expect(row('Bruno Specht').textContent).toContain('Bruno Specht');
});

it('the seat menu: add as a friend first, then block and report; the answer in a line', async () => {
  const client = { currentToken: 'token-1', send: vi.fn() } as unknown as TableClient;
  render(wrap('en', <PlayerMenu target={{ client, tableId: 'T1', seat: 2, name: 'Ben' }} />));
  fireEvent.click(screen.getByRole('button', { name: 'More about Ben' }));
  const menu = within(screen.getByRole('dialog', { name: 'More about Ben' }));
  expect(menu.getAllByRole('button').map((b) => b.textContent)).toEqual([
    '✕',
    'Add friend',
    'Block',
    'Report',
  ]);
  fireEvent.click(menu.getByRole('button', { name: 'Add friend' }));
  await screen.findByText('Ben is your friend already.');
  expect(calls.at(-1)).toEqual({ method: 'POST', path: '/api/friends', body: { name: 'Ben' } });
});

it.each([
  ['en', 'Player page'],
  ['de', 'Spielerseite'],
] as const)(
  '%s: a friend’s name links to their player page; a request’s names nobody’s page',
  async (lang, title) => {
    render(wrap(lang, <FriendsPage />));
    await screen.findByText('Cleo');
    const link = within(row('Ben') as HTMLElement).getByRole('link', { name: 'Ben' });
    expect(link.getAttribute('href')).toBe('#/profile/u2');
    expect(link.getAttribute('title')).toBe(title);
    expect(
      within(row('Cleo') as HTMLElement)
        .getByRole('link', { name: 'Cleo' })
        .getAttribute('href'),
    ).toBe('#/profile/u3');
    // Requests carry no user id, and a friend from a server that did not send one: the name without a link.
    for (const name of ['Gina', 'Hugo', 'Dora']) expect(row(name).querySelector('a')).toBeNull();
    expect(row('Dora').textContent).toContain('Dora');
  },
);
