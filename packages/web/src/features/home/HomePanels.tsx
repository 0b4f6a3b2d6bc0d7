/**
 * The start page's panels beside Play (issue #48, lichess' front page as the anchor): the daily deal and your
 * result in it, the running or next arena with a join button, live tables to watch, friends online, the puzzle of
 * the day and your puzzle rating. Loaded after the start page's first paint (StartScreen), each panel from its own
 * request to the game server; offline they step aside for one quiet line, and the start page offers solo play and
 * the score pad as ever.
 */
import type { ResponseOf, Route } from '@hearts/protocol/http/route';
import { DAILY_ROUTES } from '@hearts/protocol/http/daily';
import { FRIEND_ROUTES } from '@hearts/protocol/http/friends';
import { WATCH_ROUTES } from '@hearts/protocol/http/watch';
import { PUZZLE_ROUTES } from '@hearts/protocol/http/puzzles';
import { TOURNAMENT_ROUTES } from '@hearts/protocol/http/tournaments';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../kit/context';
import { ratingText } from '../../kit/rating';
import { TOKEN_KEY } from '../../kit/server/token';
import { request } from '../../kit/server/http';
import { shownRating } from '../puzzles/device';
import { tournamentName } from '../tournament/name';
import './home.css';

type Load<T> =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ok'; readonly value: T }
  | { readonly kind: 'failed'; readonly offline: boolean };

