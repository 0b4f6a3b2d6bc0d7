/**
 * Live play in the browser: `#/live` (your name, quick match, friends' rooms), `#/live/<room>` (a friends' room
 * or a table), `#/live/history` (finished live games: replay or download), `#/live/watch` (live tables to watch)
 * and `#/live/watch/<table>` (watching one: WatchPages.tsx); `#/live/blocked` and `#/live/admin` (manners:
 * MannersPages.tsx).
 */
import { LEVELS } from '@hearts/bots';
import { downloadTranscripts } from './Shield';
import { parseRules, rulesDiff } from '@hearts/engine';
import { TableClient, quickMatch, type QuickMatchWait } from '@hearts/live';
import { CLOSE_CODES, JOIN_ERRORS, type QueueMessage } from '@hearts/protocol/socket';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { presetOf } from '../../kit/settings';
import { useApp } from '../../kit/context';
import { downloadRecord } from '../../kit/download';
import { recordErrorText } from '../../table/record-words';
import { levelName, recordPlayerName } from '../../kit/names';
import { Page } from '../../kit/Page';
import { provisionalTitle, ratingText } from '../../kit/rating';
import { RulesOptions, RulesSummary } from '../../kit/RulesOptions';
import {
  claimName,
  ensureUser,
  fetchRecord,
  keepToken,
  liveHistory,
  login,
  normalizeCode,
  rename,
  serverUrl,
  SIGNED_OUT_KEY,
  signOutEverywhere,
  signOutHere,
  type Account,
  type LiveGame,
} from '../../kit/server/account';
import { AccountProblem, liveErrorText as errorText, useAccount } from '../../kit/server/account-state';
import { ApiError } from '../../kit/server/http';
import { fairKeeper } from './fair-keeper';
import { InviteFriends } from './FriendsParts';
import { LiveTable, WatchersControl } from './LiveTable';
import { BlockedList, CoolDownNote, ModerationList, useCoolDown } from './MannersPages';
import { useClient } from './useClient';
import { WatchList, WatchRoom } from './WatchPages';
import { openLiveGame } from './open-record';
import './live.css';

/** A connected client handed from the page that opened a room to the room's page. */
const handoff = new Map<string, TableClient>();

/** The screens of `#/live/…`. */
export function livePage(rest: string) {
  if (rest === '') return <LiveHome />;
  if (rest === 'history') return <LiveHistory />;
  if (rest === 'watch') return <WatchList />;
  if (rest === 'blocked' || rest === 'admin') return <MannersRoute which={rest} />;
  if (rest.startsWith('watch/')) return <WatchRoom key={rest} roomId={rest.slice('watch/'.length)} />;
  return <LiveRoom key={rest} roomId={rest} />;
}

