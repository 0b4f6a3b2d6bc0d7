/**
 * The puzzle store's contract ({@link PuzzleStore}), run by `describeGameStore` on every database: an offer is
 * answered once (also when two answers come at once), not after it ran out, not by another player; ratings and
 * counts move only with an answer taken; the open offer of a mode is the newest, older ones closed; runs keep their
 * best; a guest's record merges into another player's.
 */
import { expect, test } from 'vitest';
import { NEW_PLAYER, type Glicko } from '../src/puzzles/glicko.js';
import type { AnswerContext, AnswerDecision, PuzzleOffer } from '../src/store/puzzles.js';
import type { GameStore } from '../src/store/types.js';

const offer = (
  id: string,
  userId: string,
  puzzleId: string,
  at: number,
  over: Partial<PuzzleOffer> = {},
) => ({
  id,
  userId,
  puzzleId,
  mode: 'rated' as const,
  theme: null,
  runId: null,
  rated: true,
  offeredAt: at,
  expiresAt: at + 1000,
  ...over,
});

const START: Glicko = { rating: 1600, rd: 100, vol: 0.06 };
const start = (id: string): Glicko | null => (id.startsWith('p') ? START : null);

/** A decision that moves both ratings by a fixed step (the store does not judge; the routes do). */
const step =
  (right: boolean) =>
  (c: AnswerContext): AnswerDecision => ({
    outcome: right ? 'right' : 'wrong',
    answer: 'QS',
    player: { ...c.player, rating: c.player.rating + (right ? 10 : -10) },
    puzzle: { ...c.puzzle, rating: c.puzzle.rating + (right ? -5 : 5) },
    run: null,
  });

