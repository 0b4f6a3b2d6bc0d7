import { describe, expect, test } from 'vitest';
import { dueScheduled, nextWeekly, SCHEDULE, scheduleOf } from './schedule.js';

const at = (iso: string) => Date.parse(iso);

describe('scheduled tournaments', () => {
  test.each([
    ['2026-12-01T12:00:00Z', '2026-12-06T19:00:00.000Z'], // winter: 20:00 CET
    ['2026-07-01T12:00:00Z', '2026-07-05T18:00:00.000Z'], // summer: 20:00 CEST
    ['2026-03-29T00:30:00Z', '2026-03-29T18:00:00.000Z'], // the Sunday summer time starts (at 02:00)
    ['2026-10-25T00:30:00Z', '2026-10-25T19:00:00.000Z'], // the Sunday summer time ends (at 03:00)
    ['2026-12-06T19:00:00Z', '2026-12-13T19:00:00.000Z'], // at its start: the next one
  ])('after %s the weekly arena starts at %s (Sunday 20:00 Europe/Berlin)', (now, start) => {
    expect(new Date(nextWeekly(at(now))).toISOString()).toBe(start);
  });

  test('the next hourly one is always announced; the weekly one within its lead; the keys name the slot', () => {
    const tuesday = dueScheduled(at('2026-12-01T12:34:00Z'));
    expect(tuesday.map((t) => [t.scheduleKey, new Date(t.startsAt).toISOString()])).toEqual([
      ['hourly:20261201T13', '2026-12-01T13:00:00.000Z'],
    ]);
    expect(tuesday[0]!.endsAt - tuesday[0]!.startsAt).toBe(SCHEDULE.hourly.minutes * 60_000);
    const saturday = dueScheduled(at('2026-12-05T20:00:00Z'));
    expect(saturday.map((t) => t.scheduleKey)).toEqual(['hourly:20261205T21', 'weekly:20261206']);
    const weekly = saturday[1]!;
    expect(weekly).toMatchObject({ kind: 'scheduled', rated: true, status: 'upcoming' });
    expect(weekly.rules.handsToPlay).toBe(SCHEDULE.weekly.hands);
    // Announced again a minute later: the same slots, so the database keeps one of each.
    expect(dueScheduled(at('2026-12-05T20:01:00Z')).map((t) => t.scheduleKey)).toEqual(
      saturday.map((t) => t.scheduleKey),
    );
  });

  test("a key names its series (the page names it in the reader's language); other keys name none", () => {
    const saturday = dueScheduled(at('2026-12-05T20:00:00Z'));
    expect(saturday.map((t) => scheduleOf(t.scheduleKey))).toEqual(['hourly', 'weekly']);
    expect([null, 'monthly:202612', 'hourly', ''].map(scheduleOf)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
