/**
 * Player pages and the leaderboard, loaded on demand: `#/profile` (yours), `#/profile/<userId>` (a player's),
 * `#/profile/bot/<level>` (a bot level's published rating) and `#/leaderboard` (all time, this month). Each page
 * shows the rating and its graph, the record of live games, a player's tournaments, recent games with replays;
 * yours shows your chips.
 */
import type { PuzzlePlayerView } from '@hearts/protocol/http/puzzles';
import { BOT_LEVELS, PROVISIONAL } from '@hearts/protocol/socket';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { loadSoloStats, soloStats } from '../../kit/records';
import { openReplay, openedFromRoute, serverReplayRoute } from '../../kit/replay';
import { ApiError, mergeGuestPuzzles, TOKEN_KEY, tokenUserId } from '../../kit/server/account';
import { AccountProblem, useAccount } from '../../kit/server/account-state';
import { Avatar } from '../../table/art';
import { useApp } from '../../kit/context';
import { setOpenedFile } from '../../kit/replay';
import { recordErrorText } from '../../table/record-words';
import { levelName, recordPlayerName } from '../../kit/names';
import { Page } from '../../kit/Page';
import { provisionalTitle, ratingText } from '../../kit/rating';
import { SoloStatsTable } from '../stats/StatsPage';
import {
  botPage,
  leaderboard,
  profile,
  puzzlePlayer,
  replayRecord,
  type LeaderboardRow,
  type Period,
  type PlayerPage,
} from './api';
import { puzzleSteps, ratingGraph, type GraphInput } from './graph';
import { PlayerTournaments } from './PlayerTournaments';
import { claimPracticeWins } from './practice';
import './profile.css';
import { serverErrorText } from '../../kit/server/error-texts';

export function errorText(t: TFunction, e: unknown): string {
  if (e instanceof ApiError)
    return t(`progress.errors.${e.code}`, {
      defaultValue: serverErrorText(t, e),
    });
  return t('progress.errors.other', { message: e instanceof Error ? e.message : String(e) });
}

/** The user id this device plays as (from its token), or null. */
export const myId = (token: string | null): string | null => (token ? tokenUserId(token) : null);

/** Where a subject's page is: `u:<id>` → `/profile/<id>`, `b:<level>` → `/profile/bot/<level>`. */
export const pageOf = (subject: string): string =>
  subject.startsWith('b:') ? `/profile/bot/${subject.slice(2)}` : `/profile/${subject.slice(2)}`;

/** A subject's name as the pages show it: a bot level by its level in the reader's language (its stored name is the id). */
const shownName = (t: TFunction, s: { readonly bot: string | null; readonly name: string }): string =>
  s.bot ? t('seat.botBadge', { level: levelName(t, s.bot) }) : recordPlayerName(t, s.name);

export default function ProfileScreen({ section, rest }: { section: string; rest: string }) {
  if (section === 'leaderboard') return <Leaderboard />;
  if (rest.startsWith('bot/')) return <PlayerScreen key={rest} who={{ bot: rest.slice(4) }} />;
  if (rest === '') return <MyScreen />;
  return <PlayerScreen key={rest} who={{ user: rest }} />;
}

type Who = 'me' | { user: string } | { bot: string };

/** Your own page: the account first (tried again by itself while the server is away), then your player page. */
function MyScreen() {
  const { account, error, retrying, retry } = useAccount();
  return (
    <PlayerScreen
      who="me"
      token={account?.token ?? null}
      accountProblem={error ? <AccountProblem error={error} retrying={retrying} retry={retry} /> : null}
    />
  );
}

/**
 * A player page: a user's or a bot level's, or yours (`who` 'me', with `token` once the account is there and
 * `accountProblem` while it is not).
 */
