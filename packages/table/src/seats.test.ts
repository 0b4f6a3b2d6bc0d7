import fc from 'fast-check';
import { expect, test } from 'vitest';
import { bankAfter, clockDeadlines, clockInfo, seatInfo, seatRecord } from './seats.js';

const GRACE = 2_000;
const T0 = 1_000_000; // when the decision's clock started

test.each([
  ['no clock running: the bank stands', 9_000, null, T0 + 60_000, 9_000],
  ['within the grace nothing is used', 9_000, T0, T0 + GRACE, 9_000],
  ['after the grace every millisecond counts', 9_000, T0, T0 + GRACE + 2_500, 6_500],
  ['down to nothing, never below', 9_000, T0, T0 + GRACE + 60_000, 0],
  ['a clock read before its start (a clock step back) uses nothing', 9_000, T0, T0 - 500, 9_000],
] as const)('bankAfter: %s', (_, bank, started, now, left) => {
  expect(bankAfter(bank, started, now, GRACE)).toBe(left);
});

test('the deadlines are absolute: the grace ends, then the bank', () => {
  expect(clockDeadlines(9_000, T0, GRACE)).toEqual({ graceEndsAt: T0 + 2_000, bankEndsAt: T0 + 11_000 });
  const { graceEndsAt, bankEndsAt } = clockDeadlines(9_000, T0, GRACE);
  expect(bankAfter(9_000, T0, graceEndsAt, GRACE)).toBe(9_000);
  expect(bankAfter(9_000, T0, bankEndsAt - 1, GRACE)).toBe(1);
  expect(bankAfter(9_000, T0, bankEndsAt, GRACE)).toBe(0);
});

test('clockInfo: grace left, then the bank running', () => {
  expect(clockInfo(2, 9_000, null, T0, GRACE)).toEqual({
    seat: 2,
    bankMs: 9_000,
    graceMs: 0,
    running: false,
  });
  expect(clockInfo(2, 9_000, T0, T0 + 500, GRACE)).toEqual({
    seat: 2,
    bankMs: 9_000,
    graceMs: 1_500,
    running: true,
  });
  expect(clockInfo(2, 9_000, T0, T0 + GRACE + 4_000, GRACE)).toEqual({
    seat: 2,
    bankMs: 5_000,
    graceMs: 0,
    running: true,
  });
});

test('a running clock only goes down, and matches bankAfter at every moment', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 60_000 }),
      fc.integer({ min: 0, max: 10_000 }),
      fc.array(fc.integer({ min: 0, max: 120_000 }), { minLength: 2, maxLength: 20 }),
      (bank, grace, offsets) => {
        const times = offsets.map((o) => T0 + o).sort((a, b) => a - b);
        let last = Infinity;
        for (const now of times) {
          const c = clockInfo(0, bank, T0, now, grace);
          expect(c.bankMs).toBe(bankAfter(bank, T0, now, grace));
          expect(c.bankMs).toBeGreaterThanOrEqual(0);
          expect(c.bankMs).toBeLessThanOrEqual(last);
          expect(c.graceMs === 0 || c.bankMs === bank).toBe(true); // the bank runs only once the grace is over
          last = c.bankMs;
        }
      },
    ),
  );
});

test('a seat record from the stored seat; what clients see of it', () => {
  const human = seatRecord(
    { kind: 'human', userId: 'u1', name: 'Anna', rating: 1512.4, provisional: true },
    9_000,
  );
  expect(human).toEqual({
    kind: 'human',
    userId: 'u1',
    name: 'Anna',
    level: null,
    replaced: false,
    kicked: false,
    rating: 1512.4,
    provisional: true,
    look: null,
    connected: false,
    reconnectBy: null,
    bankMs: 9_000,
    kickable: false,
    votes: [],
  });
  expect(seatInfo({ ...human, connected: true })).toEqual({
    name: 'Anna',
    bot: false,
    level: null,
    replaced: false,
    connected: true,
    rating: 1512,
    provisional: true,
  });
  const bot = seatRecord({ kind: 'bot', level: 'hard', name: 'Bot 1', rating: null }, 9_000);
  expect(seatInfo({ ...bot, connected: true })).toEqual({
    name: 'Bot 1',
    bot: true,
    level: 'hard',
    replaced: false,
    connected: false, // a bot is never shown connected
    rating: null,
  });
  // A seat whose player the others voted out says so (a leaver's or a late player's seat does not).
  const voted = { ...human, kind: 'bot' as const, level: 'hard' as const, replaced: true };
  expect(seatInfo({ ...voted, kicked: true })).toMatchObject({ replaced: true, kicked: true });
  expect(seatInfo(voted)).not.toHaveProperty('kicked');
});
