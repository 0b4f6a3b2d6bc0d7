import { describe, expect, it } from 'vitest';
import { sideSeatMiddle } from './fit-seats';

const span = (top: number, height: number) => ({ top, bottom: top + height });

// A phone's board from 48 px to 400 px down the page; a corner seat from 54 px down.
const board = span(48, 352);

describe('a side seat under a corner seat (five or six at the table)', () => {
  it('stays where it is when clear of the corner seat', () => {
    expect(sideSeatMiddle(board, span(54, 100), span(170, 100))).toBeNull();
    expect(sideSeatMiddle(board, span(54, 100), span(166, 100))).toBeNull(); // exactly the 12 px apart
  });

  it('moves down to start 12 px under the corner seat', () => {
    const corner = span(54, 150); // a vote to kick and a name on two lines: to 204 px
    const middle = sideSeatMiddle(board, corner, span(150, 110))!;
    // Its middle, from the board's top edge: the seat's top then at 216 px down the page.
    expect(48 + middle - 55).toBeCloseTo(204 + 12, 5);
  });

  it('not past the bottom of the board: as far down as there is room', () => {
    const middle = sideSeatMiddle(board, span(54, 260), span(150, 110))!;
    expect(48 + middle + 55).toBeCloseTo(400 - 12, 5);
    // Already as low as it can be: left where it is.
    expect(sideSeatMiddle(board, span(54, 340), span(278, 110))).toBeNull();
  });
});
