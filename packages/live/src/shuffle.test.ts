import { ShuffleRound, type SavedSession } from '@hearts/shuffle';
import { describe, expect, it } from 'vitest';
import type { LiveState } from '@hearts/table';
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
