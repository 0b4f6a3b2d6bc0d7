import { useMemo, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { cardLabel } from '../game/cards';
import { HUMAN } from '../game/session';
import { timing } from '../game/settings';
import { seatPositions, tableView } from '../game/view';
import { faceClass, tableBackground } from '../shop/art';
import { savedLook } from '../shop/look';
import { useApp } from './context';
import { BulbIcon, MenuIcon, TrickIcon } from './icons';
import { seatName } from './names';
import { Seat } from './Seat';
import {
  LastTrickPanel,
  PanelToggle,
  PlayerArea,
  ScorePanel,
  TableBoard,
  TableTopbar,
  refusalText,
} from './TableParts';
import { MoonDialog, ResultPanel } from './ResultPanel';

/** The table during a game: opponents, the trick, the player's hand, prompts and results. */
export function GameTable() {
  const { controller, settings, navigate, store } = useApp();
  const { t } = useTranslation();
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const view = useMemo(() => tableView(snapshot), [snapshot]);
  const [scoresOpen, setScoresOpen] = useState(false);
  const look = useMemo(() => savedLook(store), [store]); // the table and cards chosen in the shop
  const lang = settings.lang;
  const tm = timing(settings.speed, settings.reduceMotion);

  if (!view) return null;
  const positions = seatPositions(view.players);
  const session = snapshot.session!;
  const style = {
    '--move-ms': `${tm.move}ms`,
    ...(look && { '--table-look': tableBackground(look.table) }),
  } as CSSProperties;
  const passing = view.phase === 'pass';
  const showPassArrow = passing && view.trick.length === 0;
  const lastPlay = view.trick[view.trick.length - 1];

  const nameOf = (seat: number) => seatName(t, seat);
  const score = { rows: view.rows, totals: view.totals, bots: view.seats.map((x) => x.bot !== null) };

  return (
    <div
      className={`table-screen players-${view.players}${settings.reduceMotion ? ' reduce-motion' : ''} ${faceClass(look?.face)}${look ? ' table-look' : ''}`}
      style={style}
      data-phase={view.phase}
      data-hand={view.handNumber}
    >
      <TableTopbar
        exit={
          <button type="button" className="icon-btn" onClick={() => navigate('/')} aria-label={t('nav.menu')}>
            <MenuIcon />
          </button>
        }
        handNumber={view.handNumber}
        direction={view.direction}
        showDirection={view.phase !== 'gameOver'}
        scoresOpen={scoresOpen}
        onScores={() => {
          controller.ui.closeLastTrick();
          setScoresOpen(!scoresOpen);
        }}
      >
        {settings.hints && (
          <button
            type="button"
            className="icon-btn"
            onClick={() => controller.requestHint()}
            disabled={!view.hintable || snapshot.hintBusy}
            aria-label={t('action.hintTitle')}
            title={t('action.hintTitle')}
          >
            <BulbIcon />
            <span className="btn-text">{t('action.hint')}</span>
          </button>
        )}
        <PanelToggle
          open={snapshot.lastTrickOpen}
          onToggle={() => {
            setScoresOpen(false);
            controller.ui.toggleLastTrick();
          }}
          label={t('action.lastTrick')}
        >
          <TrickIcon />
        </PanelToggle>
      </TableTopbar>

      <TableBoard
        seats={view.seats
          .filter((s) => s.seat !== HUMAN)
          .map((s) => (
            <Seat key={s.seat} seat={s} back={settings.cardBack} />
          ))}
        passArrow={showPassArrow}
        direction={view.direction}
        trick={{
          cards: view.trick,
          positions,
          winner: view.trickWinner,
          collecting: view.collecting,
        }}
      >
        {view.trickWinner !== null && !view.collecting && (
          <div className="trick-winner" role="status">
            {view.trickWinner === HUMAN
              ? t('prompt.trickToYou')
              : t('prompt.trickTo', { name: seatName(t, view.trickWinner) })}
          </div>
        )}
      </TableBoard>

      <ScorePanel open={scoresOpen} onClose={() => setScoresOpen(false)} score={score} />

      {snapshot.lastTrickOpen && (
        <LastTrickPanel
          trick={view.lastTrick}
          winner={view.lastTrickWinner}
          positions={positions}
          nameOf={nameOf}
          you={HUMAN}
          onClose={controller.ui.closeLastTrick}
        />
      )}

      <PlayerArea
        name={t('seat.you')}
        me={view.seats[HUMAN]!}
        prompt={view.prompt}
        nameOf={nameOf}
        you={HUMAN}
        refusal={snapshot.refusal && refusalText(t, snapshot.refusal.code)}
        note={
          snapshot.hint && snapshot.hint.length > 0 ? (
            <div className="note hint-text" role="status">
              {snapshot.hint.length > 1
                ? t('action.hintPass', { cards: snapshot.hint.map((c) => cardLabel(c, lang)).join(', ') })
                : t('action.hintPlay', { card: cardLabel(snapshot.hint[0]!, lang) })}
            </div>
          ) : snapshot.received.length > 0 && view.phase === 'play' ? (
            <div className="note received-text">
              {t('prompt.received', { cards: snapshot.received.map((c) => cardLabel(c, lang)).join(', ') })}
            </div>
          ) : null
        }
        hand={view.hand}
        onTap={(c) => controller.tapCard(c)}
        passing={passing}
        canPass={view.canPass}
        direction={view.direction}
        onPass={() => controller.confirmPass()}
      />

      <div className="sr-only" aria-live="polite">
        {lastPlay ? `${seatName(t, lastPlay.seat)}: ${cardLabel(lastPlay.card, lang)}` : ''}
      </div>
      {view.showResult && (
        <ResultPanel
          score={score}
          winners={view.winners}
          over={view.phase === 'gameOver'}
          you={HUMAN}
          nameOf={nameOf}
        >
          <ResultActions over={view.phase === 'gameOver'} />
        </ResultPanel>
      )}
      {view.prompt.kind === 'moonChoice' && (
        <MoonDialog
          value={session.state.cfg.moonValue}
          onChoose={(choice) => controller.chooseMoon(choice)}
        />
      )}
    </div>
  );
}

/** What the player can do after a hand (deal the next) or the game (play again, go home). */
function ResultActions({ over }: { over: boolean }) {
  const { controller, navigate } = useApp();
  const { t } = useTranslation();
  return (
    <div className="result-actions">
      {over ? (
        <>
          <button type="button" className="primary" onClick={() => navigate('/new')} autoFocus>
            {t('action.playAgain')}
          </button>
          <button type="button" onClick={() => navigate('/')}>
            {t('nav.home')}
          </button>
        </>
      ) : (
        <button type="button" className="primary" onClick={() => controller.nextHand()} autoFocus>
          {t('action.nextHand')}
        </button>
      )}
    </div>
  );
}
