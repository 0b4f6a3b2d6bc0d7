/**
 * The privacy page (`#/privacy`, issue #49): what is kept on this device and on the game server, why, for how
 * long (the server's retention settings, `GET /api/privacy`) and who sees it; the operator's contact
 * (`PRIVACY_CONTACT`); downloads of what the device keeps and of what the server holds (`GET /api/me/export`);
 * and the deletion of the account, confirmed by its name and, for a kept name, its password. Opening the page
 * never makes an account: without a key on this device it says that nothing of yours is on the server.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ACCOUNT_ROUTES, type PublicUser } from '@hearts/protocol/http/accounts';
import { PRIVACY_ROUTES, type PrivacyInfo } from '@hearts/protocol/http/privacy';
import { useApp } from '../../kit/context';
import { download } from '../../kit/download';
import { Page } from '../../kit/Page';
import { PUZZLE_MERGE_KEY, SIGNED_OUT_KEY } from '../../kit/server/account';
import { ApiError, request } from '../../kit/server/http';
import { TOKEN_KEY } from '../../kit/server/token';
import { openPadStore } from '../pad/store';
import { deviceData, deviceFileName } from './device';
import './privacy.css';

const ROWS = ['account', 'games', 'chips', 'social', 'chat', 'leaves', 'play', 'counters'] as const;

function errorText(t: TFunction, e: unknown): string {
  if (e instanceof ApiError)
    return t(`privacy.errors.${e.code}`, { defaultValue: t('privacy.errors.other', { message: e.message }) });
  return t('privacy.errors.other', { message: e instanceof Error ? e.message : String(e) });
}

/** The account this device's key names: none (no key), the user, gone (the server refuses the key), or unknown. */
type Account =
  | { readonly kind: 'none' }
  | { readonly kind: 'user'; readonly user: PublicUser; readonly token: string }
  | { readonly kind: 'gone' }
  | { readonly kind: 'offline'; readonly message: string }
  | { readonly kind: 'loading' };

