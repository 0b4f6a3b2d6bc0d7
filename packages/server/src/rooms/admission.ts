/**
 * Who may join a room by id, decided before Colyseus reserves a seat (it reserves before `onJoin` runs, so a
 * refusal in `onJoin` comes too late: the reservations of strangers would fill the room). The server's
 * matchmaking wrapper (`server.ts`) sends every `joinById` through {@link joinById} and answers `reconnect` (we
 * never allow Colyseus' reconnection tokens) with {@link noRoomForYou}.
 *
 * The answers: a bad token is refused first, whatever the id (`authFailed`); a room that does not exist and a room
 * the joiner may not enter (a table without their seat, a full friends' room) get one and the same answer
 * (`noSuchRoom`, {@link NO_ROOM_MESSAGE}) after the same work (the token checked, the room looked up), so a probe
 * cannot tell them apart; a reservation that fails for a passing reason (the room closing, another process not
 * answering) gets `refused`, which a client retries.
 *
 * ```ts
 * if (method === 'joinById') return joinById(roomId, clientOptions, authContext);
 * ```
 */
import { ErrorCode, ServerError, matchMaker, type AuthContext } from '@colyseus/core';
import { JOIN_ERRORS } from '@hearts/table/protocol';
import { GuardedRoom } from './guarded.js';
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
