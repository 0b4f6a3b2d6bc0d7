import { lazy, Suspense, type ReactNode } from 'react';
import { HelpPage } from './HelpPage';
import { HistoryPage } from './HistoryPage';
import { ReplayPage } from './ReplayPage';
import { SettingsPage } from './SettingsPage';
import { StatsPage } from './StatsPage';

/** The score pad, loaded on demand (src/pad). */
const PadScreen = lazy(() => import('../pad/PadScreen'));
/** Live play (src/live), loaded on demand. */
const LiveScreen = lazy(() => import('../live/LivePages'));

/** The screens besides the start screen and the table, by the first part of their route. */
export const pages: Readonly<Record<string, (rest: string) => ReactNode>> = {
  settings: () => <SettingsPage />,
  help: () => <HelpPage />,
  history: () => <HistoryPage />,
  stats: () => <StatsPage />,
  replay: (id) => <ReplayPage key={id} id={id} />,
  pad: () => (
    <Suspense fallback={null}>
      <PadScreen />
    </Suspense>
  ),
  live: (rest) => (
    <Suspense fallback={null}>
      <LiveScreen rest={rest} />
    </Suspense>
  ),
};
