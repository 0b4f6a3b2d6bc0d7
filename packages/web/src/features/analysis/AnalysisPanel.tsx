/**
 * The analysis in the replay: start it (a Web Worker, with a progress bar, cancellable), then the seat's accuracy,
 * its decisions of the hand on view as a move list with their marks, a graph of the expected points through the
 * hand, and the focused decision in words. The board itself (ReplayPage) shows the position and the better card.
 */
import type { AnalysedMove, Mark } from '@hearts/bots';
import type { CardName } from '@hearts/engine';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { cardLabel, cardShort, cardsShort, suitColor, suitOfName, type Lang } from '../../kit/cards';
import type { KeyValueStore } from '../../kit/storage';
import { AnalysisFailed, runAnalysis, type AnalysisRun } from './client';
import { loadAnalysis, recordKey, saveAnalysis, type SavedAnalysis, type SavedDecision } from './saved';
import { keepPositions } from '../training/device';
import './analysis.css';

/** The symbols of the marks (as in chess annotations), always shown with their colour and, for readers, words. */
export const MARK_SYMBOL: Readonly<Record<Mark, string>> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** Test switch: `?analysisDeals=200` analyses with 200 deals per decision instead of the measured budget. */
function dealsFromUrl(): number | null {
  const v = Number(new URLSearchParams(globalThis.location?.search ?? '').get('analysisDeals'));
  return Number.isInteger(v) && v > 0 ? v : null;
}

const PROGRESS_MS = 250;

const newWorker = (): Worker => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });

export type AnalysisState =
  | { readonly status: 'none' }
  | {
      readonly status: 'running';
      readonly done: number;
      readonly total: number;
      readonly settled: readonly SavedDecision[]; // the decisions settled so far, in the order they were
      readonly secondsLeft: number | null; // expected; null before the first decision is settled
    }
  | { readonly status: 'failed'; readonly error: string }
  | { readonly status: 'done'; readonly analysis: SavedAnalysis };

/**
 * One seat's analysis of a record: the kept one if there is one, else started on request (or at once with
 * `auto`). Leaving the page cancels a running analysis. For the player's own game (`game`: its id) the decisions
 * that cost ≥ 2 points are kept on the device as training positions.
 */
export function useAnalysis(
  store: KeyValueStore,
  record: unknown,
  seat: number,
  auto: boolean,
  game: string | null,
  makeWorker: () => Worker = newWorker,
): { state: AnalysisState; start: () => void; cancel: () => void } {
  const key = useRef(recordKey(record)).current;
  const [state, setState] = useState<AnalysisState>(() => {
    const kept = loadAnalysis(store, key, seat);
    return kept ? { status: 'done', analysis: kept } : { status: 'none' };
  });
  const run = useRef<AnalysisRun | null>(null);

  useEffect(() => {
    const kept = loadAnalysis(store, key, seat);
    setState(kept ? { status: 'done', analysis: kept } : { status: 'none' });
  }, [store, key, seat]);

  const start = useCallback(() => {
    run.current?.cancel();
    setState({ status: 'running', done: 0, total: 0, settled: [], secondsLeft: null });
    // The page shows every decision as soon as it is settled (marks first: the likely marks are settled first), but
    // redraws at most every PROGRESS_MS: each update draws the replay again, and the page stays free.
    let shown = -Infinity;
    const settled: SavedDecision[] = [];
    const r = runAnalysis(
      makeWorker,
      { record, seat, deals: dealsFromUrl(), game },
      ({ done, total, decision, secondsLeft }) => {
        settled.push(decision);
        const now = performance.now();
        if (now - shown < PROGRESS_MS && done < total && decision.mark === null) return;
        shown = now;
        setState({ status: 'running', done, total, settled: [...settled], secondsLeft });
      },
    );
    run.current = r;
    r.result.then(
      ({ analysis, positions }) => {
        if (run.current !== r) return;
        run.current = null;
        if (positions.length > 0) keepPositions(store, positions);
        setState({ status: 'done', analysis: saveAnalysis(store, analysis) });
      },
      (e: unknown) => {
        if (run.current !== r) return;
        run.current = null;
        setState(
          e instanceof AnalysisFailed && e.name === 'AbortError'
            ? { status: 'none' }
            : { status: 'failed', error: e instanceof Error ? e.message : String(e) },
        );
      },
    );
  }, [makeWorker, record, seat, store, game]);

  const cancel = useCallback(() => run.current?.cancel(), []);

  const autoStarted = useRef(false);
  useEffect(() => {
    if (auto && !autoStarted.current && state.status === 'none') {
      autoStarted.current = true;
      start();
    }
  }, [auto, start, state.status]);

  useEffect(() => () => run.current?.cancel(), []);
  return { state, start, cancel };
}

