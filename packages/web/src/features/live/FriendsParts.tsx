/**
 * Friends in the live pages (issue #20): inviting online friends from a friends' room, and the texts of friends'
 * refusals. The Friends page is `FriendsPage.tsx`; the seat menu at the table `PlayerMenu.tsx`; the invite notices
 * `Notices.tsx`.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useApp } from '../../kit/context';
import { ApiError } from '../../kit/server/api-error';
import { FRIENDS_CHANGED, inviteFriend, listFriends, type FriendEntry, type RequestsFrom } from './friends';
import { TOKEN_KEY } from '../../kit/server/token';
import { serverErrorText } from '../../kit/server/error-texts';

/** A refusal of a friends' route in words. */
export function friendsErrorText(t: TFunction, e: unknown): string {
  if (e instanceof ApiError) {
    if (e.code === 'ERR_OFFLINE') return t('live.offline');
    return t(`friends.errors.${e.code}`, { defaultValue: serverErrorText(t, e) });
  }
  return t('friends.errors.other', { message: e instanceof Error ? e.message : String(e) });
}

/** How often a shown friends list is read again (who is online, and where). */
export const FRIENDS_REFRESH_MS = 15_000;

/**
 * The user's friends list, read now, every {@link FRIENDS_REFRESH_MS}, and when a notice says it changed; null
 * until read (and without a token).
 */
export function useFriends(token: string | null): {
  friends: FriendEntry[] | null;
  requestsFrom: RequestsFrom | null; // whom you take requests from (null until read)
  requestsMax: number | null;
  error: string | null;
  reload: () => void;
} {
  const { t } = useTranslation();
  const [friends, setFriends] = useState<FriendEntry[] | null>(null);
  const [settings, setSettings] = useState<{ from: RequestsFrom; max: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!token) return;
    let live = true;
    const read = () =>
      listFriends(token).then(
        (r) => {
          if (!live) return;
          setFriends(r.friends);
          setSettings({ from: r.requestsFrom, max: r.requestsMax });
          setError(null);
        },
        (e: unknown) => live && setError(friendsErrorText(t, e)),
      );
    void read();
    const timer = setInterval(() => void read(), FRIENDS_REFRESH_MS);
    const onChange = () => void read();
    window.addEventListener(FRIENDS_CHANGED, onChange);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener(FRIENDS_CHANGED, onChange);
    };
  }, [token, t, tick]);
  return {
    friends,
    requestsFrom: settings?.from ?? null,
    requestsMax: settings?.max ?? null,
    error,
    reload: () => setTick((n) => n + 1),
  };
}

/** In a friends' room before its start: the online friends, each with a button that invites them in. */
export function InviteFriends({ room, members }: { room: string; members: readonly string[] }) {
  const { store } = useApp();
  const { t } = useTranslation();
  const token = store.get(TOKEN_KEY);
  const { friends } = useFriends(token);
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  if (!token || friends === null) return null;
  const online = friends.filter((f) => f.status === 'friend' && f.online && !members.includes(f.name));
  // Friends in this room already (the host, for a member): no one to invite, but not "no friend online" either.
  const here = friends.filter((f) => f.status === 'friend' && members.includes(f.name)).map((f) => f.name);
  const invite = async (f: FriendEntry) => {
    setProblem(null);
    try {
      await inviteFriend(token, f.id, room);
      setSent((s) => new Set([...s, f.id]));
    } catch (e) {
      setProblem(friendsErrorText(t, e));
    }
  };
  return (
    <section className="live-card friends-invite">
      <h2>{t('friends.invite.title')}</h2>
      <p className="muted">
        {online.length > 0
          ? t('friends.invite.info')
          : here.length > 0
            ? t('friends.invite.allHere', { count: here.length, names: here.join(', ') })
            : t('friends.invite.none')}
      </p>
      {online.length > 0 && (
        <ul className="friends-list">
          {online.map((f) => (
            <li key={f.id} data-friend={f.name}>
              <span className="friend-name">
                <span className="friend-dot on" aria-hidden="true" />
                {f.name}
              </span>
              <span className="friend-actions">
                <button
                  type="button"
                  className="secondary small"
                  disabled={sent.has(f.id)}
                  onClick={() => void invite(f)}
                >
                  {sent.has(f.id) ? t('friends.invite.sent') : t('friends.invite.button')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
