import {
  CardSet,
  applyMove,
  deal,
  legalMoves,
  newGame,
  seededRandom,
  type Suit,
  toPlay,
  tricksDone,
} from '@hearts/engine';
import { describe, expect, it, vi } from 'vitest';
import { SoloTable, directBots } from '../solo/host';
import { loadHistory, type HistoryEntry } from '../../kit/records';
import { saveSession } from '../solo/session';
import { memoryStore, writeJson } from '../../kit/storage';
import { TOKEN_KEY } from '../../kit/server/token';
import { CLAIMED_KEY, reported, unreportedWins, watchPracticeWins } from './practice';

const claimPractice = vi.hoisted(() => vi.fn(() => Promise.resolve({ amount: 500 })));
vi.mock('./api', () => ({ claimPractice }));

const entry = (id: string, winners: number[], endedAt: number): HistoryEntry =>
  ({
    id,
    winners,
    endedAt,
    startedAt: endedAt - 1,
    level: 'easy',
    scores: [],
    record: {},
  }) as unknown as HistoryEntry;

describe('practice wins to report', () => {
  it('are the won games not reported yet, oldest first', () => {
    const history = [entry('c', [0], 3), entry('b', [2], 2), entry('a', [0, 1], 1)]; // newest first
    expect(unreportedWins(history, []).map((e) => e.id)).toEqual(['a', 'c']);
    expect(unreportedWins(history, ['a']).map((e) => e.id)).toEqual(['c']);
    expect(unreportedWins(history, ['a', 'c'])).toEqual([]);
  });

  it('leave out games with cards taken back (undo): practice only, they pay nothing', () => {
    const undone = { ...entry('u', [0], 4), record: { undos: 1 } } as unknown as HistoryEntry;
    const history = [undone, entry('c', [0], 3)];
    expect(unreportedWins(history, []).map((e) => e.id)).toEqual(['c']);
  });

  it('remembers what was reported; anything unreadable counts as nothing reported', () => {
    const store = memoryStore();
    expect(reported(store)).toEqual([]);
    writeJson(store, CLAIMED_KEY, ['x', 3, 'y']);
    expect(reported(store)).toEqual(['x', 'y']);
    store.set(CLAIMED_KEY, '{not json');
    expect(reported(store)).toEqual([]);
  });
});

describe('watchPracticeWins', () => {
  it('reports a solo game the player wins as soon as its result is in (the game is then in the history)', async () => {
    // One hand; seat 0 holds every spade and leads every trick: it shoots the moon and wins. One card to go.
    const state = newGame({ handsToPlay: 1, passCards: 0, firstLead: 'dealer' });
    if (!state.ok) throw new Error(state.error.message);
    const dealt = deal(
      state.value,
      [3, 0, 1, 2].map((suit) => CardSet.suit(suit as Suit)),
    );
    if (!dealt.ok) throw new Error(dealt.error.message);
    let game = dealt.value;
    while (!(tricksDone(game) === 12 && toPlay(game)! === 0)) {
      const seat = toPlay(game)!;
      const r = applyMove(game, seat, { kind: 'play', card: legalMoves(game, seat).first()! });
      if (!r.ok) throw new Error(r.error.message);
      game = r.value;
    }
    const store = memoryStore();
    store.set(TOKEN_KEY, 'guest-token');
    saveSession(store, { id: 'won', startedAt: 1, level: 'easy', state: game, seeds: [null] });
    const solo = new SoloTable({
      store,
      bots: directBots(() => seededRandom(1)),
      scheduler: { now: () => 0, after: () => () => undefined },
      timing: () => ({ move: 0, hold: 0, pace: 0 }),
    });
    expect(solo.resume()).toBe(true);
    const stop = watchPracticeWins(solo, store);
    const last = solo.state!.view.legal[0]!;
    expect((await solo.submit({ kind: 'play', card: last }))?.ok).toBe(true);
    await vi.waitFor(() => expect(solo.getSnapshot().result).not.toBeNull());
    await vi.waitFor(() => expect(claimPractice).toHaveBeenCalledTimes(1));
    expect(claimPractice).toHaveBeenCalledWith('guest-token', loadHistory(store)[0]!.record, 0);
    stop();
  });
});