function LiveHome() {
  const { navigate, store } = useApp();
  const { t } = useTranslation();
  const { account, error, retrying, retry, set } = useAccount();
  const [problem, setProblem] = useState<string | null>(null);
  const [rated, setRated] = useState(true);
  const [target, setTarget] = useState<50 | 100>(50);
  const [queue, setQueue] = useState<QueueMessage | null>(null);
  const wait = useRef<QuickMatchWait | null>(null);
  const [code, setCode] = useState('');
  const [coolRead, setCoolRead] = useState(0); // read the cool-down again (a refused quick match)
  const cool = useCoolDown(account?.token ?? null, coolRead);

  useEffect(() => () => void wait.current?.cancel(), []);

  if (error)
    return (
      <Page title={t('live.title')}>
        <AccountProblem error={error} retrying={retrying} retry={retry} />
        {/* Watching needs no account: the way there stays open. */}
        <button type="button" className="secondary" onClick={() => navigate('/live/watch')}>
          {t('live.watch.link')}
        </button>
      </Page>
    );
  if (!account) return <Page title={t('live.title')}>{<p className="muted">{t('live.connecting')}</p>}</Page>;

  const find = () => {
    setProblem(null);
    const w = quickMatch({
      url: serverUrl(),
      token: account.token,
      rated,
      targetScore: target,
      onQueue: setQueue,
      onToken: (token) => keepToken(store, token),
    });
    wait.current = w;
    setQueue({ waitingMs: 0, waiting: 1, botsAfterMs: Number.NaN });
    w.roomId.then(
      (id) => {
        wait.current = null;
        navigate(`/live/${id}`);
      },
      (e: unknown) => {
        wait.current = null;
        setQueue(null);
        if ((e as { code?: unknown } | null)?.code === JOIN_ERRORS.coolDown) setCoolRead((n) => n + 1);
        else if (!/cancelled/.test(String(e))) setProblem(errorText(t, e));
      },
    );
  };
  const create = async () => {
    setProblem(null);
    try {
      const c = await TableClient.createFriendsRoom({
        url: serverUrl(),
        token: account.token,
        shuffle: { keeper: fairKeeper(store) },
        onToken: (token) => keepToken(store, token),
      });
      handoff.set(c.roomId, c);
      navigate(`/live/${c.roomId}`);
    } catch (e) {
      setProblem(errorText(t, e));
    }
  };
  const join = (e: FormEvent) => {
    e.preventDefault();
    const c = normalizeCode(code);
    if (c) navigate(`/live/${c}`);
  };

  return (
    <Page title={t('live.title')}>
      <div className="live-home">
        <YouCard account={account} onChange={set} store={store} />
        <section className="live-card">
          <h2>{t('live.quick.title')}</h2>
          <p className="muted">{t('live.quick.info')}</p>
          <fieldset className="segmented">
            {[true, false].map((r) => (
              <label key={String(r)} className={rated === r ? 'on' : undefined}>
                <input type="radio" name="rated" checked={rated === r} onChange={() => setRated(r)} />
                {r ? t('live.quick.rated') : t('live.quick.unrated')}
              </label>
            ))}
          </fieldset>
          <fieldset className="segmented">
            <legend>{t('start.target')}</legend>
            {([50, 100] as const).map((n) => (
              <label key={n} className={target === n ? 'on' : undefined}>
                <input type="radio" name="live-target" checked={target === n} onChange={() => setTarget(n)} />
                {t('start.targetPoints', { n })}
              </label>
            ))}
          </fieldset>
          {queue ? (
            <div className="live-queue" role="status">
              <p>{t('live.quick.waiting', { waiting: queue.waiting })}</p>
              {Number.isFinite(queue.botsAfterMs) && (
                <p className="muted">{t('live.quick.botsIn', { s: Math.ceil(queue.botsAfterMs / 1000) })}</p>
              )}
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  void wait.current?.cancel();
                  setQueue(null);
                }}
              >
                {t('live.quick.cancel')}
              </button>
            </div>
          ) : cool ? (
            <CoolDownNote cool={cool} />
          ) : (
            <button type="button" className="primary big" onClick={find}>
              {t('live.quick.start')}
            </button>
          )}
        </section>
        <section className="live-card">
          <h2>{t('live.friends.title')}</h2>
          <p className="muted">{t('live.friends.info')}</p>
          <button type="button" className="primary" onClick={() => void create()}>
            {t('live.friends.create')}
          </button>
          <form className="live-join" onSubmit={join}>
            <input
              value={code}
              onChange={(e) => setCode(e.target.value)}
              placeholder={t('live.friends.code')}
              aria-label={t('live.friends.code')}
              maxLength={16}
              autoCapitalize="characters"
            />
            <button type="submit" className="secondary">
              {t('live.friends.join')}
            </button>
          </form>
        </section>
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
        <button type="button" className="secondary" onClick={() => navigate('/friends')}>
          {t('friends.link')}
        </button>
        <button type="button" className="secondary" onClick={() => navigate('/live/watch')}>
          {t('live.watch.link')}
        </button>
        <button type="button" className="secondary" onClick={() => navigate('/live/history')}>
          {t('live.history.link')}
        </button>
        <button type="button" className="secondary" onClick={() => navigate('/live/blocked')}>
          {t('live.manners.blockedLink')}
        </button>
        {account.moderator && (
          // Only a moderator's account says so (ADMIN_USERS, kept with a password): their page, the reports.
          <button type="button" className="secondary" onClick={() => navigate('/live/admin')}>
            {t('live.manners.modLink')}
          </button>
        )}
      </div>
    </Page>
  );
}

