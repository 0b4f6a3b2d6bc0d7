/** Friends (docs/architecture.md, "Friends"): requests, the list with where they are, invites and the notices stream. */
import * as z from 'zod/mini';
import { id, none, ok, route, userName } from './atoms.js';

/** Friends and requests made (still open) a user has at most. */
export const FRIENDS_MAX = 200;

/** An open friend request nobody answered runs out after this many days (the server's retention job removes it). */
export const FRIEND_REQUEST_DAYS = 30;

/**
 * Open requests a user receives at most, apart from {@link FRIENDS_MAX} (issue #42: strangers' requests filled the
 * friends' places). Past it the newest request is refused (`ERR_REQUESTS_FULL`) until the user answers some.
 */
export const FRIEND_REQUESTS_MAX = 50;

/**
 * Whom a player takes friend requests from: `anyone`, or only people they `known` — who finished a game at a table
 * with them, or a friend of one of their friends. Anyone else is refused with one answer (`ERR_REQUESTS_CLOSED`).
 */
export const REQUESTS_FROM = ['anyone', 'known'] as const;
export type RequestsFrom = (typeof REQUESTS_FROM)[number];

/** How long an invite into a friends' room holds. */
export const INVITE_TTL_MS = 10 * 60 * 1000;

/** Where a user is: at a table of one of the kinds, or in a friends' room before its game (`lobby`). */
export const PLACE_KINDS = ['quick', 'friends', 'daily', 'tournament', 'lobby'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** A friend's table or room, as the friends list shows it. */
const friendPlace = z.object({
  room: z.string(), // the table's id, or the friends' room's code (lobby)
  kind: z.enum(PLACE_KINDS),
  watchable: z.boolean(), // open to watchers now (join with `{ watch: true }`); daily tables never are
  since: z.number(),
});
export type FriendPlace = z.infer<typeof friendPlace>;

/**
 * A friend or an open request, seen from you. Online, places and the user id: friends only (strangers learn
 * nothing). `id` is the friendship's own id (the same for both of you), never a user id; a request names no user id
 * either way, so asking someone never tells you theirs — only a friend's entry carries it, as `user`: the link to
 * their player page (`#/profile/<user>`), which shows it too.
 */
const friendEntry = z.object({
  id: z.string(),
  user: z.optional(z.string()), // your friend's user id (friends only; absent from a server before it was sent)
  name: z.string(),
  status: z.enum(['friend', 'incoming', 'outgoing']), // incoming: they asked you
  since: z.number(),
  online: z.boolean(), // the app is open, or at a table (false for requests)
  places: z.array(friendPlace), // newest first (empty for requests)
});
export type FriendEntry = z.infer<typeof friendEntry>;

/** An invite into a friends' room. */
const inviteSchema = z.object({
  id: z.string(),
  from: z.object({ name: z.string() }),
  room: z.string(), // the room's code: join it as any friends' room
  expiresAt: z.number(),
});
export type Invite = z.infer<typeof inviteSchema>;

/**
 * The notices stream, `GET /api/notices` with `Authorization: Bearer <token>`: Server-Sent Events, one `data:` line
 * of a {@link Notice} as JSON per event, while the app is open. An open stream counts as online for friends. At the
 * start it sends your open invites; `friends` says your friends list changed (ask GET /api/friends again).
 */
export const NOTICES_PATH = '/api/notices';
export const noticeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('invite'), invite: inviteSchema }),
  z.object({ type: z.literal('friends') }),
]);
export type Notice = z.infer<typeof noticeSchema>;

/** Friends and invites. */
export const FRIEND_ROUTES = {
  /** Your friends (online, and where: table, room, whether watchable) and open requests both ways. */
  friends: route({
    method: 'GET',
    path: '/api/friends',
    params: none,
    auth: 'required',
    response: z.object({
      friends: z.array(friendEntry),
      max: z.number(), // FRIENDS_MAX
      requestsMax: z.number(), // FRIEND_REQUESTS_MAX
      requestsFrom: z.enum(REQUESTS_FROM), // your choice of whom you take requests from
    }),
  }),
  /** Whom you take friend requests from (stored; anyone until set). */
  friendSettings: route({
    method: 'POST',
    path: '/api/friends/settings',
    params: none,
    auth: 'required',
    body: z.strictObject({ requestsFrom: z.enum(REQUESTS_FROM) }),
    response: z.object({ requestsFrom: z.enum(REQUESTS_FROM) }),
  }),
  /** Declines every open request to you at once. */
  friendDeclineAll: route({
    method: 'POST',
    path: '/api/friends/requests/decline',
    params: none,
    auth: 'required',
    response: z.object({ declined: z.number() }),
  }),
  /**
   * Asks the user of that exact name (case ignored) to be friends; accepts at once when they had asked you. Refused
   * when they take requests only from people they know (`ERR_REQUESTS_CLOSED`) or have FRIEND_REQUESTS_MAX open.
   */
  friendAdd: route({
    method: 'POST',
    path: '/api/friends',
    params: none,
    auth: 'required',
    body: z.strictObject({ name: userName }),
    response: z.object({
      outcome: z.enum(['requested', 'pending', 'accepted', 'friends']),
      friend: z.object({ id: z.string(), name: z.string() }), // id: the friendship's, as in the list
    }),
  }),
  /** Accepts the open request `id` made to you (404 when there is none). */
  friendAccept: route({
    method: 'POST',
    path: '/api/friends/:id/accept',
    params: { id },
    auth: 'required',
    response: ok,
  }),
  /** Ends the friendship `id`, declines or withdraws the request `id` (404 when it is not yours). */
  friendRemove: route({
    method: 'POST',
    path: '/api/friends/:id/remove',
    params: { id },
    auth: 'required',
    response: ok,
  }),
  /**
   * Invites the friend of the friendship `id` into the friends' room you are in (its code); they get a notice while
   * their app is open.
   */
  friendInvite: route({
    method: 'POST',
    path: '/api/friends/:id/invite',
    params: { id },
    auth: 'required',
    body: z.strictObject({ room: z.string().check(z.regex(/^[A-Z0-9]{4,12}$/, 'a room code')) }),
    response: z.object({ invite: z.string(), expiresAt: z.number() }),
  }),
  /** Your invites that have not run out, newest first. */
  invites: route({
    method: 'GET',
    path: '/api/invites',
    params: none,
    auth: 'required',
    response: z.object({ invites: z.array(inviteSchema) }),
  }),
  /** Dismisses an invite of yours (also when taken up). */
  inviteDismiss: route({
    method: 'POST',
    path: '/api/invites/:id/dismiss',
    params: { id },
    auth: 'required',
    response: ok,
  }),
} as const;
