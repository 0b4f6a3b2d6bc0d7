/**
 * Friends over HTTP (issue #20): the handlers of `ROUTES.friends`, `friendAdd`, `friendAccept`, `friendRemove`,
 * `friendInvite`, `invites` and `inviteDismiss` of `@hearts/protocol/http`, and the notices stream (`NOTICES_PATH`,
 * Server-Sent Events) that brings invites and changes of the friends list to an open app.
 *
 * A friendship is mutual: asked by one, accepted by the other (store/friends.ts). Only friends see whether one is
 * online and at which table (whereabouts.ts: across every process), and only friends invite each other — into a
 * friends' room the inviter is in, before its game starts; an invite runs out after INVITE_TTL_MS. Guests have an
 * account too and may have friends. Every route counts against LIMIT_FRIENDS per address; invites also against
 * LIMIT_INVITES per user; a user keeps at most FRIENDS_MAX friends and requests made, receives at most
 * FRIEND_REQUESTS_MAX open requests (apart: strangers cannot fill the friends' places), takes requests from anyone
 * or only from people they know (`requestsFrom`), and holds at most {@link STREAMS_PER_USER} notices streams per
 * process. No answer names a stranger's user id (issue #42): friendships and requests go by their own id, people by
 * name; only a friend's entry in the list carries the friend's id, for the link to their player page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  FRIENDS_MAX,
  FRIEND_REQUESTS_MAX,
  INVITE_TTL_MS,
  type FriendEntry,
  type Invite,
  type Notice,
} from '@hearts/protocol/http';
import type { Handlers } from './api-router.js';
import { HEARTBEAT_MS, HttpError, bearerToken, rateLimitError } from './http-json.js';
import { randomString } from './ids.js';
import { clientAddress } from './limits.js';
import type { Services } from './services.js';
import type { ReceivedInvite } from './store/friends.js';
import { allListings } from './watch-routes.js';

/** Notices streams one user may hold open on one process (tabs, devices). */
export const STREAMS_PER_USER = 8;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export const inviteOf = (i: ReceivedInvite): Invite => ({
  id: i.id,
  from: { name: i.fromName },
  room: i.roomId,
  expiresAt: i.expiresAt,
});

/** The friends' handlers. */
export function friendsHandlers(
  s: Services,
  now: () => number = Date.now,
): Pick<
  Handlers,
  | 'friends'
  | 'friendAdd'
  | 'friendAccept'
  | 'friendRemove'
  | 'friendInvite'
  | 'invites'
  | 'inviteDismiss'
  | 'friendSettings'
  | 'friendDeclineAll'
