import {
  CALIBRATION_REFERENCE_MS,
  analyzeGame,
  serveAnalysis,
  type AnalysisReply,
  type DecisionAnalysis,
  type AnalysisRequest,
} from '@hearts/bots';
import { makeRecord, type GameRecord } from '@hearts/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { playGame } from '../../testing';
import {
  ANALYSIS_CAP_MS,
  AnalysisFailed,
  MAX_WORKERS,
  analysisCapMs,
  analysisWorkers,
  reducedBudget,
  runAnalysis,
  type AnalysisUpdate,
} from './client';
import { recordKey, savedDecision, type SavedDecision } from './saved';
import { ownPositions } from './training';

/**
 * A Web Worker the test runs in this thread: it answers with the analysis' own worker side (serveAnalysis), a
 * message at a time as a real worker would, and records what the page asked and whether the page ended it.
 */
function fakeWorker(calibrationMs?: number, all: AnalysisRequest[] = []) {
  const posted: AnalysisRequest[] = [];
  let terminated = false;
  const w = {
    onmessage: null as ((e: MessageEvent<AnalysisReply>) => void) | null,
    onerror: null as ((e: ErrorEvent) => void) | null,
    postMessage: (m: AnalysisRequest) => {
      posted.push(m);
      all.push(m);
      setTimeout(() => {
        if (terminated) return;
        if (m.kind === 'calibrate' && calibrationMs !== undefined)
          w.onmessage?.({ data: { kind: 'calibrate', id: m.id, ms: calibrationMs } } as MessageEvent);
        else answer(m);
      }, 0);
    },
    terminate: () => (terminated = true),
  };
  const answer = serveAnalysis((reply) => {
    if (!terminated) w.onmessage?.({ data: reply } as MessageEvent<AnalysisReply>);
  });
  return { worker: w as unknown as Worker, posted, terminated: () => terminated, w };
}

/**
 * A factory of test workers, each reporting the given calibration, the workers it made, and every message posted to
 * any of them in the order they were posted.
 */
function workers(calibrationMs = CALIBRATION_REFERENCE_MS) {
  const made: ReturnType<typeof fakeWorker>[] = [];
  const posted: AnalysisRequest[] = [];
  return {
    made,
    posted,
    make: () => {
      const f = fakeWorker(calibrationMs, posted);
      made.push(f);
      return f.worker;
    },
  };
}

/** One hand of random bots (real mistakes), and the library's own analysis of seat 0 with the same budget. */
const DEALS = 60;
let record: GameRecord;
let expected: SavedDecision[];
let full: readonly DecisionAnalysis[];

beforeAll(async () => {
  record = makeRecord(playGame(5, { handsToPlay: 1 }), ['You', 'Bot 1', 'Bot 2', 'Bot 3']);
  const r = await analyzeGame(record, { seats: [0], seed: 1, ...reducedBudget(DEALS) });
  if (!r.ok) throw new Error('the record did not replay');
  full = r.value.decisions;
  expected = full.map(savedDecision);
});

