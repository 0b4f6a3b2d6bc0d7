/**
 * The room's table side: what a room does while its phase is `table` (`phase.ts`). A seat's player joins and gets
 * their snapshot, moves, takes part in the fair shuffle, votes to kick, leaves; a seat whose player does not come
 * back in time is taken over by a bot; at the result, "play again" (a quick table: a new table once everyone still
 * there asked; a friends' table: back to the friends' room; a daily game and a tournament's tables: not here).
 *
 * ```ts
 * const side = new TableSide(parts, friendsLobby);
 * side.begin(Table.create(record, side.deps(record)));
 * await side.move(client, m);
 * ```
 */
import type { Client } from '@colyseus/core';
import type { DealStep } from '@hearts/table';
import {
  CLOSE_CODES,
  type ClientMessage,
  type ErrorMessage,
  type TakeoverReason,
} from '@hearts/protocol/socket';
import { openTable, tableAgain } from '../seating.js';
import { services } from '../services.js';
import type { TableRecord } from '../store/types.js';
import type { Table, TableDeps } from '../table.js';
import { Reopening, roomOf, type FriendsLobby } from './friends.js';
import type { AtTable, RoomParts } from './phase.js';
import { tableDeps } from './table-ports.js';
import type { Listing } from './watchers.js';

const NOT_SEATED: ErrorMessage = { code: 'ERR_NOT_SEATED', message: 'no game is running for you here' };

/** Tables whose players are seated again elsewhere, not by "play again". */
const AGAIN_ELSEWHERE: Partial<Record<TableRecord['kind'], string>> = {
  daily: 'the daily game is played once a day', // a new table would be a second attempt at the day
  tournament: 'the tournament seats you at your next table', // src/tournament/runner.ts
};

export class TableSide {
  private readonly reopening = new Reopening();
  /** Users who deleted their account while here: their leave is not kept. */
  readonly deleted = new Set<string>();

  constructor(
    private readonly room: RoomParts,
    private readonly lobby: FriendsLobby,
    private readonly listing: Listing,
  ) {}

  private get at(): AtTable | null {
    const p = this.room.phase;
    return p.kind === 'table' ? p : null;
  }

  get table(): Table | null {
    return this.at?.table ?? null;
  }

  /** The table's ports, its messages routed to the room's seats, players and watchers. */
  deps(record: TableRecord): TableDeps {
    const { conns, watchers } = this.room;
    return tableDeps(record, {
      roomId: this.room.roomId,
      toSeat: (seat, type, m) => this.toSeat(seat, type, m),
      toEveryone: (type, m) => {
        conns.toAll(type, m);
        watchers.send(type, m);
      },
      watch: (build) => {
        if (watchers.size > 0) watchers.send('watch', build());
        if (this.listing.handChanged(this.table)) this.room.publishListing();
      },
      listingChanged: () => this.room.publishListing(),
      finished: () => {
        this.room.autoDispose = true;
        if (conns.size === 0) void this.room.disconnect();
      },
      seatLost: (seat, reason) => this.seatLost(seat, reason),
    });
  }

  /** The room becomes this table's: everyone seated has the reconnection window to (re)join. */
  begin(table: Table): void {
    const { room } = this;
    room.phase = { kind: 'table', table, again: new Set(), rematching: false };
    room.autoDispose = false;
    for (const seat of table.humanSeats()) {
      const userId = table.seats[seat]!.userId!;
      if (!room.conns.online(userId)) room.openWindow(userId);
    }
    table.begin();
    room.publishListing();
    for (const [userId] of room.conns.users()) room.showPlace(userId, true); // a lobby became a table
  }

  /** A seat's player connected (checked: seated here): their snapshot, the chat, the result and who asks again. */
  joined(client: Client, userId: string): void {
    const at = this.at!;
    const { table } = at;
    const seat = table.seatOfUser(userId);
    client.send('game', table.snapshot(seat));
    table.setConnected(seat, true);
    for (const line of this.room.chat.history(userId, (s) => table.seats[s]?.userId))
      client.send('chat', line);
    if (table.result) client.send('result', table.result);
    if (at.again.size > 0) client.send('again', { seats: [...at.again] });
  }

