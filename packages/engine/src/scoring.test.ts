import { describe, expect, test } from 'vitest';
import { dealt, play, randomGame, rotate, start } from '../test/helpers.js';
import {
  applyMove,
  compiledRules,
  HandCore,
  moonPoints,
  preset,
  shuffleInPlace,
  observation,
  seatsToAct,
  seededRandom,
  type CardName,
  type GameState,
  type Rules,
} from './index.js';

/** A scripted hand: four hands (seat 0 first) and its thirteen tricks, leader first. */
interface Script {
  hands: readonly string[];
  tricks: readonly string[];
}

const HANDS = [
  '3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D',
  '2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD',
  '2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 6H 7H',
  '9S TS JS QS KS AS 8H 9H TH JH QH KH AH',
];
const FIRST_SIX = ['2C 2S TS AC', 'KC 3D 2H 8H', 'QC 4D 3H 9H', 'JC 5D 4H TH', 'TC 6D 5H JH', '9C 7D 6H QH'];

/**
 * Seat 0 wins the first twelve tricks and takes every heart, the Q♠ and the K♠; seat 1 wins the last trick
 * with the J♦, taking the A♠ (and the 2♦, 8♠). The 7♦ goes to seat 0.
 */
const MOON: Script = {
  hands: HANDS,
  tricks: [
    ...FIRST_SIX,
    '8C 8D 7H KH',
    '7C 9D 3S AH',
    '6C TD 4S QS',
    '5C QD 5S JS',
    '4C KD 6S KS',
    '3C AD 7S 9S',
    '2D JD 8S AS',
  ],
};
/** As MOON, but seat 1 takes the 7♥ in the last trick: seat 0 takes 25 points, seat 1 one. */
const SPLIT25: Script = {
  hands: HANDS,
  tricks: [
    ...FIRST_SIX,
    '8C 8D 3S KH',
    '7C 9D 4S AH',
    '6C TD 5S QS',
    '5C QD 6S JS',
    '4C KD 7S KS',
    '3C AD 8S 9S',
    '2D JD 7H AS',
  ],
};
/** Seat 1 takes the 7♥ and the A♥ in the last trick: seat 0 takes 24 points, seat 1 two. */
const SPLIT24: Script = {
  hands: HANDS,
  tricks: [
    ...FIRST_SIX,
    '8C 8D 3S KH',
    '7C 9D 4S 9S',
    '6C TD 5S QS',
    '5C QD 6S JS',
    '4C KD 7S KS',
    '3C AD 8S AS',
    '2D JD 7H AH',
  ],
};

/** As MOON, but seat 3 keeps the Q♠ for the last trick: seat 0 takes every heart, seat 1 the Q♠ — no moon. */
const ALL_HEARTS: Script = {
  hands: HANDS,
  tricks: [...MOON.tricks.slice(0, 8), '6C TD 4S AS', ...MOON.tricks.slice(9, 12), '2D JD 8S QS'],
};

type Step = [Script, number]; // a script with its seats rotated so that seat k plays seat 0's part

