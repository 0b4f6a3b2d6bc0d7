/**
 * The room's lobby side: what a room does while its phase is `lobby` or `starting` (`phase.ts`). The lobby itself
 * is a pure reducer (`lobby.ts`); {@link FriendsLobby} runs its steps (windows, storage, everyone sent the lobby),
 * starts the game, and turns a finished table back into the lobby ("play again"). Beside it: the room's code, what
 * the store keeps of it (a room outlives a restart: {@link LobbyKeeper}), the table its host starts
 * ({@link friendsTable}), and the way back to a room whose game was at a table of its own ({@link Reopening}).
 *
 * ```ts
 * const friends = new FriendsLobby(parts, (record) => side.begin(Table.create(record, side.deps(record))));
 * friends.step({ type: 'join', userId, name }); // the lobby's step, stored and sent to everyone
 * await friends.start(client); // the host's start
 * ```
 */
import { matchMaker, type Client } from '@colyseus/core';
import type { StoredSeat } from '@hearts/table';
import { CLOSE_CODES, type BotLevel, type ErrorCode } from '@hearts/protocol/socket';
import { ratedTable } from '../fairness/policy.js';
import { roomCode, tableId } from '../ids.js';
import { openTable, seatTable } from '../seating.js';
import { maybeServices, services } from '../services.js';
import type { LobbyRecord, TableRecord } from '../store/types.js';
import type { Table } from '../table.js';
import {
  awaitedLobby,
  hostRefusal,
  isMember,
  lobbyKey,
  lobbyMessage,
  presentMembers,
  reduceLobby,
  type Lobby,
  type LobbyEffect,
  type LobbyInput,
  type LobbyOptions,
  type Member,
} from './lobby.js';
import type { AtTable, RoomParts } from './phase.js';

/** A friends' table's room: its code and host (tables stored before rooms were kept: its own id, no host). */
export function roomOf(record: TableRecord): { code: string; hostId: string | null } {
  return record.room ?? { code: record.id, hostId: null };
}

/**
 * The people of a finished table who are members of its friends' room again, in seat order: everyone dealt in, also
 * those a bot replaced after they left or stayed away, but not one the others voted out (they keep no place in the
 * room; by its code they may still come in while a seat is free).
 */
export function membersAfter(table: Table): Member[] {
  return table.record.seats.flatMap((s, i) =>
    s.kind === 'human' && !table.seats[i]?.kicked ? [{ userId: s.userId, name: s.name }] : [],
  );
}

/** A code no room, table or stored lobby has. */
export async function freeCode(): Promise<string> {
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

/** The table a friends' room starts: its options, the seats drawn, the room's code and host. */
export function friendsTable(
  id: string,
  code: string,
  lobby: Lobby,
  seats: StoredSeat[],
  watchersOpen: boolean,
): TableRecord {
  return {
    id,
    kind: 'friends',
    rated: ratedTable('friends'),
    rules: lobby.options.rules,
    seats,
    botLevel: lobby.options.botLevel,
    status: 'playing',
    createdAt: Date.now(),
    room: { code, hostId: lobby.hostId },
    ...(!watchersOpen && { watchersOpen: false }),
  };
}

/** What the store holds of a friends' room, written in order; a failed write is logged (the room goes on). */
export class LobbyKeeper {
  private saved = ''; // what the store holds of the room (`lobbyKey`; '' for nothing)
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly code: () => string) {}

  /** The lobby as read from the store. */
  restored(lobby: Lobby): void {
    this.saved = lobbyKey(lobby);
  }

  /** Stores the lobby when it changed (a lobby without members is deleted); not while the server drains. */
  save(lobby: Lobby): void {
    const s = services();
    const key = lobbyKey(lobby);
    if (s.draining || key === this.saved) return;
    this.saved = key;
    const record: LobbyRecord = {
      id: this.code(),
      hostId: lobby.hostId,
      members: [...lobby.members],
      rules: lobby.options.rules,
      botLevel: lobby.options.botLevel,
      updatedAt: Date.now(),
    };
    this.write(() =>
      record.members.length === 0 ? s.store.deleteLobby(record.id) : s.store.saveLobby(record),
    );
  }

  /**
   * The store no longer keeps the room (its game started, or a table holds its code), and the keeper knows it:
   * the room reopened after the game ("play again") is stored anew, even with the very host, members and options
   * it had at the start (else it would not outlive a restart).
   */
  forget(): void {
    this.saved = '';
    this.write(() => services().store.deleteLobby(this.code()));
  }

  /** Runs a store write for the room after the ones before it; a failure is logged. */
  write(write: () => Promise<void>): void {
    this.writes = this.writes
      .then(write)
      .catch((e: unknown) =>
        maybeServices()?.log.error({ err: e, table: this.code() }, 'storing a friends’ room failed'),
      );
  }

  /** Once the writes asked for so far are done. */
  idle(): Promise<void> {
    return this.writes;
  }
}

