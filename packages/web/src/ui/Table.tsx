/**
 * The one table screen, solo and live: the top bar, the other seats around the trick, the player's area, the
 * score, last-trick and chat panels, the result and the moon's choice, all drawn from one view (`boardView` of
 * game/view.ts with the table's seats). What differs between the tables comes in as props: the solo page
 * (GameTable) passes the hint and the bots' "thinking", the live page (LiveTable) the clocks, kick votes, chat,
 * the fair-shuffle shield and the connection's state; each passes its own moves and result actions.
 *
 * ```tsx
 * <Table view={tableView(snapshot)!} nameOf={(s) => seatName(t, s)} look={null} exit={{ kind: 'menu', onExit }} … />
 * ```
 */
import type { CardName } from '@hearts/engine';
import type { ChatLine, SeatLook } from '@hearts/table';
import { memo, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardLabel } from '../game/cards';
import { timing } from '../game/settings';
import type { BoardSeat, BoardView } from '../game/view';
import { Avatar, CardBackArt, faceClass, tableBackground } from '../shop/art';
import { CardBackSvg } from './CardSvg';
import { useApp } from './context';
import { BulbIcon, ChatIcon, ClockIcon, CloseIcon, MenuIcon, TrickIcon } from './icons';
import { levelName } from './names';
import { MoonDialog, ResultPanel } from './ResultPanel';
import { SeatBox } from './Seat';
import {
  LastTrickPanel,
  PanelHead,
  PanelToggle,
  PlayerArea,
  ScorePanel,
  TableBoard,
  TableTopbar,
  refusalText,
} from './TableParts';

/** A seat as the table draws it: the board's fields and what a host knows beyond them (all optional but `bot`). */
export interface TableSeat extends BoardSeat {
  readonly bot: string | null; // the bot's level, null for a person
  readonly thinking?: boolean; // a bot is choosing its move (solo)
  readonly replaced?: boolean; // a bot took the seat over from a person
  readonly connected?: boolean; // false: the person is away
  readonly rating?: number | null;
  readonly provisional?: boolean;
  readonly look?: SeatLook | null; // the seat's avatar frame and card back
  readonly kickable?: boolean; // out of time: the others may vote to give the seat to a bot
  readonly kickVotes?: number;
  readonly kickNeeded?: number;
}

/** The chat beside a live table: its lines, and how to send one and mute a seat. */
export interface TableChat {
  readonly lines: readonly ChatLine[];
  readonly onSend: (text: string) => void;
  readonly onMute: (seat: number, muted: boolean) => void;
}

export interface TableProps {
  readonly view: BoardView<TableSeat>;
  readonly nameOf: (seat: number) => string;
  readonly names?: readonly string[]; // score heads and spoken seat names; "You", "Bot 1"… by default
  readonly look: SeatLook | null; // the player's table and card faces from the shop
  readonly className?: string; // more classes on the screen
  readonly exit: { readonly kind: 'menu' | 'leave'; readonly onExit: () => void };
  /** The last trick's panel: open or not, and the UI controller's way to toggle and close it. */
  readonly lastTrickOpen: boolean;
  readonly ui: { readonly toggleLastTrick: () => void; readonly closeLastTrick: () => void };
  readonly onTap: (card: CardName) => void;
  readonly onPass: () => void;
  readonly moonValue: number; // what the moon is worth under the table's rules
  readonly onMoon: (choice: 'minus' | 'plus') => void;
  readonly resultActions: ReactNode; // below a hand's or game's result
  // The solo table's.
  readonly onHint?: () => void; // shows the hint button
  readonly hintBusy?: boolean; // the expert is thinking about the hint
  readonly hintCards?: readonly CardName[] | null; // the hint, said below the prompt
  readonly received?: readonly CardName[]; // cards just received in the pass, said below the prompt while playing
  // The live table's.
  readonly rated?: boolean; // shows whether the game is rated
  readonly clockOf?: (seat: number) => number | null; // seconds left, shown by each seat; null: not running
  readonly onKick?: (seat: number) => void; // shows kick votes and the kick button on seats out of time
  readonly chat?: TableChat; // shows the chat button and panel
  readonly shield?: ReactNode; // the fair shuffle's shield, below the top bar
  readonly reconnecting?: boolean; // shows the reconnecting banner
}

