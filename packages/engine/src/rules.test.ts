import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { arbRules } from '../test/helpers.js';
import {
  DEFAULT_RULES,
  PRESET_NAMES,
  RULE_NAMES,
  deckOf,
  lowestClub,
  makeCard,
  parseRules,
  passOffset,
  preset,
  rulesDiff,
  tricksPerHand,
  type Rules,
} from './index.js';

const rules = (input: Partial<Rules>): Rules => {
  const r = parseRules(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('parseRules', () => {
  test('fills in the standard rules', () => {
    expect(parseRules({})).toEqual({ ok: true, value: DEFAULT_RULES });
    expect(parseRules(undefined)).toEqual({ ok: true, value: DEFAULT_RULES });
    expect(parseRules(null)).toEqual({ ok: true, value: DEFAULT_RULES });
    expect(DEFAULT_RULES).toMatchObject({
      players: 4,
      removedCards: [],
      passCards: 3,
      passCycle: 'standard',
      targetScore: 50,
      moon: 'othersPlus26',
      ties: 'shareWin',
      jackOfDiamonds: 0,
      queenBreaksHearts: false,
      pointsOnFirstTrick: false,
      heartsMustBeBroken: true,
      firstLead: 'lowestClub',
      heartValues: 'one',
      queenPoints: 13,
      blackMariaSpades: false,
      sevenOfDie: false,
      handsToPlay: 0,
    });
  });

  test('every option of RULES.md has its JSON name', () => {
    expect([...RULE_NAMES].sort()).toEqual(
      [
        'players',
        'removedCards',
        'passCards',
        'passCycle',
        'targetScore',
        'moon',
        'ties',
        'jackOfDiamonds',
        'queenBreaksHearts',
        'pointsOnFirstTrick',
        'heartsMustBeBroken',
        'firstLead',
        'heartValues',
        'queenPoints',
        'blackMariaSpades',
        'sevenOfDie',
        'handsToPlay',
      ].sort(),
    );
  });

  test.each<[string, Partial<Rules>]>([
    ['players 3', { players: 3 }],
    ['players 5', { players: 5 }],
    ['players 6', { players: 6 }],
    ['3 players without the 2♣', { players: 3, removedCards: ['2C'] }],
    ['no passing', { passCards: 0 }],
    ['pass 5', { passCards: 5 }],
    ['rotate', { passCycle: 'rotate' }],
    ['target 100', { targetScore: 100 }],
    ['target 1', { targetScore: 1 }],
    ['shooter choice', { moon: 'shooterChoice' }],
    ['no moon', { moon: 'none' }],
    ['play on', { ties: 'playOn' }],
    ['omnibus', { jackOfDiamonds: -10 }],
    ['queen breaks hearts', { queenBreaksHearts: true }],
    ['points on the first trick', { pointsOnFirstTrick: true }],
    ['hearts need not be broken', { heartsMustBeBroken: false }],
    ['dealer leads', { firstLead: 'dealer' }],
    ['spot hearts', { heartValues: 'rank', queenPoints: 25 }],
    ['black maria spades', { blackMariaSpades: true }],
    ['seven of the die', { sevenOfDie: true }],
    ['five hands', { handsToPlay: 5 }],
  ])('accepts %s', (_, input) => {
    const r = parseRules(input);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toMatchObject(input);
  });

  test.each<[string, unknown, string]>([
    ['a string', 'standard', 'rules'],
    ['a list', [], 'rules'],
    ['a number', 4, 'rules'],
    ['an unknown option', { trumps: 'S' }, 'trumps'],
    ['a misspelt option', { targetscore: 100 }, 'targetscore'],
    ['a preset name as an option', { preset: 'omnibus' }, 'preset'],
    ['2 players', { players: 2 }, 'players'],
    ['7 players', { players: 7 }, 'players'],
    ['players as a string', { players: '4' }, 'players'],
    ['passCards 6', { passCards: 6 }, 'passCards'],
    ['passCards −1', { passCards: -1 }, 'passCards'],
    ['an unknown pass cycle', { passCycle: 'across' }, 'passCycle'],
    ['targetScore 0', { targetScore: 0 }, 'targetScore'],
    ['targetScore −50', { targetScore: -50 }, 'targetScore'],
    ['targetScore 50.5', { targetScore: 50.5 }, 'targetScore'],
    ['targetScore "50"', { targetScore: '50' }, 'targetScore'],
    ['an unknown moon rule', { moon: 'shooterPlus26' }, 'moon'],
    ['an unknown tie rule', { ties: 'split' }, 'ties'],
    ['jackOfDiamonds −5', { jackOfDiamonds: -5 }, 'jackOfDiamonds'],
    ['queenBreaksHearts "true"', { queenBreaksHearts: 'true' }, 'queenBreaksHearts'],
    ['pointsOnFirstTrick 1', { pointsOnFirstTrick: 1 }, 'pointsOnFirstTrick'],
    ['heartsMustBeBroken null', { heartsMustBeBroken: null }, 'heartsMustBeBroken'],
    ['an unknown first lead', { firstLead: 'left' }, 'firstLead'],
    ['an unknown heart value', { heartValues: 'spot' }, 'heartValues'],
    ['queenPoints 12', { queenPoints: 12 }, 'queenPoints'],
    ['blackMariaSpades "yes"', { blackMariaSpades: 'yes' }, 'blackMariaSpades'],
    ['sevenOfDie 0', { sevenOfDie: 0 }, 'sevenOfDie'],
    ['handsToPlay −1', { handsToPlay: -1 }, 'handsToPlay'],
    ['handsToPlay 2.5', { handsToPlay: 2.5 }, 'handsToPlay'],
    ['removedCards not a list', { removedCards: '2C' }, 'removedCards'],
    ['an unknown removed card', { players: 3, removedCards: ['1C'] }, 'removedCards'],
    ['a removed card twice', { players: 5, removedCards: ['2C', '2C'] }, 'removedCards'],
    ['4 players with one card out (51 cards)', { removedCards: ['2C'] }, 'removedCards'],
    ['3 players with the whole deck', { players: 3, removedCards: [] }, 'removedCards'],
    ['5 players with one card out', { players: 5, removedCards: ['2C'] }, 'removedCards'],
    ['6 players with 3 cards out', { players: 6, removedCards: ['2C', '3C', '2D'] }, 'removedCards'],
    [
      'passing a whole hand (6 players, 3 cards each)',
      {
        players: 6,
        passCards: 3,
        removedCards: [...'23456789TJQKA']
          .flatMap((r) => [`${r}C`, `${r}D`])
          .concat(['2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S']),
      },
      'passCards',
    ],
    [
      'the lowest club leading with no club in play',
      { players: 3, removedCards: [...'23456789TJQKA'].map((r) => `${r}C`) },
      'firstLead',
    ],
  ])('rejects %s', (_, input, option) => {
    const r = parseRules(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('ERR_BAD_RULES');
      expect(r.error.option).toBe(option);
      expect(r.error.message.length).toBeGreaterThan(0);
    }
  });

  test('removed cards are kept in canonical order', () => {
    expect(rules({ players: 6, removedCards: ['2S', '2D', '3C', '2C'] }).removedCards).toEqual([
      '2C',
      '3C',
      '2D',
      '2S',
    ]);
  });
});

describe('player counts', () => {
  test.each([
    [3, ['2D'], 17, '2C'],
    [4, [], 13, '2C'],
    [5, ['2C', '2D'], 10, '3C'],
    [6, ['2C', '3C', '2D', '2S'], 8, '4C'],
  ])('%i players: removed %j, %i cards each, %s leads', (players, removed, perHand, lowest) => {
    const r = rules({ players });
    expect(r.removedCards).toEqual(removed);
    expect(tricksPerHand(r)).toBe(perHand);
    expect(deckOf(r).size()).toBe(perHand * players);
    for (const c of removed) expect(deckOf(r).names()).not.toContain(c);
    expect(makeCard(lowestClub(r)!)).toBe(lowest);
  });

  test('3 players without the 2♣: the 3♣ leads and the 2♦ is in play', () => {
    const r = rules({ players: 3, removedCards: ['2C'] });
    expect(makeCard(lowestClub(r)!)).toBe('3C');
    expect(deckOf(r).names()).toContain('2D');
  });
});

describe('pass cycles', () => {
  test.each<[string, Partial<Rules>, number[]]>([
    ['standard, 4 players: left, right, across, none', {}, [1, 3, 2, 0, 1, 3, 2, 0]],
    ['standard, 3 players: no across', { players: 3 }, [1, 2, 0, 1, 2, 0]],
    ['standard, 5 players: no across', { players: 5 }, [1, 4, 0, 1, 4, 0]],
    ['standard, 6 players: across is 3', { players: 6 }, [1, 5, 3, 0, 1, 5, 3, 0]],
    ['rotate, 3 players', { players: 3, passCycle: 'rotate' }, [1, 2, 0, 1, 2, 0]],
    ['rotate, 4 players', { passCycle: 'rotate' }, [1, 2, 3, 0, 1, 2, 3, 0]],
    ['rotate, 6 players', { players: 6, passCycle: 'rotate' }, [1, 2, 3, 4, 5, 0, 1]],
    ['left, 5 players', { players: 5, passCycle: 'left' }, [1, 1, 1, 1, 1, 1]],
    ['right, 3 players (Black Maria)', { players: 3, passCycle: 'right' }, [2, 2, 2, 2]],
    ['right, 4 players', { passCycle: 'right' }, [3, 3, 3, 3, 3]],
    ['passCards 0: never', { passCards: 0 }, [0, 0, 0, 0, 0]],
    ['passCards 0 with rotate: never', { passCards: 0, passCycle: 'rotate' }, [0, 0, 0, 0, 0]],
  ])('%s', (_, input, offsets) => {
    const r = rules(input);
    expect(offsets.map((_, h) => passOffset(r, h))).toEqual(offsets);
  });
});

describe('presets', () => {
  test.each([
    ['standard', 4, {}],
    ['classic100', 4, { targetScore: 100 }],
    ['omnibus', 4, { jackOfDiamonds: -10 }],
    ['spot', 4, { heartValues: 'rank', queenPoints: 25, targetScore: 500 }],
    [
      'blackMaria',
      4,
      {
        players: 3,
        removedCards: ['2C'],
        passCycle: 'right',
        firstLead: 'leftOfDealer',
        heartsMustBeBroken: false,
        blackMariaSpades: true,
      },
    ],
    [
      'papayoo',
      4,
      {
        heartValues: 'rank',
        queenPoints: 0,
        sevenOfDie: true,
        passCycle: 'left',
        passCards: 5,
        firstLead: 'dealer',
        heartsMustBeBroken: false,
        pointsOnFirstTrick: true,
        moon: 'none',
        handsToPlay: 5,
      },
    ],
    ['papayoo', 3, { players: 3, passCards: 5 }],
    ['papayoo', 5, { players: 5, passCards: 4 }],
    ['papayoo', 6, { players: 6, passCards: 3 }],
  ] as const)('%s for %i players', (name, players, expected) => {
    const r = parseRules(preset(name, players));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject(expected);
    // A preset is only a name: the options spell it out, and rulesDiff gives them back.
    expect(parseRules(rulesDiff(r.value))).toEqual(r);
  });

  test('every preset is valid for every player count it allows', () => {
    for (const name of PRESET_NAMES)
      for (const players of [3, 4, 5, 6]) {
        const r = parseRules(preset(name, players));
        expect(r.ok, `${name} ${players}`).toBe(true);
      }
  });
});

describe('rulesDiff', () => {
  test('the standard rules differ in nothing', () => {
    expect(rulesDiff(DEFAULT_RULES)).toEqual({});
    expect(rulesDiff(rules({ players: 6 }))).toEqual({ players: 6 });
  });

  test('spells out only the options that differ, by JSON name', () => {
    expect(rulesDiff(rules({ targetScore: 100, moon: 'none', players: 3, removedCards: ['2C'] }))).toEqual({
      targetScore: 100,
      moon: 'none',
      players: 3,
      removedCards: ['2C'],
    });
  });

  test('round-trips through JSON and parseRules for random rules', () => {
    fc.assert(
      fc.property(arbRules, (r) => {
        const diff = JSON.parse(JSON.stringify(rulesDiff(r))) as unknown;
        const back = parseRules(diff);
        expect(back).toEqual({ ok: true, value: r });
        for (const [k, v] of Object.entries(diff as object))
          expect(v, k).not.toEqual(DEFAULT_RULES[k as keyof Rules]);
      }),
      { numRuns: 300 },
    );
  });
});
