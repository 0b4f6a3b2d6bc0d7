/**
 * Time by hand, for the tests of every host of the table core (`@hearts/table/testing`): a `Scheduler` whose timers
 * run only when a test moves its clock past them, in order — so no test of a table depends on the machine's speed.
 *
 * ```ts
 * const time = new ManualScheduler();
 * const driver = TableDriver.create(info, state, { ...ports, scheduler: time });
 * for (let fn = time.next(time.t + 5000); fn; fn = time.next(time.t + 5000)) fn(); // 5 s pass
 * ```
 */
import type { Scheduler } from './driver.js';

export class ManualScheduler implements Scheduler {
  t = 1_000_000; // the clock now (ms since the epoch)
  private seq = 0;
  private readonly timers: { at: number; seq: number; fn: () => void; live: boolean }[] = [];

  now(): number {
    return this.t;
  }

  after(ms: number, fn: () => void): () => void {
    const timer = { at: this.t + Math.max(0, ms), seq: this.seq++, fn, live: true };
    this.timers.push(timer);
    return () => {
      timer.live = false;
    };
  }

  /** The earliest live timer due by `until`, taken off the list; the clock moves on to it. */
  next(until: number): (() => void) | null {
    let best = -1;
    this.timers.forEach((x, i) => {
      if (!x.live || x.at > until) return;
      const b = this.timers[best];
      if (!b || x.at < b.at || (x.at === b.at && x.seq < b.seq)) best = i;
    });
    if (best < 0) return null;
    const [x] = this.timers.splice(best, 1);
    this.t = Math.max(this.t, x!.at);
    return x!.fn;
  }

  /** The timers still to run. */
  get pending(): number {
    return this.timers.filter((x) => x.live).length;
  }
}
