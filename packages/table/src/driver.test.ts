/**
 * The driver with fake time: a manual scheduler, a bot port the test controls, an in-memory append and an outbox
 * recorder. Clocks, kick votes, takeovers, bot fallback, stale bot answers, storage failures, dedupe, the pause
 * after a trick, and replay (restoring from the appended rows gives the live state).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import {
  DEFAULT_RULES,
  certainClaim,
  dealRandom,
  handSummary,
  handSummaryOf,
  handTricks,
  observation,
  publicObservation,
  randomInt,
  seatsToAct,
  seededRandom,
  type GameState,
  type NamedMove,
  type Observation,
  type RandomSource,
  toPlay,
  tricksDone,
} from '@hearts/engine';
import type { StoredEvent, StoredSeat } from './events.js';
import {
  clockMessageSchema,
  gameMessageSchema,
  seatsMessageSchema,
  shuffleMessageSchema,
  watchMessageSchema,
  type BotLevel,
  type ClockMessage,
  type GameMessage,
  type SeatsMessage,
  type ShuffleMessage,
  type TakeoverReason,
  type WatchMessage,
  type WireMove,
} from '@hearts/protocol/socket';
import {
  TableDriver,
  fallbackDecision,
  RETRY_MS,
  type BotPort,
  type Deal,
  type DriverTimes,
  type EventRow,
} from './driver.js';
import { applyGameMessage, type LiveState } from './reducer.js';
import { ManualScheduler } from './testing.js';
import { newTableState, unwrapState, type TableState } from './state.js';

const GRACE = 1000;
const BANK = 2000;

/**
 * Every message the driver sends is held to its schema in `@hearts/protocol/socket`, the one the clients' types
 * come from: a field the driver sends and the schema does not describe (or the other way round) fails the test.
 */
const offSchema: string[] = [];
function wire<T>(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, m: T): T {
  const r = schema.safeParse(m);
  if (!r.success) offSchema.push(`${JSON.stringify(m).slice(0, 200)}: ${String(r.error)}`);
  return m;
}
afterEach(() => {
  expect(offSchema.splice(0)).toEqual([]);
});

/** A bot port: answers at once (`auto`, a seeded pick among the legal moves), holds requests, fails, or cheats. */
class FakeBots implements BotPort {
  mode: 'auto' | 'hold' | 'reject' | 'illegal' = 'auto';
  readonly asked: { seat: number; level: BotLevel; view: Observation }[] = [];
  readonly held: { seat: number; view: Observation; answer: (d: NamedMove) => void }[] = [];
  constructor(private readonly random: RandomSource) {}

  decide(view: Observation, level: BotLevel): Promise<NamedMove> {
    this.asked.push({ seat: view.seat, level, view });
    if (this.mode === 'reject') return Promise.reject(new Error('the bot thread died'));
    if (this.mode === 'illegal') {
      const card = view.phase === 'play' ? illegalCard(view) : null;
      return Promise.resolve(card ? { kind: 'play', card } : { kind: 'pass', cards: [] });
    }
    if (this.mode === 'hold')
      return new Promise((resolve) => this.held.push({ seat: view.seat, view, answer: resolve }));
    return Promise.resolve(pick(view, randomInt(this.random, 60)));
  }
}

/** A card the seat does not hold (from another seat's hand of any deal: the whole deck). */
function illegalCard(view: Observation): Observation['legal'][number] | null {
  const game = unwrapState(newTableState(view.rules, seatsOf(0), TIMES)).game;
  const deck = dealRandom(game, seededRandom(1)).log[0]!.deal.flatMap((h) => h.names());
  return deck.find((c) => !view.hand.includes(c)) ?? null;
}

/** The `n`-th of a few legal decisions of a view. */
function pick(view: Observation, n: number): NamedMove {
  if (view.phase === 'moon') return { kind: 'moon', choice: n % 2 === 0 ? 'plus' : 'minus' };
  if (view.phase === 'pass') {
    const from = n % Math.max(1, view.legal.length - view.rules.passCards + 1);
    return { kind: 'pass', cards: view.legal.slice(from, from + view.rules.passCards) };
  }
  return { kind: 'play', card: view.legal[n % view.legal.length]! };
}

const TIMES: DriverTimes = {
  graceMs: GRACE,
  bankMs: BANK,
  botDelayMs: 0,
  handPauseMs: 0,
  botTimeMs: 1,
  clockLevel: 'random',
};

/** `humans` humans first, then bots. */
function seatsOf(humans: number): StoredSeat[] {
  return Array.from({ length: 4 }, (_, i) =>
    i < humans
      ? { kind: 'human', userId: `u${i}`, name: `P${i}`, rating: null }
      : { kind: 'bot', level: 'random', name: `Bot ${i}`, rating: null },
  );
}

