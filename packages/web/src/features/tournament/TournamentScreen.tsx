/**
 * Tournaments (`#/tournaments`), loaded on demand: the running, upcoming and finished arenas and a form to create a
 * private one (with the host's rule options); a tournament's page (`#/tournaments/<id>`) with its rules and its
 * live standings (asked for again whenever its events stream says they changed; polled every 2 s when the stream
 * is refused or fails; the server answers 304 while nothing changed), join / pause / leave, the link and code of
 * a private one, your table when you are seated (opened by itself once), the podium at the end and each player's
 * games with their replays.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  TOURNAMENT_LIMITS,
  TOURNAMENT_FIXED_RULES,
  tournamentEventsPath,
  tournamentOptions,
  tournamentRules,
  TOURNAMENT_ROUTES,
  type StandingRow,
  type TournamentEntry,
  type TournamentPage,
  type TournamentSummary,
} from '@hearts/protocol/http/tournaments';
import { GAME_ROUTES } from '@hearts/protocol/http/games';
import { parseRules, type Rules } from '@hearts/engine';
import { BOT_LEVELS, type BotLevel } from '@hearts/protocol/socket';
import { openReplay, openedFromRoute, serverReplayRoute } from '../../kit/replay';
import { ApiError } from '../../kit/server/account';
import { AccountProblem, useAccount } from '../../kit/server/account-state';
import { request, serverUrl } from '../../kit/server/http';
import { useApp } from '../../kit/context';
import { setOpenedFile } from '../../kit/replay';
import { presetOf } from '../../kit/settings';
import { FlameIcon, MedalIcon } from '../../kit/icons';
import { levelName, recordPlayerName } from '../../kit/names';
import { Page } from '../../kit/Page';
import { recordErrorText } from '../../table/record-words';
import { RulesOptions, ruleLines, type RulesChoice } from '../../kit/RulesOptions';
import { openedTable, rememberTournament } from './link';
import { pointsText, pointsWords, timeText, tournamentName } from './name';
import './tournament.css';
import { serverErrorText } from '../../kit/server/error-texts';

const POLL_MS = 2000;
/** The first wait before the events stream is tried again; doubled after each failure, up to the most. */
const STREAM_RETRY_MS = 5000;
const STREAM_RETRY_MAX_MS = 60_000;

function errorText(t: TFunction, e: unknown): string {
  if (e instanceof ApiError) {
    if (e.code === 'ERR_OFFLINE') return t('tournament.errors.offline');
    return t(`tournament.errors.${e.code}`, {
      defaultValue: serverErrorText(t, e),
    });
  }
  return t('tournament.errors.other', { message: e instanceof Error ? e.message : String(e) });
}

/** The options of a choice less those a tournament fixes (while the choice is not a valid rule set). */
function fixedLeftOut(rules: Partial<Rules>): Partial<Rules> {
  const out: Record<string, unknown> = { ...rules };
  for (const k of TOURNAMENT_FIXED_RULES) delete out[k];
  return out as Partial<Rules>;
}

/** A tournament's rules in a line: "standard rules", or each option that differs, in the options screen's words. */
function RulesLine({ rules }: { rules: Partial<Rules> }) {
  const { t, i18n } = useTranslation();
  const fixed: readonly string[] = TOURNAMENT_FIXED_RULES;
  const lines = ruleLines(t, i18n.language === 'de' ? 'de' : 'en', rules).filter(
    (l) => !fixed.includes(l.name),
  );
  if (lines.length === 0) return <span data-rule="standard">{t('tournament.standardRules')}</span>;
  return (
    <>
      {lines.map((l, i) => (
        <span key={l.name} data-rule={l.name}>
          {i > 0 && ' · '}
          {l.label}: {l.value}
        </span>
      ))}
    </>
  );
}

export default function TournamentScreen({ rest }: { rest: string }) {
  return rest ? <TournamentView key={rest} id={rest} /> : <TournamentList />;
}

