import { MARK_THRESHOLDS, markOf } from '@hearts/bots';
import { MARKS, TRAINING_MAX_POSITIONS, type TrainingPosition } from '@hearts/protocol/http/training';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../kit/storage';
import {
  addPositions,
  EMPTY_TRAINING,
  keepPositions,
  loadTraining,
  markSent,
  mergeServer,
  pending,
  recordAttempt,
  saveTraining,
  TRAINING_KEY,
} from './device';
import { readStarter, starterPositions } from './starter';

const base = starterPositions();
/** Own positions made of the starter set's decisions (one id each), the i-th created at i. */
const own = (n: number): TrainingPosition[] =>
  Array.from({ length: n }, (_, i) => ({
    ...base[i % base.length]!,
    source: 'own',
    game: `g${i}`,
    createdAt: i,
  }));

describe('training positions on the device', () => {
  it('are kept once per decision (the one kept first stays), newest first', () => {
    const [a, b] = own(2) as [TrainingPosition, TrainingPosition];
    let d = addPositions(EMPTY_TRAINING, [a]);
    d = addPositions(d, [b, { ...a, game: 'again', createdAt: 99 }]);
    expect(d.positions.map((p) => [p.id, p.game])).toEqual([
      [b.id, b.game],
      [a.id, a.game],
    ]);
  });

  it('are capped to the newest TRAINING_MAX_POSITIONS', () => {
    const many = Array.from({ length: TRAINING_MAX_POSITIONS + 5 }, (_, i) => ({
      ...base[0]!,
      id: `t${i.toString(16).padStart(16, '0')}`,
      source: 'own' as const,
      createdAt: i,
    }));
    const d = addPositions(EMPTY_TRAINING, many);
    expect(d.positions).toHaveLength(TRAINING_MAX_POSITIONS);
    expect(d.positions[0]!.createdAt).toBe(TRAINING_MAX_POSITIONS + 4);
    expect(d.positions.at(-1)!.createdAt).toBe(5);
  });

  it('picked from an analysis are kept in the device store, once', () => {
    const store = memoryStore();
    const [a, b] = own(2) as [TrainingPosition, TrainingPosition];
    keepPositions(store, [a]);
    keepPositions(store, [a, b]);
    expect(loadTraining(store).positions.map((p) => p.id)).toEqual([b.id, a.id]);
  });

  it('come back from the store as kept; anything unreadable is left out', () => {
    const store = memoryStore();
    let d = addPositions(EMPTY_TRAINING, own(2));
    d = recordAttempt(d, d.positions[0]!.id, false, 10);
    saveTraining(store, d);
    expect(loadTraining(store)).toEqual(d);
    const raw = JSON.parse(store.get(TRAINING_KEY)!) as {
      positions: unknown[];
      progress: Record<string, unknown>;
    };
    raw.positions.push({ ...own(1)[0], id: 'tffffffffffffffff' }, 'junk');
    raw.progress['x'] = { id: 'x', attempts: -1 };
    store.set(TRAINING_KEY, JSON.stringify(raw));
    expect(loadTraining(store)).toEqual(d);
    store.set(TRAINING_KEY, '{not json');
    expect(loadTraining(store)).toEqual(EMPTY_TRAINING);
  });

  it('count attempts: one more try each, solved once right, and what changed waits to be sent', () => {
    const id = base[0]!.id;
    let d = recordAttempt(EMPTY_TRAINING, id, false, 10);
    d = recordAttempt(d, id, true, 20);
    d = recordAttempt(d, id, false, 15);
    expect(d.progress[id]).toEqual({ id, attempts: 3, solved: true, at: 20 });
    expect(pending(d).progress).toEqual([d.progress[id]]);
    expect(pending(markSent(d, [], [id])).progress).toEqual([]);
  });

  it('merge with the server’s: both sides’ positions once, progress merged, what the server lacks still to send', () => {
    const [a, b, c] = own(3) as [TrainingPosition, TrainingPosition, TrainingPosition];
    let d = addPositions(EMPTY_TRAINING, [a, b]);
    d = markSent(d, [a.id], []);
    expect(pending(d).positions.map((p) => p.id)).toEqual([b.id]);
    d = recordAttempt(d, a.id, false, 10);
    d = recordAttempt(d, b.id, true, 11);
    const server = {
      positions: [c, a],
      progress: [
        { id: a.id, attempts: 4, solved: true, at: 5 },
        { id: b.id, attempts: 1, solved: false, at: 3 },
      ],
    };
    const m = mergeServer(d, server);
    expect(m.positions.map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    expect(m.progress[a.id]).toEqual({ id: a.id, attempts: 4, solved: true, at: 10 });
    expect(m.progress[b.id]).toEqual({ id: b.id, attempts: 1, solved: true, at: 11 });
    // b is not on the server yet, and its solve is news to it; a and c are the server's.
    expect(pending(m).positions.map((p) => p.id)).toEqual([b.id]);
    expect(pending(m).progress.map((p) => p.id)).toEqual([b.id]);
    // Merging the same again changes nothing.
    expect(mergeServer(m, server)).toEqual(m);
  });
});

describe('the starter set', () => {
  it('is 30 to 60 positions from the bots’ games, each one that hangs together, none twice', () => {
    const { positions, problems } = readStarter(JSON.stringify(JSON.parse(JSON.stringify(base)) as unknown));
    expect(problems).toEqual([]);
    expect(positions).toEqual(base);
    expect(base.length).toBeGreaterThanOrEqual(30);
    expect(base.length).toBeLessThanOrEqual(60);
    expect(new Set(base.map((p) => p.id)).size).toBe(base.length);
    // Marked as the analysis marks today: a mistake or a blunder, never more than its cost is worth under today's
    // thresholds (the mark is that of the cost's lower bound, so it may be less).
    const order = [null, ...MARKS];
    for (const p of base) {
      expect(p.source).toBe('starter');
      expect(['mistake', 'blunder']).toContain(p.mark);
      expect(p.cost).toBeGreaterThanOrEqual(MARK_THRESHOLDS.mistake);
      expect(order.indexOf(p.mark)).toBeLessThanOrEqual(order.indexOf(markOf(p.cost)));
    }
  });

  it('the bundled file reads without a problem', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(new URL('./starter.json', import.meta.url), 'utf8');
    const r = readStarter(text);
    expect(r.problems).toEqual([]);
    expect(r.positions.length).toBe(JSON.parse(text).length);
    expect(readStarter('[{"id":1}]').problems).toHaveLength(1);
    expect(readStarter('nope').problems[0]).toMatch(/not JSON/);
  });
});