/** A table screen; see the module's comment. */
export function Table(p: TableProps) {
  const { view, nameOf, names, look, ui } = p;
  const { t } = useTranslation();
  const { settings } = useApp();
  const [panel, setPanel] = useState<'none' | 'score' | 'chat'>('none');
  const tm = timing(settings.speed, settings.reduceMotion);
  const lang = settings.lang;
  const passing = view.phase === 'pass';
  const me = view.seats[view.you]!;
  const lastPlay = view.trick[view.trick.length - 1];
  const score = { rows: view.rows, totals: view.totals, names, bots: view.seats.map((s) => s.bot !== null) };
  const style = {
    '--move-ms': `${tm.move}ms`,
    ...(look && { '--table-look': tableBackground(look.table) }),
  } as CSSProperties;
  const refusal = view.refusal;
  const hinted = p.hintCards && p.hintCards.length > 0 ? p.hintCards : null;
  const received = p.received ?? [];

  return (
    <div
      className={`table-screen${p.className ? ` ${p.className}` : ''} players-${view.players}${settings.reduceMotion ? ' reduce-motion' : ''} ${faceClass(look?.face)}${look ? ' table-look' : ''}`}
      style={style}
      data-phase={view.phase}
      data-hand={view.handNumber}
    >
      <TableTopbar
        exit={
          p.exit.kind === 'menu' ? (
            <button type="button" className="icon-btn" onClick={p.exit.onExit} aria-label={t('nav.menu')}>
              <MenuIcon />
            </button>
          ) : (
            <button
              type="button"
              className="icon-btn"
              onClick={p.exit.onExit}
              aria-label={t('live.table.leave')}
            >
              <CloseIcon />
              <span className="btn-text">{t('live.table.leave')}</span>
            </button>
          )
        }
        handNumber={view.handNumber}
        direction={view.direction}
        showDirection={view.phase !== 'gameOver'}
        chips={
          p.rated !== undefined && (
            <span className="dir-chip">{p.rated ? t('live.table.rated') : t('live.table.unrated')}</span>
          )
        }
        scoresOpen={panel === 'score'}
        onScores={() => {
          ui.closeLastTrick();
          setPanel(panel === 'score' ? 'none' : 'score');
        }}
      >
        {p.onHint && (
          <button
            type="button"
            className="icon-btn"
            onClick={p.onHint}
            disabled={!view.hintable || p.hintBusy}
            aria-label={t('action.hintTitle')}
            title={t('action.hintTitle')}
          >
            <BulbIcon />
            <span className="btn-text">{t('action.hint')}</span>
          </button>
        )}
        <PanelToggle
          open={p.lastTrickOpen}
          onToggle={() => {
            setPanel('none');
            ui.toggleLastTrick();
          }}
          label={t('action.lastTrick')}
        >
          <TrickIcon />
        </PanelToggle>
        {p.chat && (
          <PanelToggle
            open={panel === 'chat'}
            onToggle={() => {
              ui.closeLastTrick();
              setPanel(panel === 'chat' ? 'none' : 'chat');
            }}
            label={t('live.table.chat')}
          >
            <ChatIcon />
            <span className="btn-text">{t('live.table.chat')}</span>
            {p.chat.lines.length > 0 && <span className="chat-count">{p.chat.lines.length}</span>}
          </PanelToggle>
        )}
      </TableTopbar>

      {p.shield}

      {p.reconnecting && (
        <div className="live-banner" role="status">
          {t('live.table.reconnecting')}
        </div>
      )}

      <TableBoard
        seats={view.seats
          .filter((s) => s.seat !== view.you)
          .map((s) => (
            <TableSeatBox
              key={s.seat}
              seat={s}
              name={nameOf(s.seat)}
              clock={p.clockOf?.(s.seat)}
              onKick={p.onKick}
            />
          ))}
        passArrow={passing && view.trick.length === 0}
        direction={view.direction}
        trick={{
          cards: view.trick,
          positions: view.positions,
          winner: view.trickWinner,
          collecting: view.collecting,
          names,
        }}
      >
        {view.trickWinner !== null && !view.collecting && (
          <div className="trick-winner" role="status">
            {view.trickWinner === view.you
              ? t('prompt.trickToYou')
              : t('prompt.trickTo', { name: nameOf(view.trickWinner) })}
          </div>
        )}
      </TableBoard>

      <ScorePanel open={panel === 'score'} onClose={() => setPanel('none')} score={score} />

      {p.lastTrickOpen && (
        <LastTrickPanel
          trick={view.lastTrick}
          winner={view.lastTrickWinner}
          positions={view.positions}
          nameOf={nameOf}
          names={names}
          you={view.you}
          onClose={ui.closeLastTrick}
        />
      )}

      {panel === 'chat' && p.chat && (
        <ChatPanel chat={p.chat} view={view} nameOf={nameOf} onClose={() => setPanel('none')} />
      )}

      <PlayerArea
        name={nameOf(view.you)}
        me={me}
        clock={p.clockOf && <SeatClock seconds={p.clockOf(view.you)} />}
        prompt={view.prompt}
        nameOf={nameOf}
        you={view.you}
        refusal={
          refusal &&
          refusalText(
            t,
            refusal.code,
            refusal.message ? t('live.table.error', { message: refusal.message }) : undefined,
          )
        }
        note={
          <>
            {hinted ? (
              <div className="note hint-text" role="status">
                {hinted.length > 1
                  ? t('action.hintPass', { cards: hinted.map((c) => cardLabel(c, lang)).join(', ') })
                  : t('action.hintPlay', { card: cardLabel(hinted[0]!, lang) })}
              </div>
            ) : (
              received.length > 0 &&
              view.phase === 'play' && (
                <div className="note received-text">
                  {t('prompt.received', { cards: received.map((c) => cardLabel(c, lang)).join(', ') })}
                </div>
              )
            )}
            {p.onKick && view.phase !== 'gameOver' && <KickNotes view={view} />}
          </>
        }
        hand={view.hand}
        onTap={p.onTap}
        passing={passing}
        canPass={view.canPass}
        direction={view.direction}
        onPass={p.onPass}
      />

      <div className="sr-only" aria-live="polite">
        {lastPlay ? `${nameOf(lastPlay.seat)}: ${cardLabel(lastPlay.card, lang)}` : ''}
      </div>
      {view.showResult && (
        <ResultPanel
          score={score}
          winners={view.winners}
          over={view.phase === 'gameOver'}
          you={view.you}
          nameOf={nameOf}
        >
          {p.resultActions}
        </ResultPanel>
      )}
      {view.prompt.kind === 'moonChoice' && <MoonDialog value={p.moonValue} onChoose={p.onMoon} />}
    </div>
  );
}