/** Deals and plays the scripted hands in turn (the rules must not pass cards). */
function run(
  rules: Partial<Rules>,
  steps: readonly Step[],
  sevenSuit: 'C' | 'D' | 'S' | null = null,
): GameState {
  let g = start({ passCards: 0, ...rules });
  for (const [script, k] of steps) {
    expect(g.phase).toBe('deal');
    g = play(dealt(g, rotate(script.hands, k), sevenSuit), script.tricks.join(' '));
  }
  return g;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

describe('points and the moon', () => {
  test.each<[string, Partial<Rules>, Script, number[], number[], number | null]>([
    ['a plain hand', {}, SPLIT25, [25, 1, 0, 0], [25, 1, 0, 0], null],
    ['another plain hand', {}, SPLIT24, [24, 2, 0, 0], [24, 2, 0, 0], null],
    ['othersPlus26', {}, MOON, [26, 0, 0, 0], [0, 26, 26, 26], 0],
    ['every heart without the Q♠ is no moon', {}, ALL_HEARTS, [13, 13, 0, 0], [13, 13, 0, 0], null],
    ['shooterMinus26', { moon: 'shooterMinus26' }, MOON, [26, 0, 0, 0], [-26, 0, 0, 0], 0],
    ['none: the shooter keeps the points', { moon: 'none' }, MOON, [26, 0, 0, 0], [26, 0, 0, 0], null],
    [
      'spot hearts: the moon is worth 129',
      { heartValues: 'rank', queenPoints: 25 },
      MOON,
      [129, 0, 0, 0],
      [0, 129, 129, 129],
      0,
    ],
    [
      'spot hearts, no moon',
      { heartValues: 'rank', queenPoints: 25 },
      SPLIT25,
      [122, 7, 0, 0],
      [122, 7, 0, 0],
      null,
    ],
    [
      'spot hearts, shooterMinus26',
      { heartValues: 'rank', queenPoints: 25, moon: 'shooterMinus26' },
      MOON,
      [129, 0, 0, 0],
      [-129, 0, 0, 0],
      0,
    ],
    [
      'omnibus: the J♦ stays with its taker',
      { jackOfDiamonds: -10 },
      MOON,
      [26, -10, 0, 0],
      [0, 16, 26, 26],
      0,
    ],
    [
      'omnibus, shooterMinus26',
      { jackOfDiamonds: -10, moon: 'shooterMinus26' },
      MOON,
      [26, -10, 0, 0],
      [-26, -10, 0, 0],
      0,
    ],
    ['omnibus, no moon', { jackOfDiamonds: -10 }, SPLIT24, [24, -8, 0, 0], [24, -8, 0, 0], null],
    [
      'Black Maria spades: K♠ with the shooter, A♠ with its taker',
      { blackMariaSpades: true },
      MOON,
      [36, 7, 0, 0],
      [10, 33, 26, 26],
      0,
    ],
    [
      'Black Maria spades, no moon (K♠ and A♠ with seat 0)',
      { blackMariaSpades: true },
      SPLIT24,
      [41, 2, 0, 0],
      [41, 2, 0, 0],
      null,
    ],
    ['queenPoints 25 with one-point hearts', { queenPoints: 25 }, MOON, [38, 0, 0, 0], [0, 38, 38, 38], 0],
  ])('%s', (_, rules, script, taken, points, shooter) => {
    const g = run(rules, [[script, 0]]);
    expect(g.results).toHaveLength(1);
    expect(g.results[0]).toEqual({ taken, points, shooter, moonChoice: null });
    expect(g.scores).toEqual(points);
  });

  test.each<[string, Partial<Rules>]>([
    ['standard', {}],
    ['spot hearts', { heartValues: 'rank', queenPoints: 25 }],
    ['queenPoints 25', { queenPoints: 25 }],
    ['a Q♠ worth nothing, hearts by rank (Papayoo)', { heartValues: 'rank', queenPoints: 0 }],
    ['omnibus', { jackOfDiamonds: -10 }],
    ['Black Maria spades', { blackMariaSpades: true }],
  ])('moonPoints is what a shot moon gives each other seat: %s', (_, rules) => {
    const g = run(rules, [[MOON, 0]]);
    const { taken, points } = g.results[0]!;
    for (const s of [2, 3]) expect(points[s]! - taken[s]!).toBe(moonPoints(g.rules));
  });

  test('moonPoints: 26 by the standard rules, 129 in spot hearts', () => {
    expect(moonPoints(start({}).rules)).toBe(26);
    expect(moonPoints(start({ heartValues: 'rank', queenPoints: 25 }).rules)).toBe(129);
  });

  // The last column: whether the rules score cards that are no moon card (Black Maria's K♠ and A♠, the J♦, the
  // seven), so that some hands' points are not their moon card points.
  test.each<[string, Partial<Rules>, boolean]>([
    ['standard', {}, false],
    ['Black Maria', preset('blackMaria'), true],
    ['omnibus', preset('omnibus'), true],
    ['spot hearts', preset('spot'), false],
    ['the seven of the die', { sevenOfDie: true }, true],
  ])(
    'moonCardPoints: the points of the hearts and the Q♠ each seat has taken, nothing else (%s)',
    (_, rules, scoresOthers) => {
      const cfg = compiledRules(start(rules).rules);
      const rng = seededRandom(11);
      const deck: number[] = [];
      for (let suit = 0; suit < 4; suit++)
        for (let r = 0; r < 13; r++) if (cfg.deckMasks[suit]! & (1 << r)) deck.push(suit * 13 + r);
      const core = new HandCore(cfg);
      const moon = new Int32Array(cfg.n);
      const raw = new Int32Array(cfg.n);
      const legal = new Int8Array(52);
      let otherPoints = 0; // hands where a seat took points that are no moon card's
      for (let d = 0; d < 30; d++) {
        shuffleInPlace(rng, deck);
        const hands = new Uint16Array(cfg.n * 4);
        deck.forEach((c, i) => (hands[(i % cfg.n) * 4 + ((c / 13) | 0)]! |= 1 << (c % 13)));
        core.start(hands, d % cfg.n, cfg.rules.sevenOfDie ? 5 : -1);
        while (!core.isOver) core.play(legal[rng.nextUint32() % core.legalInto(legal)]!);
        core.moonCardPoints(moon);
        core.rawPoints(raw);
        let sum = 0;
        for (let s = 0; s < cfg.n; s++) {
          let expected = 0;
          for (let r = 0; r < 13; r++)
            if (core.taken[s * 4 + 3]! & (1 << r)) expected += cfg.cardPoints[39 + r]!;
          if (core.taken[s * 4 + 2]! & (1 << 10)) expected += cfg.cardPoints[36]!;
          expect(moon[s]).toBe(expected);
          if (raw[s] !== moon[s]) otherPoints++;
          sum += moon[s]!;
        }
        expect(sum).toBe(cfg.moonValue);
        const shooter = core.shooter();
        if (shooter >= 0) expect(moon[shooter]).toBe(cfg.moonValue);
      }
      expect(otherPoints > 0).toBe(scoresOthers);
    },
  );

  test('the moon goes to whoever shoots it', () => {
    for (let k = 0; k < 4; k++) {
      const g = run({}, [[MOON, k]]);
      expect(g.results[0]!.shooter).toBe(k);
      expect(g.scores).toEqual([0, 1, 2, 3].map((s) => (s === k ? 0 : 26)));
    }
  });

  test('no moon when no moon card is in play', () => {
    const hearts = [...'23456789TJQKA'].map((r) => `${r}H` as CardName);
    const rules: Partial<Rules> = {
      removedCards: [...hearts, 'QS', '2C', '3C'],
      moon: 'shooterChoice',
      passCards: 0,
    };
    const g = randomGame(start(rules), seededRandom(3), { maxHands: 1 });
    expect(g.phase).toBe('deal');
    expect(g.results[0]).toMatchObject({ shooter: null, points: [0, 0, 0, 0] });
  });

  test('under the standard rules every hand adds up to 26 (78 after a moon)', () => {
    for (const script of [SPLIT25, SPLIT24, MOON]) {
      const g = run({}, [[script, 0]]);
      expect(sum(g.results[0]!.taken)).toBe(26);
      expect(sum(g.results[0]!.points)).toBe(script === MOON ? 78 : 26);
    }
  });
});

describe('the shooter chooses', () => {
  const shot = (): GameState => {
    const g = run({ moon: 'shooterChoice' }, [[MOON, 2]]);
    expect(g.phase).toBe('moon');
    return g;
  };

  test('the hand waits for the shooter, and only the shooter', () => {
    const g = shot();
    expect(g.moonShooter).toBe(2);
    expect(seatsToAct(g)).toEqual([2]);
    expect(g.results).toHaveLength(0);
    expect(observation(g, 2)).toMatchObject({ phase: 'moon', moonShooter: 2, turn: null, legal: [] });
    expect(observation(g, 0)).toMatchObject({ phase: 'moon', moonShooter: 2 });
    const other = applyMove(g, 1, { kind: 'moon', choice: 'plus' });
    expect(other).toMatchObject({ ok: false, error: { code: 'ERR_NOT_SHOOTER' } });
    const bad = applyMove(g, 2, { kind: 'moon', choice: 'both' as 'plus' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'ERR_BAD_CHOICE' } });
    const card = applyMove(g, 2, { kind: 'play', card: 0 });
    expect(card).toMatchObject({ ok: false, error: { code: 'ERR_WRONG_PHASE' } });
  });

  test.each([
    ['minus', [0, 0, -26, 0]],
    ['plus', [26, 26, 0, 26]],
  ] as const)('%s', (choice, points) => {
    const r = applyMove(shot(), 2, { kind: 'moon', choice });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.phase).toBe('deal');
    expect(r.value.results[0]).toEqual({ taken: [0, 0, 26, 0], points, shooter: 2, moonChoice: choice });
    expect(r.value.log[0]!.moonChoice).toBe(choice);
    expect(r.value.scores).toEqual(points);
  });

  test('a hand without a moon needs no choice', () => {
    const g = run({ moon: 'shooterChoice' }, [[SPLIT25, 0]]);
    expect(g.phase).toBe('deal');
    expect(g.results[0]!.moonChoice).toBeNull();
  });
});

