/**
 * The parts of the table screen (Table.tsx, which the solo and the live table both are). Each part draws only what
 * its props say.
 *
 * ```tsx
 * <PlayerArea name={t('seat.you')} me={view.seats[0]!} prompt={view.prompt} nameOf={(s) => seatName(t, s)} … />
 * ```
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type {
  BoardSeat,
  HandCardView,
  HandRow,
  PassDirection,
  Position,
  Prompt,
  TrickCardView,
} from './view';
import { useApp } from '../kit/context';
import { Hand } from './Hand';
import { fitSeats } from './fit-seats';
import { fitTrick } from './fit-trick';
import { CloseIcon, DirectionArrow, TableIcon } from '../kit/icons';
import { ScoreTable } from './ScoreTable';
import { Trick, type TrickProps } from './Trick';

export const directionText = (t: TFunction, d: PassDirection): string =>
  d.kind === 'seats' ? t('direction.seats', { seats: d.seats }) : t(`direction.${d.kind}`);

/**
 * Why a move was refused, in words: the text of the engine's `ERR_…` code; for a code without one, `otherwise`
 * (the host's words) or a general "cannot be played now".
 */
export const refusalText = (t: TFunction, code: string, otherwise?: string): string =>
  t(`refusal.${code}`, { defaultValue: otherwise ?? t('refusal.other') });

/** What the prompt line says; `nameOf` names a seat, `you` is the player's own. */
export function promptText(t: TFunction, p: Prompt, nameOf: (seat: number) => string, you: number): string {
  switch (p.kind) {
    case 'pass':
      return t('prompt.pass', { count: p.count, direction: directionText(t, p.direction) });
    case 'waitPasses':
      return t('prompt.waitPasses');
    case 'yourTurn':
      return p.lead ? t('prompt.yourLead') : t('prompt.yourTurn');
    case 'waitFor':
      return t('prompt.waitFor', { name: nameOf(p.seat) });
    case 'trickTo':
      return p.seat === you ? t('prompt.trickToYou') : t('prompt.trickTo', { name: nameOf(p.seat) });
    case 'moonChoice':
      return t('moon.title');
    case 'moonWait':
      return t('prompt.moonWait', { name: nameOf(p.seat) });
    case 'handOver':
      return '';
    case 'gameOver':
      return t('prompt.gameOver');
  }
}

/** A button in the top bar that opens and closes a panel. */
export function PanelToggle({
  open,
  onToggle,
  label,
  className,
  disabled,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  label: string;
  className?: string;
  disabled?: boolean;
  children: ReactNode; // the icon, and any text or count beside it
}) {
  return (
    <button
      type="button"
      className={`icon-btn${className ? ` ${className}` : ''}`}
      onClick={onToggle}
      disabled={disabled}
      aria-pressed={open}
      aria-label={label}
      title={label}
    >
      {children}
    </button>
  );
}

/** The top bar: a way out, the hand's number and pass direction, the table's own buttons, and the scores. */
export function TableTopbar({
  exit,
  handNumber,
  direction,
  showDirection,
  chips,
  scoresOpen,
  onScores,
  children,
}: {
  exit: ReactNode; // the button at the start (menu, leave)
  handNumber: number; // counting from 0
  direction: PassDirection;
  showDirection: boolean;
  chips?: ReactNode; // shown between the hand's number and the direction
  scoresOpen: boolean;
  onScores: () => void;
  children?: ReactNode; // buttons before the scores button
}) {
  const { t } = useTranslation();
  return (
    <header className={chips ? 'topbar has-chips' : 'topbar'}>
      {exit}
      <div className="topbar-title">
        <h1>{t('score.handResult', { n: handNumber + 1 })}</h1>
        {chips}
        {showDirection && (
          <span className="dir-chip" title={directionText(t, direction)}>
            <DirectionArrow kind={direction.kind} size={16} />
            <span className="dir-text">{directionText(t, direction)}</span>
          </span>
        )}
      </div>
      {children}
      <PanelToggle open={scoresOpen} onToggle={onScores} label={t('action.scores')} className="score-btn">
        <TableIcon />
      </PanelToggle>
    </header>
  );
}

