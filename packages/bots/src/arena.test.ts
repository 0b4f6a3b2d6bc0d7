import { describe, expect, test } from 'vitest';
import {
  arenaConfig,
  estimate,
  fieldSeatings,
  formatReport,
  nearMoon,
  parseBotSpec,
  playChain,
  seatings,
  summarize,
  tQuantile975,
  type ArenaConfig,
  type ArenaPlayer,
  type ChainResult,
  type HandOutcome,
} from './arena.js';
import { BOT_TIME_MS } from './budget.js';
import { easyBot } from './easy.js';
import { mediumBot } from './medium.js';
import { randomBot } from './random.js';
import type { Bot } from './types.js';

const asPlayer = (bot: Bot): ArenaPlayer => ({ name: bot.level, decide: (o, opts) => bot.decide(o, opts) });

async function play(config: ArenaConfig, players: ArenaPlayer[]): Promise<ChainResult[]> {
  const chains: ChainResult[] = [];
  for (let s = 0; s < config.seatings.length; s++) chains.push(await playChain(config, s, players));
  return chains;
}

describe('time budgets per bot', () => {
  test('expert@500 is the expert with its own budget; cmd: specs and plain levels have none', () => {
    expect(parseBotSpec('expert@500')).toEqual({ bot: 'expert', timeMs: 500 });
    expect(parseBotSpec('expert')).toEqual({ bot: 'expert', timeMs: null });
    expect(parseBotSpec('cmd:node bot.mjs --at x@1')).toEqual({
      bot: 'cmd:node bot.mjs --at x@1',
      timeMs: null,
    });
    for (const bad of ['expert@', 'expert@0', 'expert@1.5', 'expert@-3', 'expert@fast'])
      expect(() => parseBotSpec(bad), bad).toThrow(/whole number of milliseconds/);
  });

  test("each bot's decisions get its own budget, the others the run's", async () => {
    const config = arenaConfig({ bots: ['easy@7', 'random'], deals: 2, seed: 4, timeMs: 30 });
    expect(config.budgets).toEqual([7, 30]);
    expect(config.labels).toEqual(['easy@7', 'random']);
    const seen = [new Set<number>(), new Set<number>()];
    const players = [easyBot, randomBot].map((bot, i): ArenaPlayer => ({
      name: bot.level,
      decide: (o, opts) => {
        seen[i]!.add(opts.timeMs);
        return bot.decide(o, opts);
      },
    }));
    const report = summarize(config, await play(config, players));
    expect(seen.map((s) => [...s])).toEqual([[7], [30]]);
    expect(report.results.map((r) => r.timeMs)).toEqual([7, 30]);
  });

  test('without --time-ms the default budget is BOT_TIME_MS', () => {
    expect(arenaConfig({ bots: ['medium', 'easy'], deals: 1 }).timeMs).toBe(BOT_TIME_MS);
  });
});

describe('seatings', () => {
  test.each([3, 4, 5, 6])(
    'two bots on %i seats: each alone in every seat, each as often in every seat',
    (n) => {
      const all = seatings(2, n);
      expect(all).toHaveLength(2 * n);
      for (let seat = 0; seat < n; seat++) {
        expect(all.filter((s) => s[seat] === 0)).toHaveLength(n);
        expect(all.filter((s) => s[seat] === 1)).toHaveLength(n);
      }
      for (const bot of [0, 1]) {
        const solo = all.filter((s) => s.filter((b) => b === bot).length === 1);
        expect(solo.map((s) => s.indexOf(bot)).sort()).toEqual([...Array(n).keys()]);
      }
    },
  );

  test('as many bots as seats: every rotation both ways round (all orders with 3)', () => {
    const three = seatings(3, 3).map((s) => s.join(''));
    expect(new Set(three)).toEqual(new Set(['012', '120', '201', '021', '210', '102']));
    const four = seatings(4, 4);
    expect(new Set(four.map((s) => s.join(''))).size).toBe(8);
    for (let seat = 0; seat < 4; seat++)
      for (let bot = 0; bot < 4; bot++) expect(four.filter((s) => s[seat] === bot)).toHaveLength(2);
  });

  test('other counts are refused', () => {
    expect(() => seatings(3, 4)).toThrow(/two bots, or one bot per seat/);
    expect(() => seatings(1, 4)).toThrow();
    expect(() => arenaConfig({ bots: ['medium'], deals: 1 })).toThrow();
    expect(() => arenaConfig({ bots: ['medium', 'easy'], deals: 0 })).toThrow(/deals/);
    expect(() => arenaConfig({ bots: ['medium', 'easy'], deals: 1, rules: { players: 7 } })).toThrow(
      /players/,
    );
  });
});

