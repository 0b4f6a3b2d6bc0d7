import type { CardName } from '@hearts/engine';
import { LiveError, type LiveState, type TableClient } from '@hearts/live';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { cardLabel } from '../game/cards';
import { timing } from '../game/settings';
import { CardBackSvg, CardFace } from '../ui/CardSvg';
import { Avatar, CardBackArt, faceClass, tableBackground } from '../shop/art';
import { useApp } from '../ui/context';
import { directionText } from '../ui/GameTable';
import { Hand } from '../ui/Hand';
import { CloseIcon, DirectionArrow, RobotIcon, TableIcon } from '../ui/icons';
import { levelName } from '../ui/names';
import { ChatIcon, ClockIcon } from '../ui/icons';
import { Shield } from './Shield';
import { ScoreTable } from '../ui/ScoreTable';
import {
  clockSeconds,
  completedTrick,
  liveTableView,
  type HeldTrick,
  type LivePrompt,
  type LiveSeatView,
  type LiveTableView,
} from './view';

const OFFSET: Readonly<Record<string, readonly [number, number]>> = {
  bottom: [0, 3],
  left: [-3.5, 0],
  'top-left': [-2.5, -3],
  top: [0, -3],
  'top-right': [2.5, -3],
  right: [3.5, 0],
};