/**
 * The friends' room of a finished table opened at its code for the table's players (or, running already, told to
 * take them back: `TableRoom.welcomeBack`), once for everyone who comes; again when it closed meanwhile.
 */
export class Reopening {
  private opening: Promise<void> | null = null;

  async open(room: { code: string; hostId: string | null }, table: Table): Promise<void> {
    if (this.opening && !(await matchMaker.getRoomById(room.code))) await this.opening.catch(() => null);
    if (this.opening && !(await matchMaker.getRoomById(room.code))) this.opening = null;
    this.opening ??= openRoomAt(room, table.record, membersAfter(table)).catch((e: unknown) => {
      this.opening = null;
      throw e;
    });
    await this.opening;
  }
}

/** Opens the friends' room at its code for the players of a finished table (or adds them to the one running). */
async function openRoomAt(
  room: { code: string; hostId: string | null },
  record: TableRecord,
  members: readonly Member[],
): Promise<void> {
  const s = services();
  if (await matchMaker.getRoomById(room.code)) {
    const ok = (await matchMaker.remoteRoomCall(room.code, 'welcomeBack', [members, room.hostId])) as boolean;
    if (ok) return;
    throw new Error(`room ${room.code} runs a game`);
  }
  const lobby: LobbyRecord = {
    id: room.code,
    hostId: room.hostId,
    members: [...members],
    rules: record.rules,
    botLevel: record.botLevel,
    updatedAt: Date.now(),
  };
  await s.store.saveLobby(lobby);
  await s.failover.ensure(room.code); // restored from the store like after a restart: every member has a window
  if (!(await matchMaker.getRoomById(room.code))) throw new Error(`room ${room.code} did not open`);
}

/** The room's lobby side (see the top of this file). */
export class FriendsLobby {
  readonly keeper: LobbyKeeper;

  constructor(
    private readonly room: RoomParts,
    private readonly startTable: (record: TableRecord) => void, // the room becomes the table's
  ) {
    this.keeper = new LobbyKeeper(() => room.roomId);
  }

  /** The lobby now (null at a table). */
  get lobby(): Lobby | null {
    const p = this.room.phase;
    return p.kind === 'table' ? null : p.lobby;
  }

  /**
   * One step of the lobby: its effects, then (unless `announce` is false) it is stored when it changed and sent to
   * everyone. False when refused (the refusal is sent to `client`).
   */
  step(input: LobbyInput, client?: Client, announce = true): boolean {
    const p = this.room.phase;
    if (p.kind === 'table') return false;
    const step = reduceLobby(p.lobby, input, this.room.conns.online);
    const refusal = step.effects.find((e) => e.kind === 'refuse');
    if (refusal) {
      if (client) this.room.sendError(client, refusal.error);
      return false;
    }
    this.room.phase = { kind: p.kind, lobby: step.lobby };
    this.apply(step.effects);
    if (announce) this.changed();
    return true;
  }

  private apply(effects: readonly LobbyEffect[]): void {
    for (const e of effects)
      if (e.kind === 'openWindow') this.room.openWindow(e.userId);
      else if (e.kind === 'closeWindow') this.room.windows.close(e.userId);
  }

  /** A lobby whose members are awaited (restored after a restart; reopened after its game). */
  await(members: readonly Member[], hostId: string | null, options: LobbyOptions, here?: Set<string>): void {
    const step = awaitedLobby(members, hostId, options, here);
    this.room.phase = { kind: 'lobby', lobby: step.lobby };
    this.apply(step.effects);
  }

  /** A friends' room stored before a restart: its members have their reconnection window to come back. */
  restore(l: LobbyRecord): void {
    this.await(l.members, l.hostId, { rules: l.rules, botLevel: l.botLevel });
    this.keeper.restored(this.lobby!);
    this.room.autoDispose = l.members.length === 0;
  }

  /** The host chooses the options (not at a table, nor while the game starts). */
  options(client: Client, rules: Record<string, unknown>, botLevel: BotLevel): void {
    const kind = this.room.phase.kind;
    if (kind !== 'lobby') {
      const message = kind === 'starting' ? 'the game is starting' : 'the game has started';
      return this.room.sendError(client, { code: 'ERR_NOT_NOW', message });
    }
    const userId = this.room.conns.of(client)?.userId ?? '';
    this.step({ type: 'options', userId, rules, botLevel }, client);
  }

  /** After a change: stored when it changed, kept alive while it has members, shown to everyone. */
  changed(): void {
    const lobby = this.lobby;
    if (!lobby) return;
    this.keeper.save(lobby);
    this.room.autoDispose = lobby.members.length === 0;
    this.send();
  }

  /** Every member here is sent the lobby (those still at the result: not yet, the room waits for them). */
  send(): void {
    const lobby = this.lobby;
    if (!lobby) return;
    const { conns } = this.room;
    const ms = services().config.reconnectMs;
    for (const c of conns.all())
      if (!lobby.lingering.has(c.userId))
        c.client.send('lobby', lobbyMessage(lobby, this.room.roomId, c.userId, conns.online, ms));
  }