describe('statistics', () => {
  test('Student t quantiles', () => {
    expect(tQuantile975(1)).toBeCloseTo(12.706, 3);
    expect(tQuantile975(9)).toBeCloseTo(2.262, 3);
    expect(tQuantile975(100)).toBeCloseTo(1.984, 3);
    expect(tQuantile975(999)).toBeCloseTo(1.9623, 3);
  });

  test('mean and 95% interval', () => {
    const e = estimate([1, 2, 3, 4]);
    expect(e.mean).toBe(2.5);
    const half = (3.182 * Math.sqrt(5 / 3)) / 2;
    expect(e.low).toBeCloseTo(2.5 - half, 6);
    expect(e.high).toBeCloseTo(2.5 + half, 6);
  });
});

describe('a duplicate match', () => {
  test('is repeatable, covers every seat-hand and adds up', async () => {
    const config = arenaConfig({ bots: ['medium', 'random'], deals: 3, seed: 9 });
    const players = [asPlayer(mediumBot), asPlayer(randomBot)];
    const a = summarize(config, await play(config, players));
    const chains = await play(config, players);
    const b = summarize(config, [...chains].reverse()); // the order chains arrive in does not matter
    expect(b).toEqual(a);
    expect(a.hands).toBe(3 * 8);
    expect(a.results.map((r) => r.seatHands)).toEqual([48, 48]);
    for (const c of chains)
      for (const h of c.hands) {
        const sum = h.points.reduce((x, y) => x + y, 0);
        expect(h.shooter >= 0 ? sum === 78 : sum === 26).toBe(true);
        expect(h.queen).toBeGreaterThanOrEqual(0);
      }
    // Per deal, the two bots' mean points add up to half a hand's points over all seatings.
    const mean = a.results[0]!.points.mean + a.results[1]!.points.mean;
    const moons = chains.flatMap((c) => c.hands).filter((h) => h.shooter >= 0).length;
    expect(mean).toBeCloseTo((26 * 24 + 52 * moons) / 48, 6);
    expect(a.differences[0]!.points.mean).toBeCloseTo(
      a.results[0]!.points.mean - a.results[1]!.points.mean,
      9,
    );
    expect(a.incidents).toBe(0);
  });

  test('identical bots come out exactly even: same cards, same seats, same chances', async () => {
    const config = arenaConfig({ bots: ['easy', 'easy'], deals: 4, seed: 3 });
    const r = summarize(config, await play(config, [asPlayer(easyBot), asPlayer(easyBot)]));
    expect(r.bots).toEqual(['easy#1', 'easy#2']);
    expect(r.differences[0]!.points).toEqual({ mean: 0, low: 0, high: 0 });
  });

  test('chains hands into games to the target score and shares each win', async () => {
    const config = arenaConfig({ bots: ['easy', 'random'], deals: 12, seed: 5, rules: { targetScore: 20 } });
    const chains = await play(config, [asPlayer(easyBot), asPlayer(randomBot)]);
    const r = summarize(config, chains);
    const games = chains.flatMap((c) => c.hands).filter((h) => h.gameOver).length;
    expect(games).toBeGreaterThan(8);
    expect(r.results[0]!.games + r.results[1]!.games).toBe(4 * games);
    expect(r.results[0]!.wins + r.results[1]!.wins).toBeCloseTo(games, 9);
    expect(r.results[0]!.winRate).toBeGreaterThan(r.results[1]!.winRate);
  });

  test('a failing bot gets random legal moves instead, reported as incidents', async () => {
    const config = arenaConfig({ bots: ['medium', 'broken'], deals: 1, seed: 2 });
    let calls = 0;
    const broken: ArenaPlayer = {
      name: 'broken',
      decide: (obs) => {
        calls++;
        if (calls % 3 === 0) throw new Error('crashed');
        if (calls % 3 === 1)
          return { kind: 'play', card: obs.hand.find((c) => !obs.legal.includes(c)) ?? 'XX' } as never;
        return { kind: 'pass', cards: [] };
      },
    };
    const chains = await play(config, [asPlayer(mediumBot), broken]);
    const r = summarize(config, chains);
    expect(chains.every((c) => c.hands.length === 1)).toBe(true);
    expect(r.incidents).toBe(calls);
    expect(r.incidentExamples.join('\n')).toMatch(/crashed|illegal|not a decision/);
  });

  test.each([
    [{ players: 3 }],
    [{ players: 5, moon: 'shooterChoice' }],
    [{ players: 6, passCycle: 'rotate' }],
  ])('runs under %j', async (rules) => {
    const config = arenaConfig({ bots: ['medium', 'easy'], deals: 2, seed: 1, rules });
    const chains = await play(config, [asPlayer(mediumBot), asPlayer(easyBot)]);
    const r = summarize(config, chains);
    const n = config.rules.players;
    expect(r.hands).toBe(2 * 2 * n);
    expect(r.incidents).toBe(0);
  });
});

