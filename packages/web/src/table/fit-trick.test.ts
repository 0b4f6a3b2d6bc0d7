import { describe, expect, it } from 'vitest';
import { MIN_CARD_PX, trickPlace } from './fit-trick';

const box = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

// A phone's board: 360 px wide, from 48 px to 348 px down the page. The middle at 63% of it, for 72 px cards.
const board = box(0, 48, 360, 300);
const tw = 72;
const center = box(180 - (2.7 * tw) / 2, 48 + 189 - (3.22 * tw) / 2, 2.7 * tw, 3.22 * tw);
const topCardTop = 48 + 189 - 1.4 * 0.86 * tw; // 150.3

describe('the trick and a vote to kick above it', () => {
  it('stays where it is when no button is in its way', () => {
    expect(trickPlace(board, center, [])).toBeNull();
    expect(trickPlace(board, center, [box(130, 90, 100, topCardTop - 6 - 90)])).toBeNull(); // just clear
    expect(trickPlace(board, center, [box(4, 120, 84, 60)])).toBeNull(); // a side seat's, beside the trick
    expect(trickPlace(board, center, [box(130, 250, 100, 40)])).toBeNull(); // below its middle
  });

  it('moves down below the lowest button in its way, at its size while the board has the room', () => {
    const tall = box(0, 48, 360, 360);
    const place = trickPlace(tall, center, [box(110, 60, 140, 90), box(150, 50, 60, 20)])!;
    expect(place.cardWidth).toBeCloseTo(tw, 5);
    expect(place.cramped).toBe(false);
    // Its top card starts 6 px under the lower button (at 150 px down the page, 102 in the board).
    expect(place.top - 1.4 * 0.86 * place.cardWidth).toBeCloseTo(150 + 6 - 48, 5);
    // The middle's lower edge, where the line that says who takes the trick sits, is still on the board.
    expect(48 + place.top + 1.61 * place.cardWidth).toBeLessThanOrEqual(tall.bottom - 6);
  });

  it('shrinks when the board is too short below the button, but not below the smallest card', () => {
    const short = box(0, 48, 375, 300);
    const place = trickPlace(short, center, [box(110, 60, 150, 100)])!;
    const room = short.bottom - 6 - (160 + 6); // the middle's lower half (and the line on it) kept on the board
    expect(place.cardWidth).toBeCloseTo(room / (1.4 * 0.86 + 1.61), 5);
    expect(place.cardWidth).toBeLessThan(tw);
    expect(place.cramped).toBe(false);
    expect(48 + place.top + 1.61 * place.cardWidth).toBeCloseTo(short.bottom - 6, 5);

    const tiny = trickPlace(box(0, 48, 375, 180), center, [box(110, 60, 150, 100)])!;
    expect(tiny.cardWidth).toBe(MIN_CARD_PX);
    expect(tiny.cramped).toBe(true); // no room for the line under the trick: not shown
  });
});
