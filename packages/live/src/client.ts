/**
 * A client for one live table (or friends' room) over colyseus.js, in browsers and Node: keeps the seat's view
 * from the `game` stream (asking for a snapshot on a gap), sends moves with ids and resends those not yet
 * acknowledged after a reconnect, and reconnects by itself when the connection drops (also to a restarted server).
 *
 * ```ts
 * const t = new TableClient({ url: 'http://localhost:3000', token, roomId: 'K7P2QX' });
 * t.subscribe(() => render(t.state));
 * await t.connect();
 * await t.move({ kind: 'play', card: '2C' });
 * ```
 */
import { Client, type Room } from 'colyseus.js';
import { cryptoRandom, withTimeout, type RandomSource } from '@hearts/engine';
import {
  applyGameMessage,
  applyWatchMessage,
  NO_CLAIMS,
  type LiveState,
  type Seat,
  type SubmitOutcome,
} from '@hearts/table';
import {
  CLOSE_CODES,
  DEFAULT_RECONNECT_MS,
  JOIN_ERRORS,
  joinOptions,
  type AgainMessage,
  type TokenMessage,
  type ChatLine,
  type ClockMessage,
  type ErrorMessage,
  type GameMessage,
  type LobbyMessage,
  type MatchedMessage,
  type NextMessage,
  type QueueMessage,
  type ResultMessage,
  type SeatsMessage,
  type ShuffleMessage,
  type WatcherChatLine,
  type WatchersMessage,
  type WatchMessage,
  type WireMove,
} from '@hearts/protocol/socket';
import { SeatShuffle, type SeatShuffleOptions } from './shuffle.js';

const JOIN_TIMEOUT = 'timed out joining the table';

/**
 * A colyseus.js client that signs its HTTP matchmaking requests with the token (an Authorization header) and
 * keeps it out of the WebSocket URL: `client.auth.token` would also append it there as `_authToken`, where
 * proxies and access logs keep it. The server checks the token at matchmaking; the seat reservation's session id
 * is all the WebSocket needs.
 */
export function signedClient(url: string, token: string): Client {
  const client = new Client(url);
  setToken(client, token);
  return client;
}

function setToken(client: Client, token: string): void {
  client.http.headers = { ...client.http.headers, Authorization: `Bearer ${token}` };
}

const FINAL_CLOSES: ReadonlySet<number> = new Set([
  CLOSE_CODES.consented,
  CLOSE_CODES.kicked,
  CLOSE_CODES.replaced,
  CLOSE_CODES.rateLimited,
  CLOSE_CODES.seatLost,
  CLOSE_CODES.watchClosed,
  1000,
]);

/**
 * Join answers that no retry will cure: no such room (or none with a place for you: the server gives the same
 * answer), a bad token, and a client of another protocol version (this page is out of date: only a reload cures
 * it). Every other answer — the room cannot take you just now, the server is restarting,
 * too many attempts — is tried again while the seat waits.
 */
const FINAL_JOIN_ERRORS: ReadonlySet<number> = new Set([
  JOIN_ERRORS.noSuchRoom,
  JOIN_ERRORS.authFailed,
  JOIN_ERRORS.protocol,
]);

/** An error's join code, when the server answered with one. */
const joinCode = (e: unknown): number | undefined => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
};

/**
 * Transport failures of a server that was reached: the connection was reset or hung up before the answer (in Node, a
 * kept-alive socket the server closed as it was reused, or a server too busy to answer in time). Tried again like a
 * join code that a retry may cure; a server that refuses connections (none listening) is not.
 */
const TRANSIENT = /^socket hang up$|\b(?:ECONNRESET|EPIPE|ETIMEDOUT)\b/;
const transient = (e: unknown): boolean =>
  e instanceof Error && (e.message === JOIN_TIMEOUT || TRANSIENT.test(e.message)); // colyseus.js keeps only the message

