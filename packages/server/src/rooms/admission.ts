/**
 * Who may join a room by id, decided before Colyseus reserves a seat (it reserves before `onJoin` runs, so a
 * refusal in `onJoin` comes too late: the reservations of strangers would fill the room). The server's
 * matchmaking wrapper (`server.ts`) sends every `joinById` through {@link joinById} and answers `reconnect` (we
 * never allow Colyseus' reconnection tokens) with {@link noRoomForYou}.
 *
 * The answers: a client of another protocol version is refused first (`protocol`, `GuardedRoom.onAuth`), then a
 * bad token, whatever the id (`authFailed`); a room that does not exist and a room the joiner may not enter (a
 * table without their seat, a full friends' room) get one and the same answer (`noSuchRoom`,
 * {@link NO_ROOM_MESSAGE}) after the same work (the token checked, the room looked up), so a probe cannot tell
 * them apart; a reservation that fails for a passing reason (the room closing, another process not
 * answering) gets `refused`, which a client retries.
 *
 * Inside a table's room, {@link admitsPlayer} and {@link pendingReservations} decide who may reserve a place
 * (`TableRoom.mayReserve`, asked by {@link joinById} and again when the reservation is made).
 *
 * ```ts
 * if (method === 'joinById') return joinById(roomId, clientOptions, authContext);
 * ```
 */
import { ErrorCode, ServerError, matchMaker, type AuthContext } from '@colyseus/core';
import { JOIN_ERRORS } from '@hearts/protocol/socket';
import { GuardedRoom, type Auth } from './guarded.js';
import { wantsToWatch } from './watchers.js';

/** The one message of `noSuchRoom`: for a missing room and for one the joiner may not enter alike. */
export const NO_ROOM_MESSAGE = 'no such room, or no place in it for you';

/** The answer to joining a room that does not exist or that the joiner may not enter. */
export function noRoomForYou(): ServerError {
  return new ServerError(JOIN_ERRORS.noSuchRoom, NO_ROOM_MESSAGE);
}

/** Rooms that decide who may reserve a seat in them (`TableRoom.mayReserve`). */
const CHECKED_ROOMS: ReadonlySet<string> = new Set(['table', 'friends']);

/** What `matchMaker.joinById` answers: the room's listing and the reserved session. */
type Reservation = Awaited<ReturnType<typeof matchMaker.joinById>>;

/**
 * Colyseus' `joinById`, but signed in first and refused before any seat is reserved for someone the room does not
 * admit. `ensure` runs after the sign-in and before the lookup (scaled mode: restore a table no process runs).
 */
export async function joinById(
  roomId: string,
  clientOptions: unknown,
  context: AuthContext,
  ensure?: (roomId: string) => Promise<void>,
): Promise<Reservation> {
  // Signed in whatever the id: a bad token gets its answer without a word about the room, and a missing room
  // costs the same lookup as one that exists. The result is remembered for Colyseus' own onAuth call.
  const auth = await GuardedRoom.onAuth(context.token ?? '', clientOptions, context);
  await ensure?.(roomId);
  const listing = await matchMaker.getRoomById(roomId);
  if (!listing) throw noRoomForYou();
  if (CHECKED_ROOMS.has(listing.name)) {
    let admitted: unknown;
    try {
      admitted = await matchMaker.remoteRoomCall(roomId, 'mayReserve', [
        auth.userId,
        wantsToWatch(clientOptions),
      ]);
    } catch {
      throw new ServerError(JOIN_ERRORS.refused, 'the room does not answer just now: try again');
    }
    if (admitted !== true) throw noRoomForYou();
  }
  try {
    return await matchMaker.joinById(roomId, (clientOptions ?? {}) as object, context);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    // Gone since the lookup (or, never here, locked): the same answer as a missing room.
    if (code === ErrorCode.MATCHMAKE_INVALID_ROOM_ID) throw noRoomForYou();
    if (typeof code === 'number') throw e;
    // Colyseus' SeatReservationError: the room refused the reservation after all (it filled up, it is closing)
    // or its process did not answer. Worth another try.
    throw new ServerError(JOIN_ERRORS.refused, 'the room cannot take you just now: try again');
  }
}

/**
 * Connections and seat reservations a room holds at most, together. The room's own players (seated, or members of
 * the lobby) are never counted out by it: Colyseus' own `maxClients` would lock the room for them too, so it stays
 * unlimited and this limit is checked in `TableRoom.mayReserve` ({@link admitsPlayer}, and for watchers).
 */
export const ROOM_MAX_CONNECTIONS = 32;

/** A seat reservation not yet taken up by a connection, with the user it is for. */
export interface Pending {
  readonly sessionId: string;
  readonly userId: string;
  readonly watch: boolean;
}

/** Colyseus' reservations of a room (`reservedSeats`: options, auth, taken up) not yet taken up. */
export function pendingReservations(reserved: Readonly<Record<string, readonly unknown[]>>): Pending[] {
  return Object.entries(reserved).flatMap(([sessionId, r]) => {
    const userId = (r[1] as Partial<Auth> | undefined)?.userId;
    return r[2] !== true && typeof userId === 'string'
      ? [{ sessionId, userId, watch: wantsToWatch(r[0]) }]
      : [];
  });
}

/**
 * Whether a user may reserve a player's place. The room's own players (seated, or lobby members) always; at a
 * table (or a lobby starting its game) nobody else; in a lobby a newcomer while the members and the other
 * newcomers holding a reservation leave a seat free, and the room holds fewer than {@link ROOM_MAX_CONNECTIONS}.
 */
export function admitsPlayer(
  userId: string,
  room: {
    readonly own: (userId: string) => boolean; // seated here, or a member of the lobby
    readonly lobbyOpen: boolean; // a lobby not starting its game
    readonly members: number;
    readonly players: number; // seats at the table to be
    readonly connections: number;
    readonly pending: readonly Pending[];
  },
): boolean {
  if (room.own(userId)) return true;
  if (!room.lobbyOpen) return false;
  if (room.connections + room.pending.length >= ROOM_MAX_CONNECTIONS) return false;
  const newcomers = new Set(
    room.pending.flatMap((r) => (r.userId !== userId && !room.own(r.userId) ? [r.userId] : [])),
  );
  return room.members + newcomers.size < room.players;
}

/**
 * A room that admits by {@link AdmittingRoom.mayReserve}: Colyseus reserves a seat for a joiner before `onJoin`
 * runs, so the reservation itself is refused to anyone the room does not admit, and a user holds one reservation at
 * most (a new one replaces the older, so that retries never pile up).
 */
export abstract class AdmittingRoom extends GuardedRoom {
  /** Whether a user may take a seat reservation (a player's, or a watcher's) here now. */
  abstract mayReserve(userId: string, watch?: boolean): boolean;

  /** The reservations not yet taken up by a connection. */
  protected pending(): Pending[] {
    return pendingReservations(this.reservedSeats);
  }

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
    const older = this.pending().filter((r) => r.userId === userId);
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
    for (const r of this.pending()) this.dropReservation(r.sessionId, false);
    // Colyseus keeps the handle of the auto-dispose timer it cleared when `autoDispose` turned off within that
    // timer's second (a game over, then "play again" at once); a room with such a handle never disposes once empty.
    const room = this as unknown as { _autoDisposeTimeout?: ReturnType<typeof setTimeout> };
    clearTimeout(room._autoDisposeTimeout);
    room._autoDisposeTimeout = undefined;
    return super.disconnect(closeCode);
  }
}
