/**
 * The suite every {@link TablePresence} implementation must pass: what one process sees of its own leases.
 * Call it with a factory that starts a fresh presence for a new process id:
 *
 * ```ts
 * describeTablePresence('local', async (id) => { const p = new LocalTablePresence(); await p.start(id); return p; });
 * ```
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { TablePresence } from '../src/presence.js';

export function describeTablePresence(
  label: string,
  open: (processId: string) => Promise<TablePresence>,
): void {
  describe(`TablePresence: ${label}`, () => {
    const opened: TablePresence[] = [];
    const start = async (id: string) => {
      const p = await open(id);
      opened.push(p);
      return p;
    };
    afterEach(async () => {
      for (const p of opened.splice(0)) await p.close();
    });

    test('a claimed table is held until it is released', async () => {
      const p = await start('p1');
      expect(p.processId).toBe('p1');
      expect(p.holds('t1')).toBe(false);
      expect(await p.claim('t1')).toBe(true);
      expect(await p.claim('t1')).toBe(true); // no change
      expect(p.holds('t1')).toBe(true);
      expect(p.holds('t2')).toBe(false);
      expect(await p.holders(['t1', 't2'])).toEqual(['p1', null]);
      await p.release('t1');
      expect(p.holds('t1')).toBe(false);
      expect(await p.holders(['t1'])).toEqual([null]);
      expect(await p.holders([])).toEqual([]);
      await p.release('t1'); // releasing again is no error
    });

    test('the process is alive while started; closing gives every lease up', async () => {
      const p = await start('p2');
      expect(await p.alive()).toContain('p2');
      expect(await p.gone()).not.toContain('p2');
      await p.claim('a');
      await p.claim('b');
      await p.close();
      expect(p.holds('a')).toBe(false);
      const q = await start('p3');
      expect(await q.holders(['a', 'b'])).toEqual([null, null]);
      expect(await q.claim('a')).toBe(true);
    });

    test('many tables at once', async () => {
      const p = await start('p4');
      const ids = Array.from({ length: 300 }, (_, i) => `m${i}`);
      expect(await Promise.all(ids.map((t) => p.claim(t)))).toEqual(ids.map(() => true));
      expect((await p.holders(ids)).every((h) => h === 'p4')).toBe(true);
      expect(ids.every((t) => p.holds(t))).toBe(true);
    });
  });
}
