import { afterEach, beforeEach, expect, test } from 'vitest';
import { ManualScheduler } from '@hearts/table/testing';
import {
  RETAINED,
  RETENTION_EVERY_MS,
  RetentionJob,
  retentionPeriods,
  type RetentionStore,
} from './retention.js';
import { openSqliteStore } from './store/sqlite.js';
import type { GameStore } from './store/types.js';

const DAY = 24 * 3_600_000;

/** Moves the clock on by `ms`, running the timers due meanwhile. */
function advance(clock: ManualScheduler, ms: number): void {
  const until = clock.t + ms;
  for (let fn = clock.next(until); fn; fn = clock.next(until)) fn();
  clock.t = until;
}

const quiet = { info: () => undefined, error: () => undefined };
let store: GameStore;
beforeEach(async () => {
  store = await openSqliteStore(':memory:');
});
afterEach(() => store.close());

const say = (at: number, text = 'hi') =>
  store.manners.addChat({ tableId: 't1', userId: 'u1', name: 'Anna', seat: 0, source: 'players', text, at });
const until = async (cond: () => Promise<boolean>) => {
  for (let i = 0; i < 500 && !(await cond()); i++) await new Promise((r) => setTimeout(r, 2));
};
const lines = async () => (await store.manners.chat('t1', 100)).map((l) => l.text);

test('the periods come from the settings: chat and who watched CHAT_RETENTION_DAYS, leaves their window', () => {
  expect(retentionPeriods({ chatRetentionDays: 30, leaveWindowMs: DAY })).toEqual({
    chat: 30 * DAY,
    watchers: 30 * DAY,
    leaves: DAY,
    chipCaps: 2 * DAY,
    invites: 0,
    requests: 30 * DAY,
  });
});

test('sweeps at start and then every hour, by the clock; stopped, it sweeps no more', async () => {
  const clock = new ManualScheduler();
  const job = new RetentionJob({
    store: store.retention,
    keep: retentionPeriods({ chatRetentionDays: 30, leaveWindowMs: DAY }),
    scheduler: clock,
    log: quiet,
  });
  await say(clock.t - 31 * DAY, 'old');
  await say(clock.t - 30 * DAY + 30 * 60_000, 'half an hour short of 30 days');
  await say(clock.t - DAY, 'yesterday');
  job.start();
  await until(async () => (await lines()).length === 2);
  expect(await lines()).toEqual(['half an hour short of 30 days', 'yesterday']);
  await until(async () => clock.pending === 1);
  advance(clock, RETENTION_EVERY_MS - 1);
  expect(await lines()).toHaveLength(2); // not yet: an hour between runs
  advance(clock, 1);
  await until(async () => (await lines()).length === 1);
  expect(await lines()).toEqual(['yesterday']);
  await until(async () => clock.pending === 1);
  await job.stop();
  expect(clock.pending).toBe(0);
  advance(clock, 40 * DAY);
  expect(await lines()).toEqual(['yesterday']);
});

test('a failing sweep is logged, the other kinds are swept, and the next run tries again', async () => {
  const clock = new ManualScheduler();
  const errors: unknown[] = [];
  let failChat = true;
  const flaky: RetentionStore = {
    sweep: (kind, before) =>
      kind === 'chat' && failChat
        ? Promise.reject(new Error('the database is away'))
        : store.retention.sweep(kind, before),
  };
  await say(clock.t - 31 * DAY, 'old');
  await store.manners.watched('t1', 'u2', clock.t - 31 * DAY);
  const job = new RetentionJob({
    store: flaky,
    keep: retentionPeriods({ chatRetentionDays: 30, leaveWindowMs: DAY }),
    scheduler: clock,
    log: { info: () => undefined, error: (o: unknown) => errors.push(o) },
  });
  expect(await job.run()).toEqual({ watchers: 1, leaves: 0, chipCaps: 0, invites: 0, requests: 0 });
  expect(errors).toHaveLength(1);
  expect(await lines()).toEqual(['old']);
  failChat = false;
  expect(await job.run()).toEqual({ chat: 1, watchers: 0, leaves: 0, chipCaps: 0, invites: 0, requests: 0 });
  expect(await lines()).toEqual([]);
});

test('one run at a time: a run asked for during another is that run', async () => {
  const clock = new ManualScheduler();
  let sweeps = 0;
  const counting: RetentionStore = {
    sweep: async (kind, before) => {
      sweeps++;
      return store.retention.sweep(kind, before);
    },
  };
  const job = new RetentionJob({
    store: counting,
    keep: retentionPeriods({ chatRetentionDays: 30, leaveWindowMs: DAY }),
    scheduler: clock,
    log: quiet,
  });
  const [a, b] = [job.run(), job.run()];
  expect(a).toBe(b);
  await a;
  expect(sweeps).toBe(RETAINED.length); // every kind, once each
});