function YouCard({
  account,
  onChange,
  store,
}: {
  account: Account;
  onChange: (a: Account) => void;
  store: ReturnType<typeof useApp>['store'];
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(account.user.name);
  const [password, setPassword] = useState('');
  const [loginName, setLoginName] = useState('');
  const [loginPassword, setLoginPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null); // what the last action did, said once
  const [nameError, setNameError] = useState<string | null>(null); // why the name was refused, under its form
  const [reserved, setReserved] = useState(false); // a name was refused as reserved: the moderator code is offered
  const [code, setCode] = useState<string | null>(null); // the moderator code's field; null: not opened
  const [claimOpen, setClaimOpen] = useState(false); // a moderator's name just taken: keeping it comes next
  const [signedOut, setSignedOut] = useState(() => store.get(SIGNED_OUT_KEY) !== null);
  const forgetSignedOut = () => {
    store.remove(SIGNED_OUT_KEY);
    setSignedOut(false);
  };
  const run = async (f: () => Promise<string>) => {
    setError(null);
    setDone(null);
    try {
      setDone(await f());
    } catch (e) {
      setError(errorText(t, e));
    }
  };
  /**
   * A moderator's name (ADMIN_USERS) is refused as reserved unless its code comes along: after such a refusal the
   * form offers a field for it (docs/security.md, "Taking a moderator's name").
   */
  const saveName = async () => {
    setError(null);
    setNameError(null);
    setDone(null);
    const given = code?.trim() ?? '';
    try {
      onChange({ ...account, user: await rename(account.token, name, given === '' ? undefined : given) });
      setEditing(false);
      setReserved(false);
      setCode(null);
      if (given !== '') {
        setClaimOpen(true);
        setDone(t('live.you.codeTaken'));
      }
    } catch (e) {
      const refused = e instanceof ApiError && e.code === 'ERR_RESERVED_NAME';
      if (refused) setReserved(true);
      setNameError(refused && given !== '' ? t('live.you.codeRefused') : errorText(t, e));
    }
  };
  const u = account.user;
  return (
    <section className="live-card live-you">
      <h2>{t('live.you.title')}</h2>
      {editing ? (
        <>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void saveName();
            }}
          >
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={24}
              aria-label={t('live.you.title')}
            />
            {code !== null && (
              <input
                value={code}
                onChange={(e) => setCode(e.target.value)}
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                autoFocus
                placeholder={t('live.you.code')}
                aria-label={t('live.you.code')}
                aria-describedby="live-code-hint"
              />
            )}
            <button type="submit" className="primary">
              {t('live.you.save')}
            </button>
          </form>
          {code !== null && (
            <p id="live-code-hint" className="muted live-code-hint">
              {t('live.you.codeHint')}
            </p>
          )}
          {nameError && (
            <p className="error" role="alert">
              {nameError}
            </p>
          )}
          {reserved && code === null && (
            <button type="button" className="link live-code-offer" onClick={() => setCode('')}>
              {t('live.you.haveCode')}
            </button>
          )}
        </>
      ) : (
        <p>
          <strong className="live-name">{u.name}</strong> ·{' '}
          <span title={provisionalTitle(t, u.provisional)}>
            {t('live.you.rating', { rating: ratingText(u.rating, u.provisional) })}
          </span>{' '}
          {!u.claimed && (
            <button
              type="button"
              className="secondary small"
              onClick={() => {
                setName(account.user.name); // the name now (after signing in or out, another one)
                setNameError(null);
                setReserved(false);
                setCode(null);
                setEditing(true);
              }}
            >
              {t('live.you.rename')}
            </button>
          )}
        </p>
      )}
      {u.claimed ? (
        <p className="muted">
          {t('live.you.claimed')}{' '}
          <button
            type="button"
            className="secondary small"
            onClick={() =>
              void run(async () => {
                onChange(await signOutEverywhere(store, account.token));
                return t('live.you.signedOutEverywhere');
              })
            }
          >
            {t('live.you.signOutEverywhere')}
          </button>{' '}
          <button
            type="button"
            className="secondary small"
            onClick={() =>
              void run(async () => {
                onChange(await signOutHere(store, i18n.language));
                return t('live.you.signedOutNow');
              })
            }
          >
            {t('live.you.signOutHere')}
          </button>
        </p>
      ) : (
        <details open={claimOpen || undefined}>
          <summary>{t('live.you.claim')}</summary>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void run(async () => {
                onChange(await claimName(store, account.token, password));
                setPassword('');
                setClaimOpen(false);
                return t('live.you.claimedNow');
              });
            }}
          >
            <input
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              placeholder={t('live.you.password')}
              aria-label={t('live.you.password')}
            />
            <button type="submit" className="secondary">
              {t('live.you.claimButton')}
            </button>
          </form>
        </details>
      )}
      {signedOut && (
        <div className="live-signed-out" role="status">
          <p>{t('live.you.signedOutHere')}</p>
          <button type="button" className="secondary small" onClick={forgetSignedOut}>
            {t('live.you.understood')}
          </button>
        </div>
      )}
      {/* Signing in is for a guest: once the name is kept with a password, this device is signed in. */}
      {!u.claimed && (
        <details open={signedOut || undefined}>
          <summary>{t('live.you.login')}</summary>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void run(async () => {
                const signedIn = await login(store, loginName, loginPassword);
                onChange(signedIn);
                setLoginPassword('');
                forgetSignedOut();
                return t('live.you.signedIn', { name: signedIn.user.name });
              });
            }}
          >
            <input
              value={loginName}
              autoComplete="username"
              onChange={(e) => setLoginName(e.target.value)}
              placeholder={t('live.you.loginName')}
              aria-label={t('live.you.loginName')}
            />
            <input
              type="password"
              autoComplete="current-password"
              value={loginPassword}
              onChange={(e) => setLoginPassword(e.target.value)}
              placeholder={t('live.you.password')}
              aria-label={t('live.you.password')}
            />
            <button type="submit" className="secondary">
              {t('live.you.loginButton')}
            </button>
          </form>
        </details>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="live-done" role="status">
          {done}
        </p>
      )}
    </section>
  );
}

