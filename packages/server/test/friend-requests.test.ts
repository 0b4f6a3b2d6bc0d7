/**
 * Issue #42, scenario 4: filling a stranger's friend list. Incoming requests counted against the 200 friends'
 * places: 200 strangers' requests (6 s) filled a player's list, who could then neither add nor be added by a real
 * friend; clearing it took 200 calls, and each answer returned the target's user id. Now a player receives at most
 * FRIEND_REQUESTS_MAX open requests apart from their own places (the newest refused, `ERR_REQUESTS_FULL`), declines
 * them all in one call, may take requests only from people they know (who finished a game with them, friends of
 * friends: everyone else gets one and the same answer, `ERR_REQUESTS_CLOSED`), and no answer of the friends' routes
 * names a user id but a friend's own, on the friend's entry in the list (the link to their player page). On SQLite
 * and PostgreSQL (requests and the choice are stored).
 */
import { describe, expect, test } from 'vitest';
import { FRIEND_REQUESTS_MAX, FRIENDS_MAX, type FriendEntry } from '@hearts/protocol/http';
import { AutoPlayer, api, friendsGame, guest, serverPerTest, until } from './helpers.js';
import { DATABASES, storeOn } from './databases.js';

type Guest = Awaited<ReturnType<typeof guest>>;

