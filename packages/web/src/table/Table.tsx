/**
 * The one table screen, solo and live: the top bar, the other seats around the trick, the player's area, the
 * score, last-trick and chat panels, the result and the moon's choice, all drawn from one view (`tableView` of
 * src/table/view.ts, the same function for both). What differs between the tables comes in as props: the solo page
 * (GameTable) passes the hint and the cards received; the live page (LiveTable) passes the seats' looks, clocks
 * and kick votes (drawn into each seat and below the prompt), its chat, the fair-shuffle shield and the
 * connection's state, as nodes it draws itself, so that they stay in the live code loaded on demand. Each passes its moves, its way out
 * and its result actions.
 *
 * ```tsx
 * <Table view={tableView(live, uiState, { hint })} nameOf={(s) => seatName(t, s)} look={null} exit={{ kind: 'menu', onExit }} … />
 * ```
 */
import type { CardName } from '@hearts/engine';
import type { SeatLook } from '@hearts/protocol/cosmetics';
import { lazy, Suspense, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardLabel } from '../kit/cards';
import { timing } from '../kit/settings';
import type { TableView } from './view';
import { faceClass, tableBackground } from './art';
import { CardBackSvg } from '../kit/CardSvg';
import { useApp } from '../kit/context';
import { BulbIcon, ChatIcon, CloseIcon, MenuIcon, RulesIcon, TrickIcon } from '../kit/icons';
import { MoonDialog, ResultPanel } from './ResultPanel';
import { SeatBox, type SeatBoxProps } from './Seat';
import { ClaimOffer, UndoButton } from './SoloActions';
import {
  LastTrickPanel,
  PanelToggle,
  PlayerArea,
  ScorePanel,
  TableBoard,
  TableTopbar,
  refusalText,
} from './TableParts';

/** The rules in force at a table, opened over it (loaded on demand). */
const TableRulesPanel = lazy(() => import('./rules/TableRules'));

/** What a host draws into another seat itself (`SeatBox`'s props): an avatar, a card back, a badge, a clock … */
export type SeatParts = Partial<
  Pick<SeatBoxProps, 'avatar' | 'back' | 'badge' | 'note' | 'away' | 'children'>
>;

/** A chat beside the table: the button's count, and the panel (given the way to close it). */
export interface TableChat {
  readonly count: number;
  readonly panel: (onClose: () => void) => ReactNode;
}

export interface TableProps {
  readonly view: TableView;
  readonly nameOf: (seat: number) => string;
  readonly names?: readonly string[]; // score heads and spoken seat names; "You", "Bot 1"… by default
  readonly look: SeatLook | null; // the player's table and card faces from the shop
  readonly className?: string; // more classes on the screen
  /** `leaving`: the seat is being given up (the server counts the leave): the button waits, a banner says so. */
  readonly exit: { readonly kind: 'menu' | 'leave'; readonly onExit: () => void; readonly leaving?: boolean };
  /** The last trick's panel: open or not, and the UI controller's way to toggle and close it. */
  readonly lastTrickOpen: boolean;
  readonly ui: { readonly toggleLastTrick: () => void; readonly closeLastTrick: () => void };
  readonly onTap: (card: CardName) => void;
  readonly onPass: () => void;
  readonly onMoon: (choice: 'minus' | 'plus') => void;
  readonly resultActions: ReactNode; // below a hand's or game's result
  // The solo table's.
  readonly onHint?: () => void; // shows the hint button
  readonly hintBusy?: boolean; // the expert is thinking about the hint
  readonly hintCards?: readonly CardName[] | null; // the hint, said below the prompt
  readonly received?: readonly CardName[]; // cards just received in the pass, said below the prompt while playing
  readonly onUndo?: () => void; // shows the undo button (enabled while `view.undoable`)
  readonly onClaim?: () => void; // offers the claim of the rest while `view.claim` says it is certain
  // The live table's.
  readonly rated?: boolean; // shows whether the game is rated
  readonly places?: readonly number[] | null; // the server's places at game over (a rated game's leaver is last)
  readonly seatParts?: (seat: number) => SeatParts; // drawn into another seat: its look, clock, kick vote …
  readonly playerExtra?: ReactNode; // beside the player's own name (a clock)
  readonly notes?: ReactNode; // below the prompt, after the hint (kick notes)
  readonly chat?: TableChat; // shows the chat button and panel
  readonly shield?: ReactNode; // the fair shuffle's shield, below the top bar
  readonly reconnecting?: boolean; // shows the reconnecting banner
  readonly watching?: ReactNode; // a watcher's table: this banner beside the notes; tricks go to seats by name
}

