import { describe, expect, test } from 'vitest';
import { memoryStore } from '../../kit/storage';
import { clockText, dropRun, keepRun, msLeft, savedRun, stormClock } from './run';

describe('runs on the device', () => {
  test('the run under way is kept per mode and per player', () => {
    const store = memoryStore();
    expect(savedRun(store, 'streak', 'u1')).toBeNull();
    keepRun(store, 'streak', 'u1', 'pr1');
    expect(savedRun(store, 'streak', 'u1')).toBe('pr1');
    expect(savedRun(store, 'storm', 'u1')).toBeNull();
    expect(savedRun(store, 'streak', 'u2')).toBeNull();
    dropRun(store, 'streak');
    expect(savedRun(store, 'streak', 'u1')).toBeNull();
  });

  test('a storm’s clock runs on the server’s time, whatever this device’s clock says', () => {
    // The server's clock is 1 h ahead of this device's: 3 minutes left there are 3 minutes left here.
    const run = { id: 'r', mode: 'storm' as const, score: 0, over: false, endsAt: 3_780_000, now: 3_600_000 };
    const clock = stormClock(run, 1_000)!;
    expect(msLeft(clock, 1_000)).toBe(180_000);
    expect(msLeft(clock, 61_000)).toBe(120_000);
    expect(msLeft(clock, 500_000)).toBe(0);
    expect(stormClock({ ...run, mode: 'streak', endsAt: null }, 0)).toBeNull();
  });

  test.each([
    [180_000, '3:00'],
    [125_001, '2:06'],
    [9_000, '0:09'],
    [1, '0:01'],
    [0, '0:00'],
  ])('%i ms left reads %s', (ms, text) => {
    expect(clockText(ms)).toBe(text);
  });
});
