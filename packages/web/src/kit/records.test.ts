import { PRESET_NAMES, preset, type Rules } from '@hearts/engine';
import { describe, expect, it } from 'vitest';
import {
  EARLIER,
  EMPTY_STATS,
  SOLO_STATS_KEY,
  addToGroups,
  gameStats,
  loadSoloStats,
  soloStats,
  statsBy,
  variantKey,
  type Stats,
  type StatsGroup,
} from './records';
import { memoryStore } from './storage';
import { playGame } from '../testing';

const game = (over: Partial<Stats>): Stats => ({ ...EMPTY_STATS, games: 1, ...over });

describe('variantKey', () => {
  it.each<[string, Partial<Rules>, Partial<Rules>]>([
    ['defaults written out are the standard', { targetScore: 50, players: 4, removedCards: [] }, {}],
    [
      'the order of options does not matter',
      { queenBreaksHearts: true, targetScore: 100 },
      { targetScore: 100, queenBreaksHearts: true },
    ],
    [
      'the player count’s own removed cards are not an option',
      { players: 3, removedCards: ['2D'] },
      { players: 3 },
    ],
    ['a preset is its options', preset('omnibus'), { jackOfDiamonds: -10 }],
  ])('%s', (_, a, b) => {
    expect(variantKey(a)).toBe(variantKey(b));
  });

  it('names the standard and spells out other options in the engine’s order', () => {
    expect(variantKey({})).toBe('standard');
    expect(variantKey({ targetScore: 100, jackOfDiamonds: -10 })).toBe('targetScore=100;jackOfDiamonds=-10');
    expect(variantKey({ players: 3, removedCards: ['2C'] })).toBe('players=3;removedCards=["2C"]');
  });

  it('tells every preset and player count apart', () => {
    const keys = [
      ...PRESET_NAMES.map((p) => variantKey(preset(p))),
      ...[3, 5, 6].map((n) => variantKey({ players: n })),
      ...[3, 5, 6].map((n) => variantKey(preset('papayoo', n))),
      variantKey({ targetScore: 75 }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('solo statistics', () => {
  const omnibus = { jackOfDiamonds: -10 };
  let groups: StatsGroup[] = [];
  groups = addToGroups(groups, {}, 'easy', game({ wins: 1, hands: 5, points: 20, queens: 1 }));
  groups = addToGroups(groups, { targetScore: 50 }, 'easy', game({ hands: 4, points: 60, moons: 1 }));
  groups = addToGroups(groups, omnibus, 'hard', game({ hands: 6, points: 10 }));
  groups = addToGroups(groups, preset('blackMaria'), 'easy', game({ wins: 1, hands: 3, points: 5 }));
  const all: StatsGroup[] = [
    ...groups,
    { variant: EARLIER, rules: {}, level: null, ...game({ games: 7, wins: 2, hands: 40, points: 300 }) },
  ];

  it('keeps one group per variant and level, adding up its games', () => {
    expect(groups.map((g) => [g.variant, g.level, g.games])).toEqual([
      ['standard', 'easy', 2],
      ['jackOfDiamonds=-10', 'hard', 1],
      [variantKey(preset('blackMaria')), 'easy', 1],
    ]);
    expect(groups[0]).toMatchObject({ wins: 1, hands: 9, points: 80, moons: 1, queens: 1, rules: {} });
    expect(groups[1]!.rules).toEqual(omnibus);
  });

  it('adds up every group, or those of a variant, a level or a player count', () => {
    expect(soloStats(all)).toEqual({
      games: 11,
      wins: 4,
      hands: 58,
      points: 395,
      moons: 1,
      queens: 1,
      undoGames: 0,
    });
    expect(soloStats(all, { variant: variantKey(omnibus) })).toMatchObject({
      games: 1,
      hands: 6,
      points: 10,
    });
    expect(soloStats(all, { level: 'easy' })).toMatchObject({ games: 3, wins: 2, hands: 12 });
    expect(soloStats(all, { level: null })).toMatchObject({ games: 7 });
    expect(soloStats(all, { players: 3 })).toMatchObject({ games: 1, wins: 1 });
    expect(soloStats(all, { players: 4, level: 'easy' })).toMatchObject({ games: 2 });
    expect(soloStats([], {})).toEqual(EMPTY_STATS);
  });

  it('groups by variant and by level, most games first', () => {
    expect(statsBy(all, 'variant').map((r) => [r.key, r.stats.games])).toEqual([
      ['standard', 2],
      ['jackOfDiamonds=-10', 1],
      [variantKey(preset('blackMaria')), 1],
      [EARLIER, 7], // rules not recorded: last, however many
    ]);
    expect(statsBy(all, 'level').map((r) => [r.level, r.stats.games])).toEqual([
      ['easy', 3],
      ['hard', 1],
      [null, 7],
    ]);
    expect(statsBy(all, 'level', { variant: 'standard' }).map((r) => [r.level, r.stats.hands])).toEqual([
      ['easy', 9],
    ]);
  });

  it('counts a finished game hand by hand', () => {
    const state = playGame(4, { jackOfDiamonds: -10 });
    const s = gameStats(state, 0);
    expect(s.games).toBe(1);
    expect(s.wins).toBe(state.winners.includes(0) ? 1 : 0);
    expect(s.hands).toBe(state.results.length);
    expect(s.points).toBe(state.scores[0]);
    expect(s.moons).toBe(state.results.filter((r) => r.shooter === 0).length);
  });

  it('keeps points below zero (the J♦ rule): a game of −2 points adds −2, stored and read back', () => {
    // They were read as "not a count" and became 0; host.test.ts saw it when a game with the J♦ ended below zero.
    const store = memoryStore();
    const one = addToGroups([], omnibus, 'hard', game({ hands: 3, points: -2 }));
    expect(one[0]!.points).toBe(-2);
    const two = addToGroups(one, omnibus, 'hard', game({ hands: 2, points: -11 }));
    expect(two[0]!.points).toBe(-13);
    store.set(SOLO_STATS_KEY, JSON.stringify(two));
    expect(soloStats(loadSoloStats(store))).toMatchObject({ games: 2, hands: 5, points: -13 });
  });

  it('reads back what it stored and leaves out groups that are not well formed', () => {
    const store = memoryStore();
    store.set(
      SOLO_STATS_KEY,
      JSON.stringify([
        ...groups,
        { variant: 'standard', rules: {}, level: 'grandmaster', games: 1 }, // no such level
        { variant: 'standard', rules: { jackOfDiamonds: -10 }, level: 'easy', games: 1 }, // key and rules disagree
        'x',
        { variant: EARLIER, rules: {}, level: null, games: -3, wins: 'two', hands: 4 },
      ]),
    );
    expect(loadSoloStats(store)).toEqual([
      ...groups,
      { ...EMPTY_STATS, hands: 4, variant: EARLIER, rules: {}, level: null },
    ]);
    // The new list wins over the old counters once it exists.
    store.set('hearts.stats', JSON.stringify({ games: 9 }));
    expect(soloStats(loadSoloStats(store)).games).toBe(4);
  });
});
