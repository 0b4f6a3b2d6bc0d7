import { useTranslation } from 'react-i18next';
import type { HandRow } from '../game/view';
import { RobotIcon } from './icons';
import { seatName } from './names';

/** Points per hand and in total, one column per seat. A moon is marked in its row. */
export function ScoreTable({
  rows,
  totals,
  highlight,
  names,
  bots,
}: {
  rows: readonly HandRow[];
  totals: readonly number[];
  highlight?: readonly number[];
  names?: readonly string[]; // column heads; the table's seat names by default
  bots?: readonly boolean[]; // seats marked as bots
}) {
  const { t } = useTranslation();
  return (
    <table className="score-table">
      <caption className="sr-only">{t('score.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('score.hand')}</th>
          {totals.map((_, s) => (
            <th scope="col" key={s} className={highlight?.includes(s) ? 'best' : undefined}>
              {bots?.[s] && (
                <span className="bot-mark" aria-hidden="true">
                  <RobotIcon size={12} />{' '}
                </span>
              )}
              {names?.[s] ?? seatName(t, s)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.hand} data-hand={r.hand}>
            <th scope="row">
              {r.hand + 1}
              {r.shooter !== null && (
                <span className="moon-mark" title={t('score.moon')}>
                  {' '}
                  ☾
                </span>
              )}
            </th>
            {r.points.map((p, s) => (
              <td key={s} className={r.shooter === s ? 'shooter' : undefined}>
                {p}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('score.total')}</th>
          {totals.map((p, s) => (
            <td key={s} className={highlight?.includes(s) ? 'best' : undefined} data-total={s}>
              {p}
            </td>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}