export function describePuzzleStore(store: () => GameStore): void {
  test('puzzles: an offer is answered once, by its player, in time; ratings move with the answer only', async () => {
    const db = store().puzzles;
    await db.offer(offer('o1', 'u1', 'pA', 1000));
    expect(await db.openOffer('u1', 'rated', null, 1500)).toMatchObject({ id: 'o1', puzzleId: 'pA' });
    expect(await db.openOffer('u1', 'rated', null, 2500)).toBeNull(); // ran out
    // Another player's answer to it, or an offer that does not exist: unknown.
    expect(await db.answer('o1', 'u2', 1500, start, step(true))).toEqual({ ok: false, why: 'unknown' });
    expect(await db.answer('nope', 'u1', 1500, start, step(true))).toEqual({ ok: false, why: 'unknown' });
    expect(await db.player('u1')).toBeNull();
    const r = await db.answer('o1', 'u1', 1500, start, step(true));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.before.player).toMatchObject({ ...NEW_PLAYER, attempts: 0 });
      expect(r.before.puzzle).toEqual(START);
      expect(r.offer).toMatchObject({ answeredAt: 1500, outcome: 'right', answer: 'QS' });
    }
    expect(await db.answer('o1', 'u1', 1600, start, step(true))).toEqual({ ok: false, why: 'answered' });
    expect(await db.player('u1')).toMatchObject({ rating: 1510, attempts: 1, solved: 1, updatedAt: 1500 });
    expect((await db.movedSince(1500)).map((m) => [m.puzzleId, m.rating, m.attempts])).toEqual([
      ['pA', 1595, 1],
    ]);
    expect(await db.movedSince(1501)).toEqual([]);
    // Too late: refused, and nothing moves.
    await db.offer(offer('o2', 'u1', 'pB', 2000));
    expect(await db.answer('o2', 'u1', 3001, start, step(false))).toEqual({ ok: false, why: 'expired' });
    expect(await db.player('u1')).toMatchObject({ rating: 1510, attempts: 1 });
    expect(await db.offeredIds('u1')).toEqual(new Set(['pA', 'pB']));
    expect(await db.history('u1', 10)).toEqual([{ at: 1500, puzzleId: 'pA', right: true, rating: 1510 }]);
    expect((await db.answers('u1', 'pA')).map((o) => o.outcome)).toEqual(['right']);
  });

  test('puzzles: two answers to one offer at once: one is taken; answers of one player at once both count', async () => {
    const db = store().puzzles;
    await db.offer(offer('c1', 'u1', 'pA', 1000, { expiresAt: 99_000 }));
    const both = await Promise.all([
      db.answer('c1', 'u1', 1100, start, step(true)),
      db.answer('c1', 'u1', 1100, start, step(true)),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toEqual({ ok: false, why: 'answered' });
    expect(await db.player('u1')).toMatchObject({ rating: 1510, attempts: 1 });
    // Offers of two modes, answered at once: each reads what the other wrote (no lost update).
    await db.offer(offer('c2', 'u1', 'pB', 1200, { expiresAt: 99_000 }));
    await db.offer(offer('c3', 'u1', 'pC', 1200, { mode: 'daily', expiresAt: 99_000 }));
    await Promise.all([
      db.answer('c2', 'u1', 1300, start, step(true)),
      db.answer('c3', 'u1', 1300, start, step(true)),
    ]);
    expect(await db.player('u1')).toMatchObject({ rating: 1530, attempts: 3, solved: 3 });
    // Two players at one puzzle at once: both moves land on it.
    await db.offer(offer('c4', 'u2', 'pD', 1200, { expiresAt: 99_000 }));
    await db.offer(offer('c5', 'u3', 'pD', 1200, { expiresAt: 99_000 }));
    await Promise.all([
      db.answer('c4', 'u2', 1300, start, step(false)),
      db.answer('c5', 'u3', 1300, start, step(false)),
    ]);
    expect((await db.movedSince(0)).find((m) => m.puzzleId === 'pD')).toMatchObject({
      rating: 1610,
      attempts: 2,
    });
  });

  test('puzzles: a refused decision leaves the offer open and nothing moved', async () => {
    const db = store().puzzles;
    await db.offer(offer('r1', 'u1', 'pA', 1000));
    await expect(
      db.answer('r1', 'u1', 1100, start, () => {
        throw new Error('not a move of this puzzle');
      }),
    ).rejects.toThrow(/not a move/);
    expect(await db.openOffer('u1', 'rated', null, 1200)).toMatchObject({ id: 'r1' });
    expect(await db.player('u1')).toBeNull();
    expect(await db.movedSince(0)).toEqual([]);
  });

  test('puzzles: a new offer of a mode closes the open one; runs keep the best score', async () => {
    const db = store().puzzles;
    await db.offer(offer('n1', 'u1', 'pA', 1000));
    await db.offer(offer('n2', 'u1', 'pB', 1100));
    expect(await db.openOffer('u1', 'rated', null, 1200)).toMatchObject({ id: 'n2' });
    expect(await db.answer('n1', 'u1', 1200, start, step(true))).toEqual({ ok: false, why: 'answered' });
    expect((await db.answers('u1', 'pA'))[0]).toMatchObject({ outcome: 'closed' });

    await db.startRun({
      id: 'run1',
      userId: 'u1',
      mode: 'streak',
      startedAt: 0,
      endsAt: null,
      score: 0,
      over: false,
    });
    await db.offer(offer('s1', 'u1', 'pC', 1300, { mode: 'streak', runId: 'run1' }));
    expect(await db.openOffer('u1', 'streak', 'run1', 1400)).toMatchObject({ id: 's1' });
    expect(await db.openOffer('u1', 'streak', 'other', 1400)).toBeNull();
    await db.answer('s1', 'u1', 1400, start, (c) => ({
      ...step(true)(c),
      run: { score: 1, over: false, endsAt: null },
    }));
    expect(await db.run('run1')).toMatchObject({ score: 1, over: false });
    expect(await db.player('u1')).toMatchObject({ streakBest: 1 });
    await db.startRun({
      id: 'run2',
      userId: 'u1',
      mode: 'storm',
      startedAt: 0,
      endsAt: 5000,
      score: 7,
      over: false,
    });
    expect(await db.endRun('run2')).toMatchObject({ over: true, score: 7 });
    expect(await db.player('u1')).toMatchObject({ stormBest: 7, streakBest: 1 });
    expect(await db.endRun('nope')).toBeNull();
  });

  test('puzzles: a guest’s answers merge into another player’s, rated again in the order they were made', async () => {
    const db = store().puzzles;
    await db.offer(offer('g1', 'guest', 'pA', 1000, { expiresAt: 99_000 }));
    await db.answer('g1', 'guest', 1100, start, step(true));
    await db.offer(offer('m1', 'me', 'pB', 1000, { expiresAt: 99_000 }));
    await db.answer('m1', 'me', 1050, start, step(false));
    await db.startRun({
      id: 'gr',
      userId: 'guest',
      mode: 'storm',
      startedAt: 0,
      endsAt: 1,
      score: 4,
      over: true,
    });
    await db.endRun('gr');
    const seen: string[][] = [];
    const merged = await db.merge('guest', 'me', (answers) => {
      seen.push(answers.map((a) => a.id));
      return { rating: 1234, rd: 200, vol: 0.06 };
    });
    expect(seen).toEqual([['m1', 'g1']]); // in the order they were answered
    expect(merged).toMatchObject({ userId: 'me', rating: 1234, attempts: 2, solved: 1, stormBest: 4 });
    expect(await db.player('guest')).toBeNull();
    expect(await db.offeredIds('me')).toEqual(new Set(['pA', 'pB']));
    expect(await db.offeredIds('guest')).toEqual(new Set());
    expect(await db.merge('nobody', 'me', () => NEW_PLAYER)).toBeNull();
  });
}
