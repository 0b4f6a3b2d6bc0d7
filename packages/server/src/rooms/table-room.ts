/**
 * The room of one table, a dispatcher: it holds the room's {@link Phase} (`phase.ts`: lobby, starting, table) and
 * routes each connection and message to what handles it — the lobby side (`friends.ts` `FriendsLobby` over the pure
 * reducer of `lobby.ts`) or the table side (`at-table.ts` `TableSide` over the {@link Table}), the chat
 * (`chat.ts`), the players' connections and reconnection windows (`connections.ts`), who may come in
 * (`admission.ts`), the watchers (`watchers.ts`). Each seat's messages go to that seat's connection only; new
 * tables are seated and opened by `seating.ts`.
 *
 * Room names: `friends` (clients create it: a lobby whose id is the code to share, which becomes a table when the
 * host starts) and `table` (only the server creates it: quick matches, rematches, tournaments, the daily deal,
 * tables restored after a restart).
 */
import { ServerError, type Client } from '@colyseus/core';
import { DEFAULT_RULES } from '@hearts/engine';
import { CLOSE_CODES, JOIN_ERRORS, type ErrorMessage } from '@hearts/protocol/socket';
import { maybeServices, services } from '../services.js';
import { Table } from '../table.js';
import { AdmittingRoom, ROOM_MAX_CONNECTIONS, admitsPlayer, noRoomForYou } from './admission.js';
import { TableSide } from './at-table.js';
import { RoomChat } from './chat.js';
import { Connections, Encoder, ReconnectWindows } from './connections.js';
import { FriendsLobby, freeCode } from './friends.js';
import type { Auth, Handlers } from './guarded.js';
import { isMember, isPresent, newLobby, type Member } from './lobby.js';
import type { Phase, RoomParts } from './phase.js';
import { Listing, Watchers, keepWatcher, liveListing, wantsToWatch, watchable } from './watchers.js';

export { ROOM_MAX_CONNECTIONS };

interface CreateOptions {
  mode?: 'friends' | 'table';
  internal?: string; // the server's key: only the server opens `table` rooms
  tableId?: string;
}

export class TableRoom extends AdmittingRoom {
  override autoDispose = false;

  private phase: Phase = { kind: 'lobby', lobby: newLobby({ rules: DEFAULT_RULES, botLevel: 'medium' }) };
  private readonly encoder = new Encoder();
  private readonly conns = new Connections(this.encoder);
  private readonly windows = new ReconnectWindows();
  private readonly chat = new RoomChat(() => {
    const s = services();
    return { tableId: this.roomId, store: s.store.manners, limits: s.limits, log: s.log };
  });
  /** Watchers: places of their own, only public messages (rooms/watchers.ts). */
  readonly watchers = new Watchers((type, m) => this.encoder.encode(type, m));
  private readonly listed = new Listing((live) =>
    this.setMetadata({ live }).catch((e: unknown) =>
      maybeServices()?.log.error({ err: e, table: this.roomId }, 'listing a table failed'),
    ),
  );
  private readonly parts = this.roomParts();
  private readonly friends = new FriendsLobby(this.parts, (r) =>
    this.side.begin(Table.create(r, this.side.deps(r))),
  );
  private readonly side = new TableSide(this.parts, this.friends, this.listed);

  /** The table, once a game started here (null in a lobby). */
  get table(): Table | null {
    return this.phase.kind === 'table' ? this.phase.table : null;
  }

  /** What the lobby side and the table side share of the room. */
  private roomParts(): RoomParts {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the parts read the room's fields as they are now
    const room = this;
    return {
      get roomId() {
        return room.roomId;
      },
      get phase() {
        return room.phase;
      },
      set phase(p: Phase) {
        room.phase = p;
      },
      get autoDispose() {
        return room.autoDispose;
      },
      set autoDispose(on: boolean) {
        room.autoDispose = on;
      },
      conns: this.conns,
      windows: this.windows,
      chat: this.chat,
      watchers: this.watchers,
      sendError: (client, e) => this.sendError(client, e),
      openWindow: (userId) => this.openWindow(userId),
      showPlace: (userId, here) => this.showPlace(userId, here),
      publishListing: () => this.publishListing(),
      disconnect: () => this.disconnect(),
    };
  }

