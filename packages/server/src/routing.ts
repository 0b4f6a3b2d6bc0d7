/**
 * How a standard reverse proxy (nginx, HAProxy, …) finds the process that runs a room, without code of ours in the
 * path. Each process is started with its own `PROCESS_ROUTE` (e.g. `hearts-1`), and the proxy sends every path
 * under `/hearts-1/` to that process. Colyseus keeps the route in each room's listing as its `publicAddress`;
 * a seat reservation (the answer to `/matchmake/…`) then names `<host>/<route>`, with the host the request came
 * to, and colyseus.js opens the room's WebSocket at `ws(s)://<host>/<route>/<process id>/<room id>?…`. The host
 * is taken from the request (never configured), so any name the players use — and the test's ports — work, and the
 * page's `connect-src 'self'` holds.
 *
 * ```ts
 * routedReservation({ room: { roomId: 'ABC', processId: 'x', publicAddress: 'hearts-2' }, sessionId: 's' }, 'hearts.example.com')
 * // → { room: { …, publicAddress: 'hearts.example.com/hearts-2' }, sessionId: 's' }
 * ```
 */

/** A route: lower-case letters, digits and dashes, as a path segment and an upstream's name in a proxy config. */
export const ROUTE_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** A Host header we put into a WebSocket URL: a name or IPv4 address, or an [IPv6] address, with an optional port. */
const HOST_PATTERN = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * A seat reservation with its room's route turned into the address its WebSocket goes to: `<host>/<route>`. Left
 * as it is when the room has no route (a process without `PROCESS_ROUTE`: the client connects to its own
 * address). Without a usable host the route is dropped, and the client connects to the address it used.
 */
export function routedReservation<T>(reservation: T, host: string | undefined): T {
  if (typeof reservation !== 'object' || reservation === null || !('room' in reservation)) return reservation;
  const room = reservation.room as { toJSON?: () => object; publicAddress?: unknown } | null;
  if (room === null || typeof room !== 'object') return reservation;
  const route = room.publicAddress;
  if (typeof route !== 'string' || !ROUTE_PATTERN.test(route)) return reservation;
  const listing: Record<string, unknown> = { ...(room.toJSON ? room.toJSON() : room) };
  if (host !== undefined && HOST_PATTERN.test(host)) listing['publicAddress'] = `${host}/${route}`;
  else delete listing['publicAddress'];
  return { ...reservation, room: listing };
}
