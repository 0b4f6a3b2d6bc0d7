import { useEffect, useMemo, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { cardLabel, type Lang } from '../game/cards';
import { HUMAN } from '../game/session';
import { timing } from '../game/settings';
import { seatPositions, tableView, type PassDirection, type Prompt, type TableView } from '../game/view';
import { useApp } from './context';
import { Hand } from './Hand';
import { BulbIcon, CloseIcon, DirectionArrow, MenuIcon, TableIcon, TrickIcon } from './icons';
import { seatName } from './names';
import { ScoreTable } from './ScoreTable';
import { Seat } from './Seat';
import { Trick } from './Trick';

export const directionText = (t: TFunction, d: PassDirection): string =>
  d.kind === 'seats' ? t('direction.seats', { seats: d.seats }) : t(`direction.${d.kind}`);

function promptText(t: TFunction, p: Prompt): string {
  switch (p.kind) {
    case 'pass':
      return t('prompt.pass', { count: p.count, direction: directionText(t, p.direction) });
    case 'waitPasses':
      return t('prompt.waitPasses');
    case 'yourTurn':
      return p.lead ? t('prompt.yourLead') : t('prompt.yourTurn');
    case 'waitFor':
      return t('prompt.waitFor', { name: seatName(t, p.seat) });
    case 'trickTo':
      return p.seat === HUMAN ? t('prompt.trickToYou') : t('prompt.trickTo', { name: seatName(t, p.seat) });
    case 'moonChoice':
      return t('moon.title');
    case 'moonWait':
      return t('prompt.moonWait', { name: seatName(t, p.seat) });
    case 'handOver':
      return '';
    case 'gameOver':
      return t('prompt.gameOver');
  }
}

/** The table during a game: opponents, the trick, the player's hand, prompts and results. */
export function GameTable() {
  const { controller, settings, navigate, coarsePointer } = useApp();
  const { t } = useTranslation();
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const view = useMemo(() => tableView(snapshot), [snapshot]);
  const [panel, setPanel] = useState<'none' | 'last' | 'score'>('none');
  const lang = settings.lang;
  const tm = timing(settings.speed, settings.reduceMotion);

  useEffect(() => {
    if (!snapshot.refusal) return;
    const id = setTimeout(() => controller.dismissRefusal(), 2600);
    return () => clearTimeout(id);
  }, [snapshot.refusal, controller]);

  if (!view) return null;
  const positions = seatPositions(view.players);
  const session = snapshot.session!;
  const style = {
    '--move-ms': `${tm.move}ms`,
  } as CSSProperties;
  const passing = view.phase === 'pass';
  const showPassArrow = passing && view.trick.length === 0;
  const lastPlay = view.trick[view.trick.length - 1];

  return (
    <div
      className={`table-screen players-${view.players}${settings.reduceMotion ? ' reduce-motion' : ''}`}
      style={style}
      data-phase={view.phase}
      data-hand={view.handNumber}
    >
      <header className="topbar">
        <button type="button" className="icon-btn" onClick={() => navigate('/')} aria-label={t('nav.menu')}>
          <MenuIcon />
        </button>
        <div className="topbar-title">
          <span>{t('score.handResult', { n: view.handNumber + 1 })}</span>
          {view.phase !== 'gameOver' && (
            <span className="dir-chip" title={directionText(t, view.direction)}>
              <DirectionArrow kind={view.direction.kind} size={16} />
              <span>{directionText(t, view.direction)}</span>
            </span>
          )}
        </div>
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
        <button
          type="button"
          className="icon-btn"
          onClick={() => setPanel(panel === 'last' ? 'none' : 'last')}
          aria-pressed={panel === 'last'}
          aria-label={t('action.lastTrick')}
          title={t('action.lastTrick')}
        >
          <TrickIcon />
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

      <main className="board">
        {view.seats
          .filter((s) => s.seat !== HUMAN)
          .map((s) => (
            <Seat key={s.seat} seat={s} back={settings.cardBack} />
          ))}
        <div className="center">
          {showPassArrow ? (
            <div className="pass-banner" aria-hidden="true">
              <DirectionArrow kind={view.direction.kind} size={44} />
              <span>{directionText(t, view.direction)}</span>
            </div>
          ) : (
            <Trick
              cards={view.trick}
              positions={positions}
              winner={view.trickWinner}
              collecting={view.collecting}
              lang={lang}
              fourColor={settings.fourColor}
            />
          )}
          {view.trickWinner !== null && !view.collecting && (
            <div className="trick-winner" role="status">
              {view.trickWinner === HUMAN
                ? t('prompt.trickToYou')
                : t('prompt.trickTo', { name: seatName(t, view.trickWinner) })}
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
        <ScoreTable rows={view.rows} totals={view.totals} bots={view.seats.map((x) => x.bot !== null)} />
      </aside>

      {panel === 'last' && (
        <LastTrick view={view} lang={lang} fourColor={settings.fourColor} onClose={() => setPanel('none')} />
      )}

      <footer className="player-area">
        <PlayerBar view={view} />
        <div className="prompt-line" role="status" aria-live="polite">
          {snapshot.refusal ? (
            <span className="refusal">
              {t(`refusal.${snapshot.refusal.code}`, { defaultValue: t('refusal.other') })}
            </span>
          ) : (
            <span>{promptText(t, view.prompt)}</span>
          )}
          {view.prompt.kind === 'pass' && (
            <span className="pass-count">
              {' '}
              · {t('prompt.passChosen', { chosen: view.prompt.chosen, count: view.prompt.count })}
            </span>
          )}
        </div>
        {snapshot.hint && snapshot.hint.length > 0 ? (
          <div className="note hint-text" role="status">
            {snapshot.hint.length > 1
              ? t('action.hintPass', { cards: snapshot.hint.map((c) => cardLabel(c, lang)).join(', ') })
              : t('action.hintPlay', { card: cardLabel(snapshot.hint[0]!, lang) })}
          </div>
        ) : snapshot.received.length > 0 && view.phase === 'play' ? (
          <div className="note received-text">
            {t('prompt.received', { cards: snapshot.received.map((c) => cardLabel(c, lang)).join(', ') })}
          </div>
        ) : null}
        {view.hand.length > 0 && (
          <Hand
            cards={view.hand}
            passing={passing}
            lang={lang}
            fourColor={settings.fourColor}
            coarsePointer={coarsePointer}
            onTap={(c) => controller.tapCard(c)}
          />
        )}
        {passing && view.prompt.kind === 'pass' && (
          <button
            type="button"
            className="primary pass-btn"
            disabled={!view.canPass}
            onClick={() => controller.confirmPass()}
          >
            <DirectionArrow kind={view.direction.kind} size={20} />
            {t('action.pass')}
          </button>
        )}
      </footer>

      <div className="sr-only" aria-live="polite">
        {lastPlay ? `${seatName(t, lastPlay.seat)}: ${cardLabel(lastPlay.card, lang)}` : ''}
      </div>
      {view.showResult && <ResultPanel view={view} />}
      {view.prompt.kind === 'moonChoice' && <MoonDialog value={session.state.cfg.moonValue} />}
    </div>
  );
}

function PlayerBar({ view }: { view: TableView }) {
  const { t } = useTranslation();
  const me = view.seats[HUMAN]!;
  return (
    <div className={`player-bar${me.turn ? ' turn' : ''}`}>
      <span className="seat-name">{t('seat.you')}</span>
      {me.dealer && <span className="dealer-chip">{t('seat.dealer')}</span>}
      <span className="seat-score">
        <strong>{me.total}</strong>
        {me.handPoints > 0 && <span className="hand-points">+{me.handPoints}</span>}
      </span>
    </div>
  );
}

function LastTrick({
  view,
  lang,
  fourColor,
  onClose,
}: {
  view: TableView;
  lang: Lang;
  fourColor: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="popover last-trick" role="region" aria-label={t('trick.last')}>
      <div className="panel-head">
        <h2>{t('trick.last')}</h2>
        <button type="button" className="icon-btn" onClick={onClose} aria-label={t('nav.close')}>
          <CloseIcon />
        </button>
      </div>
      {view.lastTrick ? (
        <>
          <Trick
            cards={view.lastTrick}
            positions={seatPositions(view.players)}
            winner={view.lastTrickWinner}
            collecting={false}
            lang={lang}
            fourColor={fourColor}
            className="static"
            label={t('trick.last')}
          />
          <p>
            {view.lastTrickWinner === HUMAN
              ? t('trick.wonByYou')
              : t('trick.wonBy', { name: seatName(t, view.lastTrickWinner ?? 0) })}
          </p>
        </>
      ) : (
        <p>{t('trick.none')}</p>
      )}
    </div>
  );
}

function ResultPanel({ view }: { view: TableView }) {
  const { controller, navigate } = useApp();
  const { t } = useTranslation();
  const last = view.rows[view.rows.length - 1]!;
  const over = view.phase === 'gameOver';
  const won = view.winners.includes(HUMAN);
  let headline: string;
  if (over) {
    const names = view.winners.map((s) => seatName(t, s));
    headline =
      won && view.winners.length === 1
        ? t('over.youWin')
        : won
          ? t('over.youShare')
          : view.winners.length === 1
            ? t('over.wins', { name: names[0] })
            : t('over.shared', { names: names.join(', ') });
  } else headline = t('prompt.handOver', { n: last.hand + 1 });
  return (
    <section className={`result-panel${over ? ' game-over' : ''}`} aria-labelledby="result-title">
      <h2 id="result-title">{headline}</h2>
      {last.shooter !== null && (
        <p className="moon-announce">
          ☾ {last.shooter === HUMAN ? t('moon.shotYou') : t('moon.shot', { name: seatName(t, last.shooter) })}
        </p>
      )}
      <ScoreTable
        rows={view.rows}
        totals={view.totals}
        highlight={over ? view.winners : undefined}
        bots={view.seats.map((x) => x.bot !== null)}
      />
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
    </section>
  );
}

function MoonDialog({ value }: { value: number }) {
  const { controller } = useApp();
  const { t } = useTranslation();
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="moon-title">
        <h2 id="moon-title">☾ {t('moon.title')}</h2>
        <p>{t('moon.question')}</p>
        <div className="result-actions">
          <button type="button" className="primary" onClick={() => controller.chooseMoon('minus')} autoFocus>
            {t('moon.minus', { value })}
          </button>
          <button type="button" className="primary" onClick={() => controller.chooseMoon('plus')}>
            {t('moon.plus', { value })}
          </button>
        </div>
      </div>
    </div>
  );
}
