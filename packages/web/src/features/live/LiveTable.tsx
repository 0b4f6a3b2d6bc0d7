import type { TableClient } from '@hearts/live';
import type { LiveState } from '@hearts/table';
import { CHAT_KEPT, LIMITS, type ErrorMessage } from '@hearts/protocol/socket';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectionKeeper } from '../../table/ports';
import { useSeatUi } from '../../table/useSeatUi';
import { tableView, type SeatView, type TableView } from '../../table/view';
import { timing } from '../../kit/settings';
import { Avatar, CardBackArt } from '../../table/art';
import { saveLook } from '../../table/look';
import { CardBackSvg } from '../../kit/CardSvg';
import { lastTournament } from '../tournament/link';
import { TournamentBar } from '../tournament/TableBar';
import { useApp } from '../../kit/context';
import { provisionalTitle, ratingText } from '../../kit/rating';
import { ClockIcon } from '../../kit/icons';
import { PanelHead } from '../../table/TableParts';
import { Table, type SeatParts } from '../../table/Table';
import { useTableSounds } from '../../table/useTableSounds';
import { levelName } from '../../kit/names';
import { PlayerMenu } from './PlayerMenu';
import { openLiveGame } from './open-record';
import { Shield } from './Shield';
import { TOKEN_KEY } from '../../kit/server/token';
import { clockSeconds, reconnectSeconds, type SeatClock, trackClocks } from './view';

/** The cards chosen for passing at a live table, kept so that a reload keeps them (like the solo table's). */
const LIVE_SELECTION_KEY = 'hearts.live.passSelection';

/** Re-renders every `ms` while `on`: the clocks count down between messages. */
function useTicker(on: boolean, ms = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [on, ms]);
  return now;
}

/** A live table: everything shown comes from the seat's own view; moves go to the server. */
export function LiveTable({ client, state }: { client: TableClient; state: LiveState }) {
  const { settings, navigate, store } = useApp();
  const { t } = useTranslation();
  const tm = timing(settings.speed, settings.reduceMotion);
  const clocks = useRef<SeatClock[] | null>(null);

  // The pass selection, refusals, the held trick and the last trick: the seat's UI, as at the solo table.
  const tmRef = useRef(tm);
  tmRef.current = tm;
  const tableId = useRef(state.table.id);
  tableId.current = state.table.id;
  const keeper = useMemo(() => selectionKeeper(store, LIVE_SELECTION_KEY, () => tableId.current), [store]);
  const [uiState, seatUi] = useSeatUi(client, state, { timing: () => tmRef.current, keeper });
  useTableSounds(state);

  // Each seat's clock counts from when its own ClockInfo arrived (trackClocks), not from the latest message.
  clocks.current = trackClocks(clocks.current, state, Date.now());
  const anyRunning = state.table.clocks.some((c) => c.running);
  const anyAway = state.table.seats.some((s) => s.reconnectBy !== undefined);
  useTicker(anyRunning || anyAway); // re-renders while a clock or a reconnection window runs
  const now = Date.now();
  const clockOf = (seat: number) => clockSeconds(clocks.current![seat]!, now);
  const botIn = (seat: number) =>
    reconnectSeconds(state.table.seats[seat]?.reconnectBy, now + client.serverOffset);

  const view = useMemo(() => tableView(state, uiState), [state, uiState]);

  const me = view.seats[view.you]!;
  const names = useMemo(() => view.seats.map((s) => s.name), [view]);
  // The server tells every seat's look: keep ours for the solo table (src/table/look.ts).
  useEffect(() => {
    if (me.look) saveLook(store, me.look);
  }, [me.look, store]);
  /** A seat's look, a bot's badge that says it took over, away or not, its clock and the vote to kick it. */
  const seatParts = (seat: SeatView): SeatParts => {
    const away = !seat.bot && !seat.connected;
    const left = away ? botIn(seat.seat) : null;
    return {
      badge:
        seat.replaced && seat.bot
          ? t(seat.kicked ? 'live.table.kicked' : 'live.table.replaced', { level: levelName(t, seat.bot) })
          : undefined,
      avatar: seat.look && <Avatar name={seat.name} frame={seat.look.frame} size={26} />,
      note: away && <AwayNote seconds={left} />,
      away,
      back: seat.look ? <CardBackArt id={seat.look.back} /> : <CardBackSvg back={settings.cardBack} />,
      children: (
        <>
          <LiveClock seconds={clockOf(seat.seat)} />
          <KickVote seat={seat} onKick={() => client.send('kick', { seat: seat.seat })} />
          {(!seat.bot || seat.replaced) && !seat.you && (
            <PlayerMenu target={{ client, tableId: state.table.id, seat: seat.seat, name: seat.name }} />
          )}
        </>
      ),
    };
  };
  const [leaving, setLeaving] = useState(false);
  const leave = () => {
    if (leaving) return;
    if (view.phase === 'gameOver') {
      client.send('leave', {});
      void client.leave();
      navigate('/live');
    } else if (window.confirm(t('live.table.leaveConfirm'))) {
      // Home once the server has counted the leave (up to 5 s): the quick match there shows its cool-down at
      // once. Until then the banner says so and the button waits.
      setLeaving(true);
      void client.leaveSeat().then(() => navigate('/live'));
    }
  };

  return (
    <Table
      view={view}
      nameOf={(seat) => names[seat] ?? ''}
      names={names}
      look={me.look}
      className="live-table"
      exit={{ kind: 'leave', onExit: leave, leaving }}
      lastTrickOpen={uiState.lastTrickOpen}
      ui={seatUi.ui}
      onTap={(card) => void seatUi.tap(card)}
      onPass={() => void seatUi.pass()}
      onMoon={(choice) => void seatUi.moon(choice)}
      resultActions={<LiveResultActions client={client} view={view} />}
      rated={state.table.rated}
      places={client.result?.ranks ?? null}
      seatParts={(seat) => seatParts(view.seats[seat]!)}
      playerExtra={<LiveClock seconds={clockOf(view.you)} />}
      notes={
        view.phase !== 'gameOver' && (
          <>
            <KickNotes view={view} />
            {(state.table.kind === 'friends' || state.table.rated) && <WatchersControl client={client} />}
          </>
        )
      }
      chat={
        // Nobody to talk to at a table of bots only (the daily table): no chat button.
        chatting(view, client.chat.length)
          ? {
              count: client.chat.length,
              panel: (onClose) => <ChatPanel client={client} view={view} onClose={onClose} />,
            }
          : undefined
      }
      shield={
        state.table.kind === 'daily' ? (
          <DailyShield />
        ) : (
          <>
            {state.table.kind === 'tournament' && <TournamentBar token={store.get(TOKEN_KEY)} />}
            <Shield client={client} state={state} />
          </>
        )
      }
      reconnecting={client.status === 'reconnecting'}
    />
  );
}

