/**
 * The room of one table: a thin adapter between connections and a {@link Table}. It checks who may sit where,
 * hands messages to the table, and sends each seat's own messages to that seat's connection only. A friends' room
 * starts here as a lobby (its id is the code to share) and becomes a table when the host starts the game.
 *
 * Room names: `friends` (clients create it) and `table` (only the server creates it: quick matches, rematches,
 * tables restored after a restart).
 */
import { Protocol, ServerError, getMessageBytes, matchMaker, type Client } from '@colyseus/core';
import { DEFAULT_RULES, type Rules } from '@hearts/engine';
import {
  CLOSE_CODES,
  JOIN_ERRORS,
  type BotLevel,
  type ChatLine,
  type LobbyMessage,
  type TakeoverReason,
} from '@hearts/table/protocol';
import { roomCode, tableId } from '../ids.js';
import { dailyDeals } from '../daily.js';
import { ratedTable } from '../fairness/policy.js';
import { finishLiveGame } from '../rating/finish.js';
import { botRatingOf, openTable, seatTable, standingsOf } from '../seating.js';
import { maybeServices, services } from '../services.js';
import { isUniqueViolation } from '../store/sql-errors.js';
import type { DealStep } from '@hearts/table';
import type { LobbyRecord, TableRecord } from '../store/types.js';
import { Table, type TableDeps } from '../table.js';
import { parseTableOptions } from '../validate.js';
import { noRoomForYou } from './admission.js';
import { TableChat } from './chat.js';
import { GuardedRoom, type Auth, type Handlers } from './guarded.js';
import { Watchers, liveListing, wantsToWatch, watchable } from './watchers.js';

interface CreateOptions {
  mode?: 'friends' | 'table';
  internal?: string; // the server's key: only the server opens `table` rooms
  tableId?: string;
}

interface Member {
  readonly userId: string;
  readonly name: string;
}

/** A friends' table's room: its code and host (tables stored before rooms were kept: its own id, no host). */
function roomOf(record: TableRecord): { code: string; hostId: string | null } {
  return record.room ?? { code: record.id, hostId: null };
}

/** The people dealt into a table, in seat order (also those a bot replaced: they may come back to the room). */
function humansOf(record: TableRecord): Member[] {
  return record.seats.flatMap((s) => (s.kind === 'human' ? [{ userId: s.userId, name: s.name }] : []));
}

/**
 * Connections and seat reservations a room holds at most, together. The room's own players (seated, or members of
 * the lobby) are never counted out by it: Colyseus' own `maxClients` would lock the room for them too, so it stays
 * unlimited and this limit is checked in {@link TableRoom.mayReserve}.
 */
export const ROOM_MAX_CONNECTIONS = 32;

export class TableRoom extends GuardedRoom {
  override autoDispose = false;

  table: Table | null = null;
  private readonly conns = new Map<string, { client: Client; userId: string; name: string }>(); // by session id
  private readonly byUser = new Map<string, Client>(); // the one live connection of each user
  private readonly windows = new Map<string, ReturnType<typeof setTimeout>>(); // reconnection windows by user
  private readonly mutes = new Map<string, Set<number>>(); // by user: seats whose chat they do not see
  private readonly blocked = new Map<string, ReadonlySet<string>>(); // by user: whom they blocked (chat hidden)
  private readonly chatLog: ChatLine[] = [];
  private chat: TableChat | null = null; // what the table keeps of its chat, and its bounds (rooms/chat.ts)
  private readonly again = new Set<number>();
  private rematching = false;
  /** A friends' room reopened after its game: members still at the game's result, not back in the room yet. */
  private readonly lingering = new Set<string>();
  private reopening: Promise<void> | null = null; // a finished friends' table: its room opening at its code
  private starting = false; // a friends' table is being started
  private lastEncoded: { type: string; message: unknown; bytes: Buffer } | null = null;
  /** Watchers: places of their own, only public messages (rooms/watchers.ts). */
  private readonly deletedUsers = new Set<string>(); // deleted while here: their leave is not kept
  readonly watchers = new Watchers((type, m) => this.encode(type, m));
  private listed = ''; // the `live` listing last published (JSON)
  private listedHand = ''; // the hand it was published for
  // friends' lobby, before the start
  private members: Member[] = [];
  private hostId: string | null = null;
  private lobbySaved = ''; // what the store holds of the room (lobbyKey; '' for nothing)
  private lobbyWrites: Promise<void> = Promise.resolve(); // the room's store writes, in order
  private options: { rules: Rules; botLevel: BotLevel } = { rules: DEFAULT_RULES, botLevel: 'medium' };

  override async onCreate(options: CreateOptions): Promise<void> {
    const s = services();
    this.setPatchRate(null); // no synchronized state: no 20 Hz patch timer per room
    await this.setPrivate(true);
    if (options.mode === 'friends') {
      if (s.draining)
        throw new ServerError(JOIN_ERRORS.restarting, 'the server is shutting down: no new tables');
      this.roomId = await this.freeCode();
      this.options = { rules: DEFAULT_RULES, botLevel: s.config.botLevel };
      // One process runs the room; it is stored once someone is in it, and restored after a restart.
      if (!(await s.presence.claim(this.roomId)))
        throw new ServerError(JOIN_ERRORS.tableTaken, `room ${this.roomId} runs on another server process`);
      this.autoDispose = true;
      this.register();
      return;
    }
    if (options.internal !== s.internalKey || typeof options.tableId !== 'string')
      throw new ServerError(JOIN_ERRORS.internal, 'tables are opened by the server');
    // One process runs a table: the one holding its lease (another may be restoring it at the same moment).
    if (!(await s.presence.claim(options.tableId)))
      throw new ServerError(
        JOIN_ERRORS.tableTaken,
        `table ${options.tableId} runs on another server process`,
      );
    try {
      const loaded = await s.store.loadTable(options.tableId);
      // A friends' room reopened to play again keeps its code: its finished first game has the same id.
      const lobby =
        !loaded || loaded.table.status === 'finished' ? await s.store.loadLobby(options.tableId) : null;
      if (lobby) this.restoreLobby(lobby);
      else if (loaded) {
        this.roomId = loaded.table.id;
        // The host's choices outlive a restart: who the host is, and whether watchers may come.
        this.hostId = loaded.table.room?.hostId ?? null;
        this.watchers.open = loaded.table.watchersOpen ?? true;
        this.startTable(Table.restore(loaded.table, loaded.events, this.deps(loaded.table)));
        // A leave stored with its takeover but not yet among the leaves (a crash between the two): stored now.
        for (const row of loaded.events)
          if (row.event.type === 'takeover') this.recordLeave(row.event.seat, row.event.reason, row.at);
        // A start cut short between storing the table and forgetting its room: the table counts.
        this.forgetLobby();
      } else throw new ServerError(JOIN_ERRORS.noSuchRoom, `no table ${options.tableId}`);
    } catch (e) {
      await s.presence.release(options.tableId);
      throw e;
    }
    this.register();
  }

