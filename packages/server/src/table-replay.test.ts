/**
 * Replaying a table's stored events gives the very state the live table reached: random games through `Table`
 * (fake clock, bots in this thread) with players deciding, clocks running out, kick votes, takeovers, resent move
 * ids, connections and failed writes; then `Table.restore` from the rows written, and the two states compared.
 * Connections and kick votes are not events (a restored table starts with neither), so they are left out.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createBot } from '@hearts/bots';
import {
  DEFAULT_RULES,
  dealRandom,
  observation,
  seatsToAct,
  seededRandom,
  type GameState,
} from '@hearts/engine';
import type { TableState } from '@hearts/table';
import type { WireMove } from '@hearts/protocol/socket';
import type { EventRow, TableRecord } from './store/types.js';
import { Table, type TableDeps } from './table.js';

const HUMANS = 3;

type Action =
  | { readonly kind: 'decide'; readonly seat: number; readonly pick: number }
  | { readonly kind: 'resend'; readonly seat: number }
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'vote'; readonly voter: number; readonly target: number }
  | { readonly kind: 'leave'; readonly seat: number }
  | { readonly kind: 'connect'; readonly seat: number; readonly on: boolean }
  | { readonly kind: 'fail' };

const seat = fc.integer({ min: 0, max: HUMANS - 1 });
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

const record: TableRecord = {
  id: 'treplay',
  kind: 'friends',
  rated: false,
  rules: { ...DEFAULT_RULES, targetScore: 50 },
  seats: [
    { kind: 'human', userId: 'ua', name: 'Anna', rating: null },
    { kind: 'human', userId: 'ub', name: 'Ben', rating: null },
    { kind: 'human', userId: 'uc', name: 'Carl', rating: null },
    { kind: 'bot', level: 'random', name: 'Bot 1', rating: null },
  ],
  botLevel: 'random',
  status: 'playing',
  createdAt: 0,
};

function deps(seed: number, rows: EventRow[], failNext: { on: boolean }): TableDeps {
  const rng = seededRandom(seed);
  const random = seededRandom(seed + 1);
  const noop = () => undefined;
  return {
    append: (written) => {
      if (failNext.on) {
        failNext.on = false;
        return Promise.reject(new Error('disk full'));
      }
      rows.push(...(JSON.parse(JSON.stringify(written)) as EventRow[])); // as the store gives them back
      return Promise.resolve();
    },
    bots: {
      decide: (view, level, timeMs) => Promise.resolve(createBot(level).decide(view, { timeMs, random })),
    },
    times: { graceMs: 1000, bankMs: 2000, botDelayMs: 0, handPauseMs: 0, botTimeMs: 1, clockLevel: 'random' },
    deals: () => ({
      deal: (_hand, state) => {
        const dealt = dealRandom(state, rng);
        const log = dealt.log[dealt.handNumber]!;
        return Promise.resolve({ hands: [...log.deal], sevenSuit: log.sevenSuit });
      },
    }),
    out: {
      game: noop,
      clock: noop,
      seats: noop,
      result: noop,
      botFailed: noop,
      seatLost: noop,
      problem: noop,
    },
    finish: () => Promise.resolve({ scores: [], ranks: [], ratings: [], recordId: 'r' }),
  };
}

/** A legal decision of the seat, the `pick`-th of a few. */
function decision(table: Table, s: number, pick: number): WireMove {
  const view = observation(table.game, s);
  if (view.phase === 'moon') return { kind: 'moon', choice: pick % 2 === 0 ? 'plus' : 'minus' };
  if (view.phase === 'pass') {
    const from = pick % Math.max(1, view.legal.length - view.rules.passCards + 1);
    return { kind: 'pass', cards: view.legal.slice(from, from + view.rules.passCards) };
  }
  return { kind: 'play', card: view.legal[pick % view.legal.length]! };
}

async function settle(table: Table): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const v = table.version;
    await vi.advanceTimersByTimeAsync(0);
    await table.idle();
    if (table.version === v && i > 2) return;
  }
}

/** A game's facts: its log, results and every seat's view (not the engine's scratch buffers). */
const gameFacts = (g: GameState) => ({
  phase: g.phase,
  handNumber: g.handNumber,
  scores: g.scores,
  results: g.results,
  log: g.log,
  moonShooter: g.moonShooter,
  winners: g.winners,
  views: record.seats.map((_, seat) => observation(g, seat)),
});

/** What replaying must rebuild: everything but connections and kick votes (not events). */
const replayed = (s: TableState) => ({
  game: gameFacts(s.game),
  version: s.version,
  lastEvent: s.lastEvent,
  seats: s.seats.map((r) => ({ ...r, connected: false, votes: [] })),
  moveIds: new Map(s.moveIds.entries()),
  transcripts: s.transcripts,
});

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

test('restoring a table from the rows it wrote gives the state the live table reached', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 1e6 }),
      fc.array(action, { minLength: 20, maxLength: 300 }),
      fc.boolean(),
      async (seed, actions, toTheEnd) => {
        const rows: EventRow[] = [];
        const failNext = { on: false };
        const table = Table.create(record, deps(seed, rows, failNext));
        table.begin();
        await settle(table);
        const sent: { seat: number; id: string }[] = [];
        let ids = 0;
        for (const a of actions) {
          const humansToAct = seatsToAct(table.game).filter((s) => table.seats[s]!.kind === 'human');
          if (a.kind === 'decide' && humansToAct.length > 0) {
            const s = humansToAct[a.seat % humansToAct.length]!;
            const id = `m${++ids}`;
            const r = await table.submit(s, id, decision(table, s, a.pick));
            if (r.ok) sent.push({ seat: s, id });
          } else if (a.kind === 'resend') {
            const old = sent.find((m) => m.seat === a.seat);
            if (old) {
              const r = await table.submit(old.seat, old.id, decision(table, old.seat, 0));
              expect(r).toMatchObject({ ok: false, error: { code: 'ERR_DUPLICATE' } });
            }
          } else if (a.kind === 'wait') await vi.advanceTimersByTimeAsync(a.ms);
          else if (a.kind === 'vote') await table.voteKick(a.voter, a.target);
          else if (a.kind === 'leave')
            await table.takeover(a.seat, 'left').catch(() => false); // a failed write refuses it
          else if (a.kind === 'connect') table.setConnected(a.seat, a.on);
          else if (a.kind === 'fail') failNext.on = true;
          await settle(table);
        }
        failNext.on = false;
        await vi.advanceTimersByTimeAsync(1000); // a failed deal's retry
        await settle(table);
        // Some games to their end: the clock decides for whoever does not.
        for (let i = 0; toTheEnd && i < 5000 && table.game.phase !== 'gameOver'; i++) {
          await vi.advanceTimersByTimeAsync(1000);
          await settle(table);
        }
        if (toTheEnd) expect(table.game.phase).toBe('gameOver');
        expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i));
        expect(table.version).toBe(rows.length);
        const restored = Table.restore(record, rows, deps(seed, [], { on: false }));
        expect(replayed(restored.state)).toEqual(replayed(table.state));
        table.dispose();
        restored.dispose();
      },
    ),
    { numRuns: 40 },
  );
}, 300_000);
