/**
 * The table core that every host runs (the server's live tables and the web app's solo tables): the stored
 * events and the one `applyEvent`, a table as an immutable `TableState` with one record per seat, the clock and
 * kick-vote arithmetic, the per-seat builders of the `hearts-live/1` messages (whose schemas and types are
 * `@hearts/protocol/socket`'s), the client's view reducer, the driver that runs a table's life over injected ports
 * (time, bots, storage, deals, outbox) and the fair shuffle as its deal port. No transport, no timers of its own, no
 * I/O: it runs in browsers and Node.
 *
 * ```ts
 * import { applyEvent, newTableState, unwrapState } from '@hearts/table';
 * let table = unwrapState(newTableState(rules, seats, times));
 * for (const e of storedEvents) table = unwrapState(applyEvent(table, e, times));
 * ```
 */
export { applyGameMessage, applyPlay, applyPassed, applyWatchMessage } from './reducer.js';
export type { LiveState } from './reducer.js';
export type { StoredSeat, StoredEvent } from './events.js';
export { MoveIds } from './move-ids.js';
export { seatRecord, seatInfo, clockDeadlines, bankAfter, clockInfo } from './seats.js';
export type { SeatRecord, ClockDeadlines } from './seats.js';
export {
  newTableState,
  applyEvent,
  unwrapState,
  takeoverRefusal,
  replaceSeat,
  setConnected,
  bankRanOut,
  humanSeats,
  votesNeeded,
  kickVotesNeeded,
  castKickVote,
  seatsMessage,
  moveEvent,
} from './state.js';
export type { ClockTimes, TableState, TableEventError, KickRefusal } from './state.js';
export { playMessages, passedMessages } from './views.js';
export { TableDriver, fallbackDecision, RETRY_MS } from './driver.js';
export type {
  Scheduler,
  BotPort,
  EventRow,
  Deal,
  DealPort,
  DealStep,
  DealTable,
  Outbox,
  DriverTimes,
  DriverTable,
  DriverPorts,
  SubmitOutcome,
} from './driver.js';
export { FairShuffle } from './fair-shuffle.js';
export type { FairShuffleOptions, ShuffleCheat, CheatDeal } from './fair-shuffle.js';
export { TableUi, REFUSAL_MS, EMPTY_UI_STATE } from './ui.js';
export { SeatUi, NO_CLAIMS } from './seat.js';
export type { Seat } from './seat.js';
export type {
  UiScheduler,
  UiTiming,
  Refusal,
  CompleteTrick,
  TableUiState,
  SelectionKeeper,
  TableUiOptions,
  TapAnswer,
} from './ui.js';