describe.each(DATABASES)('friend requests on %s', (db) => {
  const startServer = serverPerTest();

  test('200 strangers no longer fill a list; a real friend is still added; one call declines them; the choice to take requests from people one knows', async () => {
    const t = await startServer({}, { store: await storeOn(db) });
    const url = t.url;
    // Every answer of the friends' routes: none may name a user id but a friend's own (`user` of a friend's entry).
    const answers: unknown[] = [];
    const call = async <T = Record<string, unknown>>(path: string, token: string, body?: unknown) => {
      const r = await api<T>(url, path, { token, ...(body === undefined ? {} : { body }) });
      answers.push(r.body);
      return r;
    };
    const list = async (token: string) =>
      (
        await call<{ friends: FriendEntry[]; max: number; requestsMax: number; requestsFrom: string }>(
          '/api/friends',
          token,
        )
      ).body;

    const [target, friend, friendOfFriend] = [await guest(url), await guest(url), await guest(url)];
    const strangers: Guest[] = [];
    for (let i = 0; i < 200; i += 20)
      strangers.push(...(await Promise.all(Array.from({ length: 20 }, () => guest(url)))));

    // 200 strangers ask: FRIEND_REQUESTS_MAX requests get in, the newer ones are refused with a clear code.
    const asked = [];
    for (const s of strangers) asked.push(await call(`/api/friends`, s.token, { name: target.name }));
    expect(asked.slice(0, FRIEND_REQUESTS_MAX).map((a) => a.body)).toEqual(
      Array(FRIEND_REQUESTS_MAX).fill({
        outcome: 'requested',
        friend: { id: expect.stringMatching(/^f/), name: target.name },
      }),
    );
    for (const a of asked.slice(FRIEND_REQUESTS_MAX))
      expect(a).toEqual({
        status: 409,
        body: {
          error: 'ERR_REQUESTS_FULL',
          message: expect.stringContaining(`${FRIEND_REQUESTS_MAX} open friend requests`),
        },
      });
    const full = await list(target.token);
    expect(full).toMatchObject({
      max: FRIENDS_MAX,
      requestsMax: FRIEND_REQUESTS_MAX,
      requestsFrom: 'anyone',
    });
    expect(full.friends.filter((f) => f.status === 'incoming')).toHaveLength(FRIEND_REQUESTS_MAX);

    // The target's own places are free: they add a real friend, who accepts by the request's id.
    expect((await call('/api/friends', target.token, { name: friend.name })).body).toMatchObject({
      outcome: 'requested',
    });
    const request = (await list(friend.token)).friends.find((f) => f.name === target.name)!;
    expect(request.status).toBe('incoming');
    expect((await call(`/api/friends/${request.id}/accept`, friend.token, {})).body).toEqual({ ok: true });
    expect((await list(target.token)).friends.find((f) => f.name === friend.name)?.status).toBe('friend');

    // One call declines every open request.
    expect((await call('/api/friends/requests/decline', target.token, {})).body).toEqual({
      declined: FRIEND_REQUESTS_MAX,
    });
    expect((await list(target.token)).friends.map((f) => [f.name, f.status])).toEqual([
      [friend.name, 'friend'],
    ]);

    // Only people one knows: every stranger gets the same answer; a friend of a friend gets through.
    expect((await call('/api/friends/settings', target.token, { requestsFrom: 'known' })).body).toEqual({
      requestsFrom: 'known',
    });
    expect((await list(target.token)).requestsFrom).toBe('known');
    const refused = [];
    for (const s of strangers.slice(0, 10))
      refused.push(await call('/api/friends', s.token, { name: target.name }));
    expect(new Set(refused.map((r) => JSON.stringify(r)))).toEqual(
      new Set([
        JSON.stringify({
          status: 403,
          body: {
            error: 'ERR_REQUESTS_CLOSED',
            message: `${target.name} takes friend requests only from people they played with or friends of their friends`,
          },
        }),
      ]),
    );
    expect((await list(target.token)).friends).toHaveLength(1);
    await call('/api/friends', friend.token, { name: friendOfFriend.name });
    const fof = (await list(friendOfFriend.token)).friends[0]!;
    await call(`/api/friends/${fof.id}/accept`, friendOfFriend.token, {});
    expect((await call('/api/friends', friendOfFriend.token, { name: target.name })).body).toMatchObject({
      outcome: 'requested',
    });
    // The choice holds for requests only: the target still asks anyone.
    expect((await call('/api/friends', target.token, { name: strangers[0]!.name })).body).toMatchObject({
      outcome: 'requested',
    });

    // Removing and the invites' list go by the friendship's id and name people only.
    const link = (await list(target.token)).friends.find((f) => f.name === strangers[0]!.name)!;
    expect((await call(`/api/friends/${link.id}/remove`, target.token, {})).body).toEqual({ ok: true });
    // Someone else's friendship id is nobody's business: 404.
    const theirs = (await list(friend.token)).friends.find((f) => f.name === friendOfFriend.name)!;
    expect((await call(`/api/friends/${theirs.id}/remove`, target.token, {})).status).toBe(404);
    await call('/api/invites', target.token);

    const everyone = [target, friend, friendOfFriend, ...strangers];
    const idOf = new Map(everyone.map((u) => [u.name, u.id]));
    // A friend's entry names that friend (and only a friend's entry names anyone): taken out, no id is left.
    let friendsNamed = 0;
    const rest = answers.map((a) => {
      const entries = (a as { friends?: FriendEntry[] } | null)?.friends;
      if (!Array.isArray(entries)) return a;
      return entries.map(({ user, ...entry }) => {
        if (entry.status === 'friend') {
          expect(user).toBe(idOf.get(entry.name));
          friendsNamed++;
        } else expect(user).toBeUndefined();
        return entry;
      });
    });
    expect(friendsNamed).toBeGreaterThan(0);
    const text = JSON.stringify(rest);
    for (const u of everyone) expect(text).not.toContain(u.id);
  }, 120_000);

  test('someone a player blocked gets the same answer as a stranger, whom they take requests from', async () => {
    const t = await startServer({}, { store: await storeOn(db) });
    const url = t.url;
    const [anna, ben, cleo] = [await guest(url), await guest(url), await guest(url)];
    expect((await api(url, '/api/blocks', { token: anna.token, body: { userId: ben.id } })).status).toBe(200);
    const closed = {
      status: 403,
      body: {
        error: 'ERR_REQUESTS_CLOSED',
        message: `${anna.name} takes friend requests only from people they played with or friends of their friends`,
      },
    };
    expect(await api(url, '/api/friends', { token: ben.token, body: { name: anna.name } })).toEqual(closed);
    expect((await api(url, '/api/friends', { token: cleo.token, body: { name: anna.name } })).status).toBe(
      200,
    );
    await api(url, '/api/friends/settings', { token: anna.token, body: { requestsFrom: 'known' } });
    expect(await api(url, '/api/friends', { token: ben.token, body: { name: anna.name } })).toEqual(closed);
    // Unblocked: Ben asks as anyone does.
    await api(url, '/api/friends/settings', { token: anna.token, body: { requestsFrom: 'anyone' } });
    await api(url, '/api/blocks/remove', { token: anna.token, body: { name: ben.name } });
    expect((await api(url, '/api/friends', { token: ben.token, body: { name: anna.name } })).status).toBe(
      200,
    );
  });

  test('who finished a game with a player may ask them under "people I know"; who only started one may not', async () => {
    const t = await startServer({}, { store: await storeOn(db) });
    const url = t.url;
    const g = await friendsGame(url, 2, { handsToPlay: 1 });
    const [anna, ben] = g.users as [Guest, Guest];
    expect(
      (await api(url, '/api/friends/settings', { token: anna.token, body: { requestsFrom: 'known' } }))
        .status,
    ).toBe(200);
    // Still playing: not yet known.
    expect(
      (await api(url, '/api/friends', { token: ben.token, body: { name: anna.name } })).body,
    ).toMatchObject({
      error: 'ERR_REQUESTS_CLOSED',
    });
    const players = g.clients.map((c, i) => new AutoPlayer(c, 42 + i));
    await until('the game to end', () => g.clients.every((c) => c.result !== null), 120_000);
    expect(players.flatMap((p) => p.errors)).toEqual([]);
    await until('the game stored as finished', async () => {
      const r = await api(url, '/api/friends', { token: ben.token, body: { name: anna.name } });
      return (r.body as { outcome?: string }).outcome === 'requested';
    });
    const stranger = await guest(url);
    expect(
      (await api(url, '/api/friends', { token: stranger.token, body: { name: anna.name } })).body,
    ).toMatchObject({
      error: 'ERR_REQUESTS_CLOSED',
    });
    for (const c of g.clients) c.vanish();
  }, 180_000);
});
