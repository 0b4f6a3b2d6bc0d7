import type { ReactNode } from 'react';
import { SettingsPage } from './SettingsPage';

/** The screens besides the start screen and the table, by the first part of their route. */
export const pages: Readonly<Record<string, () => ReactNode>> = {
  settings: () => <SettingsPage />,
};
