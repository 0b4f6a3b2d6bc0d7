/** A pad as a sheet of paper: every hand with dealer, pass, points and running totals; black on white. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardShort } from '../../kit/cards';
import { useApp } from '../../kit/context';
import { hasJack, standing, type Pad } from './model';
import { padRoute } from './route';
import type { PadStore } from './store';
import { namesText, passText, rulesSummary } from './words';

export function PadPrint({ store, id }: { store: PadStore; id: string }) {
  const { t, i18n } = useTranslation();
  const { navigate, settings } = useApp();
  const jackName = cardShort('JD', settings.lang); // "B♦" in German, "J♦" in English
  const [pad, setPad] = useState<Pad | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    store.get(id).then(
      (p) => live && setPad(p),
      () => live && setPad(null),
    );
    return () => {
      live = false;
    };
  }, [store, id]);
  // The paper look applies to the whole page while this view is open.
  useEffect(() => {
    document.documentElement.classList.add('pad-printing');
    return () => document.documentElement.classList.remove('pad-printing');
  }, []);

  const back = (
    <div className="pad-print-actions no-print">
      <button
        type="button"
        className="pad-print-btn"
        onClick={() => navigate(pad ? padRoute({ view: 'sheet', id: pad.id }) : '/pad')}
      >
        ← {pad ? t('pad.print.back') : t('pad.toList')}
      </button>
      {pad && (
        <button type="button" className="pad-print-btn main" onClick={() => window.print()}>
          {t('pad.print.print')}
        </button>
      )}
    </div>
  );
  if (!pad)
    return (
      <div className="pad-print">
        {back}
        <p>{pad === undefined ? t('pad.loading') : t('pad.notFound')}</p>
      </div>
    );

  const st = standing(pad);
  const n = pad.players.length;
  const jack = hasJack(pad.rules);
  const names = (seats: readonly number[]) =>
    namesText(
      i18n.language,
      seats.map((s) => pad.players[s]!),
    );
  const date = new Date(pad.created).toLocaleDateString(i18n.language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return (
    <div className="pad-print">
      {back}
      <h1>{t('pad.print.title', { name: pad.name })}</h1>
      <p>
        {t('pad.print.date', { date })} · {rulesSummary(t, pad.rules)}
      </p>
      <div className="pad-print-table">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('pad.sheet.hand')}</th>
              <th scope="col">{t('pad.export.dealer')}</th>
              <th scope="col">{t('pad.export.passing')}</th>
              {pad.players.map((p, s) => (
                <th scope="col" key={s}>
                  {p}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {st.lines.map((line) => (
              <tr key={line.index} className={line.afterEnd ? 'after-end' : undefined}>
                <th scope="row">
                  {line.index + 1}
                  {line.entry.shooter !== null && ' ☾'}
                </th>
                <td>{pad.players[line.dealer]}</td>
                <td>{passText(t, line.passOffset, n)}</td>
                {line.points.map((pts, s) => (
                  <td key={s} className={line.leaders.includes(s) && !line.afterEnd ? 'lead' : undefined}>
                    {line.entry.shooter === s && '☾ '}
                    {pts}
                    {jack && line.entry.jack === s && ` ${jackName}`}
                    <small>{line.totals[s]}</small>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('pad.sheet.total')}
              </th>
              {st.totals.map((v, s) => (
                <td key={s}>{v}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="pad-print-result">
        {st.over
          ? `${t('pad.sheet.over')}: ${t(st.winners.length > 1 ? 'pad.sheet.share' : 'pad.sheet.wins', { names: names(st.winners) })}`
          : st.leaders.length > 0
            ? t('pad.sheet.leading', { names: names(st.leaders) })
            : t('pad.notStarted')}
      </p>
      <p className="pad-print-legend">
        ☾ {t('pad.sheet.moonMark')}
        {jack && ` · ${jackName} ${t('pad.sheet.jackMark')}`}
      </p>
    </div>
  );
}
