/**
 * The watchers of one table (issue #20): connections without a seat that get only what is public. They hold places
 * of their own (at most {@link ROOM_MAX_WATCHERS} per table, connections and pending reservations together), apart
 * from the seats: a seated player's own place is never counted against them, so watchers cannot lock a player out
 * (docs/security.md, "Who may reserve a seat"). Their messages are the driver's `watch` snapshots (cut from the
 * engine's `publicObservation`), the public `clock`, `seats`, `result` and `watchers` broadcasts, and their own chat,
 * which the players do not get; a watcher never reads the lines of someone they blocked (issue #20).
 *
 * A table is listed for watching (its room's metadata, which every process reads through Colyseus' driver: Redis
 * in scaled mode) while its game runs and it is open to watchers: rated quick matches always, friends' tables
 * unless their host closed them, a public arena's tables always, a private tournament's never (stored closed).
 *
 * ```ts
 * const w = new Watchers(encode);
 * if (w.mayReserve(userId, pending)) …; // in TableRoom.mayReserve
 * w.add(client, userId, name); w.send('watch', table.driver.watchSnapshot());
 * ```
 */
import type { LiveTable } from '@hearts/protocol/http';
import type { Client } from '@colyseus/core';
import { CLOSE_CODES, LIMITS, type WatcherChatLine, type WatchersMessage } from '@hearts/protocol/socket';
import { services } from '../services.js';
import type { Table } from '../table.js';

/** Watchers a table takes at most (connections plus pending watch reservations). */
export const ROOM_MAX_WATCHERS = 16;

/** Lines of the watchers' chat kept for newcomers. */
const CHAT_KEPT = 50;

/**
 * What a room lists about a table open to watchers (its Colyseus metadata `live`); the list route reads it and
 * sends it as it is: the wire's own type.
 */
export type LiveListing = LiveTable;

/** Whether a join asks to watch (`JoinOptions.watch`). */
export const wantsToWatch = (options: unknown): boolean =>
  typeof options === 'object' && options !== null && (options as { watch?: unknown }).watch === true;

interface Watcher {
  readonly client: Client;
  readonly userId: string;
  readonly name: string;
  readonly blocked: ReadonlySet<string>; // users whose lines this watcher does not read
}

const NOBODY: ReadonlySet<string> = new Set();

export class Watchers {
  /** Whether the table is open to watchers (a friends' host may close it). */
  open = true;
  private readonly bySession = new Map<string, Watcher>();
  private readonly byUser = new Map<string, Client>();
  private readonly chatLog: { readonly line: WatcherChatLine; readonly userId: string }[] = [];

  constructor(private readonly encode: (type: string, message: unknown) => Buffer) {}

  get size(): number {
    return this.bySession.size;
  }

  has(client: Client): boolean {
    return this.bySession.has(client.sessionId);
  }

  /**
   * Whether a user may reserve a watcher's place: the table is watchable, and the watchers with their pending
   * reservations (`pending`: the users of the other pending watch reservations) leave a place free. The user's
   * own earlier connection or reservation does not count (it is replaced).
   */
  mayReserve(userId: string, watchable: boolean, pending: readonly string[]): boolean {
    if (!watchable) return false;
    const others = new Set<string>();
    for (const w of this.bySession.values()) if (w.userId !== userId) others.add(w.userId);
    for (const u of pending) if (u !== userId) others.add(u);
    return others.size < ROOM_MAX_WATCHERS;
  }

  /** A watcher came in: an older connection of the same user goes (`replaced`). */
  add(client: Client, userId: string, name: string, blocked: ReadonlySet<string> = NOBODY): void {
    const previous = this.byUser.get(userId);
    if (previous && previous !== client) {
      this.bySession.delete(previous.sessionId);
      previous.leave(CLOSE_CODES.replaced);
    }
    this.bySession.set(client.sessionId, { client, userId, name, blocked });
    this.byUser.set(userId, client);
    for (const c of this.chatLog) if (!blocked.has(c.userId)) client.send('wchat', c.line);
  }

  /** A watcher's connection ended; false when it was no watcher's. */
  remove(client: Client): boolean {
    const w = this.bySession.get(client.sessionId);
    if (!w) return false;
    this.bySession.delete(client.sessionId);
    if (this.byUser.get(w.userId) === client) this.byUser.delete(w.userId);
    return true;
  }

