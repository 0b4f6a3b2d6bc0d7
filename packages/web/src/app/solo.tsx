/**
 * The solo table as main.tsx runs it, loaded when the table first opens (`#/play`, `#/new`): the solo host with the
 * bots in a Web Worker, the browser's clock, and the won games reported for chips. Nothing of it is in the start
 * page's first load (scripts/first-load.mjs).
 */
import type { ComponentType } from 'react';
import { workerBots } from '../features/solo/bots/client';
import { SoloTable } from '../features/solo/host';
import { SoloPage } from '../features/solo/SoloPage';
import { watchPracticeWins } from '../features/profile/practice';
import type { Level } from '@hearts/bots';
import type { Timing } from '../kit/settings';
import type { KeyValueStore } from '../kit/storage';
import { browserScheduler } from '../table/ports';

export interface SoloScreenOptions {
  readonly store: KeyValueStore;
  readonly timing: () => Timing; // the pauses of the settings now
  readonly budgetMs: (level: Level) => number; // a bot's time to think
}

/** The one solo table of the page and its screen (made once: the table stays while other pages are open). */
export function soloScreen(o: SoloScreenOptions): ComponentType<{ readonly fresh: boolean }> {
  const controller = new SoloTable({
    store: o.store,
    bots: workerBots(
      () => new Worker(new URL('../features/solo/bots/worker.ts', import.meta.url), { type: 'module' }),
    ),
    scheduler: browserScheduler(),
    timing: o.timing,
    budgetMs: o.budgetMs,
    onWarning: (m) => console.warn(m),
    undo: true, // practice: the player may take back a card (a game with undo pays no chips)
  });
  // A device with a live player reports its won solo games: they pay chips (src/features/profile/practice.ts).
  watchPracticeWins(controller, o.store);
  return function SoloScreen({ fresh }) {
    return <SoloPage controller={controller} fresh={fresh} />;
  };
}