  override async onCreate(options: CreateOptions): Promise<void> {
    const s = services();
    this.setPatchRate(null); // no synchronized state: no 20 Hz patch timer per room
    await this.setPrivate(true);
    if (options.mode === 'friends') {
      if (s.draining)
        throw new ServerError(JOIN_ERRORS.restarting, 'the server is shutting down: no new tables');
      this.roomId = await freeCode();
      this.phase = { kind: 'lobby', lobby: newLobby({ rules: DEFAULT_RULES, botLevel: s.config.botLevel }) };
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
      if (lobby) {
        this.roomId = lobby.id;
        this.friends.restore(lobby);
      } else if (loaded) {
        this.roomId = loaded.table.id;
        this.watchers.open = loaded.table.watchersOpen ?? true; // the host's choice outlives a restart
        this.side.begin(Table.restore(loaded.table, loaded.events, this.side.deps(loaded.table)));
        // A leave stored with its takeover but not yet among the leaves (a crash between the two): stored now.
        for (const row of loaded.events)
          if (row.event.type === 'takeover')
            void this.side.recordLeave(row.event.seat, row.event.reason, row.at);
        // A start cut short between storing the table and forgetting its room: the table counts.
        this.friends.keeper.forget();
      } else throw new ServerError(JOIN_ERRORS.noSuchRoom, `no table ${options.tableId}`);
    } catch (e) {
      await s.presence.release(options.tableId);
      throw e;
    }
    this.register();
  }

  /** Friends see where a player is (whereabouts.ts): here while connected as a player, not as a watcher. */
  private showPlace(userId: string, here: boolean): void {
    const w = services().whereabouts;
    const kind = this.table ? this.table.record.kind : 'lobby';
    void (here ? w.seated(userId, { room: this.roomId, kind }) : w.unseated(userId, this.roomId)).catch(
      () => undefined,
    );
  }

  /**
   * Whether a user may take a seat reservation here now (admission.ts `admitsPlayer`); a watcher's place: not one
   * of the table's own players, the table watchable, a watcher's place free and the room under
   * {@link ROOM_MAX_CONNECTIONS}. Asked before a join by id (also from another process) and when it is made.
   */
  mayReserve(userId: string, watch = false): boolean {
    const p = this.phase;
    const own = (u: string) => this.ownPlayer(u);
    if (!watch)
      return admitsPlayer(userId, {
        own,
        lobbyOpen: p.kind === 'lobby',
        members: p.kind === 'table' ? 0 : p.lobby.members.length,
        players: p.kind === 'table' ? 0 : p.lobby.options.rules.players,
        connections: this.clients.length,
        pending: this.pending(),
      });
    return !own(userId) && !services().draining && this.mayWatch(userId, true);
  }

  private mayWatch(userId: string, counted: boolean): boolean {
    const pending = this.pending().filter((r) => r.watch && r.userId !== userId);
    if (counted && this.clients.length + pending.length >= ROOM_MAX_CONNECTIONS) return false;
    const others = pending.map((r) => r.userId);
    return this.watchers.mayReserve(userId, watchable(this.table, this.watchers.open), others);
  }

  /** Seated at the table, or a member of the lobby. */
  private ownPlayer(userId: string): boolean {
    const p = this.phase;
    return p.kind === 'table' ? p.table.seatOfUser(userId) >= 0 : isMember(p.lobby, userId);
  }

  // --- connections ----------------------------------------------------------------------------------------------

  override async onJoin(client: Client, options: unknown, auth: Auth): Promise<void> {
    await this.chat.loadBlocks(auth.userId);
    if (wantsToWatch(options)) {
      this.watcherJoined(client, auth);
      return keepWatcher(this.table, auth.userId); // before the join completes: they may block by seat at once
    }
    const p = this.phase;
    // Checked again: the table may have started, or the lobby filled, since the reservation.
    const { userId, name } = auth;
    if (
      p.kind === 'table'
        ? p.table.seatOfUser(userId) < 0
        : !this.friends.step({ type: 'join', userId, name }, undefined, false)
    )
      throw noRoomForYou();
    this.conns.add(client, auth);
    this.windows.close(userId);
    this.showPlace(userId, true);
    this.handOverToken(client, auth);
    client.send('watchers', { ...this.watchers.status(), host: userId === this.hostId() });
    services().log.debug({ table: this.roomId, user: userId }, 'joined');
    if (p.kind === 'table') this.side.joined(client, userId);
    else this.friends.changed();
  }

