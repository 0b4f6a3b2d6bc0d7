/**
 * Tables outlive the process that ran them. Every unfinished table in the store — and every friends' room that
 * has not started — is held by one live process ({@link TablePresence}); one that nobody holds (its process was
 * killed, drained, or lost its lease) is restored here from the store, under the same room id, so its clients
 * find it again by reconnecting to the same address:
 *
 * - `sweep()` runs every second in scaled mode (and once at the start in any mode): it cleans up after processes
 *   that are gone (their Colyseus room listings) and restores the tables nobody holds;
 * - `ensure(roomId)` runs before every `joinById`: a client reconnecting to a table that is not running anywhere
 *   has it restored on the spot (or waits, up to 10 s, for the process that holds it to list it);
 * - `place()` chooses the process for a new table: the live one with the fewest rooms.
 *
 * ```ts
 * const failover = new Failover({ presence, store, log, internalKey, draining: () => false });
 * await failover.sweep(); // restores what nobody runs
 * failover.start(1000);
 * ```
 */
import { randomInt } from 'node:crypto';
import { matchMaker, type IRoomCache } from '@colyseus/core';
import type { Logger } from 'pino';
import { CLOSE_CODES, JOIN_ERRORS } from '@hearts/protocol/socket';
import type { TablePresence } from './presence.js';
import type { GameStore } from './store/types.js';

export interface FailoverDeps {
  readonly presence: TablePresence;
  readonly store: GameStore;
  readonly log: Logger;
  readonly internalKey: string; // lets `table` rooms be opened
  readonly draining: () => boolean;
  readonly waitMs?: number; // how long ensure() waits for a live holder to list its table (default 10 s)
}

const ROOM_ID = /^[A-Za-z0-9_-]{1,40}$/;
const RETRY_AFTER_FAILURE_MS = 30_000;

/** Where a table's clients are told to go, and how it comes back when its process is gone. */
export class Failover {
  private timer: ReturnType<typeof setInterval> | null = null;
  private sweeping: Promise<number> | null = null;
  private readonly restoring = new Map<string, Promise<boolean>>();
  private readonly failedAt = new Map<string, number>(); // tables whose restore failed: not retried at once
  private aliveCache: { at: number; ids: Set<string> } | null = null;
  private placed: { id: string; at: number }[] = []; // recent placements (not yet in Colyseus' room counts)
  restoredTotal = 0; // tables restored by this process (metrics, tests)

  constructor(private readonly deps: FailoverDeps) {}

