/**
 * One puzzle at the table: the seat's view (the one `Table` of the app, drawn from the seat's observation alone:
 * the trick being played, the hand, the hand's earlier tricks in a list), the task, and — once the server judged
 * the answer — the answer explained: every option's expected points (best first, yours marked) and the line the
 * evaluation expected, stepped through on the table itself (the best option's and yours).
 */
import { playRefusal, type CardName } from '@hearts/engine';
import type { PuzzleAnswerView, PuzzleQuestion } from '@hearts/protocol/http/puzzles';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardShort, sortHand, type Lang } from '../../kit/cards';
import { useApp } from '../../kit/context';
import { EarlierTricks } from '../../table/EarlierTricks';
import { StudyTable } from '../../table/StudyTable';
import { seatPositions, studyView, type HandCardView, type TableView } from '../../table/view';
import { answerStep, lineSteps } from './line';

/** Expected points as the reader writes them: two decimals ("2.97", "2,97"). */
export const fixed = (x: number, lang: Lang): string =>
  x.toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const movesText = (cards: readonly CardName[], lang: Lang): string =>
  cards.map((c) => cardShort(c, lang)).join(' ');

export interface Answered {
  readonly move: readonly CardName[];
  readonly view: PuzzleAnswerView;
}

export function PuzzleTable({
  question: q,
  answered,
  busy,
  bar,
  onAnswer,
  footer,
}: {
  question: PuzzleQuestion;
  answered: Answered | null;
  busy: boolean; // an answer is on its way: no other
  bar: ReactNode; // below the top bar: the mode, the ratings, a run's score and clock
  onAnswer: (move: CardName[]) => void;
  footer: ReactNode; // below the explanation: what comes next
}) {
  const { t } = useTranslation();
  const { settings, navigate } = useApp();
  const lang = settings.lang;
  const obs = q.observation;
  const passing = q.kind === 'pass';
  const [selected, setSelected] = useState<CardName[]>([]);
  const [refusal, setRefusal] = useState<{ card: CardName; code: string } | null>(null);
  const [lastOpen, setLastOpen] = useState(false);
  const a = answered?.view ?? null;
  const [shown, setShown] = useState(0); // the option whose line is shown
  const [step, setStep] = useState(0);
  const steps = useMemo(() => (a ? lineSteps(q, a, shown) : []), [q, a, shown]);
  useEffect(() => {
    if (a) setStep(answerStep(lineSteps(q, a, shown), obs.seat));
  }, [q, a, shown, obs.seat]);
  useEffect(() => {
    if (a) setShown(a.right ? 0 : a.option);
  }, [a]);
  const at = a ? steps[Math.min(step, steps.length - 1)] : undefined;

  const view = useMemo((): TableView => {
    const base = studyView(
      obs,
      {
        selected: answered && passing ? [...answered.move] : selected,
        refusal,
        lastTrickOpen: lastOpen,
        hint: null,
      },
      t('seat.you'),
      (at) => t(`puzzles.seats.${at}`),
    );
    if (!a || !at) return { ...base, canPass: base.canPass && !busy };
    // Answered: the table shows the line at its step; nothing more to choose.
    const right = new Set(a.solution);
    const hand: HandCardView[] = sortHand(at.hand).map((card) => ({
      card,
      disabled: true,
      dimmed: false,
      selected: false,
      received: passing && (a.received ?? []).includes(card),
      hinted: step === 0 && !passing && right.has(card),
    }));
    const n = obs.players;
    return {
      ...base,
      phase: 'play',
      hand,
      trick: at.trick.cards.map((card, i) => ({ seat: (at.trick.leader + i) % n, card })),
      trickWinner: at.winner,
      canPass: false,
      // The board says who takes a trick; the line's own controls say the rest.
      prompt: { kind: 'handOver' },
      seats: base.seats.map((s) => ({ ...s, turn: false, passing: false, passed: false })),
    };
  }, [obs, answered, passing, selected, refusal, lastOpen, t, a, at, busy, step]);

  const nameOf = (seat: number) => view.seats[seat]!.name;
  const onTap = (card: CardName) => {
    if (answered || busy) return;
    if (passing) {
      // A tap on a card chooses the first offered pass with it (the passes are offered as sets).
      const set = q.choices?.find((c) => c.includes(card) && !sameSet(c, selected)) ?? null;
      if (set) setSelected([...set]);
      return;
    }
    const refused = playRefusal(obs, card);
    if (refused !== null) return setRefusal({ card, code: refused });
    setRefusal(null);
    onAnswer([card]);
  };

  return (
    <StudyTable
      className="puzzle-table"
      view={view}
      onExit={() => navigate('/puzzles')}
      lastTrickOpen={lastOpen && !a}
      setLastTrickOpen={setLastOpen}
      onTap={onTap}
      onPass={() => selected.length === obs.rules.passCards && !busy && onAnswer(selected)}
      bar={bar}
    >
      {a && answered ? (
        <Explanation
          question={q}
          answered={answered}
          shown={shown}
          onShow={setShown}
          step={Math.min(step, steps.length - 1)}
          steps={steps.length}
          onStep={setStep}
        />
      ) : (
        <>
          <p className="study-task">{passing ? t('puzzles.taskPass') : t('puzzles.taskPlay')}</p>
          {passing && (
            <div className="puzzle-choices" role="group" aria-label={t('puzzles.taskPass')}>
              {(q.choices ?? []).map((c) => (
                <button
                  key={c.join('')}
                  type="button"
                  className={sameSet(c, selected) ? 'on' : undefined}
                  aria-pressed={sameSet(c, selected)}
                  data-choice={c.join(' ')}
                  onClick={() => setSelected([...c])}
                  disabled={busy}
                >
                  {movesText(c, lang)}
                </button>
              ))}
            </div>
          )}
        </>
      )}
      {!a && (
        <EarlierTricks
          obs={obs}
          nameOf={nameOf}
          summary={t('puzzles.earlier', { n: obs.tricks.length })}
          className="puzzle-earlier"
        />
      )}
      {footer}
    </StudyTable>
  );
}