/** A move in short words: a card, the cards passed, or the shooter's choice. */
export function moveText(t: TFunction, move: AnalysedMove, lang: Lang): string {
  if (typeof move === 'string' && (move === 'minus' || move === 'plus')) return t(`analysis.moon.${move}`);
  return Array.isArray(move) ? cardsShort(move as CardName[], lang) : cardShort(move as CardName, lang);
}

/** A move spoken: card names in full. */
function moveSpoken(t: TFunction, move: AnalysedMove, lang: Lang): string {
  if (move === 'minus' || move === 'plus') return t(`analysis.moon.${move}`);
  return (Array.isArray(move) ? (move as CardName[]) : [move as CardName])
    .map((c) => cardLabel(c, lang))
    .join(', ');
}

/** Points with one decimal and a real minus sign. */
export const pointsText = (x: number, lang: Lang): string =>
  (x < 0 ? '−' : '') +
  Math.abs(x).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** What a decision was, in one sentence (the move list's spoken label and the focused decision's line). */
export function decisionText(t: TFunction, d: SavedDecision, lang: Lang): string {
  const where =
    d.kind === 'pass'
      ? t('analysis.pass')
      : d.kind === 'moon'
        ? t('analysis.moonChoice')
        : t('analysis.trick', { n: (d.trick ?? 0) + 1 });
  const played = moveSpoken(t, d.played, lang);
  if (d.forced) return t('analysis.forced', { where, played });
  if (d.cost === 0 || JSON.stringify(d.best) === JSON.stringify(d.played))
    return t('analysis.best', { where, played });
  const text = t(d.kind === 'pass' ? 'analysis.worsePass' : 'analysis.worse', {
    where,
    played,
    best: moveSpoken(t, d.best, lang),
    cost: pointsText(d.cost, lang),
  });
  return d.mark ? `${t(`analysis.marks.${d.mark}`)}: ${text}` : text;
}

export interface AnalysisPanelProps {
  readonly state: AnalysisState;
  readonly start: () => void;
  readonly cancel: () => void;
  readonly seatName: string;
  readonly seatPicker?: React.ReactNode; // for a record of someone else's table: which seat to analyse
  readonly hand: number; // the hand on view
  readonly focus: SavedDecision | null;
  readonly onFocus: (d: SavedDecision) => void;
  readonly onMistake: (dir: 1 | -1) => void;
  readonly lang: Lang;
  readonly fourColor: boolean;
}

