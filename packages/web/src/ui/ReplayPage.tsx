import { placesOf } from '@hearts/engine';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardLabel } from '../game/cards';
import { HISTORY_MAX, loadHistory } from '../game/records';
import { openReplay, type Replay } from '../game/replay';
import { seatPositions } from '../game/view';
import { CardFace } from './CardSvg';
import { DownloadIcon, StepIcon } from './icons';
import { useApp } from './context';
import { downloadRecord } from './download';
import { directionText } from './TableParts';
import { openedFile } from './HistoryPage';
import { recordPlayerName, seatName } from './names';
import { Page } from './Page';
import { HandFacts, Standings } from './ResultPanel';
import { ScoreTable } from './ScoreTable';
import { Trick } from './Trick';
import { passDirection } from '../game/view';

/** Replays a game from the history (or an opened file) trick by trick, every hand open. */
export function ReplayPage({ id }: { id: string }) {
  const { store, navigate } = useApp();
  const { t } = useTranslation();
  // Why there is nothing to replay: no file opened, no game at all, or not this one (an old or mistyped link).
  const [replay, missing]: [Replay | null, string] = useMemo(() => {
    if (id === 'file') return [openedFile.replay, 'replay.noFile'];
    const history = loadHistory(store);
    const entry = history.find((g) => g.id === id);
    if (!entry) return [null, history.length === 0 ? 'history.empty' : 'replay.notFound'];
    const r = openReplay(entry.record);
    return r.ok ? [r.value, ''] : [null, 'replay.unreadable'];
  }, [id, store]);
  if (!replay) {
    return (
      <Page title={t('replay.title')}>
        <p>{t(missing, { max: HISTORY_MAX })}</p>
        <button type="button" className="secondary" onClick={() => navigate('/history')}>
          {t('history.title')}
        </button>
      </Page>
    );
  }
  return <ReplayBoard replay={replay} own={id !== 'file'} />;
}

function ReplayBoard({ replay, own }: { replay: Replay; own: boolean }) {
  const { settings, navigate } = useApp();
  const { t } = useTranslation();
  const [hand, setHand] = useState(0);
  const [step, setStep] = useState(0);
  const pos = replay.at(hand, step);
  const n = replay.record.players.length;
  const positions = seatPositions(n);
  const lang = settings.lang;
  // The app's own solo records name the seats in English ("You", "Bot 1 (medium)"): shown in the reader's words.
  const names = own
    ? replay.players.map((_, s) => seatName(t, s))
    : replay.players.map((p) => recordPlayerName(t, p));
  const name = (s: number) => names[s] ?? `#${s}`;

  const go = (h: number, s: number) => {
    const hh = Math.max(0, Math.min(replay.hands - 1, h));
    setHand(hh);
    setStep(Math.max(0, Math.min(replay.at(hh, 0).steps, s)));
  };
  const next = () => (step < pos.steps ? go(hand, step + 1) : hand < replay.hands - 1 && go(hand + 1, 0));
  const prev = () => (step > 0 ? go(hand, step - 1) : hand > 0 && go(hand - 1, replay.at(hand - 1, 0).steps));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') next();
      else if (e.key === 'ArrowLeft') prev();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const rows = Array.from({ length: hand + (pos.result ? 1 : 0) }, (_, h) => {
    const r = replay.at(h, replay.at(h, 0).steps).result;
    return r ? { hand: h, points: r.points, shooter: r.shooter } : null;
  }).filter((r): r is NonNullable<typeof r> => r !== null);

  return (
    <div className="replay-screen">
      <header className="topbar">
        <button type="button" className="back-btn" onClick={() => navigate('/history')}>
          ← {t('history.title')}
        </button>
        <h1 className="topbar-title">
          <span className="replay-title">{t('replay.title')}</span>
        </h1>
        <button
          type="button"
          className="icon-btn"
          onClick={() => downloadRecord(replay.record, new Date())}
          aria-label={t('history.download')}
          title={t('history.download')}
        >
          <DownloadIcon />
          <span className="btn-text">{t('history.download')}</span>
        </button>
      </header>
      <div className="replay-status" aria-live="polite">
        <span>{t('replay.hand', { n: hand + 1, of: replay.hands })}</span>
        <span>{step === 0 ? t('replay.start') : t('replay.trick', { n: step, of: pos.steps })}</span>
        <span className="dir-chip">{directionText(t, passDirection(pos.passOffset, n))}</span>
      </div>
      <main className="replay-board">
        {pos.holdings.map((cards, s) => (
          <section key={s} className={`replay-seat seat-${positions[s]}`} aria-label={name(s)}>
            <div className="seat-head">
              <span className="seat-name">{name(s)}</span>
              <span className="hand-points">{pos.taken[s] ? `+${pos.taken[s]}` : ''}</span>
            </div>
            <div
              className="mini-hand"
              aria-label={cards.map((c) => cardLabel(c, lang)).join(', ')}
              role="img"
            >
              {cards.map((c) => (
                <div key={c} className="card mini">
                  <CardFace card={c} lang={lang} fourColor={settings.fourColor} />
                </div>
              ))}
            </div>
            {step === 0 && pos.passes && (
              <div className="muted passed-line">
                {t('replay.passes')}: {pos.passes[s]!.map((c) => cardLabel(c, lang)).join(', ')}
              </div>
            )}
          </section>
        ))}
        <div className="center">
          {pos.trick && (
            <Trick
              cards={pos.trick.cards.map((card, i) => ({ seat: (pos.trick!.leader + i) % n, card }))}
              positions={positions}
              winner={pos.trick.winner ?? null}
              collecting={false}
              lang={lang}
              fourColor={settings.fourColor}
              className="static"
            />
          )}
        </div>
      </main>
      <nav className="replay-controls" aria-label={t('replay.title')}>
        <button
          type="button"
          onClick={() => go(hand - 1, 0)}
          disabled={hand === 0}
          aria-label={t('replay.prevHand')}
        >
          <StepIcon kind="first" />
        </button>
        <button
          type="button"
          onClick={prev}
          disabled={hand === 0 && step === 0}
          aria-label={t('replay.prev')}
        >
          <StepIcon kind="prev" />
        </button>
        <button
          type="button"
          onClick={next}
          disabled={hand === replay.hands - 1 && step === pos.steps}
          aria-label={t('replay.next')}
        >
          <StepIcon kind="next" />
        </button>
        <button
          type="button"
          onClick={() => go(hand + 1, 0)}
          disabled={hand === replay.hands - 1}
          aria-label={t('replay.nextHand')}
        >
          <StepIcon kind="last" />
        </button>
      </nav>
      {rows.length > 0 && (
        <section className="replay-scores" aria-label={t('score.title')}>
          {pos.result && hand === replay.hands - 1 && replay.finished && (
            <Standings places={placesOf(pos.totals)} totals={pos.totals} you={own ? 0 : -1} nameOf={name} />
          )}
          {pos.summary && <HandFacts summary={pos.summary} you={own ? 0 : -1} nameOf={name} />}
          <ScoreTable
            rows={rows}
            totals={pos.totals}
            names={names}
            bots={own ? names.map((_, s) => s !== 0) : undefined}
            highlight={
              pos.result && hand === replay.hands - 1 && replay.finished ? replay.winners : undefined
            }
          />
        </section>
      )}
    </div>
  );
}
