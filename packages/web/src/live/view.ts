/**
 * What a live table shows: the one table view (`boardView` of `game/view.ts`, from the seat's observation and the
 * UI controller's state) with who sits where from the seat's `LiveState`: names, bots with their level, ratings,
 * connections, looks and kick votes; and the seats' clocks as this client counts them down.
 *
 * ```ts
 * const view = liveTableView(client.state!, ui.getSnapshot());
 * view.seats[view.you].name; // the player's own name
 * ```
 */
import { kickVotesNeeded, type ClockInfo, type LiveState, type SeatLook } from '@hearts/table';
import { boardView, receivedNow, type BoardInput, type BoardSeat, type BoardView } from '../game/view';

export interface LiveSeatView extends BoardSeat {
  readonly name: string;
  readonly you: boolean;
  readonly bot: string | null; // the bot's level
  readonly replaced: boolean; // a bot took the seat over
  readonly connected: boolean;
  readonly rating: number | null;
  readonly provisional: boolean; // the rating at the start was provisional: "1500?"
  readonly look: SeatLook | null; // the cosmetics the player chose (src/shop/art.tsx draws them)
  readonly kickable: boolean; // out of time: the others may vote to give the seat to a bot
  readonly kickVotes: number;
  readonly kickNeeded: number; // votes that give the seat to a bot (kickVotesNeeded of the other humans)
}

export interface LiveTableView extends BoardView<LiveSeatView> {
  readonly names: readonly string[];
  readonly bots: readonly boolean[];
  readonly rated: boolean;
}

/**
 * The live table's view. The cards received in the pass are highlighted until the player plays their first card
 * of the hand (the observation says so; the solo table keeps the same highlight in its state).
 */
export function liveTableView(s: LiveState, ui: BoardInput['ui']): LiveTableView {
  const obs = s.view;
  const table = s.table;
  const you = table.you;
  const board = boardView({ obs, ui, received: receivedNow(obs), hint: null });
  const humans = table.seats.filter((x) => !x.bot).length;
  return {
    ...board,
    seats: board.seats.map((seat, i) => {
      const x = table.seats[i]!;
      return {
        ...seat,
        name: x.name,
        you: i === you,
        bot: x.bot ? (x.level ?? 'medium') : null,
        replaced: x.replaced,
        connected: x.connected,
        rating: x.rating,
        provisional: x.provisional === true,
        look: x.look ?? null,
        kickable: table.kickable[i] === true && !x.bot,
        kickVotes: table.kickVotes[i] ?? 0,
        kickNeeded: kickVotesNeeded(humans - (x.bot ? 0 : 1)),
      };
    }),
    names: table.seats.map((x) => x.name),
    bots: table.seats.map((x) => x.bot),
    rated: table.rated,
  };
}

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