/** A panel's heading with its close button. */
export function PanelHead({
  title,
  onClose,
  closeClass,
}: {
  title: string;
  onClose: () => void;
  closeClass?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="panel-head">
      <h2>{title}</h2>
      <button
        type="button"
        className={`icon-btn${closeClass ? ` ${closeClass}` : ''}`}
        onClick={onClose}
        aria-label={t('nav.close')}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

export interface ScoreColumns {
  readonly rows: readonly HandRow[];
  readonly totals: readonly number[];
  readonly names?: readonly string[]; // column heads; "You", "Bot 1"… by default
  readonly bots: readonly boolean[];
}

/** The score table beside the board (a drawer on a phone, opened from the top bar). */
export function ScorePanel({
  open,
  onClose,
  score,
}: {
  open: boolean;
  onClose: () => void;
  score: ScoreColumns;
}) {
  const { t } = useTranslation();
  return (
    <aside className={`side-panel${open ? ' open' : ''}`} aria-label={t('score.title')}>
      <PanelHead title={t('score.title')} onClose={onClose} closeClass="only-phone" />
      <ScoreTable rows={score.rows} totals={score.totals} names={score.names} bots={score.bots} />
    </aside>
  );
}

/** The seats (fit-seats.ts), then the trick (fit-trick.ts), measured on the board as it is now. */
function fitBoard(board: HTMLElement, center: HTMLElement): void {
  fitSeats(board);
  fitTrick(board, center);
}

/** The board: the other seats around the middle, where the trick lies or, before it, the pass direction. */
export function TableBoard({
  seats,
  passArrow,
  direction,
  trick,
  overlay,
  children,
}: {
  seats: ReactNode;
  passArrow: boolean; // show the pass direction instead of the trick
  direction: PassDirection;
  trick: Omit<TrickProps, 'lang' | 'fourColor'>;
  children?: ReactNode; // more in the middle, below the trick
  overlay?: ReactNode; // over the middle, between the seats (the last trick, a result)
}) {
  const { t } = useTranslation();
  const { settings } = useApp();
  const board = useRef<HTMLElement>(null);
  const center = useRef<HTMLDivElement>(null);
  // A side seat keeps clear of the corner seat above it, then the trick of a vote to kick above it (fitBoard): after
  // each render, and as the board resizes.
  useLayoutEffect(() => {
    if (board.current && center.current) fitBoard(board.current, center.current);
  });
  useEffect(() => {
    const b = board.current;
    if (!b || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(() => {
      if (center.current) fitBoard(b, center.current);
    });
    watch.observe(b);
    return () => watch.disconnect();
  }, []);
  return (
    <main className="board" ref={board}>
      {seats}
      <div className="center" ref={center}>
        {passArrow ? (
          <div className="pass-banner" aria-hidden="true">
            <DirectionArrow kind={direction.kind} size={44} />
            <span>{directionText(t, direction)}</span>
          </div>
        ) : (
          <Trick {...trick} lang={settings.lang} fourColor={settings.fourColor} />
        )}
        {children}
      </div>
      {overlay}
    </main>
  );
}

/** The player's own seat: what a table shows of it beyond the other seats' fields. */
export type OwnSeat = Pick<BoardSeat, 'turn' | 'dealer' | 'total' | 'handPoints'>;

/**
 * The player's part of the table: their name and score, the prompt (or a refused move), the hand, and the pass
 * button while passing.
 */
export function PlayerArea({
  name,
  me,
  clock,
  prompt,
  nameOf,
  you,
  refusal,
  note,
  hand,
  onTap,
  passing,
  canPass,
  direction,
  onPass,
}: {
  name: string;
  me: OwnSeat;
  clock?: ReactNode; // beside the name
  prompt: Prompt;
  nameOf: (seat: number) => string;
  you: number;
  refusal: string | null; // shown instead of the prompt
  note?: ReactNode; // below the prompt
  hand: readonly HandCardView[];
  onTap: (card: HandCardView['card']) => void;
  passing: boolean;
  canPass: boolean;
  direction: PassDirection;
  onPass: () => void;
}) {
  const { t } = useTranslation();
  const { settings, coarsePointer } = useApp();
  // A touch screen's first tap only raises a card: the prompt says that a second one plays it.
  const [raised, setRaised] = useState<HandCardView['card'] | null>(null);
  const tapAgain = raised !== null && prompt.kind === 'yourTurn';
  return (
    <footer className="player-area">
      <div className={`player-bar${me.turn ? ' turn' : ''}`}>
        <span className="seat-name">{name}</span>
        {me.dealer && <span className="dealer-chip">{t('seat.dealer')}</span>}
        {clock}
        <span className="seat-score">
          <strong>{me.total}</strong>
          {me.handPoints > 0 && <span className="hand-points">+{me.handPoints}</span>}
        </span>
      </div>
      <div className="prompt-line" role="status" aria-live="polite">
        {refusal ? (
          <span className="refusal">{refusal}</span>
        ) : tapAgain ? (
          <span className="tap-again">{t('prompt.tapAgain')}</span>
        ) : (
          <span>{promptText(t, prompt, nameOf, you)}</span>
        )}
        {prompt.kind === 'pass' && (
          <>
            {' '}
            <span className="pass-count">
              <span className="pass-dot">· </span>
              {t('prompt.passChosen', { chosen: prompt.chosen, count: prompt.count })}
            </span>
          </>
        )}
      </div>
      {note}
      {hand.length > 0 && (
        <Hand
          cards={hand}
          passing={passing}
          lang={settings.lang}
          fourColor={settings.fourColor}
          coarsePointer={coarsePointer}
          onTap={onTap}
          onRaise={setRaised}
        />
      )}
      {passing && prompt.kind === 'pass' && (
        <button type="button" className="primary pass-btn" disabled={!canPass} onClick={onPass}>
          <DirectionArrow kind={direction.kind} size={20} />
          {t('action.pass')}
        </button>
      )}
    </footer>
  );
}

/**
 * The last complete trick of the hand, shown on request over the table; Escape or the close button closes it (the
 * UI controller closes it too once a new trick is complete or a new hand begins).
 */
export function LastTrickPanel({
  trick,
  winner,
  positions,
  nameOf,
  names,
  you,
  onClose,
}: {
  trick: readonly TrickCardView[] | null; // null: no trick complete yet in this hand
  winner: number | null;
  positions: readonly Position[]; // by seat
  nameOf: (seat: number) => string;
  names?: readonly string[]; // spoken seat names, by seat
  you: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { settings } = useApp();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="popover last-trick" role="region" aria-label={t('trick.last')}>
      <PanelHead title={t('trick.last')} onClose={onClose} />
      {trick ? (
        <>
          <Trick
            cards={trick}
            positions={positions}
            winner={winner}
            collecting={false}
            lang={settings.lang}
            fourColor={settings.fourColor}
            className="static"
            label={t('trick.last')}
            names={names}
          />
          <p>{winner === you ? t('trick.wonByYou') : t('trick.wonBy', { name: nameOf(winner ?? 0) })}</p>
        </>
      ) : (
        <p>{t('trick.none')}</p>
      )}
    </div>
  );
}