interface Options {
  readonly humans?: number;
  readonly seed?: number;
  readonly times?: Partial<DriverTimes>;
  readonly targetScore?: number;
  readonly claims?: boolean;
  readonly watchers?: boolean; // the outbox has watchers: it builds their messages
}

/** A driver over fake ports, and what it did. */
function harness(o: Options = {}) {
  const seed = o.seed ?? 1;
  const rules = { ...DEFAULT_RULES, targetScore: o.targetScore ?? 100 };
  const times: DriverTimes = { ...TIMES, ...o.times };
  const scheduler = new ManualScheduler();
  const bots = new FakeBots(seededRandom(seed + 1));
  const rows: EventRow[] = [];
  const storage = { fail: 0 };
  const rng = seededRandom(seed);
  const deals: Deal[] = [];
  const sent = {
    game: [] as { seat: number; m: GameMessage }[],
    clock: [] as ClockMessage[],
    seats: [] as SeatsMessage[],
    lost: [] as { seat: number; reason: TakeoverReason }[],
    botFailed: [] as unknown[],
    problems: [] as string[],
    shuffle: [] as ShuffleMessage[],
    watch: [] as WatchMessage[],
    results: 0,
  };
  const watchers = { on: o.watchers ?? false, built: 0 };
  const initial = unwrapState(newTableState(rules, seatsOf(o.humans ?? 2), times));
  const info = { id: 't1', kind: 'friends' as const, rated: false, botLevel: 'random' as const };
  const ports = {
    times,
    scheduler,
    bots,
    append: (written: EventRow[]) => {
      if (storage.fail > 0) {
        storage.fail--;
        return Promise.reject(new Error('disk full'));
      }
      rows.push(...(JSON.parse(JSON.stringify(written)) as EventRow[])); // as a store gives them back
      return Promise.resolve();
    },
    deal: () => ({
      deal: (_hand: number, game: GameState) => {
        const d = dealRandom(game, rng).log[game.handNumber]!;
        const dealt: Deal = { hands: [...d.deal], sevenSuit: d.sevenSuit };
        deals.push(dealt);
        return Promise.resolve(dealt);
      },
    }),
    out: {
      game: (seat: number, m: GameMessage) => sent.game.push({ seat, m: wire(gameMessageSchema, m) }),
      clock: (m: ClockMessage) => sent.clock.push(wire(clockMessageSchema, m)),
      seats: (m: SeatsMessage) => sent.seats.push(wire(seatsMessageSchema, m)),
      result: () => void sent.results++,
      botFailed: (e: unknown) => sent.botFailed.push(e),
      seatLost: (seat: number, reason: TakeoverReason) => sent.lost.push({ seat, reason }),
      problem: (m: string) => sent.problems.push(m),
      shuffle: (_: number, m: ShuffleMessage) => sent.shuffle.push(wire(shuffleMessageSchema, m)),
      watch: (build: () => WatchMessage) => {
        if (!watchers.on) return;
        watchers.built++;
        sent.watch.push(wire(watchMessageSchema, build()));
      },
    },
    finish: () => Promise.resolve({ scores: [], ranks: [], ratings: [], recordId: 'r' }),
    ...(o.claims ? { claims: true } : {}),
  };
  const driver = TableDriver.create(info, initial, ports);

  /** Lets every queued change and bot answer run (no time passes): until nothing changes for a few rounds. */
  const settle = async (): Promise<void> => {
    for (let stable = 0; stable < 3;) {
      const before = `${driver.version}/${bots.asked.length}/${sent.game.length}`;
      await driver.idle();
      for (let k = 0; k < 10; k++) await Promise.resolve();
      stable = `${driver.version}/${bots.asked.length}/${sent.game.length}` === before ? stable + 1 : 0;
    }
  };
  /** Moves time on by `ms`, running each due timer and what follows it. */
  const advance = async (ms: number): Promise<void> => {
    await settle();
    const until = scheduler.t + ms;
    for (let fn = scheduler.next(until); fn; fn = scheduler.next(until)) {
      fn();
      await settle();
    }
    scheduler.t = until;
    await settle();
  };
  const moves = () =>
    rows.flatMap((r) => (r.event.type === 'move' ? [r.event as Extract<StoredEvent, { type: 'move' }>] : []));
  const restore = () => TableDriver.restore(info, initial, rows, ports);
  /** Begins: the first deal is due at once. */
  const start = async (): Promise<void> => {
    driver.begin();
    await advance(0);
  };
  return {
    driver,
    scheduler,
    bots,
    rows,
    storage,
    deals,
    sent,
    watchers,
    settle,
    advance,
    moves,
    restore,
    start,
  };
}

