import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createBot } from '@hearts/bots';
import { DEFAULT_RULES, dealRandom, observation, seatsToAct, seededRandom } from '@hearts/engine';
import type { SeatsMessage, TakeoverReason, WireMove } from '@hearts/protocol/socket';
import type { TableRecord } from './store/types.js';
import { Table, type Deals } from './table.js';

const GRACE = 1000;
const BANK = 2000;

/** Deals from a fixed seed: the same hands every run. */
const seededDeal = (seed: number): Deals => {
  const rng = seededRandom(seed);
  return () => ({
    deal: (_hand, state) => {
      const dealt = dealRandom(state, rng);
      const log = dealt.log[dealt.handNumber]!;
      return Promise.resolve({ hands: [...log.deal], sevenSuit: log.sevenSuit });
    },
  });
};

/** Two humans (seats 0 and 1) and two bots; the bots decide in this thread (no worker: the clock is fake). */
function makeTable(seed: number, append: () => Promise<void> = () => Promise.resolve()) {
  const record: TableRecord = {
    id: 'tkick',
    kind: 'friends',
    rated: false,
    rules: DEFAULT_RULES,
    seats: [
      { kind: 'human', userId: 'ua', name: 'Anna', rating: null },
      { kind: 'human', userId: 'uc', name: 'Carl', rating: null },
      { kind: 'bot', level: 'random', name: 'Bot 1', rating: null },
      { kind: 'bot', level: 'random', name: 'Bot 2', rating: null },
    ],
    botLevel: 'random',
    status: 'playing',
    createdAt: 0,
  };
  const lost: { seat: number; reason: TakeoverReason }[] = [];
  const seatMessages: SeatsMessage[] = [];
  const random = seededRandom(seed + 1);
  const noop = () => undefined;
  const table = Table.create(record, {
    append,
    bots: {
      decide: (view, level, timeMs) => Promise.resolve(createBot(level).decide(view, { timeMs, random })),
    },
    times: {
      graceMs: GRACE,
      bankMs: BANK,
      botDelayMs: 0,
      handPauseMs: 0,
      botTimeMs: 1,
      clockLevel: 'random',
    },
    deals: seededDeal(seed),
    out: {
      game: noop,
      clock: noop,
      seats: (m) => seatMessages.push(m),
      result: noop,
      botFailed: (e) => {
        throw e;
      },
      seatLost: (seat, reason) => lost.push({ seat, reason }),
      problem: (message, e) => {
        throw new Error(`${message}: ${String(e)}`);
      },
    },
    finish: () => Promise.reject(new Error('the game does not end here')),
  });
  return { table, lost, seatMessages };
}

/** Lets every due timer, bot answer and queued change run. */
async function settle(table: Table): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const v = table.version;
    await vi.advanceTimersByTimeAsync(0);
    await table.idle();
    if (table.version === v && i > 2) return;
  }
}

/** The seat's first legal decision, as a player would send it. */
function decision(table: Table, seat: number): WireMove {
  const view = observation(table.game, seat);
  return view.phase === 'pass'
    ? { kind: 'pass', cards: view.legal.slice(0, view.rules.passCards) }
    : { kind: 'play', card: view.legal[0]! };
}

let ids = 0;
/** Both humans decide at once whenever they must, until `done` (bots play their seats meanwhile). */
async function playInTime(table: Table, done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) {
    for (const seat of seatsToAct(table.game).filter((s) => s < 2)) {
      const r = await table.submit(seat, `m${++ids}`, decision(table, seat));
      expect(r.ok).toBe(true);
    }
    await settle(table);
  }
  expect(done()).toBe(true);
}