function PlayerScreen({
  who,
  token = null,
  accountProblem = null,
}: {
  who: Who;
  token?: string | null;
  accountProblem?: ReactNode;
}) {
  const { store, navigate } = useApp();
  const { t } = useTranslation();
  const [page, setPage] = useState<PlayerPage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (who === 'me' && !token) return;
    let live = true;
    const load = async (): Promise<PlayerPage> => {
      if (who === 'me') {
        await claimPracticeWins(store); // won solo games pay before the balance is shown
        return profile(token, 'me');
      }
      return 'bot' in who ? botPage(who.bot) : profile(null, who.user);
    };
    load().then(
      (p) => live && setPage(p),
      (e: unknown) => live && setProblem(errorText(t, e)),
    );
    return () => {
      live = false;
    };
  }, [store, who, token, t]);

  const title = who !== 'me' && page ? shownName(t, page) : t('progress.title');
  return (
    <Page title={title}>
      {accountProblem ?? (problem && <p className="error">{problem}</p>)}
      {page && <PlayerView page={page} mine={who === 'me'} />}
      {who === 'me' && <SoloSection />}
      <nav className="progress-nav">
        <button type="button" className="secondary" onClick={() => navigate('/leaderboard')}>
          {t('progress.leaderboardLink')}
        </button>
        <button type="button" className="secondary" onClick={() => navigate('/shop')}>
          {t('progress.shop')}
        </button>
        {who === 'me' && (
          <button type="button" className="secondary" onClick={() => navigate('/live/blocked')}>
            {t('live.manners.blockedLink')}
          </button>
        )}
      </nav>
    </Page>
  );
}

/**
 * The solo games of this device, counted by the statistics page's own function ({@link soloStats}): shown on the
 * player's own page whether or not the server answers.
 */
function SoloSection() {
  const { store, navigate } = useApp();
  const { t } = useTranslation();
  const [stats] = useState(() => soloStats(loadSoloStats(store)));
  return (
    <section className="solo-section">
      <h2>{t('progress.solo')}</h2>
      <SoloStatsTable stats={stats} />
      <button type="button" className="link" onClick={() => navigate('/stats')}>
        {t('progress.soloLink')}
      </button>
    </section>
  );
}

