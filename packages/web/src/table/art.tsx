/**
 * The shop's cosmetics, drawn: card backs (SVG patterns), card-face designs (CSS on the card SVG's parts), table
 * backgrounds (CSS gradients) and avatar frames (SVG rings). Ids are those of `@hearts/protocol/cosmetics`; unknown ids
 * draw the free defaults. Used by the shop, the profile and the live table (others' backs and frames, your own
 * table and faces).
 *
 * ```tsx
 * <CardBackArt id="back-waves" />
 * <Avatar name="Anna" frame="frame-gold" />
 * <div style={tableStyle('table-walnut')} />
 * <div className={faceClass('face-jumbo')}><CardFace … /></div>
 * ```
 */
import { memo, useId, type CSSProperties, type ReactNode } from 'react';
import { CardBackFrame } from '../kit/CardSvg';
import './art.css';

/** A pattern's tile: its size and what it draws (in a `size` × `size` box). */
const BACKS: Readonly<Record<string, { size: number; rotate?: number; tile: (size: number) => ReactNode }>> =
  {
    'back-classic': {
      size: 10,
      tile: () => (
        <>
          <rect width="10" height="10" fill="#a4161a" />
          <path d="M0 5 5 0 10 5 5 10z" fill="none" stroke="#f3d9b1" strokeWidth="0.9" />
          <circle cx="5" cy="5" r="1.2" fill="#f3d9b1" />
        </>
      ),
    },
    'back-lattice': {
      size: 12,
      rotate: 45,
      tile: () => (
        <>
          <rect width="12" height="12" fill="#264653" />
          <path d="M0 6h12M6 0v12" stroke="#e9c46a" strokeWidth="1.4" />
          <circle cx="6" cy="6" r="2" fill="#2a9d8f" stroke="#e9c46a" strokeWidth="0.8" />
        </>
      ),
    },
    'back-waves': {
      size: 16,
      tile: () => (
        <>
          <rect width="16" height="16" fill="#023e8a" />
          <path d="M0 5q4-4 8 0t8 0M0 13q4-4 8 0t8 0" fill="none" stroke="#90e0ef" strokeWidth="1.3" />
        </>
      ),
    },
    'back-stars': {
      size: 14,
      tile: () => (
        <>
          <rect width="14" height="14" fill="#240046" />
          <path d="M7 2l1.3 3 3.2.3-2.4 2.1.7 3.1L7 8.9 4.2 10.5l.7-3.1-2.4-2.1 3.2-.3z" fill="#ffd166" />
          <circle cx="1" cy="13" r="0.7" fill="#ffd166" />
          <circle cx="13" cy="1" r="0.7" fill="#ffd166" />
        </>
      ),
    },
    'back-hearts': {
      size: 14,
      tile: () => (
        <>
          <rect width="14" height="14" fill="#fbe3e8" />
          <path
            d="M7 11.5C3.5 8.8 2 7 2 5.2 2 3.9 3 3 4.2 3c1.1 0 2.1.7 2.8 1.8C7.7 3.7 8.7 3 9.8 3 11 3 12 3.9 12 5.2c0 1.8-1.5 3.6-5 6.3z"
            fill="#c9184a"
          />
        </>
      ),
    },
  };

/** A card's back in the given design (its own pattern: several designs can share a page). */
export const CardBackArt = memo(function CardBackArt({ id }: { id: string }) {
  const back = BACKS[id] ?? BACKS['back-classic']!;
  const pid = `cb${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  return (
    <svg viewBox="0 0 100 140" className="card-svg" aria-hidden="true" focusable="false">
      <defs>
        <pattern
          id={pid}
          width={back.size}
          height={back.size}
          patternUnits="userSpaceOnUse"
          {...(back.rotate ? { patternTransform: `rotate(${back.rotate})` } : {})}
        >
          {back.tile(back.size)}
        </pattern>
      </defs>
      <CardBackFrame fill={`url(#${pid})`} />
    </svg>
  );
});

