/**
 * Watching live tables (issue #20): `#/live/watch`, the list of tables open to watchers (rated games, friends'
 * tables whose host lets watchers in; `GET /api/live`), and `#/live/watch/<table>`, a watcher's view of one table:
 * the one table component (`src/table/Table.tsx`) over the public view the server sends watchers (no hand, ever), a
 * banner that says so, the seats' clocks, and the watchers' own chat, which the players do not see.
 */
import { TableClient } from '@hearts/live';
import { WATCH_ROUTES, type LiveTable as LiveListing } from '@hearts/protocol/http/watch';
import type { LiveState } from '@hearts/table';
import { CLOSE_CODES, JOIN_ERRORS } from '@hearts/protocol/socket';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeatUi } from '../../table/useSeatUi';
import { timing } from '../../kit/settings';
import { tableView, type TableView } from '../../table/view';
import { Avatar, CardBackArt } from '../../table/art';
import { CardBackSvg } from '../../kit/CardSvg';
import { useApp } from '../../kit/context';
import { levelName } from '../../kit/names';
import { Page } from '../../kit/Page';
import { ratingText } from '../../kit/rating';
import { PanelHead } from '../../table/TableParts';
import { Table } from '../../table/Table';
import { ensureUser, keepToken, serverUrl } from '../../kit/server/account';
import { liveErrorText, passingWait, refusedRetryingText } from '../../kit/server/account-state';
import { request } from '../../kit/server/http';
import { PlayerMenu, WATCHER_MENU_ITEMS } from './PlayerMenu';
import { AwayNote, ChatForm, LiveClock } from './LiveTable';
import { useClient } from './useClient';
import { clockSeconds, reconnectSeconds, trackClocks, type SeatClock } from './view';

/** How often the list refreshes itself while shown (after a refusal that passes: once its Retry-After is over). */
const LIST_REFRESH_MS = 5000;

/**
 * A table view as a watcher sees it: the seat at the bottom is someone else's, so nothing asks the watcher to act
 * (their turn, their pass, their moon choice read as waiting for that seat) and nothing can be passed; the other
 * seats show as many card backs as they hold (`handSizes` of the public view; a watcher's own "hand" is empty).
 */
export function forWatcher(view: TableView, handSizes: readonly number[] | null = null): TableView {
  const p = view.prompt;
  const prompt =
    p.kind === 'yourTurn'
      ? ({ kind: 'waitFor', seat: view.you } as const)
      : p.kind === 'moonChoice'
        ? ({ kind: 'moonWait', seat: view.you } as const)
        : p.kind === 'pass'
          ? ({ kind: 'waitPasses' } as const)
          : p;
  const seats = handSizes
    ? view.seats.map((s) => (s.seat === view.you ? s : { ...s, cards: handSizes[s.seat] ?? s.cards }))
    : view.seats;
  return { ...view, seats, prompt, canPass: false, hintable: false, hand: [] };
}