function PlayerView({ page, mine }: { page: PlayerPage; mine: boolean }) {
  const { settings, navigate, store } = useApp();
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const num = new Intl.NumberFormat(settings.lang, { maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(settings.lang, { dateStyle: 'medium', timeStyle: 'short' });
  const r = page.record;
  const rows: [string, string][] = [
    [t('progress.record.games'), num.format(r.games)],
    [t('progress.record.wins'), num.format(r.wins)],
    [t('progress.record.rated'), num.format(r.ratedGames)],
    [t('progress.record.perHand'), r.pointsPerHand === null ? '—' : num.format(r.pointsPerHand)],
    [t('progress.record.moons'), num.format(r.moons)],
    [t('progress.record.queens'), num.format(r.queens)],
  ];
  if (!page.bot) rows.push([t('progress.record.left'), num.format(r.left)]);

  const replay = async (id: string) => {
    setProblem(null);
    try {
      const record = await replayRecord(store.get(TOKEN_KEY), id);
      const opened = openReplay(record);
      if (!opened.ok)
        return setProblem(
          t('history.openError', { reason: recordErrorText(t, settings.lang, opened.error) }),
        );
      // At an address of its own (a reload reopens it); back leads to this player's page.
      const from = openedFromRoute(window.location.hash.replace(/^#/, '') || '/profile/me');
      setOpenedFile(opened.value, id, null, from);
      navigate(
        serverReplayRoute({ kind: 'game', id, seat: null, mine: false, from: from.route, analyse: false }),
      );
    } catch (e) {
      setProblem(errorText(t, e));
    }
  };

  const name = shownName(t, page);
  return (
    <div className="player-page" data-subject={page.subject}>
      <section className="player-head">
        <Avatar name={name} frame={page.look?.frame} size={64} />
        <div>
          <div className="player-name">
            {name}
            {mine && <span className="muted"> · {t('progress.you')}</span>}
          </div>
          <div className="player-rating">
            <span className="muted">{t('progress.rating')}</span>{' '}
            <strong
              data-rating={page.rating}
              data-provisional={page.provisional ? '' : undefined}
              title={provisionalTitle(t, page.provisional)}
            >
              {ratingText(page.rating, page.provisional)}
            </strong>
          </div>
          {mine && page.chips !== undefined && (
            <button type="button" className="link chips-link" onClick={() => navigate('/shop')}>
              {t('progress.chips')}: <strong data-chips={page.chips}>{num.format(page.chips)}</strong>
            </button>
          )}
        </div>
      </section>
      <p className="muted small-print">
        {page.bot ? t('progress.published') : t('progress.ratingInfo')}
        {page.idleDays > 0 && page.ratedGames > 0 && ` ${t('progress.idle', { n: page.idleDays })}`}
      </p>
      {page.provisional && (
        <p className="muted small-print provisional-note">
          {t('progress.provisional', {
            left: Math.max(1, page.provisionalGames - page.ratedGames),
            max: PROVISIONAL.maxMove,
          })}
        </p>
      )}

      <section>
        <h2>{t('progress.graph')}</h2>
        <RatingGraph history={page.history} />
      </section>

      <section>
        <h2>{t('progress.record.title')}</h2>
        <table className="stats-table record-table">
          <tbody>
            {rows.map(([k, v]) => (
              <tr key={k}>
                <th scope="row">{k}</th>
                <td>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {!page.bot && <PuzzleSection who={mine ? 'me' : page.subject.slice(2)} mine={mine} />}

      {page.tournaments && <PlayerTournaments entries={page.tournaments} />}

      <section>
        <h2>{t('progress.recent')}</h2>
        {problem && <p className="error">{problem}</p>}
        {page.recent.length === 0 && <p className="muted">{t('progress.recentEmpty')}</p>}
        <ul className="recent-games">
          {page.recent.map((g) => (
            <li key={g.id} data-game={g.id}>
              <div>
                <strong>{date.format(new Date(g.finishedAt))}</strong> ·{' '}
                {g.rated ? t('progress.rated') : t('progress.unrated')} ·{' '}
                {t('progress.place', { place: g.players[g.seat]?.place })}
              </div>
              <div className="muted">
                {g.players.map((p, i) => (
                  <span key={i}>
                    {i > 0 && ' · '}
                    {/^[ub]:/.test(p.subject) ? (
                      <button
                        type="button"
                        className="link inline"
                        onClick={() => navigate(pageOf(p.subject))}
                      >
                        {shownName(t, {
                          bot: p.subject.startsWith('b:') ? p.subject.slice(2) : null,
                          name: p.name,
                        })}
                      </button>
                    ) : (
                      <span>{shownName(t, { bot: null, name: p.name })}</span> // a deleted player: no page
                    )}
                    : {p.score}
                    {p.left && ` (${t('progress.left')})`}
                  </span>
                ))}
              </div>
              <button type="button" className="secondary small" onClick={() => void replay(g.id)}>
                {t('progress.replay')}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const W = 320;
const H = 140;

/** The player's puzzle rating and its graph (the server's `GET /api/puzzles/players/:who`). */
function PuzzleSection({ who, mine }: { who: string; mine: boolean }) {
  const { store, navigate, settings } = useApp();
  const { t } = useTranslation();
  const [view, setView] = useState<PuzzlePlayerView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Yours: a guest's puzzles not yet merged into the kept name signed in since go first.
    (mine ? mergeGuestPuzzles(store) : Promise.resolve(false))
      .then(() => puzzlePlayer(mine ? store.get(TOKEN_KEY) : null, who))
      .then(
        (v) => live && setView(v),
        (e: unknown) => live && setProblem(errorText(t, e)),
      );
    return () => {
      live = false;
    };
  }, [who, mine, store, t]);
  const num = new Intl.NumberFormat(settings.lang);
  const r = view?.rating;
  return (
    <section className="puzzle-section">
      <h2>{t('progress.puzzles')}</h2>
      {problem && <p className="error">{problem}</p>}
      {r && (
        <div className="player-rating">
          <span className="muted">{t('progress.puzzleRating')}</span>{' '}
          <strong
            data-puzzle-rating={r.rating}
            data-provisional={r.provisional ? '' : undefined}
            title={provisionalTitle(t, r.provisional)}
          >
            {ratingText(r.rating, r.provisional)}
          </strong>{' '}
          <span className="muted">
            ·{' '}
            {t('progress.puzzleCounts', {
              solved: num.format(r.solved),
              attempts: num.format(r.attempts),
              streak: r.streakBest,
              storm: r.stormBest,
            })}
          </span>
        </div>
      )}
      {view && (
        <>
          <p className="muted graph-title">{t('progress.puzzleGraph')}</p>
          <RatingGraph
            history={puzzleSteps(view.history, PUZZLE_HISTORY)}
            className="puzzle-graph"
            label={(from, to, n) => t('progress.puzzleGraphLabel', { from, to, n })}
            empty={t('progress.puzzleGraphEmpty')}
          />
        </>
      )}
      {mine && (
        <button type="button" className="link" onClick={() => navigate('/puzzles')}>
          {t('progress.puzzleLink')}
        </button>
      )}
    </section>
  );
}

/** History points the server sends at most (`HISTORY_POINTS` of its puzzle routes): a longer history was cut. */
const PUZZLE_HISTORY = 500;

/** The rating after each rated game (or answer), as an SVG line (no chart library). */
export function RatingGraph({
  history,
  className = 'rating-graph',
  label,
  empty,
}: {
  history: readonly GraphInput[];
  className?: string;
  label?: (from: number, to: number, n: number) => string;
  empty?: string;
}) {
  const { t } = useTranslation();
  if (history.length === 0) return <p className="muted">{empty ?? t('progress.graphEmpty')}</p>;
  const g = ratingGraph(history, W, H, 10);
  const first = g.points[0]!;
  const last = g.points[g.points.length - 1]!;
  return (
    <svg
      className={className === 'rating-graph' ? className : `rating-graph ${className}`}
      viewBox={`0 0 ${W + 40} ${H}`}
      role="img"
      aria-label={
        label
          ? label(first.rating, last.rating, history.length)
          : t('progress.graphLabel', { from: first.rating, to: last.rating, n: history.length })
      }
      data-points={g.points.length}
    >
      {g.grid.map((l) => (
        <g key={l.rating}>
          <line x1={10} x2={W - 10} y1={l.y} y2={l.y} className="grid-line" />
          <text x={W - 4} y={l.y + 4} className="grid-label">
            {l.rating}
          </text>
        </g>
      ))}
      <polyline points={g.points.map((p) => `${p.x},${p.y}`).join(' ')} className="rating-line" />
      {g.points.map((p, i) => (
        <circle key={i} cx={p.x} cy={p.y} r={i === g.points.length - 1 ? 4 : 2.5} className="rating-dot" />
      ))}
    </svg>
  );
}

function Leaderboard() {
  const { store, navigate, settings } = useApp();
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('all');
  const [rows, setRows] = useState<LeaderboardRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const me = myId(store.get(TOKEN_KEY));
  const num = new Intl.NumberFormat(settings.lang, { signDisplay: 'exceptZero' });
  useEffect(() => {
    let live = true;
    setRows(null);
    leaderboard(period).then(
      (r) => live && setRows(r),
      (e: unknown) => live && setProblem(errorText(t, e)),
    );
    return () => {
      live = false;
    };
  }, [period, t]);
  return (
    <Page title={t('progress.leaderboard.title')}>
      <div className="period-tabs" role="tablist">
        {(['all', 'month'] as const).map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={period === p}
            className={period === p ? 'primary' : 'secondary'}
            onClick={() => setPeriod(p)}
          >
            {t(`progress.leaderboard.${p}`)}
          </button>
        ))}
      </div>
      {problem && <p className="error">{problem}</p>}
      {rows && rows.length === 0 && <p className="muted">{t('progress.leaderboard.empty')}</p>}
      {rows && (
        <p className="muted small-print leaderboard-note">
          {t('progress.leaderboard.note', { n: PROVISIONAL.games })}
        </p>
      )}
      {rows && rows.length > 0 && (
        <table className="leaderboard" data-period={period}>
          <thead>
            <tr>
              <th scope="col">{t('progress.leaderboard.rank')}</th>
              <th scope="col">{t('progress.leaderboard.player')}</th>
              <th scope="col">{t('progress.leaderboard.rating')}</th>
              <th scope="col">{t('progress.leaderboard.games')}</th>
              {period === 'month' && <th scope="col">{t('progress.leaderboard.change')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr
                key={r.subject}
                data-subject={r.subject}
                className={r.subject === `u:${me}` ? 'me' : undefined}
              >
                <td>{i + 1}</td>
                <td>
                  <button type="button" className="link inline" onClick={() => navigate(pageOf(r.subject))}>
                    {shownName(t, r)}
                  </button>
                </td>
                <td>{ratingText(r.rating, r.provisional)}</td>
                <td>{r.games}</td>
                {period === 'month' && <td>{r.change === null ? '' : num.format(r.change)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section>
        <h2>{t('progress.bots')}</h2>
        <div className="bot-links">
          {BOT_LEVELS.map((l) => (
            <button
              key={l}
              type="button"
              className="secondary small"
              onClick={() => navigate(`/profile/bot/${l}`)}
            >
              {levelName(t, l)}
            </button>
          ))}
        </div>
      </section>
      <nav className="progress-nav">
        <button type="button" className="secondary" onClick={() => navigate('/profile')}>
          {t('progress.link')}
        </button>
      </nav>
    </Page>
  );
}
