/**
 * Friends and invites: the rows. A friendship is mutual — one side asks, the other accepts (or declines); either
 * side may end it — and is one row per pair of users (the primary key is the pair, the lower id first), so two
 * requests crossing each other become one friendship, never two rows. An invite asks a friend into a friends'
 * room; it runs out at `expiresAt`. The `FriendsStore` interface stands beside `GameStore` in `types.ts`; any
 * implementation must pass `test/friends-contract.ts`.
 *
 * ```ts
 * await store.friends.request('u1', 'u2', now); // 'requested'
 * await store.friends.request('u2', 'u1', now); // 'accepted': both asked
 * await store.friends.areFriends('u1', 'u2'); // true
 * ```
 */

/** What a friend request did. */
export type RequestOutcome =
  | 'requested' // a new request: the other side may accept it
  | 'pending' // asked before, still open
  | 'accepted' // the other side had asked: friends now
  | 'friends'; // friends already

/** Whom a user takes friend requests from (`@hearts/protocol/http`); stored per user (`friend_settings`, no row: anyone). */
export type { RequestsFrom } from '@hearts/protocol/http';

/** A user's friends and open requests, counted by kind (the caps: FRIENDS_MAX, FRIEND_REQUESTS_MAX). */
export interface LinkCounts {
  readonly friends: number;
  readonly outgoing: number; // requests the user made, still open
  readonly incoming: number; // requests to the user, still open
}

/** One of a user's friendships or open requests, seen from that user. */
export interface FriendLink {
  readonly id: string; // the friendship's own id: what the routes and the list name it by (never a user id)
  readonly userId: string; // the other user
  readonly name: string; // their name now
  readonly status: 'friend' | 'incoming' | 'outgoing'; // incoming: they asked you
  readonly since: number; // accepted at (friends), asked at (requests)
}

export interface FriendInvite {
  readonly id: string;
  readonly fromId: string;
  readonly toId: string;
  readonly roomId: string; // a friends' room's code
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** An invite as its receiver sees it: with the inviter's name now. */
export interface ReceivedInvite extends FriendInvite {
  readonly fromName: string;
}
