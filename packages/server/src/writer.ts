/**
 * Group commit: events from every table that arrive in the same turn of the event loop (or, with a window, within
 * `windowMs` of the first) are written in one statement, and each caller's promise resolves once its rows are
 * durable. A failed batch is retried table by table, so one table's problem never refuses another table's move.
 *
 * The window: at human pace moves come one per turn of the event loop, so without one every move is a commit of
 * its own (SQLite: its WAL frames and locks) and wakes the whole path after it alone. A few milliseconds gather the
 * moves of many tables into one commit, and their messages go out in one turn; each move waits at most that long.
 *
 * Up to `concurrency` batches are written at once (PostgreSQL: several connections, each waiting for its own
 * commit; SQLite: one). A store that can write at once (SQLite, `appendEventsNow`) writes the batch in the turn it
 * falls due (the next turn, or the one in which the window ends), without the promise chain of an asynchronous
 * write. A table waits for its rows before it writes again, so batches in flight at the same time never hold two
 * events of one table, and each table's events are written in order.
 */
import type { EventRow, GameStore } from './store/types.js';

interface Waiter {
  readonly rows: EventRow[];
  resolve(): void;
  reject(e: unknown): void;
}

export class EventWriter {
  private waiting: Waiter[] = [];
  private scheduled = false;
  private timer: NodeJS.Timeout | null = null; // the window's timer, while one runs
  private readonly lanes: Promise<void>[]; // one chain of batches per concurrent writer
  private next = 0;
  batches = 0; // statements written (metrics)

  /** `windowMs`: how long the first waiting row waits for others (0: only the rows of the same turn). */
  constructor(
    private readonly store: GameStore,
    concurrency = 1,
    private readonly windowMs = 0,
  ) {
    this.lanes = Array.from({ length: Math.max(1, concurrency) }, () => Promise.resolve());
  }

  append(rows: EventRow[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        if (this.windowMs > 0) this.timer = setTimeout(this.due, this.windowMs);
        else setImmediate(this.due);
      }
    });
  }

  /** The batch is due: written at once where the store can, else in a lane. */
  private readonly due = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.scheduled = false;
    const batch = this.waiting;
    this.waiting = [];
    if (this.writeNow(batch)) return;
    const lane = this.next++ % this.lanes.length;
    this.lanes[lane] = this.lanes[lane]!.then(() => this.write(batch));
  };

  /** Resolves when everything appended so far is written. */
  async flush(): Promise<void> {
    if (this.timer) this.due(); // the window's rows now, not after it
    while (this.waiting.length > 0 || this.scheduled) await new Promise((r) => setImmediate(r));
    await Promise.all(this.lanes);
  }

  /**
   * Writes the batch before returning where the store can (`appendEventsNow`); false leaves it to {@link write}:
   * when the store cannot now, and when the batch failed (write retries it table by table).
   */
  private writeNow(batch: Waiter[]): boolean {
    if (!this.store.appendEventsNow) return false;
    try {
      if (!this.store.appendEventsNow(batch.flatMap((w) => w.rows))) return false;
    } catch {
      return false;
    }
    this.batches++;
    for (const w of batch) w.resolve();
    return true;
  }

  private async write(batch: Waiter[]): Promise<void> {
    if (batch.length === 0) return;
    try {
      await this.store.appendEvents(batch.flatMap((w) => w.rows));
      this.batches++;
      for (const w of batch) w.resolve();
    } catch (e) {
      if (batch.length === 1) {
        batch[0]!.reject(e);
        return;
      }
      for (const w of batch) {
        try {
          await this.store.appendEvents(w.rows);
          this.batches++;
          w.resolve();
        } catch (e2) {
          w.reject(e2);
        }
      }
    }
  }
}