function LiveRoom({ roomId }: { roomId: string }) {
  const { store, navigate } = useApp();
  const { t, i18n } = useTranslation();
  const [client, setClient] = useState<TableClient | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0); // "play here" after the seat moved to another device: join again
  useClient(client);

  useEffect(() => {
    let c: TableClient | null = handoff.get(roomId) ?? null;
    handoff.delete(roomId);
    let live = true;
    if (c) setClient(c);
    else
      ensureUser(store, i18n.language)
        .then(async (a) => {
          if (!live) return;
          c = new TableClient({
            url: serverUrl(),
            token: a.token,
            roomId,
            shuffle: { keeper: fairKeeper(store) },
            onToken: (token) => keepToken(store, token),
          });
          setClient(c);
          await c.connect();
        })
        .catch((e: unknown) => live && setError(errorText(t, e)));
    return () => {
      live = false;
      // Leaving the page is not leaving the table: the seat waits out the reconnection window.
      if (c && c.status !== 'closed') c.vanish();
    };
  }, [roomId, store, t, attempt]);

  // Play again: on to the next table.
  const next = client?.next?.roomId;
  useEffect(() => {
    if (next) navigate(`/live/${next}`);
  }, [next, navigate]);

  // The server was updated since this page was loaded (it refused the page's protocol version): only a reload helps.
  if (client?.outdated)
    return (
      <Closed
        text={t('live.joinErrors.protocol')}
        action={{ label: t('live.reload'), run: () => window.location.reload() }}
      />
    );
  if (error) return <Closed text={error} />;
  if (!client || (!client.state && !client.lobby)) {
    if (client?.status === 'closed') return <Closed text={t('live.table.closed.other')} />;
    return (
      <Page title={t('live.title')}>
        <p className="muted">{t('live.connecting')}</p>
      </Page>
    );
  }
  if (client.status === 'closed' && client.closeCode !== CLOSE_CODES.consented) {
    const why =
      client.closeCode === CLOSE_CODES.kicked
        ? 'kicked'
        : client.closeCode === CLOSE_CODES.replaced
          ? 'replaced'
          : client.closeCode === CLOSE_CODES.seatLost
            ? 'seatLost'
            : 'other';
    // The seat moved to another device of this player: it can come back here (the other device is told so).
    const playHere =
      why === 'replaced'
        ? {
            label: t('live.table.playHere'),
            run: () => {
              setClient(null);
              setAttempt((a) => a + 1);
            },
          }
        : undefined;
    return <Closed text={t(`live.table.closed.${why}`)} action={playHere} />;
  }
  if (client.state) return <LiveTable client={client} state={client.state} />;
  return <FriendsLobby client={client} />;
}