/** The first legal decision of a seat, as a player would send it. */
const first = (driver: TableDriver, seat: number): WireMove =>
  fallbackDecision(observation(driver.game, seat));

let ids = 0;
/** Humans (other than `except`) decide at once whenever they must, until `done`; bots play meanwhile. */
async function playUntil(
  h: ReturnType<typeof harness>,
  done: () => boolean,
  except: readonly number[] = [],
): Promise<void> {
  for (let i = 0; i < 400 && !done(); i++) {
    const humans = seatsToAct(h.driver.game).filter(
      (s) => h.driver.seats[s]!.kind === 'human' && !except.includes(s),
    );
    for (const s of humans) expect((await h.driver.submit(s, `m${++ids}`, first(h.driver, s))).ok).toBe(true);
    await h.settle();
    if (humans.length === 0 && !done()) await h.advance(GRACE + BANK); // a seat in `except` runs out of time
  }
  expect(done()).toBe(true);
}

describe('clocks', () => {
  test('grace, then the bank; the bank only goes down; at the deadline the clock decides and the seat is kickable', async () => {
    const h = harness();
    await h.start();
    expect(h.driver.game.phase).toBe('pass');
    await h.advance(GRACE - 1);
    expect(h.sent.clock).toEqual([]); // still free
    await h.advance(1);
    expect(h.sent.clock.map((m) => [m.clock.seat, m.clock.bankMs, m.clock.graceMs, m.clock.running])).toEqual(
      [
        [0, BANK, 0, true],
        [1, BANK, 0, true],
      ],
    );
    await h.advance(500);
    expect((await h.driver.submit(0, 'p0', first(h.driver, 0))).ok).toBe(true);
    expect(h.moves().at(-1)).toMatchObject({ seat: 0, by: 'player', bankMs: BANK - 500 });
    // Seat 1 lets its bank run out: at the deadline the clock passes for it and it is out of time.
    await h.advance(BANK - 501);
    expect(h.moves().filter((m) => m.seat === 1)).toEqual([]);
    await h.advance(1);
    expect(h.moves().find((m) => m.seat === 1)).toMatchObject({ by: 'clock', bankMs: 0 });
    expect(h.sent.clock.at(-1)).toMatchObject({
      clock: { seat: 1, bankMs: 0 },
      kickable: [false, true, false, false],
    });
    expect(h.driver.seats[1]!.kickable).toBe(true);
    expect(h.bots.asked.find((a) => a.seat === 1)?.level).toBe('random'); // the clock's level
    // Seat 0's bank, once its turn comes again this hand, starts from what it left: never more.
    await playUntil(h, () => h.driver.game.phase === 'play' && seatsToAct(h.driver.game).includes(0), [1]);
    const s0 = h.driver.snapshot(0).table.clocks[0]!;
    expect(s0.bankMs).toBeLessThanOrEqual(BANK - 500);
    for (const m of h.moves().filter((x) => x.seat === 0 && x.by === 'player'))
      expect(m.bankMs).toBeLessThanOrEqual(BANK - 500);
    h.driver.dispose();
  });
});

describe('kick votes', () => {
  /** Three humans; seat 2 runs out of time at the pass (the clock passes for it). */
  async function outOfTime() {
    const h = harness({ humans: 3 });
    await h.start();
    expect(await h.driver.voteKick(0, 2)).toMatchObject({ code: 'ERR_NOT_KICKABLE' }); // not out of time now
    for (const s of [0, 1]) expect((await h.driver.submit(s, `p${s}`, first(h.driver, s))).ok).toBe(true);
    await h.advance(GRACE + BANK);
    expect(h.driver.seats[2]!.kickable).toBe(true);
    return h;
  }

  test('a majority of the others kicks: a bot takes the seat and plays on', async () => {
    const h = await outOfTime();
    expect(await h.driver.voteKick(0, 2)).toBeNull();
    expect(h.sent.seats.at(-1)!.kickVotes).toEqual([0, 0, 1, 0]);
    expect(h.driver.seats[2]!.kind).toBe('human'); // 1 of 2 votes
    expect(await h.driver.voteKick(1, 2)).toBeNull();
    await h.settle();
    expect(h.driver.seats[2]).toMatchObject({ kind: 'bot', replaced: true, kickable: false });
    expect(h.sent.lost).toEqual([{ seat: 2, reason: 'kicked' }]);
    expect(h.rows.at(-1)?.event).toMatchObject({ type: 'takeover', seat: 2, reason: 'kicked' });
    const before = h.moves().filter((m) => m.seat === 2).length;
    await playUntil(h, () => h.moves().filter((m) => m.seat === 2 && m.by === 'bot').length > 0);
    expect(h.moves().filter((m) => m.seat === 2).length).toBeGreaterThan(before);
    h.driver.dispose();
  });

  test("the player's own decision clears the votes and the seat is no longer kickable", async () => {
    const h = await outOfTime();
    expect(await h.driver.voteKick(0, 2)).toBeNull();
    expect(h.driver.seats[2]!.votes).toEqual([0]);
    await playUntil(h, () => seatsToAct(h.driver.game).includes(2), [2]);
    expect((await h.driver.submit(2, 'own', first(h.driver, 2))).ok).toBe(true);
    expect(h.driver.seats[2]).toMatchObject({ kickable: false, votes: [] });
    expect(h.sent.seats.at(-1)).toMatchObject({
      kickable: [false, false, false, false],
      kickVotes: [0, 0, 0, 0],
    });
    expect(await h.driver.voteKick(1, 2)).toMatchObject({ code: 'ERR_NOT_KICKABLE' });
    h.driver.dispose();
  });
});

