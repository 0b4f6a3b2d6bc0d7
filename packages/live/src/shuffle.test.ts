import { DEFAULT_RULES, seatsToAct, type Rules } from '@hearts/engine';
import { ShuffleRound, type SavedSession } from '@hearts/shuffle';
import { describe, expect, it } from 'vitest';
import {
  FairShuffle,
  TableDriver,
  applyGameMessage,
  fallbackDecision,
  newTableState,
  unwrapState,
  type DealStep,
  type LiveState,
  type ShuffleCheat,
  type StoredSeat,
} from '@hearts/table';
import { ManualScheduler } from '@hearts/table/testing';
import { SeatShuffle, type SessionKeeper } from './shuffle.js';

const TABLE = 'T-reload';
const SEAT = 2;
/** Only what SeatShuffle.receive reads of the seat's picture. */
const state = { table: { id: TABLE, you: SEAT } } as unknown as LiveState;

function memoryKeeper(): SessionKeeper {
  const saved = new Map<string, string>();
  const key = (t: string, h: number, s: number) => `${t}|${h}|${s}`;
  return {
    load: (t, h, s) => {
      const v = saved.get(key(t, h, s));
      return v === undefined ? undefined : (JSON.parse(v) as unknown);
    },
    save: (x: SavedSession) =>
      void saved.set(key(x.info.tableId, x.info.handNumber, x.info.seat), JSON.stringify(x)),
  };
}

/** A seat's client: what it sends. */
function seat(keeper?: SessionKeeper) {
  const sent: { type: string; m: Record<string, unknown> }[] = [];
  const fair = new SeatShuffle((type, m) => sent.push({ type, m: m as Record<string, unknown> }), {
    ...(keeper ? { keeper } : {}),
  });
  return { fair, sent };
}

describe('SeatShuffle across a reload', () => {
  it('a page reloaded between its commit and the list reveals the seed it committed to', () => {
    const keeper = memoryKeeper();
    const before = seat(keeper);
    before.fair.receive({ step: 'commit', tableId: TABLE, handNumber: 0, seat: SEAT, players: 4 }, state);
    const commitment = before.sent[0]!.m['commitment'] as string;

    const round = new ShuffleRound({ tableId: TABLE, handNumber: 0, players: 4 });
    for (const s of [0, 1, 3]) round.commitBot(s);
    expect(round.commit(SEAT, commitment).ok).toBe(true);
    const list = round.published()!;

    // The tab reloads; the server sends the list to the seat's new connection.
    const after = seat(keeper);
    after.fair.receive({ step: 'commitments', handNumber: 0, ...list }, state);
    expect(after.sent.map((x) => x.type)).toEqual(['reveal']);
    expect(round.reveal(SEAT, after.sent[0]!.m['seed'] as string).ok).toBe(true);
    expect(round.finish().ok).toBe(true);
    expect(after.fair.fullHash(0)).toBe(list.commitmentsHash);
  });

  it('asked to commit again after a reload, it commits the same seed; without a keeper it has nothing to reveal', () => {
    const keeper = memoryKeeper();
    const commit = { step: 'commit', tableId: TABLE, handNumber: 1, seat: SEAT, players: 4 } as const;
    const first = seat(keeper);
    first.fair.receive(commit, state);
    const again = seat(keeper);
    again.fair.receive(commit, state);
    expect(again.sent[0]!.m['commitment']).toBe(first.sent[0]!.m['commitment']);

    const round = new ShuffleRound({ tableId: TABLE, handNumber: 1, players: 4 });
    for (const s of [0, 1, 3]) round.commitBot(s);
    round.commit(SEAT, first.sent[0]!.m['commitment'] as string);
    const elsewhere = seat();
    elsewhere.fair.receive({ step: 'commitments', handNumber: 1, ...round.published()! }, state);
    expect(elsewhere.sent).toEqual([]);
    expect(elsewhere.fair.tookPart(1)).toBe(false);
  });
});

/**
 * A whole hand in memory: a table core dealing by `FairShuffle`, each human seat's `SeatShuffle` fed by the
 * driver's messages (and answering through `dealStep`), everyone playing the first legal move.
 */
