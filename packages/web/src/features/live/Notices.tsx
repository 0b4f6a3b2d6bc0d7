/**
 * Notices while the app is open (issue #20): with a live token on this device, the notices stream stays open
 * (which shows the player online to their friends) and an invite into a friends' room appears as a toast with a
 * link to join, until it is taken up, dismissed or runs out. A `friends` notice tells an open Friends page to read
 * its list again. Loaded on demand by `NoticesGate` once the device has a live token, so that the first load (and
 * a device that never plays live) stays without it and zod.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../kit/context';
import { FRIENDS_CHANGED, dismissInvite, openNotices, type Invite } from './friends';
import { addTexts } from '../../kit/i18n';
import { friendsDe, friendsEn } from './friends-texts';

// Shown over the start page too, before any feature's texts are loaded (app/feature-texts.ts): it brings its own.
addTexts({ en: { friends: friendsEn }, de: { friends: friendsDe } });

export default function Notices({ token }: { token: string }) {
  const { navigate } = useApp();
  const { t } = useTranslation();
  const [invites, setInvites] = useState<Invite[]>([]);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
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
    const timer = setTimeout(
      () => {
        const at = Date.now();
        setNow(at);
        setInvites((all) => all.filter((i) => i.expiresAt > at));
      },
      Math.max(0, next - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [invites]);

  const shown = invites.filter((i) => i.expiresAt > now);
  if (shown.length === 0) return null;
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