describe('othersPlus26UnlessLosing', () => {
  test('others +26 when the game goes on', () => {
    const g = run({ moon: 'othersPlus26UnlessLosing' }, [[MOON, 1]]);
    expect(g.scores).toEqual([26, 0, 26, 26]);
    expect(g.phase).toBe('deal');
  });

  test('others +26 when that ends the game with the shooter alone in the lead', () => {
    const g = run({ moon: 'othersPlus26UnlessLosing', targetScore: 26 }, [[MOON, 0]]);
    expect(g.results[0]!.points).toEqual([0, 26, 26, 26]);
    expect(g.phase).toBe('gameOver');
    expect(g.winners).toEqual([0]);
  });

  test('shooter −26 when +26 would end the game with the shooter tied for the lead', () => {
    const g = run({ moon: 'othersPlus26UnlessLosing' }, [
      [MOON, 1],
      [MOON, 0],
    ]);
    // +26 would make 26 26 52 52: the game would end with seats 0 and 1 tied.
    expect(g.results[1]!.points).toEqual([-26, 0, 0, 0]);
    expect(g.scores).toEqual([0, 0, 26, 26]);
    expect(g.phase).toBe('deal');
  });

  test('shooter −26 when +26 would end the game with the shooter behind', () => {
    const g = run({ moon: 'othersPlus26UnlessLosing' }, [
      [SPLIT25, 0], // 25 1 0 0
      [SPLIT24, 1], // 25 25 2 0
      [SPLIT24, 0], // 49 27 2 0
      [MOON, 0], // +26 would make 49 53 28 26: the game would end with seat 3 lowest
    ]);
    expect(g.results[3]!.points).toEqual([-26, 0, 0, 0]);
    expect(g.scores).toEqual([23, 27, 2, 0]);
    expect(g.phase).toBe('deal');
  });

  test('under handsToPlay the last hand decides', () => {
    const last = run({ moon: 'othersPlus26UnlessLosing', handsToPlay: 2 }, [
      [MOON, 1], // 26 0 26 26
      [MOON, 0], // +26 would make 26 26 52 52 at the end of the last hand, seat 0 tied → −26
    ]);
    expect(last.results[1]!.points).toEqual([-26, 0, 0, 0]);
    expect(last.phase).toBe('gameOver');
    expect(last.winners).toEqual([0, 1]);
    const early = run({ moon: 'othersPlus26UnlessLosing', handsToPlay: 3, targetScore: 26 }, [
      [MOON, 1],
      [MOON, 0], // not the last hand: +26 although the scores pass the target
    ]);
    expect(early.results[1]!.points).toEqual([0, 26, 26, 26]);
    expect(early.phase).toBe('deal');
  });
});