async function playHand(rules: Partial<Rules>, cheat?: ShuffleCheat): Promise<SeatShuffle[]> {
  const time = new ManualScheduler();
  const times = {
    graceMs: 1e9,
    bankMs: 0,
    botDelayMs: 0,
    handPauseMs: 0,
    botTimeMs: 1,
    clockLevel: 'random',
  } as const;
  const seats: StoredSeat[] = [0, 1, 2, 3].map((i) =>
    i < 2
      ? { kind: 'human', userId: `u${i}`, name: `P${i}`, rating: null }
      : { kind: 'bot', level: 'random', name: `B${i}`, rating: null },
  );
  const states: (LiveState | null)[] = [null, null];
  let driver: TableDriver | null = null;
  const fairs = [0, 1].map(
    (s) =>
      new SeatShuffle((type, m) => {
        const step = { step: type, ...(m as object) } as DealStep;
        void driver!.dealStep(s, step);
      }),
  );
  driver = TableDriver.create(
    { id: 'mem-1', kind: 'friends', rated: false, botLevel: 'random' },
    unwrapState(newTableState({ ...DEFAULT_RULES, ...rules }, seats, times)),
    {
      times,
      scheduler: time,
      bots: { decide: (view) => Promise.resolve(fallbackDecision(view)) },
      append: () => Promise.resolve(),
      deal: (table) => new FairShuffle(table, { timeoutMs: 1000, ...(cheat ? { cheat } : {}) }),
      out: {
        game: (seat, m) => {
          if (seat > 1) return;
          const next = applyGameMessage(states[seat]!, m);
          if (next === 'gap') throw new Error('a gap');
          states[seat] = next;
          fairs[seat]!.observe(next);
        },
        shuffle: (seat, m) => {
          if (seat <= 1) fairs[seat]!.receive(m, states[seat]!);
        },
        clock: () => undefined,
        seats: () => undefined,
        result: () => undefined,
        botFailed: () => undefined,
        seatLost: () => undefined,
        problem: (m, e) => {
          throw new Error(`${m}: ${String(e)}`);
        },
      },
      finish: () => Promise.resolve({ scores: [], ranks: [], ratings: [], recordId: 'r' }),
    },
  );
  for (const s of [0, 1]) {
    driver.setConnected(s, true, false);
    states[s] = unwrapLive(applyGameMessage(null, driver.snapshot(s)));
  }
  const settle = async () => {
    for (let i = 0; i < 20; i++) await driver.idle();
  };
  driver.begin();
  for (let step = 0; step < 200 && fairs.some((f) => !f.verdicts.has(0)); step++) {
    await settle();
    for (let fn = time.next(time.t); fn; fn = time.next(time.t)) fn();
    await settle();
    for (const s of seatsToAct(driver.game).filter((x) => x <= 1)) {
      const view = states[s]!.view;
      if (view.phase === 'pass')
        fairs[s]!.sentPass(view.handNumber, view.legal.slice(0, view.rules.passCards));
      await driver.submit(s, `m${step}-${s}`, fallbackDecision(view));
    }
  }
  driver.dispose();
  return fairs;
}

const unwrapLive = (s: LiveState | 'gap'): LiveState => {
  if (s === 'gap') throw new Error('a gap');
  return s;
};

describe('SeatShuffle over a whole hand with the die', () => {
  it('verifies the deal and the die it was shown', async () => {
    const fairs = await playHand({ sevenOfDie: true });
    for (const f of fairs) {
      expect(f.verdicts.get(0)?.failures).toEqual([]);
      expect(f.verdicts.get(0)?.transcript?.sevenSuit).toMatch(/^[CDS]$/);
    }
  });

  it('catches a die in the transcript that the seeds do not roll, and a transcript without the die', async () => {
    const otherDie = await playHand(
      { sevenOfDie: true },
      {
        deal: (real) => ({
          ...real,
          transcript: { ...real.transcript, sevenSuit: real.sevenSuit === 'C' ? 'D' : 'C' },
        }),
      },
    );
    for (const f of otherDie) {
      const failures = f.verdicts.get(0)!.failures.join('\n');
      expect(failures).toMatch(/the seeds roll/);
      expect(failures).toMatch(/the die you were shown \([CDS]\) is not the transcript's/);
    }
    const noDie = await playHand(
      { sevenOfDie: true },
      {
        deal: (real) => {
          const transcript = { ...real.transcript };
          delete transcript.sevenSuit;
          return { ...real, transcript };
        },
      },
    );
    // The deal still needs a die: the table rolls what it likes, and says nothing of it.
    for (const f of noDie)
      expect(f.verdicts.get(0)?.failures).toContain('the table rolls the die, but the transcript holds none');
  });
});
