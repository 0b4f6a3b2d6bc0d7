import { createContext, useContext } from 'react';
import type { SoloTable } from '../game/host';
import type { SoundPort } from '../game/sound';
import type { Settings } from '../game/settings';
import type { KeyValueStore } from '../game/storage';

/** What every screen may use: the settings, the device store, the game and navigation. */
export interface AppServices {
  readonly settings: Settings;
  readonly updateSettings: (patch: Partial<Settings>) => void;
  readonly store: KeyValueStore;
  readonly controller: SoloTable;
  readonly navigate: (route: string) => void;
  readonly coarsePointer: boolean; // a touch screen: tap to raise a card, tap again to play
  readonly sound?: SoundPort; // plays the table’s sounds when the settings turn them on (none: silent)
}

export const AppContext = createContext<AppServices | null>(null);

export function useApp(): AppServices {
  const app = useContext(AppContext);
  if (!app) throw new Error('useApp outside of <AppContext>');
  return app;
}
