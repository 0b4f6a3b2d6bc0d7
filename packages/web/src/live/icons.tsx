/** Line icons of live play, drawn like the app's own (src/ui/icons.tsx). */
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
