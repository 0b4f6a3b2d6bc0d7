/**
 * Friends on the game server (issue #20): the calls of the friends' routes, and the notices stream that brings
 * invites and changes of the friends list while the app is open (`NOTICES_PATH`, Server-Sent Events read with
 * `fetch`, so that the token goes in a header, never in a URL). The stream reconnects by itself after a break
 * (another server process answers in scaled mode) and stops for good when the token is refused.
 *
 * ```ts
 * const stop = openNotices(token, (n) => n.type === 'invite' && show(n.invite));
 * await addFriend(token, 'Anna'); // 'requested'
 * stop();
 * ```
 */
import {
  NOTICES_PATH,
  noticeSchema,
  FRIEND_ROUTES,
  type Notice,
  type RequestsFrom,
} from '@hearts/protocol/http/friends';
import { tokenCurrent } from '../../kit/server/account';
import { request, serverUrl } from '../../kit/server/http';

export type { FriendEntry, FriendPlace, Invite, Notice, RequestsFrom } from '@hearts/protocol/http/friends';

/** Your friends and requests, the caps on them and whom you take requests from. */
export const listFriends = (token: string) => request(FRIEND_ROUTES.friends, { token });

/** Whom you take friend requests from: anyone, or people you know. */
export const setRequestsFrom = async (token: string, requestsFrom: RequestsFrom) =>
  (await request(FRIEND_ROUTES.friendSettings, { token, body: { requestsFrom } })).requestsFrom;

/** Declines every open request to you; how many. */
export const declineAllRequests = async (token: string) =>
  (await request(FRIEND_ROUTES.friendDeclineAll, { token })).declined;

/** Asks `name` to be friends (or accepts their request): what came of it, and the player as the server knows them. */
export const addFriend = (token: string, name: string) =>
  request(FRIEND_ROUTES.friendAdd, { token, body: { name } });

export const acceptFriend = (token: string, id: string) =>
  request(FRIEND_ROUTES.friendAccept, { token, params: { id } });

export const removeFriend = (token: string, id: string) =>
  request(FRIEND_ROUTES.friendRemove, { token, params: { id } });

export const inviteFriend = (token: string, id: string, room: string) =>
  request(FRIEND_ROUTES.friendInvite, { token, params: { id }, body: { room } });

export const dismissInvite = (token: string, id: string) =>
  request(FRIEND_ROUTES.inviteDismiss, { token, params: { id } });

/** The event a page listens to for "your friends list changed" (a `friends` notice). */
export const FRIENDS_CHANGED = 'hearts:friends-changed';

/** Pauses before reconnecting the notices stream, growing (ms). */
export const NOTICES_RETRY_MS: readonly number[] = [1_000, 3_000, 10_000, 30_000];

/**
 * Hears the user's notices until the returned function is called. Lines that are not a declared notice (a newer
 * server's) are passed over. `onOpen` is called whenever the stream (re)opens: what was sent while it was closed
 * is missed (invites excepted: the server sends the open ones first), so a page reads its state again then.
 */
export function openNotices(
  token: string,
  onNotice: (n: Notice) => void,
  onOpen: () => void = () => undefined,
): () => void {
  let stopped = false;
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  const connect = async () => {
    // Never with a token being replaced: the page opens the stream again with the new one.
    if (!(await tokenCurrent(token)) || stopped) return;
    abort = new AbortController();
    let res: Response;
    try {
      res = await fetch(serverUrl() + NOTICES_PATH, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: abort.signal,
      });
    } catch {
      return again();
    }
    if (res.status === 401) return; // not this token any more: the app gets a new one elsewhere
    if (!res.ok || !res.body) return again();
    failures = 0;
    onOpen();
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of event.split('\n')) {
            if (!line.startsWith('data: ')) continue;
            try {
              const n = noticeSchema.safeParse(JSON.parse(line.slice(6)));
              if (n.success) onNotice(n.data);
            } catch {
              // not JSON: passed over
            }
          }
        }
      }
    } catch {
      // broken off
    }
    again();
  };
  const again = () => {
    if (stopped) return;
    timer = setTimeout(
      () => void connect(),
      NOTICES_RETRY_MS[Math.min(failures++, NOTICES_RETRY_MS.length - 1)],
    );
  };
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    abort?.abort();
  };
}