  /** Sweeps every `everyMs` until stopped. */
  start(everyMs: number): void {
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Cleans up after processes that are gone and restores every unfinished table nobody holds. */
  sweep(): Promise<number> {
    return (this.sweeping ??= this.sweepOnce().finally(() => (this.sweeping = null)));
  }

  private async sweepOnce(): Promise<number> {
    const { presence, store, log } = this.deps;
    if (this.deps.draining()) return 0;
    for (const pid of await presence.gone()) await this.forgetProcess(pid);
    const ids = [...(await store.unfinishedTables()), ...(await store.openLobbies())];
    const holders = await presence.holders(ids);
    const now = Date.now();
    const orphans = ids.filter(
      (id, i) =>
        holders[i] === null &&
        !matchMaker.getLocalRoomById(id) &&
        now - (this.failedAt.get(id) ?? -Infinity) > RETRY_AFTER_FAILURE_MS,
    );
    // In random order: survivors sweeping at once share the tables out instead of racing for the same ones.
    for (let i = orphans.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [orphans[i], orphans[j]] = [orphans[j]!, orphans[i]!];
    }
    let restored = 0;
    const next = () => orphans.pop();
    await Promise.all(
      Array.from({ length: Math.min(4, orphans.length) }, async () => {
        for (let id = next(); id !== undefined; id = next()) if (await this.restore(id)) restored++;
      }),
    );
    if (restored > 0) log.info({ tables: restored }, 'tables restored');
    return restored;
  }

  /**
   * Before a client joins by id: a table that no live process lists is restored here; one that a live process
   * holds but has not listed yet is waited for. Returns when Colyseus can answer the join.
   */
  async ensure(roomId: string): Promise<void> {
    if (!ROOM_ID.test(roomId) || this.deps.draining()) return;
    const { presence } = this.deps;
    const end = Date.now() + (this.deps.waitMs ?? 10_000);
    for (;;) {
      // Being restored here (by the sweep, or for another client): Colyseus registers the room before it lists
      // it, and a join in between would be told "no such room"; the restore ends once it is listed.
      const restoring = this.restoring.get(roomId);
      if (restoring) await restoring;
      const listing = (await matchMaker.driver.findOne({ roomId })) as IRoomCache | undefined;
      if (matchMaker.getLocalRoomById(roomId)) {
        if (listing) return;
        // Registered here but not listed yet (made a moment ago): wait for the listing.
      } else {
        if (listing) {
          if ((await this.alive()).has(listing.processId)) return;
          if ((await presence.gone()).includes(listing.processId))
            await this.forgetProcess(listing.processId);
        }
        const status = await this.status(roomId);
        if (status !== 'playing' && status !== 'lobby') return; // no such room, or finished: Colyseus answers
        const [holder] = await presence.holders([roomId]);
        if (holder === null || holder === presence.processId) {
          if (await this.restore(roomId)) continue; // to see it listed
          return;
        }
      }
      if (Date.now() > end) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * The live process with the fewest rooms (this one when alone). Colyseus publishes room counts at most once a
   * second, so the rooms placed here in the last two seconds count too: a burst of new tables is spread out.
   */
  async place(): Promise<string> {
    const alive = await this.alive();
    const now = Date.now();
    this.placed = this.placed.filter((p) => now - p.at < 2000);
    const load = (await matchMaker.stats.fetchAll())
      .filter((p) => alive.has(p.processId))
      .map((p) => ({
        id: p.processId,
        rooms: p.roomCount + this.placed.filter((x) => x.id === p.processId).length,
        tie: randomInt(1 << 20),
      }))
      .sort((a, b) => a.rooms - b.rooms || a.tie - b.tie);
    const id = load[0]?.id ?? this.deps.presence.processId;
    this.placed.push({ id, at: now });
    return id;
  }

  /** Colyseus' choice of process for a new room: the one asked for (a table placed already), else {@link place}. */
  readonly selectProcess = async (_roomName: string, options: unknown): Promise<string> => {
    const wanted = (options as { process?: unknown } | null)?.process;
    if (typeof wanted === 'string' && (await this.alive()).has(wanted)) return wanted;
    return this.place();
  };

  /**
   * Tables that this process must no longer run (their lease was lost, or another process wrote to their log):
   * their rooms close at once, and the clients reconnect to wherever the table runs now.
   */
  lost(tableIds: readonly string[]): void {
    for (const id of tableIds) {
      const room = matchMaker.getLocalRoomById(id);
      this.deps.log.warn({ table: id }, 'this copy of the table is stale: closing its room here');
      if (room) void room.disconnect(CLOSE_CODES.serviceRestart).catch(() => undefined);
    }
  }

  private async restore(id: string): Promise<boolean> {
    let p = this.restoring.get(id);
    if (!p) {
      p = this.restoreNow(id).finally(() => this.restoring.delete(id));
      this.restoring.set(id, p);
    }
    return p;
  }

  private async restoreNow(id: string): Promise<boolean> {
    if (matchMaker.getLocalRoomById(id)) return false;
    try {
      // The room claims the table's lease first (rooms/table-room.ts); another process may have been quicker.
      await matchMaker.handleCreateRoom('table', { internal: this.deps.internalKey, tableId: id });
      this.failedAt.delete(id);
      this.restoredTotal++;
      return true;
    } catch (e) {
      const taken = (e as { code?: number }).code === JOIN_ERRORS.tableTaken;
      if (!taken) {
        this.failedAt.set(id, Date.now());
        this.deps.log.error({ err: e, table: id }, 'a table could not be restored');
        await this.deps.presence.release(id).catch(() => undefined);
      }
      return false;
    }
  }

  /** A gone process: its room listings are removed (only its own: fenced), it stops counting for new rooms. */
  private async forgetProcess(pid: string): Promise<void> {
    this.deps.log.warn({ process: pid }, 'a server process is gone: its tables move to the others');
    await matchMaker.driver.cleanup?.(pid);
    await matchMaker.stats.excludeProcess(pid);
    await this.deps.presence.forget(pid);
    this.aliveCache = null;
  }

  private async alive(): Promise<Set<string>> {
    const now = Date.now();
    if (!this.aliveCache || now - this.aliveCache.at > 500)
      this.aliveCache = { at: now, ids: new Set(await this.deps.presence.alive()) };
    return this.aliveCache.ids;
  }

  /** 'playing' or 'finished' for a table, 'lobby' for a friends' room that has not started, else null. */
  private async status(id: string): Promise<string | null> {
    const store = this.deps.store;
    const status = (await store.tableStatus(id))?.status ?? null;
    if (status === 'playing') return status;
    // A friends' room reopened after its first game (whose table has the room's code): the room is open.
    return (await store.loadLobby(id)) ? 'lobby' : status;
  }
}