export default function PrivacyPage() {
  const { t, i18n } = useTranslation();
  const { store } = useApp();
  const [info, setInfo] = useState<PrivacyInfo | 'offline' | null>(null);
  const [account, setAccount] = useState<Account>(() =>
    store.get(TOKEN_KEY) ? { kind: 'loading' } : { kind: 'none' },
  );
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    let live = true;
    request(PRIVACY_ROUTES.privacy, {}).then(
      (i) => live && setInfo(i),
      () => live && setInfo('offline'),
    );
    const token = store.get(TOKEN_KEY);
    if (token)
      request(ACCOUNT_ROUTES.me, { token }).then(
        (me) => live && setAccount({ kind: 'user', user: me.user, token: me.token ?? token }),
        (e: unknown) => {
          if (!live) return;
          if (e instanceof ApiError && e.status === 401) setAccount({ kind: 'gone' });
          else setAccount({ kind: 'offline', message: errorText(t, e) });
        },
      );
    return () => {
      live = false;
    };
  }, [store, t]);

  const days = (n: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(n);
  const retention = info && info !== 'offline' ? info.retentionDays : null;
  const kept = (row: (typeof ROWS)[number]): string => {
    const n =
      row === 'chat'
        ? retention?.chat
        : row === 'leaves'
          ? retention?.leaves
          : row === 'social'
            ? retention?.requests
            : row === 'counters' && retention
              ? Math.max(1, retention.chipCaps, retention.leaves)
              : undefined;
    if (row !== 'chat' && row !== 'leaves' && row !== 'social' && row !== 'counters')
      return t(`privacy.rows.${row}.kept`);
    return t(`privacy.rows.${row}.kept`, { count: n ?? 2, days: n === undefined ? '…' : days(n) });
  };

  const exportDevice = async () => {
    setProblem(null);
    try {
      const { pads } = await (await openPadStore()).list();
      const file = deviceData(store, pads, Date.now());
      const fileName = deviceFileName(new Date(file.exportedAt));
      download(fileName, 'application/json', `${JSON.stringify(file, null, 2)}\n`);
      setNote(t('privacy.deviceExported', { file: fileName }));
    } catch (e) {
      setProblem(errorText(t, e));
    }
  };

  const exportServer = async (token: string) => {
    setProblem(null);
    setBusy(true);
    try {
      const file = await request(PRIVACY_ROUTES.exportMe, { token });
      const fileName = `hearts-data-${new Date(file.exportedAt).toISOString().slice(0, 10)}.json`;
      download(fileName, 'application/json', `${JSON.stringify(file, null, 2)}\n`);
      setNote(t('privacy.serverExported', { file: fileName }));
    } catch (e) {
      setProblem(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (e: FormEvent, token: string, claimed: boolean) => {
    e.preventDefault();
    setProblem(null);
    setBusy(true);
    try {
      await request(PRIVACY_ROUTES.deleteMe, { token, body: { name, ...(claimed ? { password } : {}) } });
      for (const key of [TOKEN_KEY, PUZZLE_MERGE_KEY, SIGNED_OUT_KEY]) store.remove(key);
      setDeleted(true);
      setAccount({ kind: 'none' });
      setNote(t('privacy.deleted'));
    } catch (err) {
      setProblem(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('privacy.title')}>
      <div className="privacy">
        <p className="lead">{t('privacy.intro')}</p>
        {note && (
          <p className="privacy-note" role="status">
            {note}
          </p>
        )}
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}

        <section aria-labelledby="privacy-contact">
          <h2 id="privacy-contact">{t('privacy.contactTitle')}</h2>
          {info === null ? (
            <p className="muted">…</p>
          ) : info === 'offline' ? (
            <p className="muted">{t('privacy.contactOffline')}</p>
          ) : info.contact ? (
            <p className="privacy-contact">{info.contact}</p>
          ) : (
            <p className="muted">{t('privacy.contactNone')}</p>
          )}
        </section>

        <section aria-labelledby="privacy-device">
          <h2 id="privacy-device">{t('privacy.deviceTitle')}</h2>
          <p>{t('privacy.deviceText')}</p>
          <ul>
            {(['solo', 'settings', 'pads', 'training', 'token'] as const).map((k) => (
              <li key={k}>{t(`privacy.deviceItems.${k}`)}</li>
            ))}
          </ul>
          <button type="button" className="secondary" onClick={() => void exportDevice()}>
            {t('privacy.deviceExport')}
          </button>
        </section>

        <section aria-labelledby="privacy-server">
          <h2 id="privacy-server">{t('privacy.serverTitle')}</h2>
          <p>{t('privacy.serverText')}</p>
          <div className="privacy-rows">
            {ROWS.map((row) => (
              <article key={row} className="privacy-row" data-row={row}>
                <h3>{t(`privacy.rows.${row}.what`)}</h3>
                <dl>
                  <dt>{t('privacy.table.why')}</dt>
                  <dd>{t(`privacy.rows.${row}.why`)}</dd>
                  <dt>{t('privacy.table.kept')}</dt>
                  <dd>{kept(row)}</dd>
                  <dt>{t('privacy.table.seen')}</dt>
                  <dd>{t(`privacy.rows.${row}.seen`)}</dd>
                </dl>
              </article>
            ))}
          </div>
          {info && info !== 'offline' && (
            <p className="muted">{t('privacy.tokenNote', { days: days(info.tokenTtlDays) })}</p>
          )}
        </section>

        <section aria-labelledby="privacy-account">
          <h2 id="privacy-account">{t('privacy.accountTitle')}</h2>
          {account.kind === 'loading' && <p className="muted">…</p>}
          {account.kind === 'none' && !deleted && <p>{t('privacy.accountNone')}</p>}
          {account.kind === 'gone' && <p>{t('privacy.accountGone')}</p>}
          {account.kind === 'offline' && <p className="muted">{account.message}</p>}
          {account.kind === 'user' && (
            <>
              <p>
                {t('privacy.accountIs', { name: account.user.name })}{' '}
                <span className="muted">
                  {account.user.claimed ? t('privacy.accountNamed') : t('privacy.accountGuest')}
                </span>
              </p>
              <button
                type="button"
                className="secondary"
                disabled={busy}
                onClick={() => void exportServer(account.token)}
              >
                {t('privacy.serverExport')}
              </button>
              <form
                className="privacy-delete"
                onSubmit={(e) => void remove(e, account.token, account.user.claimed)}
              >
                <h3>{t('privacy.deleteTitle')}</h3>
                <p>{t('privacy.deleteText')}</p>
                <label className="field">
                  <span>{t('privacy.deleteName', { name: account.user.name })}</span>
                  <input
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    autoComplete="off"
                    maxLength={64}
                  />
                </label>
                {account.user.claimed && (
                  <label className="field">
                    <span>{t('privacy.deletePassword')}</span>
                    <input
                      type="password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                      autoComplete="current-password"
                      maxLength={200}
                    />
                  </label>
                )}
                <button
                  type="submit"
                  className="danger"
                  disabled={
                    busy ||
                    name.trim().toLowerCase() !== account.user.name.toLowerCase() ||
                    (account.user.claimed && password.length === 0)
                  }
                >
                  {t('privacy.deleteButton')}
                </button>
              </form>
            </>
          )}
        </section>
      </div>
    </Page>
  );
}
