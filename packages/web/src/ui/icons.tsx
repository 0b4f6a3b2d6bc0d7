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