/** A seat's clock: the seconds left, red in the last five; nothing while it does not run. */
function SeatClock({ seconds }: { seconds: number | null | undefined }) {
  const { t } = useTranslation();
  if (seconds == null) return null;
  return (
    <span className={`live-clock${seconds <= 5 ? ' low' : ''}`} role="timer" data-clock={seconds}>
      <ClockIcon /> {t('live.table.clock', { s: seconds })}
    </span>
  );
}

/** Another seat at the table, with its clock and, while it is out of time, the vote to give it to a bot. */
const TableSeatBox = memo(function TableSeatBox({
  seat,
  name,
  clock,
  onKick,
}: {
  seat: TableSeat;
  name: string;
  clock: number | null | undefined; // undefined: the table has no clocks
  onKick: ((seat: number) => void) | undefined;
}) {
  const { t } = useTranslation();
  const { settings } = useApp();
  const away = !seat.bot && seat.connected === false;
  return (
    <SeatBox
      seat={seat.seat}
      position={seat.position}
      name={name}
      bot={seat.bot}
      badge={
        seat.replaced && seat.bot ? t('live.table.replaced', { level: levelName(t, seat.bot) }) : undefined
      }
      avatar={seat.look && <Avatar name={name} frame={seat.look.frame} size={26} />}
      note={away && <div className="seat-away">{t('live.table.away')}</div>}
      away={away}
      rating={seat.rating}
      provisional={seat.provisional}
      total={seat.total}
      handPoints={seat.handPoints}
      cards={seat.cards}
      back={seat.look ? <CardBackArt id={seat.look.back} /> : <CardBackSvg back={settings.cardBack} />}
      turn={seat.turn}
      thinking={seat.thinking}
      passing={seat.passing}
      passed={seat.passed}
      dealer={seat.dealer}
    >
      <SeatClock seconds={clock} />
      {onKick && seat.kickable && (
        <div className="seat-kick">
          <span>{t('live.table.outOfTime')}</span>
          <button type="button" className="secondary small" onClick={() => onKick(seat.seat)}>
            {t('live.table.kick')}
            {(seat.kickVotes ?? 0) > 0 &&
              ` · ${t('live.table.kickVotes', { n: seat.kickVotes, count: seat.kickNeeded })}`}
          </button>
        </div>
      )}
    </SeatBox>
  );
});