/** Deals, and lets seat 1's time run out at the pass: the clock passes for it. Seat 0 passes at once. */
async function outOfTimeAtThePass(table: Table): Promise<void> {
  table.begin();
  await settle(table);
  expect(table.game.phase).toBe('pass');
  expect((await table.submit(0, 'p0', decision(table, 0))).ok).toBe(true);
  await vi.advanceTimersByTimeAsync(GRACE + BANK);
  await settle(table);
  expect(table.game.phase).toBe('play');
  expect(table.seatsMessage().kickable).toEqual([false, true, false, false]);
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

test('a seat that ran out of time once, then plays in time, is not kicked by a later vote', async () => {
  const { table, lost, seatMessages } = makeTable(7);
  await outOfTimeAtThePass(table);
  // Seat 1 plays by itself again: no longer out of time, and everyone is told.
  await playInTime(table, () => observation(table.game, 0).tricks.length >= 6);
  expect(table.seatsMessage().kickable[1]).toBe(false);
  expect(seatMessages.at(-1)?.kickable[1]).toBe(false);
  // Six tricks later, one vote (the only other human's): refused, the seat stays the player's.
  expect(await table.voteKick(0, 1)).toMatchObject({ code: 'ERR_NOT_KICKABLE' });
  await settle(table);
  expect(table.seats[1]!.kind).toBe('human');
  expect(lost).toEqual([]);
  table.dispose();
});

test('a vote counts only while the seat is out of time when the takeover comes; then it kicks', async () => {
  const { table, lost } = makeTable(11);
  await outOfTimeAtThePass(table);
  // Seat 1's turn: seat 0 votes (accepted: seat 1 is out of time now), and seat 1's own card arrives right after,
  // before the takeover the vote called for.
  await playInTime(table, () => seatsToAct(table.game).includes(1) && !seatsToAct(table.game).includes(0));
  const vote = table.voteKick(0, 1);
  const move = table.submit(1, 'c1', decision(table, 1));
  expect(await vote).toBeNull();
  expect((await move).ok).toBe(true);
  await settle(table);
  expect(table.seats[1]!.kind).toBe('human');
  expect(table.seatsMessage().kickVotes[1]).toBe(0);
  expect(lost).toEqual([]);

  // Later seat 1 lets its time run out again (its bank is empty this hand: the grace only): now a vote kicks.
  await playInTime(table, () => seatsToAct(table.game).includes(1) && !seatsToAct(table.game).includes(0));
  await vi.advanceTimersByTimeAsync(GRACE);
  await settle(table);
  expect(table.seatsMessage().kickable[1]).toBe(true);
  expect(await table.voteKick(0, 1)).toBeNull();
  await settle(table);
  expect(table.seats[1]!.kind).toBe('bot');
  expect(lost).toEqual([{ seat: 1, reason: 'kicked' }]);
  table.dispose();
});

test('a connection that changes while a move is being written is kept', async () => {
  let release: (() => void) | null = null;
  let hold = false;
  const { table, seatMessages } = makeTable(3, () =>
    hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve(),
  );
  table.begin();
  await settle(table);
  hold = true;
  const move = table.submit(0, 'slow', decision(table, 0));
  await vi.advanceTimersByTimeAsync(0);
  expect(release).not.toBeNull(); // the move is being written
  table.setConnected(1, true);
  expect(seatMessages.at(-1)?.seats[1]!.connected).toBe(true);
  hold = false;
  release!();
  expect((await move).ok).toBe(true);
  expect(table.seats[1]!.connected).toBe(true);
  expect(table.seats[0]!.bankMs).toBe(BANK);
  expect(table.lastEvent).toEqual({ type: 'pass', seat: 0 });
  table.dispose();
});

test('a connection that changes while a takeover is being written is kept', async () => {
  let release: (() => void) | null = null;
  let hold = false;
  const { table, lost } = makeTable(5, () =>
    hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve(),
  );
  table.begin();
  await settle(table);
  hold = true;
  const takeover = table.takeover(1, 'left');
  await vi.advanceTimersByTimeAsync(0);
  expect(release).not.toBeNull(); // the takeover is being written
  table.setConnected(0, true);
  hold = false;
  release!();
  expect(await takeover).toBe(true);
  expect(lost).toEqual([{ seat: 1, reason: 'left' }]);
  expect(table.seats[1]).toMatchObject({ kind: 'bot', replaced: true });
  expect(table.seats[0]!.connected).toBe(true);
  table.dispose();
});