describe('away from the table', () => {
  test('a seat away shows when a bot takes it, on the server clock; coming back or a takeover clears it', async () => {
    const h = harness();
    await h.start();
    h.driver.setConnected(0, true);
    h.driver.setConnected(1, true);
    await h.advance(1234);
    const by = h.scheduler.now() + 30_000;
    expect(h.driver.setConnected(1, false, true, by)).toBe(true);
    expect(h.sent.seats.at(-1)).toMatchObject({ now: h.scheduler.now() });
    expect(h.sent.seats.at(-1)!.seats.map((s) => s.reconnectBy)).toEqual([
      undefined,
      by,
      undefined,
      undefined,
    ]);
    // A snapshot tells it too (a player joining now), and so does a watcher's.
    expect(h.driver.snapshot(0).table).toMatchObject({ now: h.scheduler.now() });
    expect(h.driver.snapshot(0).table.seats[1]!.reconnectBy).toBe(by);
    expect(h.driver.watchSnapshot().table.seats[1]!.reconnectBy).toBe(by);
    // The same again changes nothing; a new window (after a restart) is news, but not a change of connection.
    const count = h.sent.seats.length;
    expect(h.driver.setConnected(1, false, true, by)).toBe(false);
    expect(h.sent.seats).toHaveLength(count);
    expect(h.driver.setConnected(1, false, true, by + 5000)).toBe(false);
    expect(h.sent.seats.at(-1)!.seats[1]!.reconnectBy).toBe(by + 5000);
    // Back: no time to show.
    expect(h.driver.setConnected(1, true)).toBe(true);
    expect(h.sent.seats.at(-1)!.seats[1]!.reconnectBy).toBeUndefined();
    // Away again, then a bot takes over: a bot's seat has no time to come back.
    h.driver.setConnected(1, false, true, by);
    expect(await h.driver.takeover(1, 'disconnected')).toBe(true);
    expect(h.driver.seatsMessage().seats[1]!.reconnectBy).toBeUndefined();
    h.driver.dispose();
  });
});

describe('takeovers', () => {
  test.each(['left', 'disconnected'] as const)(
    '%s: a bot of the table level plays the seat on',
    async (reason) => {
      const h = harness();
      await h.start();
      expect(await h.driver.takeover(0, reason)).toBe(true);
      expect(await h.driver.takeover(0, reason)).toBe(false); // no human holds it any more
      expect(h.sent.lost).toEqual([{ seat: 0, reason }]);
      expect(h.driver.seats[0]).toMatchObject({
        kind: 'bot',
        level: 'random',
        replaced: true,
        connected: false,
      });
      await h.settle();
      expect(h.moves().find((m) => m.seat === 0)).toMatchObject({ by: 'bot' }); // it passed for the seat
      expect((await h.driver.submit(0, 'late', first(h.driver, 0))).ok).toBe(false);
      h.driver.dispose();
    },
  );
});