  /** A player's connection ended: away with a window while the game runs, out when they left on purpose. */
  left(userId: string, consented: boolean): void {
    const at = this.at!;
    const seat = at.table.seatOfUser(userId);
    if (seat < 0) return;
    const over = at.table.game.phase === 'gameOver';
    if (!consented && !over) return this.room.openWindow(userId); // the seat shows as away, with the time left
    at.table.setConnected(seat, false);
    if (!over) return void at.table.takeover(seat, 'left');
    at.again.delete(seat);
    this.maybeRematch();
    // Watchers alone do not keep a finished table open.
    if (at.table.finished && this.room.conns.size === 0) void this.room.disconnect();
  }

  /** The user's reconnection window ran out: a bot takes their seat. */
  windowOut(userId: string): void {
    const seat = this.table?.seatOfUser(userId) ?? -1;
    if (!this.room.conns.online(userId) && seat >= 0) void this.table!.takeover(seat, 'disconnected');
  }

  seatOf(client: Client): number | null {
    const conn = this.room.conns.of(client);
    const seat = conn && this.table ? this.table.seatOfUser(conn.userId) : -1;
    return seat >= 0 ? seat : null; // a seat taken over belongs to nobody
  }

  /** The client's seat at the table, or null (then `error` is sent). */
  private seated(client: Client, error: ErrorMessage): { table: Table; seat: number } | null {
    const seat = this.seatOf(client);
    if (seat !== null && this.table) return { table: this.table, seat };
    this.room.sendError(client, error);
    return null;
  }

  toSeat(seat: number, type: string, message: unknown): void {
    const s = this.table?.seats[seat];
    if (s?.kind === 'human' && s.userId) this.room.conns.toUser(s.userId, type, message);
  }

  async move(client: Client, m: ClientMessage<'move'>): Promise<void> {
    const at = this.seated(client, { ...NOT_SEATED, id: m.id });
    const r = at && (await at.table.submit(at.seat, m.id, m.move));
    if (r && !r.ok) this.room.sendError(client, r.error);
  }

  /** hearts-shuffle/1: a seat's commitment or seed (`@hearts/table`'s `FairShuffle`). */
  async dealStep(client: Client, step: DealStep): Promise<void> {
    const at = this.seated(client, NOT_SEATED);
    const e = at && (await at.table.dealStep(at.seat, step));
    if (e) this.room.sendError(client, e);
  }

  async kick(client: Client, target: number): Promise<void> {
    const at = this.seated(client, { code: 'ERR_NOT_SEATED', message: 'you have no seat at this table' });
    const e = at && (await at.table.voteKick(at.seat, target));
    if (e) this.room.sendError(client, e);
  }

  /** `leave`: a bot takes the seat while the game runs; after it, the connection closes. */
  async leave(client: Client, userId: string): Promise<void> {
    const t = this.table!;
    const seat = t.seatOfUser(userId);
    if (seat >= 0 && t.game.phase !== 'gameOver') await t.takeover(seat, 'left');
    else client.leave(CLOSE_CODES.consented);
  }

  /** `again` at the result. */
  async again(client: Client): Promise<void> {
    const at = this.at;
    const seat = this.seatOf(client);
    if (!at || seat === null || !at.table.finished)
      return this.room.sendError(client, { code: 'ERR_NOT_NOW', message: 'the game is not over' });
    const kind = at.table.record.kind;
    const elsewhere = AGAIN_ELSEWHERE[kind];
    if (elsewhere) return this.room.sendError(client, { code: 'ERR_NOT_NOW', message: elsewhere });
    if (kind === 'friends') return this.backToRoom(client, at, seat);
    this.wantsAgain(at, seat);
    this.maybeRematch();
  }

  private wantsAgain(at: AtTable, seat: number): void {
    at.again.add(seat);
    this.room.conns.toAll('again', { seats: [...at.again].sort() });
  }

