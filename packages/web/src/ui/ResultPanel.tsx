import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScoreTable } from './ScoreTable';
import type { ScoreColumns } from './TableParts';

/** A finished hand's or game's result: who won, a shot moon, the score table, then the table's own actions. */
export function ResultPanel({
  score,
  winners,
  over,
  you,
  nameOf,
  children,
}: {
  score: ScoreColumns;
  winners: readonly number[];
  over: boolean; // the game is over
  you: number;
  nameOf: (seat: number) => string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const last = score.rows[score.rows.length - 1]!;
  const won = winners.includes(you);
  let headline: string;
  if (over) {
    const names = winners.map(nameOf);
    headline =
      won && winners.length === 1
        ? t('over.youWin')
        : won
          ? t('over.youShare')
          : winners.length === 1
            ? t('over.wins', { name: names[0] })
            : t('over.shared', { names: names.join(', ') });
  } else headline = t('prompt.handOver', { n: last.hand + 1 });
  return (
    <section className={`result-panel${over ? ' game-over' : ''}`} aria-labelledby="result-title">
      <h2 id="result-title">{headline}</h2>
      {last.shooter !== null && (
        <p className="moon-announce">
          ☾ {last.shooter === you ? t('moon.shotYou') : t('moon.shot', { name: nameOf(last.shooter) })}
        </p>
      )}
      <ScoreTable
        rows={score.rows}
        totals={score.totals}
        names={score.names}
        bots={score.bots}
        highlight={over ? winners : undefined}
      />
      {children}
    </section>
  );
}

/** The shooter's choice after shooting the moon: take the moon's points off their own score, or add them to all others. */
export function MoonDialog({
  value,
  onChoose,
}: {
  value: number; // what the moon is worth
  onChoose: (choice: 'minus' | 'plus') => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="moon-title">
        <h2 id="moon-title">☾ {t('moon.title')}</h2>
        <p>{t('moon.question')}</p>
        <div className="result-actions">
          {/* A modal dialog takes the focus (keyboard and screen reader users land on the choice). */}
          <button type="button" className="primary" onClick={() => onChoose('minus')} autoFocus>
            {t('moon.minus', { value })}
          </button>
          <button type="button" className="primary" onClick={() => onChoose('plus')}>
            {t('moon.plus', { value })}
          </button>
        </div>
      </div>
    </div>
  );
}
