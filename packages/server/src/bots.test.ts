import { expect, test } from 'vitest';
import { dealRandom, legalMoves, newGame, observation, seededRandom, seatsToAct } from '@hearts/engine';
import { BotPool } from './bots.js';

test('the pool answers legal decisions from worker threads, for every level asked', async () => {
  const pool = new BotPool(2);
  try {
    const g = newGame({ passCards: 0 });
    if (!g.ok) throw new Error(g.error.message);
    const state = dealRandom(g.value, seededRandom(3));
    const seat = seatsToAct(state)[0]!;
    const legal = legalMoves(state, seat).names();
    const answers = await Promise.all(
      (['random', 'easy', 'medium'] as const).map((level) =>
        pool.decide(observation(state, seat), level, 50),
      ),
    );
    for (const d of answers) {
      expect(d.kind).toBe('play');
      if (d.kind === 'play') expect(legal).toContain(d.card);
    }
    expect(pool.busy).toBe(0);
  } finally {
    await pool.close();
  }
  await expect(pool.decide({} as never, 'easy', 10)).rejects.toThrow(/closed/);
});
