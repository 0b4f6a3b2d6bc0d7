// @vitest-environment happy-dom
import { makeRecord } from '@hearts/engine';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { recordKey, saveAnalysis } from '../analysis/saved';
import { addToHistory } from '../../kit/records';
import { memoryStore } from '../../kit/storage';
import { playGame } from '../../testing';
import { openedFile } from '../../kit/replay';
import { pages } from '../../app/pages';
import { openApp, screenLoaded } from '../../test-support';

afterEach(cleanup);

const state = playGame(8, { handsToPlay: 1 });
const record = makeRecord(state, ['You', 'Bot 1', 'Bot 2', 'Bot 3']);

async function open(store = memoryStore()): Promise<void> {
  openApp('#/history', { lang: 'en', store, pages });
  await screenLoaded();
}

const drop = (text: string, name = 'game.json') =>
  fireEvent.drop(document.querySelector('.record-drop')!, {
    dataTransfer: { types: ['Files'], files: [new File([text], name, { type: 'application/json' })] },
  });

describe('the history page', () => {
  it('opens a record file dropped on it, for the reader to pick the seat to analyse', async () => {
    await open();
    drop(JSON.stringify(record), 'mine.json');
    await waitFor(() => expect(window.location.hash).toBe('#/replay/file'));
    expect(openedFile.name).toBe('mine.json');
    expect(openedFile.seat).toBeNull();
    expect(openedFile.replay!.record).toEqual(record);
  });

  it('refuses a dropped file that is not a record, with the reason', async () => {
    await open();
    drop('{"format":"hearts-record/1","rules":{},"players":[],"hands":[]}');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /cannot be replayed: it is not a game record/,
    );
    drop('not json');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This file cannot be replayed: it is not a JSON file',
      ),
    );
  });

  it('shows the accuracy of a game analysed already', async () => {
    const store = memoryStore();
    addToHistory(store, {
      id: 'g1',
      startedAt: 1,
      endedAt: 2,
      level: 'easy',
      record,
      scores: [0, 0, 0, 0],
      winners: [0],
    });
    const summary = {
      seat: 0,
      decisions: 1,
      cost: 0,
      accuracy: 87.5,
      inaccuracies: 0,
      mistakes: 0,
      blunders: 0,
    };
    saveAnalysis(store, {
      version: 1,
      key: recordKey(record),
      seat: 0,
      deals: null,
      decisions: [],
      summary,
      at: 1,
    });
    await open(store);
    expect(document.querySelector('.accuracy-mark')!.textContent).toBe(' · analysed: accuracy 87.5 %');
  });
});
