import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { cardLabel, type Lang } from '../kit/cards';
import type { Position, TrickCardView } from './view';
import { CardFace } from '../kit/CardSvg';
import { seatName } from '../kit/names';

/** Where a card flies in from and to, per seat position (in card widths). */
const OFFSET: Readonly<Record<Position, readonly [number, number]>> = {
  bottom: [0, 3],
  left: [-3.5, 0],
  'top-left': [-2.5, -3],
  top: [0, -3],
  'top-right': [2.5, -3],
  right: [3.5, 0],
};

export interface TrickProps {
  readonly cards: readonly TrickCardView[];
  readonly positions: readonly Position[];
  readonly winner: number | null;
  readonly collecting: boolean;
  readonly lang: Lang;
  readonly fourColor: boolean;
  readonly className?: string;
  readonly label?: string;
  readonly names?: readonly string[]; // spoken seat names, by seat; "You", "Bot 1"… by default
  readonly better?: number | null; // the seat whose card is the analysis' better card, not one played
}

/** The cards in the middle, each in front of the seat that played it. */
export function Trick({
  cards,
  positions,
  winner,
  collecting,
  lang,
  fourColor,
  className,
  label,
  names,
  better = null,
}: TrickProps) {
  const { t } = useTranslation();
  const to = winner === null ? null : OFFSET[positions[winner]!];
  const spoken = cards
    .map((c) => `${names?.[c.seat] ?? seatName(t, c.seat)}: ${cardLabel(c.card, lang)}`)
    .join('; ');
  return (
    <div
      className={`trick${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={`${label ?? t('trick.table')}: ${spoken || t('trick.empty')}`}
    >
      {cards.map((c, i) => {
        const pos = positions[c.seat]!;
        const [fx, fy] = OFFSET[pos];
        const style = {
          '--fx': fx,
          '--fy': fy,
          '--tx': to?.[0] ?? 0,
          '--ty': to?.[1] ?? 0,
          zIndex: i + 1,
        } as CSSProperties;
        return (
          <div
            key={`${c.seat}-${c.card}`}
            className={`card trick-card at-${pos}${c.seat === winner ? ' winning' : ''}${c.seat === better ? ' better-card' : ''}${collecting ? ' collect' : ''}`}
            style={style}
          >
            <CardFace card={c.card} lang={lang} fourColor={fourColor} />
          </div>
        );
      })}
    </div>
  );
}