/** The list of live tables to watch. */
export function WatchList() {
  const { navigate } = useApp();
  const { t } = useTranslation();
  const [tables, setTables] = useState<LiveListing[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [tick, refresh] = useReducer((x: number) => x + 1, 0);
  useEffect(() => {
    let live = true;
    // A hidden tab asks no server: the list is asked again as soon as the tab is shown.
    const shown = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', shown);
      refresh();
    };
    const next = () => {
      if (document.visibilityState === 'visible') refresh();
      else document.addEventListener('visibilitychange', shown);
    };
    let timer = setTimeout(next, LIST_REFRESH_MS);
    request(WATCH_ROUTES.liveTables, {}).then(
      (r) => {
        if (!live) return;
        setTables(r.tables);
        setProblem(null);
      },
      // In the player's words (a refusal, no server), never the server's English message. A refusal that passes
      // (too many requests from the address) is asked again only once the server's Retry-After is over, and says when.
      (e: unknown) => {
        if (!live) return;
        const wait = passingWait(e, LIST_REFRESH_MS);
        setProblem(wait === null ? liveErrorText(t, e) : refusedRetryingText(t, e, wait));
        if (wait === null) return;
        clearTimeout(timer);
        timer = setTimeout(next, wait);
      },
    );
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [tick, t]);
  return (
    <Page title={t('live.watch.title')}>
      <div className="watch-list">
        <p className="muted">{t('live.watch.info')}</p>
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
        {tables === null && !problem && <p className="muted">{t('live.connecting')}</p>}
        {tables?.length === 0 && <p className="muted">{t('live.watch.empty')}</p>}
        <ul className="watch-tables">
          {tables?.map((x) => (
            <li key={x.id} className="live-card watch-row" data-table={x.id}>
              <div className="watch-players">
                {x.players.map((p, i) => (
                  <span key={i} className={p.bot ? 'bot' : undefined}>
                    {p.name}
                    {p.rating !== null && ` (${ratingText(p.rating, p.provisional)})`}: {x.scores[i] ?? 0}
                  </span>
                ))}
              </div>
              <div className="muted watch-meta">
                {t(`live.watch.${x.kind === 'quick' ? 'rated' : x.kind}`)} ·{' '}
                {t('live.watch.hand', { n: x.handNumber + 1 })} ·{' '}
                {t('live.watch.watchers', { count: x.watchers })}
              </div>
              <button
                type="button"
                className="primary small"
                disabled={x.full}
                onClick={() => navigate(`/live/watch/${x.id}`)}
              >
                {x.full ? t('live.watch.full') : t('live.watch.button')}
              </button>
            </li>
          ))}
        </ul>
        <div className="result-actions">
          <button type="button" className="secondary" onClick={refresh}>
            {t('live.watch.refresh')}
          </button>
          <button type="button" className="secondary" onClick={() => navigate('/live')}>
            {t('live.table.home')}
          </button>
        </div>
      </div>
    </Page>
  );
}

/** Watching one table: joins as a watcher, shows the table or why it cannot be watched. */
export function WatchRoom({ roomId }: { roomId: string }) {
  const { store, navigate } = useApp();
  const { t, i18n } = useTranslation();
  const [client, setClient] = useState<TableClient | null>(null);
  const [error, setError] = useState<string | null>(null);
  useClient(client);
  useEffect(() => {
    let live = true;
    let c: TableClient | null = null;
    ensureUser(store, i18n.language)
      .then(async (a) => {
        if (!live) return;
        c = new TableClient({
          url: serverUrl(),
          token: a.token,
          roomId,
          watch: true,
          onToken: (token) => keepToken(store, token),
        });
        setClient(c);
        await c.connect();
      })
      .catch((e: unknown) => {
        if (!live) return;
        // No such table to watch in the watchers' words; anything else as the live pages say it.
        const code = (e as { code?: unknown } | null)?.code;
        setError(code === JOIN_ERRORS.noSuchRoom ? t('live.watch.gone') : liveErrorText(t, e));
      });
    return () => {
      live = false;
      void c?.leave();
    };
  }, [roomId, store, t]);

  const gone =
    error ??
    (client?.outdated ? t('live.joinErrors.protocol') : null) ??
    (client?.status === 'closed' && client.closeCode !== CLOSE_CODES.consented
      ? client.closeCode === CLOSE_CODES.watchClosed
        ? t('live.watch.closed')
        : t('live.watch.gone')
      : null);
  if (gone || !client?.state)
    return (
      <Page title={t('live.watch.title')}>
        {gone ? <p role="alert">{gone}</p> : <p className="muted">{t('live.connecting')}</p>}
        <button type="button" className="primary" onClick={() => navigate('/live/watch')}>
          {t('live.watch.back')}
        </button>
      </Page>
    );
  return <WatchTable client={client} state={client.state} />;
}

/** A watcher's table: the one table component over the public view, read-only. */
export function WatchTable({ client, state }: { client: TableClient; state: LiveState }) {
  const { settings, navigate } = useApp();
  const { t } = useTranslation();
  const tm = timing(settings.speed, settings.reduceMotion);
  const tmRef = useRef(tm);
  tmRef.current = tm;
  // The held trick and the last trick: the seat's UI, as at the players' tables (a watcher never sends anything).
  const [uiState, seatUi] = useSeatUi(client, state, { timing: () => tmRef.current });

  const clocks = useRef<SeatClock[] | null>(null);
  clocks.current = trackClocks(clocks.current, state, Date.now());
  const [, tick] = useReducer((x: number) => x + 1, 0);
  // Re-rendered while a clock or a dropped player's reconnection window runs.
  const ticking = state.table.clocks.some((c) => c.running) || state.table.seats.some((s) => s.reconnectBy);
  useEffect(() => {
    if (!ticking) return;
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [ticking]);
  const now = Date.now();
  const clockOf = (seat: number) => clockSeconds(clocks.current![seat]!, now);
  const botIn = (seat: number) =>
    reconnectSeconds(state.table.seats[seat]?.reconnectBy, now + client.serverOffset);

  const sizes = client.watchedView?.view.handSizes ?? null;
  const view = useMemo(() => forWatcher(tableView(state, uiState), sizes), [state, uiState, sizes]);
  const names = useMemo(() => view.seats.map((s) => s.name), [view]);
  const leave = () => {
    void client.leave();
    navigate('/live/watch');
  };
  // A watcher may befriend or block a seat's player (the server keeps that they watched: issue #42), not report.
  const menuOf = (seat: number) => {
    const s = view.seats[seat]!;
    if (s.bot && !s.replaced) return null;
    return (
      <PlayerMenu
        target={{ client, tableId: state.table.id, seat, name: s.name }}
        items={WATCHER_MENU_ITEMS}
      />
    );
  };
  /** A seat a bot took over says so ("left · bot", "kicked · bot"). */
  const badgeOf = (seat: number) => {
    const s = view.seats[seat]!;
    return s.replaced && s.bot
      ? t(s.kicked ? 'live.table.kicked' : 'live.table.replaced', { level: levelName(t, s.bot) })
      : undefined;
  };
  /** A seat whose player dropped: "connection lost", with the seconds until a bot takes it. */
  const awayOf = (seat: number) => {
    const s = view.seats[seat]!;
    return !s.bot && !s.connected && <AwayNote seconds={botIn(seat)} />;
  };
  const bottomBadge = badgeOf(view.you);
  return (
    <Table
      view={view}
      nameOf={(seat) => names[seat] ?? ''}
      names={names}
      look={null}
      className="live-table watch-table"
      exit={{ kind: 'leave', onExit: leave }}
      lastTrickOpen={uiState.lastTrickOpen}
      ui={seatUi.ui}
      onTap={() => undefined}
      onPass={() => undefined}
      onMoon={() => undefined}
      resultActions={
        view.phase === 'gameOver' && (
          <div className="result-actions">
            <button type="button" className="primary" onClick={leave}>
              {t('live.watch.back')}
            </button>
          </div>
        )
      }
      rated={state.table.rated}
      places={client.result?.ranks ?? null} // the server's places: a seat a bot took over never wins
      seatParts={(seat) => {
        const s = view.seats[seat]!;
        return {
          badge: badgeOf(seat),
          note: awayOf(seat),
          avatar: s.look && <Avatar name={s.name} frame={s.look.frame} size={26} />,
          away: !s.bot && !s.connected,
          back: s.look ? <CardBackArt id={s.look.back} /> : <CardBackSvg back={settings.cardBack} />,
          children: (
            <>
              <LiveClock seconds={clockOf(seat)} />
              {menuOf(seat)}
            </>
          ),
        };
      }}
      playerExtra={
        <>
          {bottomBadge && <span className="bot-badge watched-badge">{bottomBadge}</span>}
          {awayOf(view.you)}
          <LiveClock seconds={clockOf(view.you)} />
          {menuOf(view.you)}
        </>
      }
      notes={
        <button
          type="button"
          className="secondary small watch-turn"
          onClick={() => client.viewFrom((view.you + 1) % view.players)}
        >
          {t('live.watch.turn')}
        </button>
      }
      chat={{
        count: client.watchChat.length,
        panel: (onClose) => <WatchChat client={client} onClose={onClose} />,
      }}
      reconnecting={client.status === 'reconnecting'}
      watching={
        <>
          {t('live.watch.banner')}
          {client.watchers && ` · ${t('live.watch.watchers', { count: client.watchers.count })}`}
        </>
      }
    />
  );
}

/** The watchers' chat: read and written by watchers only. */
function WatchChat({ client, onClose }: { client: TableClient; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="popover live-chat watch-chat" role="region" aria-label={t('live.watch.chat')}>
      <PanelHead title={t('live.watch.chat')} onClose={onClose} />
      <p className="muted small">{t('live.watch.chatInfo')}</p>
      <ul className="chat-lines">
        {client.watchChat.map((l) => (
          <li key={`${l.at}-${l.name}-${l.text}`}>
            <strong>{l.name}:</strong> {l.text}
          </li>
        ))}
      </ul>
      <ChatForm client={client} />
    </div>
  );
}