/** The class that gives a card face its design (styles in art.css, on the card SVG's paper, index and court). */
export const faceClass = (id: string | undefined): string =>
  id === 'face-jumbo' || id === 'face-parchment' ? `face-${id.slice(5)}` : 'face-standard';

const TABLES: Readonly<Record<string, string>> = {
  'table-felt': 'radial-gradient(ellipse at 50% 40%, #2b7a53 0%, #1e5b3d 45%, #123a27 100%)',
  'table-midnight': 'radial-gradient(ellipse at 50% 40%, #274c77 0%, #1b2f4a 50%, #0b1626 100%)',
  'table-burgundy': 'radial-gradient(ellipse at 50% 40%, #8d2b3b 0%, #5e1a27 50%, #2e0b12 100%)',
  'table-walnut':
    'repeating-linear-gradient(100deg, #5a3a22 0 14px, #6b4529 14px 22px, #4e321d 22px 40px), #5a3a22',
  'table-slate': 'radial-gradient(ellipse at 50% 40%, #6c757d 0%, #495057 50%, #212529 100%)',
};

/** A table background as a CSS `background` value. */
export const tableBackground = (id: string | undefined): string => TABLES[id ?? ''] ?? TABLES['table-felt']!;

export const tableStyle = (id: string | undefined): CSSProperties => ({ background: tableBackground(id) });

const FRAMES: Readonly<Record<string, { ring: string; second?: string; mark?: 'hearts' | 'laurel' }>> = {
  'frame-silver': { ring: '#c0c7cf', second: '#7d8791' },
  'frame-gold': { ring: '#f2c14e', second: '#a6761d' },
  'frame-hearts': { ring: '#e63950', mark: 'hearts' },
  'frame-laurel': { ring: '#4f772d', second: '#90a955', mark: 'laurel' },
};

/** A player's avatar: their initial in a circle, inside their frame. */
export const Avatar = memo(function Avatar({
  name,
  frame,
  size = 40,
}: {
  name: string;
  frame: string | undefined;
  size?: number;
}) {
  const f = FRAMES[frame ?? ''];
  const gid = `fr${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  const marks = f?.mark ? Array.from({ length: 8 }, (_, i) => (i * Math.PI * 2) / 8) : [];
  return (
    <svg
      className="avatar"
      viewBox="0 0 40 40"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      data-frame={frame ?? 'frame-none'}
    >
      {f?.second && (
        <defs>
          <linearGradient id={gid} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={f.ring} />
            <stop offset="1" stopColor={f.second} />
          </linearGradient>
        </defs>
      )}
      <circle cx="20" cy="20" r={f ? 14 : 17} className="avatar-face" />
      <text x="20" y="25.5" textAnchor="middle" className="avatar-initial">
        {initial}
      </text>
      {f && (
        <circle
          cx="20"
          cy="20"
          r="17"
          fill="none"
          stroke={f.second ? `url(#${gid})` : f.ring}
          strokeWidth="4"
        />
      )}
      {marks.map((a, i) =>
        f!.mark === 'hearts' ? (
          <path
            key={i}
            transform={`translate(${20 + 17 * Math.cos(a)} ${20 + 17 * Math.sin(a)}) scale(0.22) translate(-7 -7)`}
            d="M7 11.5C3.5 8.8 2 7 2 5.2 2 3.9 3 3 4.2 3c1.1 0 2.1.7 2.8 1.8C7.7 3.7 8.7 3 9.8 3 11 3 12 3.9 12 5.2c0 1.8-1.5 3.6-5 6.3z"
            fill="#fff"
          />
        ) : (
          <ellipse
            key={i}
            cx={20 + 17 * Math.cos(a)}
            cy={20 + 17 * Math.sin(a)}
            rx="2.6"
            ry="1.2"
            transform={`rotate(${(a * 180) / Math.PI + 60} ${20 + 17 * Math.cos(a)} ${20 + 17 * Math.sin(a)})`}
            fill="#dde5b6"
          />
        ),
      )}
    </svg>
  );
});