describe('moons', () => {
  const hand = (moonCards: number[], shooter = -1): HandOutcome => ({
    points: [0, 0, 0, 0],
    shooter,
    queen: -1,
    moonCards,
    gameOver: null,
  });

  test.each([
    [[11, 0, 3, 0], { shooter: 0, stopper: 2 }],
    [[0, 1, 0, 13], { shooter: 3, stopper: 1 }], // the Q♠ taken on the way: stopped by one card
    [[1, 0, 0, 13], { shooter: 3, stopper: 0 }],
    [[10, 4, 0, 0], null], // four cards short is no near moon
    [[11, 2, 1, 0], null], // two seats broke it
    [[14, 0, 0, 0], null], // shot
    [[5, 5, 4, 0], null],
    [[0, 0, 0, 0], null], // no moon rule
  ])('a near moon: one seat took all moon cards but one to three, one other the rest (%j)', (cards, near) => {
    expect(nearMoon(hand(cards))).toEqual(near);
  });

  test('every hand counts the moon cards each seat took; near moons are counted stopped and failed', async () => {
    const config = arenaConfig({ bots: ['easy', 'random'], deals: 30, seed: 6 });
    const chains = await play(config, [asPlayer(easyBot), asPlayer(randomBot)]);
    for (const h of chains.flatMap((c) => c.hands)) {
      expect(h.moonCards.reduce((a, b) => a + b, 0)).toBe(14);
      if (h.shooter >= 0) expect(h.moonCards[h.shooter]).toBe(14);
    }
    const r = summarize(config, chains);
    // Counted by hand: a near moon between two seats of different bots counts once stopped, once failed.
    const expected = [
      { stopped: 0, failed: 0 },
      { stopped: 0, failed: 0 },
    ];
    for (const c of chains) {
      const seats = config.seatings[c.seating]!;
      for (const h of c.hands) {
        const near = nearMoon(h);
        if (!near || seats[near.shooter] === seats[near.stopper]) continue;
        expected[seats[near.stopper]!]!.stopped++;
        expected[seats[near.shooter]!]!.failed++;
      }
    }
    expect(expected[0]!.stopped + expected[1]!.stopped).toBeGreaterThan(0);
    expect(r.results.map((b) => ({ stopped: b.moonsStopped, failed: b.moonsFailed }))).toEqual(expected);
    expect(formatReport(r)).toMatch(/stopped +failed/);
    // Per 1,000 of the bot's seat-hands, as the report prints them.
    const perMille = (x: number, b: { seatHands: number }): number =>
      Math.round((10_000 * x) / b.seatHands) / 10;
    for (const b of r.results)
      expect(b.moonsPer1000).toEqual({
        shot: perMille(b.moonsShot, b),
        suffered: perMille(b.moonsSuffered, b),
        stopped: perMille(b.moonsStopped, b),
        failed: perMille(b.moonsFailed, b),
      });
    const stopper = r.results.find((b) => b.moonsStopped > 0)!;
    expect(formatReport(r)).toContain(
      `${stopper.moonsStopped} (${stopper.moonsPer1000.stopped.toFixed(1)}‰)`,
    );
  });

  test('a moon rule of none counts no moon cards', async () => {
    const config = arenaConfig({ bots: ['easy', 'random'], deals: 2, seed: 6, rules: { moon: 'none' } });
    const chains = await play(config, [asPlayer(easyBot), asPlayer(randomBot)]);
    expect(chains.flatMap((c) => c.hands).every((h) => h.moonCards.every((k) => k === 0))).toBe(true);
  });
});

