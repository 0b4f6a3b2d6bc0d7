/** Small line icons, drawn inline so they render the same everywhere. */
const Svg = ({ children, size = 18 }: { children: React.ReactNode; size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

export const RobotIcon = ({ size }: { size?: number }) => (
  <Svg size={size ?? 14}>
    <rect x="4" y="8" width="16" height="12" rx="3" />
    <path d="M12 8V4M9 4h6" />
    <circle cx="9" cy="14" r="1.3" fill="currentColor" />
    <circle cx="15" cy="14" r="1.3" fill="currentColor" />
  </Svg>
);

export const PersonIcon = ({ size }: { size?: number }) => (
  <Svg size={size ?? 14}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1-4 4-6 8-6s7 2 8 6" />
  </Svg>
);

export const MenuIcon = () => (
  <Svg>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);

export const BulbIcon = () => (
  <Svg>
    <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.8.8 1 1.5 1 2.5h6c0-1 .2-1.7 1-2.5A6 6 0 0 0 12 3z" />
  </Svg>
);

export const UndoIcon = () => (
  <Svg>
    <path d="M9 14L4 9l5-5" />
    <path d="M4 9h10a6 6 0 0 1 0 12h-3" />
  </Svg>
);

export const TrickIcon = () => (
  <Svg>
    <rect x="3" y="6" width="10" height="14" rx="2" />
    <path d="M9 4h10a2 2 0 0 1 2 2v12" />
  </Svg>
);

/** An open book: the rules. */
export const RulesIcon = () => (
  <Svg>
    <path d="M12 6c-2-1.5-5-2-8-1.5v14c3-.5 6 0 8 1.5 2-1.5 5-2 8-1.5v-14c-3-.5-6 0-8 1.5zM12 6v14" />
  </Svg>
);

export const TableIcon = () => (
  <Svg>
    <path d="M4 4h16v16H4zM4 10h16M10 4v16" />
  </Svg>
);

/** The fair-shuffle shield beside a table's commitments hash. */
export const ShieldIcon = () => (
  <Svg size={14}>
    <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6z" />
    <path d="m9 12 2 2 4-4" />
  </Svg>
);

export const CloseIcon = () => (
  <Svg>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);

/** An arrow pointing where the cards go: left, right, up (across) or a circle (no pass). */
export function DirectionArrow({ kind, size = 28 }: { kind: string; size?: number }) {
  const d =
    kind === 'left'
      ? 'M20 12H4m6-6-6 6 6 6'
      : kind === 'right'
        ? 'M4 12h16m-6-6 6 6-6 6'
        : kind === 'across'
          ? 'M12 20V4m-6 6 6-6 6 6'
          : kind === 'none'
            ? 'M5 5l14 14M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z'
            : 'M20 12H4m6-6-6 6 6 6';
  return (
    <Svg size={size}>
      <path d={d} />
    </Svg>
  );
}

/** Replay controls: to the previous or next hand, the previous or next trick. */
export const StepIcon = ({ kind }: { kind: 'first' | 'prev' | 'next' | 'last' }) => (
  <Svg size={20}>
    {kind === 'first' && <path d="M6 5v14M18 5l-9 7 9 7z" />}
    {kind === 'prev' && <path d="M16 5l-9 7 9 7z" />}
    {kind === 'next' && <path d="M8 5l9 7-9 7z" />}
    {kind === 'last' && <path d="M18 5v14M6 5l9 7-9 7z" />}
  </Svg>
);

export const DownloadIcon = () => (
  <Svg>
    <path d="M12 4v11m-5-5 5 5 5-5M5 20h14" />
  </Svg>
);

export const ShareIcon = () => (
  <Svg>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
  </Svg>
);

export const ChatIcon = () => (
  <Svg>
    <path d="M4 5h16v11H9l-5 4z" />
  </Svg>
);

export const ClockIcon = () => (
  <Svg size={14}>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l3 2M9 2h6" />
  </Svg>
);

/** A die (the seven of the die): its face of three; with `label`, an image of that name, else decoration. */
export const DieIcon = ({ size, label }: { size?: number; label?: string }) => {
  const die = (
    <Svg size={size ?? 14}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="4" />
      <circle cx="8.2" cy="8.2" r="1.5" fill="currentColor" stroke="none" />
      <circle cx="12" cy="12" r="1.5" fill="currentColor" stroke="none" />
      <circle cx="15.8" cy="15.8" r="1.5" fill="currentColor" stroke="none" />
    </Svg>
  );
  return label ? (
    <span className="die-icon" role="img" aria-label={label}>
      {die}
    </span>
  ) : (
    die
  );
};

/** The medals of the first three places: gold, silver, bronze, each with its place on it. */
const MEDAL_COLOURS = ['#e8b923', '#c4c9cf', '#cd7f32'] as const;

/** A coloured picture (its own fills, not the text's colour), hidden from screen readers like the line icons. */
const Picture = ({
  size,
  className,
  children,
}: {
  size: number;
  className: string;
  children: React.ReactNode;
}) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    className={className}
  >
    {children}
  </svg>
);

/** A place's medal (1 to 3), drawn in its metal; hidden from screen readers: the caller names the place. */
export const MedalIcon = ({ place, size = 20 }: { place: 1 | 2 | 3; size?: number }) => (
  <Picture size={size} className="medal-icon">
    <path d="M7 2h4l2 7H9zM17 2h-4l-2 7h4z" fill="#c0392b" />
    <circle cx="12" cy="15" r="7" fill={MEDAL_COLOURS[place - 1]} stroke="#00000040" strokeWidth="1" />
    <text
      x="12"
      y="18.6"
      textAnchor="middle"
      fontSize="10"
      fontWeight="700"
      fill="#3b2a00"
      fontFamily="inherit"
    >
      {place}
    </text>
  </Picture>
);

/** A flame: a streak in a tournament (the next game counts double); decoration, its words beside it. */
export const FlameIcon = ({ size = 14 }: { size?: number }) => (
  <Picture size={size} className="flame-icon">
    <path
      d="M12 2c1 3.5 5 6 5 11a5 5 0 0 1-10 0c0-2.2 1-3.8 2.2-5 .2 1.6.9 2.7 2 3.3C11 8.5 11.3 5 12 2z"
      fill="#f39c12"
      stroke="#e74c3c"
      strokeWidth="1.5"
      strokeLinejoin="round"
    />
  </Picture>
);
