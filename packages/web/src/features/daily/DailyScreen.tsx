/**
 * The daily game ("Tagesspiel", `#/daily`), loaded on demand: today's deal (play it, go back to it, or your result
 * with rank, percentile and par), the streak, today's commitment and how the deal is checked, today's leaderboard
 * once you played, and the past days (`#/daily/<YYYY-MM-DD>`: leaderboard, best hands, replays, the reveal). The
 * game itself is a live table on the server (`#/live/<table>`).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  DAILY_ROUTES,
  type DailyCalendar,
  type DailyDayPage,
  type DailyToday,
  type DailyYou,
} from '@hearts/protocol/http/daily';
import { GAME_ROUTES } from '@hearts/protocol/http/games';
import { openReplay, openedFromRoute, serverReplayRoute } from '../../kit/replay';
import { ApiError } from '../../kit/server/account';
import { AccountProblem, useAccount } from '../../kit/server/account-state';
import { request, serverUrl } from '../../kit/server/http';
import { useApp } from '../../kit/context';
import { setOpenedFile } from '../../kit/replay';
import { levelName } from '../../kit/names';
import { Page } from '../../kit/Page';
import { recordErrorText } from '../../table/record-words';
import './daily.css';
import { serverErrorText } from '../../kit/server/error-texts';

function errorText(t: TFunction, e: unknown): string {
  if (e instanceof ApiError) {
    if (e.code === 'ERR_OFFLINE') return t('daily.errors.offline');
    return t(`daily.errors.${e.code}`, { defaultValue: serverErrorText(t, e) });
  }
  return t('daily.errors.other', { message: e instanceof Error ? e.message : String(e) });
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** "3 h 12 min" until a time. */
function untilText(ms: number): string {
  const min = Math.max(0, Math.ceil(ms / 60_000));
  return min >= 60 ? `${Math.floor(min / 60)} h ${min % 60} min` : `${min} min`;
}

/** A date as the reader writes it (the day itself, not a time zone's view of it). */
function dateText(lang: string, date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.UTC(y, m - 1, d),
  );
}

export default function DailyScreen({ rest }: { rest: string }) {
  return /^\d{4}-\d{2}-\d{2}$/.test(rest) ? <DailyDay key={rest} date={rest} /> : <DailyHome />;
}

/** The total's column head: the word, or "Σ" on a narrow screen (the word stays for screen readers). */
function TotalHead() {
  const { t } = useTranslation();
  return (
    <th scope="col" className="total-head" title={t('daily.total')}>
      <span className="long">{t('daily.total')}</span>
      <span className="short" aria-hidden="true">
        Σ
      </span>
    </th>
  );
}

