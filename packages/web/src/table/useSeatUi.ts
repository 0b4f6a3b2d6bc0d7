/**
 * The one place a screen gets the player's side of a seat, at any table (solo, live, watched): a `SeatUi` of
 * `@hearts/table` over the `Seat` (the solo host, or the live client), owning the `TableUi` (the pass chosen,
 * refusals, the held trick, the last trick). The screen draws `tableView(seat.state, ui)` and sends the player's
 * taps, pass, moon choice and claim through `seatUi`.
 *
 * ```tsx
 * const [ui, seatUi] = useSeatUi(client, state, { timing: () => timing(settings.speed, settings.reduceMotion) });
 * const view = tableView(state, ui);
 * <Table view={view} onTap={(c) => void seatUi.tap(c)} … />
 * ```
 */
import {
  SeatUi,
  type Seat,
  type SelectionKeeper,
  type TableUiState,
  type UiScheduler,
  type UiTiming,
} from '@hearts/table';
import type { LiveState } from '@hearts/table';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { browserScheduler } from './ports';

export interface SeatUiOptions {
  readonly timing: () => UiTiming; // how long a complete trick stays, and moves to its winner
  readonly scheduler?: UiScheduler; // the browser's timers unless the host has its own (the solo host's)
  readonly keeper?: SelectionKeeper; // keeps the cards chosen to pass over a reload
}

/**
 * The seat's UI state, and the `SeatUi` to send the player's moves through (one per seat, for the screen's life),
 * following `state`: the seat's state the screen draws (before it is drawn).
 */
export function useSeatUi(
  seat: Seat,
  state: LiveState | null,
  options: SeatUiOptions,
): readonly [TableUiState, SeatUi] {
  const latest = useRef(options);
  latest.current = options;
  const [made, setMade] = useState(() => make(seat, latest));
  const seatUi = made.seat === seat ? made : make(seat, latest);
  if (seatUi !== made) setMade(seatUi); // another seat: a new UI (the render goes on with it)
  useLayoutEffect(() => seatUi.follow(state), [seatUi, state]);
  useEffect(() => () => seatUi.ui.stop(), [seatUi]);
  const ui = useSyncExternalStore(seatUi.subscribe, seatUi.getSnapshot);
  return [ui, seatUi] as const;
}

function make(seat: Seat, options: { readonly current: SeatUiOptions }): SeatUi {
  const o = options.current;
  return new SeatUi(seat, {
    scheduler: o.scheduler ?? browserScheduler(),
    timing: () => options.current.timing(),
    ...(o.keeper ? { keeper: o.keeper } : {}),
  });
}