function Closed({ text, action }: { text: string; action?: { label: string; run: () => void } | undefined }) {
  const { navigate } = useApp();
  const { t } = useTranslation();
  return (
    <Page title={t('live.title')}>
      <p role="alert">{text}</p>
      {action && (
        <button type="button" className="primary" onClick={action.run}>
          {action.label}
        </button>
      )}
      <button type="button" className={action ? 'secondary' : 'primary'} onClick={() => navigate('/live')}>
        {t('live.table.home')}
      </button>
    </Page>
  );
}

/** A friends' room before its game: the code to share, who is in, the host's options (every member sees them). */
export function FriendsLobby({ client }: { client: TableClient }) {
  const { navigate } = useApp();
  const { t } = useTranslation();
  const lobby = client.lobby!;
  const me = lobby.members.find((m) => m.you);
  const host = me?.host === true;
  const link = `${window.location.origin}${window.location.pathname}#/live/${lobby.code}`;
  const [copied, setCopied] = useState(false);
  const parsed = parseRules(lobby.options.rules);
  const rules = parsed.ok ? rulesDiff(parsed.value) : {};
  return (
    <Page title={t('live.lobby.title', { code: lobby.code })}>
      <div className="live-lobby">
        <section className="live-card">
          <p>{t('live.lobby.share')}</p>
          <p className="live-code" data-code={lobby.code}>
            <strong>{lobby.code}</strong>
          </p>
          <input readOnly value={link} aria-label="link" onFocus={(e) => e.target.select()} />
          <button
            type="button"
            className="secondary small"
            onClick={() => {
              void navigator.clipboard?.writeText(link).then(() => setCopied(true));
            }}
          >
            {copied ? t('live.lobby.copied') : t('live.lobby.copy')}
          </button>
        </section>
        <section className="live-card">
          <h2>{t('live.lobby.members', { n: lobby.members.length, seats: lobby.players })}</h2>
          <ul className="live-members">
            {lobby.members.map((m, i) => (
              <li key={i} className={m.connected ? undefined : 'away'}>
                {m.name}
                {m.host && ` · ${t('live.lobby.host')}`}
                {!m.connected && ` · ${t('live.lobby.away')}`}
              </li>
            ))}
          </ul>
        </section>
        <InviteFriends room={lobby.code} members={lobby.members.map((m) => m.name)} />
        <section className="live-card">
          <h2>{t('live.lobby.options')}</h2>
          <RulesSummary rules={rules} />
          {host ? (
            <>
              <RulesOptions
                value={{ rules, preset: presetOf(rules) }}
                onChange={(c) => {
                  const r = parseRules(c.rules);
                  if (r.ok)
                    client.send('options', { rules: rulesDiff(r.value), botLevel: lobby.options.botLevel });
                }}
              />
              <fieldset className="segmented">
                <legend>{t('live.lobby.bots')}</legend>
                {LEVELS.filter((l) => l !== 'random').map((l) => (
                  <label key={l} className={lobby.options.botLevel === l ? 'on' : undefined}>
                    <input
                      type="radio"
                      name="bot-level"
                      checked={lobby.options.botLevel === l}
                      onChange={() => client.send('options', { rules, botLevel: l })}
                    />
                    {levelName(t, l)}
                  </label>
                ))}
              </fieldset>
              <WatchersControl client={client} />
              <button type="button" className="primary big" onClick={() => client.send('start', {})}>
                {t('live.lobby.start')}
              </button>
            </>
          ) : (
            <>
              <p className="muted">
                {t('live.lobby.bots')}: {levelName(t, lobby.options.botLevel)}
              </p>
              <p className="muted">{t('live.lobby.waitHost')}</p>
            </>
          )}
        </section>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            client.send('leave', {});
            void client.leave();
            navigate('/live');
          }}
        >
          {t('live.lobby.leave')}
        </button>
      </div>
    </Page>
  );
}

