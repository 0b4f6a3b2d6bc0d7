/**
 * The hand's complete tricks before a position shown on its own (a training position, a puzzle), in order: who
 * played which card and who took the trick. A player needs them to find the card; at a hand's first trick there
 * are none, and no list.
 */
import type { Observation } from '@hearts/engine';
import { useTranslation } from 'react-i18next';
import { cardShort } from '../kit/cards';
import { useApp } from '../kit/context';

export function EarlierTricks({
  obs,
  nameOf,
  summary,
  className,
  open,
}: {
  obs: Observation;
  nameOf: (seat: number) => string;
  summary: string; // the list's title, with the number of tricks
  className: string;
  open?: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useApp().settings;
  if (obs.tricks.length === 0) return null;
  return (
    <details className={className} open={open}>
      <summary>{summary}</summary>
      {/* The list scrolls where it is long: focusable, so that a keyboard can scroll it too. */}
      <ol tabIndex={0} aria-label={summary}>
        {obs.tricks.map((tr, i) => (
          <li key={i} data-trick={i}>
            {t('trick.row', {
              n: i + 1,
              cards: tr.cards
                .map((c, k) => `${nameOf((tr.leader + k) % obs.players)} ${cardShort(c, lang)}`)
                .join(' · '),
              winner: tr.winner === undefined ? '' : nameOf(tr.winner),
            })}
          </li>
        ))}
      </ol>
    </details>
  );
}
