import {
  applyMove,
  dealRandom,
  newGame,
  observation,
  parseNamedMove,
  seatsToAct,
  seededRandom,
  type GameState,
  type Observation,
  type CardName,
} from '@hearts/engine';
import { describe, expect, it } from 'vitest';
import { mergeProgress, optionOf, positionId, readTrainingPosition } from '@hearts/protocol/http/training';
import { isRightAnswer, trainingPosition, type AnalysedDecision } from './training.js';

const unwrap = (r: { ok: true; value: GameState } | { ok: false; error: unknown }): GameState => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

/** The first observation of a seeded game where `want` holds (playing the first legal card meanwhile). */
function find(want: (o: Observation) => boolean, seed = 's'): { obs: Observation; state: GameState } {
  let g = dealRandom(unwrap(newGame({})), seededRandom(seed));
  for (;;) {
    for (const seat of seatsToAct(g)) {
      const obs = observation(g, seat);
      if (want(obs)) return { obs, state: g };
      const m = parseNamedMove(
        obs.phase === 'pass'
          ? { kind: 'pass', cards: obs.legal.slice(0, 3) }
          : { kind: 'play', card: obs.legal[0]! },
      );
      if (!m.ok) throw new Error('internal');
      g = unwrap(applyMove(g, seat, m.value));
    }
  }
}

const playObs = find((o) => o.phase === 'play' && o.legal.length >= 3 && o.tricks.length >= 2).obs;
const [a, b, c] = playObs.legal as [CardName, CardName, CardName];
const play: AnalysedDecision = {
  kind: 'play',
  played: c,
  best: a,
  cost: 3.5,
  mark: 'mistake',
  options: [
    { move: a, cards: [a], points: 1 },
    { move: b, cards: [b], points: 1.8 },
    { move: c, cards: [c], points: 4.5 },
  ],
};
const from = { source: 'own', game: 'g1', createdAt: 7 } as const;

describe('training positions', () => {
  it('are made from an analysed decision; right answers are within an inaccuracy of the best', () => {
    const p = trainingPosition(playObs, play, from);
    if (!p.ok) throw new Error(p.error);
    expect(p.value).toMatchObject({ kind: 'play', played: [c], best: [a], cost: 3.5, mark: 'mistake' });
    expect(p.value.id).toBe(positionId(playObs));
    expect(isRightAnswer(p.value, [a])).toBe(true);
    expect(isRightAnswer(p.value, [b])).toBe(true); // 0.8 worse: no inaccuracy
    expect(isRightAnswer(p.value, [c])).toBe(false);
    expect(optionOf(p.value, [c])?.points).toBe(4.5);
    // What the seat could not see is not in it: the observation as the engine cut it, nothing added.
    expect(Object.keys(p.value.observation).sort()).toEqual(Object.keys(playObs).sort());
  });

  it('refuse what is no training position, and what does not hang together', () => {
    expect(trainingPosition(playObs, { ...play, cost: 1.5, mark: 'inaccuracy' }, from)).toMatchObject({
      ok: false,
    });
    // Only mistakes and blunders: an inaccuracy costing more than 2 points (its lower bound below a mistake's) is none.
    for (const mark of ['inaccuracy', null] as const)
      expect(trainingPosition(playObs, { ...play, cost: 2.07, mark }, from)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/only mistakes and blunders/),
      });
    expect(trainingPosition(playObs, { ...play, kind: 'moon' }, from)).toMatchObject({ ok: false });
    const illegal = playObs.hand.find((x) => !playObs.legal.includes(x));
    if (illegal)
      expect(trainingPosition(playObs, { ...play, played: illegal }, from)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/not legal/),
      });
    const good = trainingPosition(playObs, play, from);
    if (!good.ok) throw new Error(good.error);
    expect(readTrainingPosition({ ...good.value, id: 't0123456789abcdef' })).toMatchObject({ ok: false });
    expect(readTrainingPosition({ ...good.value, kind: 'pass' })).toMatchObject({ ok: false });
    expect(readTrainingPosition(JSON.parse(JSON.stringify(good.value)))).toEqual(good);
    expect(readTrainingPosition(null)).toMatchObject({ ok: false });
    // Rules with options left out, or for another number of players, are not the rules of the observation.
    const rules = { ...good.value.observation.rules } as Record<string, unknown>;
    delete rules['queenPoints'];
    const partial = { ...good.value, observation: { ...good.value.observation, rules } };
    expect(readTrainingPosition(partial)).toMatchObject({ ok: false, error: expect.stringMatching(/rules/) });
    // Rules left out or not an object: refused with the reason (the engine reads no rules as the defaults).
    for (const bad of [undefined, null, 'standard'])
      expect(
        readTrainingPosition({ ...good.value, observation: { ...good.value.observation, rules: bad } }),
      ).toMatchObject({ ok: false, error: expect.stringMatching(/rules/) });
    const three = { ...good.value.observation.rules, players: 3 };
    expect(
      readTrainingPosition({ ...good.value, observation: { ...good.value.observation, rules: three } }),
    ).toMatchObject({ ok: false });
  });

  it('of a pass take the cards passed; a pass not evaluated is not right', () => {
    const obs = find((o) => o.phase === 'pass').obs;
    const h = obs.hand;
    const p = trainingPosition(
      obs,
      {
        kind: 'pass',
        played: [h[0], h[1], h[2]],
        best: [h[3], h[4], h[5]],
        cost: 4.2,
        mark: 'blunder',
        options: [
          { move: [h[3], h[4], h[5]], cards: [], points: 2 },
          { move: [h[0], h[1], h[2]], cards: [], points: 6.2 },
        ],
      },
      from,
    );
    if (!p.ok) throw new Error(p.error);
    expect(isRightAnswer(p.value, [h[5]!, h[3]!, h[4]!])).toBe(true); // in any order
    expect(isRightAnswer(p.value, [h[6]!, h[7]!, h[8]!])).toBe(false);
    expect(optionOf(p.value, [h[6]!, h[7]!, h[8]!])).toBeNull();
  });

  it('have one id per decision: the same position gives the same id, another position another', () => {
    const again = find((o) => o.phase === 'play' && o.legal.length >= 3 && o.tricks.length >= 2).obs;
    expect(positionId(again)).toBe(positionId(playObs));
    expect(positionId({ ...playObs, hand: [...playObs.hand].reverse() })).toBe(positionId(playObs));
    const other = find((o) => o.phase === 'play' && o.tricks.length >= 3).obs;
    expect(positionId(other)).not.toBe(positionId(playObs));
    expect(positionId(playObs)).toMatch(/^t[0-9a-f]{16}$/);
  });

  it('progress merges to the most tries, solved once solved, the latest time, in any order', () => {
    const x = { id: 't0123456789abcdef', attempts: 3, solved: false, at: 5 };
    const y = { id: x.id, attempts: 1, solved: true, at: 9 };
    expect(mergeProgress(x, y)).toEqual({ id: x.id, attempts: 3, solved: true, at: 9 });
    expect(mergeProgress(y, x)).toEqual(mergeProgress(x, y));
    expect(mergeProgress(mergeProgress(x, y), y)).toEqual(mergeProgress(x, y));
  });
});
