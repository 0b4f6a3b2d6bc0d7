/**
 * What a table's room gives its {@link Table} (`table.ts` `TableDeps`): the durable append through the process'
 * writer (refused once another process took the table over), the bots, the clocks from the server's settings, the
 * deal (a daily table's day seed, else the fair shuffle), finishing (ratings, records, chips: `rating/finish.ts`),
 * and the outbox, which the room routes to its seats, everyone and its watchers ({@link TableHost}).
 *
 * ```ts
 * const table = Table.create(record, tableDeps(record, host));
 * ```
 */
import type { TakeoverReason } from '@hearts/protocol/socket';
import { dailyDeals } from '../daily.js';
import { finishLiveGame } from '../rating/finish.js';
import { services } from '../services.js';
import { isUniqueViolation } from '../store/sql-errors.js';
import type { TableRecord } from '../store/types.js';
import type { TableDeps } from '../table.js';

/** Where a table's messages go: the room running it. */
export interface TableHost {
  readonly roomId: string;
  /** To the seat's player (when connected). */
  toSeat(seat: number, type: string, message: unknown): void;
  /** To every player and every watcher. */
  toEveryone(type: string, message: unknown): void;
  /** The public snapshot, built only when someone watches. */
  watch(build: () => unknown): void;
  /** The room's `live` listing may have changed. */
  listingChanged(): void;
  /** The game's result went out. */
  finished(): void;
  /** A bot took the seat (a kick, a window run out, a leave). */
  seatLost(seat: number, reason: TakeoverReason): void;
}

export function tableDeps(record: TableRecord, host: TableHost): TableDeps {
  const s = services();
  const c = s.config;
  return {
    append: async (rows) => {
      if (!s.presence.holds(host.roomId)) throw new Error('this process no longer runs the table');
      const stop = s.metrics.persistSeconds.startTimer();
      try {
        await s.writer.append(rows);
      } catch (e) {
        // Another process wrote this step (it took the table over): this copy is stale; the clients reconnect.
        if (isUniqueViolation(e)) s.failover.lost([host.roomId]);
        throw e;
      }
      stop();
      for (const r of rows) if (r.event.type === 'move') s.metrics.moves.inc({ by: r.event.by });
    },
    bots: s.bots,
    times: {
      graceMs: c.graceMs,
      bankMs: c.bankMs,
      botDelayMs: c.botDelayMs,
      handPauseMs: c.handPauseMs,
      botTimeMs: c.botTimeMs,
      clockLevel: c.botLevel,
      shuffleMs: c.shuffleMs,
      reconnectMs: c.reconnectMs, // told to the clients: how long they try to come back
    },
    // A daily table deals from its day's seed (committed for the day), every other from the fair shuffle.
    deals: record.kind === 'daily' ? dailyDeals(s.store.daily) : s.deals?.(record),
    finish: async (table) => {
      const result = await finishLiveGame(s.store, table); // ratings, records, chips: once
      s.metrics.gamesFinished.inc({ kind: table.record.kind });
      return result;
    },
    out: {
      game: (seat, m) => host.toSeat(seat, 'game', m),
      shuffle: (seat, m) => host.toSeat(seat, 'shuffle', m),
      clock: (m) => host.toEveryone('clock', m),
      seats: (m) => {
        host.toEveryone('seats', m);
        host.listingChanged();
      },
      result: (m) => {
        host.toEveryone('result', m);
        host.listingChanged();
        host.finished();
      },
      watch: (build) => host.watch(build),
      seatLost: (seat, reason) => host.seatLost(seat, reason),
      botFailed: (e) => {
        s.metrics.botFailures.inc();
        s.log.error({ err: e, table: host.roomId }, 'a bot failed; a legal card was played instead');
      },
      problem: (message, e) => s.log.error({ err: e, table: host.roomId }, message),
    },
  };
}