  /**
   * "Play again" at a finished friends' table: everyone goes back to the friends' room, under its code, with the
   * same options. Every player of the game (also one a bot replaced; not one voted out: `membersAfter`) is a member
   * of it again and has the reconnection window to come back; who does not is left out. The room runs here (the first game's
   * room) or is opened at its code (a later game's table has a room of its own): the player is sent there.
   */
  private async backToRoom(client: Client, at: AtTable, seat: number): Promise<void> {
    const room = roomOf(at.table.record);
    const userId = at.table.seats[seat]!.userId!;
    if (room.code === this.room.roomId) {
      this.lobby.reopen(at, room.hostId);
      this.lobby.step({ type: 'comeBack', userId, name: this.room.conns.of(client)!.name }, client);
      return;
    }
    try {
      await this.reopening.open(room, at.table);
    } catch (e) {
      services().log.error({ err: e, table: this.room.roomId }, 'reopening a friends’ room failed');
      return this.room.sendError(client, {
        code: 'ERR_STORAGE',
        message: 'the room could not be opened; try again',
      });
    }
    this.wantsAgain(at, seat);
    client.send('next', { roomId: room.code });
  }

  /** Once every player still at a finished quick table wants to play again, a new table with them opens. */
  private maybeRematch(): void {
    const at = this.at;
    if (!at || !at.table.finished || at.rematching || at.again.size === 0) return;
    const t = at.table;
    if (t.record.kind === 'friends') return;
    const present = t.humanSeats().filter((seat) => this.room.conns.online(t.seats[seat]!.userId!));
    if (!present.every((seat) => at.again.has(seat))) return;
    const seats = [...at.again].filter((seat) => present.includes(seat));
    if (seats.length === 0) return;
    at.rematching = true;
    const s = services();
    const people = seats.map((seat) => ({ userId: t.seats[seat]!.userId!, name: t.seats[seat]!.name }));
    const rematch = async () => {
      if (s.draining) throw new Error('draining');
      const roomId = await openTable(await tableAgain(s.store, t.record, people));
      for (const seat of seats) this.toSeat(seat, 'next', { roomId });
    };
    rematch().catch((e: unknown) => {
      at.rematching = false;
      s.log.error({ err: e, table: this.room.roomId }, 'play again failed');
    });
  }

  /**
   * A rated game left early (a bot took the seat): counted for the quick-match cool-down (src/manners.ts). Resolves
   * once it is stored (or its storing failed, which is logged); never rejects.
   */
  recordLeave(seat: number, reason: TakeoverReason, at: number): Promise<void> {
    const s = services();
    const t = this.table;
    const userId = t?.record.seats[seat]?.kind === 'human' ? t.seats[seat]?.userId : null;
    if (!t?.record.rated || !userId || this.deleted.has(userId)) return Promise.resolve();
    const tableId = this.room.roomId;
    return s.store.manners
      .addLeave({ userId, tableId, at, reason })
      .catch((e: unknown) => s.log.error({ err: e, table: tableId }, 'storing a leave failed'));
  }

  /**
   * The user deleted their account: a bot takes their seat while the game runs (as from a leaver), and their
   * connection here is closed. True when they were at this table.
   */
  async accountDeleted(userId: string): Promise<boolean> {
    const { room } = this;
    const t = this.table!;
    const seat = t.seatOfUser(userId);
    let here = seat >= 0;
    if (here && t.game.phase !== 'gameOver') await t.takeover(seat, 'left'); // seatLost closes their connection
    if (room.conns.clientOf(userId)) {
      room.conns.drop(userId, CLOSE_CODES.seatLost);
      room.showPlace(userId, false);
      here = true;
    }
    room.windows.close(userId);
    return here;
  }

  private seatLost(seat: number, reason: TakeoverReason): void {
    services().metrics.takeovers.inc({ reason });
    const stored = this.recordLeave(seat, reason, Date.now());
    const userId = this.table?.seats[seat]?.userId;
    if (!userId) return;
    this.room.windows.close(userId);
    // The connection closes once the leave is stored: the player's page reads its cool-down as soon as it ends.
    const code = reason === 'kicked' ? CLOSE_CODES.kicked : CLOSE_CODES.seatLost;
    void stored.then(() => this.room.conns.drop(userId, code));
  }
}