describe('bots', () => {
  test.each(['reject', 'illegal'] as const)(
    'a bot that answers %s: the first legal decision is played and botFailed is reported',
    async (mode) => {
      const h = harness({ humans: 1 });
      h.bots.mode = mode;
      await h.start();
      expect(h.sent.botFailed).toHaveLength(3);
      for (const s of [1, 2, 3]) {
        const asked = h.bots.asked.find((a) => a.seat === s)!;
        expect(h.moves().find((m) => m.seat === s)?.move).toEqual(fallbackDecision(asked.view));
      }
      expect(h.moves().map((m) => m.by)).toEqual(['bot', 'bot', 'bot']);
      h.driver.dispose();
    },
  );

  test('a stale answer is dropped: the player decided meanwhile, or a bot took the seat over', async () => {
    for (const meanwhile of ['move', 'takeover'] as const) {
      const h = harness();
      await h.start();
      expect((await h.driver.submit(0, 'p0', first(h.driver, 0))).ok).toBe(true);
      h.bots.mode = 'hold';
      await h.advance(GRACE + BANK); // the clock asks a bot for seat 1 and waits
      const asked = h.bots.held.find((x) => x.seat === 1)!;
      expect(asked).toBeDefined();
      const own = first(h.driver, 1);
      if (meanwhile === 'move') expect((await h.driver.submit(1, 'mine', own)).ok).toBe(true);
      else expect(await h.driver.takeover(1, 'left')).toBe(true);
      await h.settle();
      const after = h.moves().filter((m) => m.seat === 1).length;
      expect(after).toBe(meanwhile === 'move' ? 1 : 0); // the takeover's bot is asked anew, still held
      asked.answer(pick(asked.view, 0)); // too late
      await h.settle();
      expect(h.moves().filter((m) => m.seat === 1 && m.by === 'clock')).toEqual([]);
      if (meanwhile === 'takeover') {
        const mine = h.bots.held.filter((x) => x.seat === 1).at(-1)!;
        expect(mine).not.toBe(asked);
        h.bots.mode = 'auto';
        mine.answer(pick(observation(h.driver.game, 1), 0));
        await h.settle();
        const bySeat1 = h.moves().filter((m) => m.seat === 1);
        expect(bySeat1[0]).toMatchObject({ by: 'bot', move: pick(mine.view, 0) }); // the takeover's bot passed
        expect(bySeat1.filter((m) => m.by === 'clock')).toEqual([]);
      }
      h.driver.dispose();
    }
  });
});

describe('storage', () => {
  test('a move that is not stored is refused with ERR_STORAGE and not applied; sent again, it is', async () => {
    const h = harness();
    await h.start();
    const v = h.driver.version;
    const sentBefore = h.sent.game.length;
    h.storage.fail = 1;
    const move = first(h.driver, 0);
    expect(await h.driver.submit(0, 'x', move)).toMatchObject({
      ok: false,
      error: { code: 'ERR_STORAGE', id: 'x' },
    });
    expect(h.driver.version).toBe(v);
    expect(seatsToAct(h.driver.game)).toContain(0);
    expect(h.sent.game.length).toBe(sentBefore);
    expect(await h.driver.submit(0, 'x', move)).toEqual({ ok: true, v: v + 1 });
    h.driver.dispose();
  });

  test("the clock's move that is not stored is retried after RETRY_MS.bot, without a new grace", async () => {
    const h = harness();
    await h.start();
    expect((await h.driver.submit(0, 'p0', first(h.driver, 0))).ok).toBe(true);
    await h.advance(GRACE + BANK - 1);
    h.storage.fail = 1;
    await h.advance(1); // seat 1's bank runs out; the clock's pass is not written
    expect(h.sent.problems).toEqual(['table t1: storing a move failed']);
    expect(h.moves().filter((m) => m.seat === 1)).toEqual([]);
    expect(h.driver.seats[1]).toMatchObject({ bankMs: 0, kickable: true });
    await h.advance(RETRY_MS.bot);
    expect(h.moves().filter((m) => m.seat === 1)).toMatchObject([{ by: 'clock', bankMs: 0 }]);
    expect(h.bots.asked.filter((a) => a.seat === 1)).toHaveLength(1); // the same decision, written now
    expect(h.restore().seats[1]).toMatchObject({ bankMs: 0, kickable: true });
    h.driver.dispose();
  });

  test('a deal that is not stored is retried with the very same deal', async () => {
    const h = harness();
    h.storage.fail = 1;
    await h.start();
    expect(h.driver.game.phase).toBe('deal');
    expect(h.sent.problems).toEqual(['table t1: storing a deal failed; retrying']);
    await h.advance(RETRY_MS.deal);
    expect(h.driver.game.phase).toBe('pass');
    expect(h.deals).toHaveLength(1); // asked once
    expect(h.rows[0]!.event).toMatchObject({
      type: 'deal',
      hands: h.deals[0]!.hands.map((x) => x.toString()),
    });
    h.driver.dispose();
  });
});