describe('the end of the game', () => {
  test.each<[string, Partial<Rules>, Step[], number[], boolean, number[]]>([
    [
      '50 reached exactly',
      {},
      [
        [SPLIT25, 0],
        [SPLIT25, 0],
      ],
      [50, 2, 0, 0],
      true,
      [2, 3],
    ],
    [
      '49 goes on',
      {},
      [
        [SPLIT25, 0],
        [SPLIT24, 0],
      ],
      [49, 3, 0, 0],
      false,
      [],
    ],
    [
      '51 passes 50',
      {},
      [
        [SPLIT25, 0],
        [MOON, 1],
      ],
      [51, 1, 26, 26],
      true,
      [1],
    ],
    [
      '100 reached exactly',
      { targetScore: 100 },
      [
        [SPLIT25, 0],
        [SPLIT25, 0],
        [MOON, 1],
        [SPLIT24, 0],
      ],
      [100, 4, 26, 26],
      true,
      [1],
    ],
    [
      '99 goes on',
      { targetScore: 100 },
      [
        [SPLIT25, 0],
        [SPLIT24, 0],
        [MOON, 1],
        [SPLIT24, 0],
      ],
      [99, 5, 26, 26],
      false,
      [],
    ],
    ['targetScore 1', { targetScore: 1 }, [[SPLIT25, 2]], [0, 0, 25, 1], true, [0, 1]],
    [
      'a tie for lowest shares the win',
      {},
      [
        [MOON, 0],
        [MOON, 1],
      ],
      [26, 26, 52, 52],
      true,
      [0, 1],
    ],
    [
      'playOn: a tie for lowest plays another hand',
      { ties: 'playOn' },
      [
        [MOON, 0],
        [MOON, 1],
      ],
      [26, 26, 52, 52],
      false,
      [],
    ],
    [
      'playOn: … until one alone is lowest',
      { ties: 'playOn' },
      [
        [MOON, 0],
        [MOON, 1],
        [SPLIT24, 0],
      ],
      [50, 28, 52, 52],
      true,
      [1],
    ],
    [
      'playOn: still tied after the extra hand',
      { ties: 'playOn' },
      [
        [MOON, 0],
        [MOON, 1],
        [SPLIT25, 2],
      ],
      [26, 26, 77, 53],
      false,
      [],
    ],
    ['handsToPlay 1', { handsToPlay: 1 }, [[SPLIT24, 1]], [0, 24, 2, 0], true, [0, 3]],
    [
      'handsToPlay 3 ignores the target',
      { handsToPlay: 3 },
      [
        [SPLIT25, 0],
        [SPLIT25, 0],
      ],
      [50, 2, 0, 0],
      false,
      [],
    ],
    [
      'handsToPlay 3: the third hand ends the game',
      { handsToPlay: 3 },
      [
        [SPLIT25, 0],
        [SPLIT25, 0],
        [SPLIT24, 1],
      ],
      [50, 26, 2, 0],
      true,
      [3],
    ],
    [
      'handsToPlay 1, playOn: tied',
      { handsToPlay: 1, ties: 'playOn' },
      [[SPLIT25, 0]],
      [25, 1, 0, 0],
      false,
      [],
    ],
    [
      'handsToPlay 1, playOn: one more hand',
      { handsToPlay: 1, ties: 'playOn' },
      [
        [SPLIT25, 0],
        [SPLIT25, 2],
      ],
      [25, 1, 25, 1],
      false,
      [],
    ],
    [
      'handsToPlay 1, playOn: decided',
      { handsToPlay: 1, ties: 'playOn' },
      [
        [SPLIT25, 0],
        [SPLIT25, 2],
        [SPLIT25, 3],
      ],
      [26, 1, 25, 26],
      true,
      [1],
    ],
  ])('%s', (_, rules, steps, scores, over, winners) => {
    const g = run(rules, steps);
    expect(g.scores).toEqual(scores);
    expect(g.phase).toBe(over ? 'gameOver' : 'deal');
    expect(g.winners).toEqual(winners);
    expect(g.handNumber).toBe(over ? steps.length - 1 : steps.length);
    expect(g.results).toHaveLength(steps.length);
    if (over) {
      expect(observation(g, 0).winners).toEqual(winners);
      expect(applyMove(g, 0, { kind: 'play', card: 0 })).toMatchObject({
        ok: false,
        error: { code: 'ERR_WRONG_PHASE' },
      });
    }
  });
});