/** One request's answer as the panel's state (asked again when `key`, what it depends on, changes); `null` when the request is not made (no account). */
function useLoad<T>(load: (() => Promise<T>) | null, key: string): Load<T> | null {
  const [state, setState] = useState<Load<T>>({ kind: 'loading' });
  useEffect(() => {
    if (!load) return;
    let current = true;
    setState({ kind: 'loading' });
    load().then(
      (value) => current && setState({ kind: 'ok', value }),
      (e: unknown) =>
        current &&
        setState({ kind: 'failed', offline: (e as { code?: unknown } | null)?.code === 'ERR_OFFLINE' }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return load ? state : null;
}

const ok = <T,>(l: Load<T> | null): T | null => (l?.kind === 'ok' ? l.value : null);

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={`home-panel home-${id}`} aria-labelledby={`home-${id}-h`}>
      <h2 id={`home-${id}-h`}>{title}</h2>
      {children}
    </section>
  );
}

/** `puzzles`: the server has a puzzle library (its pages' mark says so): the day's puzzle is asked for. */
export default function HomePanels({ puzzles }: { puzzles: boolean }) {
  const { store, navigate, settings } = useApp();
  const { t } = useTranslation();
  const token = store.get(TOKEN_KEY);
  const call =
    <T extends Route>(route: T, input: Parameters<typeof request<T>>[1]) =>
    () =>
      request(route, input) as Promise<ResponseOf<T>>;
  const daily = useLoad(call(DAILY_ROUTES.daily, { token }), `daily ${token}`);
  const tournaments = useLoad(call(TOURNAMENT_ROUTES.tournaments, {}), 'tournaments');
  const live = useLoad(call(WATCH_ROUTES.liveTables, {}), 'live');
  const friends = useLoad(token ? call(FRIEND_ROUTES.friends, { token }) : null, `friends ${token}`);
  const puzzle = useLoad(puzzles ? call(PUZZLE_ROUTES.puzzlesDaily, { token }) : null, `puzzle ${token}`);
  const puzzler = useLoad(
    puzzles && token ? call(PUZZLE_ROUTES.puzzlesPlayer, { token, params: { who: 'me' } }) : null,
    `puzzler ${token}`,
  );
  const time = new Intl.DateTimeFormat(settings.lang, {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

  const loads = [daily, tournaments, live, friends, puzzle].filter((l) => l !== null);
  if (loads.every((l) => l.kind === 'failed') && loads.some((l) => l.kind === 'failed' && l.offline))
    return (
      <aside className="home-panels offline" aria-label={t('home.title')}>
        <p className="muted home-offline" role="status">
          {t('home.offline')}
        </p>
      </aside>
    );

  const today = ok(daily);
  const arena = ((v) => (v ? [...v.running, ...v.upcoming].find((x) => x.kind !== 'private') : undefined))(
    ok(tournaments),
  );
  const tables = ok(live)?.tables.slice(0, 3);
  const online = ok(friends)?.friends.filter((f) => f.status === 'friend' && f.online);
  const day = ok(puzzle);
  const rating = ok(puzzler)?.rating ?? shownRating(store);

  return (
    <aside
      className="home-panels"
      aria-label={t('home.title')}
      data-loading={loads.some((l) => l.kind === 'loading')}
    >
      {today && (
        <Panel id="daily" title={t('home.daily.title')}>
          {today.you?.status === 'finished' && today.you.total !== null ? (
            <p>
              <strong>{t('home.daily.result', { total: today.you.total })}</strong>
              {today.you.rank !== null && (
                <> · {t('home.daily.rank', { rank: today.you.rank, of: today.you.of })}</>
              )}
            </p>
          ) : (
            <p className="muted">{t('home.daily.info')}</p>
          )}
          {today.streak > 0 && <p className="muted">{t('home.daily.streak', { count: today.streak })}</p>}
          <button
            type="button"
            className={today.you ? 'secondary' : 'primary'}
            onClick={() => navigate('/daily')}
          >
            {today.you?.status === 'finished'
              ? t('home.daily.board')
              : today.you
                ? t('home.daily.continue')
                : t('home.daily.play')}
          </button>
        </Panel>
      )}
      {tournaments?.kind === 'ok' && (
        <Panel id="arena" title={t('home.arena.title')}>
          {arena ? (
            <>
              <p>
                <strong>{tournamentName(t, arena)}</strong>
                <br />
                <span className="muted">
                  {arena.status === 'running'
                    ? t('home.arena.running', { time: time.format(arena.endsAt) })
                    : t('home.arena.upcoming', { time: time.format(arena.startsAt) })}{' '}
                  · {t('home.arena.players', { count: arena.players })}
                </span>
              </p>
              <button type="button" className="primary" onClick={() => navigate(`/tournaments/${arena.id}`)}>
                {t('home.arena.join')}
              </button>
            </>
          ) : (
            <p className="muted">{t('home.arena.none')}</p>
          )}
          <button type="button" className="link" onClick={() => navigate('/tournaments')}>
            {t('home.arena.all')}
          </button>
        </Panel>
      )}
      {tables && (
        <Panel id="live" title={t('home.live.title')}>
          {tables.length === 0 ? (
            <p className="muted">{t('home.live.none')}</p>
          ) : (
            <ul className="home-list">
              {tables.map((x) => (
                <li key={x.id}>
                  <span>
                    {x.players.map((p) => p.name).join(' · ')}
                    <br />
                    <small className="muted">
                      {t('home.live.hand', { n: x.handNumber + 1 })} ·{' '}
                      {t('home.live.watchers', { count: x.watchers })}
                    </small>
                  </span>
                  <button
                    type="button"
                    className="secondary"
                    disabled={x.full}
                    onClick={() => navigate(`/live/watch/${x.id}`)}
                  >
                    {t('home.live.watch')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="link" onClick={() => navigate('/live/watch')}>
            {t('home.live.all')}
          </button>
        </Panel>
      )}
      {(online || !token) && (
        <Panel id="friends" title={t('home.friends.title')}>
          {!online ? (
            <p className="muted">{t('home.friends.noAccount')}</p>
          ) : online.length === 0 ? (
            <p className="muted">{t('home.friends.none')}</p>
          ) : (
            <ul className="home-list">
              {online.map((f) => {
                const watchable = f.places.find((p) => p.watchable);
                return (
                  <li key={f.id}>
                    <span>
                      {f.name}{' '}
                      <small className="muted">
                        {f.places.length > 0 ? t('home.friends.atTable') : t('home.friends.online')}
                      </small>
                    </span>
                    {watchable && (
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => navigate(`/live/watch/${watchable.room}`)}
                      >
                        {t('home.live.watch')}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <button type="button" className="link" onClick={() => navigate(token ? '/friends' : '/live')}>
            {t('home.friends.manage')}
          </button>
        </Panel>
      )}
      {(day || puzzle === null || puzzle.kind === 'failed') && (
        <Panel id="puzzle" title={t('home.puzzle.title')}>
          <p>
            {rating
              ? t('home.puzzle.rating', { rating: ratingText(rating.rating, rating.provisional) })
              : t('home.puzzle.noRating')}
            {day && (
              <>
                <br />
                <small className="muted">
                  {day.you
                    ? day.you.right
                      ? t('home.puzzle.solved')
                      : t('home.puzzle.missed')
                    : t('home.puzzle.puzzleRating', { rating: day.puzzle.rating })}
                </small>
              </>
            )}
          </p>
          <button
            type="button"
            className={day && !day.you ? 'primary' : 'secondary'}
            onClick={() => navigate(day && !day.you ? '/puzzles/daily' : '/puzzles')}
          >
            {day && !day.you ? t('home.puzzle.solve') : t('home.puzzle.more')}
          </button>
        </Panel>
      )}
    </aside>
  );
}