  /** Closes the user's watching connection (their account was deleted); false when they watch nothing here. */
  closeUser(userId: string, code: number): boolean {
    const client = this.byUser.get(userId);
    if (!client) return false;
    this.bySession.delete(client.sessionId);
    this.byUser.delete(userId);
    client.leave(code);
    return true;
  }

  /** One message to every watcher, encoded once. */
  send(type: string, message: unknown): void {
    if (this.bySession.size === 0) return;
    const bytes = this.encode(type, message);
    for (const w of this.bySession.values()) w.client.enqueueRaw(bytes);
  }

  /**
   * A line of the watchers' chat, to the watchers only (not to those who blocked its writer); returns it with its
   * writer (null: not a watcher's connection).
   */
  chat(client: Client, text: string): { line: WatcherChatLine; userId: string } | null {
    const w = this.bySession.get(client.sessionId);
    if (!w) return null;
    const line: WatcherChatLine = { name: w.name, text: text.slice(0, LIMITS.chatChars), at: Date.now() };
    const said = { line, userId: w.userId };
    this.chatLog.push(said);
    if (this.chatLog.length > CHAT_KEPT) this.chatLog.shift();
    const bytes = this.encode('wchat', line);
    for (const x of this.bySession.values()) if (!x.blocked.has(w.userId)) x.client.enqueueRaw(bytes);
    return said;
  }

  /** Sends every watcher away (the host closed the table to watchers). */
  closeAll(code: number = CLOSE_CODES.watchClosed): void {
    const all = [...this.bySession.values()];
    this.bySession.clear();
    this.byUser.clear();
    for (const w of all) w.client.leave(code);
  }

  /** `watchers`: open or not, and how many watch. */
  status(): WatchersMessage {
    return { open: this.open, count: this.bySession.size };
  }
}

/**
 * Whether a table is listed and may be watched now: its game runs, and it is open to watchers. A daily game never
 * is: its hands are the day's, secret to everyone who has not played them yet.
 */
export function watchable(table: Table | null, open: boolean): boolean {
  if (!table || table.finished || table.game.phase === 'gameOver') return false;
  switch (table.record.kind) {
    case 'quick':
      return table.record.rated;
    case 'friends':
      return open;
    case 'tournament': // a public arena's games are listed too (issue #20); a private one's are stored closed
      return open;
    case 'daily': // its hands are secret to whoever has not played the day
      return false;
  }
}

/** The listing of a watchable table (null: not listed). */
export function liveListing(table: Table | null, watchers: Watchers, pending: number): LiveListing | null {
  if (!table || !watchable(table, watchers.open)) return null;
  const r = table.record;
  if (r.kind === 'daily') return null;
  return {
    id: r.id,
    kind: r.kind,
    rated: r.rated,
    players: table.seats.map((s) => ({
      name: s.name,
      bot: s.kind === 'bot',
      rating: s.rating === null ? null : Math.round(s.rating),
      provisional: s.provisional,
    })),
    handNumber: table.game.handNumber,
    scores: [...table.game.scores],
    watchers: watchers.size,
    full: watchers.size + pending >= ROOM_MAX_WATCHERS,
    startedAt: r.createdAt,
  };
}

/**
 * The table's `live` listing as last published (room metadata, shared by every process through Colyseus' driver):
 * published again only when it changed. The list of tables to watch reads it.
 */
export class Listing {
  private listed = ''; // the listing last published (JSON)
  private hand = ''; // the hand it was published for

  constructor(private readonly set: (live: LiveListing | null) => void) {}

  publish(live: LiveListing | null): void {
    const key = JSON.stringify(live);
    if (key === this.listed) return;
    this.listed = key;
    this.set(live);
  }

  /** Whether the table's hand (or the game's end) changed since the last call: the listing shows hand and scores. */
  handChanged(table: Table | null): boolean {
    const hand = table ? `${table.game.handNumber}/${table.game.phase === 'gameOver'}` : '';
    if (hand === this.hand) return false;
    this.hand = hand;
    return true;
  }
}

/** Who watched the table is stored: they may block its players by seat (manners-routes.ts); a failure is logged. */
export async function keepWatcher(table: Table | null, userId: string): Promise<void> {
  const s = services();
  const id = table?.record.id;
  if (!id) return;
  try {
    await s.store.manners.watched(id, userId, Date.now());
  } catch (e) {
    s.log.error({ err: e, table: id }, 'keeping a watcher failed');
  }
}