/** The longest pause between two attempts to join (the back-off doubles up to it). */
const MAX_RETRY_MS = 5000;

/**
 * The game server's edge refuses some matchmaking requests with an HTTP status before Colyseus sees them; colyseus.js
 * then gives the status as the error's code. They read as the join codes of the protocol.
 */
const HTTP_JOIN_ERRORS: Readonly<Record<number, number>> = {
  401: JOIN_ERRORS.authFailed,
  411: JOIN_ERRORS.tooLarge,
  413: JOIN_ERRORS.tooLarge,
  429: JOIN_ERRORS.rateLimited,
};

/**
 * A matchmaking call whose refusal carries a `JOIN_ERRORS` code, whether Colyseus or the server's edge refused. A
 * call given up for its time may still go through: that room is left at once rather than kept open by nobody —
 * `consented` as the caller says: a seat at a table or in a friends' room is only dropped (a consented leave would
 * give it up, and the next attempt takes it up again); a new room or a place in the queue is left for good.
 */
async function matchmake<T extends { leave(consented?: boolean): Promise<unknown> }>(
  call: Promise<T>,
  consented: boolean,
): Promise<T> {
  try {
    return await withTimeout(call, 10_000, JOIN_TIMEOUT);
  } catch (e) {
    if (e instanceof Error && e.message === JOIN_TIMEOUT)
      call.then((late) => late.leave(consented)).catch(() => undefined);
    const x = e as { code?: unknown };
    const mapped = typeof x.code === 'number' ? HTTP_JOIN_ERRORS[x.code] : undefined;
    if (mapped !== undefined) x.code = mapped;
    throw e;
  }
}

export interface TableClientOptions {
  readonly url: string; // the server, e.g. http://localhost:3000
  readonly token: string; // the player's signed token
  readonly roomId: string; // table id or friends' room code
  readonly onToken?: (token: string) => void; // the server renewed the token: keep this one instead
  readonly reconnectForMs?: number; // how long to keep trying after a drop (default: the seat's window, as told)
  readonly retryMs?: number; // first pause between attempts (default 400 ms); doubled after each, up to 5 s
  readonly random?: RandomSource; // for message ids
  readonly shuffle?: SeatShuffleOptions; // the fair shuffle (tests: a seat that never reveals)
  /** Watch the table instead of sitting at it: only public messages, no moves (`JoinOptions.watch`). */
  readonly watch?: boolean;
}

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

interface Pending {
  readonly move: WireMove;
  resolve(v: number): void;
  reject(e: ErrorMessage): void;
}

/** A refused message, as an Error. */
export class LiveError extends Error {
  constructor(readonly reply: ErrorMessage) {
    super(`${reply.code}: ${reply.message}`);
  }
}

export class TableClient implements Seat {
  state: LiveState | null = null; // the seat's picture of the table (null before the first snapshot)
  lobby: LobbyMessage | null = null; // a friends' room before its game starts
  chat: ChatLine[] = []; // chat lines received, oldest first
  result: ResultMessage | null = null; // at game over
  again: AgainMessage | null = null; // who wants to play again
  next: NextMessage | null = null; // the follow-up table
  status: ConnectionStatus = 'idle';
  closeCode: number | null = null; // why the connection ended for good
  /**
   * The server refused this client's protocol version (`JOIN_ERRORS.protocol`) on joining or reconnecting: it was
   * updated since this page was loaded, and only a reload cures it.
   */
  outdated = false;
  lastError: ErrorMessage | null = null;
  reconnects = 0; // successful reconnections so far
  joinRetries = 0; // attempts to join tried again by `connect()`
  /**
   * The server's clock minus this client's (ms), from the last message that told the server's time (`now`). It
   * leaves out the message's way over the network, so a countdown to a server time ends a moment late, never early.
   */
  serverOffset = 0;
  /** Watching: the watchers' chat (players never get it), and whether the table is open to watchers and to how many. */
  watchChat: WatcherChatLine[] = [];
  watchers: WatchersMessage | null = null;
  private watched: WatchMessage | null = null; // the last public snapshot (watching)
  private viewSeat = 0; // watching: the seat shown at the bottom
  /** The fair shuffle: this seat commits, reveals and verifies every hand (`fair.verdicts`, `fair.shownHash()`). */
  readonly fair: SeatShuffle;