/** Points per hand in a table: yours, and par if known. */
function PointsTable({ you, par }: { you: readonly number[]; par: readonly number[] | null }) {
  const { t } = useTranslation();
  return (
    <table className="daily-points">
      <thead>
        <tr>
          <th />
          {you.map((_, i) => (
            <th key={i} scope="col" title={t('daily.hand', { n: i + 1 })}>
              {t('daily.handShort', { n: i + 1 })}
            </th>
          ))}
          <TotalHead />
        </tr>
      </thead>
      <tbody>
        <tr className="you">
          <th scope="row">{t('daily.you')}</th>
          {you.map((p, i) => (
            <td key={i}>{p}</td>
          ))}
          <td className="total" data-total={sum(you)}>
            {sum(you)}
          </td>
        </tr>
        {par && (
          <tr className="par">
            <th scope="row">{t('daily.par')}</th>
            {par.map((p, i) => (
              <td key={i}>{p}</td>
            ))}
            <td className="total" data-par={sum(par)}>
              {sum(par)}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/**
 * Opens a game of the day as a replay: read from the server (everyone's, your own too, once the day is revealed),
 * analysed from the day's seat — your own game's mistakes become training positions — and back from the replay is
 * back to this day's page, not to the solo history. `problem`: why the last one did not open, in words.
 */
function useDayReplay(
  seat: number,
  token: string | null,
): {
  open: (tableId: string, yours: boolean) => Promise<void>;
  problem: string | null;
} {
  const { t } = useTranslation();
  const { navigate, settings } = useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const open = async (tableId: string, yours: boolean) => {
    setProblem(null);
    try {
      const record = await request(GAME_ROUTES.replay, { token, params: { id: tableId } });
      const r = openReplay(record);
      if (!r.ok) return setProblem(recordErrorText(t, settings.lang, r.error));
      const from = openedFromRoute(window.location.hash.replace(/^#/, '') || '/daily');
      setOpenedFile(r.value, tableId, { seat, game: yours ? tableId : null }, from);
      navigate(
        serverReplayRoute({ kind: 'game', id: tableId, seat, mine: yours, from: from.route, analyse: false }),
      );
    } catch (e) {
      setProblem(errorText(t, e));
    }
  };
  return { open, problem };
}

/**
 * Your finished attempt: points, rank, percentile, par. Off the board (a guest, a name claimed today): where you
 * would stand, and why you are not on the board. Once the day is revealed your own game's replay is here when the
 * board does not show your row with its replay (off the board, or ranked below the rows shown): `replay`.
 */
function YourResult({
  you,
  par,
  level,
  claimed,
  revealed,
  replay,
}: {
  you: DailyYou;
  par: readonly number[] | null;
  level: string;
  claimed: boolean;
  revealed: boolean;
  replay: { readonly seat: number; readonly token: string | null } | null;
}) {
  const { t } = useTranslation();
  const { navigate } = useApp();
  const own = useDayReplay(replay?.seat ?? 0, replay?.token ?? null);
  const offBoard = you.rank !== null && !you.ranked;
  const claim = offBoard && !claimed;
  return (
    <section className="daily-result" aria-labelledby="daily-result-h">
      <h2 id="daily-result-h">{t('daily.yourResult')}</h2>
      {you.rank !== null && you.ranked && (
        <p className="daily-rank" data-rank={you.rank}>
          <strong>{t('daily.rank', { rank: you.rank, of: you.of })}</strong>
          {/* Never "better than 0 %": the last place is said by the rank ("Rank 7 of 7"). */}
          {you.percentile !== null && you.percentile > 0 && you.of > 1 && (
            <> · {t('daily.percentile', { p: you.percentile })}</>
          )}
        </p>
      )}
      {offBoard && (
        <>
          <p className="daily-rank off-board" data-rank={you.rank} data-ranked="false">
            <strong>
              {t(claimed ? 'daily.claimedToday' : 'daily.guestRank', { rank: you.rank, of: you.of + 1 })}
            </strong>
          </p>
          <p className="muted small-print">{t('daily.offBoard')}</p>
        </>
      )}
      {(replay || claim) && (
        <div className="daily-actions">
          {replay && (
            <button type="button" className="secondary" onClick={() => void own.open(you.tableId, true)}>
              {t('daily.replayYours')}
            </button>
          )}
          {claim && (
            <button type="button" className="secondary" onClick={() => navigate('/live')}>
              {t('daily.claimName')}
            </button>
          )}
        </div>
      )}
      {own.problem && (
        <p className="error" role="alert">
          {own.problem}
        </p>
      )}
      {!revealed && <p className="muted small-print">{t('daily.replayLater')}</p>}
      {you.left && <p className="muted">{t('daily.left')}</p>}
      {you.points && <PointsTable you={you.points} par={par} />}
      <p className="muted small-print">{par ? t('daily.parInfo', { level }) : t('daily.parPending')}</p>
    </section>
  );
}

/** A day's leaderboard (best first) and the best play per hand. */
function Board({ day, token }: { day: DailyDayPage; token: string | null }) {
  const { t } = useTranslation();
  const { open: replay, problem } = useDayReplay(day.seat, token);
  const [view, setView] = useState<'all' | 'friends'>('all');
  if (!day.visible) return <p className="muted">{t('daily.hiddenBoard')}</p>;
  // Your friends apart (issue #21): their rows and yours with their ranks among everyone.
  const rows = view === 'friends' ? day.friends : day.rows;
  const noFriends = view === 'friends' && !day.friends.some((r) => !r.you);
  return (
    <>
      <section aria-labelledby="daily-board-h">
        <h2 id="daily-board-h">{t('daily.leaderboard')}</h2>
        {token && (
          <fieldset className="segmented daily-view">
            <legend className="sr-only">{t('daily.leaderboard')}</legend>
            {(['all', 'friends'] as const).map((v) => (
              <label key={v} className={view === v ? 'on' : undefined}>
                <input type="radio" name="daily-view" checked={view === v} onChange={() => setView(v)} />
                {t(`daily.view.${v}`)}
              </label>
            ))}
          </fieldset>
        )}
        {problem && <p className="error">{problem}</p>}
        {noFriends && <p className="muted">{t('daily.view.noFriends')}</p>}
        {rows.length === 0 ? (
          view === 'all' && <p className="muted">{t('daily.noPlayers')}</p>
        ) : (
          <div className="daily-board-wrap">
            <table className="daily-board">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('daily.player')}</th>
                  {Array.from({ length: day.hands }, (_, i) => (
                    <th key={i} scope="col" title={t('daily.hand', { n: i + 1 })}>
                      {t('daily.handShort', { n: i + 1 })}
                    </th>
                  ))}
                  <TotalHead />
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i} className={r.you ? 'you' : r.friend ? 'friend' : undefined} data-rank={r.rank}>
                    <td>{r.rank}</td>
                    <td className="name">
                      {r.name}
                      {r.friend && (
                        <span className="friend-mark" title={t('daily.view.friend')}>
                          {' '}
                          ♥
                        </span>
                      )}
                      {r.left && <span title={t('daily.left')}> *</span>}
                      {/* In the name's cell, not a column of its own: the table fits a phone. */}
                      {r.tableId && (
                        <button
                          type="button"
                          className="link replay"
                          onClick={() => void replay(r.tableId!, r.you)}
                        >
                          {t('daily.replay')}
                        </button>
                      )}
                    </td>
                    {r.points.map((p, k) => (
                      <td key={k}>{p}</td>
                    ))}
                    <td className="total">{r.total}</td>
                  </tr>
                ))}
                {day.par && (
                  <tr className="par">
                    <td />
                    <td className="name">{t('daily.par')}</td>
                    {day.par.map((p, k) => (
                      <td key={k}>{p}</td>
                    ))}
                    <td className="total">{sum(day.par)}</td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {day.best.length > 0 && (
        <section aria-labelledby="daily-best-h">
          <h2 id="daily-best-h">{t('daily.best')}</h2>
          <ul className="daily-best">
            {day.best.map((b) => (
              <li key={b.hand}>
                {t('daily.bestHand', { n: b.hand + 1, count: b.points, players: b.players.join(', ') })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function DailyHome() {
  const { navigate, settings } = useApp();
  const { t } = useTranslation();
  const { account, error: accountError, retrying, retry } = useAccount();
  const token = account?.token ?? null;
  const [today, setToday] = useState<DailyToday | null>(null);
  const [board, setBoard] = useState<DailyDayPage | null>(null);
  const [calendar, setCalendar] = useState<DailyCalendar | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!token) return;
    let live = true;
    const load = async () => {
      const d = await request(DAILY_ROUTES.daily, { token });
      if (!live) return;
      setToday(d);
      const [b, c] = await Promise.all([
        request(DAILY_ROUTES.dailyDay, { token, params: { date: d.date } }),
        request(DAILY_ROUTES.dailyCalendar, { token }),
      ]);
      if (!live) return;
      setBoard(b);
      setCalendar(c);
      // Par is worked out by the server once a day: look again shortly while it is not there.
      if (d.you?.status === 'finished' && d.par === null) setTimeout(() => live && void load(), 5000);
    };
    load().catch((e: unknown) => live && setProblem(errorText(t, e)));
    return () => {
      live = false;
    };
  }, [token, t]);

  const start = async () => {
    if (!token || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const { tableId } = await request(DAILY_ROUTES.dailyStart, { token });
      navigate(`/live/${tableId}`);
    } catch (e) {
      setProblem(errorText(t, e));
      setBusy(false);
    }
  };

  const level = levelName(t, today?.level ?? 'expert');
  const you = today?.you ?? null;
  return (
    <Page title={t('daily.title')}>
      <div className="daily">
        <p>{t('daily.intro', { hands: today?.hands ?? 4, level })}</p>
        {accountError ? (
          <AccountProblem error={accountError} retrying={retrying} retry={retry} />
        ) : (
          problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )
        )}
        {!today && !accountError && !problem && <p className="muted">{t('daily.loading')}</p>}
        {today && (
          <>
            <p className="daily-status">
              <strong>{dateText(settings.lang, today.date)}</strong> ·{' '}
              {t('daily.endsIn', { time: untilText(today.endsAt - now) })}
              {today.streak > 0 && (
                <>
                  {' '}
                  · <span data-streak={today.streak}>{t('daily.streak', { count: today.streak })}</span>
                </>
              )}
            </p>
            {you === null && (
              <button type="button" className="primary big" onClick={() => void start()} disabled={busy}>
                {t('daily.play')}
              </button>
            )}
            {you?.status === 'playing' && (
              <>
                <p>{t('daily.playing')}</p>
                <button
                  type="button"
                  className="primary big"
                  onClick={() => navigate(`/live/${you.tableId}`)}
                >
                  {t('daily.continue')}
                </button>
              </>
            )}
            {you?.status === 'finished' && (
              <YourResult
                you={you}
                par={today.par}
                level={level}
                claimed={account?.user.claimed ?? false}
                revealed={false}
                replay={null}
              />
            )}
            {board && <Board day={board} token={token} />}
            <section className="daily-fair" aria-labelledby="daily-fair-h">
              <p id="daily-fair-h" className="small-print">
                {t('daily.fairness')}
              </p>
              <p className="small-print">
                {t('daily.commitment')}{' '}
                <code className="daily-hash" data-commitment={today.commitment}>
                  {today.commitment}
                </code>
              </p>
            </section>
            <Calendar calendar={calendar} />
          </>
        )}
      </div>
    </Page>
  );
}

function Calendar({ calendar }: { calendar: DailyCalendar | null }) {
  const { t } = useTranslation();
  const { navigate, settings } = useApp();
  if (!calendar) return null;
  return (
    <section aria-labelledby="daily-cal-h">
      <h2 id="daily-cal-h">{t('daily.calendar')}</h2>
      {calendar.days.length === 0 ? (
        <p className="muted">{t('daily.noDays')}</p>
      ) : (
        <ul className="daily-calendar">
          {calendar.days.map((d) => (
            <li key={d.date} className={d.total !== null ? 'played' : undefined}>
              <button type="button" className="link" onClick={() => navigate(`/daily/${d.date}`)}>
                {dateText(settings.lang, d.date)}
              </button>{' '}
              <span className="muted">
                {t('daily.dayPlayers', { count: d.players })} ·{' '}
                {d.total !== null && d.rank !== null
                  ? t('daily.dayYours', { count: d.total, rank: d.rank })
                  : t('daily.notPlayed')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DailyDay({ date }: { date: string }) {
  const { navigate, settings } = useApp();
  const { t } = useTranslation();
  const { account, error: accountError, retrying, retry } = useAccount();
  const token = account?.token ?? null;
  const [day, setDay] = useState<DailyDayPage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    request(DAILY_ROUTES.dailyDay, { token, params: { date } }).then(
      (d) => live && setDay(d),
      (e: unknown) => live && setProblem(errorText(t, e)),
    );
    return () => {
      live = false;
    };
  }, [token, date, t]);
  return (
    <Page title={t('daily.dayTitle', { date: dateText(settings.lang, date) })}>
      <div className="daily">
        <button type="button" className="link" onClick={() => navigate('/daily')}>
          ← {t('daily.back')}
        </button>
        {accountError ? (
          <AccountProblem error={accountError} retrying={retrying} retry={retry} />
        ) : (
          problem && <p className="error">{problem}</p>
        )}
        {day && (
          <>
            {day.you?.status === 'finished' && (
              <YourResult
                you={day.you}
                par={day.par}
                level={levelName(t, day.level)}
                claimed={account?.user.claimed ?? false}
                revealed={day.revealed}
                // Your game's replay, where the board has no row of yours with it.
                replay={day.revealed && !day.rows.some((r) => r.you) ? { seat: day.seat, token } : null}
              />
            )}
            <Board day={day} token={token} />
            <section className="daily-fair">
              {day.revealed ? (
                <p className="small-print">
                  {t('daily.revealed')}{' '}
                  <a href={`${serverUrl()}/api/daily/days/${day.date}/reveal`} download>
                    {t('daily.download')}
                  </a>
                </p>
              ) : (
                <p className="small-print">{t('daily.notRevealed')}</p>
              )}
              <p className="small-print">
                <code className="daily-hash">{day.commitment}</code>
              </p>
            </section>
          </>
        )}
      </div>
    </Page>
  );
}
