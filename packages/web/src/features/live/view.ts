/**
 * The seats' clocks at a live table as this client counts them down (the view itself is `tableView` of
 * src/table/view.ts, the same for both tables; the solo table has no clocks to show).
 *
 * ```ts
 * clocks = trackClocks(clocks, client.state!, Date.now());
 * clockSeconds(clocks[seat]!, Date.now()); // null while in grace or not to act
 * ```
 */
import type { LiveState } from '@hearts/table';
import type { ClockInfo } from '@hearts/protocol/socket';

/**
 * A seat's clock as this client keeps it: the server's `ClockInfo` and the instants, on this client's clock, at
 * which the seat's grace and its bank run out. The server measures a `ClockInfo` when it sends it; a clock counts
 * from the moment its own `ClockInfo` arrived, never from a later message about another seat.
 */
export interface SeatClock {
  readonly info: ClockInfo; // the object last received for this seat
  readonly decision: string; // which decision it times (hand, phase, cards played)
  readonly graceEnd: number; // ms (client clock): the grace is over
  readonly deadline: number; // ms (client clock): the bank is empty and the server decides for the seat
}

/** The decision a seat's running clock times: the same key means the same decision still open. */
function decisionKey(s: LiveState): string {
  const obs = s.view;
  const played = obs.tricks.length * obs.players + (obs.trick?.cards.length ?? 0);
  return `${obs.handNumber}/${obs.phase}/${obs.phase === 'play' ? played : 0}`;
}

/**
 * The seats' clocks after `s` arrived at `now`. A seat whose `ClockInfo` is the very object it was keeps its
 * instants (a message about another seat changes nothing for it). A new measurement of a decision that was already
 * running (the `clock` message at the end of the grace, a snapshot) can only bring its end closer: the countdown
 * shown never goes back up.
 */
export function trackClocks(prev: readonly SeatClock[] | null, s: LiveState, now: number): SeatClock[] {
  const decision = decisionKey(s);
  return s.table.clocks.map((info, seat) => {
    const before = prev?.[seat];
    if (before && before.info === info) return before;
    let graceEnd = now + info.graceMs;
    let deadline = graceEnd + info.bankMs;
    if (before && info.running && before.info.running && before.decision === decision) {
      graceEnd = Math.min(graceEnd, before.graceEnd);
      deadline = Math.min(deadline, before.deadline);
    }
    return { info, decision, graceEnd, deadline };
  });
}

/** Seconds left on a seat's bank at `now`, once its grace is over; null while in grace or not to act. */
export function clockSeconds(c: SeatClock, now: number): number | null {
  if (!c.info.running || now < c.graceEnd) return null;
  return Math.max(0, Math.ceil((c.deadline - now) / 1000));
}

/**
 * Seconds until a bot takes the seat of a player away (`SeatInfo.reconnectBy`, on the server's clock), counted on
 * this client's clock moved by its offset to the server's (`serverNow`); null when no window runs.
 */
export function reconnectSeconds(reconnectBy: number | undefined, serverNow: number): number | null {
  if (reconnectBy === undefined) return null;
  return Math.max(0, Math.ceil((reconnectBy - serverNow) / 1000));
}