  private readonly client: Client;
  private token: string; // the newest token: the first, or the server's renewal
  private room: Room | null = null;
  private readonly pending = new Map<string, Pending>();
  private readonly listeners = new Set<() => void>();
  private readonly taps = new Set<(type: string, message: unknown) => void>();
  private readonly prefix: string;
  private readonly rng: RandomSource; // message ids, back-off jitter
  private counter = 0;
  private syncing = false;
  private stopped = false;
  private windowMs: number | null = null; // the reconnection window the server told on joining

  constructor(readonly options: TableClientOptions) {
    this.token = options.token;
    this.client = signedClient(options.url, options.token);
    this.rng = options.random ?? cryptoRandom();
    this.prefix = (this.rng.nextUint32().toString(36) + this.rng.nextUint32().toString(36)).slice(0, 10);
    this.fair = new SeatShuffle((type, m) => this.room?.send(type, m), options.shuffle);
  }

  /**
   * How long this client keeps trying to (re)join: `reconnectForMs` when given, else the window for which the server
   * keeps a dropped player's seat, as it told on joining (before any join: the servers' default). A server restarting
   * (close 1012, join answer 4218) gives every seat the whole window again once it is back, so each such sign starts
   * the count again.
   */
  get reconnectWindowMs(): number {
    return this.options.reconnectForMs ?? this.windowMs ?? DEFAULT_RECONNECT_MS;
  }

  /** The server's clock now, as well as this client can tell (see `serverOffset`). */
  serverNow(): number {
    return Date.now() + this.serverOffset;
  }

  /** Called after every change of state, lobby, chat, result or status. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sees every message as it arrives (tests, the load generator). */
  tap(listener: (type: string, message: unknown) => void): () => void {
    this.taps.add(listener);
    return () => this.taps.delete(listener);
  }

