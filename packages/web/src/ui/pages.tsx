import type { ReactNode } from 'react';
import { HelpPage } from './HelpPage';
import { HistoryPage } from './HistoryPage';
import { ReplayPage } from './ReplayPage';
import { SettingsPage } from './SettingsPage';
import { StatsPage } from './StatsPage';

/** The screens besides the start screen and the table, by the first part of their route. */
export const pages: Readonly<Record<string, (rest: string) => ReactNode>> = {
  settings: () => <SettingsPage />,
  help: () => <HelpPage />,
  history: () => <HistoryPage />,
  stats: () => <StatsPage />,
  replay: (id) => <ReplayPage key={id} id={id} />,
};
