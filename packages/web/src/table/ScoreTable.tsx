import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandRow } from './view';
import { RobotIcon } from '../kit/icons';
import { seatName } from '../kit/names';

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
  const box = useRef<HTMLDivElement>(null);
  const heads = totals.map((_, s) => names?.[s] ?? seatName(t, s)).join('\n');
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    fitColumns(el);
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(() => fitColumns(el));
    watch.observe(el);
    return () => watch.disconnect();
  }, [heads]);
  return (
    <div className="score-table-box" ref={box}>
      <table className={`score-table${totals.length >= 5 ? ' many' : ''}`}>
        <caption className="sr-only">{t('score.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('score.hand')}</th>
            {totals.map((_, s) => {
              const name = names?.[s] ?? seatName(t, s);
              return (
                <th scope="col" key={s} className={highlight?.includes(s) ? 'best' : undefined} title={name}>
                  <span className="col-name">
                    {bots?.[s] && (
                      <span className="bot-mark" aria-hidden="true">
                        <RobotIcon size={12} />
                        {'\u00a0' /* the mark stays with the name's first word */}
                      </span>
                    )}
                    {bots?.[s] ? <BotName name={name} /> : name}
                  </span>
                </th>
              );
            })}
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
    </div>
  );
}

/**
 * A bot's column head: at a table of five or six the word "Bot" of "Bot 2" is only spoken (the robot mark shows it),
 * so that the number stays in view instead of "Bo…".
 */
function BotName({ name }: { name: string }) {
  const m = /^(Bot)[\s\u00a0](\d+)$/.exec(name);
  if (!m) return <>{name}</>;
  return (
    <>
      <span className="bot-word">{m[1]}&nbsp;</span>
      {m[2]}
    </>
  );
}

/**
 * Shares the box's width out among the seats' name heads so that every column stays in view. The room left beside
 * the hand column goes in equal shares: a name that needs less than its share on one line keeps what it needs and
 * leaves the rest to the others; a longer one gets what is left, breaks between its words there, and a word too
 * long for it ends in "…". Measured in the browser; without a layout (tests) nothing is cut.
 */
function fitColumns(box: HTMLElement): void {
  const table = box.querySelector('table');
  const first = table?.querySelector<HTMLElement>('thead th');
  const spans = [...box.querySelectorAll<HTMLElement>('thead .col-name')];
  if (!table || !first || spans.length === 0 || box.clientWidth === 0) return;
  const cell = spans[0]!.parentElement!;
  const style = getComputedStyle(cell);
  const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  // The hand column's width is its widest cell ("Gesamt" in bold in the footer), as the table lays it out.
  let room = box.clientWidth - first.getBoundingClientRect().width - padding * spans.length;
  const order = spans
    .map((span) => {
      span.style.width = 'max-content'; // the whole name on one line
      const width = Math.ceil(span.getBoundingClientRect().width);
      return { span, width };
    })
    .sort((a, b) => a.width - b.width);
  order.forEach(({ span, width }, k) => {
    const share = Math.max(0, room / (order.length - k));
    // Its width, set: the table then gives the column no less (nor, with the others', much more).
    span.style.width = `${Math.floor(Math.min(width, share))}px`;
    room -= Math.min(width, share);
  });
}