const sameSet = (a: readonly CardName[], b: readonly CardName[]): boolean =>
  a.length === b.length && a.every((c) => b.includes(c));

/** Right or wrong, the ratings' moves, every option's expected points, and the line's controls. */
function Explanation({
  question: q,
  answered,
  shown,
  onShow,
  step,
  steps,
  onStep,
}: {
  question: PuzzleQuestion;
  answered: Answered;
  shown: number;
  onShow: (option: number) => void;
  step: number;
  steps: number;
  onStep: (step: number) => void;
}) {
  const { t } = useTranslation();
  const { settings } = useApp();
  const lang = settings.lang;
  const a = answered.view;
  const best = a.options[0]!;
  const mine = a.options[a.option];
  const top = best.points;
  const move = movesText(answered.move, lang);
  const optionMove = (i: number) => movesText(a.options[i]!.move, lang);
  const last = step === steps - 1;
  const points = a.points[shown] ?? [];
  const names = (seat: number) =>
    seat === q.observation.seat ? t('seat.you') : t(`puzzles.seats.${seatPosition(q, seat)}`);
  return (
    <div className={`study-verdict puzzle-verdict ${a.right ? 'right' : 'wrong'}`} data-right={a.right}>
      <p role="status">
        <strong>
          {a.right
            ? t('puzzles.right', { move })
            : t('puzzles.wrong', {
                move,
                cost: fixed((mine?.points ?? top) - top, lang),
                best: movesText(best.move, lang),
              })}
        </strong>{' '}
        {a.rating && (
          <span className="puzzle-change" data-before={a.rating.before} data-after={a.rating.after}>
            {t('puzzles.ratingChange', { before: a.rating.before, after: a.rating.after })}{' '}
            <span className={a.rating.after >= a.rating.before ? 'up' : 'down'}>
              ({a.rating.after >= a.rating.before ? '+' : '−'}
              {Math.abs(a.rating.after - a.rating.before)})
            </span>
          </span>
        )}
      </p>
      <p className="muted puzzle-facts">
        {[
          ...a.themes.map((th) => t(`puzzles.theme.${th}`)),
          t('puzzles.gap', { gap: fixed(a.gap, lang) }),
          ...(a.puzzleRating ? [t('puzzles.puzzleChange', a.puzzleRating)] : []),
        ].join(' · ')}
      </p>
      <ol className="puzzle-options" aria-label={t('puzzles.options')} title={t('puzzles.options')}>
        {a.options.map((o, i) => (
          <li
            key={i}
            className={`${i === 0 ? 'best' : ''}${i === a.option ? ' yours' : ''}`}
            data-option={o.move.join(' ')}
            data-points={o.points}
          >
            <span className="puzzle-option-move">
              {movesText(o.move, lang)}
              {o.cards.length > 1 && q.kind === 'play' && (
                <span className="muted"> = {movesText(o.cards.slice(1), lang)}</span>
              )}
            </span>{' '}
            <span className="puzzle-option-points">{fixed(o.points, lang)}</span>
            {i > 0 && <span className="muted"> (+{fixed(o.points - top, lang)})</span>}
            {i === a.option && <span className="tag"> · {t('puzzles.yours')}</span>}
          </li>
        ))}
      </ol>
      <div className="puzzle-line" aria-label={t('puzzles.line')}>
        <div
          className="segmented puzzle-line-choice"
          role="group"
          aria-label={t('puzzles.line')}
          title={t('puzzles.lineInfo')}
        >
          <button
            type="button"
            aria-pressed={shown === 0}
            className={shown === 0 ? 'on' : undefined}
            onClick={() => onShow(0)}
          >
            {t('puzzles.lineBest', { move: optionMove(0) })}
          </button>
          {a.option > 0 && (
            <button
              type="button"
              aria-pressed={shown === a.option}
              className={shown === a.option ? 'on' : undefined}
              onClick={() => onShow(a.option)}
            >
              {t('puzzles.lineYours', { move: optionMove(a.option) })}
            </button>
          )}
        </div>
        <div className="study-steps">
          <button
            type="button"
            className="puzzle-step-end"
            onClick={() => onStep(0)}
            disabled={step === 0}
            aria-label={t('puzzles.stepFirst')}
          >
            «
          </button>
          <button
            type="button"
            onClick={() => onStep(step - 1)}
            disabled={step === 0}
            aria-label={t('puzzles.stepPrevious')}
          >
            ‹
          </button>
          <span
            className="puzzle-step"
            data-step={step}
            data-steps={steps - 1}
            aria-label={step === 0 ? t('puzzles.stepStart') : t('puzzles.step', { n: step, of: steps - 1 })}
          >
            {step === 0 ? t('puzzles.stepStart') : `${step}/${steps - 1}`}
          </span>
          <button
            type="button"
            onClick={() => onStep(step + 1)}
            disabled={last}
            aria-label={t('puzzles.stepNext')}
          >
            ›
          </button>
          <button
            type="button"
            className="puzzle-step-end"
            onClick={() => onStep(steps - 1)}
            disabled={last}
            aria-label={t('puzzles.stepLast')}
          >
            »
          </button>
        </div>
        {q.kind === 'pass' && a.received && step === 0 && (
          <p className="muted">{t('puzzles.lineReceived', { cards: movesText(a.received, lang) })}</p>
        )}
        {last && (
          <p className="puzzle-line-end">
            {t('puzzles.lineEnd', { points: points.map((p, seat) => `${names(seat)} ${p}`).join(' · ') })}
          </p>
        )}
      </div>
    </div>
  );
}

/** Where a seat sits as the puzzle's seat sees the table ('left', 'top', …). */
function seatPosition(q: PuzzleQuestion, seat: number): string {
  const n = q.observation.players;
  return seatPositions(n)[(seat - q.observation.seat + n) % n] ?? 'top';
}