  override onLeave(client: Client, consented: boolean): void {
    if (this.watchers.remove(client)) return this.watchersChanged();
    const gone = this.conns.remove(client);
    if (!gone) return; // replaced by another device, or removed already
    const { userId } = gone.conn;
    if (gone.left) this.showPlace(userId, false);
    if (services().draining) return;
    if (this.phase.kind === 'table') this.side.left(userId, consented);
    else this.friends.step({ type: consented ? 'leave' : 'away', userId });
  }

  protected override cleanup(): void {
    this.table?.dispose();
    const s = maybeServices();
    const { keeper } = this.friends;
    if (s && !s.draining) {
      // Over for good (a drained room is restored from the store by whoever runs it next).
      if (!this.table) keeper.write(() => s.store.deleteLobby(this.roomId));
      void keeper
        .idle()
        .then(() => s.presence.release(this.roomId))
        .catch(() => undefined);
    }
    this.windows.closeAll();
    if (s) for (const [userId] of this.conns.users()) this.showPlace(userId, false);
  }

  /**
   * The user's reconnection window: a seat at a running table is marked away with its end (everyone sees the time
   * left); when it runs out, a bot takes the seat (a lobby member is dropped).
   */
  private openWindow(userId: string): void {
    const ms = services().config.reconnectMs;
    const t = this.table;
    const seat = t?.seatOfUser(userId) ?? -1;
    if (t && seat >= 0 && t.game.phase !== 'gameOver') t.setConnected(seat, false, true, Date.now() + ms);
    this.windows.open(userId, ms, () => {
      const p = this.phase;
      if (services().draining) return;
      if (p.kind === 'table') this.side.windowOut(userId);
      else if (!isPresent(p.lobby, userId, this.conns.online))
        this.friends.step({ type: 'windowOut', userId });
    });
  }

  // --- messages -------------------------------------------------------------------------------------------------

  protected handlers(): Handlers {
    const { side, friends } = this;
    return {
      move: (client, m) => side.move(client, m),
      commit: (client, m) => side.dealStep(client, { step: 'commit', ...m }),
      reveal: (client, m) => side.dealStep(client, { step: 'reveal', ...m }),
      kick: (client, m) => side.kick(client, m.seat),
      sync: (client) => {
        const t = this.table;
        if (t && this.watchers.has(client)) return client.send('watch', t.driver.watchSnapshot());
        const seat = side.seatOf(client);
        if (t && seat !== null) client.send('game', t.snapshot(seat));
        else if (!t) friends.send();
      },
      chat: (client, m) => this.say(client, m.text),
      mute: (client, m) => {
        const conn = this.conns.of(client);
        if (conn) this.chat.mute(conn.userId, m.seat, m.muted);
      },
      leave: async (client) => {
        const conn = this.conns.of(client);
        if (this.watchers.has(client)) return client.leave(CLOSE_CODES.consented);
        if (!conn) return;
        if (this.table) return side.leave(client, conn.userId);
        this.conns.remove(client);
        this.showPlace(conn.userId, false);
        friends.step({ type: 'leave', userId: conn.userId });
        client.leave(CLOSE_CODES.consented);
      },
      again: async (client) => {
        const conn = this.conns.of(client);
        if (!conn || this.table) return side.again(client);
        // A friends' room reopened after its game: from the result back into it (also once left out).
        friends.step({ type: 'comeBack', userId: conn.userId, name: conn.name }, client);
      },
      options: (client, m) => friends.options(client, m.rules, m.botLevel),
      watchers: (client, m) => this.openToWatchers(client, m.open),
      start: (client) => friends.start(client),
    };
  }

