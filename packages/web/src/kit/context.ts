import { createContext, useContext } from 'react';
import type { Settings } from './settings';
import type { KeyValueStore } from './storage';

/** What every screen may use: the settings, the device store, and navigation. */
export interface AppServices {
  readonly settings: Settings;
  readonly updateSettings: (patch: Partial<Settings>) => void;
  readonly store: KeyValueStore;
  readonly navigate: (route: string) => void;
  readonly coarsePointer: boolean; // a touch screen: tap to raise a card, tap again to play
}

export const AppContext = createContext<AppServices | null>(null);

export function useApp(): AppServices {
  const app = useContext(AppContext);
  if (!app) throw new Error('useApp outside of <AppContext>');
  return app;
}
