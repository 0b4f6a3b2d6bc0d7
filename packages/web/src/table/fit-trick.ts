/**
 * Keeps the trick clear of a seat's vote to kick (`.seat-kick`) above it. At its usual place and size the trick may
 * reach down from the middle of the board to a top seat's button on a short phone, or when a long warning under the
 * hand makes the board shorter: then the trick moves down so that its top card starts under the lowest such
 * button, and shrinks (not below `MIN_CARD_PX`) if the board has not the room for it there — room for the whole
 * middle, whose lower edge holds the line that says who takes the trick (`.trick-winner`): that line must not lie
 * over the player's own name under the board. Measured, not assumed: the seats' height depends on the phone's font
 * and on the words in them.
 *
 * ```ts
 * fitTrick(boardElement, centerElement); // after every render and whenever the board's size changes
 * ```
 */

/** A trick card's height per width (the cards' `aspect-ratio`: 100 / 140). */
const CARD_RATIO = 1.4;
/**
 * How far the trick's cards reach from its middle, in card widths: the top and bottom cards sit 36% of a card's
 * height off the middle (`.trick-card.at-top`, `.at-bottom`), so half a card and that much more above and below;
 * the left and right ones 62% of a card's width beside it, and half a card more — turned by 4° (`rotate(4deg)`),
 * half a card reaches 0.5·cos 4° + 0.7·sin 4° ≈ 0.55 of its width.
 */
const REACH_UP = CARD_RATIO * (0.5 + 0.36);
const REACH_SIDE = 0.55 + 0.62;
/** The middle's width in card widths (`.center`: `width: calc(var(--tw) * 2.7)`). */
const CENTER_WIDTHS = 2.7;
/**
 * How far the middle reaches down from its centre, in card widths (`.center`: `height: calc(var(--tw) * 1.4 * 2.3)`;
 * the line that says who takes the trick sits on its lower edge, under the bottom card).
 */
const CENTER_DOWN = (CARD_RATIO * 2.3) / 2;
/** The smallest trick card: as large as the last trick's cards on a phone. */
export const MIN_CARD_PX = 44;
/** Room kept between a button and the trick, and between the trick and the board's bottom edge. */
const GAP_PX = 6;

/**
 * Where the trick goes instead (px from the board's top edge) and how wide its cards are; null: where it is.
 * `cramped`: even its smallest cards leave no room on the board for the middle's lower edge, so the line there that
 * says who takes the trick is not shown (the prompt under the player's name says the same words).
 */
export interface TrickPlace {
  readonly top: number;
  readonly cardWidth: number;
  readonly cramped: boolean;
}

interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/**
 * The arithmetic of `fitTrick`: the board, the middle at its usual place (its width gives the card width) and the
 * buttons to keep clear, all in the same coordinates.
 */
export function trickPlace(board: Box, center: Box, buttons: readonly Box[]): TrickPlace | null {
  const cardWidth = (center.right - center.left) / CENTER_WIDTHS;
  const middleX = (center.left + center.right) / 2;
  const middleY = (center.top + center.bottom) / 2;
  let limit = -Infinity; // the lowest bottom edge of a button above the trick and in its way
  for (const b of buttons) {
    const inTheWay = b.right > middleX - REACH_SIDE * cardWidth && b.left < middleX + REACH_SIDE * cardWidth;
    if (inTheWay && b.top < middleY) limit = Math.max(limit, b.bottom + GAP_PX);
  }
  if (middleY - REACH_UP * cardWidth >= limit) return null;
  // From under the buttons to the board's bottom edge: the cards above the middle, then the middle's lower half.
  const room = board.bottom - GAP_PX - limit;
  const fits = room / (REACH_UP + CENTER_DOWN);
  const width = Math.max(MIN_CARD_PX, Math.min(cardWidth, fits));
  return { top: limit - board.top + REACH_UP * width, cardWidth: width, cramped: fits < MIN_CARD_PX };
}

/** Moves (and if need be shrinks) the trick in `center` below every vote to kick above it on `board`. */
export function fitTrick(board: HTMLElement, center: HTMLElement): void {
  center.style.removeProperty('top');
  center.style.removeProperty('--tw');
  center.classList.remove('cramped');
  const buttons = [...board.querySelectorAll('.seat-kick')].map((e) => e.getBoundingClientRect());
  if (buttons.length === 0) return;
  const place = trickPlace(board.getBoundingClientRect(), center.getBoundingClientRect(), buttons);
  if (!place) return;
  center.style.top = `${place.top.toFixed(1)}px`;
  center.style.setProperty('--tw', `${place.cardWidth.toFixed(1)}px`);
  if (place.cramped) center.classList.add('cramped');
}