test('the same move id twice applies once', async () => {
  const h = harness();
  await h.start();
  const move = first(h.driver, 0);
  const r = await h.driver.submit(0, 'same', move);
  expect(r.ok).toBe(true);
  expect(await h.driver.submit(0, 'same', move)).toMatchObject({
    ok: false,
    error: { code: 'ERR_DUPLICATE', id: 'same', v: r.ok ? r.v : -1 },
  });
  expect(h.rows.filter((x) => x.event.type === 'move' && x.event.clientId === 'same')).toHaveLength(1);
  h.driver.dispose();
});

test('each seat is sent its own view: snapshots after the deal, then compact messages and acks', async () => {
  const h = harness();
  await h.start();
  const snaps = h.sent.game.filter((x) => x.m.kind === 'snapshot');
  expect(snaps.map((x) => x.seat)).toEqual([0, 1, 2, 3]);
  for (const { seat, m } of snaps) {
    if (m.kind !== 'snapshot') continue;
    expect(m.event).toEqual({ type: 'deal', handNumber: 0 });
    expect(m.table).toMatchObject({ id: 't1', kind: 'friends', you: seat, graceMs: GRACE, bankMs: BANK });
  }
  // The deal's snapshots show each seat the state right after the deal: its own hand only.
  const views = snaps.map((x) => (x.m.kind === 'snapshot' ? x.m.view : null));
  views.forEach((v, seat) =>
    expect(v?.hand).toEqual(h.rows[0]!.event.type === 'deal' ? h.rows[0]!.event.hands[seat]!.split(' ') : []),
  );
  h.sent.game.length = 0;
  const r = await h.driver.submit(0, 'p0', first(h.driver, 0));
  expect(r.ok).toBe(true);
  const passed = h.sent.game.map((x) => x.m);
  expect(passed.map((m) => m.kind)).toEqual(['passed', 'passed', 'passed', 'passed']);
  expect(passed.filter((m) => m.kind === 'passed' && m.passed !== null)).toHaveLength(1); // the passer's own
  expect(h.sent.game.find((x) => x.seat === 0)!.m).toMatchObject({ ack: 'p0', v: r.ok ? r.v : -1 });
  h.driver.dispose();
});

describe('pacing', () => {
  test('trickPauseMs: a bot leads no sooner than the pause after a completed trick', async () => {
    const h = harness({ humans: 0, times: { trickPauseMs: 500 } });
    await h.start();
    expect(tricksDone(h.driver.game)).toBe(1); // passed and played one trick without time passing
    const played = h.moves().length;
    await h.advance(499);
    expect(h.moves().length).toBe(played);
    await h.advance(1);
    expect(h.moves().length).toBe(played + 4); // the lead, and the rest of the trick at once
    h.driver.dispose();
  });

  test('without it (the server), bots play a whole game without any time passing', async () => {
    const h = harness({ humans: 0, targetScore: 50 });
    await h.start();
    for (let i = 0; i < 100 && h.driver.game.phase !== 'gameOver'; i++) await h.advance(0);
    expect(h.driver.game.phase).toBe('gameOver');
    expect(h.scheduler.t).toBe(1_000_000);
    expect(h.sent.results).toBe(1);
    h.driver.dispose();
  });

  test('botDelayMs paces bots while humans sit at the table', async () => {
    const h = harness({ humans: 1, times: { botDelayMs: 300 } });
    await h.start();
    expect(h.moves()).toEqual([]); // the bots hold their passes
    await h.advance(300);
    expect(
      h
        .moves()
        .map((m) => m.seat)
        .sort(),
    ).toEqual([1, 2, 3]);
    h.driver.dispose();
  });

  test('a table whose people were all taken over keeps the pace (issue #42: it must not crowd the bots)', async () => {
    const h = harness({ humans: 1, times: { botDelayMs: 300, handPauseMs: 2000 } });
    await h.start();
    expect(await h.driver.takeover(0, 'disconnected')).toBe(true); // every seat a bot now
    await h.advance(299);
    expect(h.moves()).toEqual([]); // no bot moved before the delay
    await h.advance(1);
    expect(
      h
        .moves()
        .map((m) => m.seat)
        .sort(),
    ).toEqual([0, 1, 2, 3]);
    // Paced on: one card per bot delay, never a whole hand at once.
    const passed = h.moves().length;
    await h.advance(300);
    expect(h.moves().length).toBe(passed + 1);
    h.driver.dispose();
  });
});

type Action =
  | { readonly kind: 'decide'; readonly seat: number; readonly pick: number }
  | { readonly kind: 'resend'; readonly seat: number }
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'vote'; readonly voter: number; readonly target: number }
  | { readonly kind: 'leave'; readonly seat: number }
  | { readonly kind: 'connect'; readonly seat: number; readonly on: boolean }
  | { readonly kind: 'fail' };