function Summary({ s, now }: { s: TournamentSummary; now: number }) {
  const { t } = useTranslation();
  const when =
    s.status === 'upcoming'
      ? t('tournament.startsIn', { time: timeText(s.startsAt - now) })
      : s.status === 'running'
        ? t('tournament.endsIn', { time: timeText(s.endsAt - now) })
        : t('tournament.ended');
  return (
    <>
      <strong>{tournamentName(t, s)}</strong>
      <small>
        {when} · {t('tournament.players', { count: s.players })} · {t('tournament.hands', { count: s.hands })}{' '}
        · {s.rated ? t('tournament.rated') : t('tournament.unrated')}
        {Object.keys(s.rules).length > 0 && <> · {t('tournament.customRules')}</>}
      </small>
    </>
  );
}

/**
 * The list page: the account once for the whole page (the server away is said once, and the page comes to life
 * when it is back), then the tournaments, yours and the form to create one.
 */
function TournamentList() {
  const { t } = useTranslation();
  const { navigate } = useApp();
  const { account, error: accountError, retrying, retry } = useAccount();
  const token = account?.token ?? null;
  const [lists, setLists] = useState<{
    running: TournamentSummary[];
    upcoming: TournamentSummary[];
    finished: TournamentSummary[];
  } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const now = Date.now();
  useEffect(() => {
    if (!token) return; // the lists need no account, but come once the server answers
    let live = true;
    setProblem(null);
    request(TOURNAMENT_ROUTES.tournaments, {}).then(
      (l) => live && setLists(l),
      (e: unknown) => live && setProblem(errorText(t, e)),
    );
    return () => {
      live = false;
    };
  }, [t, token]);
  if (accountError)
    return (
      <Page title={t('tournament.title')}>
        <div className="tournament">
          <p>{t('tournament.intro')}</p>
          <AccountProblem error={accountError} retrying={retrying} retry={retry} />
        </div>
      </Page>
    );
  return (
    <Page title={t('tournament.title')}>
      <div className="tournament">
        <p>{t('tournament.intro')}</p>
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
        {(['running', 'upcoming', 'finished'] as const).map((k) => (
          <section key={k} aria-labelledby={`t-${k}`}>
            <h2 id={`t-${k}`}>{t(`tournament.${k}`)}</h2>
            {lists && lists[k].length === 0 && <p className="muted">{t('tournament.none')}</p>}
            <ul className="tournament-list">
              {lists?.[k].map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    className="tournament-item"
                    onClick={() => navigate(`/tournaments/${s.id}`)}
                  >
                    <Summary s={s} now={now} />
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <History token={token} />
        <CreateForm token={token} />
      </div>
    </Page>
  );
}

/** The tournaments you entered: your rank and points (`token`: the page's account). */
function History({ token }: { token: string | null }) {
  const { t, i18n } = useTranslation();
  const { navigate } = useApp();
  const [entries, setEntries] = useState<TournamentEntry[] | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    request(TOURNAMENT_ROUTES.tournamentHistory, { token }).then(
      (h) => live && setEntries(h.tournaments),
      () => undefined, // the lists above say what is wrong
    );
    return () => {
      live = false;
    };
  }, [token]);
  if (!entries || entries.length === 0) return null;
  return (
    <section aria-labelledby="t-history">
      <h2 id="t-history">{t('tournament.history')}</h2>
      <ul className="tournament-list">
        {entries.map((e) => (
          <li key={e.tournament.id}>
            <button
              type="button"
              className="tournament-item"
              onClick={() => navigate(`/tournaments/${e.tournament.id}`)}
            >
              <strong>{tournamentName(t, e.tournament)}</strong>
              <small>
                {t('tournament.historyLine', {
                  rank: e.rank,
                  of: e.of,
                  points: pointsWords(t, e.points, i18n.language),
                  games: t('tournament.gamesN', { count: e.games }),
                })}
              </small>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The form to create a private tournament (`token`: the page's account, null until it is there). */
function CreateForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const { navigate } = useApp();
  const [name, setName] = useState('');
  const [minutes, setMinutes] = useState(30);
  const [hands, setHands] = useState(2);
  const [startsIn, setStartsIn] = useState(5);
  const [maxPlayers, setMaxPlayers] = useState(16);
  const [bots, setBots] = useState(true);
  const [botLevel, setBotLevel] = useState<BotLevel>('medium');
  const [choice, setChoice] = useState<RulesChoice>({ rules: {}, preset: 'standard' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const L = TOURNAMENT_LIMITS;
  const checked = tournamentRules(choice.rules, hands);
  const submit = async () => {
    if (!token || busy || !checked.ok) return;
    setBusy(true);
    setProblem(null);
    try {
      const { id } = await request(TOURNAMENT_ROUTES.tournamentCreate, {
        token,
        body: {
          name: name.trim() || t('tournament.private'),
          minutes,
          hands,
          startsIn,
          bots,
          botLevel,
          maxPlayers,
          rules: choice.rules,
        },
      });
      navigate(`/tournaments/${id}`);
    } catch (e) {
      setProblem(errorText(t, e));
      setBusy(false);
    }
  };
  const num = (label: string, value: number, set: (n: number) => void, min: number, max: number) => (
    <label>
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        onChange={(e) => set(Math.min(max, Math.max(min, Math.round(Number(e.target.value) || min))))}
      />
    </label>
  );
  return (
    <section aria-labelledby="t-create" className="tournament-create">
      <h2 id="t-create">{t('tournament.create')}</h2>
      <p className="muted">{t('tournament.createInfo')}</p>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>
          {t('tournament.name')}
          <input value={name} maxLength={L.nameMax} onChange={(e) => setName(e.target.value)} />
        </label>
        {num(t('tournament.minutes'), minutes, setMinutes, L.minutes.min, L.minutes.max)}
        {num(t('tournament.handsPerGame'), hands, setHands, L.hands.min, L.hands.max)}
        {num(t('tournament.startsInMinutes'), startsIn, setStartsIn, 0, L.startsIn.max)}
        {num(t('tournament.maxPlayers'), maxPlayers, setMaxPlayers, L.players.min, L.players.max)}
        <label>
          {t('tournament.botLevel')}
          <select value={botLevel} onChange={(e) => setBotLevel(e.target.value as BotLevel)}>
            {BOT_LEVELS.map((l) => (
              <option key={l} value={l}>
                {levelName(t, l)}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={bots} onChange={(e) => setBots(e.target.checked)} />
          {t('tournament.bots', { s: 20 })}
        </label>
        <details className="tournament-rules-options">
          <summary>
            {t('tournament.rulesOptions')}: <RulesLine rules={choice.rules} />
          </summary>
          <p className="muted">{t('tournament.rulesInfo')}</p>
          <RulesOptions
            value={choice}
            omit={TOURNAMENT_FIXED_RULES}
            onChange={(c) => {
              // The options a tournament fixes (four players, its hands per game) are not the host's.
              const r = parseRules(c.rules);
              const options = r.ok ? tournamentOptions(r.value) : fixedLeftOut(c.rules);
              setChoice({ rules: options, preset: presetOf(options) });
            }}
          />
        </details>
        <p className="muted small-print">{t('tournament.privateUnrated')}</p>
        <button type="submit" className="primary" disabled={!token || busy || !checked.ok}>
          {t('tournament.createButton')}
        </button>
      </form>
    </section>
  );
}

function TournamentView({ id }: { id: string }) {
  const { t } = useTranslation();
  const { navigate, settings } = useApp();
  const { account, error: accountError, retrying, retry } = useAccount();
  const token = account?.token ?? null;
  const [page, setPage] = useState<TournamentPage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [open, setOpen] = useState<string | null>(null); // the player whose games are shown
  const [skew, setSkew] = useState(0); // the server's clock minus ours
  const [, tick] = useState(0);
  const opened = useRef<string | null>(null); // the table we went to already

  // The page, asked for again whenever the events stream says it changed. While the stream is refused or ended
  // the page is polled and the stream opened again after a back-off; polling stops once it is open.
  useEffect(() => {
    if (!token) return;
    let live = true;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let source: EventSource | null = null;
    let polling = false;
    let retryMs = STREAM_RETRY_MS; // until the next try of the stream
    let finished = false;
    let loading = false;
    let again = false;
    const load = async () => {
      if (loading) {
        again = true;
        return;
      }
      loading = true;
      try {
        const p = await request(TOURNAMENT_ROUTES.tournament, { token, params: { id } });
        if (!live) return;
        setPage(p);
        setSkew(p.now - Date.now());
        setProblem(null);
        if (p.phase === 'finished') {
          finished = true; // nothing changes any more
          source?.close();
          source = null;
          clearTimeout(retryTimer);
        }
      } catch (e) {
        if (live) setProblem(errorText(t, e));
      } finally {
        loading = false;
      }
      if (again && live) {
        again = false;
        void load();
      }
    };
    const poll = async () => {
      await load();
      if (!live || !polling || finished) return;
      clearTimeout(pollTimer);
      pollTimer = setTimeout(() => void poll(), POLL_MS);
    };
    const connect = () => {
      const s = new EventSource(serverUrl() + tournamentEventsPath(id));
      source = s;
      s.onopen = () => {
        if (source !== s) return;
        polling = false; // the stream tells every change (at once the current version, too)
        clearTimeout(pollTimer);
        retryMs = STREAM_RETRY_MS;
      };
      s.onmessage = () => void load(); // `changed`: the page again (the browser revalidates it by its ETag)
      s.onerror = () => {
        // Reconnecting by itself (CONNECTING) tells the version again once back; refused or ended: poll, retry.
        if (s.readyState !== EventSource.CLOSED || source !== s) return;
        source = null;
        if (!live || finished) return;
        if (!polling) {
          polling = true;
          pollTimer = setTimeout(() => void poll(), POLL_MS);
        }
        retryTimer = setTimeout(() => {
          if (live && !finished) connect();
        }, retryMs);
        retryMs = Math.min(retryMs * 2, STREAM_RETRY_MAX_MS);
      };
    };
    if (typeof EventSource === 'undefined') {
      polling = true;
      void poll();
    } else {
      void load();
      connect();
    }
    return () => {
      live = false;
      clearTimeout(pollTimer);
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [token, id, t]);

  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);

  // Seated: go to the table (once per table; the table links back here).
  const table = page?.you?.tableId ?? null;
  useEffect(() => {
    // Once per table, also when the player came back here from it (the table's bar links to the standings).
    if (table === null || opened.current === table || openedTable() === table || page?.phase !== 'running')
      return;
    opened.current = table;
    rememberTournament(id, table);
    navigate(`/live/${table}`);
  }, [table, id, navigate, page?.phase]);

  const act = async (
    route:
      | typeof TOURNAMENT_ROUTES.tournamentJoin
      | typeof TOURNAMENT_ROUTES.tournamentPause
      | typeof TOURNAMENT_ROUTES.tournamentLeave,
  ) => {
    if (!token || busy) return;
    setBusy(true);
    try {
      setPage(await request(route, { token, params: { id } }));
      setProblem(null);
    } catch (e) {
      setProblem(errorText(t, e));
    }
    setBusy(false);
  };

  const replay = async (gameId: string) => {
    try {
      const record = await request(GAME_ROUTES.replay, { token, params: { id: gameId } });
      const r = openReplay(record);
      if (!r.ok) return setProblem(recordErrorText(t, settings.lang, r.error));
      // At an address of its own (a reload reopens it); back leads to these standings.
      const from = openedFromRoute(`/tournaments/${id}`);
      setOpenedFile(r.value, gameId, null, from);
      navigate(
        serverReplayRoute({
          kind: 'game',
          id: gameId,
          seat: null,
          mine: false,
          from: from.route,
          analyse: false,
        }),
      );
    } catch (e) {
      setProblem(errorText(t, e));
    }
  };

  const s = page?.tournament;
  const now = Date.now() + skew;
  const you = page?.you ?? null;
  const link = `${window.location.origin}${window.location.pathname}#/tournaments/${id}`;
  return (
    <Page title={s ? tournamentName(t, s) : t('tournament.title')}>
      <div className="tournament">
        {accountError ? (
          <AccountProblem error={accountError} retrying={retrying} retry={retry} />
        ) : (
          problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )
        )}
        {s && page && (
          <>
            <p className="tournament-when" data-phase={page.phase}>
              {page.phase === 'upcoming' && t('tournament.startsIn', { time: timeText(s.startsAt - now) })}
              {page.phase === 'running' && t('tournament.endsIn', { time: timeText(s.endsAt - now) })}
              {page.phase === 'finishing' && t('tournament.finishing')}
              {page.phase === 'finished' && t('tournament.ended')}
              {' · '}
              {t('tournament.hands', { count: s.hands })} ·{' '}
              {s.rated ? t('tournament.rated') : t('tournament.unrated')}
            </p>
            <p className="tournament-rules" data-rules={JSON.stringify(s.rules)}>
              {t('tournament.rulesOptions')}: <RulesLine rules={s.rules} />
            </p>
            {s.kind === 'private' && (
              <p className="tournament-share">
                {s.host && <>{t('tournament.host', { name: s.host })} · </>}
                {t('tournament.code')}: <code data-code={s.id}>{s.id}</code>{' '}
                <button
                  type="button"
                  className="link"
                  onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}
                >
                  {copied ? t('tournament.copied') : t('tournament.copy')}
                </button>
              </p>
            )}
            <div className="tournament-actions">
              {page.phase !== 'finished' &&
                page.phase !== 'finishing' &&
                (you === null || you.presence !== 'active') && (
                  <button
                    type="button"
                    className="primary"
                    disabled={busy}
                    onClick={() => void act(TOURNAMENT_ROUTES.tournamentJoin)}
                  >
                    {you === null ? t('tournament.join') : t('tournament.back')}
                  </button>
                )}
              {you?.presence === 'active' && page.phase !== 'finished' && (
                <>
                  <button
                    type="button"
                    className="secondary"
                    disabled={busy}
                    onClick={() => void act(TOURNAMENT_ROUTES.tournamentPause)}
                  >
                    {t('tournament.pause')}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    disabled={busy}
                    onClick={() => void act(TOURNAMENT_ROUTES.tournamentLeave)}
                  >
                    {t('tournament.leave')}
                  </button>
                </>
              )}
            </div>
            {you?.tableId && (
              <p className="tournament-table" role="status">
                {t('tournament.yourTable')} —{' '}
                <button
                  type="button"
                  className="primary"
                  onClick={() => {
                    rememberTournament(id, you.tableId);
                    navigate(`/live/${you.tableId}`);
                  }}
                >
                  {t('tournament.goToTable')}
                </button>
              </p>
            )}
            {you?.presence === 'active' && !you.tableId && page.phase === 'running' && (
              <p className="muted" role="status">
                {t('tournament.waiting')}
              </p>
            )}
            {you?.presence === 'paused' && <p className="muted">{t('tournament.paused')}</p>}
            {you?.presence === 'left' && (
              // Once it has finished there is nothing to join again.
              <p className="muted">
                {t(page.phase === 'finished' ? 'tournament.leftOver' : 'tournament.left')}
              </p>
            )}
            {you?.presence === 'away' && <p className="muted">{t('tournament.away')}</p>}
            {page.phase === 'finished' && page.standings.length > 0 && (
              <Podium rows={page.standings.slice(0, 3)} />
            )}
            <section aria-labelledby="t-standings">
              <h2 id="t-standings">{t('tournament.standings')}</h2>
              <p className="muted small-print" data-finished={page.finished}>
                {/* "Gewertete Spiele" reads as rated games: an unrated tournament's games are only counted. */}
                {t(page.tournament.rated ? 'tournament.counted' : 'tournament.countedUnrated', {
                  finished: page.finished,
                  running: page.running,
                })}
              </p>
              {page.standings.length === 0 ? (
                <p className="muted">{t('tournament.noStandings')}</p>
              ) : (
                <table className="tournament-standings">
                  <thead>
                    <tr>
                      <th scope="col">{t('tournament.rank')}</th>
                      <th scope="col">{t('tournament.player')}</th>
                      <th scope="col">{t('tournament.games')}</th>
                      <th scope="col">{t('tournament.points')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.standings.map((r, i) => (
                      <StandingLine
                        key={i}
                        r={r}
                        open={open === r.name}
                        onToggle={() => setOpen(open === r.name ? null : r.name)}
                        onReplay={(g) => void replay(g)}
                      />
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          </>
        )}
        <p>
          <button type="button" className="link" onClick={() => navigate('/tournaments')}>
            {t('tournament.list')}
          </button>
        </p>
      </div>
    </Page>
  );
}

function Podium({ rows }: { rows: readonly StandingRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="t-podium">
      <h2 id="t-podium">{t('tournament.podium')}</h2>
      <ol className="tournament-podium">
        {rows.map((r, i) => (
          <li key={i} data-rank={r.rank}>
            {r.rank >= 1 && r.rank <= 3 && (
              // The place named (a tie shares it, which the list's own numbers would not say).
              <span className="medal" role="img" aria-label={t('tournament.place', { place: r.rank })}>
                <MedalIcon place={r.rank as 1 | 2 | 3} />
              </span>
            )}{' '}
            <strong>{recordPlayerName(t, r.name)}</strong> {pointsWords(t, r.points, i18n.language)}
            {r.prize > 0 && (
              <span className="tournament-prize" data-prize={r.prize}>
                {' · '}
                {t('tournament.prize', { chips: r.prize.toLocaleString(i18n.language) })}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function StandingLine({
  r,
  open,
  onToggle,
  onReplay,
}: {
  r: StandingRow;
  open: boolean;
  onToggle: () => void;
  onReplay: (gameId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const mark =
    r.presence === 'paused'
      ? t('tournament.pausedMark')
      : r.presence === 'away'
        ? t('tournament.awayMark')
        : r.presence === 'left'
          ? t('tournament.leftMark')
          : null;
  return (
    <>
      <tr className={r.you ? 'you' : undefined} data-rank={r.rank} data-points={r.points}>
        <td>{r.rank}</td>
        <td className="name">
          <button type="button" className="link" aria-expanded={open} onClick={onToggle}>
            {recordPlayerName(t, r.name)}
          </button>
          {r.you && <span className="muted"> ({t('tournament.you')})</span>}
          {r.streak >= 2 && (
            <span
              className="fire"
              role="img"
              title={t('tournament.streak')}
              aria-label={t('tournament.streak')}
            >
              {' '}
              <FlameIcon />
            </span>
          )}
          {r.playing && <span className="chip">{t('tournament.playing')}</span>}
          {mark && <span className="chip muted">{mark}</span>}
        </td>
        <td>{r.games}</td>
        <td className="points">{pointsText(r.points, i18n.language)}</td>
      </tr>
      {open && (
        <tr className="games">
          <td colSpan={4}>
            <span className="sr-only">{t('tournament.gamesOf', { name: r.name })}</span>
            <ul>
              {r.results.map((g) => (
                <li key={g.gameId}>
                  {t('tournament.place', { place: g.place })} · {pointsWords(t, g.points, i18n.language)}
                  {g.doubled && (
                    <>
                      {' '}
                      <span
                        className="fire"
                        role="img"
                        title={t('tournament.doubled')}
                        aria-label={t('tournament.doubled')}
                      >
                        <FlameIcon />
                      </span>
                    </>
                  )}{' '}
                  <button type="button" className="link" onClick={() => onReplay(g.gameId)}>
                    {t('tournament.replay')}
                  </button>
                </li>
              ))}
            </ul>
          </td>
        </tr>
      )}
    </>
  );
}
