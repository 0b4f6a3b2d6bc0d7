/**
 * Keeps a side seat clear of the corner seat above it. With five or six at a table a phone's board has a seat in
 * each top corner and one on each side below it; a long name on two lines, a vote to kick or a bot's badge makes
 * either taller than the percentages of the CSS allow for, and then the corner seat lies over the side seat (and
 * over its vote to kick). The side seat then moves down until it starts under the corner seat, as far as the board
 * has room. Measured, not assumed, like the trick (fit-trick.ts): the seats' height depends on the font and the
 * words in them.
 *
 * ```ts
 * fitSeats(boardElement); // after every render and whenever the board's size changes, before fitTrick
 * ```
 */

/**
 * Room kept between the corner seat and the side seat under it (a live table's menu button hangs 9 px below a seat's
 * corner), and between a seat and the board's bottom edge.
 */
const GAP_PX = 12;

/** The pairs: a corner seat, and the side seat under it. */
const PAIRS = [
  ['.seat-top-left', '.seat-left'],
  ['.seat-top-right', '.seat-right'],
] as const;

interface Span {
  readonly top: number;
  readonly bottom: number;
}

/**
 * The arithmetic of `fitSeats`: where the side seat's middle goes (px from the board's top edge; its CSS places a
 * side seat by its middle), or null where it is already clear of the corner seat. Not below the board's bottom edge:
 * on a board too short for both, the side seat goes as far down as it can.
 */
export function sideSeatMiddle(board: Span, corner: Span, side: Span): number | null {
  const overlap = corner.bottom + GAP_PX - side.top;
  if (overlap <= 0) return null;
  const now = (side.top + side.bottom) / 2; // its middle where it is
  const lowest = board.bottom - GAP_PX - (side.bottom - side.top) / 2; // its middle with its bottom edge at the board's
  const middle = Math.min(now + overlap, lowest);
  return middle <= now ? null : middle - board.top;
}

/** Moves each side seat on `board` down below the corner seat above it, where the two would overlap. */
export function fitSeats(board: HTMLElement): void {
  for (const [cornerSel, sideSel] of PAIRS) {
    const corner = board.querySelector<HTMLElement>(cornerSel);
    const side = board.querySelector<HTMLElement>(sideSel);
    if (!corner || !side) continue;
    side.style.removeProperty('top');
    const middle = sideSeatMiddle(
      board.getBoundingClientRect(),
      corner.getBoundingClientRect(),
      side.getBoundingClientRect(),
    );
    if (middle !== null) side.style.top = `${middle.toFixed(1)}px`;
  }
}