const seat = fc.integer({ min: 0, max: 2 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('decide' as const), seat, pick: fc.nat(60) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('resend' as const), seat }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 4000 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('vote' as const), voter: seat, target: seat }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leave' as const), seat }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('connect' as const), seat, on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'fail' as const }) },
);

/** What replaying must rebuild: everything but connections and kick votes (not events). */
const replayed = (s: TableState) => ({
  game: {
    phase: s.game.phase,
    handNumber: s.game.handNumber,
    scores: s.game.scores,
    log: s.game.log,
    views: s.seats.map((_, i) => observation(s.game, i)),
  },
  version: s.version,
  lastEvent: s.lastEvent,
  seats: s.seats.map((r) => ({ ...r, connected: false, votes: [] })),
  moveIds: new Map(s.moveIds.entries()),
  transcripts: s.transcripts,
});

test('restoring from the appended rows gives the state the live driver reached', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 1e6 }),
      fc.array(action, { minLength: 20, maxLength: 200 }),
      async (seed, actions) => {
        const h = harness({ humans: 3, seed, targetScore: 50 });
        await h.start();
        const sent: { seat: number; id: string }[] = [];
        let n = 0;
        for (const a of actions) {
          const humansToAct = seatsToAct(h.driver.game).filter((s) => h.driver.seats[s]!.kind === 'human');
          if (a.kind === 'decide' && humansToAct.length > 0) {
            const s = humansToAct[a.seat % humansToAct.length]!;
            const id = `m${++n}`;
            const r = await h.driver.submit(s, id, pick(observation(h.driver.game, s), a.pick) as WireMove);
            if (r.ok) sent.push({ seat: s, id });
          } else if (a.kind === 'resend') {
            const old = sent.find((m) => m.seat === a.seat);
            if (old) {
              const r = await h.driver.submit(old.seat, old.id, first(h.driver, old.seat));
              expect(r).toMatchObject({ ok: false, error: { code: 'ERR_DUPLICATE' } });
            }
          } else if (a.kind === 'wait') await h.advance(a.ms);
          else if (a.kind === 'vote') await h.driver.voteKick(a.voter, a.target);
          else if (a.kind === 'leave') await h.driver.takeover(a.seat, 'left').catch(() => false);
          else if (a.kind === 'connect') h.driver.setConnected(a.seat, a.on);
          else if (a.kind === 'fail') h.storage.fail = 1;
          await h.settle();
        }
        h.storage.fail = 0;
        await h.advance(Math.max(RETRY_MS.deal, RETRY_MS.bot)); // what failed to be written is retried
        expect(h.rows.map((r) => r.seq)).toEqual(h.rows.map((_, i) => i));
        expect(h.driver.version).toBe(h.rows.length);
        expect(replayed(h.restore().state)).toEqual(replayed(h.driver.state));
        h.driver.dispose();
      },
    ),
    { numRuns: 30 },
  );
});

describe('the end of a hand', () => {
  test('each seat’s messages alone let it summarise every finished hand, as the engine does', async () => {
    const h = harness({ humans: 0, targetScore: 50 });
    await h.start();
    for (let i = 0; i < 100 && h.driver.game.phase !== 'gameOver'; i++) await h.advance(0);
    expect(h.driver.game.phase).toBe('gameOver');
    const game = h.driver.game;
    for (let seat = 0; seat < 4; seat++) {
      let live: LiveState | null = null;
      const seen: number[] = [];
      for (const { m } of h.sent.game.filter((x) => x.seat === seat)) {
        const next = applyGameMessage(live, m);
        expect(next).not.toBe('gap');
        live = next as LiveState;
        const summary = handSummaryOf(live.view);
        if (summary && !seen.includes(summary.hand)) {
          seen.push(summary.hand);
          expect(summary).toEqual(handSummary(game, summary.hand));
        }
      }
      expect(seen).toEqual(game.results.map((_, i) => i)); // every hand, from its end on
    }
    h.driver.dispose();
  });
});