  /**
   * Joins the room; rejects when it cannot (no such room or no place in it for you, a bad token, no server). An
   * answer that a retry may cure (a server restarting, a room that cannot take you just now, a connection reset or
   * an answer timed out) is tried again with back-off, as long as a reconnect would try.
   */
  async connect(): Promise<void> {
    this.status = 'connecting';
    this.emit();
    let until = Date.now() + this.reconnectWindowMs;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.join();
        return;
      } catch (e) {
        const code = joinCode(e);
        if (code === JOIN_ERRORS.protocol) this.outdated = true;
        if (code === JOIN_ERRORS.restarting) until = Math.max(until, Date.now() + this.reconnectWindowMs);
        const retry = code !== undefined ? !FINAL_JOIN_ERRORS.has(code) : transient(e);
        if (!retry || this.stopped || Date.now() >= until) {
          this.status = 'closed';
          this.emit();
          throw e;
        }
      }
      this.joinRetries++;
      await this.pause(attempt, until);
    }
  }

  /** The pause before the next attempt: doubling from `retryMs` up to 5 s, with jitter, never past `until`. */
  private pause(attempt: number, until: number): Promise<void> {
    const base = this.options.retryMs ?? 400;
    const full = Math.min(MAX_RETRY_MS, base * 2 ** Math.min(attempt, 16));
    // Half fixed, half random: clients that dropped together do not come back in step.
    const ms = Math.min(full / 2 + (this.rng.nextUint32() / 2 ** 32) * (full / 2), until - Date.now());
    return new Promise((r) => setTimeout(r, Math.max(0, ms)));
  }

  /** Whether this client watches the table rather than sits at it. */
  get watching(): boolean {
    return this.options.watch === true;
  }

  /** Watching: the last public snapshot (with how many cards each seat holds), or null. */
  get watchedView(): WatchMessage | null {
    return this.watched;
  }

  /** Watching: shows the table from another seat (the seat at the bottom). */
  viewFrom(seat: number): void {
    this.viewSeat = seat;
    if (this.watched) this.state = applyWatchMessage(null, this.watched, seat);
    this.emit();
  }

  /** Sends a decision; resolves with the table version that applied it, rejects with the server's refusal. */
  move(move: WireMove): Promise<number> {
    if (this.watching)
      return Promise.reject(new LiveError({ code: 'ERR_NOT_SEATED', message: 'watchers do not play' }));
    const id = `${this.prefix}-${++this.counter}`;
    if (move.kind === 'pass' && this.state) this.fair.sentPass(this.state.view.handNumber, move.cards);
    return new Promise<number>((resolve, reject) => {
      this.pending.set(id, {
        move,
        resolve,
        reject: (e) => reject(new LiveError(e)),
      });
      this.room?.send('move', { id, move });
    });
  }

  /** The seat's move as every seat answers it (`Seat`): the version that applied it, or the server's refusal. */
  submit(move: WireMove): Promise<SubmitOutcome> {
    return this.move(move).then(
      (v): SubmitOutcome => ({ ok: true, v }),
      (e: unknown): SubmitOutcome => {
        if (e instanceof LiveError) return { ok: false, error: e.reply };
        throw e;
      },
    );
  }

  /** Live tables do not play claims: refused as the table core refuses one without them. */
  readonly claims = false;
  claim(): Promise<SubmitOutcome> {
    return Promise.resolve(NO_CLAIMS);
  }

  /** Moves sent but not yet acknowledged (they are resent after a reconnect). */
  get unacknowledged(): number {
    return this.pending.size;
  }

  /** Any other client message (`chat`, `kick`, `again`, `options`, `start`, `mute`, `sync` …). */
  send(type: string, message: unknown = {}): void {
    this.room?.send(type, message);
  }

  /**
   * Gives the seat up while the game runs (`leave`: a bot takes it) and resolves once the server has closed the
   * connection, which it does after it has counted the leave (a rated game's cool-down), or after `waitMs` (a
   * server that does not answer); then leaves for good. A page that asks for the cool-down next finds it counted.
   */
  async leaveSeat(waitMs = 5_000): Promise<void> {
    if (this.room && this.status !== 'closed') {
      let off = (): void => undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
        off = this.subscribe(() => {
          if (this.status === 'closed') resolve();
        });
        this.send('leave', {});
      });
      clearTimeout(timer);
      off();
    }
    await this.leave();
  }

  /** Leaves for good: at a table a bot takes the seat. */
  async leave(): Promise<void> {
    this.stopped = true;
    const room = this.room;
    this.room = null;
    if (room) await room.leave(true).catch(() => undefined);
    this.status = 'closed';
    this.closeCode ??= CLOSE_CODES.consented;
    this.emit();
  }

  /** Drops the connection without leaving (as a lost network would): the client reconnects by itself. */
  drop(): void {
    this.room?.connection.close(4999, 'dropped');
  }

  /** Goes away without leaving and without coming back (a closed tab): the seat waits out its window. */
  vanish(): void {
    this.stopped = true;
    this.status = 'closed';
    this.room?.connection.close(4999, 'gone');
    this.room = null;
    this.emit();
  }

  /** Opens a new friends' room (its id is the code to share) and joins it as its host. */
  static async createFriendsRoom(options: Omit<TableClientOptions, 'roomId'>): Promise<TableClient> {
    const client = signedClient(options.url, options.token);
    const room = await matchmake(client.create('friends', joinOptions()), true);
    const t = new TableClient({ ...options, roomId: room.roomId });
    t.attach(room);
    return t;
  }

  /** The token this client signs in with: the one it was given, or the server's renewal of it. */
  get currentToken(): string {
    return this.token;
  }

  /** The room id (a friends' room: its code). */
  get roomId(): string {
    return this.options.roomId;
  }

  private async join(): Promise<void> {
    const room = await matchmake(
      this.client.joinById(this.options.roomId, joinOptions(this.watching ? { watch: true } : {})),
      false,
    );
    if (this.stopped) {
      await room.leave(true).catch(() => undefined);
      return;
    }
    this.attach(room);
  }

  private attach(room: Room): void {
    this.room = room;
    if (this.watching) this.watchChat = []; // the server sends its kept lines again on every join
    this.syncing = false;
    this.status = 'open';
    room.onMessage('*', (type, message) => this.onMessage(String(type), message));
    room.onLeave((code) => void this.onLeave(room, code));
    this.emit();
  }

  private onMessage(type: string, message: unknown): void {
    for (const t of this.taps) t(type, message);
    switch (type) {
      case 'game':
        this.onGame(message as GameMessage);
        break;
      case 'watch': {
        const m = message as WatchMessage;
        if (!this.watching || (this.watched && m.v < this.watched.v)) return;
        this.watched = m;
        this.serverOffset = m.table.now - Date.now();
        this.windowMs = m.table.reconnectMs ?? this.windowMs;
        this.state = applyWatchMessage(this.state, m, this.viewSeat);
        break;
      }
      case 'wchat':
        this.watchChat = [...this.watchChat, message as WatcherChatLine].slice(-100);
        break;
      case 'watchers':
        this.watchers = message as WatchersMessage;
        break;
      case 'shuffle':
        this.fair.receive(message as ShuffleMessage, this.state);
        break;
      case 'error': {
        const e = message as ErrorMessage;
        if (e.code === 'ERR_DUPLICATE' && e.id !== undefined) {
          this.settle(e.id, e.v ?? 0); // resent after a reconnect, and the server already had it
          break;
        }
        this.lastError = e;
        const p = e.id === undefined ? undefined : this.pending.get(e.id);
        if (p && e.id !== undefined) {
          this.pending.delete(e.id);
          p.reject(e);
        }
        break;
      }
      case 'clock': {
        const c = message as ClockMessage;
        if (this.state) {
          const clocks = this.state.table.clocks.map((x) => (x.seat === c.clock.seat ? c.clock : x));
          this.state = { ...this.state, table: { ...this.state.table, clocks, kickable: c.kickable } };
        }
        break;
      }
      case 'seats': {
        const s = message as SeatsMessage;
        this.serverOffset = s.now - Date.now();
        if (this.state) this.state = { ...this.state, table: { ...this.state.table, ...s } };
        break;
      }
      case 'chat':
        this.chat = [...this.chat, message as ChatLine].slice(-100);
        break;
      case 'lobby':
        // Also after a game: the room is open again ("play again" at a friends' table); the game is over here.
        this.lobby = message as LobbyMessage;
        this.windowMs = this.lobby.reconnectMs;
        this.state = null;
        this.result = null;
        this.again = null;
        this.next = null;
        this.chat = [];
        break;
      case 'result':
        this.result = message as ResultMessage;
        break;
      case 'again':
        this.again = message as AgainMessage;
        break;
      case 'next':
        this.next = message as NextMessage;
        break;
      case 'token': {
        const token = (message as TokenMessage | null)?.token;
        if (typeof token === 'string' && token !== this.token) {
          this.token = token;
          setToken(this.client, token); // the next join (a reconnect) signs in with it
          this.options.onToken?.(token);
        }
        return;
      }
      default:
        return;
    }
    this.emit();
  }

  private onGame(m: GameMessage): void {
    const next = applyGameMessage(this.state, m);
    if (next === 'gap') {
      if (!this.syncing) {
        this.syncing = true;
        this.room?.send('sync', {});
      }
      return;
    }
    const first = m.kind === 'snapshot' && m.event.type === 'join';
    if (m.kind === 'snapshot') {
      this.syncing = false;
      this.serverOffset = m.table.now - Date.now();
      this.windowMs = m.table.reconnectMs ?? this.windowMs;
    }
    this.state = next;
    this.fair.observe(next);
    if (m.ack !== undefined) this.settle(m.ack, m.v);
    // After a (re)join, resend what the server may not have received; it ignores what it already applied.
    if (first) for (const [id, p] of this.pending) this.room?.send('move', { id, move: p.move });
  }

  private settle(id: string, v: number): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    p.resolve(v);
  }

  private async onLeave(room: Room, code: number): Promise<void> {
    if (this.room !== room) return;
    this.room = null;
    if (this.stopped || FINAL_CLOSES.has(code)) {
      this.status = 'closed';
      this.closeCode = code;
      for (const [, p] of this.pending)
        p.reject({ code: 'ERR_NOT_SEATED', message: 'the connection to the table ended' });
      this.pending.clear();
      this.emit();
      return;
    }
    this.status = 'reconnecting';
    this.emit();
    let until = Date.now() + this.reconnectWindowMs;
    for (let attempt = 0; !this.stopped && Date.now() < until; attempt++) {
      await this.pause(attempt, until);
      if (this.stopped) return;
      try {
        await this.join();
        this.reconnects++;
        return;
      } catch (e) {
        // The room is gone for good, or we no longer have a place there: stop trying. Anything else (a network
        // error, a room that cannot take us just now, a restarting server) is tried again.
        const code = joinCode(e);
        if (code === JOIN_ERRORS.protocol) this.outdated = true;
        if (code !== undefined && FINAL_JOIN_ERRORS.has(code)) break;
        if (code === JOIN_ERRORS.restarting) until = Math.max(until, Date.now() + this.reconnectWindowMs);
      }
    }
    if (this.stopped) return;
    this.status = 'closed';
    this.closeCode = code;
    this.emit();
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}

