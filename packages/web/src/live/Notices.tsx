/**
 * Notices while the app is open (issue #20): with a live token on this device, the notices stream stays open
 * (which shows the player online to their friends) and an invite into a friends' room appears as a toast with a
 * link to join, until it is taken up, dismissed or runs out. A `friends` notice tells an open Friends page to read
 * its list again. Loaded on demand beside every screen (main.tsx), so the first load stays small.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../ui/context';
import { FRIENDS_CHANGED, dismissInvite, openNotices, type Invite } from './friends';
import { TOKEN_KEY } from './token';

/** How often the device's token is read again (a live page makes one on first use, or a sign-in changes it). */
const TOKEN_CHECK_MS = 3_000;

/** The token kept on this device, read again on every route change and every {@link TOKEN_CHECK_MS}. */
function useToken(): string | null {
  const { store } = useApp();
  const [token, setToken] = useState(() => store.get(TOKEN_KEY));
  useEffect(() => {
    const read = () => setToken(store.get(TOKEN_KEY));
    window.addEventListener('hashchange', read);
    const timer = setInterval(read, TOKEN_CHECK_MS);
    return () => {
      window.removeEventListener('hashchange', read);
      clearInterval(timer);
    };
  }, [store]);
  return token;
}

export default function Notices() {
  const { navigate } = useApp();
  const { t } = useTranslation();
  const token = useToken();
  const [invites, setInvites] = useState<Invite[]>([]);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!token) return;
    const changed = () => window.dispatchEvent(new Event(FRIENDS_CHANGED));
    return openNotices(
      token,
      (n) => {
        if (n.type === 'friends') changed();
        else setInvites((all) => [n.invite, ...all.filter((i) => i.id !== n.invite.id)]);
      },
      changed, // (re)connected: what changed meanwhile was not heard
    );
  }, [token]);

  // Run-out invites leave by themselves.
  useEffect(() => {
    if (invites.length === 0) return;
    const next = Math.min(...invites.map((i) => i.expiresAt));
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, next - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [invites, now]);

  const shown = invites.filter((i) => i.expiresAt > now);
  if (!token || shown.length === 0) return null;
  const drop = (i: Invite) => {
    setInvites((all) => all.filter((x) => x.id !== i.id));
    void dismissInvite(token, i.id).catch(() => undefined);
  };
  return (
    <div className="notices" role="region" aria-label={t('friends.invite.title')}>
      {shown.slice(0, 3).map((i) => (
        <div key={i.id} className="notice" role="alert" data-room={i.room}>
          <p>{t('friends.invite.notice', { name: i.from.name })}</p>
          <div className="notice-actions">
            <button
              type="button"
              className="primary small"
              onClick={() => {
                drop(i);
                navigate(`/live/${i.room}`);
              }}
            >
              {t('friends.invite.join')}
            </button>
            <button type="button" className="secondary small" onClick={() => drop(i)}>
              {t('friends.invite.dismiss')}
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