  /** A line of the players' or the watchers' chat, within what a table keeps and LIMIT_CHAT (rooms/chat.ts). */
  private async say(client: Client, text: string): Promise<void> {
    const watching = this.watchers.has(client);
    if (!this.table || (!watching && this.side.seatOf(client) === null))
      return this.sendError(client, { code: 'ERR_NOT_NOW', message: 'chat opens at the table' });
    const refused = await this.chat.kept.admit(client.auth as Auth, watching ? 'watchers' : 'players');
    if (refused) return this.sendError(client, refused); // and said to nobody
    if (watching) {
      const said = this.watchers.chat(client, text);
      if (said) this.chat.keepWatcherLine(said);
      return;
    }
    const conn = this.conns.of(client);
    const seat = this.side.seatOf(client);
    const t = this.table;
    if (!conn || !t || seat === null) return; // gone meanwhile
    this.chat.say({ seat, name: t.seats[seat]!.name, text, at: Date.now() }, conn.userId, this.conns.all());
  }

  /**
   * Players of a finished table come back to this room (called from their table's room, maybe on another
   * process: `friends.ts` `Reopening`). False while a game runs here.
   */
  welcomeBack(members: readonly Member[], hostId: string | null): boolean {
    return this.friends.welcomeBack(members, hostId);
  }

  /** The user deleted their account (`privacy-routes.ts`, maybe on another process): gone from here. True if here. */
  async accountDeleted(userId: string): Promise<boolean> {
    this.side.deleted.add(userId);
    const watched = this.watchers.closeUser(userId, CLOSE_CODES.seatLost);
    if (watched) this.watchersChanged();
    const here = this.table ? await this.side.accountDeleted(userId) : this.friends.accountDeleted(userId);
    return here || watched;
  }

  // --- watchers -------------------------------------------------------------------------------------------------

  /** A watcher came in (checked again: the table may have closed, or filled, since the reservation). */
  private watcherJoined(client: Client, auth: Auth): void {
    const table = this.table;
    if (!table || this.ownPlayer(auth.userId) || !this.mayWatch(auth.userId, false)) throw noRoomForYou();
    this.watchers.add(client, auth.userId, auth.name, this.chat.blockedBy(auth.userId));
    this.handOverToken(client, auth);
    client.send('watch', table.driver.watchSnapshot());
    if (table.result) client.send('result', table.result);
    this.watchersChanged();
  }

  /** The host opens or closes the table to watchers (kept with the table: a table restored stays so). */
  private openToWatchers(client: Client, open: boolean): void {
    const conn = this.conns.of(client);
    if (!conn || conn.userId !== this.hostId() || this.table?.record.kind === 'quick') {
      const message = 'only the host of a friends’ room opens or closes it to watchers';
      return this.sendError(client, { code: 'ERR_NOT_HOST', message } satisfies ErrorMessage);
    }
    if (this.watchers.open === open) return;
    this.watchers.open = open;
    if (!open) this.watchers.closeAll();
    this.watchersChanged();
    const id = this.table?.record.id;
    if (id) this.friends.keeper.write(() => services().store.setWatchersOpen(id, open));
  }

  /** The friends' table's host (who may open or close it to watchers), also at a table restored. */
  private hostId(): string | null {
    const p = this.phase;
    return p.kind === 'table' ? (p.table.record.room?.hostId ?? null) : p.lobby.hostId;
  }

  /** Everyone hears how many watch (and whether they may), each player whether they host; the listing follows. */
  private watchersChanged(): void {
    const m = this.watchers.status();
    const host = this.hostId();
    for (const c of this.conns.all()) c.client.send('watchers', { ...m, host: c.userId === host });
    this.watchers.send('watchers', m);
    this.publishListing();
  }

  private publishListing(): void {
    const pending = this.pending().filter((r) => r.watch).length;
    this.listed.publish(liveListing(this.table, this.watchers, pending));
  }

  /** Once the table's pending changes and the room's store writes are done (draining). */
  async idle(): Promise<void> {
    await this.table?.idle();
    await this.friends.keeper.idle();
  }
}
