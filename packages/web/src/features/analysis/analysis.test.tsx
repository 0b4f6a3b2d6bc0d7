// @vitest-environment happy-dom
import { MARK_THRESHOLDS, analyzeGame, markOf, type DecisionAnalysis, type Mark } from '@hearts/bots';
import { makeRecord, type GameRecord } from '@hearts/engine';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { addToHistory } from '../../kit/records';
import { memoryStore, writeJson } from '../../kit/storage';
import { playGame } from '../../testing';
import { pages } from '../../app/pages';
import { reducedBudget } from './client';
import {
  ANALYSES_KEY,
  ANALYSES_MAX,
  loadAnalyses,
  loadAnalysis,
  recordKey,
  saveAnalysis,
  savedDecision,
  type SavedAnalysis,
} from './saved';
import { TRAINING_MIN_COST, ownPositions } from './training';
import { MARKS, trainingPositionSchema, type Mark as TrainingMark } from '@hearts/protocol/http/training';
import {
  MISTAKE_COST,
  TRAINING_MARKS,
  TRAINING_RIGHT_WITHIN,
  isRightAnswer,
} from '@hearts/practice/training';
import { openApp, screenLoaded } from '../../test-support';

/** One hand of random bots (they make real mistakes), its record, and seat 0's analysis with a small budget. */
let record: GameRecord;
let kept: SavedAnalysis;
let decisions: readonly DecisionAnalysis[]; // as the worker has them: with every option rated

beforeAll(async () => {
  const state = playGame(5, { handsToPlay: 1 });
  record = makeRecord(state, ['You', 'Bot 1', 'Bot 2', 'Bot 3']);
  const r = await analyzeGame(record, { seats: [0], seed: 1, ...reducedBudget(120) });
  if (!r.ok) throw new Error('the record did not replay');
  decisions = r.value.decisions;
  kept = {
    version: 1,
    key: recordKey(record),
    seat: 0,
    deals: 120,
    decisions: r.value.decisions.map(savedDecision),
    summary: r.value.seats[0]!,
    at: 1,
  };
}, 120_000);

afterEach(cleanup);

describe('a kept analysis', () => {
  it('is found again by its record and seat, whatever object the record comes in', () => {
    const store = memoryStore();
    saveAnalysis(store, kept);
    const again = JSON.parse(JSON.stringify(record)) as unknown;
    expect(loadAnalysis(store, recordKey(again), 0)).toEqual(kept);
    expect(loadAnalysis(store, recordKey(again), 1)).toBeNull();
    expect(recordKey({ ...record, players: ['A', 'B', 'C', 'D'] })).not.toBe(recordKey(record));
  });

  it('keeps the newest ANALYSES_MAX, one per record and seat, and leaves out entries that are not well formed', () => {
    const store = memoryStore();
    for (let i = 0; i < ANALYSES_MAX + 5; i++) saveAnalysis(store, { ...kept, key: `k${i}`, at: i });
    saveAnalysis(store, { ...kept, key: 'k40', at: 99 });
    const all = loadAnalyses(store);
    expect(all).toHaveLength(ANALYSES_MAX);
    expect(all[0]!.key).toBe('k40');
    expect(all.filter((a) => a.key === 'k40')).toHaveLength(1);
    expect(all.some((a) => a.key === 'k0')).toBe(false);
    writeJson(store, ANALYSES_KEY, [{ version: 1, key: 'x' }, kept, 'junk']);
    expect(loadAnalyses(store)).toEqual([kept]);
  });

  it('names every card as good as the better one, and passes in full', () => {
    const play = kept.decisions.find((d) => d.kind === 'play' && d.cost > 0)!;
    expect(play.bestCards).toContain(play.best);
    expect(play.bestCards).not.toContain(play.played);
    const pass = kept.decisions.find((d) => d.kind === 'pass')!;
    expect(pass.bestCards).toEqual(pass.best);
  });
});

describe('training positions', () => {
  it('judge answers by the analysis’ own marks (the wire package cannot import the bots)', () => {
    expect(TRAINING_RIGHT_WITHIN).toBe(MARK_THRESHOLDS.inaccuracy);
    expect([...MARKS].sort()).toEqual(Object.keys(MARK_THRESHOLDS).sort());
    expectTypeOf<TrainingMark>().toEqualTypeOf<Mark>();
  });

  it('are the own decisions marked a mistake or a blunder, never an inaccuracy, each with the seat’s own view and every option rated', () => {
    // The small budget's intervals are too wide for marks: the decisions get their costs' own marks, and the
    // costliest is marked an inaccuracy, as a cost of 2.05 is (a mark is that of the cost's lower bound).
    const costliest = decisions.reduce((a, d) => (d.kind !== 'moon' && d.cost > a.cost ? d : a));
    expect(costliest.cost).toBeGreaterThanOrEqual(TRAINING_MIN_COST);
    const marked = decisions.map((d) => ({
      ...d,
      mark: d === costliest ? ('inaccuracy' as const) : markOf(d.cost),
    }));
    const positions = ownPositions(record, marked, 0, { game: 'g1', createdAt: 7 });
    const costly = marked.filter((d) => d.kind !== 'moon' && (d.mark === 'mistake' || d.mark === 'blunder'));
    expect(costly.length).toBeGreaterThan(0);
    expect(positions.map((p) => p.cost)).toEqual(costly.map((d) => d.cost));
    expect(positions.map((p) => p.cost)).not.toContain(costliest.cost);
    expect(TRAINING_MARKS).toEqual(['mistake', 'blunder']);
    expect(MISTAKE_COST).toBe(MARK_THRESHOLDS.mistake);
    for (const p of positions) {
      expect(trainingPositionSchema.safeParse(p).success).toBe(true); // what the server and the page accept
      expect(p.observation.seat).toBe(0);
      expect(p).toMatchObject({ source: 'own', game: 'g1', createdAt: 7 });
      expect(['mistake', 'blunder']).toContain(p.mark);
      expect(isRightAnswer(p, p.best)).toBe(true);
      expect(isRightAnswer(p, p.played)).toBe(false);
      if (p.kind === 'play') {
        expect(p.observation.legal).toContain(p.played[0]);
        expect(p.observation.legal).toContain(p.best[0]);
      }
    }
    expect(new Set(positions.map((p) => p.id)).size).toBe(positions.length);
  });

  it('are none for a record the decisions are not of, nor for another seat', () => {
    const other = makeRecord(playGame(6, { handsToPlay: 1 }), ['You', 'Bot 1', 'Bot 2', 'Bot 3']);
    const from = { game: null, createdAt: 7 };
    expect(ownPositions(other, decisions, 0, from)).toEqual([]);
    expect(ownPositions({ format: 'nonsense' }, decisions, 0, from)).toEqual([]);
    expect(ownPositions(record, decisions, 1, from)).toEqual([]);
  });
});