export interface QuickMatchOptions {
  readonly url: string;
  readonly token: string;
  readonly rated: boolean;
  readonly targetScore: 50 | 100;
  readonly onQueue?: (status: QueueMessage) => void;
  readonly onToken?: (token: string) => void; // the server renewed the token: keep this one instead
}

/** A wait in the quick-match queue: resolves with the id of the table to join. */
export interface QuickMatchWait {
  readonly roomId: Promise<string>;
  cancel(): Promise<void>;
}

export function quickMatch(options: QuickMatchOptions): QuickMatchWait {
  const client = signedClient(options.url, options.token);
  let room: Room | null = null;
  let cancelled = false;
  const roomId = (async () => {
    room = await matchmake(
      client.joinOrCreate('quick', joinOptions({ rated: options.rated, targetScore: options.targetScore })),
      true,
    );
    const r = room;
    // Cancelled while the join was on its way (the server may already count us as waiting): leave at once.
    if (cancelled) {
      r.onMessage('*', () => undefined); // what the queue says meanwhile is not asked for any more
      await r.leave(true).catch(() => undefined);
      throw new Error('cancelled');
    }
    return new Promise<string>((resolve, reject) => {
      r.onMessage('queue', (m: QueueMessage) => options.onQueue?.(m));
      r.onMessage('token', (m: TokenMessage) => options.onToken?.(m.token));
      r.onMessage('error', (m: ErrorMessage) => reject(new LiveError(m)));
      r.onMessage('matched', (m: MatchedMessage) => {
        resolve(m.roomId);
        void r.leave(true).catch(() => undefined);
      });
      r.onLeave((code) => {
        if (cancelled) reject(new Error('cancelled'));
        else reject(new Error(`the quick-match queue closed (${code})`));
      });
    });
  })();
  return {
    roomId,
    async cancel() {
      cancelled = true;
      const r = room as Room | null;
      if (r) await r.leave(true).catch(() => undefined);
      // Resolves once the wait has ended, whether the join was still on its way or not.
      await roomId.catch(() => undefined);
    },
  };
}
