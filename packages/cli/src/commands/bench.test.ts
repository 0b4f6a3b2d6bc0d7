import { SeededRandom, parseRules } from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import { hearts, requireBuilt } from '../../test/cli.js';
import { runBench } from './bench.js';
import { runTableBench } from './bench-table.js';

requireBuilt();

describe('hearts bench', () => {
  test('--bot times the decisions that have a choice and prints one JSON line', async () => {
    const r = await hearts('bench', '--bot', 'hard', '--decisions', '12', '--time-ms', '5', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, number | string>;
    expect(out).toMatchObject({ level: 'hard', decisions: 12, timeMs: 5 });
    expect(out['meanMs']).toBeGreaterThan(0);
    expect(out['meanMs']).toBeLessThanOrEqual(out['maxMs'] as number);
    expect(out['medianMs']).toBeLessThanOrEqual(out['p95Ms'] as number);
    expect(out['p95Ms']).toBeLessThanOrEqual(out['maxMs'] as number);
    const bad = await hearts('bench', '--bot', 'grandmaster');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--bot must be one of/);
  });

  test('--endgame solves random endgames and prints the positions visited and the time per solve', async () => {
    const r = await hearts('bench', '--endgame', '3', '--deals', '20', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      cards: number;
      deals: number;
      nodes: { mean: number; median: number; p95: number; max: number };
      micros: { median: number };
    };
    expect(out).toMatchObject({ cards: 3, deals: 20 });
    expect(out.nodes.median).toBeGreaterThan(0);
    expect(out.nodes.median).toBeLessThanOrEqual(out.nodes.p95);
    expect(out.nodes.p95).toBeLessThanOrEqual(out.nodes.max);
    expect(out.micros.median).toBeGreaterThan(0);
    const bad = await hearts('bench', '--endgame', '7');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/at most 24 cards/);
  });

  test('--table replays games on the engine alone and through the table core and prints the cost per move', async () => {
    const r = await hearts('bench', '--table', '--games', '4', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, number>;
    expect(out).toMatchObject({ games: 4 });
    // A game is at least one hand: four passes and 52 plays.
    expect(out['moves']).toBeGreaterThanOrEqual(4 * 56);
    expect(out['engineUs']).toBeGreaterThan(0);
    expect(out['tableUs']).toBeGreaterThan(out['engineUs']!);
    expect(out['coreUs']).toBeCloseTo(out['tableUs']! - out['engineUs']!, 0);
    // Every seat is told of every play, so there are at least as many messages as seats per move.
    expect(out['messagesPerMove']).toBeGreaterThanOrEqual(4);
    const bad = await hearts('bench', '--table', '--games', '0');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--games/);
  });

  test('runTableBench plays whole games through the table core under other rules too', async () => {
    for (const input of [{ players: 3 }, { players: 6, passCycle: 'rotate' }, { moon: 'shooterChoice' }]) {
      const rules = parseRules(input);
      if (!rules.ok) throw new Error(rules.error.message);
      const r = await runTableBench(rules.value, 2, new SeededRandom(3));
      expect(r.moves).toBeGreaterThan(0);
      expect(r.messages).toBeGreaterThanOrEqual(rules.value.players);
    }
  });

  test('--json --seconds 1 prints one line with hands and plays per second', async () => {
    const r = await hearts('bench', '--json', '--seconds', '1');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    const out = JSON.parse(lines[0]!) as { handsPerSecond: number; playsPerSecond: number };
    expect(lines[0]).toBe(JSON.stringify(out));
    expect(out.handsPerSecond).toBeGreaterThan(0);
    // Four players play 52 cards a hand.
    expect(out.playsPerSecond / out.handsPerSecond).toBeCloseTo(52, 0);
  });

  test.each([
    [['--seconds', '0']],
    [['--seconds', 'soon']],
    [['--rules', '{"players":7}']],
    [['--rules', 'not json']],
    [['--fast']],
  ])('bad options %j: exit 2 without a stack trace', async (args) => {
    const r = await hearts('bench', '--json', ...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toMatch(/^hearts bench: /);
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });

  test('runBench plays whole hands under other rules too', () => {
    for (const input of [{}, { players: 3 }, { players: 6, passCycle: 'rotate' }, { passCards: 0 }]) {
      const rules = parseRules(input);
      if (!rules.ok) throw new Error(rules.error.message);
      const r = runBench(rules.value, 0.05, new SeededRandom(1));
      expect(r.hands).toBeGreaterThan(0);
      expect(r.plays).toBe(r.hands * (52 - rules.value.removedCards.length));
    }
  });
});
