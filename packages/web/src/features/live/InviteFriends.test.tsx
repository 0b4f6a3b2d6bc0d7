// @vitest-environment happy-dom
/**
 * The friends' room's invitations against a stubbed server: a member whose friend (the host) is in the room already
 * is told so, not that none of their friends is online; friends online elsewhere are offered, in English and German.
 */
import type { FriendEntry } from '@hearts/protocol/http/friends';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { memoryStore } from '../../kit/storage';
import { inApp, jsonResponse, stubApi } from '../../test-support';
import { InviteFriends } from './FriendsParts';
import { TOKEN_KEY } from '../../kit/server/token';

const friend = (id: string, name: string, online: boolean): FriendEntry => ({
  id,
  name,
  status: 'friend',
  since: 1,
  online,
  places: [],
});

let friendsNow: FriendEntry[] = [];
beforeEach(() => {
  stubApi(({ path }) =>
    path === '/api/friends'
      ? jsonResponse({ friends: friendsNow, max: 200, requestsMax: 50, requestsFrom: 'anyone' })
      : undefined,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(lang: 'en' | 'de', members: string[]) {
  const store = memoryStore();
  store.set(TOKEN_KEY, 'token-1');
  render(inApp(<InviteFriends room="ABCDEF" members={members} />, { lang, store }));
}

it.each([
  ['en', 'Hosta is here already; none of your other friends is online just now.'],
  ['de', 'Hosta ist schon hier; sonst ist gerade keiner deiner Freunde online.'],
] as const)(
  '%s: a member whose only friend online is the host in the room is told so',
  async (lang, text) => {
    friendsNow = [friend('f1', 'Hosta', true), friend('f2', 'Offa', false)];
    show(lang, ['Hosta', 'Me']);
    await screen.findByText(text);
    expect(document.querySelectorAll('.friends-invite li')).toHaveLength(0);
  },
);

it('en: two friends here, one online elsewhere: the one elsewhere is offered; with none at all, none is said', async () => {
  friendsNow = [friend('f1', 'Hosta', true), friend('f2', 'Bea', true), friend('f3', 'Cara', false)];
  show('en', ['Hosta', 'Bea', 'Me']);
  await screen.findByText('Hosta, Bea are here already; none of your other friends is online just now.');
  cleanup();
  friendsNow = [...friendsNow, friend('f4', 'Dino', true)];
  show('en', ['Hosta', 'Bea', 'Me']);
  await screen.findByText('Your friends who are online get a notice with a link to this room.');
  expect(
    [...document.querySelectorAll('.friends-invite li')].map((l) => l.getAttribute('data-friend')),
  ).toEqual(['Dino']);
  cleanup();
  friendsNow = [friend('f3', 'Cara', false)];
  show('en', ['Hosta', 'Me']);
  await screen.findByText('None of your friends is online just now.');
});