export function AnalysisPanel({
  state,
  start,
  cancel,
  seatName,
  seatPicker,
  hand,
  focus,
  onFocus,
  onMistake,
  lang,
  fourColor,
}: AnalysisPanelProps) {
  const { t } = useTranslation();
  if (state.status === 'none' || state.status === 'failed')
    return (
      <section className="analysis-panel" aria-label={t('analysis.title')}>
        <div className="analysis-start">
          {seatPicker}
          <button type="button" className="primary" onClick={start}>
            {t('analysis.start')}
          </button>
        </div>
        {state.status === 'failed' && (
          <p className="error" role="alert">
            {t('analysis.failed', { reason: state.error })}
          </p>
        )}
      </section>
    );
  if (state.status === 'running')
    return (
      <section className="analysis-panel" aria-label={t('analysis.title')}>
        <div className="analysis-running">
          <label className="analysis-progress">
            <span>
              {state.total === 0
                ? t('analysis.preparing')
                : t('analysis.progress', { done: state.done, total: state.total })}
            </span>
            <progress max={state.total || 1} value={state.done} />
          </label>
          <button type="button" className="secondary" onClick={cancel}>
            {t('analysis.cancel')}
          </button>
        </div>
        {state.secondsLeft !== null && state.done < state.total && (
          <p className="muted analysis-left">
            {t('analysis.timeLeft', { count: Math.max(1, Math.ceil(state.secondsLeft)) })}
          </p>
        )}
        <RunningMarks
          settled={state.settled}
          focus={focus}
          onFocus={onFocus}
          lang={lang}
          fourColor={fourColor}
        />
      </section>
    );
  const a = state.analysis;
  const s = a.summary;
  const marked = a.decisions.filter((d) => d.mark !== null);
  const mine = a.decisions.filter((d) => d.hand === hand);
  const at = focus ? marked.indexOf(focus) : -1;
  return (
    <section className="analysis-panel" aria-label={t('analysis.title')}>
      <div className="analysis-summary">
        <span className="accuracy">
          {t('analysis.accuracy', { name: seatName, accuracy: s.accuracy.toLocaleString(lang) })}
        </span>
        <span className="mark-counts">
          {(['blunder', 'mistake', 'inaccuracy'] as const).map((m) => {
            const count = m === 'blunder' ? s.blunders : m === 'mistake' ? s.mistakes : s.inaccuracies;
            return (
              <span key={m} className={`mark-count mark-${m}`} title={t(`analysis.marks.${m}`)}>
                <b aria-hidden="true">{MARK_SYMBOL[m]}</b> {count}
                <span className="sr-only"> {t(`analysis.marksPlural.${m}`)}</span>
              </span>
            );
          })}
        </span>
        <span className="analysis-cost">{t('analysis.cost', { cost: pointsText(s.cost, lang) })}</span>
      </div>
      <div className="mistake-nav">
        <button
          type="button"
          className="secondary small"
          onClick={() => onMistake(-1)}
          disabled={marked.length === 0}
          aria-keyshortcuts="P"
          title={`${t('analysis.prevMistake')} (P)`}
        >
          <span aria-hidden="true">‹</span> {t('analysis.prevMistake')}
        </button>
        <span className="muted mistake-at">
          {marked.length === 0
            ? t('analysis.noMarks')
            : at >= 0
              ? t('analysis.markAt', { n: at + 1, of: marked.length })
              : t('analysis.markCount', { count: marked.length })}
        </span>
        <button
          type="button"
          className="secondary small next-mistake"
          onClick={() => onMistake(1)}
          disabled={marked.length === 0}
          aria-keyshortcuts="N"
          title={`${t('analysis.nextMistake')} (N)`}
        >
          {t('analysis.nextMistake')} <span aria-hidden="true">›</span>
        </button>
      </div>
      {mine.length > 0 ? (
        <>
          <ol className="move-list" aria-label={t('analysis.moves', { n: hand + 1 })}>
            {mine.map((d) => (
              <li key={`${d.kind}-${d.step ?? 'x'}`}>
                <MoveButton d={d} focus={focus} onFocus={onFocus} lang={lang} fourColor={fourColor} />
              </li>
            ))}
          </ol>
          <PointsGraph decisions={mine} focus={focus} onFocus={onFocus} lang={lang} />
        </>
      ) : (
        <p className="muted">{t('analysis.noneInHand')}</p>
      )}
      {focus && (
        <p className={`focus-line${focus.mark ? ` mark-${focus.mark}` : ''}`} aria-live="polite">
          {focus.mark && (
            <span className="mark-symbol" aria-hidden="true">
              {MARK_SYMBOL[focus.mark]}{' '}
            </span>
          )}
          {decisionText(t, focus, lang)}
        </p>
      )}
      {a.deals !== null && <p className="muted small-note">{t('analysis.reduced', { deals: a.deals })}</p>}
    </section>
  );
}

/** A decision of the move list: the move made, its mark, the sentence for readers; a click focuses it. */
function MoveButton({
  d,
  focus,
  onFocus,
  lang,
  fourColor,
}: {
  d: SavedDecision;
  focus: SavedDecision | null;
  onFocus: (d: SavedDecision) => void;
  lang: Lang;
  fourColor: boolean;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`move${d.mark ? ` mark-${d.mark}` : ''}${d.forced ? ' forced' : ''}`}
      aria-current={d === focus ? 'step' : undefined}
      aria-label={decisionText(t, d, lang)}
      title={decisionText(t, d, lang)}
      data-mark={d.mark ?? undefined}
      onClick={() => onFocus(d)}
    >
      <MoveFace move={d.played} lang={lang} fourColor={fourColor} t={t} />
      {d.mark && (
        <span className="mark-symbol" aria-hidden="true">
          {MARK_SYMBOL[d.mark]}
        </span>
      )}
    </button>
  );
}

/** Where a decision stands in the game: its hand, then the pass, the plays in order, the moon's choice. */
const placeOf = (d: SavedDecision): number =>
  d.hand * 100 + (d.kind === 'pass' ? -1 : d.kind === 'moon' ? 99 : (d.step ?? 0));

/**
 * While the analysis runs: the marked decisions settled so far, in the order of the game, each with its hand (the
 * likely marks are settled first, so the marks come long before the analysis ends).
 */