/** A seat whose player's connection dropped: "connection lost", and the seconds until a bot takes it. */
export function AwayNote({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation();
  return (
    <div className="seat-away">
      {t('live.table.away')}
      {seconds !== null && (
        <span className="seat-away-time" role="timer" data-seconds={seconds}>
          {t('live.table.botIn', { s: seconds })}
        </span>
      )}
    </div>
  );
}

/** A seat's clock: the seconds left, red in the last five; nothing while it does not run. */
export function LiveClock({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation();
  if (seconds === null) return null;
  return (
    <span className={`live-clock${seconds <= 5 ? ' low' : ''}`} role="timer" data-clock={seconds}>
      <ClockIcon /> {t('live.table.clock', { s: seconds })}
    </span>
  );
}

/**
 * On a seat out of time: the vote to give it to a bot, with the votes so far ("Kick out · 1 of 2 votes"; on a
 * phone's narrow seat "Kick out 1/2", the button's name still in words).
 */
function KickVote({ seat, onKick }: { seat: SeatView; onKick: () => void }) {
  const { t } = useTranslation();
  if (!seat.kickable) return null;
  const votes =
    seat.kickVotes > 0 ? t('live.table.kickVotes', { n: seat.kickVotes, count: seat.kickNeeded }) : null;
  const name = votes === null ? t('live.table.kick') : `${t('live.table.kick')} · ${votes}`;
  return (
    <div className="seat-kick">
      <span>{t('live.table.outOfTime')}</span>
      <button type="button" className="secondary small" onClick={onKick} aria-label={name}>
        {t('live.table.kick')}
        {votes !== null && (
          <>
            <span className="kick-votes-long"> · {votes}</span>
            <span className="kick-votes-short" aria-hidden="true">
              {' '}
              {seat.kickVotes}/{seat.kickNeeded}
            </span>
          </>
        )}
      </button>
    </div>
  );
}

/**
 * Under the player's hand: that their own bank ran out, that the others are voting to give their seat to a bot
 * (and how to keep it), and, while another seat has votes against it, when such votes reset (not while the player
 * is warned: the warning says it already, and a phone has no room for both).
 */
function KickNotes({ view }: { view: TableView }) {
  const { t } = useTranslation();
  const me = view.seats[view.you]!;
  const voting = view.seats.some((s) => !s.you && s.kickable && s.kickVotes > 0);
  const warned = me.kickable && me.kickVotes > 0;
  if (!me.kickable && !voting) return null;
  return (
    <>
      {warned ? (
        <p className="out-of-time-note kick-warning" role="alert">
          {t('live.table.youKickVotes', { n: me.kickVotes, count: me.kickNeeded })}
        </p>
      ) : (
        me.kickable && (
          <p className="out-of-time-note" role="status">
            {t('live.table.youOutOfTime')}
          </p>
        )
      )}
      {voting && !warned && (
        <p className="out-of-time-note kick-reset" role="status">
          {t('live.table.kickReset')}
        </p>
      )}
    </>
  );
}

/**
 * At a daily table, in place of the fair shuffle's shield: the day's hands come from its committed seed (the same
 * for everyone), checked once the day is over rather than hand by hand.
 */
function DailyShield() {
  const { t } = useTranslation();
  return (
    <div className="fair-shield" role="status" data-testid="daily-shield">
      <span className="fair-hash">{t('daily.shield')}</span>
      <a href="#/daily" className="fair-how">
        {t('daily.shieldHow')}
      </a>
    </div>
  );
}

/** Below a live result once the game is over: the player's place and rating, a rematch, the way home. */
function LiveResultActions({ client, view }: { client: TableClient; view: TableView }) {
  const { t } = useTranslation();
  const { navigate, store } = useApp();
  const [analysisProblem, setAnalysisProblem] = useState<string | null>(null);
  if (view.phase !== 'gameOver') return null;
  const token = store.get(TOKEN_KEY);
  const gameId = client.result?.recordId;
  // The finished game's analysis: its record, the player's seat.
  const analyse = () => {
    if (!token || !gameId) return;
    setAnalysisProblem(null);
    openLiveGame(token, gameId, view.you, navigate, true).then(
      (r) => {
        if (r.ok) void client.leave();
        else setAnalysisProblem(t('analysis.liveMissing'));
      },
      () => setAnalysisProblem(t('analysis.liveMissing')),
    );
  };
  const result = client.result;
  // Once the game is over on the server (its result came with the record's id), its record is there to analyse.
  const analysisButton = token && gameId && (
    <button type="button" onClick={analyse}>
      {t('analysis.open')}
    </button>
  );
  const mine = result?.ratings[view.you] ?? null;
  const ready = client.again?.seats ?? [];
  const daily = client.state?.table.kind === 'daily';
  const tournament = client.state?.table.kind === 'tournament' ? lastTournament() : null;
  return (
    <>
      {result && (
        <p className="live-result-line">
          {t('live.table.place', { rank: result.ranks[view.you] })}
          {mine && (
            <span title={provisionalTitle(t, mine.provisional)}>
              {' · '}
              {t('live.table.rating', {
                before: ratingText(mine.before, view.seats[view.you]?.provisional),
                after: ratingText(mine.after, mine.provisional),
              })}
            </span>
          )}
        </p>
      )}
      {result && (result.chips?.[view.you] ?? 0) > 0 && (
        <p className="live-result-line live-chips-won" data-chips={result.chips![view.you]}>
          {t('live.table.chipsWon', { n: result.chips![view.you] })}
        </p>
      )}
      {client.state?.table.kind === 'tournament' ? (
        // The tournament seats its players again: no rematch; its page shows the standings and the next table.
        <div className="result-actions">
          <button
            type="button"
            className="primary"
            onClick={() => {
              void client.leave();
              navigate(tournament ? `/tournaments/${tournament}` : '/tournaments');
            }}
          >
            {t('tournament.toTournament')}
          </button>
        </div>
      ) : daily ? (
        // The daily game is played once a day: no rematch; the day's page shows the rank.
        <div className="result-actions">
          <button
            type="button"
            className="primary"
            onClick={() => {
              void client.leave();
              navigate('/daily');
            }}
          >
            {t('daily.toResult')}
          </button>
          {analysisButton}
          {analysisProblem && <p className="error">{analysisProblem}</p>}
        </div>
      ) : (
        <div className="result-actions">
          <button
            type="button"
            className="primary"
            disabled={ready.includes(view.you) || !result}
            onClick={() => client.send('again', {})}
          >
            {t('live.table.again')}
          </button>
          <button
            type="button"
            onClick={() => {
              void client.leave();
              navigate('/live');
            }}
          >
            {t('live.table.home')}
          </button>
          {analysisButton}
          {ready.length > 0 && <p className="muted">{t('live.table.againWaiting', { n: ready.length })}</p>}
          {analysisProblem && <p className="error">{analysisProblem}</p>}
        </div>
      )}
    </>
  );
}

/** Whether a table has a chat: another person sits at it (a bot that took a seat over is none), or lines were said. */
export const chatting = (view: Pick<TableView, 'seats'>, lines: number): boolean =>
  lines > 0 || view.seats.some((s) => !s.you && s.bot === null);

/** The chat panel: the lines of the people not muted, a mute button per other person, and a line to send. */
function ChatPanel({ client, view, onClose }: { client: TableClient; view: TableView; onClose: () => void }) {
  const { t } = useTranslation();
  const [muted, setMuted] = useState<number[]>([]);
  const toggle = (seat: number) => {
    const on = !muted.includes(seat);
    client.send('mute', { seat, muted: on });
    setMuted(on ? [...muted, seat] : muted.filter((x) => x !== seat));
  };
  return (
    <div className="popover live-chat" role="region" aria-label={t('live.table.chat')}>
      <PanelHead title={t('live.table.chat')} onClose={onClose} />
      <ul className="chat-lines">
        {client.chat
          .filter((l) => !muted.includes(l.seat))
          .map((l) => (
            <li key={`${l.at}-${l.seat}-${l.text}`}>
              <strong>{l.name}:</strong> {l.text}
            </li>
          ))}
      </ul>
      <div className="chat-mutes">
        {view.seats
          .filter((s) => !s.you && !s.bot)
          .map((s) => (
            <button key={s.seat} type="button" className="secondary small" onClick={() => toggle(s.seat)}>
              {muted.includes(s.seat) ? t('live.table.unmute') : t('live.table.mute')}: {s.name}
            </button>
          ))}
      </div>
      <ChatForm client={client} />
    </div>
  );
}

/** A line to write to the table's chat (the players', or the watchers' when the client watches). */
export function ChatForm({ client }: { client: TableClient }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // A line the server refused (LIMIT_CHAT, or what the table keeps: CHAT_KEPT) was said to nobody: say so.
  const [refused, setRefused] = useState<'ERR_CHAT_RATE' | 'ERR_CHAT_FULL' | null>(null);
  useEffect(
    () =>
      client.tap((type, m) => {
        const code = type === 'error' ? (m as ErrorMessage).code : null;
        if (code === 'ERR_CHAT_RATE' || code === 'ERR_CHAT_FULL') setRefused(code);
      }),
    [client],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const s = text.trim();
    if (!s) return;
    client.send('chat', { text: s.slice(0, LIMITS.chatChars) });
    setText('');
    setRefused(null);
  };
  return (
    <>
      {refused && (
        <p className="error chat-refused" role="alert">
          {refused === 'ERR_CHAT_RATE' ? t('live.table.chatRate') : t('live.table.chatFull', CHAT_KEPT)}
        </p>
      )}
      <form onSubmit={submit} className="chat-form">
        <input
          value={text}
          maxLength={LIMITS.chatChars}
          placeholder={t('live.table.chatPlaceholder')}
          aria-label={t('live.table.chatPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="secondary">
          {t('live.table.send')}
        </button>
      </form>
    </>
  );
}

/** For the players of a friends' table: how many watch, and (the host) the way to open or close it to watchers. */
export function WatchersControl({ client }: { client: TableClient }) {
  const { t } = useTranslation();
  const w = client.watchers;
  // The host: as the lobby said while there was one, else as the table says (after a reload there is no lobby).
  const host = client.lobby ? client.lobby.members.some((m) => m.you && m.host) : w?.host === true;
  if (!w) return null;
  return (
    <div className="note watchers-note" role="status">
      {w.open ? t('live.watch.allowed') : t('live.watch.closedNote')}
      {w.count > 0 && ` · ${t('live.watch.watchers', { count: w.count })}`}
      {host && (
        <button
          type="button"
          className="secondary small"
          onClick={() => client.send('watchers', { open: !w.open })}
        >
          {w.open ? t('live.watch.close') : t('live.watch.open')}
        </button>
      )}
    </div>
  );
}
