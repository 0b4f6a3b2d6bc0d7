/**
 * The friends' storage contract ({@link FriendsStore}), run by `describeGameStore` on every database: a friendship
 * is asked and accepted (never one-sided), crossing requests meet in one row, either side ends it, names are read
 * fresh, invites run out and belong to their receiver.
 */
import { expect, test } from 'vitest';
import type { GameStore, UserRecord } from '../src/store/types.js';

const user = (id: string, name: string): UserRecord => ({
  id,
  name,
  passwordHash: null,
  tokenGeneration: 0,
  rating: 1500,
  games: 0,
  createdAt: 1,
  lastPlayedAt: null,
});

async function people(s: GameStore, ...names: string[]): Promise<string[]> {
  for (const [i, n] of names.entries()) await s.createUser(user(`u${i + 1}`, n));
  return names.map((_, i) => `u${i + 1}`);
}

export function describeFriendsStore(store: () => GameStore): void {
  test('friends: a request is open until the other side accepts; only they can accept it', async () => {
    const s = store();
    const [anna, ben] = await people(s, 'Anna', 'Ben');
    const f = s.friends;
    expect(await f.request(anna!, ben!, 10)).toBe('requested');
    expect(await f.request(anna!, ben!, 11)).toBe('pending');
    expect(await f.areFriends(anna!, ben!)).toBe(false);
    expect(await f.friendIds(anna!)).toEqual([]);
    expect(await f.links(anna!)).toEqual([
      { id: expect.stringMatching(/^f/), userId: ben, name: 'Ben', status: 'outgoing', since: 10 },
    ]);
    expect(await f.links(ben!)).toEqual([
      { id: expect.stringMatching(/^f/), userId: anna, name: 'Anna', status: 'incoming', since: 10 },
    ]);
    expect(await f.accept(anna!, ben!, 12)).toBe(false); // the asker cannot accept their own request
    expect(await f.accept(ben!, anna!, 20)).toBe(true);
    expect(await f.accept(ben!, anna!, 21)).toBe(false); // once
    expect(await f.areFriends(anna!, ben!)).toBe(true);
    expect(await f.areFriends(ben!, anna!)).toBe(true);
    expect(await f.friendIds(anna!)).toEqual([ben]);
    expect(await f.friendIds(ben!)).toEqual([anna]);
    expect(await f.links(anna!)).toEqual([
      { id: expect.stringMatching(/^f/), userId: ben, name: 'Ben', status: 'friend', since: 20 },
    ]);
    expect(await f.request(ben!, anna!, 30)).toBe('friends');
    expect(await f.counts(anna!)).toEqual({ friends: 1, outgoing: 0, incoming: 0 });
  });

  test('friends: requests crossing each other, also concurrently, end in one friendship', async () => {
    const s = store();
    const [a, b, c] = await people(s, 'Anna', 'Ben', 'Cleo');
    expect(await s.friends.request(a!, b!, 10)).toBe('requested');
    expect(await s.friends.request(b!, a!, 11)).toBe('accepted');
    expect(await s.friends.areFriends(a!, b!)).toBe(true);
    const both = await Promise.all([
      s.friends.request(a!, c!, 20),
      s.friends.request(c!, a!, 20),
      s.friends.request(a!, c!, 20),
      s.friends.request(c!, a!, 20),
    ]);
    expect(await s.friends.areFriends(a!, c!)).toBe(true);
    expect(both.filter((o) => o === 'requested')).toHaveLength(1);
    expect(both.filter((o) => o === 'accepted')).toHaveLength(1);
    expect(await s.friends.links(c!)).toEqual([
      { id: expect.stringMatching(/^f/), userId: a, name: 'Anna', status: 'friend', since: 20 },
    ]);
    expect(await s.friends.counts(a!)).toEqual({ friends: 2, outgoing: 0, incoming: 0 });
  });

  test('friends: either side ends a friendship or a request; the list is sorted and reads names fresh', async () => {
    const s = store();
    const [a, b, c, d] = await people(s, 'anna', 'Ben', 'Cleo', 'Dora');
    const f = s.friends;
    await f.request(a!, b!, 1);
    await f.accept(b!, a!, 2);
    await f.request(c!, a!, 3); // incoming for a
    await f.request(a!, d!, 4); // outgoing for a
    await s.renameUser(b!, 'Bea');
    expect((await f.links(a!)).map((l) => [l.name, l.status])).toEqual([
      ['Bea', 'friend'],
      ['Cleo', 'incoming'],
      ['Dora', 'outgoing'],
    ]);
    expect(await f.remove(b!, a!)).toBe(true); // unfriend, by the other side
    expect(await f.remove(a!, b!)).toBe(false);
    expect(await f.areFriends(a!, b!)).toBe(false);
    expect(await f.remove(a!, c!)).toBe(true); // decline
    expect(await f.remove(a!, d!)).toBe(true); // withdraw
    expect(await f.links(a!)).toEqual([]);
    expect(await f.counts(a!)).toEqual({ friends: 0, outgoing: 0, incoming: 0 });
    expect(await f.request(d!, a!, 5)).toBe('requested'); // asked anew after a withdrawal
  });

  test('friends: a link has one id for both sides, found only by its two users; requests counted by kind, declined at once', async () => {
    const s = store();
    const [a, b, c, d] = await people(s, 'Anna', 'Ben', 'Cleo', 'Dora');
    const f = s.friends;
    await f.request(a!, b!, 1);
    await f.accept(b!, a!, 2); // a and b: friends
    await f.request(c!, a!, 3); // incoming for a
    await f.request(d!, a!, 4); // incoming for a
    await f.request(a!, d!, 5); // crossing: a and d friends now
    await f.request(a!, c!, 6); // crossing too
    await f.request(b!, c!, 7); // outgoing for b
    const ab = (await f.links(a!)).find((l) => l.userId === b)!;
    expect(ab.id).toMatch(/^f/);
    expect((await f.links(b!)).find((l) => l.userId === a)!.id).toBe(ab.id);
    expect(await f.link(a!, ab.id)).toEqual(ab);
    expect(await f.link(b!, ab.id)).toMatchObject({ userId: a, status: 'friend' });
    expect(await f.link(c!, ab.id)).toBeNull(); // not c's
    expect(await f.link(a!, 'fnothing')).toBeNull();
    expect(await f.counts(a!)).toEqual({ friends: 3, outgoing: 0, incoming: 0 });
    expect(await f.counts(b!)).toEqual({ friends: 1, outgoing: 1, incoming: 0 });
    expect(await f.counts(c!)).toEqual({ friends: 1, outgoing: 0, incoming: 1 });
    await f.request(d!, c!, 8);
    expect(await f.counts(c!)).toEqual({ friends: 1, outgoing: 0, incoming: 2 });
    expect(await f.declineAll(c!)).toBe(2); // b's and d's requests; the friendship with a stays
    expect(await f.counts(c!)).toEqual({ friends: 1, outgoing: 0, incoming: 0 });
    expect(await f.counts(b!)).toEqual({ friends: 1, outgoing: 0, incoming: 0 });
    expect(await f.declineAll(c!)).toBe(0);
  });

  test('friends: whom a user takes requests from is stored; who knows whom: a friend in common', async () => {
    const s = store();
    const [a, b, c, d] = await people(s, 'Anna', 'Ben', 'Cleo', 'Dora');
    const f = s.friends;
    expect(await f.requestsFrom(a!)).toBe('anyone');
    await f.setRequestsFrom(a!, 'known');
    expect(await f.requestsFrom(a!)).toBe('known');
    expect(await f.requestsFrom(b!)).toBe('anyone');
    await f.setRequestsFrom(a!, 'anyone');
    expect(await f.requestsFrom(a!)).toBe('anyone');
    await f.request(a!, b!, 1);
    await f.accept(b!, a!, 1);
    await f.request(b!, c!, 2);
    expect(await f.known(a!, c!)).toBe(false); // b asked c, not friends yet
    await f.accept(c!, b!, 3);
    expect(await f.known(a!, c!)).toBe(true);
    expect(await f.known(c!, a!)).toBe(true);
    expect(await f.known(a!, d!)).toBe(false);
  });

  test('friends: invites belong to their receiver, run out, and go with the friendship', async () => {
    const s = store();
    const [a, b, c] = await people(s, 'Anna', 'Ben', 'Cleo');
    const f = s.friends;
    await f.request(a!, b!, 1);
    await f.accept(b!, a!, 1);
    const invite = (id: string, from: string, to: string, at: number) => ({
      id,
      fromId: from,
      toId: to,
      roomId: 'ABC234',
      createdAt: at,
      expiresAt: at + 100,
    });
    await f.addInvite(invite('i1', a!, b!, 1000));
    await f.addInvite(invite('i2', a!, b!, 1050));
    await f.addInvite(invite('i3', a!, c!, 1000));
    expect(await f.invites(b!, 1060)).toEqual([
      { ...invite('i2', a!, b!, 1050), fromName: 'Anna' },
      { ...invite('i1', a!, b!, 1000), fromName: 'Anna' },
    ]);
    expect((await f.invites(b!, 1100)).map((i) => i.id)).toEqual(['i2']); // i1 ran out at 1100
    expect((await f.invites(b!, 1060)).map((i) => i.id)).toEqual(['i2']); // and is gone
    expect(await f.dropInvite('i3', b!)).toBe(false); // not b's
    expect(await f.dropInvite('i2', b!)).toBe(true);
    expect(await f.invites(b!, 1060)).toEqual([]);
    await f.addInvite(invite('i4', a!, b!, 2000));
    await f.addInvite(invite('i5', b!, a!, 2000));
    await f.remove(a!, b!);
    expect(await f.invites(b!, 2001)).toEqual([]);
    expect(await f.invites(a!, 2001)).toEqual([]);
    expect((await f.invites(c!, 1001)).map((i) => i.id)).toEqual(['i3']);
  });
}
