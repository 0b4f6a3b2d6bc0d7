import { describe, expect, it, vi } from 'vitest';
import { withTimeout } from './timeout.js';

describe('withTimeout', () => {
  it('settles like the promise when it settles in time, and clears its timer', async () => {
    vi.useFakeTimers();
    try {
      const ok = withTimeout(Promise.resolve(7), 1000);
      await expect(ok).resolves.toBe(7);
      await expect(withTimeout(Promise.reject(new Error('no')), 1000)).rejects.toThrow('no');
      await expect(withTimeout(Promise.reject('plain'), 1000)).rejects.toThrow('plain');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects with its message once the time has passed first', async () => {
    vi.useFakeTimers();
    try {
      const late = withTimeout(new Promise<number>(() => undefined), 1000, 'timed out joining the table');
      const seen = expect(late).rejects.toThrow('timed out joining the table');
      await vi.advanceTimersByTimeAsync(999);
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await seen;
    } finally {
      vi.useRealTimers();
    }
  });
});
