/**
 * The client move ids a table applied, as an immutable value: a resent or replayed move is answered with the
 * version that applied it, never applied twice. Adding an id shares every older entry (levels of doubling size,
 * merged like a binary counter), so a table of a thousand moves does not copy a thousand-entry map on each move.
 *
 * ```ts
 * const ids = MoveIds.EMPTY.with(0, 'm1', 7);
 * ids.get(0, 'm1'); // 7
 * ids.get(1, 'm1'); // undefined: ids are per seat
 * ```
 */
export class MoveIds {
  /** No id applied. */
  static readonly EMPTY = new MoveIds([]);

  // Oldest (largest) level first; a key is in at most one level.
  private constructor(private readonly levels: readonly ReadonlyMap<string, number>[]) {}

  /** The version that applied the seat's move with this client id, if any. */
  get(seat: number, clientId: string): number | undefined {
    const key = keyOf(seat, clientId);
    for (let i = this.levels.length - 1; i >= 0; i--) {
      const v = this.levels[i]!.get(key);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  /** The number of ids held. */
  get size(): number {
    let n = 0;
    for (const l of this.levels) n += l.size;
    return n;
  }

  /** These ids and one more; an id already held keeps its first version (a move is applied once). */
  with(seat: number, clientId: string, version: number): MoveIds {
    if (this.get(seat, clientId) !== undefined) return this;
    const levels = this.levels.slice();
    let merged = new Map([[keyOf(seat, clientId), version]]);
    while (levels.length > 0 && levels[levels.length - 1]!.size <= merged.size) {
      const older = levels.pop()!;
      merged = new Map([...older, ...merged]);
    }
    levels.push(merged);
    return new MoveIds(levels);
  }

  /** Every id with its version, in no particular order (tests, comparisons). */
  entries(): [string, number][] {
    return this.levels.flatMap((l) => [...l]);
  }
}

const keyOf = (seat: number, clientId: string): string => `${seat}|${clientId}`;
