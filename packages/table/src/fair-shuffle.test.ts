/**
 * The fair shuffle as the driver's deal port, on time by hand (`ManualScheduler`): every timer of the shuffle runs
 * through the driver's scheduler (a `setTimeout` of its own would never fire here), the commitments are stored before
 * the list goes out, late seats get drawn or fallback seeds, a restored table resumes at the reveal step with the
 * same list, a takeover stops waiting for the seat, and the deal — deck and die — is the transcript's, which every
 * honest seat verifies with its own `ShuffleSession`.
 */
import { describe, expect, test } from 'vitest';
import { CardSet, DEFAULT_RULES, SUITS, type Rules } from '@hearts/engine';
import { ShuffleSession, verifyTranscript, type Transcript } from '@hearts/shuffle';
import { TableDriver, type DealTable, type DriverPorts, type DriverTimes, type EventRow } from './driver.js';
import type { StoredEvent, StoredSeat } from './events.js';
import { FairShuffle, type FairShuffleOptions } from './fair-shuffle.js';
import type { ErrorMessage, ShuffleMessage } from '@hearts/protocol/socket';
import { newTableState, unwrapState } from './state.js';
import { ManualScheduler } from './testing.js';

const SHUFFLE_MS = 5000;
const TIMES: DriverTimes = {
  graceMs: 60_000,
  bankMs: 60_000,
  botDelayMs: 0,
  handPauseMs: 0,
  botTimeMs: 1,
  clockLevel: 'random',
};
const SEATS: StoredSeat[] = [
  { kind: 'human', userId: 'u0', name: 'Anna', rating: null },
  { kind: 'human', userId: 'u1', name: 'Ben', rating: null },
  { kind: 'bot', level: 'random', name: 'Bot 2', rating: null },
  { kind: 'bot', level: 'random', name: 'Bot 3', rating: null },
];
const INFO = { id: 'fair-1', kind: 'friends' as const, rated: false, botLevel: 'random' as const };

interface Options {
  readonly rules?: Partial<Rules>;
  readonly fair?: Partial<FairShuffleOptions>;
  readonly failAppends?: number; // the next appends that fail
}

/** A driver dealing by the fair shuffle; each human seat answers through the test (`answer`). */
function fairTable(o: Options = {}, rows: EventRow[] = []) {
  const time = new ManualScheduler();
  const rules: Rules = { ...DEFAULT_RULES, ...o.rules };
  const sent: { seat: number; m: ShuffleMessage }[] = [];
  const problems: string[] = [];
  const storage = { fail: o.failAppends ?? 0 };
  const ports: DriverPorts = {
    times: TIMES,
    scheduler: time,
    bots: { decide: () => new Promise(() => undefined) }, // bots never answer: the tests stop at the deal
    append: (written) => {
      if (storage.fail > 0) {
        storage.fail--;
        return Promise.reject(new Error('disk full'));
      }
      rows.push(...(JSON.parse(JSON.stringify(written)) as EventRow[]));
      return Promise.resolve();
    },
    deal: (table: DealTable) => new FairShuffle(table, { timeoutMs: SHUFFLE_MS, ...o.fair }),
    out: {
      game: () => undefined,
      clock: () => undefined,
      seats: () => undefined,
      result: () => undefined,
      botFailed: () => undefined,
      seatLost: () => undefined,
      problem: (m) => problems.push(m),
      shuffle: (seat, m) => sent.push({ seat, m }),
    },
    finish: () => Promise.resolve({ scores: [], ranks: [], ratings: [], recordId: 'r' }),
  };
  const initial = unwrapState(newTableState(rules, SEATS, TIMES));
  const driver = TableDriver.restore(INFO, initial, rows, ports);
  for (const s of [0, 1]) driver.setConnected(s, true, false);
  const settle = async () => {
    for (let i = 0; i < 5; i++) {
      await driver.idle();
      for (let k = 0; k < 10; k++) await Promise.resolve();
    }
  };
  /** Moves the clock on by `ms`, running every timer due and what follows it. */
  const advance = async (ms: number) => {
    await settle();
    const until = time.t + ms;
    for (let fn = time.next(until); fn; fn = time.next(until)) {
      fn();
      await settle();
    }
    time.t = until;
    await settle();
  };
  const to = (seat: number, step: ShuffleMessage['step']) =>
    sent.filter((x) => x.seat === seat && x.m.step === step).map((x) => x.m);
  const events = (type: StoredEvent['type']) => rows.filter((r) => r.event.type === type).map((r) => r.event);
  return { driver, time, rows, sent, problems, storage, settle, advance, to, events };
}

