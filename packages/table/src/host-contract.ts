/**
 * One host contract (issue #43): the same scenarios, played through a `Seat`, against every host of the table core —
 * the solo host in the page (packages/web `features/solo/host.contract.test.ts`) and the server's live tables
 * (packages/server `test/host-contract.test.ts`). A host under test opens a table with the person in one seat and
 * bots in the others, runs until the seat's state says what the scenario waits for, restarts, and says what it
 * allows (claims are played out only by the solo host; undo only where the host allows it; a takeover only where
 * there is someone to take over from).
 *
 * ```ts
 * hostContract(() => soloHost()); // inside a test file: one describe block of scenarios
 * ```
 */
import { describe, expect, test } from 'vitest';
import type { Rules } from '@hearts/engine';
import type { WireMove } from '@hearts/protocol/socket';
import type { LiveState } from './reducer.js';
import { NO_CLAIMS, type Seat } from './seat.js';

/** A host of the table core as the contract drives it. */
export interface HostUnderTest {
  readonly name: string;
  /** A new table with these rules: the person's seat, bots in the others, dealt. */
  open(rules: Partial<Rules>): Promise<Seat>;
  /** Runs the table (bots, deals, time) until `done` holds of the seat's state. */
  until(seat: Seat, what: string, done: (s: LiveState) => boolean): Promise<void>;
  /** The host goes away and comes back with the table as stored: the person's seat again. */
  restart(seat: Seat): Promise<Seat>;
  /**
   * The person leaves the table for good and a bot takes the seat; resolves with a watcher's seat to follow the
   * table on. Null where a table has no one to take over from (the solo table waits for its one player).
   */
  readonly takeover: ((seat: Seat) => Promise<Seat>) | null;
  /** Takes back the person's last card where the host allows it; null where it never does. */
  readonly undo: ((seat: Seat) => boolean) | null;
  /** Everything stopped (servers, timers). */
  close(): Promise<void>;
}

/** Whether the person is to act now. */
export function mustAct(s: LiveState): boolean {
  const v = s.view;
  if (v.phase === 'pass') return v.passed === null;
  if (v.phase === 'play') return v.turn === v.seat;
  return v.phase === 'moon' && v.moonShooter === v.seat;
}

/** The person's simplest legal move now: the first cards passed, the first legal card, "plus" for the moon. */
export function firstMove(s: LiveState): WireMove {
  const v = s.view;
  if (v.phase === 'pass') return { kind: 'pass', cards: v.hand.slice(0, v.rules.passCards) };
  if (v.phase === 'moon') return { kind: 'moon', choice: 'plus' };
  return { kind: 'play', card: v.legal[0]! };
}

const over = (s: LiveState): boolean => s.view.phase === 'gameOver';
const myTurnToPlay = (s: LiveState): boolean => s.view.phase === 'play' && s.view.turn === s.view.seat;

/** Plays the person's first moves until `stop` holds (or the game is over). */
async function playUntil(host: HostUnderTest, seat: Seat, stop: (s: LiveState) => boolean): Promise<void> {
  for (let i = 0; i < 400; i++) {
    await host.until(seat, 'the person to act, or the end', (s) => over(s) || stop(s) || mustAct(s));
    const s = seat.state!;
    if (over(s) || stop(s)) return;
    const r = await seat.submit(firstMove(s));
    expect(r).toMatchObject({ ok: true });
  }
  throw new Error('the game did not get there');
}

/** The scenarios, one `describe` block for the host that `make` opens (a new one for every scenario). */
export function hostContract(make: () => Promise<HostUnderTest>): void {
  describe('the host contract', () => {
    const scenario = (name: string, run: (host: HostUnderTest) => Promise<void>) =>
      test(name, async () => {
        const host = await make();
        try {
          await run(host);
        } finally {
          await host.close();
        }
      });

    scenario('a hand: the person plays it through to the game’s end, scored by the engine', async (host) => {
      const seat = await host.open({ handsToPlay: 1 });
      expect(seat.state!.view.hand).toHaveLength(13);
      await playUntil(host, seat, () => false);
      const v = seat.state!.view;
      expect(v.phase).toBe('gameOver');
      expect(v.handResults).toHaveLength(1);
      const r = v.handResults[0]!;
      const sum = r.points.reduce((a, b) => a + b, 0);
      expect(r.shooter === null ? sum : sum % 26).toBe(r.shooter === null ? 26 : 0);
      expect(v.scores).toEqual(r.points);
    });

    scenario(
      'a takeover where the host has one: a bot takes the seat left and plays the game to its end',
      async (host) => {
        const seat = await host.open({ handsToPlay: 1 });
        const you = seat.state!.table.you;
        await playUntil(host, seat, (s) => s.view.phase === 'play' && s.view.tricks.length >= 1);
        if (!host.takeover) return;
        const watcher = await host.takeover(seat);
        await host.until(watcher, 'the end of the game', over);
        expect(watcher.state!.table.seats[you]).toMatchObject({ bot: true, replaced: true });
        expect(watcher.state!.view.handResults).toHaveLength(1);
      },
    );

    scenario('a restart: the table comes back as it was, and play goes on', async (host) => {
      const seat = await host.open({ passCards: 0 });
      await playUntil(host, seat, (s) => myTurnToPlay(s) && s.view.tricks.length >= 2);
      const before = seat.state!.view;
      const again = await host.restart(seat);
      await host.until(again, 'the table back', (s) => myTurnToPlay(s));
      const after = again.state!.view;
      expect(after).toEqual(before);
      expect(await again.submit(firstMove(again.state!))).toMatchObject({ ok: true });
    });

    scenario(
      'a claim: refused where claims are not played, and while the rest is not certain',
      async (host) => {
        const seat = await host.open({ passCards: 0 });
        await host.until(seat, 'the person’s first card', myTurnToPlay);
        const plays = seat.state!.view.trick?.cards.length ?? 0;
        const r = await seat.claim();
        if (!seat.claims) expect(r).toEqual(NO_CLAIMS);
        else
          expect(r).toMatchObject({
            ok: false,
            error: { code: 'ERR_ILLEGAL', rule: 'ERR_CLAIM_NOT_CERTAIN' },
          });
        expect(seat.state!.view.trick?.cards.length ?? 0).toBe(plays); // nothing played for the person
        expect(seat.state!.view.hand).toHaveLength(13);
      },
    );

    scenario('an undo where the host allows it: the person’s last card comes back', async (host) => {
      const seat = await host.open({ passCards: 0 });
      await host.until(seat, 'the person’s first card', myTurnToPlay);
      const hand = seat.state!.view.hand;
      const card = seat.state!.view.legal[0]!;
      expect(await seat.submit({ kind: 'play', card })).toMatchObject({ ok: true });
      await host.until(seat, 'the card played', (s) => !s.view.hand.includes(card));
      if (!host.undo) return; // the server's tables never take a card back
      expect(host.undo(seat)).toBe(true);
      await host.until(seat, 'the card back', (s) => s.view.hand.includes(card));
      expect([...seat.state!.view.hand].sort()).toEqual([...hand].sort());
    });
  });
}