function LiveHistory() {
  const { navigate, settings } = useApp();
  const { t } = useTranslation();
  const { account, error, retrying, retry } = useAccount();
  const [games, setGames] = useState<LiveGame[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(settings.lang, { dateStyle: 'medium', timeStyle: 'short' });
  useEffect(() => {
    if (!account) return;
    liveHistory(account.token).then(setGames, (e: unknown) => setProblem(errorText(t, e)));
  }, [account, t]);
  const open = async (g: LiveGame, how: 'view' | 'analysis' | 'download') => {
    if (!account) return;
    try {
      if (how === 'download') {
        downloadRecord(await fetchRecord(account.token, g.id), new Date(g.finishedAt));
        return;
      }
      const r = await openLiveGame(account.token, g.id, g.seat, navigate, how === 'analysis');
      if (!r.ok) setProblem(t('history.openError', { reason: recordErrorText(t, settings.lang, r.error) }));
    } catch (e) {
      setProblem(errorText(t, e));
    }
  };
  return (
    <Page title={t('live.history.title')}>
      {error ? (
        <AccountProblem error={error} retrying={retrying} retry={retry} />
      ) : (
        problem && <p className="error">{problem}</p>
      )}
      {games && games.length === 0 && <p className="muted">{t('live.history.empty')}</p>}
      <ul className="live-history">
        {games?.map((g) => (
          <li key={g.id} data-game={g.id}>
            <div>
              <strong>{date.format(new Date(g.finishedAt))}</strong> ·{' '}
              {g.rated ? t('live.history.rated') : t('live.history.unrated')} ·{' '}
              {t('live.history.rank', { rank: g.players[g.seat]?.rank })}
            </div>
            <div className="muted">
              {g.players
                .map(
                  (p) =>
                    `${recordPlayerName(t, p.name)}${!p.bot ? '' : ` (${t(p.replaced ? 'live.table.replaced' : 'seat.botBadge', { level: levelName(t, p.level ?? '') })})`}: ${p.score}`,
                )
                .join(' · ')}
            </div>
            <button type="button" className="secondary small" onClick={() => void open(g, 'view')}>
              {t('live.history.view')}
            </button>
            <button type="button" className="secondary small" onClick={() => void open(g, 'analysis')}>
              {t('analysis.open')}
            </button>
            <button type="button" className="secondary small" onClick={() => void open(g, 'download')}>
              {t('live.history.download')}
            </button>
            <button
              type="button"
              className="secondary small"
              onClick={() =>
                account &&
                void downloadTranscripts(account.token, g.id).catch((e: unknown) =>
                  setProblem(errorText(t, e)),
                )
              }
            >
              {t('live.fair.download')}
            </button>
          </li>
        ))}
      </ul>
    </Page>
  );
}

/**
 * `#/live/blocked` and `#/live/admin`: with the player's account (MannersPages.tsx); their way back leads to live
 * play, whose pages they are, and says so.
 */
function MannersRoute({ which }: { which: 'blocked' | 'admin' }) {
  const { t } = useTranslation();
  const { account, error, retrying, retry } = useAccount();
  return (
    <Page
      title={which === 'blocked' ? t('live.manners.blockedTitle') : t('live.manners.modTitle')}
      back={{ route: '/live', label: t('live.title') }}
    >
      {error ? (
        <AccountProblem error={error} retrying={retrying} retry={retry} />
      ) : !account ? (
        <p className="muted">{t('live.connecting')}</p>
      ) : which === 'blocked' ? (
        <BlockedList token={account.token} />
      ) : (
        <ModerationList token={account.token} />
      )}
    </Page>
  );
}

/** The `live` route's screen (loaded on demand). */
export default function LiveScreen({ rest }: { rest: string }) {
  return livePage(rest);
}