/** A table screen; see the module's comment. */
export function Table(p: TableProps) {
  const { view, nameOf, names, look, ui } = p;
  const { t } = useTranslation();
  const { settings } = useApp();
  const [panel, setPanel] = useState<'none' | 'score' | 'chat' | 'rules'>('none');
  const tm = timing(settings.speed, settings.reduceMotion);
  const lang = settings.lang;
  const passing = view.phase === 'pass';
  const me = view.seats[view.you]!;
  // Whom the texts call "you": nobody at a watcher's table (its bottom seat is someone else's).
  const you = p.watching ? -1 : view.you;
  const lastPlay = view.trick[view.trick.length - 1];
  const score = { rows: view.rows, totals: view.totals, names, bots: view.seats.map((s) => s.bot !== null) };
  // At a live table the server's places decide who won (a seat a bot took over never wins); the seats with the
  // fewest points that it passed over are said, with why.
  const serverPlaces = p.places ?? null;
  const winners = serverPlaces
    ? view.seats.flatMap((_, s) => (serverPlaces[s] === 1 ? [s] : []))
    : view.winners;
  const passedOver = serverPlaces
    ? view.winners.flatMap((s) =>
        serverPlaces[s] === 1 || !view.seats[s]?.replaced
          ? []
          : [{ seat: s, kicked: view.seats[s].kicked === true }],
      )
    : [];
  const style = {
    '--move-ms': `${tm.move}ms`,
    ...(look && { '--table-look': tableBackground(look.table) }),
  } as CSSProperties;
  const refusal = view.refusal;
  const hinted = p.hintCards && p.hintCards.length > 0 ? p.hintCards : null;
  const received = p.received ?? [];
  // The last trick never lies under a hand's or the game's result: the result closes it.
  const lastTrickOpen = p.lastTrickOpen && !view.showResult;
  const closeLastTrick = ui.closeLastTrick;
  useEffect(() => {
    if (view.showResult) closeLastTrick();
  }, [view.showResult, closeLastTrick]);

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
              disabled={p.exit.leaving}
              aria-label={t('live.table.leave')}
            >
              <CloseIcon />
              <span className="btn-text">{t('live.table.leave')}</span>
            </button>
          )
        }
        handNumber={view.bar.hand}
        direction={view.bar.direction}
        showDirection={view.phase !== 'gameOver'}
        chips={
          p.rated !== undefined && (
            <span className="dir-chip rated-chip">
              {p.rated ? t('live.table.rated') : t('live.table.unrated')}
            </span>
          )
        }
        scoresOpen={panel === 'score'}
        onScores={() => {
          ui.closeLastTrick();
          setPanel(panel === 'score' ? 'none' : 'score');
        }}
      >
        {p.onUndo && <UndoButton enabled={view.undoable} onUndo={p.onUndo} />}
        {p.onHint && (
          <button
            type="button"
            className="icon-btn"
            onClick={p.onHint}
            disabled={!view.hintable || p.hintBusy}
            aria-label={`${t('action.hint')}: ${t('action.hintTitle')}`} // the visible word first (voice control)
            title={t('action.hintTitle')}
          >
            <BulbIcon />
            <span className="btn-text">{t('action.hint')}</span>
          </button>
        )}
        <PanelToggle
          open={panel === 'rules'}
          onToggle={() => {
            ui.closeLastTrick();
            setPanel(panel === 'rules' ? 'none' : 'rules');
          }}
          label={t('rulesPage.tableTitle')}
          className="rules-btn"
        >
          <RulesIcon />
        </PanelToggle>
        <PanelToggle
          open={lastTrickOpen}
          disabled={view.showResult}
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
            {p.chat.count > 0 && <span className="chat-count">{p.chat.count}</span>}
          </PanelToggle>
        )}
      </TableTopbar>

      {p.shield}

      <TableBoard
        seats={view.seats
          .filter((s) => s.seat !== view.you)
          .map((s) => (
            <SeatBox
              key={s.seat}
              seat={s.seat}
              position={s.position}
              name={nameOf(s.seat)}
              bot={s.bot}
              rating={s.rating}
              provisional={s.provisional}
              total={s.total}
              handPoints={s.handPoints}
              cards={s.cards}
              back={<CardBackSvg back={settings.cardBack} />}
              turn={s.turn}
              thinking={s.thinking}
              passing={s.passing}
              passed={s.passed}
              dealer={s.dealer}
              {...p.seatParts?.(s.seat)}
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
        overlay={
          <>
            {lastTrickOpen && (
              <LastTrickPanel
                trick={view.lastTrick}
                winner={view.lastTrickWinner}
                positions={view.positions}
                nameOf={nameOf}
                names={names}
                you={you}
                onClose={ui.closeLastTrick}
              />
            )}
            {view.showResult && (
              <ResultPanel
                score={score}
                winners={winners}
                over={view.phase === 'gameOver'}
                you={you}
                nameOf={nameOf}
                summary={view.summary}
                places={p.places ?? view.places}
                passedOver={passedOver}
              >
                {p.resultActions}
              </ResultPanel>
            )}
          </>
        }
      >
        {view.trickWinner !== null && !view.collecting && (
          <div className="trick-winner" role="status">
            {view.trickWinner === you
              ? t('prompt.trickToYou')
              : t('prompt.trickTo', { name: nameOf(view.trickWinner) })}
          </div>
        )}
      </TableBoard>

      <ScorePanel open={panel === 'score'} onClose={() => setPanel('none')} score={score} />

      {panel === 'chat' && p.chat?.panel(() => setPanel('none'))}

      {panel === 'rules' && (
        <Suspense fallback={null}>
          <TableRulesPanel rules={view.rules} onClose={() => setPanel('none')} />
        </Suspense>
      )}

      <PlayerArea
        name={nameOf(view.you)}
        me={me}
        clock={p.playerExtra}
        prompt={view.prompt}
        nameOf={nameOf}
        you={you}
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
            {p.onClaim && view.claim && (
              <ClaimOffer
                key={`${view.handNumber}-${view.claim.tricks}`}
                claim={view.claim}
                onClaim={p.onClaim}
              />
            )}
            {p.watching || p.exit.leaving || p.reconnecting ? (
              // Down here, by the player's own controls, a banner covers no seat (at the top it hid the seat across).
              <div className="status-line">
                {p.watching && (
                  <div className="watch-banner" role="status">
                    {p.watching}
                  </div>
                )}
                {(p.exit.leaving || p.reconnecting) && (
                  <div className="live-banner" role="status">
                    {t(p.exit.leaving ? 'live.table.leaving' : 'live.table.reconnecting')}
                  </div>
                )}
                {p.notes}
              </div>
            ) : (
              p.notes
            )}
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
      {view.prompt.kind === 'moonChoice' && <MoonDialog value={view.moonValue} onChoose={p.onMoon} />}
    </div>
  );
}