  private async freeCode(): Promise<string> {
    const { store } = services();
    for (;;) {
      const code = roomCode();
      if (
        !(await matchMaker.getRoomById(code)) &&
        !(await store.tableExists(code)) &&
        !(await store.loadLobby(code))
      )
        return code;
    }
  }

  /** A friends' room stored before a restart: its members have their reconnection window to come back. */
  private restoreLobby(l: LobbyRecord): void {
    this.roomId = l.id;
    this.hostId = l.hostId;
    this.members = l.members.map((m) => ({ userId: m.userId, name: m.name }));
    this.options = { rules: l.rules, botLevel: l.botLevel };
    this.lobbySaved = this.lobbyKey();
    for (const m of this.members) this.openWindow(m.userId);
    this.autoDispose = this.members.length === 0;
  }

  private deps(record: TableRecord): TableDeps {
    const s = services();
    const c = s.config;
    return {
      append: async (rows) => {
        if (!s.presence.holds(this.roomId)) throw new Error('this process no longer runs the table');
        const stop = s.metrics.persistSeconds.startTimer();
        try {
          await s.writer.append(rows);
        } catch (e) {
          // Another process wrote this step (it took the table over): this copy is stale; the clients reconnect.
          if (isUniqueViolation(e)) s.failover.lost([this.roomId]);
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
        game: (seat, m) => this.toSeat(seat, 'game', m),
        shuffle: (seat, m) => this.toSeat(seat, 'shuffle', m),
        clock: (m) => {
          this.toAll('clock', m);
          this.watchers.send('clock', m);
        },
        seats: (m) => {
          this.toAll('seats', m);
          this.watchers.send('seats', m);
          this.publishListing();
        },
        result: (m) => {
          this.toAll('result', m);
          this.watchers.send('result', m);
          this.publishListing();
          this.autoDispose = true;
          if (this.conns.size === 0) void this.disconnect();
        },
        watch: (build) => {
          if (this.watchers.size > 0) this.watchers.send('watch', build());
          // The listing shows the hand and the scores: published again once per hand, not per card.
          const hand = this.table
            ? `${this.table.game.handNumber}/${this.table.game.phase === 'gameOver'}`
            : '';
          if (hand !== this.listedHand) {
            this.listedHand = hand;
            this.publishListing();
          }
        },
        seatLost: (seat, reason) => this.seatLost(seat, reason),
        botFailed: (e) => {
          s.metrics.botFailures.inc();
          s.log.error({ err: e, table: this.roomId }, 'a bot failed; a legal card was played instead');
        },
        problem: (message, e) => s.log.error({ err: e, table: this.roomId }, message),
      },
    };
  }

  private startTable(table: Table): void {
    this.table = table;
    this.autoDispose = false;
    // Everyone seated has the reconnection window to (re)join: after a restart, and for a new table alike.
    for (const seat of table.humanSeats()) {
      const userId = table.seats[seat]!.userId!;
      if (!this.byUser.has(userId)) this.openWindow(userId);
    }
    table.begin();
    this.publishListing();
    for (const userId of this.byUser.keys()) this.showPlace(userId, true); // a lobby became a table
  }

  /** Friends see where a player is (whereabouts.ts): here while connected as a player, not as a watcher. */
  private showPlace(userId: string, here: boolean): void {
    const w = services().whereabouts;
    const kind = this.table ? this.table.record.kind : 'lobby';
    void (here ? w.seated(userId, { room: this.roomId, kind }) : w.unseated(userId, this.roomId)).catch(
      () => undefined,
    );
  }

  // --- who may come in -----------------------------------------------------------------------------------------

  /**
   * Whether a user may take a seat reservation here now. At a table: only its seated players (and always they).
   * In a friends' lobby: its members always; a newcomer while the members and the other newcomers holding a
   * reservation leave a seat free, and the room holds fewer than {@link ROOM_MAX_CONNECTIONS}. Asked before a join by
   * id (`admission.ts`, also from another process) and again when the reservation is made.
   */
  mayReserve(userId: string, watch = false): boolean {
    if (watch) return this.mayWatch(userId);
    if (this.ownPlayer(userId)) return true;
    if (this.table || this.starting) return false;
    const pending = this.pendingReservations();
    if (this.clients.length + pending.length >= ROOM_MAX_CONNECTIONS) return false;
    const newcomers = new Set(
      pending.flatMap((r) => (r.userId !== userId && !this.ownPlayer(r.userId) ? [r.userId] : [])),
    );
    return this.members.length + newcomers.size < this.options.rules.players;
  }

  /**
   * Whether a user may reserve a watcher's place: not one of the table's own players (they take their seat), the
   * table watchable, a watcher's place free, and the room under {@link ROOM_MAX_CONNECTIONS} (the room's own
   * players never count against either: they are admitted before any of this).
   */
  private mayWatch(userId: string): boolean {
    if (this.ownPlayer(userId) || services().draining) return false;
    const pending = this.pendingReservations().filter((r) => r.watch && r.userId !== userId);
    if (this.clients.length + pending.length >= ROOM_MAX_CONNECTIONS) return false;
    return this.watchers.mayReserve(
      userId,
      watchable(this.table, this.watchers.open),
      pending.map((r) => r.userId),
    );
  }

  /** Seated at the table, or a member of the lobby. */
  private ownPlayer(userId: string): boolean {
    return this.table ? this.table.seatOfUser(userId) >= 0 : this.members.some((m) => m.userId === userId);
  }

  /** Seat reservations not yet taken up by a connection, with the user each is for. */
  private pendingReservations(): { sessionId: string; userId: string; watch: boolean }[] {
    return Object.entries(this.reservedSeats).flatMap(([sessionId, r]) => {
      const userId = (r[1] as Partial<Auth> | undefined)?.userId;
      return r[2] !== true && typeof userId === 'string'
        ? [{ sessionId, userId, watch: wantsToWatch(r[0]) }]
        : [];
    });
  }

  /**
   * Colyseus reserves a seat for a joiner before `onJoin` runs: only for someone {@link mayReserve} admits, and
   * one per user (a new reservation replaces the user's older one, so that retries never pile up).
   */
  protected override async _reserveSeat(
    sessionId: string,
    joinOptions?: unknown,
    authData?: unknown,
    seconds?: number,
    allowReconnection?: boolean,
    devModeReconnection?: boolean,
  ): Promise<boolean> {
    const userId = (authData as Partial<Auth> | undefined)?.userId;
    if (typeof userId !== 'string' || !this.mayReserve(userId, wantsToWatch(joinOptions))) return false;
    const older = this.pendingReservations().filter((r) => r.userId === userId);
    // The new reservation is in place once this call returns (before its first await): then the older go.
    const reserving = super._reserveSeat(
      sessionId,
      joinOptions,
      authData,
      seconds,
      allowReconnection,
      devModeReconnection,
    );
    for (const r of older) this.dropReservation(r.sessionId);
    return reserving;
  }

  private dropReservation(sessionId: string, count = true): void {
    const r = this.reservedSeats[sessionId];
    if (!r || r[2] === true) return; // being taken up by its connection
    clearTimeout(this.reservedSeatTimeouts[sessionId]);
    delete this.reservedSeatTimeouts[sessionId];
    delete this.reservedSeats[sessionId];
    if (count) void this._decrementClientCount();
  }

  /** Closing the room (draining): reservations not taken up go with it, rather than hold it open until they expire. */
  override disconnect(closeCode?: number): Promise<unknown> {
    for (const r of this.pendingReservations()) this.dropReservation(r.sessionId, false);
    // Colyseus keeps the handle of the auto-dispose timer it cleared when `autoDispose` turned off within that
    // timer's second (a game over, then "play again" at once); a room with such a handle never disposes once empty.
    const room = this as unknown as { _autoDisposeTimeout?: ReturnType<typeof setTimeout> };
    clearTimeout(room._autoDisposeTimeout);
    room._autoDisposeTimeout = undefined;
    return super.disconnect(closeCode);
  }

  override async onJoin(client: Client, options: unknown, auth: Auth): Promise<void> {
    const s = services();
    await this.loadBlocks(auth.userId);
    if (wantsToWatch(options)) {
      this.watcherJoined(client, auth);
      await this.keepWatcher(auth.userId); // before the join completes: the watcher may block by seat at once
      return;
    }
    const previous = this.byUser.get(auth.userId);
    // Checked again: the table may have started, or the lobby filled, since the reservation.
    if (this.table) {
      if (this.table.seatOfUser(auth.userId) < 0) throw noRoomForYou();
    } else {
      if (!this.members.some((m) => m.userId === auth.userId)) {
        if (this.members.length >= this.options.rules.players) throw noRoomForYou();
        this.members.push({ userId: auth.userId, name: auth.name });
      }
      this.lingering.delete(auth.userId); // (re)joining the room is coming back to it
      this.hostId ??= auth.userId;
    }
    if (previous && previous !== client) {
      this.conns.delete(previous.sessionId);
      previous.leave(CLOSE_CODES.replaced);
    }
    this.conns.set(client.sessionId, { client, userId: auth.userId, name: auth.name });
    this.byUser.set(auth.userId, client);
    this.closeWindow(auth.userId);
    this.showPlace(auth.userId, true);
    this.handOverToken(client, auth);
    client.send('watchers', this.watchers.status());
    s.log.debug({ table: this.roomId, user: auth.userId }, 'joined');
    if (!this.table) {
      this.lobbyChanged();
      return;
    }
    const seat = this.table.seatOfUser(auth.userId);
    client.send('game', this.table.snapshot(seat));
    this.table.setConnected(seat, true);
    for (const line of this.chatLog) if (this.readsChatOf(auth.userId, line.seat)) client.send('chat', line);
    if (this.table.result) client.send('result', this.table.result);
    if (this.again.size > 0) client.send('again', { seats: [...this.again] });
  }

  override onLeave(client: Client, consented: boolean): void {
    if (this.watchers.remove(client)) {
      this.watchersChanged();
      return;
    }
    const conn = this.conns.get(client.sessionId);
    if (!conn) return; // replaced by another device, or removed already
    this.conns.delete(client.sessionId);
    if (this.byUser.get(conn.userId) === client) {
      this.byUser.delete(conn.userId);
      this.showPlace(conn.userId, false);
    }
    if (services().draining) return;
    if (!this.table) {
      if (consented) this.removeMember(conn.userId);
      else if (this.members.some((m) => m.userId === conn.userId)) this.openWindow(conn.userId);
      this.lobbyChanged();
      return;
    }
    const seat = this.table.seatOfUser(conn.userId);
    if (seat < 0) return;
    if (!consented && this.table.game.phase !== 'gameOver') {
      this.openWindow(conn.userId); // the seat shows as away, with the time left to come back
      return;
    }
    this.table.setConnected(seat, false);
    if (this.table.game.phase === 'gameOver') {
      this.again.delete(seat);
      this.maybeRematch();
      // Watchers alone do not keep a finished table open.
      if (this.table.finished && this.conns.size === 0) void this.disconnect();
      return;
    }
    void this.table.takeover(seat, 'left');
  }

  protected override cleanup(): void {
    this.table?.dispose();
    const s = maybeServices();
    if (s && !s.draining) {
      // Over for good (a drained room is restored from the store by whoever runs it next).
      if (!this.table) this.lobbyWrite(() => s.store.deleteLobby(this.roomId));
      void this.lobbyWrites.then(() => s.presence.release(this.roomId)).catch(() => undefined);
    }
    for (const t of this.windows.values()) clearTimeout(t);
    this.windows.clear();
    if (s) for (const userId of this.byUser.keys()) this.showPlace(userId, false);
  }

  // --- messages ------------------------------------------------------------------------------------------------

  protected handlers(): Handlers {
    return {
      move: async (client, m) => {
        const seat = this.seatOf(client);
        if (seat === null || !this.table) {
          this.sendError(client, {
            code: 'ERR_NOT_SEATED',
            message: 'no game is running for you here',
            id: m.id,
          });
          return;
        }
        const r = await this.table.submit(seat, m.id, m.move);
        if (!r.ok) this.sendError(client, r.error);
      },
      commit: async (client, m) => this.dealStep(client, { step: 'commit', ...m }),
      reveal: async (client, m) => this.dealStep(client, { step: 'reveal', ...m }),
      sync: (client) => {
        if (this.watchers.has(client) && this.table) {
          client.send('watch', this.table.driver.watchSnapshot());
          return;
        }
        const seat = this.seatOf(client);
        if (seat !== null && this.table) client.send('game', this.table.snapshot(seat));
        else if (!this.table) this.sendLobby();
      },
      chat: async (client, m) => {
        const watching = this.watchers.has(client);
        if (!this.table || (!watching && this.seatOf(client) === null)) {
          this.sendError(client, { code: 'ERR_NOT_NOW', message: 'chat opens at the table' });
          return;
        }
        // Within what a table keeps and LIMIT_CHAT (rooms/chat.ts): else refused, and said to nobody.
        const s = services();
        this.chat ??= new TableChat(this.roomId, { store: s.store.manners, limits: s.limits, log: s.log });
        const refused = await this.chat.admit(client.auth as Auth, watching ? 'watchers' : 'players');
        if (refused) {
          this.sendError(client, refused);
          return;
        }
        if (watching) {
          const said = this.watchers.chat(client, m.text);
          if (said) this.keepChat(said.userId, null, 'watchers', said.line);
          return;
        }
        const conn = this.conns.get(client.sessionId);
        const seat = this.seatOf(client);
        if (!conn || !this.table || seat === null) return; // gone meanwhile
        const line: ChatLine = { seat, name: this.table.seats[seat]!.name, text: m.text, at: Date.now() };
        this.chatLog.push(line);
        if (this.chatLog.length > 50) this.chatLog.shift();
        this.keepChat(conn.userId, seat, 'players', line);
        for (const c of this.conns.values())
          if (this.readsChatOf(c.userId, seat)) c.client.send('chat', line);
      },
      mute: (client, m) => {
        const conn = this.conns.get(client.sessionId);
        if (!conn) return;
        let set = this.mutes.get(conn.userId);
        if (!set) this.mutes.set(conn.userId, (set = new Set()));
        if (m.muted) set.add(m.seat);
        else set.delete(m.seat);
      },
      kick: async (client, m) => {
        const seat = this.seatOf(client);
        if (seat === null || !this.table) {
          this.sendError(client, { code: 'ERR_NOT_SEATED', message: 'you have no seat at this table' });
          return;
        }
        const e = await this.table.voteKick(seat, m.seat);
        if (e) this.sendError(client, e);
      },
      leave: async (client) => {
        if (this.watchers.has(client)) {
          client.leave(CLOSE_CODES.consented);
          return;
        }
        const conn = this.conns.get(client.sessionId);
        if (!conn) return;
        if (!this.table) {
          this.conns.delete(client.sessionId);
          this.byUser.delete(conn.userId);
          this.showPlace(conn.userId, false);
          this.removeMember(conn.userId);
          this.lobbyChanged();
          client.leave(CLOSE_CODES.consented);
          return;
        }
        const seat = this.table.seatOfUser(conn.userId);
        if (seat >= 0 && this.table.game.phase !== 'gameOver') await this.table.takeover(seat, 'left');
        else client.leave(CLOSE_CODES.consented);
      },
      again: async (client) => {
        const conn = this.conns.get(client.sessionId);
        if (conn && !this.table) {
          // A friends' room reopened after its game: from the result back into it (also once left out).
          if (this.lingering.has(conn.userId) || !this.members.some((m) => m.userId === conn.userId))
            this.comeBack(client, conn.userId);
          else this.sendError(client, { code: 'ERR_NOT_NOW', message: 'no game is over here' });
          return;
        }
        const seat = this.seatOf(client);
        if (seat === null || !this.table?.finished) {
          this.sendError(client, { code: 'ERR_NOT_NOW', message: 'the game is not over' });
          return;
        }
        if (this.table.record.kind === 'daily') {
          // A new table would be a second attempt at the day.
          this.sendError(client, { code: 'ERR_NOT_NOW', message: 'the daily game is played once a day' });
          return;
        }
        if (this.table.record.kind === 'friends') {
          await this.backToRoom(client, seat);
          return;
        }
        if (this.table.record.kind === 'tournament') {
          // The tournament seats its players again (src/tournament/runner.ts).
          this.sendError(client, {
            code: 'ERR_NOT_NOW',
            message: 'the tournament seats you at your next table',
          });
          return;
        }
        this.again.add(seat);
        this.toAll('again', { seats: [...this.again].sort() });
        this.maybeRematch();
      },
      options: (client, m) => {
        if (!this.hostCheck(client)) return;
        const o = parseTableOptions(m.rules, m.botLevel);
        if (!o.ok) {
          this.sendError(client, { code: 'ERR_BAD_OPTIONS', message: o.reason });
          return;
        }
        if (o.rules.players < this.members.length) {
          this.sendError(client, { code: 'ERR_BAD_OPTIONS', message: 'more people are here than seats' });
          return;
        }
        this.options = { rules: o.rules, botLevel: o.botLevel };
        this.lobbyChanged();
      },
      watchers: (client, m) => {
        const conn = this.conns.get(client.sessionId);
        if (!conn || conn.userId !== this.hostId || this.table?.record.kind === 'quick') {
          this.sendError(client, {
            code: 'ERR_NOT_HOST',
            message: 'only the host of a friends’ room opens or closes it to watchers',
          });
          return;
        }
        if (this.watchers.open === m.open) return;
        this.watchers.open = m.open;
        if (!m.open) this.watchers.closeAll();
        this.watchersChanged();
        // Kept with the table, so that a table restored after a restart stays closed (or open).
        const id = this.table?.record.id;
        if (id) this.lobbyWrite(() => services().store.setWatchersOpen(id, m.open));
      },
      start: async (client) => {
        if (!this.hostCheck(client)) return;
        if (this.starting) {
          this.sendError(client, { code: 'ERR_NOT_NOW', message: 'the game is starting' });
          return;
        }
        this.starting = true; // a second start while this one waits for the store is refused, not run twice
        try {
          await this.startGame(client);
        } finally {
          this.starting = false;
        }
      },
    };
  }

  /** hearts-shuffle/1: a seat's commitment or seed (`@hearts/table`'s `FairShuffle`). */
  private async dealStep(client: Client, step: DealStep): Promise<void> {
    const seat = this.seatOf(client);
    if (seat === null || !this.table) {
      this.sendError(client, { code: 'ERR_NOT_SEATED', message: 'no game is running for you here' });
      return;
    }
    const e = await this.table.dealStep(seat, step);
    if (e) this.sendError(client, e);
  }

  private hostCheck(client: Client): boolean {
    const conn = this.conns.get(client.sessionId);
    if (this.table) {
      this.sendError(client, { code: 'ERR_NOT_NOW', message: 'the game has started' });
      return false;
    }
    if (!conn || conn.userId !== this.hostId) {
      this.sendError(client, {
        code: 'ERR_NOT_HOST',
        message: 'only the host chooses the options and starts',
      });
      return false;
    }
    return true;
  }

  /** The host starts a friends' table: the members present are seated by lot, bots fill the rest. */
  private async startGame(client: Client): Promise<void> {
    if (services().draining) {
      this.sendError(client, {
        code: 'ERR_DRAINING',
        message: 'the server is shutting down: no new tables',
      });
      return;
    }
    const present = this.members.filter((m) => this.present(m.userId));
    const seats = await seatTable(
      services().store,
      present.map((m) => ({ ...m, rating: null })),
      { players: this.options.rules.players, botLevel: this.options.botLevel, botRating: null },
    );
    // The room's first game is played in the room itself (its id is the code); a game after "play again" opens a
    // table of its own, and the room's code stays the friends' place to meet.
    const inPlace = !(await services().store.tableExists(this.roomId));
    const record: TableRecord = {
      id: inPlace ? this.roomId : tableId(),
      kind: 'friends',
      rated: ratedTable('friends'),
      rules: this.options.rules,
      seats,
      botLevel: this.options.botLevel,
      status: 'playing',
      createdAt: Date.now(),
      room: { code: this.roomId, hostId: this.hostId },
      ...(!this.watchers.open && { watchersOpen: false }),
    };
    if (!inPlace) {
      await this.startElsewhere(record, present);
      return;
    }
    if (!(await services().presence.claim(record.id))) {
      this.sendError(client, {
        code: 'ERR_STORAGE',
        message: 'the table could not be opened; try again',
      });
      return;
    }
    await services().store.createTable(record);
    this.members = [];
    this.forgetLobby(); // the table is stored now (its id is the room's code)
    this.startTable(Table.create(record, this.deps(record)));
    // Members who dropped before the start are not seated; tell them the room is gone. Everyone seated is marked
    // connected before the snapshots go out, so that the snapshots show it (no `seats` message needed).
    const table = this.table!;
    const seated: [number, Client][] = [];
    for (const [userId, c] of this.byUser) {
      const seat = table.seatOfUser(userId);
      if (seat < 0) c.leave(CLOSE_CODES.seatLost);
      else {
        table.setConnected(seat, true, false);
        seated.push([seat, c]);
      }
    }
    for (const [seat, c] of seated) c.send('game', table.snapshot(seat));
  }

  /** A game after "play again": its own table and room; the players present go there, the room empties. */
  private async startElsewhere(record: TableRecord, present: Member[]): Promise<void> {
    await openTable(record);
    this.members = [];
    this.lingering.clear();
    for (const w of this.windows.values()) clearTimeout(w);
    this.windows.clear();
    this.forgetLobby();
    this.autoDispose = true;
    for (const m of present) this.byUser.get(m.userId)?.send('next', { roomId: record.id });
  }

  // --- play again at a friends' table ---------------------------------------------------------------------------

  /**
   * "Play again" at a finished friends' table: everyone goes back to the friends' room, under its code, with the
   * same options. Every player of the game (also one a bot replaced, or who was voted out) is a member of it again
   * and has the reconnection window to come back; who does not is left out. The room runs here (the first game's
   * room) or is opened at its code (a later game's table has a room of its own): the player is sent there.
   */
  private async backToRoom(client: Client, seat: number): Promise<void> {
    const t = this.table!;
    const room = roomOf(t.record);
    const userId = t.seats[seat]!.userId!;
    if (room.code === this.roomId) {
      this.reopen(t, room.hostId ?? this.hostId);
      this.comeBack(client, userId);
      return;
    }
    try {
      // Opened once for everyone who comes; again when it closed meanwhile (everyone there left it).
      if (this.reopening && !(await matchMaker.getRoomById(room.code)))
        await this.reopening.catch(() => null);
      if (this.reopening && !(await matchMaker.getRoomById(room.code))) this.reopening = null;
      this.reopening ??= this.openRoomAt(room, t.record).catch((e: unknown) => {
        this.reopening = null;
        throw e;
      });
      await this.reopening;
    } catch (e) {
      services().log.error({ err: e, table: this.roomId }, 'reopening a friends’ room failed');
      this.sendError(client, { code: 'ERR_STORAGE', message: 'the room could not be opened; try again' });
      return;
    }
    this.again.add(seat);
    this.toAll('again', { seats: [...this.again].sort() });
    client.send('next', { roomId: room.code });
  }

  /** Opens the friends' room at its code for the players of a finished table (or adds them to the one running). */
  private async openRoomAt(
    room: { code: string; hostId: string | null },
    record: TableRecord,
  ): Promise<void> {
    const s = services();
    const members = humansOf(record);
    if (await matchMaker.getRoomById(room.code)) {
      const ok = (await matchMaker.remoteRoomCall(room.code, 'welcomeBack', [
        members,
        room.hostId,
      ])) as boolean;
      if (ok) return;
      throw new Error(`room ${room.code} runs a game`);
    }
    const lobby: LobbyRecord = {
      id: room.code,
      hostId: room.hostId,
      members,
      rules: record.rules,
      botLevel: record.botLevel,
      updatedAt: Date.now(),
    };
    await s.store.saveLobby(lobby);
    await s.failover.ensure(room.code); // restored from the store like after a restart: every member has a window
    if (!(await matchMaker.getRoomById(room.code))) throw new Error(`room ${room.code} did not open`);
  }

  /**
   * Players of a finished table come back to this room (called from their table's room, maybe on another
   * process): members again, each with the reconnection window to arrive. False while a game runs here.
   */
  welcomeBack(members: readonly Member[], hostId: string | null): boolean {
    if (this.table) {
      if (!this.table.finished || this.table.record.kind !== 'friends') return false;
      this.reopen(this.table, roomOf(this.table.record).hostId ?? this.hostId);
    }
    for (const m of members) {
      if (this.members.some((x) => x.userId === m.userId)) continue;
      if (this.members.length >= this.options.rules.players) break;
      this.members.push({ userId: m.userId, name: m.name });
      if (!this.byUser.has(m.userId)) this.openWindow(m.userId);
    }
    if (hostId && this.members.some((m) => m.userId === hostId) && !this.hostPresent()) this.hostId = hostId;
    this.hostId ??= this.members[0]?.userId ?? null;
    this.lobbyChanged();
    return true;
  }

  /**
   * The user deleted their account (called by the deleting request's process, maybe another: `privacy-routes.ts`).
   * At a running table a bot takes their seat over as from a leaver; in a friends' room before its game they are
   * no member any more; a connection of theirs here, a watcher's too, is closed. True when they were here.
   */
  async accountDeleted(userId: string): Promise<boolean> {
    this.deletedUsers.add(userId);
    let here = this.watchers.closeUser(userId, CLOSE_CODES.seatLost);
    if (here) this.watchersChanged();
    const client = this.byUser.get(userId);
    if (!this.table) {
      if (!client && !this.members.some((m) => m.userId === userId)) return here;
      if (client) {
        this.conns.delete(client.sessionId);
        this.byUser.delete(userId);
        client.leave(CLOSE_CODES.seatLost);
      }
      this.showPlace(userId, false);
      this.removeMember(userId);
      this.lobbyChanged();
      return true;
    }
    const seat = this.table.seatOfUser(userId);
    if (seat >= 0 && this.table.game.phase !== 'gameOver') {
      await this.table.takeover(seat, 'left'); // seatLost closes their connection
      here = true;
    }
    const still = this.byUser.get(userId);
    if (still) {
      this.conns.delete(still.sessionId);
      this.byUser.delete(userId);
      this.showPlace(userId, false);
      still.leave(CLOSE_CODES.seatLost);
      here = true;
    }
    this.closeWindow(userId);
    return here || seat >= 0;
  }

  private hostPresent(): boolean {
    return this.hostId !== null && this.present(this.hostId);
  }

  /** This room's finished first game turns back into the room: its players are members, not back yet. */
  private reopen(t: Table, hostId: string | null): void {
    t.dispose();
    this.table = null;
    this.again.clear();
    this.chatLog.length = 0;
    this.options = { rules: t.record.rules, botLevel: t.record.botLevel };
    this.members = humansOf(t.record);
    this.hostId = hostId && this.members.some((m) => m.userId === hostId) ? hostId : null;
    for (const m of this.members) {
      if (this.byUser.has(m.userId)) this.lingering.add(m.userId);
      this.openWindow(m.userId);
    }
    this.autoDispose = false;
    this.lobbyChanged();
    this.publishListing();
  }

  /** A player at the result of the room's last game comes back into the room (a place permitting). */
  private comeBack(client: Client, userId: string): void {
    if (!this.members.some((m) => m.userId === userId)) {
      const conn = this.conns.get(client.sessionId);
      if (!conn || this.members.length >= this.options.rules.players) {
        this.sendError(client, { code: 'ERR_NOT_NOW', message: 'the room is full' });
        return;
      }
      this.members.push({ userId, name: conn.name });
    }
    this.lingering.delete(userId);
    this.closeWindow(userId);
    this.hostId ??= userId;
    this.lobbyChanged();
  }

  /** A member in the room now: connected, and not still at the result of the last game. */
  private present(userId: string): boolean {
    return this.byUser.has(userId) && !this.lingering.has(userId);
  }

  // --- watchers ------------------------------------------------------------------------------------------------

  /** A watcher came in (checked again: the table may have closed, or filled, since the reservation). */
  private watcherJoined(client: Client, auth: Auth): void {
    const pending = this.pendingReservations().filter((r) => r.watch && r.userId !== auth.userId);
    const table = this.table;
    if (
      !table ||
      this.ownPlayer(auth.userId) ||
      !this.watchers.mayReserve(
        auth.userId,
        watchable(table, this.watchers.open),
        pending.map((r) => r.userId),
      )
    )
      throw noRoomForYou();
    this.watchers.add(client, auth.userId, auth.name, this.blocked.get(auth.userId));
    this.handOverToken(client, auth);
    client.send('watch', table.driver.watchSnapshot());
    if (table.result) client.send('result', table.result);
    this.watchersChanged();
  }

  /** Everyone at the table hears how many watch (and whether they may); the listing follows. */
  private watchersChanged(): void {
    const m = this.watchers.status();
    this.toAll('watchers', m);
    this.watchers.send('watchers', m);
    this.publishListing();
  }

  /**
   * Publishes the table's `live` listing (room metadata, shared by every process through Colyseus' driver) when it
   * changed: the list of tables to watch reads it.
   */
  private publishListing(): void {
    const pending = this.pendingReservations().filter((r) => r.watch).length;
    const live = liveListing(this.table, this.watchers, pending);
    const key = JSON.stringify(live);
    if (key === this.listed) return;
    this.listed = key;
    this.setMetadata({ live }).catch((e: unknown) =>
      maybeServices()?.log.error({ err: e, table: this.roomId }, 'listing a table failed'),
    );
  }

  // --- seats and connections -----------------------------------------------------------------------------------

  private seatOf(client: Client): number | null {
    const conn = this.conns.get(client.sessionId);
    if (!conn || !this.table) return null;
    const seat = this.table.seatOfUser(conn.userId);
    if (seat >= 0) return seat;
    // After the game, a seat taken over still belongs to nobody; a finished game lets players see results.
    return null;
  }

  private clientOfSeat(seat: number): Client | undefined {
    const userId = this.table?.seats[seat]?.userId;
    if (!userId || this.table!.seats[seat]!.kind !== 'human') return undefined;
    return this.byUser.get(userId);
  }

  private toSeat(seat: number, type: string, message: unknown): void {
    const c = this.clientOfSeat(seat);
    if (c) c.enqueueRaw(this.encode(type, message));
  }

  private toAll(type: string, message: unknown): void {
    if (this.conns.size === 0) return;
    const bytes = this.encode(type, message);
    for (const c of this.conns.values()) c.client.enqueueRaw(bytes);
  }

  /** Encodes a message once for every seat that gets the very same object (most `play` messages). */
  private encode(type: string, message: unknown): Buffer {
    const last = this.lastEncoded;
    if (last && last.message === message && last.type === type) return last.bytes;
    const bytes = getMessageBytes.raw(Protocol.ROOM_DATA, type, message);
    this.lastEncoded = { type, message, bytes };
    return bytes;
  }

  // --- manners (issue #20) --------------------------------------------------------------------------------------

  /**
   * Reads whom the user blocked (their chat is hidden from the user in this room, history included); on a store
   * failure nobody is hidden (logged), rather than keep the user out.
   */
  /** Who watched the table is stored: they may block its players by seat (manners-routes.ts). */
  private async keepWatcher(userId: string): Promise<void> {
    const s = services();
    const id = this.table?.record.id;
    if (!id) return;
    try {
      await s.store.manners.watched(id, userId, Date.now());
    } catch (e) {
      s.log.error({ err: e, table: id }, 'keeping a watcher failed');
    }
  }

  private async loadBlocks(userId: string): Promise<void> {
    const s = services();
    try {
      this.blocked.set(userId, new Set(await s.store.manners.blockedIds(userId)));
    } catch (e) {
      s.log.error({ err: e, table: this.roomId }, 'reading blocks failed');
    }
  }

  /** Whether the user reads the seat's chat: not muted here, and not someone they blocked. */
  private readsChatOf(userId: string, seat: number): boolean {
    if (this.mutes.get(userId)?.has(seat)) return false;
    const speaker = this.table?.seats[seat]?.userId;
    return !(speaker && this.blocked.get(userId)?.has(speaker));
  }

  /** Keeps a chat line with the table for moderators (reports); a failure is logged, the chat goes on. */
  private keepChat(
    userId: string,
    seat: number | null,
    source: 'players' | 'watchers',
    line: { name: string; text: string; at: number },
  ): void {
    this.chat?.keep({ userId, name: line.name, seat, source, text: line.text, at: line.at });
  }

  /** A rated game left early (a bot took the seat): counted for the quick-match cool-down (src/manners.ts). */
  private recordLeave(seat: number, reason: TakeoverReason, at: number): void {
    const s = services();
    const userId = this.table?.record.seats[seat]?.kind === 'human' ? this.table.seats[seat]?.userId : null;
    if (!this.table?.record.rated || !userId || this.deletedUsers.has(userId)) return;
    s.store.manners
      .addLeave({ userId, tableId: this.roomId, at, reason })
      .catch((e: unknown) => s.log.error({ err: e, table: this.roomId }, 'storing a leave failed'));
  }

  private seatLost(seat: number, reason: TakeoverReason): void {
    const s = services();
    s.metrics.takeovers.inc({ reason });
    this.recordLeave(seat, reason, Date.now());
    const userId = this.table?.seats[seat]?.userId;
    if (!userId) return;
    this.closeWindow(userId);
    const c = this.byUser.get(userId);
    if (c) {
      this.byUser.delete(userId);
      this.conns.delete(c.sessionId);
      c.leave(reason === 'kicked' ? CLOSE_CODES.kicked : CLOSE_CODES.seatLost);
    }
  }

  /**
   * The user's reconnection window: a seat at a running table is marked away with its end (everyone sees the time
   * left); when it runs out, a bot takes the seat (a lobby member is dropped).
   */
  private openWindow(userId: string): void {
    this.closeWindow(userId);
    const ms = services().config.reconnectMs;
    const seat = this.table?.seatOfUser(userId) ?? -1;
    if (this.table && seat >= 0 && this.table.game.phase !== 'gameOver')
      this.table.setConnected(seat, false, true, Date.now() + ms);
    this.windows.set(
      userId,
      setTimeout(() => {
        this.windows.delete(userId);
        if (services().draining || (this.table ? this.byUser.has(userId) : this.present(userId))) return;
        if (!this.table) {
          this.lingering.delete(userId); // did not come back from the result in time: left out
          this.removeMember(userId);
          this.lobbyChanged();
          return;
        }
        const seat = this.table.seatOfUser(userId);
        if (seat >= 0) void this.table.takeover(seat, 'disconnected');
      }, ms),
    );
  }

  private closeWindow(userId: string): void {
    const t = this.windows.get(userId);
    if (t) clearTimeout(t);
    this.windows.delete(userId);
  }

  // --- friends' lobby ------------------------------------------------------------------------------------------

  private removeMember(userId: string): void {
    this.members = this.members.filter((m) => m.userId !== userId);
    this.closeWindow(userId);
    if (this.hostId === userId) this.hostId = this.members[0]?.userId ?? null;
  }

  /** Once the table's pending changes and the room's store writes are done (draining). */
  async idle(): Promise<void> {
    await this.table?.idle();
    await this.lobbyWrites;
  }

  /** What the store should hold of the room: '' for nothing (a room without members is not kept). */
  private lobbyKey(): string {
    return this.members.length === 0 ? '' : JSON.stringify([this.hostId, this.members, this.options]);
  }

  /**
   * The store no longer keeps the room (its game started, or a table holds its code), and {@link lobbySaved} says
   * so: the room reopened after the game ("play again") is stored anew, even with the very host, members and
   * options it had at the start (else it would not outlive a restart).
   */
  private forgetLobby(): void {
    this.lobbySaved = '';
    this.lobbyWrite(() => services().store.deleteLobby(this.roomId));
  }

  /**
   * After a change to the room: stored (when it changed; in order), kept alive while it has members (present, or
   * within their reconnection window), and shown to everyone.
   */
  private lobbyChanged(): void {
    const s = services();
    const key = this.lobbyKey();
    if (!this.table && !s.draining && key !== this.lobbySaved) {
      this.lobbySaved = key;
      const lobby: LobbyRecord = {
        id: this.roomId,
        hostId: this.hostId,
        members: [...this.members],
        rules: this.options.rules,
        botLevel: this.options.botLevel,
        updatedAt: Date.now(),
      };
      this.lobbyWrite(() =>
        lobby.members.length === 0 ? s.store.deleteLobby(lobby.id) : s.store.saveLobby(lobby),
      );
    }
    if (!this.table) this.autoDispose = this.members.length === 0;
    this.sendLobby();
  }

  /** Runs a store write for the room after the ones before it; a failure is logged (the room goes on). */
  private lobbyWrite(write: () => Promise<void>): void {
    this.lobbyWrites = this.lobbyWrites
      .then(write)
      .catch((e: unknown) =>
        maybeServices()?.log.error({ err: e, table: this.roomId }, 'storing a friends’ room failed'),
      );
  }

  private sendLobby(): void {
    if (this.table) return;
    for (const c of this.conns.values()) {
      if (this.lingering.has(c.userId)) continue; // still at the result: the room waits for them
      const m: LobbyMessage = {
        code: this.roomId,
        members: this.members.map((x) => ({
          name: x.name,
          host: x.userId === this.hostId,
          you: x.userId === c.userId,
          connected: this.present(x.userId),
        })),
        options: { rules: this.options.rules, botLevel: this.options.botLevel },
        players: this.options.rules.players,
        reconnectMs: services().config.reconnectMs,
      };
      c.client.send('lobby', m);
    }
  }

  // --- play again ----------------------------------------------------------------------------------------------

  /** Once every player still at the finished table wants to play again, a new table with them opens. */
  private maybeRematch(): void {
    const t = this.table;
    if (!t?.finished || this.rematching || this.again.size === 0 || t.record.kind === 'friends') return;
    const present = t.humanSeats().filter((seat) => this.byUser.has(t.seats[seat]!.userId!));
    if (!present.every((seat) => this.again.has(seat))) return;
    const seats = [...this.again].filter((seat) => present.includes(seat));
    if (seats.length === 0) return;
    this.rematching = true;
    void this.rematch(seats).catch((e: unknown) => {
      this.rematching = false;
      services().log.error({ err: e, table: this.roomId }, 'play again failed');
    });
  }

  private async rematch(seats: number[]): Promise<void> {
    const s = services();
    if (s.draining) throw new Error('draining');
    const t = this.table!;
    const rated = t.record.rated;
    const people = seats.map((seat) => ({ userId: t.seats[seat]!.userId!, name: t.seats[seat]!.name }));
    const seated = await seatTable(s.store, await standingsOf(s.store, people, rated), {
      players: t.record.rules.players,
      botLevel: t.record.botLevel,
      botRating: rated ? await botRatingOf(s.store, t.record.botLevel) : null,
    });
    const record: TableRecord = {
      ...t.record,
      id: t.record.kind === 'friends' ? await this.freeCode() : tableId(),
      seats: seated,
      status: 'playing',
      createdAt: Date.now(),
    };
    const roomId = await openTable(record);
    for (const seat of seats) this.toSeat(seat, 'next', { roomId });
  }
}
