import { describe, expect, it } from 'vitest';
import { AnalysisFailed, reducedBudget, runAnalysis } from './client';
import type { AnalysisMessage, AnalysisRequest } from './protocol';
import { recordKey, type SavedDecision } from './saved';

/** A worker the test answers for: what the page posted, whether it was ended, and a way to send messages. */
function fakeWorker() {
  const posted: AnalysisRequest[] = [];
  let terminated = false;
  const w = {
    onmessage: null as ((e: MessageEvent<AnalysisMessage>) => void) | null,
    onerror: null as ((e: ErrorEvent) => void) | null,
    postMessage: (m: AnalysisRequest) => posted.push(m),
    terminate: () => (terminated = true),
  };
  return {
    worker: w as unknown as Worker,
    posted,
    terminated: () => terminated,
    send: (m: AnalysisMessage) => w.onmessage!({ data: m } as MessageEvent<AnalysisMessage>),
  };
}

const decision: SavedDecision = {
  hand: 0,
  kind: 'play',
  trick: 0,
  step: 0,
  seat: 0,
  played: '2C',
  best: '2C',
  bestCards: ['2C'],
  cost: 0,
  mark: null,
  forced: true,
  playedPoints: null,
  bestPoints: null,
};
const summary = { seat: 0, decisions: 1, cost: 0, accuracy: 100, inaccuracies: 0, mistakes: 0, blunders: 0 };

describe('runAnalysis', () => {
  it('asks for one seat with the budget, reports progress and resolves with the analysis to keep', async () => {
    const f = fakeWorker();
    const seen: number[] = [];
    const record = { format: 'hearts-record/1' };
    const run = runAnalysis(
      () => f.worker,
      { record, seat: 2, deals: 100 },
      (done) => seen.push(done),
      () => 42,
    );
    expect(f.posted).toEqual([{ record, seat: 2, seed: 1, budget: reducedBudget(100), game: null }]);
    f.send({ kind: 'progress', done: 1, total: 1, decision });
    f.send({ kind: 'done', decisions: [decision], summary, positions: [] });
    expect(await run.result).toEqual({
      analysis: {
        version: 1,
        key: recordKey(record),
        seat: 2,
        deals: 100,
        decisions: [decision],
        summary,
        at: 42,
      },
      positions: [],
    });
    expect(seen).toEqual([1]);
    expect(f.terminated()).toBe(true);
  });

  it('the full budget is the library’s own', () => {
    expect(reducedBudget(null)).toEqual({});
  });

  it('cancelling ends the worker at once and rejects with an AbortError; later messages change nothing', async () => {
    const f = fakeWorker();
    const run = runAnalysis(
      () => f.worker,
      { record: {}, seat: 0, deals: null },
      () => undefined,
    );
    run.cancel();
    expect(f.terminated()).toBe(true);
    await expect(run.result).rejects.toMatchObject({ name: 'AbortError' });
    f.send({ kind: 'done', decisions: [], summary, positions: [] });
  });

  it('a worker that fails or reports an error rejects with its reason', async () => {
    const a = fakeWorker();
    const runA = runAnalysis(
      () => a.worker,
      { record: {}, seat: 0, deals: null },
      () => undefined,
    );
    a.send({ kind: 'error', error: '"format" must be "hearts-record/1"' });
    await expect(runA.result).rejects.toEqual(new AnalysisFailed('"format" must be "hearts-record/1"'));
    const b = fakeWorker();
    const runB = runAnalysis(
      () => b.worker,
      { record: {}, seat: 0, deals: null },
      () => undefined,
    );
    (b.worker as unknown as { onerror: (e: unknown) => void }).onerror({
      message: 'boom',
      preventDefault: () => undefined,
    });
    await expect(runB.result).rejects.toMatchObject({
      name: 'AnalysisError',
      message: 'analysis worker failed: boom',
    });
    expect(b.terminated()).toBe(true);
  });
});