describe('runAnalysis', () => {
  it('plays the analysis on one worker per core: the library’s own analysis, each decision reported as settled', async () => {
    const ws = workers();
    const seen: AnalysisUpdate[] = [];
    const run = runAnalysis(ws.make, { record, seat: 0, deals: DEALS }, (u) => seen.push(u), {
      workers: 2,
      now: () => 42,
    });
    const { analysis, positions } = await run.result;
    expect(analysis).toMatchObject({ version: 1, key: recordKey(record), seat: 0, deals: DEALS, at: 42 });
    expect(analysis.decisions).toEqual(expected);
    expect(positions).toEqual([]); // not the player's own game
    // Every decision reported once, counted up, with the time left; the marked ones come first.
    expect(seen.map((u) => u.done)).toEqual(expected.map((_, i) => i + 1));
    expect(seen.every((u) => u.total === expected.length && Number.isFinite(u.secondsLeft))).toBe(true);
    expect(new Set(seen.map((u) => JSON.stringify(u.decision)))).toEqual(
      new Set(expected.map((d) => JSON.stringify(d))),
    );
    // The decisions likely to be marked (a cost of 1.5 or more so far) are played first: one is among the first
    // three reported after the forced ones (a decision settled by its first block is reported at once).
    const unforced = seen.filter((u) => !u.decision.forced);
    expect(Math.max(...unforced.map((u) => u.decision.cost))).toBeGreaterThan(2);
    expect(unforced.slice(0, 3).some((u) => u.decision.cost >= 1.5)).toBe(true);
    // Both workers were given the job first and did some of the deals; both are ended.
    for (const f of ws.made) {
      expect(f.posted[0]).toMatchObject({ kind: 'job', job: { seats: [0], seed: 1 } });
      expect(f.posted.some((m) => m.kind === 'run')).toBe(true);
      expect(f.terminated()).toBe(true);
    }
  });

  it('the same analysis on one worker or three', async () => {
    for (const n of [1, 3]) {
      const run = runAnalysis(workers().make, { record, seat: 0, deals: DEALS }, () => undefined, {
        workers: n,
      });
      expect((await run.result).analysis.decisions).toEqual(expected);
    }
  });

  it('the player’s own game gives its training positions', async () => {
    const run = runAnalysis(workers().make, { record, seat: 0, deals: DEALS, game: 'g1' }, () => undefined, {
      workers: 2,
      now: () => 7,
    });
    const { positions } = await run.result;
    expect(positions.length).toBeGreaterThan(0);
    expect(positions).toEqual(ownPositions(record, full, 0, { game: 'g1', createdAt: 7 }));
  });

  it('cancelling ends every worker at once and rejects with an AbortError; nothing is reported after', async () => {
    const ws = workers();
    let after = 0;
    let cancelled = false;
    const run = runAnalysis(
      ws.make,
      { record, seat: 0, deals: DEALS },
      () => {
        if (cancelled) after++;
        else {
          cancelled = true;
          run.cancel();
        }
      },
      { workers: 2 },
    );
    await expect(run.result).rejects.toMatchObject({ name: 'AbortError' });
    expect(ws.made.every((f) => f.terminated())).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(after).toBe(0);
  });

  it('a record that does not replay, or a worker that fails, rejects with the reason', async () => {
    const bad = runAnalysis(workers().make, { record: {}, seat: 0, deals: null }, () => undefined, {
      workers: 1,
    });
    await expect(bad.result).rejects.toBeInstanceOf(AnalysisFailed);
    await expect(bad.result).rejects.toMatchObject({ name: 'AnalysisError' });

    const ws = workers();
    const broken = runAnalysis(ws.make, { record, seat: 0, deals: null }, () => undefined, { workers: 2 });
    ws.made[1]!.w.onerror!({ message: 'boom', preventDefault: () => undefined } as ErrorEvent);
    await expect(broken.result).rejects.toMatchObject({
      name: 'AnalysisError',
      message: 'analysis worker failed: boom',
    });
    expect(ws.made.every((f) => f.terminated())).toBe(true);
  });

  it('stops at the device’s cap: the decisions not settled keep the mark their deals allow', async () => {
    // The calibration is asked for once the first decision is analysed (the workers are warm then); a clock that
    // reads 0 until then, and far beyond the cap after it.
    const ws = workers();
    const calibrating = () => ws.posted.findIndex((m) => m.kind === 'calibrate');
    const clock = () => (calibrating() < 0 ? 0 : 10 * ANALYSIS_CAP_MS);
    const seen: AnalysisUpdate[] = [];
    const run = runAnalysis(ws.make, { record, seat: 0, deals: null }, (u) => seen.push(u), {
      workers: 2,
      clock,
    });
    const { analysis } = await run.result;
    expect(analysis.decisions.length).toBe(expected.length);
    expect(seen.length).toBe(expected.length);
    // Once the calibration's answer set the deadline, no more deals were played: only the blocks already asked for
    // while it came (a few per worker) went out after the calibration was asked for.
    const before = ws.made.map((f) => f.posted.filter((m) => m.kind === 'run').length);
    expect(before.every((n) => n > 0)).toBe(true);
    const after = ws.posted.slice(calibrating()).filter((m) => m.kind === 'run').length;
    expect(after).toBeLessThanOrEqual(4);
    // The decisions cut short keep the mark of what their deals allow.
    expect(analysis.decisions.filter((d) => !d.forced).length).toBeGreaterThan(0);
  });
});

describe('the time an analysis may take on a device', () => {
  it('one worker per core the device reports, at least one and at most MAX_WORKERS', () => {
    expect(analysisWorkers(4)).toBe(4);
    expect(analysisWorkers(1)).toBe(1);
    expect(analysisWorkers(64)).toBe(MAX_WORKERS);
    expect(analysisWorkers(undefined)).toBe(2);
    expect(analysisWorkers(0)).toBe(2);
  });

  it('the reference machine’s cap times how much slower the device is, never less', () => {
    expect(analysisCapMs(CALIBRATION_REFERENCE_MS, 2)).toBe(ANALYSIS_CAP_MS);
    expect(analysisCapMs(CALIBRATION_REFERENCE_MS / 3, 8)).toBe(ANALYSIS_CAP_MS); // a faster device
    expect(analysisCapMs(3 * CALIBRATION_REFERENCE_MS, 2)).toBe(3 * ANALYSIS_CAP_MS); // a phone's slow cores
    expect(analysisCapMs(3 * CALIBRATION_REFERENCE_MS, 1)).toBe(6 * ANALYSIS_CAP_MS); // and only one of them
  });

  it('the full budget is the library’s own', () => {
    expect(reducedBudget(null)).toEqual({});
  });
});