> {
  const limit = async (req: IncomingMessage) => {
    const limited = await s.limits.take('friends', clientAddress(req, s.config.trustProxy));
    if (limited) throw rateLimitError(limited);
  };
  const db = s.store.friends;
  const changed = (userId: string) => void s.whereabouts.notify(userId, { type: 'friends' }).catch(() => 0);
  const full = (): HttpError =>
    new HttpError(409, 'ERR_FRIENDS_FULL', `you have ${FRIENDS_MAX} friends and requests: remove some first`);
  /** Friends and requests made: the user's own places. */
  const ownPlaces = async (userId: string) => {
    const c = await db.counts(userId);
    return c.friends + c.outgoing;
  };

  return {
    friends: async ({ req, user }) => {
      await limit(req);
      const links = await db.links(user.id);
      const where = await s.whereabouts.of(links.filter((l) => l.status === 'friend').map((l) => l.userId));
      const atTables = [...where.values()].some((w) => w.places.some((p) => p.kind !== 'lobby'));
      const open = atTables ? new Set((await allListings()).map((t) => t.id)) : new Set<string>();
      const friends = links.map((l): FriendEntry => {
        const w = where.get(l.userId);
        return {
          id: l.id,
          // A friend's player page is linked from the list; a request names no user id (a stranger learns none).
          ...(l.status === 'friend' ? { user: l.userId } : {}),
          name: l.name,
          status: l.status,
          since: l.since,
          online: w?.online ?? false,
          places: (w?.places ?? []).map((p) => ({
            room: p.room,
            kind: p.kind,
            watchable: (p.kind === 'quick' || p.kind === 'friends') && open.has(p.room),
            since: p.since,
          })),
        };
      });
      return {
        friends,
        max: FRIENDS_MAX,
        requestsMax: FRIEND_REQUESTS_MAX,
        requestsFrom: await db.requestsFrom(user.id),
      };
    },

    friendAdd: async ({ req, user, body }) => {
      await limit(req);
      const name = body.name.trim();
      const other = name === '' ? null : await s.store.userByName(name);
      if (!other) throw new HttpError(404, 'ERR_NOT_FOUND', `nobody is called "${name}"`);
      if (other.id === user.id) throw new HttpError(400, 'ERR_FRIEND_SELF', 'you cannot befriend yourself');
      const linked = (await db.links(user.id)).find((l) => l.userId === other.id);
      if (!linked || linked.status === 'incoming') {
        // A new request takes one of the asker's places; accepting theirs too (the request becomes a friendship).
        if ((await ownPlaces(user.id)) >= FRIENDS_MAX) throw full();
      }
      if (!linked) {
        // The other side's choice first: a stranger gets this one answer, whatever else holds; so does someone
        // they blocked (requests are no way around a block).
        const closed =
          (await s.store.manners.blockedIds(other.id)).includes(user.id) ||
          ((await db.requestsFrom(other.id)) === 'known' && !(await db.known(user.id, other.id)));
        if (closed)
          throw new HttpError(
            403,
            'ERR_REQUESTS_CLOSED',
            `${other.name} takes friend requests only from people they played with or friends of their friends`,
          );
        if ((await db.counts(other.id)).incoming >= FRIEND_REQUESTS_MAX)
          throw new HttpError(
            409,
            'ERR_REQUESTS_FULL',
            `${other.name} has ${FRIEND_REQUESTS_MAX} open friend requests: try again once they answered some`,
          );
      }
      const outcome = await db.request(user.id, other.id, now());
      if (outcome === 'requested' || outcome === 'accepted') changed(other.id);
      const link = (await db.links(user.id)).find((l) => l.userId === other.id);
      return { outcome, friend: { id: link?.id ?? '', name: other.name } };
    },

    friendAccept: async ({ req, user, params }) => {
      await limit(req);
      const link = await db.link(user.id, params.id);
      const missing = () => new HttpError(404, 'ERR_NOT_FOUND', 'no open friend request of that id to you');
      if (link?.status !== 'incoming') throw missing();
      if ((await ownPlaces(user.id)) >= FRIENDS_MAX) throw full();
      if (!(await db.accept(user.id, link.userId, now()))) throw missing();
      changed(link.userId);
      return { ok: true };
    },

    friendRemove: async ({ req, user, params }) => {
      await limit(req);
      const link = await db.link(user.id, params.id);
      if (!link || !(await db.remove(user.id, link.userId)))
        throw new HttpError(404, 'ERR_NOT_FOUND', 'no friend or request of yours with that id');
      changed(link.userId);
      return { ok: true };
    },

    friendSettings: async ({ req, user, body }) => {
      await limit(req);
      await db.setRequestsFrom(user.id, body.requestsFrom);
      return { requestsFrom: await db.requestsFrom(user.id) };
    },

    friendDeclineAll: async ({ req, user }) => {
      await limit(req);
      return { declined: await db.declineAll(user.id) };
    },

    friendInvite: async ({ req, user, params, body }) => {
      await limit(req);
      const limited = await s.limits.take('invites', `user:${user.id}`);
      if (limited) throw rateLimitError(limited);
      const link = await db.link(user.id, params.id);
      if (link?.status !== 'friend')
        throw new HttpError(403, 'ERR_NOT_FRIENDS', 'you can invite your friends only');
      const friendId = link.userId;
      const lobby = await s.store.loadLobby(body.room);
      if (!lobby || !lobby.members.some((m) => m.userId === user.id))
        throw new HttpError(
          409,
          'ERR_NOT_IN_ROOM',
          `you are not in the friends' room ${body.room}, or its game has started`,
        );
      const at = now();
      const invite = {
        id: randomString(16, ID_ALPHABET),
        fromId: user.id,
        toId: friendId,
        roomId: body.room,
        createdAt: at,
        expiresAt: at + INVITE_TTL_MS,
      };
      await db.addInvite(invite);
      const notice: Notice = { type: 'invite', invite: inviteOf({ ...invite, fromName: user.name }) };
      await s.whereabouts.notify(friendId, notice).catch((e: unknown) => {
        s.log.warn({ err: e }, 'an invite notice was not sent'); // the invite is stored: shown when asked for
      });
      return { invite: invite.id, expiresAt: invite.expiresAt };
    },

    invites: async ({ req, user }) => {
      await limit(req);
      return { invites: (await db.invites(user.id, now())).map(inviteOf) };
    },

    inviteDismiss: async ({ req, user, params }) => {
      await limit(req);
      if (!(await db.dropInvite(params.id, user.id)))
        throw new HttpError(404, 'ERR_NOT_FOUND', 'no such invite of yours');
      return { ok: true };
    },
  };
}

/**
 * The notices stream of one app (`GET /api/notices`, signed in): online for friends while it is open; the open
 * invites first, then every notice published for the user on any process. Errors before the stream starts are
 * thrown as refusals (401, 429, 503).
 */
export function noticesStream(s: Services, now: () => number = Date.now) {
  const open = new Map<string, number>(); // user → streams on this process
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      throw new HttpError(405, 'ERR_METHOD', 'use GET for the notices stream', { allow: 'GET' });
    const limited = await s.limits.take('friends', clientAddress(req, s.config.trustProxy));
    if (limited) throw rateLimitError(limited);
    if (s.draining) throw new HttpError(503, 'ERR_DRAINING', 'the server is shutting down');
    const session = await s.identity.session(bearerToken(req));
    if (!session) throw new HttpError(401, 'ERR_SIGN_IN', 'sign in first: the token is missing or not valid');
    const userId = session.user.id;
    if ((open.get(userId) ?? 0) >= STREAMS_PER_USER)
      throw new HttpError(
        429,
        'ERR_RATE_LIMIT',
        `at most ${STREAMS_PER_USER} notices streams at once: close another tab first`,
        { 'retry-after': '30' },
      );
    open.set(userId, (open.get(userId) ?? 0) + 1);
    let closed = false;
    let stop: (() => Promise<void>) | null = null;
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      const n = (open.get(userId) ?? 1) - 1;
      if (n > 0) open.set(userId, n);
      else open.delete(userId);
      void stop?.().catch(() => undefined);
      void s.whereabouts.appClosed(userId).catch(() => undefined);
    };
    res.on('close', close);
    const send = (n: Notice) => {
      if (!closed) res.write(`data: ${JSON.stringify(n)}\n\n`);
    };
    try {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no', // no buffering in a proxy in front
      });
      res.write(': notices\n\n');
      stop = await s.whereabouts.listen(userId, send);
      if (closed) void stop().catch(() => undefined);
      await s.whereabouts.appOpened(userId);
      if (closed) await s.whereabouts.appClosed(userId);
      for (const i of await s.store.friends.invites(userId, now()))
        send({ type: 'invite', invite: inviteOf(i) });
    } catch (e) {
      s.log.error({ err: e }, 'a notices stream failed');
      res.end();
      close();
    }
  };
}