/**
 * Under the player's hand: that their own bank ran out, that the others are voting to give their seat to a bot
 * (and how to keep it), and, while another seat has votes against it, when such votes reset.
 */
function KickNotes({ view }: { view: BoardView<TableSeat> }) {
  const { t } = useTranslation();
  const me = view.seats[view.you]!;
  const voting = view.seats.some((s) => s.seat !== view.you && s.kickable && (s.kickVotes ?? 0) > 0);
  if (!me.kickable && !voting) return null;
  return (
    <>
      {me.kickable && (me.kickVotes ?? 0) > 0 ? (
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
      {voting && (
        <p className="out-of-time-note kick-reset" role="status">
          {t('live.table.kickReset')}
        </p>
      )}
    </>
  );
}

/** The chat panel: the lines of the seats not muted, a mute button per other person, and a line to send. */
function ChatPanel({
  chat,
  view,
  nameOf,
  onClose,
}: {
  chat: TableChat;
  view: BoardView<TableSeat>;
  nameOf: (seat: number) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [muted, setMuted] = useState<number[]>([]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const s = text.trim();
    if (!s) return;
    chat.onSend(s.slice(0, 200));
    setText('');
  };
  const toggle = (seat: number) => {
    const on = !muted.includes(seat);
    chat.onMute(seat, on);
    setMuted(on ? [...muted, seat] : muted.filter((x) => x !== seat));
  };
  return (
    <div className="popover live-chat" role="region" aria-label={t('live.table.chat')}>
      <PanelHead title={t('live.table.chat')} onClose={onClose} />
      <ul className="chat-lines">
        {chat.lines
          .filter((l) => !muted.includes(l.seat))
          .map((l) => (
            <li key={`${l.at}-${l.seat}-${l.text}`}>
              <strong>{l.name}:</strong> {l.text}
            </li>
          ))}
      </ul>
      <div className="chat-mutes">
        {view.seats
          .filter((s) => s.seat !== view.you && !s.bot)
          .map((s) => (
            <button key={s.seat} type="button" className="secondary small" onClick={() => toggle(s.seat)}>
              {muted.includes(s.seat) ? t('live.table.unmute') : t('live.table.mute')}: {nameOf(s.seat)}
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