  /** The host starts a friends' table: the members present are seated by lot, bots fill the rest. */
  async start(client: Client): Promise<void> {
    const p = this.room.phase;
    const error = (code: ErrorCode, message: string) => this.room.sendError(client, { code, message });
    if (p.kind === 'table') return error('ERR_NOT_NOW', 'the game has started');
    const notHost = hostRefusal(p.lobby, this.room.conns.of(client)?.userId ?? '');
    if (notHost) return this.room.sendError(client, notHost);
    if (p.kind === 'starting') return error('ERR_NOT_NOW', 'the game is starting');
    const s = services();
    if (s.draining) return error('ERR_DRAINING', 'the server is shutting down: no new tables');
    this.room.phase = { kind: 'starting', lobby: p.lobby }; // a second start while this one waits is refused
    try {
      const { options } = p.lobby;
      const present = presentMembers(p.lobby, this.room.conns.online);
      const seats = await seatTable(
        s.store,
        present.map((m) => ({ ...m, rating: null })),
        { players: options.rules.players, botLevel: options.botLevel, botRating: null },
      );
      // The room's first game is played in the room itself (its id is the code); a game after "play again" opens a
      // table of its own, and the room's code stays the friends' place to meet.
      const code = this.room.roomId;
      const inPlace = !(await s.store.tableExists(code));
      const lobby = this.lobby ?? p.lobby; // with its host now
      const record = friendsTable(inPlace ? code : tableId(), code, lobby, seats, this.room.watchers.open);
      if (!inPlace) return await this.startElsewhere(record, present);
      if (!(await s.presence.claim(record.id)))
        return error('ERR_STORAGE', 'the table could not be opened; try again');
      await s.store.createTable(record);
      this.keeper.forget(); // the table is stored now (its id is the room's code)
      this.startTable(record);
      this.seatEveryone();
    } finally {
      const now = this.room.phase;
      if (now.kind === 'starting') this.room.phase = { kind: 'lobby', lobby: now.lobby };
    }
  }

  /**
   * Members who dropped before the start are not seated: the room is gone for them. Everyone seated is marked
   * connected before the snapshots go out, so that the snapshots show it (no `seats` message needed).
   */
  private seatEveryone(): void {
    const p = this.room.phase;
    if (p.kind !== 'table') return;
    const seated: [number, Client][] = [];
    for (const [userId, c] of this.room.conns.users()) {
      const seat = p.table.seatOfUser(userId);
      if (seat < 0) c.leave(CLOSE_CODES.seatLost);
      else {
        p.table.setConnected(seat, true, false);
        seated.push([seat, c]);
      }
    }
    for (const [seat, c] of seated) c.send('game', p.table.snapshot(seat));
  }

  /** A game after "play again": its own table and room; the players present go there, the room empties. */
  private async startElsewhere(record: TableRecord, present: readonly Member[]): Promise<void> {
    await openTable(record);
    const lobby = this.lobby;
    if (lobby) this.room.phase = { kind: 'lobby', lobby: { ...lobby, members: [], lingering: new Set() } };
    this.room.windows.closeAll();
    this.keeper.forget();
    this.room.autoDispose = true;
    for (const m of present) this.room.conns.clientOf(m.userId)?.send('next', { roomId: record.id });
  }

  /**
   * Players of a finished table come back to this room (called from their table's room, maybe on another
   * process): members again, each with the reconnection window to arrive. False while a game runs here.
   */
  welcomeBack(members: readonly Member[], hostId: string | null): boolean {
    const p = this.room.phase;
    if (p.kind === 'table') {
      if (!p.table.finished || p.table.record.kind !== 'friends') return false;
      this.reopen(p, roomOf(p.table.record).hostId);
    }
    this.step({ type: 'welcomeBack', members, hostId });
    return true;
  }

  /** The user deleted their account: no member any more, their connection here closed. True when they were here. */
  accountDeleted(userId: string): boolean {
    const { conns } = this.room;
    const lobby = this.lobby;
    if (!lobby || (!conns.clientOf(userId) && !isMember(lobby, userId))) return false;
    conns.drop(userId, CLOSE_CODES.seatLost);
    this.room.showPlace(userId, false);
    this.step({ type: 'leave', userId });
    return true;
  }

  /** This room's finished first game turns back into the room: its players are members, not back yet. */
  reopen(at: AtTable, hostId: string | null): void {
    at.table.dispose();
    this.room.chat.clear();
    const { rules, botLevel } = at.table.record;
    const humans = membersAfter(at.table);
    const here = new Set(humans.flatMap((m) => (this.room.conns.online(m.userId) ? [m.userId] : [])));
    this.await(humans, hostId, { rules, botLevel }, here);
    this.room.autoDispose = false;
    this.changed();
    this.room.publishListing();
  }
}