describe('the replay with a kept analysis', () => {
  // The small budget's intervals are too wide for marks (a mark is that of the cost's lower bound): the replay is
  // shown the costs' own marks, so that it has marks to step through.
  let analysis: SavedAnalysis;
  beforeAll(() => {
    // The cheapest marked decision counts as an inaccuracy, so that the marks are of more than one kind.
    const marks = kept.decisions.map((d) => markOf(d.cost));
    const cheapest = kept.decisions.reduce<number>(
      (at, d, i) => (marks[i] !== null && (at < 0 || d.cost < kept.decisions[at]!.cost) ? i : at),
      -1,
    );
    const decisions = kept.decisions.map((d, i) => ({
      ...d,
      mark: i === cheapest ? ('inaccuracy' as const) : marks[i]!,
    }));
    const count = (m: Mark) => decisions.filter((d) => d.mark === m).length;
    const summary = {
      ...kept.summary,
      inaccuracies: count('inaccuracy'),
      mistakes: count('mistake'),
      blunders: count('blunder'),
    };
    analysis = { ...kept, decisions, summary };
  });

  async function open(): Promise<void> {
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
    saveAnalysis(store, analysis);
    openApp('#/replay/g1/analysis', { lang: 'en', store, pages });
    await screenLoaded();
  }

  it('marks the decisions, steps to each mistake and shows the better card on the table', async () => {
    await open(); // kept: shown at once, no worker started
    const marked = analysis.decisions.filter((d) => d.mark !== null);
    expect(marked.length).toBeGreaterThan(1);
    expect(screen.getByText(`You: accuracy ${analysis.summary.accuracy} %`)).toBeTruthy();
    expect(document.querySelectorAll('.move-list .move')).toHaveLength(analysis.decisions.length);
    expect(document.querySelectorAll('.move-list .move[data-mark]')).toHaveLength(marked.length);
    expect(document.querySelectorAll('.points-graph .played-dot')).toHaveLength(analysis.decisions.length);

    // The step control counts what the summary counts: every mark, not "7 mistakes" for 2 mistakes and 5
    // inaccuracies.
    expect(analysis.summary.inaccuracies).toBeGreaterThan(0);
    const counted = [...document.querySelectorAll('.mark-counts .mark-count')].map((e) =>
      Number(/\d+/.exec(e.textContent)![0]),
    );
    expect(counted.reduce((a, b) => a + b)).toBe(marked.length);
    expect(document.querySelector('.mistake-at')!.textContent).toBe(`${marked.length} marked decisions`);
    for (const [i, d] of marked.entries()) {
      if (i === 0) fireEvent.click(screen.getByRole('button', { name: 'Next mark' }));
      else fireEvent.keyDown(window, { key: 'n' });
      expect(document.querySelector('.mistake-at')!.textContent).toBe(`${i + 1} of ${marked.length}`);
      const current = document.querySelector('.move-list .move[aria-current]')!;
      expect(current.getAttribute('data-mark')).toBe(d.mark);
      expect(current.getAttribute('aria-label')).toMatch(/^(Inaccuracy|Mistake|Blunder): /);
      const better = [...document.querySelectorAll('.replay-board .better-card')];
      if (d.kind === 'play') {
        // On the table in front of the seat, and raised in its hand with the card played marked.
        const onTable = document.querySelector('.replay-board .trick-card.better-card.at-bottom');
        expect(onTable).not.toBeNull();
        expect(document.querySelector('.replay-board .trick')!.getAttribute('aria-label')).toContain('You: ');
        expect(document.querySelectorAll('.seat-bottom .played-card.worse')).toHaveLength(1);
        expect(document.querySelectorAll('.seat-bottom .better-card')).toHaveLength(d.bestCards.length);
        expect(document.querySelector('.better-caption')!.textContent).toMatch(/^Better: /);
      } else if (d.kind === 'pass') expect(better.length).toBeGreaterThanOrEqual(3);
    }
    // Round the game: after the last mark the first again; P goes back.
    fireEvent.keyDown(window, { key: 'n' });
    expect(document.querySelector('.mistake-at')!.textContent).toBe(`1 of ${marked.length}`);
    fireEvent.keyDown(window, { key: 'p' });
    expect(document.querySelector('.mistake-at')!.textContent).toBe(`${marked.length} of ${marked.length}`);
    // Stepping on leaves the decision for the end of its trick.
    fireEvent.click(screen.getByRole('button', { name: 'Next trick' }));
    expect(document.querySelector('.move-list .move[aria-current]')).toBeNull();
    expect(document.querySelector('.replay-board .better-card')).toBeNull();
  });
});
