// @vitest-environment happy-dom
import { CardSet, deal, newGame, seededRandom, type Result, type Suit } from '@hearts/engine';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SoloTable, directBots } from '../features/solo/host';
import { browserScheduler } from './ports';
import { saveSession } from '../features/solo/session';
import { defaultSettings } from '../kit/settings';
import type { SoundName, SoundPort } from './sound';
import { memoryStore } from '../kit/storage';
import { testI18n } from '../test-support';
import { App } from '../app/App';
import { SoloPage } from '../features/solo/SoloPage';

function unwrap<T>(r: Result<T, unknown>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

/** A port that records what it was asked to play, and how often it was unlocked. */
function recorder() {
  const played: SoundName[] = [];
  let unlocks = 0;
  const port: SoundPort = {
    play: (s) => played.push(s),
    unlock: () => {
      unlocks++;
      return Promise.resolve();
    },
  };
  return { port, played, unlocks: () => unlocks };
}

/** Seat 0 holds every heart and leads; seat 3 holds the spades, the Q♠ among them. */
async function renderTable(sound: boolean, port: SoundPort) {
  const store = memoryStore();
  let state = unwrap(newGame({ passCards: 0, firstLead: 'dealer' }));
  state = unwrap(
    deal(
      state,
      [3, 0, 1, 2].map((suit) => CardSet.suit(suit as Suit)),
    ),
  );
  saveSession(store, { id: 's', startedAt: 1, level: 'random', state, seeds: [null] });
  const controller = new SoloTable({
    store,
    bots: directBots(() => seededRandom(1)),
    scheduler: browserScheduler(),
    timing: () => ({ move: 0, hold: 0, pace: 0 }),
  });
  window.location.hash = '#/play';
  await act(async () => {
    render(
      <App
        i18n={testI18n('en')}
        store={store}
        table={(fresh) => <SoloPage controller={controller} fresh={fresh} />}
        initialSettings={{ ...defaultSettings('en'), sound }}
        coarsePointer={false}
        sound={port}
      />,
    );
    await controller.idle();
  });
  return controller;
}

/** Plays the player's highest heart and lets the bots finish the trick. */
async function playTrick(controller: SoloTable, card: string) {
  await act(async () => {
    const el = document.querySelector(`[data-card="${card}"]`)!;
    fireEvent.pointerDown(el);
    fireEvent.click(el);
    for (let i = 0; i < 20 && controller.getSnapshot().live!.view.turn !== 0; i++) {
      await new Promise((r) => setTimeout(r, 5));
      await controller.idle();
    }
  });
}

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('the table’s sounds', () => {
  it('sound on: a card per card played, then the trick taken (the Q♠’s own sound when it falls)', async () => {
    const rec = recorder();
    const c = await renderTable(true, rec.port);
    expect(rec.played).toEqual([]); // the table as resumed makes no sound
    await playTrick(c, 'AH');
    expect(c.getSnapshot().live!.view.tricks).toHaveLength(1);
    const queen = c.getSnapshot().live!.view.tricks[0]!.cards.includes('QS');
    expect(rec.played).toEqual(['card', 'card', 'card', 'card', queen ? 'queen' : 'trick']);
    expect(rec.unlocks()).toBeGreaterThan(0); // the tap unlocked the audio
    await playTrick(c, 'KH');
    expect(rec.played.filter((s) => s === 'card')).toHaveLength(8);
  });

  it('sound off (the default): nothing plays and nothing is unlocked', async () => {
    expect(defaultSettings('en').sound).toBe(false);
    const rec = recorder();
    const c = await renderTable(false, rec.port);
    await playTrick(c, 'AH');
    expect(c.getSnapshot().live!.view.tricks).toHaveLength(1);
    expect(rec.played).toEqual([]);
    expect(rec.unlocks()).toBe(0);
  });
});
