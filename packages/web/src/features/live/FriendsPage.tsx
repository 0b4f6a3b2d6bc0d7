/**
 * The Friends page, `#/friends` (issue #20): add a friend by exact name, answer requests, and see your friends —
 * online or not, and where: at which table (with Watch when it is open to watchers) or in which friends' room (with
 * Join); a friend's name links to their player page (`#/profile/<id>`). Friendships are mutual, so only friends see
 * each other's whereabouts. Inviting is done from a friends' room (`InviteFriends`), adding from a table's seat menu
 * too (`PlayerMenu`). A player may take requests only from people they know (people they finished a game with,
 * friends of friends: the server refuses everyone else) and decline every open request at once (issue #42).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../kit/context';
import { Page } from '../../kit/Page';
import {
  acceptFriend,
  addFriend,
  declineAllRequests,
  removeFriend,
  setRequestsFrom,
  type FriendEntry,
} from './friends';
import { friendsErrorText, useFriends } from './FriendsParts';
import { AccountProblem, useAccount } from '../../kit/server/account-state';
import './live.css';

export default function FriendsPage() {
  const { navigate } = useApp();
  const { t } = useTranslation();
  const { account, error, retrying, retry } = useAccount();
  const token = account?.token ?? null;
  const { friends, requestsFrom, requestsMax, error: listError, reload } = useFriends(token);
  const [name, setName] = useState('');
  // What came of the last action; a request's note names the friendship, and goes once it is accepted.
  const [note, setNote] = useState<{ text: string; bad: boolean; request?: string } | null>(null);

  if (error)
    return (
      <Page title={t('friends.title')}>
        <AccountProblem error={error} retrying={retrying} retry={retry} />
      </Page>
    );
  if (!token)
    return (
      <Page title={t('friends.title')}>
        <p className="muted">{t('live.connecting')}</p>
      </Page>
    );

  const act = async (run: () => Promise<unknown>) => {
    setNote(null);
    try {
      await run();
    } catch (e) {
      setNote({ text: friendsErrorText(t, e), bad: true });
    }
    reload();
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    const who = name.trim();
    if (!who) return;
    void act(async () => {
      const r = await addFriend(token, who);
      // The name as the player wrote it for themselves ("Bruno Specht"), not as typed here ("bruno specht").
      const text = t(`friends.add.${r.outcome}`, { name: r.friend.name });
      setNote({ text, bad: false, ...(r.outcome === 'requested' ? { request: r.friend.id } : {}) });
      setName('');
    });
  };
  const requests = (friends ?? []).filter((f) => f.status !== 'friend');
  const incoming = requests.filter((f) => f.status === 'incoming').length;
  const mine = (friends ?? []).filter((f) => f.status === 'friend');
  // Online first, then by name (the server's order).
  const ordered = [...mine.filter((f) => f.online), ...mine.filter((f) => !f.online)];

  return (
    <Page title={t('friends.title')}>
      <div className="live-home friends-page">
        <section className="live-card">
          <h2>{t('friends.add.title')}</h2>
          <p className="muted">{t('friends.add.info')}</p>
          <form onSubmit={add}>
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={t('friends.add.name')}
              aria-label={t('friends.add.name')}
              maxLength={64}
              autoCapitalize="off"
              autoComplete="off"
            />
            <button type="submit" className="primary">
              {t('friends.add.button')}
            </button>
          </form>
          {note && !(note.request && mine.some((f) => f.id === note.request)) && (
            <p className={note.bad ? 'error' : 'muted'} role={note.bad ? 'alert' : 'status'}>
              {note.text}
            </p>
          )}
        </section>
        {requests.length > 0 && (
          <section className="live-card">
            <h2>{t('friends.requests.title')}</h2>
            {incoming > 0 && requestsMax !== null && (
              <p className="muted friends-requests-count">
                {t('friends.requests.count', { count: incoming, max: requestsMax })}
              </p>
            )}
            <ul className="friends-list">
              {requests.map((f) => (
                <li key={f.id} data-friend={f.name}>
                  <span className="friend-name">
                    {t(`friends.requests.${f.status === 'incoming' ? 'incoming' : 'outgoing'}`, {
                      name: f.name,
                    })}
                  </span>
                  <span className="friend-actions">
                    {f.status === 'incoming' && (
                      <button
                        type="button"
                        className="primary small"
                        onClick={() => void act(() => acceptFriend(token, f.id))}
                      >
                        {t('friends.requests.accept')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="secondary small"
                      onClick={() => void act(() => removeFriend(token, f.id))}
                    >
                      {f.status === 'incoming'
                        ? t('friends.requests.decline')
                        : t('friends.requests.withdraw')}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
            {incoming > 1 && (
              <div className="friends-decline-all">
                <button
                  type="button"
                  className="secondary small"
                  onClick={() => {
                    if (window.confirm(t('friends.requests.declineAllConfirm', { count: incoming })))
                      void act(() => declineAllRequests(token));
                  }}
                >
                  {t('friends.requests.declineAll')}
                </button>
              </div>
            )}
          </section>
        )}
        <section className="live-card">
          <h2>{t('friends.list.title')}</h2>
          {listError && <p className="error">{listError}</p>}
          {friends !== null && mine.length === 0 && <p className="muted">{t('friends.list.none')}</p>}
          <ul className="friends-list">
            {ordered.map((f) => (
              <FriendRow
                key={f.id}
                friend={f}
                onRemove={() => {
                  if (window.confirm(t('friends.list.removeConfirm', { name: f.name })))
                    void act(() => removeFriend(token, f.id));
                }}
                go={navigate}
              />
            ))}
          </ul>
        </section>
        {requestsFrom !== null && (
          <section className="live-card friends-settings">
            <h2>{t('friends.settings.title')}</h2>
            <label className="field check friends-setting">
              <input
                type="checkbox"
                checked={requestsFrom === 'known'}
                onChange={(e) => {
                  const from = e.target.checked ? 'known' : 'anyone';
                  void act(() => setRequestsFrom(token, from));
                }}
              />
              <span>{t('friends.settings.known')}</span>
            </label>
            <p className="muted">{t('friends.settings.info')}</p>
          </section>
        )}
        <button type="button" className="secondary" onClick={() => navigate('/live')}>
          {t('live.title')}
        </button>
      </div>
    </Page>
  );
}

function FriendRow({
  friend: f,
  onRemove,
  go,
}: {
  friend: FriendEntry;
  onRemove: () => void;
  go: (to: string) => void;
}) {
  const { t } = useTranslation();
  const place = f.places[0];
  return (
    <li data-friend={f.name} className={f.online ? 'online' : 'offline'}>
      <span className="friend-name">
        <span className={`friend-dot ${f.online ? 'on' : 'off'}`} aria-hidden="true" />
        {/* A friend's player page; a server from before the friend's id was sent: the name alone. */}
        {f.user ? (
          <a href={`#/profile/${f.user}`} title={t('friends.list.profile')}>
            {f.name}
          </a>
        ) : (
          <strong>{f.name}</strong>
        )}
        <span className="muted friend-where">
          {place
            ? t(`friends.list.at.${place.kind}`, { room: place.room })
            : f.online
              ? t('friends.list.online')
              : t('friends.list.offline')}
        </span>
      </span>
      <span className="friend-actions">
        {place?.watchable && (
          <button type="button" className="primary small" onClick={() => go(`/live/watch/${place.room}`)}>
            {t('friends.list.watch')}
          </button>
        )}
        {place?.kind === 'lobby' && (
          <button type="button" className="primary small" onClick={() => go(`/live/${place.room}`)}>
            {t('friends.list.join')}
          </button>
        )}
        <button type="button" className="secondary small" onClick={onRemove}>
          {t('friends.list.remove')}
        </button>
      </span>
    </li>
  );
}
