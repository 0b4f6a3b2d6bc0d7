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
import { FRIEND_REQUEST_DAYS } from '@hearts/protocol/http';

/**
 * What is kept for a while, each removed by age:
 * - `chat`: the lines of every table's chat (players' and watchers'), kept for moderators to read with a report;
 *   a table with an open report keeps its lines until the report is handled;
 * - `watchers`: who watched which table, which lets them block its players by seat for as long as its chat is kept;
 * - `leaves`: rated games left early, kept as long as they count for the quick-match cool-down (`LEAVE_WINDOW_HOURS`);
 * - `chipCaps`: the wins paid per player and UTC day (the daily caps), kept two days (today's is the one that counts);
 * - `invites`: invites into friends' rooms, removed once they ran out (`INVITE_TTL_MS`);
 * - `requests`: open friend requests nobody answered, removed after `FRIEND_REQUEST_DAYS` (issue #42: each new
 *   guest may ask 200 people, and unanswered requests were kept for good).
 *
 * Not here: the per-address counters of the rate limits (`limits.ts`) run out by themselves (each key expires with
 * its window, in memory and in Redis); a deleted account's data goes at once (`store/kysely-accounts.ts`).
 */
export const RETAINED = ['chat', 'watchers', 'leaves', 'chipCaps', 'invites', 'requests'] as const;
export type Retained = (typeof RETAINED)[number];

/** How long each kind is kept (ms). */
export type RetentionPeriods = Readonly<Record<Retained, number>>;

const DAY_MS = 24 * 3_600_000;

/** How long a day's count of paid wins is kept: today's counts, yesterday's is kept for a day's clock skew. */
export const CHIP_CAPS_KEPT_MS = 2 * DAY_MS;

/**
 * The periods the settings give: `CHAT_RETENTION_DAYS` (chat lines, and who watched; 30 days by default),
 * `LEAVE_WINDOW_HOURS` (leaves), {@link CHIP_CAPS_KEPT_MS}; invites go when they run out, unanswered friend
 * requests after `FRIEND_REQUEST_DAYS`.
 */
export const retentionPeriods = (c: {
  readonly chatRetentionDays: number;
  readonly leaveWindowMs: number;
}): RetentionPeriods => ({
  chat: c.chatRetentionDays * DAY_MS,
  watchers: c.chatRetentionDays * DAY_MS,
  leaves: c.leaveWindowMs,
  chipCaps: CHIP_CAPS_KEPT_MS,
  invites: 0,
  requests: FRIEND_REQUEST_DAYS * DAY_MS,
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
