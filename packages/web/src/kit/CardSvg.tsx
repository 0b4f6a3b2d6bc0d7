/**
 * Cards drawn as SVG: faces with large corner indices, pips and simple court cards, and three backs. The suit
 * shapes and back patterns are defined once (`CardDefs`) and used by reference.
 */
import type { CardName } from '@hearts/engine';
import { memo } from 'react';
import { rankIndex, rankOfName, suitColor, suitOfName, type Lang } from './cards';
import type { CardBack } from './settings';

const SUIT_PATHS = {
  H: 'M50 92C22 70 4 52 4 31 4 16 15 5 29 5c10 0 17 6 21 14 4-8 11-14 21-14 14 0 25 11 25 26 0 21-18 39-46 61z',
  D: 'M50 2 88 50 50 98 12 50z',
  S: 'M50 4C72 26 96 42 96 62c0 13-10 22-22 22-9 0-16-5-20-11 1 10 5 18 13 25H33c8-7 12-15 13-25-4 6-11 11-20 11C14 84 4 75 4 62 4 42 28 26 50 4z',
  C: 'M50 6a20 20 0 0 1 17 31 20 20 0 1 1-10 35c1 10 4 18 12 26H31c8-8 11-16 12-26a20 20 0 1 1-10-35A20 20 0 0 1 50 6z',
} as const;

/** The shared definitions: suit symbols and card-back patterns. Render once per page. */
export function CardDefs() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true" focusable="false">
      <defs>
        {Object.entries(SUIT_PATHS).map(([s, d]) => (
          <symbol key={s} id={`suit-${s}`} viewBox="0 0 100 100">
            <path d={d} />
          </symbol>
        ))}
        <pattern id="back-classic" width="10" height="10" patternUnits="userSpaceOnUse">
          <rect width="10" height="10" fill="#a4161a" />
          <path d="M0 5 5 0 10 5 5 10z" fill="none" stroke="#f3d9b1" strokeWidth="0.9" />
          <circle cx="5" cy="5" r="1.2" fill="#f3d9b1" />
        </pattern>
        <pattern id="back-blue" width="12" height="12" patternUnits="userSpaceOnUse">
          <rect width="12" height="12" fill="#1d3557" />
          <circle cx="6" cy="6" r="4" fill="none" stroke="#a8dadc" strokeWidth="0.8" />
          <circle cx="0" cy="0" r="2" fill="#a8dadc" />
          <circle cx="12" cy="12" r="2" fill="#a8dadc" />
          <circle cx="12" cy="0" r="2" fill="#a8dadc" />
          <circle cx="0" cy="12" r="2" fill="#a8dadc" />
        </pattern>
        <pattern
          id="back-green"
          width="8"
          height="8"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="8" height="8" fill="#1b4332" />
          <rect width="4" height="8" fill="#2d6a4f" />
        </pattern>
      </defs>
    </svg>
  );
}

/** Pip centres for 2..10 on a 100×140 card. */
const PIPS: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  '2': [
    [50, 30],
    [50, 110],
  ],
  '3': [
    [50, 30],
    [50, 70],
    [50, 110],
  ],
  '4': [
    [34, 30],
    [66, 30],
    [34, 110],
    [66, 110],
  ],
  '5': [
    [34, 30],
    [66, 30],
    [50, 70],
    [34, 110],
    [66, 110],
  ],
  '6': [
    [34, 30],
    [66, 30],
    [34, 70],
    [66, 70],
    [34, 110],
    [66, 110],
  ],
  '7': [
    [34, 30],
    [66, 30],
    [50, 50],
    [34, 70],
    [66, 70],
    [34, 110],
    [66, 110],
  ],
  '8': [
    [34, 30],
    [66, 30],
    [50, 50],
    [34, 70],
    [66, 70],
    [50, 90],
    [34, 110],
    [66, 110],
  ],
  '9': [
    [34, 28],
    [66, 28],
    [34, 56],
    [66, 56],
    [50, 70],
    [34, 84],
    [66, 84],
    [34, 112],
    [66, 112],
  ],
  T: [
    [34, 28],
    [66, 28],
    [50, 44],
    [34, 56],
    [66, 56],
    [34, 84],
    [66, 84],
    [50, 96],
    [34, 112],
    [66, 112],
  ],
};

const Suit = ({ s, x, y, size, flip }: { s: string; x: number; y: number; size: number; flip?: boolean }) => (
  <use
    href={`#suit-${s}`}
    x={x - size / 2}
    y={y - size / 2}
    width={size}
    height={size}
    transform={flip ? `rotate(180 ${x} ${y})` : undefined}
  />
);

function Index({ label, suit }: { label: string; suit: string }) {
  const wide = label.length > 1;
  return (
    <g>
      <text
        x="14"
        y="31"
        className="card-index"
        textAnchor="middle"
        {...(wide ? { textLength: 24, lengthAdjust: 'spacingAndGlyphs' } : {})}
      >
        {label}
      </text>
      <Suit s={suit} x={14} y={45} size={19} />
    </g>
  );
}

export interface CardFaceProps {
  readonly card: CardName;
  readonly lang: Lang;
  readonly fourColor: boolean;
}

/** A card's face. Decorative: the button around it carries the spoken name. */
export const CardFace = memo(function CardFace({ card, lang, fourColor }: CardFaceProps) {
  const suit = suitOfName(card);
  const rank = rankOfName(card);
  const label = rankIndex(rank, lang);
  const color = suitColor(suit, fourColor);
  const court = rank === 'J' || rank === 'Q' || rank === 'K';
  return (
    <svg viewBox="0 0 100 140" className={`card-svg ink-${color}`} aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="98" height="138" rx="9" className="card-paper" />
      <Index label={label} suit={suit} />
      <g transform="rotate(180 50 70)">
        <Index label={label} suit={suit} />
      </g>
      {rank === 'A' ? (
        <Suit s={suit} x={50} y={70} size={card === 'AS' ? 46 : 38} />
      ) : court ? (
        <g>
          <rect x="27" y="20" width="46" height="100" rx="5" className="court-frame" />
          <Suit s={suit} x={50} y={36} size={18} />
          <text x="50" y="86" textAnchor="middle" className="court-letter">
            {label}
          </text>
          <Suit s={suit} x={50} y={104} size={18} flip />
        </g>
      ) : (
        (PIPS[rank] ?? []).map(([x, y], i) => <Suit key={i} s={suit} x={x} y={y} size={17} flip={y > 70} />)
      )}
    </svg>
  );
});

/** A card's back. */
export const CardBackSvg = memo(function CardBackSvg({ back }: { back: CardBack }) {
  return (
    <svg viewBox="0 0 100 140" className="card-svg" aria-hidden="true" focusable="false">
      <CardBackFrame fill={`url(#back-${back})`} />
    </svg>
  );
});

/** A card back's paper, its pattern (`fill`) and the light frame inside: the table's backs and the shop's. */
export function CardBackFrame({ fill }: { fill: string }) {
  return (
    <>
      <rect x="1" y="1" width="98" height="138" rx="9" fill="#fbfaf7" stroke="#c9c4b8" strokeWidth="1" />
      <rect x="7" y="7" width="86" height="126" rx="5" fill={fill} />
      <rect
        x="12"
        y="12"
        width="76"
        height="116"
        rx="3"
        fill="none"
        stroke="#fbfaf7"
        strokeWidth="1.2"
        opacity="0.7"
      />
    </>
  );
}