describe('claims', () => {
  /** Seat 0 (the one human) plays its first legal card until it can claim the rest with at least two tricks to go. */
  async function untilClaim(h: ReturnType<typeof harness>): Promise<void> {
    for (let i = 0; i < 2000; i++) {
      const g = h.driver.game;
      if (g.phase === 'play' && toPlay(g)! === 0) {
        const claim = certainClaim(observation(g, 0));
        if (claim && claim.tricks >= 2) return;
      }
      if (seatsToAct(g).includes(0))
        expect((await h.driver.submit(0, `m${++ids}`, first(h.driver, 0))).ok).toBe(true);
      await h.settle();
      if (h.driver.game.phase === 'deal') await h.advance(0);
    }
    throw new Error('no claim came up');
  }

  test('a certain claim plays the hand out at once as stored moves: no bot is asked, the rows replay', async () => {
    const h = harness({ humans: 1, claims: true, seed: 3 });
    await h.start();
    await untilClaim(h);
    const hand = h.driver.game.handNumber;
    const before = h.driver.game.log[hand]!.plays.length;
    const rowsBefore = h.rows.length;
    const asked = h.bots.asked.length;
    const r = await h.driver.claim(0, 'claim-1');
    expect(r.ok).toBe(true);
    const g = h.driver.game;
    expect(g.handNumber === hand + 1 || g.phase === 'moon' || g.phase === 'gameOver').toBe(true);
    const plays = g.log[hand]!.plays;
    expect(plays.length).toBe(52);
    const stored = h.moves().slice(-(52 - before));
    expect(h.rows.length - rowsBefore).toBe(52 - before);
    expect(stored.every((e) => e.by === (e.seat === 0 ? 'player' : 'bot'))).toBe(true);
    expect(stored.filter((e) => e.clientId === 'claim-1').length).toBe(1);
    expect(h.bots.asked.length).toBe(asked); // nobody was asked about a hand already decided
    const tricks = handTricks(g, hand);
    expect(tricks.slice(Math.floor(before / 4)).every((t) => t.winner === 0)).toBe(true);
    expect(h.restore().game.log).toEqual(g.log); // the rows give the same game
    // The same id again is answered, not applied.
    const again = await h.driver.claim(0, 'claim-1');
    expect(!again.ok && again.error.code).toBe('ERR_DUPLICATE');
  });

  test('claims are off unless the host turns them on; an uncertain claim is refused by the rule', async () => {
    const off = harness({ humans: 1, seed: 3 });
    await off.start();
    await untilClaim(off);
    const r = await off.driver.claim(0, 'c');
    expect(!r.ok && r.error.code).toBe('ERR_NOT_NOW');

    const on = harness({ humans: 1, claims: true, seed: 5 });
    await on.start();
    await playUntil(on, () => on.driver.game.phase === 'play' && toPlay(on.driver.game) === 0);
    if (certainClaim(observation(on.driver.game, 0)))
      throw new Error('pick another seed: the first turn is certain');
    const refused = await on.driver.claim(0, 'c');
    expect(!refused.ok && [refused.error.code, refused.error.rule]).toEqual([
      'ERR_ILLEGAL',
      'ERR_CLAIM_NOT_CERTAIN',
    ]);
    expect(on.driver.game.log[0]!.plays.length).toBeLessThan(4);
  });
});

describe('watchers', () => {
  test('after every event the watchers get the public snapshot of that version, and never a card not yet played', async () => {
    const h = harness({ humans: 2, targetScore: 30, watchers: true });
    await h.start();
    const seen: number[] = [];
    await playUntil(h, () => {
      // Each version's watch message is the public view of the game at that version.
      const last = h.sent.watch.at(-1);
      if (last && last.v === h.driver.version) {
        expect(last.view).toEqual(publicObservation(h.driver.game));
        expect(last.table).not.toHaveProperty('you');
        expect(last.event).toEqual(h.driver.state.lastEvent);
        seen.push(last.v);
      }
      return h.driver.game.phase === 'gameOver';
    });
    const versions = h.sent.watch.map((m) => m.v);
    expect(versions).toEqual([...versions].sort((a, b) => a - b)); // in order
    expect(new Set(versions).size).toBeGreaterThan(40); // one per event: deals, passes, plays
    for (const m of h.sent.watch) {
      const played = new Set([
        ...m.view.tricks.flatMap((t) => t.cards),
        ...(m.view.trick?.cards ?? []),
        ...(m.event.type === 'play' ? [m.event.card] : []), // the last card of a hand: played, then scored
      ]);
      const named = [...JSON.stringify(m).matchAll(/"([2-9TJQKA][CDSH])"/g)].map((x) => x[1]!);
      for (const c of named) expect(played).toContain(c);
      expect(m.view).not.toHaveProperty('hand');
    }
    expect(seen.length).toBeGreaterThan(0);
  });

  test('without watchers no public snapshot is built (the move path pays nothing)', async () => {
    const h = harness({ humans: 2, targetScore: 30, watchers: false });
    await h.start();
    await playUntil(h, () => h.driver.game.handNumber >= 1);
    expect(h.watchers.built).toBe(0);
    expect(h.driver.watchSnapshot().view).toEqual(publicObservation(h.driver.game));
  });
});
