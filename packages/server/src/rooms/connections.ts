/**
 * A room's players' connections (watchers have their own: `watchers.ts`): one live connection per user (a second
 * device replaces the first), messages encoded once for everyone who gets the very same object, and the
 * reconnection windows of those who dropped.
 *
 * ```ts
 * const conns = new Connections((type, m) => encode(type, m));
 * conns.add(client, { userId, name }); // an older connection of the user is closed as replaced
 * conns.toUser(userId, 'game', m);
 * const windows = new ReconnectWindows();
 * windows.open(userId, 60_000, () => takeOver(userId));
 * ```
 */
import { Protocol, getMessageBytes, type Client } from '@colyseus/core';
import { CLOSE_CODES } from '@hearts/protocol/socket';

/** A player's connection. */
export interface Conn {
  readonly client: Client;
  readonly userId: string;
  readonly name: string;
}

/** Encodes a message once for every recipient of the very same object (most `play` messages). */
export class Encoder {
  private last: { type: string; message: unknown; bytes: Buffer } | null = null;

  encode(type: string, message: unknown): Buffer {
    const last = this.last;
    if (last && last.message === message && last.type === type) return last.bytes;
    const bytes = getMessageBytes.raw(Protocol.ROOM_DATA, type, message);
    this.last = { type, message, bytes };
    return bytes;
  }
}

export class Connections {
  private readonly bySession = new Map<string, Conn>();
  private readonly byUser = new Map<string, Client>(); // the one live connection of each user

  constructor(private readonly encoder: Encoder) {}

  get size(): number {
    return this.bySession.size;
  }

  /** The user's connection now; an older one of the same user is closed (`replaced`). */
  add(client: Client, who: { userId: string; name: string }): void {
    const previous = this.byUser.get(who.userId);
    if (previous && previous !== client) {
      this.bySession.delete(previous.sessionId);
      previous.leave(CLOSE_CODES.replaced);
    }
    this.bySession.set(client.sessionId, { client, userId: who.userId, name: who.name });
    this.byUser.set(who.userId, client);
  }

  /**
   * The connection is gone: its entry, and `left` says whether it was the user's live one (not one replaced by
   * another device meanwhile). Undefined when it was removed already.
   */
  remove(client: Client): { conn: Conn; left: boolean } | undefined {
    const conn = this.bySession.get(client.sessionId);
    if (!conn) return undefined;
    this.bySession.delete(client.sessionId);
    const left = this.byUser.get(conn.userId) === client;
    if (left) this.byUser.delete(conn.userId);
    return { conn, left };
  }

  /** Closes the user's connection with `code` (a seat lost, a kick); its later `onLeave` finds nothing. */
  drop(userId: string, code: number): void {
    const c = this.byUser.get(userId);
    if (!c) return;
    this.byUser.delete(userId);
    this.bySession.delete(c.sessionId);
    c.leave(code);
  }

  of(client: Client): Conn | undefined {
    return this.bySession.get(client.sessionId);
  }

  clientOf(userId: string): Client | undefined {
    return this.byUser.get(userId);
  }

  /** Whether the user has a live connection here. */
  online = (userId: string): boolean => this.byUser.has(userId);

  /** The users with a live connection, with it. */
  users(): IterableIterator<[string, Client]> {
    return this.byUser.entries();
  }

  all(): IterableIterator<Conn> {
    return this.bySession.values();
  }

  toUser(userId: string, type: string, message: unknown): void {
    this.byUser.get(userId)?.enqueueRaw(this.encoder.encode(type, message));
  }

  toAll(type: string, message: unknown): void {
    if (this.bySession.size === 0) return;
    const bytes = this.encoder.encode(type, message);
    for (const c of this.bySession.values()) c.client.enqueueRaw(bytes);
  }
}

/** Reconnection windows by user: when one runs out, its callback runs (unless it was closed first). */
export class ReconnectWindows {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  open(userId: string, ms: number, out: () => void): void {
    this.close(userId);
    this.timers.set(
      userId,
      setTimeout(() => {
        this.timers.delete(userId);
        out();
      }, ms),
    );
  }

  close(userId: string): void {
    clearTimeout(this.timers.get(userId));
    this.timers.delete(userId);
  }

  closeAll(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