function RunningMarks({
  settled,
  focus,
  onFocus,
  lang,
  fourColor,
}: {
  settled: readonly SavedDecision[];
  focus: SavedDecision | null;
  onFocus: (d: SavedDecision) => void;
  lang: Lang;
  fourColor: boolean;
}) {
  const { t } = useTranslation();
  const marked = settled.filter((d) => d.mark !== null).sort((a, b) => placeOf(a) - placeOf(b));
  if (marked.length === 0) return null;
  return (
    <div className="analysis-found">
      <p className="muted">{t('analysis.foundSoFar', { count: marked.length })}</p>
      <ol className="move-list" aria-label={t('analysis.foundSoFar', { count: marked.length })}>
        {marked.map((d) => (
          <li
            key={`${d.hand}-${d.kind}-${d.step ?? 'x'}`}
            data-place={`${d.hand}:${d.kind}:${d.step ?? '-'}`}
          >
            <span className="muted found-hand">{t('analysis.handShort', { n: d.hand + 1 })}</span>
            <MoveButton d={d} focus={focus} onFocus={onFocus} lang={lang} fourColor={fourColor} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function MoveFace({
  move,
  lang,
  fourColor,
  t,
}: {
  move: AnalysedMove;
  lang: Lang;
  fourColor: boolean;
  t: TFunction;
}) {
  if (move === 'minus' || move === 'plus') return <span>☾ {t(`analysis.moon.${move}`)}</span>;
  const cards = Array.isArray(move) ? (move as CardName[]) : [move as CardName];
  return (
    <span aria-hidden="true">
      {Array.isArray(move) && '⇄ '}
      {cards.map((c, i) => (
        <span key={c} className={`ink-${suitColor(suitOfName(c), fourColor)}`}>
          {i > 0 ? ' ' : ''}
          {cardShort(c, lang)}
        </span>
      ))}
    </span>
  );
}

const W = 320;
const H = 96;
const PAD = { left: 30, right: 8, top: 8, bottom: 16 };

/**
 * The seat's expected points for the hand after each of its decisions (the move made: a line; the better move,
 * where there was one: a hollow dot joined to it), marks in their colours. Forced decisions hold the line.
 */
export function PointsGraph({
  decisions,
  focus,
  onFocus,
  lang,
}: {
  decisions: readonly SavedDecision[];
  focus: SavedDecision | null;
  onFocus: (d: SavedDecision) => void;
  lang: Lang;
}) {
  const { t } = useTranslation();
  // A forced decision keeps the value before it (nothing was chosen); the first ones start at the first known.
  const known = decisions.map((d) => d.playedPoints);
  const firstKnown = known.find((v) => v !== null) ?? 0;
  let last = firstKnown;
  const values = known.map((v) => (v === null ? last : (last = v)));
  const all = [...values, ...decisions.map((d) => d.bestPoints ?? values[0]!)];
  let lo = Math.min(0, ...all);
  let hi = Math.max(1, ...all);
  const span = hi - lo;
  lo -= span * 0.05;
  hi += span * 0.05;
  const n = decisions.length;
  const x = (i: number) => PAD.left + (n <= 1 ? 0.5 : i / (n - 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((hi - v) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const ticks = [Math.ceil(lo), Math.floor(hi)].filter((v, i, a) => a.indexOf(v) === i);
  return (
    <svg
      className="points-graph"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t('analysis.graph', {
        from: pointsText(values[0] ?? 0, lang),
        to: pointsText(values[n - 1] ?? 0, lang),
      })}
    >
      {ticks.map((v) => (
        <g key={v} className="tick">
          <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} />
          <text x={PAD.left - 4} y={y(v) + 3} textAnchor="end">
            {v}
          </text>
        </g>
      ))}
      <text className="axis-name" x={PAD.left} y={H - 3}>
        {t('analysis.graphAxis')}
      </text>
      <polyline className="played-line" points={line} />
      {decisions.map((d, i) => {
        const focused = d === focus;
        const better = d.bestPoints !== null && d.cost > 0;
        return (
          <g
            key={i}
            className={`point${d.mark ? ` mark-${d.mark}` : ''}${focused ? ' focused' : ''}`}
            onClick={() => onFocus(d)}
          >
            {better && <line className="gap" x1={x(i)} x2={x(i)} y1={y(values[i]!)} y2={y(d.bestPoints!)} />}
            {better && <circle className="best-dot" cx={x(i)} cy={y(d.bestPoints!)} r={3} />}
            <circle
              className="played-dot"
              cx={x(i)}
              cy={y(values[i]!)}
              r={d.mark ? 4.5 : focused ? 4 : 2.5}
            />
            <title>{decisionText(t, d, lang)}</title>
          </g>
        );
      })}
    </svg>
  );
}