describe('the seven of the die', () => {
  test.each<[string, Partial<Rules>, Script, 'C' | 'D' | 'S', number[], number[]]>([
    ['the 7♦ scores 40 for its taker, beside the moon', {}, MOON, 'D', [66, 0, 0, 0], [40, 26, 26, 26]],
    ['the 7♠ without a moon', {}, SPLIT25, 'S', [65, 1, 0, 0], [65, 1, 0, 0]],
    ['the 7♣, moon none', { moon: 'none' }, MOON, 'C', [66, 0, 0, 0], [66, 0, 0, 0]],
  ])('%s', (_, rules, script, suit, taken, points) => {
    const g = run({ sevenOfDie: true, ...rules }, [[script, 0]], suit);
    expect(g.log[0]!.sevenSuit).toBe(['C', 'D', 'S'].indexOf(suit));
    expect(g.results[0]).toMatchObject({ taken, points });
  });

  test('only the die’s seven scores, for whoever takes it', () => {
    const d = run({ sevenOfDie: true }, [[SPLIT24, 1]], 'D');
    const c = run({ sevenOfDie: true }, [[SPLIT24, 1]], 'C');
    // Seat 1 (playing seat 0's part) takes the 7♣, 7♦ and 7♠; only the die's seven counts.
    expect(d.results[0]!.taken).toEqual([0, 64, 2, 0]);
    expect(c.results[0]!.taken).toEqual([0, 64, 2, 0]);
    expect(run({}, [[SPLIT24, 1]]).results[0]!.taken).toEqual([0, 24, 2, 0]);
  });
});
