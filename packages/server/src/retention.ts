/**
 * Retention: what the server keeps only for a while, how long, and the one job that removes it when its time ends
 * (issue #42; issue #49 adds its kinds here). Every kind is removed by the store's `sweep(kind, before)`: one
 * DELETE by age, idempotent, so any number of server processes may run the job at once (scaled mode: each does;
 * two DELETEs of the same rows do no harm, a row is gone once). Each process runs it at its start and then every
 * {@link RETENTION_EVERY_MS}; a sweep that fails is logged and tried again the next time.
 *
 * ```ts
 * const job = new RetentionJob({ store: store.retention, keep: retentionPeriods(config), scheduler, log });
 * job.start(); // sweeps now, then hourly
 * await job.run(); // { chat: 12, watchers: 3 }: rows removed
 * await job.stop();
 * ```
 */
import type { Logger } from 'pino';
import type { Scheduler } from '@hearts/table';

/**
 * What is kept for a while, each removed by age:
 * - `chat`: the lines of every table's chat (players' and watchers'), kept for moderators to read with a report;
 *   a table with an open report keeps its lines until the report is handled;
 * - `watchers`: who watched which table, which lets them block its players by seat for as long as its chat is kept.
 */
export const RETAINED = ['chat', 'watchers'] as const;
export type Retained = (typeof RETAINED)[number];

/** How long each kind is kept (ms). */
export type RetentionPeriods = Readonly<Record<Retained, number>>;

const DAY_MS = 24 * 3_600_000;

/** The periods the settings give (`CHAT_RETENTION_DAYS`: chat lines, and who watched, 30 days by default). */
export const retentionPeriods = (c: { readonly chatRetentionDays: number }): RetentionPeriods => ({
  chat: c.chatRetentionDays * DAY_MS,
  watchers: c.chatRetentionDays * DAY_MS,
});

/** How often each process sweeps. */
export const RETENTION_EVERY_MS = 3_600_000;

/** The store's side: removes one kind's rows older than `before` (ms since the epoch); how many went. */
export interface RetentionStore {
  sweep(kind: Retained, before: number): Promise<number>;
}

export interface RetentionDeps {
  readonly store: RetentionStore;
  readonly keep: RetentionPeriods;
  readonly scheduler: Scheduler;
  readonly log: Pick<Logger, 'info' | 'error'>;
  readonly everyMs?: number; // default RETENTION_EVERY_MS
}

/** The job of one process: every kind swept at start and then every `everyMs`. */
export class RetentionJob {
  private cancel: (() => void) | null = null;
  private stopped = true;
  private running: Promise<Partial<Record<Retained, number>>> | null = null;

  constructor(private readonly deps: RetentionDeps) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.tick();
  }

  /** No more runs; resolves once a run under way is done (before the store closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel?.();
    this.cancel = null;
    await this.running;
  }

  /**
   * Sweeps every kind once (one run at a time: a call during a run gets that run): the rows removed per kind.
   * A kind whose sweep fails is logged and left out; the others are swept all the same.
   */
  run(): Promise<Partial<Record<Retained, number>>> {
    this.running ??= this.sweepAll().finally(() => (this.running = null));
    return this.running;
  }

  private tick(): void {
    void this.run().finally(() => {
      if (this.stopped) return;
      this.cancel = this.deps.scheduler.after(this.deps.everyMs ?? RETENTION_EVERY_MS, () => this.tick());
    });
  }

  private async sweepAll(): Promise<Partial<Record<Retained, number>>> {
    const { store, keep, scheduler, log } = this.deps;
    const now = scheduler.now();
    const removed: Partial<Record<Retained, number>> = {};
    for (const kind of RETAINED) {
      try {
        removed[kind] = await store.sweep(kind, now - keep[kind]);
      } catch (e) {
        log.error({ err: e, kind }, 'retention: a sweep failed (tried again at the next run)');
      }
    }
    const total = Object.values(removed).reduce((a, b) => a + b, 0);
    if (total > 0) log.info({ removed }, 'retention: rows past their time removed');
    return removed;
  }
}
