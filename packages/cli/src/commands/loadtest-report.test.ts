import { describe, expect, test } from 'vitest';
import { loadtestReport, type LoadtestResult } from './loadtest.js';

const run = (tables: number, tablesOpened: number): LoadtestResult => ({
  tables,
  tablesOpened,
  tablesCompleted: tablesOpened,
  messagesPerSecond: 900,
  latencyMs: { p50: 2, p95: 5, p99: 9 },
  passLatencyMs: { p50: 3, p99: 8 },
  playLatencyMs: { p50: 2, p99: 7 },
  endLatencyMs: { p50: 4, p99: 9 },
  moves: tablesOpened * 56,
  seconds: 3,
  serverCpuSeconds: null,
  clientCpuSeconds: 0.5,
  serverCpuUsPerMove: null,
  clientCpuUsPerMove: 100,
  serverMemory: null,
});

describe('hearts loadtest, the text report', () => {
  test('says how many clients connected of how many when some tables did not open', () => {
    const text = loadtestReport(run(10, 2), 1);
    expect(text).toMatch(/^tables completed\s+2 of 10 /m);
    expect(text).toMatch(/^client CPU .*, 8 clients connected of 40$/m);
    expect(text).not.toContain('all 40');
  });

  test('says "all" only when every client connected', () => {
    expect(loadtestReport(run(10, 10), 1)).toMatch(/^client CPU .*, all 40 clients$/m);
  });
});
