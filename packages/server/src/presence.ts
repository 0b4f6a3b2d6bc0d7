/**
 * Which process runs which table. A process holds a table by a lease that it renews while it lives; a lease that
 * is not renewed runs out, and any other process may then take the table and restore it from the store. The
 * embedded default ({@link LocalTablePresence}) knows only its own process; the scaled implementation keeps the
 * leases in Redis (`presence-redis.ts`). Both pass the suite in `test/presence-contract.ts`.
 *
 * ```ts
 * const presence = new LocalTablePresence();
 * await presence.start('p1');
 * await presence.claim('t1'); // true: p1 runs t1 now
 * presence.holds('t1'); // true
 * await presence.release('t1');
 * ```
 */

export interface TablePresence {
  /** This process (Colyseus' process id); known once started. */
  readonly processId: string;
  /** Registers the process and starts renewing its leases. */
  start(processId: string): Promise<void>;
  /**
   * Takes the table for `holder` (default: this process) unless another live process holds it; true when
   * `holder` holds it now. Taking a table that the holder holds already is no change.
   */
  claim(tableId: string, holder?: string): Promise<boolean>;
  /** Whether this process holds the table, as far as it knows: false once a renewal was missed for too long. */
  holds(tableId: string): boolean;
  /** Gives the table up (only if this process holds it). */
  release(tableId: string): Promise<void>;
  /** The holder of each table, or null where no live process holds it. */
  holders(tableIds: readonly string[]): Promise<(string | null)[]>;
  /** The processes alive now, this one included. */
  alive(): Promise<string[]>;
  /** Processes that were registered and stopped renewing: their rooms must be cleaned up after. */
  gone(): Promise<string[]>;
  /** Forgets a gone process (after cleaning up after it). */
  forget(processId: string): Promise<void>;
  /** Called with the tables whose leases this process lost (it must stop running them at once). */
  onLost(listener: (tableIds: string[]) => void): void;
  /**
   * Called when this process lists itself again after another one took it for gone (it was stalled): what the
   * others forgot about it (its room counts, for placing new tables) must be published again.
   */
  onListedAgain(listener: () => void): void;
  /** Stops renewing and gives every lease up; the process is no longer alive. */
  close(): Promise<void>;
}

/** One process alone: every table it claims is its own; nobody else exists. */
export class LocalTablePresence implements TablePresence {
  private id: string | null = null;
  private readonly held = new Set<string>();

  get processId(): string {
    if (this.id === null) throw new Error('the presence is not started');
    return this.id;
  }

  start(processId: string): Promise<void> {
    this.id = processId;
    return Promise.resolve();
  }

  claim(tableId: string, holder: string = this.processId): Promise<boolean> {
    if (holder !== this.processId) return Promise.resolve(false); // no other process exists
    this.held.add(tableId);
    return Promise.resolve(true);
  }

  holds(tableId: string): boolean {
    return this.held.has(tableId);
  }

  release(tableId: string): Promise<void> {
    this.held.delete(tableId);
    return Promise.resolve();
  }

  holders(tableIds: readonly string[]): Promise<(string | null)[]> {
    return Promise.resolve(tableIds.map((t) => (this.held.has(t) ? this.processId : null)));
  }

  alive(): Promise<string[]> {
    return Promise.resolve(this.id === null ? [] : [this.id]);
  }

  gone(): Promise<string[]> {
    return Promise.resolve([]);
  }

  forget(): Promise<void> {
    return Promise.resolve();
  }

  onLost(): void {
    // a single process never loses a lease
  }

  onListedAgain(): void {
    // nobody else takes a single process for gone
  }

  close(): Promise<void> {
    this.held.clear();
    return Promise.resolve();
  }
}

/** Whether a URL names a Redis server (redis:// or rediss://). */
export function isRedisUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'redis:' || u.protocol === 'rediss:';
  } catch {
    return false;
  }
}