type Harness = ReturnType<typeof fairTable>;

/** A seat's honest client: a session per commit request, the list taken, the seed revealed. */
async function commit(h: Harness, seat: number): Promise<ShuffleSession> {
  const ask = h.to(seat, 'commit').at(-1) as Extract<ShuffleMessage, { step: 'commit' }>;
  const session = new ShuffleSession({
    tableId: ask.tableId,
    handNumber: ask.handNumber,
    players: ask.players,
    seat,
  });
  expect(
    await h.driver.dealStep(seat, {
      step: 'commit',
      handNumber: ask.handNumber,
      commitment: session.commitment,
    }),
  ).toBeNull();
  return session;
}

async function reveal(h: Harness, seat: number, session: ShuffleSession): Promise<ErrorMessage | null> {
  const list = h.to(seat, 'commitments').at(-1) as Extract<ShuffleMessage, { step: 'commitments' }>;
  expect(session.receiveCommitments([...list.commitments], list.commitmentsHash).ok).toBe(true);
  const seed = session.reveal();
  if (!seed.ok) throw new Error(seed.error.message);
  return h.driver.dealStep(seat, { step: 'reveal', handNumber: list.handNumber, seed: seed.value });
}

const dealOf = (h: Harness) => h.events('deal')[0] as Extract<StoredEvent, { type: 'deal' }> | undefined;