function promptText(t: TFunction, p: LivePrompt): string {
  switch (p.kind) {
    case 'pass':
      return t('prompt.pass', { count: p.count, direction: directionText(t, p.direction) });
    case 'waitPasses':
      return t('prompt.waitPasses');
    case 'yourTurn':
      return p.lead ? t('prompt.yourLead') : t('prompt.yourTurn');
    case 'waitFor':
      return t('prompt.waitFor', { name: p.name });
    case 'trickTo':
      return p.you ? t('prompt.trickToYou') : t('prompt.trickTo', { name: p.name });
    case 'moonChoice':
      return t('moon.title');
    case 'moonWait':
      return t('prompt.moonWait', { name: p.name });
    case 'handOver':
      return '';
    case 'gameOver':
      return t('prompt.gameOver');
  }
}

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
  const { settings, coarsePointer, navigate } = useApp();
  const { t } = useTranslation();
  const lang = settings.lang;
  const tm = timing(settings.speed, settings.reduceMotion);
  const [selected, setSelected] = useState<CardName[]>([]);
  const [held, setHeld] = useState<{ trick: HeldTrick; collecting: boolean } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [panel, setPanel] = useState<'none' | 'score' | 'chat'>('none');
  const prev = useRef<LiveState | null>(null);
  const clocksAt = useRef<{ clocks: LiveState['table']['clocks']; at: number } | null>(null);

  // A trick that just completed stays a moment, then is collected to its winner.
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => {
    const done = completedTrick(prev.current, state);
    prev.current = state;
    if (!done) return;
    for (const id of timers.current) clearTimeout(id);
    const hold = Math.max(300, tm.hold);
    setHeld({ trick: done, collecting: false });
    timers.current = [
      setTimeout(() => setHeld({ trick: done, collecting: true }), hold),
      setTimeout(() => setHeld(null), hold + Math.max(150, tm.move)),
    ];
  }, [state, tm.hold, tm.move]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  // Passing: forget the choice once the pass is made or the hand changes.
  const handKey = `${state.view.handNumber}-${state.view.phase}`;
  useEffect(() => setSelected([]), [handKey]);

  useEffect(() => {
    if (!refusal) return;
    const id = setTimeout(() => setRefusal(null), 2600);
    return () => clearTimeout(id);
  }, [refusal]);

  if (clocksAt.current?.clocks !== state.table.clocks)
    clocksAt.current = { clocks: state.table.clocks, at: Date.now() };
  const anyRunning = state.table.clocks.some((c) => c.running);
  const now = useTicker(anyRunning);
  const elapsed = Math.max(0, now - clocksAt.current.at);

  const view = useMemo(
    () => liveTableView(state, { selected, held: held?.trick ?? null }),
    [state, selected, held],
  );

  const send = (move: Parameters<TableClient['move']>[0]) =>
    client.move(move).catch((e: unknown) => {
      if (e instanceof LiveError)
        setRefusal(
          e.reply.rule
            ? t(`refusal.${e.reply.rule}`, { defaultValue: t('refusal.other') })
            : t('live.table.error', { message: e.reply.message }),
        );
    });

  const tap = (card: CardName) => {
    if (view.phase === 'pass') {
      if (state.view.passed !== null) return;
      setSelected((s) =>
        s.includes(card)
          ? s.filter((c) => c !== card)
          : s.length < state.view.rules.passCards
            ? [...s, card]
            : s,
      );
      return;
    }
    if (view.phase !== 'play' || held) return;
    if (state.view.turn !== state.table.you) {
      setRefusal(t('refusal.ERR_NOT_YOUR_TURN'));
      return;
    }
    void send({ kind: 'play', card });
  };

  const passing = view.phase === 'pass';
  const me = view.seats[view.you]!;
  const style = { '--move-ms': `${tm.move}ms` } as CSSProperties;
  const leave = () => {
    if (view.phase !== 'gameOver' && !window.confirm(t('live.table.leaveConfirm'))) return;
    client.send('leave', {});
    if (view.phase === 'gameOver') void client.leave();
    navigate('/live');
  };

  return (
    <div
      className={`table-screen live-table players-${view.players}${settings.reduceMotion ? ' reduce-motion' : ''} ${faceClass(me.look?.face)}${me.look ? ' table-look' : ''}`}
      style={
        me.look ? ({ ...style, '--table-look': tableBackground(me.look.table) } as CSSProperties) : style
      }
      data-phase={view.phase}
      data-hand={view.handNumber}
    >
      <header className="topbar">
        <button type="button" className="icon-btn" onClick={leave} aria-label={t('live.table.leave')}>
          <CloseIcon />
          <span className="btn-text">{t('live.table.leave')}</span>
        </button>
        <div className="topbar-title">
          <span>{t('score.handResult', { n: view.handNumber + 1 })}</span>
          <span className="dir-chip">{view.rated ? t('live.table.rated') : t('live.table.unrated')}</span>
          {view.phase !== 'gameOver' && (
            <span className="dir-chip" title={directionText(t, view.direction)}>
              <DirectionArrow kind={view.direction.kind} size={16} />
              <span>{directionText(t, view.direction)}</span>
            </span>
          )}
        </div>
        <button
          type="button"
          className="icon-btn"
          onClick={() => setPanel(panel === 'chat' ? 'none' : 'chat')}
          aria-pressed={panel === 'chat'}
          aria-label={t('live.table.chat')}
          title={t('live.table.chat')}
        >
          <ChatIcon />
          <span className="btn-text">{t('live.table.chat')}</span>
          {client.chat.length > 0 && <span className="chat-count">{client.chat.length}</span>}
        </button>
        <button
          type="button"
          className="icon-btn score-btn"
          onClick={() => setPanel(panel === 'score' ? 'none' : 'score')}
          aria-pressed={panel === 'score'}
          aria-label={t('action.scores')}
          title={t('action.scores')}
        >
          <TableIcon />
        </button>
      </header>

      <Shield client={client} state={state} />

      {client.status === 'reconnecting' && (
        <div className="live-banner" role="status">
          {t('live.table.reconnecting')}
        </div>
      )}

      <main className="board">
        {view.seats
          .filter((s) => !s.you)
          .map((s) => (
            <LiveSeat
              key={s.seat}
              seat={s}
              clock={clockSeconds(state.table.clocks[s.seat]!, elapsed)}
              onKick={() => client.send('kick', { seat: s.seat })}
            />
          ))}
        <div className="center">
          {passing && view.trick.length === 0 ? (
            <div className="pass-banner" aria-hidden="true">
              <DirectionArrow kind={view.direction.kind} size={44} />
              <span>{directionText(t, view.direction)}</span>
            </div>
          ) : (
            <div
              className="trick"
              role="img"
              aria-label={`${t('trick.table')}: ${view.trick.map((c) => `${view.names[c.seat]}: ${cardLabel(c.card, lang)}`).join('; ') || t('trick.empty')}`}
            >
              {view.trick.map((c, i) => {
                const pos = view.positions[c.seat]!;
                const [fx, fy] = OFFSET[pos]!;
                const to = view.trickWinner === null ? null : OFFSET[view.positions[view.trickWinner]!]!;
                const cardStyle = {
                  '--fx': fx,
                  '--fy': fy,
                  '--tx': to?.[0] ?? 0,
                  '--ty': to?.[1] ?? 0,
                  zIndex: i + 1,
                } as CSSProperties;
                return (
                  <div
                    key={`${c.seat}-${c.card}`}
                    className={`card trick-card at-${pos}${c.seat === view.trickWinner ? ' winning' : ''}${held?.collecting ? ' collect' : ''}`}
                    style={cardStyle}
                  >
                    <CardFace card={c.card} lang={lang} fourColor={settings.fourColor} />
                  </div>
                );
              })}
            </div>
          )}
        </div>
      </main>

      <aside className={`side-panel${panel === 'score' ? ' open' : ''}`} aria-label={t('score.title')}>
        <div className="panel-head">
          <h2>{t('score.title')}</h2>
          <button
            type="button"
            className="icon-btn only-phone"
            onClick={() => setPanel('none')}
            aria-label={t('nav.close')}
          >
            <CloseIcon />
          </button>
        </div>
        <ScoreTable rows={view.rows} totals={view.totals} names={view.names} bots={view.bots} />
      </aside>

      {panel === 'chat' && <ChatPanel client={client} view={view} onClose={() => setPanel('none')} />}

      <footer className="player-area">
        <div className={`player-bar${me.turn ? ' turn' : ''}`}>
          <span className="seat-name">{me.name}</span>
          {me.dealer && <span className="dealer-chip">{t('seat.dealer')}</span>}
          <LiveClock seconds={clockSeconds(state.table.clocks[view.you]!, elapsed)} />
          <span className="seat-score">
            <strong>{me.total}</strong>
            {me.handPoints > 0 && <span className="hand-points">+{me.handPoints}</span>}
          </span>
        </div>
        <div className="prompt-line" role="status" aria-live="polite">
          {refusal ? <span className="refusal">{refusal}</span> : <span>{promptText(t, view.prompt)}</span>}
          {view.prompt.kind === 'pass' && (
            <span className="pass-count">
              {' '}
              · {t('prompt.passChosen', { chosen: view.prompt.chosen, count: view.prompt.count })}
            </span>
          )}
        </div>
        {view.hand.length > 0 && (
          <Hand
            cards={view.hand}
            passing={passing}
            lang={lang}
            fourColor={settings.fourColor}
            coarsePointer={coarsePointer}
            onTap={tap}
          />
        )}
        {passing && view.prompt.kind === 'pass' && (
          <button
            type="button"
            className="primary pass-btn"
            disabled={!view.canPass}
            onClick={() => void send({ kind: 'pass', cards: selected })}
          >
            <DirectionArrow kind={view.direction.kind} size={20} />
            {t('action.pass')}
          </button>
        )}
      </footer>

      {view.showResult && <LiveResult client={client} view={view} />}
      {view.prompt.kind === 'moonChoice' && (
        <div className="modal-backdrop">
          <div className="modal" role="dialog" aria-modal="true" aria-labelledby="moon-title">
            <h2 id="moon-title">☾ {t('moon.title')}</h2>
            <p>{t('moon.question')}</p>
            <div className="result-actions">
              <button
                type="button"
                className="primary"
                onClick={() => void send({ kind: 'moon', choice: 'minus' })}
              >
                {t('moon.minus', { value: moonValue(state) })}
              </button>
              <button
                type="button"
                className="primary"
                onClick={() => void send({ kind: 'moon', choice: 'plus' })}
              >
                {t('moon.plus', { value: moonValue(state) })}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

/** What the moon is worth under the table's rules (26 by default, 129 in spot hearts). */
function moonValue(s: LiveState): number {
  const r = s.view.rules;
  const hearts = r.heartValues === 'rank' ? 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 : 13;
  return hearts + r.queenPoints;
}

function LiveClock({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation();
  if (seconds === null) return null;
  return (
    <span className={`live-clock${seconds <= 5 ? ' low' : ''}`} role="timer" data-clock={seconds}>
      <ClockIcon /> {t('live.table.clock', { s: seconds })}
    </span>
  );
}

function LiveSeat({ seat, clock, onKick }: { seat: LiveSeatView; clock: number | null; onKick: () => void }) {
  const { t } = useTranslation();
  const { settings } = useApp();
  const status = seat.turn ? t('seat.turn') : seat.passed ? t('seat.passed') : '';
  const botText = seat.bot ? t('seat.botBadge', { level: levelName(t, seat.bot) }) : '';
  return (
    <section
      className={`seat seat-${seat.position}${seat.turn ? ' turn' : ''}${!seat.bot && !seat.connected ? ' away' : ''}`}
      aria-label={`${seat.name}${seat.bot ? `, ${botText}` : ''}, ${t('seat.points', { n: seat.total })}`}
      data-seat={seat.seat}
      data-bot={seat.bot ?? undefined}
    >
      <div className="seat-head">
        {seat.look && <Avatar name={seat.name} frame={seat.look.frame} size={26} />}
        <span className="seat-name">{seat.name}</span>
        {seat.dealer && (
          <span className="dealer-chip" title={t('seat.dealer')}>
            {t('seat.dealer')}
          </span>
        )}
      </div>
      {seat.bot && (
        <div className="bot-badge">
          <RobotIcon />
          <span>{seat.replaced ? t('live.table.replaced', { level: levelName(t, seat.bot) }) : botText}</span>
        </div>
      )}
      {!seat.bot && !seat.connected && <div className="seat-away">{t('live.table.away')}</div>}
      <div className="seat-score">
        <strong>{seat.total}</strong>
        {seat.handPoints > 0 && <span className="hand-points">+{seat.handPoints}</span>}
        {seat.rating !== null && <span className="seat-rating">{seat.rating}</span>}
      </div>
      {seat.cards > 0 && (
        <div className="seat-cards" aria-label={t('seat.cards', { n: seat.cards })} role="img">
          {Array.from({ length: seat.cards }, (_, i) => (
            <div key={i} className="card back-mini">
              {seat.look ? <CardBackArt id={seat.look.back} /> : <CardBackSvg back={settings.cardBack} />}
            </div>
          ))}
        </div>
      )}
      <LiveClock seconds={clock} />
      {seat.kickable && (
        <div className="seat-kick">
          <span>{t('live.table.outOfTime')}</span>
          <button type="button" className="secondary small" onClick={onKick}>
            {t('live.table.kick')}
            {seat.kickVotes > 0 && ` · ${t('live.table.kickVotes', { n: seat.kickVotes })}`}
          </button>
        </div>
      )}
      <div className="seat-status" aria-live="off">
        {status}
      </div>
    </section>
  );
}

function LiveResult({ client, view }: { client: TableClient; view: LiveTableView }) {
  const { t } = useTranslation();
  const { navigate } = useApp();
  const last = view.rows[view.rows.length - 1]!;
  const over = view.phase === 'gameOver';
  const result = client.result;
  const won = view.winners.includes(view.you);
  let headline: string;
  if (over) {
    const names = view.winners.map((s) => view.names[s]!);
    headline =
      won && view.winners.length === 1
        ? t('over.youWin')
        : won
          ? t('over.youShare')
          : view.winners.length === 1
            ? t('over.wins', { name: names[0] })
            : t('over.shared', { names: names.join(', ') });
  } else headline = t('prompt.handOver', { n: last.hand + 1 });
  const mine = result?.ratings[view.you] ?? null;
  const ready = client.again?.seats ?? [];
  return (
    <section className={`result-panel${over ? ' game-over' : ''}`} aria-labelledby="result-title">
      <h2 id="result-title">{headline}</h2>
      {last.shooter !== null && (
        <p className="moon-announce">
          ☾{' '}
          {last.shooter === view.you ? t('moon.shotYou') : t('moon.shot', { name: view.names[last.shooter] })}
        </p>
      )}
      <ScoreTable
        rows={view.rows}
        totals={view.totals}
        names={view.names}
        bots={view.bots}
        highlight={over ? view.winners : undefined}
      />
      {over && result && (
        <p className="live-result-line">
          {t('live.table.place', { rank: result.ranks[view.you] })}
          {mine && ` · ${t('live.table.rating', { before: mine.before, after: mine.after })}`}
        </p>
      )}
      {over && (
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
          {ready.length > 0 && <p className="muted">{t('live.table.againWaiting', { n: ready.length })}</p>}
        </div>
      )}
    </section>
  );
}

function ChatPanel({
  client,
  view,
  onClose,
}: {
  client: TableClient;
  view: LiveTableView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [muted, setMuted] = useState<number[]>([]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const s = text.trim();
    if (!s) return;
    client.send('chat', { text: s.slice(0, 200) });
    setText('');
  };
  const toggle = (seat: number) => {
    const on = !muted.includes(seat);
    client.send('mute', { seat, muted: on });
    setMuted(on ? [...muted, seat] : muted.filter((x) => x !== seat));
  };
  return (
    <div className="popover live-chat" role="region" aria-label={t('live.table.chat')}>
      <div className="panel-head">
        <h2>{t('live.table.chat')}</h2>
        <button type="button" className="icon-btn" onClick={onClose} aria-label={t('nav.close')}>
          <CloseIcon />
        </button>
      </div>
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
      <form onSubmit={submit} className="chat-form">
        <input
          value={text}
          maxLength={200}
          placeholder={t('live.table.chatPlaceholder')}
          aria-label={t('live.table.chatPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="secondary">
          {t('live.table.send')}
        </button>
      </form>
    </div>
  );
}