describe('against a field', () => {
  test.each([3, 4, 6])('on %i seats: the field alone once, then each bot alone in every seat', (n) => {
    const all = fieldSeatings(2, n);
    expect(all).toHaveLength(1 + 2 * n);
    expect(all[0]).toEqual(new Array(n).fill(2));
    for (const bot of [0, 1]) {
      const mine = all.filter((s) => s.includes(bot));
      expect(mine).toHaveLength(n);
      for (const s of mine) expect(s.filter((b) => b !== 2)).toEqual([bot]); // alone among the field
      expect(mine.map((s) => s.indexOf(bot)).sort()).toEqual([...Array(n).keys()]);
    }
    expect(() => fieldSeatings(0, n)).toThrow(/at least one bot/);
  });

  test('the field is the last bot; one tested bot is enough; an empty field is refused', () => {
    const config = arenaConfig({ bots: ['expert@500', 'hard'], field: 'medium', deals: 1, timeMs: 40 });
    expect(config.bots).toEqual(['expert@500', 'hard', 'medium']);
    expect(config.budgets).toEqual([500, 40, 40]);
    expect(config.field).toBe(true);
    expect(config.seatings).toHaveLength(9);
    expect(arenaConfig({ bots: ['hard'], field: 'medium', deals: 1 }).seatings).toHaveLength(5);
    expect(arenaConfig({ bots: ['hard', 'medium'], deals: 1 }).field).toBe(false);
    expect(() => arenaConfig({ bots: ['hard'], field: ' ', deals: 1 })).toThrow(/field/);
    expect(() => arenaConfig({ bots: [], field: 'medium', deals: 1 })).toThrow(/at least one bot/);
  });

  test('a bot that plays as the field does comes out exactly even with it, seat by seat', async () => {
    const config = arenaConfig({ bots: ['easy', 'random'], field: 'easy', deals: 3, seed: 8 });
    const players = [asPlayer(easyBot), asPlayer(randomBot), asPlayer(easyBot)];
    const r = summarize(config, await play(config, players));
    expect(r.field).toBe('easy#2');
    expect(r.bots).toEqual(['easy#1', 'random', 'easy#2']);
    const diff = (a: string, b: string) => r.differences.find((d) => d.a === a && d.b === b)!.points;
    expect(diff('easy#1', 'easy#2')).toEqual({ mean: 0, low: 0, high: 0 });
    expect(diff('easy#1', 'random').mean).toBeLessThan(0);
    // Every bot's figures count one seat-hand per seat and deal: the field's only where it fills the table.
    expect(r.results.map((b) => b.seatHands)).toEqual([12, 12, 12]);
    expect(r.hands).toBe(3 * 9);
    expect(formatReport(r)).toMatch(
      /^easy#1, random against a field of easy#2: 3 deals × 9 seatings = 27 hands/,
    );
  });

  test('the field counts only where it fills the table: its mean is the table average per seat', async () => {
    const config = arenaConfig({ bots: ['random'], field: 'medium', deals: 4, seed: 2 });
    const chains = await play(config, [asPlayer(randomBot), asPlayer(mediumBot)]);
    const r = summarize(config, chains);
    const alone = chains.find((c) => c.seating === 0)!.hands;
    const expected = alone.reduce((a, h) => a + h.points.reduce((x, y) => x + y, 0) / 4, 0) / alone.length;
    expect(r.results[1]!.points.mean).toBeCloseTo(expected, 9);
    expect(r.differences[0]!.points.mean).toBeGreaterThan(0); // random takes more than medium would
  });
});