describe('the fair shuffle as a deal port', () => {
  test('commit, store, publish, reveal, deal: the deal and the die are the transcript’s, verified by each seat', async () => {
    const h = fairTable({ rules: { sevenOfDie: true } });
    h.driver.begin();
    await h.advance(0); // the first deal is due at once
    expect(h.to(0, 'commit')).toEqual([
      { step: 'commit', tableId: 'fair-1', handNumber: 0, seat: 0, players: 4 },
    ]);
    expect(h.to(2, 'commit')).toEqual([]); // a bot's seed is drawn by the table
    const sessions = [await commit(h, 0), await commit(h, 1)];
    await h.settle();
    // Stored before any seat sees the list: a restart can only resume this very list.
    const stored = h.events('commitments')[0] as Extract<StoredEvent, { type: 'commitments' }>;
    expect(stored.commitments.slice(0, 2)).toEqual(sessions.map((s) => s.commitment));
    expect(stored.serverSeeds.map((s) => s !== null)).toEqual([false, false, true, true]);
    expect(h.to(0, 'commitments')).toHaveLength(1);
    expect(h.to(2, 'commitments')).toEqual([]);
    expect(await reveal(h, 0, sessions[0]!)).toBeNull();
    expect(dealOf(h)).toBeUndefined(); // seat 1 still to reveal
    expect(await reveal(h, 1, sessions[1]!)).toBeNull();
    await h.settle();
    const deal = dealOf(h)!;
    const t = deal.shuffle!;
    expect(deal.hands).toEqual(t.hands.map((cards) => CardSet.fromNames(cards)!.toString()));
    expect(deal.sevenSuit).toBe(t.sevenSuit);
    expect(SUITS[h.driver.game.log[0]!.sevenSuit!]).toBe(t.sevenSuit);
    for (const s of [0, 1]) {
      const own = h.driver.game.log[0]!.deal[s]!.toArray();
      const v = sessions[s]!.verify(t, own, { sevenOfDie: true, shown: t.sevenSuit! });
      expect(v.failures).toEqual([]);
    }
    const sent = h.sent.length;
    await h.advance(SHUFFLE_MS); // the shuffle's timers were cancelled: no step runs out now
    expect(h.sent.length).toBe(sent);
    expect(h.problems).toEqual([]);
    h.driver.dispose();
  });

  test('late seats: a seed drawn for one that does not commit, the fallback for one that does not reveal', async () => {
    const h = fairTable();
    h.driver.begin();
    await h.advance(0); // the first deal is due at once
    const s0 = await commit(h, 0);
    await h.advance(SHUFFLE_MS - 1);
    expect(h.events('commitments')).toEqual([]);
    await h.advance(1); // seat 1 never committed: its seed is drawn by the table
    const stored = h.events('commitments')[0] as Extract<StoredEvent, { type: 'commitments' }>;
    expect(stored.serverSeeds.map((s) => s !== null)).toEqual([false, true, true, true]);
    expect(h.to(1, 'commitments')).toEqual([]); // nothing to reveal for a seat whose seed the table holds
    // Seat 0 never reveals: after the time the fallback deals.
    await h.advance(SHUFFLE_MS);
    const t = dealOf(h)!.shuffle!;
    expect(t.fallback).toEqual([0]);
    const v = s0.verify(t);
    expect(v.failures.map((f) => f.code)).toEqual(['ERR_OWN_FALLBACK']);
    expect(verifyTranscript(t).ok).toBe(true);
    h.driver.dispose();
  });

  test('a restored table resumes at the reveal step with the same list and never deals another', async () => {
    const rows: EventRow[] = [];
    const a = fairTable({}, rows);
    a.driver.begin();
    await a.advance(0); // the first deal is due at once
    const sessions = [await commit(a, 0), await commit(a, 1)];
    await a.settle();
    expect(await reveal(a, 0, sessions[0]!)).toBeNull(); // revealed before the restart: asked again after it
    a.driver.dispose();

    const b = fairTable({}, rows);
    expect(b.sent).toEqual([]); // nothing sent before the deal is asked for
    b.driver.begin();
    await b.advance(0); // the first deal is due at once
    const lists = [0, 1].map((s) => b.to(s, 'commitments'));
    expect(lists.map((l) => l.length)).toEqual([1, 1]);
    expect(lists[0]).toEqual(a.to(0, 'commitments'));
    expect(b.to(0, 'commit')).toEqual([]); // no new commit step
    for (const s of [0, 1]) {
      const seed = sessions[s]!.saved().seed;
      expect(await b.driver.dealStep(s, { step: 'reveal', handNumber: 0, seed })).toBeNull();
    }
    await b.settle();
    const t: Transcript = dealOf(b)!.shuffle!;
    expect(t.commitments).toEqual(
      (a.events('commitments')[0] as Extract<StoredEvent, { type: 'commitments' }>).commitments,
    );
    expect(b.events('commitments')).toHaveLength(1); // stored once, in the first life
    for (const s of [0, 1]) expect(sessions[s]!.verify(t).failures).toEqual([]);
    b.driver.dispose();
  });

  test('a seat taken over is no longer waited for, at the commit step and at the reveal step', async () => {
    const h = fairTable();
    h.driver.begin();
    await h.advance(0); // the first deal is due at once
    const s0 = await commit(h, 0);
    expect(await h.driver.takeover(1, 'left')).toBe(true); // seat 1 had not committed: its seed is drawn now
    await h.settle();
    expect(h.events('commitments')).toHaveLength(1);
    expect(await h.driver.takeover(0, 'left')).toBe(true); // seat 0 had not revealed: the fallback
    await h.settle();
    const t = dealOf(h)!.shuffle!;
    expect(t.fallback).toEqual([0]);
    expect(s0.verify(t).failures.map((f) => f.code)).toEqual(['ERR_OWN_FALLBACK']);
    expect(h.time.pending).toBe(0);
    h.driver.dispose();
  });

  test('every seat taken over before it committed: the table draws every seed and deals at once', async () => {
    const h = fairTable();
    h.driver.begin();
    await h.advance(0);
    for (const s of [0, 1]) expect(await h.driver.takeover(s, 'left')).toBe(true);
    await h.settle();
    expect(h.problems).toEqual([]);
    const t = dealOf(h)!.shuffle!;
    expect(t.fallback).toEqual([]);
    expect(verifyTranscript(t).ok).toBe(true);
    expect(h.to(0, 'commitments')).toEqual([]);
    h.driver.dispose();
  });

  test('a seat coming back is asked again for what it owes; a failed store of the commitments is retried', async () => {
    const h = fairTable({ failAppends: 1 });
    h.driver.begin();
    await h.advance(0); // the first deal is due at once
    h.driver.setConnected(1, false, false);
    h.driver.setConnected(1, true, false);
    expect(h.to(1, 'commit')).toHaveLength(2);
    const sessions = [await commit(h, 0), await commit(h, 1)];
    await h.settle();
    expect(h.problems).toEqual(['table fair-1: storing the commitments failed; retrying']);
    expect(h.to(0, 'commitments')).toEqual([]); // nothing published before it is stored
    await h.advance(1000);
    expect(h.events('commitments')).toHaveLength(1);
    expect(h.to(0, 'commitments')).toHaveLength(1);
    h.driver.setConnected(0, false, false);
    h.driver.setConnected(0, true, false);
    expect(h.to(0, 'commitments')).toHaveLength(2); // the same list again
    expect(h.to(0, 'commitments')[1]).toEqual(h.to(0, 'commitments')[0]);
    for (const s of [0, 1]) expect(await reveal(h, s, sessions[s]!)).toBeNull();
    await h.settle();
    expect(dealOf(h)).toBeDefined();
    h.driver.dispose();
  });

  test('steps out of turn are refused, a commitment repeated is answered, a wrong seed is refused', async () => {
    const h = fairTable();
    h.driver.begin();
    await h.advance(0); // the first deal is due at once
    const bad = (m: ErrorMessage | null) => m?.code;
    expect(bad(await h.driver.dealStep(0, { step: 'reveal', handNumber: 0, seed: 'a'.repeat(64) }))).toBe(
      'ERR_SHUFFLE',
    );
    expect(
      bad(await h.driver.dealStep(0, { step: 'commit', handNumber: 1, commitment: 'a'.repeat(64) })),
    ).toBe('ERR_SHUFFLE');
    expect(
      bad(await h.driver.dealStep(2, { step: 'commit', handNumber: 0, commitment: 'a'.repeat(64) })),
    ).toBe('ERR_NOT_SEATED');
    const s0 = await commit(h, 0);
    expect(
      await h.driver.dealStep(0, { step: 'commit', handNumber: 0, commitment: s0.commitment }),
    ).toBeNull();
    expect(
      bad(await h.driver.dealStep(0, { step: 'commit', handNumber: 0, commitment: 'b'.repeat(64) })),
    ).toBe('ERR_SHUFFLE');
    const s1 = await commit(h, 1);
    await h.settle();
    expect(bad(await h.driver.dealStep(1, { step: 'reveal', handNumber: 0, seed: s0.saved().seed }))).toBe(
      'ERR_SHUFFLE',
    );
    expect(await reveal(h, 1, s1)).toBeNull();
    h.driver.dispose();
  });

  test('a dishonest dealer given to the constructor is caught by the seat it shows another list', async () => {
    const h = fairTable({
      fair: {
        cheat: {
          list: (seat, real) => (seat === 1 ? { ...real, commitmentsHash: 'f'.repeat(64) } : real),
        },
      },
    });
    h.driver.begin();
    await h.advance(0); // the first deal is due at once
    await commit(h, 0);
    const s1 = await commit(h, 1);
    await h.settle();
    const list = h.to(1, 'commitments')[0] as Extract<ShuffleMessage, { step: 'commitments' }>;
    expect(s1.receiveCommitments([...list.commitments], list.commitmentsHash)).toMatchObject({
      ok: false,
      error: { code: 'ERR_BAD_COMMITMENTS' },
    });
    h.driver.dispose();
  });
});

test('a table that deals without the fair shuffle refuses its steps', async () => {
  const time = new ManualScheduler();
  const driver = TableDriver.create(INFO, unwrapState(newTableState(DEFAULT_RULES, SEATS, TIMES)), {
    times: TIMES,
    scheduler: time,
    bots: { decide: () => new Promise(() => undefined) },
    append: () => Promise.resolve(),
    deal: () => ({ deal: () => new Promise(() => undefined) }),
    out: {
      game: () => undefined,
      clock: () => undefined,
      seats: () => undefined,
      result: () => undefined,
      botFailed: () => undefined,
      seatLost: () => undefined,
      problem: () => undefined,
    },
    finish: () => Promise.resolve({ scores: [], ranks: [], ratings: [], recordId: 'r' }),
  });
  expect(
    await driver.dealStep(0, { step: 'commit', handNumber: 0, commitment: 'a'.repeat(64) }),
  ).toMatchObject({
    code: 'ERR_NOT_NOW',
  });
});
