import {
  CardSet,
  applyMove,
  dealRandom,
  deal,
  deckOf,
  handOf,
  legalMoves,
  newGame,
  parseRules,
  preset,
  randomInt,
  rulesDiff,
  seatsToAct,
  seededRandom,
  unwrap,
  type GameState,
  type MoonChoice,
  type RandomSource,
  type Suit,
  type Rules,
  toPlay,
  handTricks,
} from '@hearts/engine';
import { describe, expect, it, test } from 'vitest';
import {
  addHand,
  checkHand,
  createPad,
  handTotal,
  hasJack,
  moonDraft,
  moonValue,
  padToJson,
  parsePad,
  pointCards,
  pointValues,
  remainder,
  removeHand,
  renamePad,
  replaceHand,
  scoreEntry,
  standing,
  unwrapPad,
  type HandDraft,
  type HandEntry,
  type Pad,
} from './model';

const rulesOf = (options: Partial<Rules> = {}): Rules => unwrap(parseRules(options));
const NAMES = ['Ann', 'Ben', 'Cem', 'Dora', 'Eva', 'Fred'];

function padWith(options: Partial<Rules> = {}, players = options.players ?? 4): Pad {
  return unwrapPad(
    createPad({ id: 'p', name: 'Test', players: NAMES.slice(0, players), rules: options, now: 1000 }),
  );
}

const draft = (
  taken: readonly (number | null)[],
  more: Partial<Omit<HandDraft, 'taken'>> = {},
): HandDraft => ({ taken, shooter: null, moonChoice: null, jack: null, ...more });

/** A pad with these hands entered one after another (each must be accepted). */
function playHands(pad: Pad, hands: readonly HandDraft[]): Pad {
  return hands.reduce((p, h, i) => unwrapPad(addHand(p, h, 2000 + i)), pad);
}

describe('the points of a hand', () => {
  test.each<[string, Partial<Rules>, number, number, number]>([
    // name, options, hand total, moon value, counting cards
    ['standard', {}, 26, 26, 14],
    ['three players (2♦ out)', { players: 3 }, 26, 26, 14],
    ['five players', { players: 5 }, 26, 26, 14],
    ['six players', { players: 6 }, 26, 26, 14],
    ['Omnibus: the J♦ is apart', { jackOfDiamonds: -10 }, 26, 26, 14],
    ['spot hearts: 104 + Q♠ 25', preset('spot'), 129, 129, 14],
    ['Black Maria: K♠ 10 and A♠ 7 on top', preset('blackMaria'), 43, 26, 16],
    ['Black Maria spades with four players', { blackMariaSpades: true }, 43, 26, 16],
    ['the die’s seven: 40 more', { sevenOfDie: true }, 66, 26, 15],
    ['Q♠ worth 25', { queenPoints: 25 }, 38, 38, 14],
    ['Q♠ worth nothing (papayoo style)', { heartValues: 'rank', queenPoints: 0 }, 104, 104, 13],
    ['a heart taken out', { players: 5, removedCards: ['2H', '2C'] }, 25, 25, 13],
  ])('%s', (_name, options, total, moon, count) => {
    const rules = rulesOf(options);
    expect(handTotal(rules)).toBe(total);
    expect(moonValue(rules)).toBe(moon);
    expect(pointCards(rules)).toHaveLength(count);
    expect(pointValues(rules).total).toBe(total);
  });

  it('lists the counting cards highest first, the moon cards marked', () => {
    const cards = pointCards(rulesOf(preset('blackMaria')));
    expect(cards.slice(0, 3)).toEqual([
      { card: 'QS', points: 13, moon: true },
      { card: 'KS', points: 10, moon: false },
      { card: 'AS', points: 7, moon: false },
    ]);
    expect(cards.filter((c) => c.moon)).toHaveLength(14);
  });

  it('knows the J♦ only under Omnibus', () => {
    expect(hasJack(rulesOf())).toBe(false);
    expect(hasJack(rulesOf({ jackOfDiamonds: -10 }))).toBe(true);
    expect(pointValues(rulesOf({ jackOfDiamonds: -10 })).jack).toBe(-10);
    expect(pointValues(rulesOf(preset('blackMaria')))).toMatchObject({ kingOfSpades: 10, aceOfSpades: 7 });
  });

  it('tells what is missing to the total', () => {
    expect(remainder(rulesOf(), [5, null, 13, null])).toBe(8);
    expect(remainder(rulesOf(preset('spot')), [100])).toBe(29);
  });
});

describe('checking a hand', () => {
  const moon = (shooter: number, moonChoice: MoonChoice | null = null) => ({ shooter, moonChoice });
  test.each<[string, Partial<Rules>, HandDraft, object]>([
    ['a standard hand', {}, draft([5, 13, 8, 0]), { ok: true }],
    ['all on two players', {}, draft([13, 13, 0, 0]), { ok: true }],
    ['one player too few', {}, draft([13, 13, 0]), { code: 'ERR_PLAYERS' }],
    ['a missing entry', {}, draft([5, null, 13, 8]), { code: 'ERR_MISSING', player: 1 }],
    ['a negative entry', {}, draft([-1, 14, 13, 0]), { code: 'ERR_NEGATIVE', player: 0 }],
    ['more than the hand has', {}, draft([0, 27, 0, 0]), { code: 'ERR_TOO_MANY', player: 1, total: 26 }],
    [
      'a 21-digit number',
      {},
      draft([0, 0, Number('123456789012345678901'), 0]),
      { code: 'ERR_TOO_MANY', player: 2, total: 26 },
    ],
    ['a fraction', {}, draft([0.5, 12.5, 13, 0]), { code: 'ERR_NOT_WHOLE', player: 0 }],
    ['not a number', {}, draft([0, Number.NaN, 13, 0]), { code: 'ERR_NOT_WHOLE', player: 1 }],
    ['text', {}, draft([0, '13' as unknown as number, 13, 0]), { code: 'ERR_NOT_WHOLE', player: 1 }],
    ['too many points', {}, draft([5, 13, 8, 1]), { code: 'ERR_SUM', sum: 27, total: 26 }],
    ['too few points', {}, draft([0, 0, 0, 0]), { code: 'ERR_SUM', sum: 0, total: 26 }],
    ['nobody holds the Q♠', {}, draft([7, 7, 6, 6]), { code: 'ERR_IMPOSSIBLE' }],
    ['all 26 unmarked is a moon', {}, draft([0, 26, 0, 0]), { code: 'ERR_MOON_UNMARKED', player: 1 }],
    ['a marked moon', {}, draft([0, 26, 0, 0], moon(1)), { ok: true }],
    ['a moon for the wrong player', {}, draft([0, 26, 0, 0], moon(0)), { code: 'ERR_MOON_CARDS', player: 0 }],
    ['a moon short of points', {}, draft([20, 6, 0, 0], moon(0)), { code: 'ERR_MOON_CARDS', player: 0 }],
    ['a shooter who is no player', {}, draft([26, 0, 0, 0], moon(4)), { code: 'ERR_SEAT' }],
    [
      'no moon in the rules',
      { moon: 'none' },
      draft([26, 0, 0, 0], moon(0)),
      { code: 'ERR_NO_MOON', player: 0 },
    ],
    ['26 without moons is just 26', { moon: 'none' }, draft([26, 0, 0, 0]), { ok: true }],
    [
      'the shooter has not chosen',
      { moon: 'shooterChoice' },
      draft([26, 0, 0, 0], moon(0)),
      { code: 'ERR_MOON_CHOICE', player: 0 },
    ],
    ['the shooter chose', { moon: 'shooterChoice' }, draft([26, 0, 0, 0], moon(0, 'minus')), { ok: true }],
    ['Omnibus without the J♦', { jackOfDiamonds: -10 }, draft([5, 13, 8, 0]), { code: 'ERR_JACK' }],
    ['Omnibus with the J♦', { jackOfDiamonds: -10 }, draft([5, 13, 8, 0], { jack: 3 }), { ok: true }],
    [
      'a J♦ taker who is no player',
      { jackOfDiamonds: -10 },
      draft([5, 13, 8, 0], { jack: 7 }),
      { code: 'ERR_SEAT' },
    ],
    ['spot hearts', preset('spot'), draft([25, 104, 0, 0]), { ok: true }],
    ['spot hearts: 1 cannot be taken', preset('spot'), draft([1, 128, 0, 0]), { code: 'ERR_IMPOSSIBLE' }],
    ['spot hearts: all but the 2♥', preset('spot'), draft([127, 2, 0, 0]), { ok: true }],
    [
      'spot hearts: 129 is a moon',
      preset('spot'),
      draft([0, 0, 129, 0]),
      { code: 'ERR_MOON_UNMARKED', player: 2 },
    ],
    ['spot hearts: a marked moon', preset('spot'), draft([0, 0, 129, 0], moon(2)), { ok: true }],
    ['spot hearts: too much', preset('spot'), draft([26, 0, 0, 0]), { code: 'ERR_SUM', sum: 26, total: 129 }],
    ['Black Maria', preset('blackMaria'), draft([13, 13, 17]), { ok: true }],
    ['Black Maria: 26 need not be a moon', preset('blackMaria'), draft([26, 17, 0]), { ok: true }],
    [
      'Black Maria: everything is a moon',
      preset('blackMaria'),
      draft([43, 0, 0]),
      { code: 'ERR_MOON_UNMARKED', player: 0 },
    ],
    ['Black Maria: the shooter took the K♠', preset('blackMaria'), draft([36, 7, 0], moon(0)), { ok: true }],
    ['Black Maria: the shooter took both', preset('blackMaria'), draft([43, 0, 0], moon(0)), { ok: true }],
    [
      'Black Maria: 4 is no spade',
      preset('blackMaria'),
      draft([30, 13, 0], moon(0)),
      { code: 'ERR_MOON_CARDS', player: 0 },
    ],
    ['Black Maria: 1 point of spades', preset('blackMaria'), draft([1, 25, 17]), { ok: true }],
    ['the die’s seven', { sevenOfDie: true }, draft([40, 13, 13, 0]), { ok: true }],
    [
      'the die’s seven: 26 beside it is a moon',
      { sevenOfDie: true },
      draft([40, 26, 0, 0]),
      { code: 'ERR_MOON_UNMARKED', player: 1 },
    ],
    ['the die’s seven: moon and seven', { sevenOfDie: true }, draft([66, 0, 0, 0], moon(0)), { ok: true }],
    [
      'the die’s seven: 39 cannot be',
      { sevenOfDie: true },
      draft([39, 27, 0, 0]),
      { code: 'ERR_IMPOSSIBLE' },
    ],
    [
      'a worthless Q♠ cannot tell a moon',
      { heartValues: 'rank', queenPoints: 0 },
      draft([104, 0, 0, 0]),
      { ok: true },
    ],
    ['three players', { players: 3 }, draft([13, 13, 0]), { ok: true }],
    ['three players: a moon', { players: 3 }, draft([0, 0, 26]), { code: 'ERR_MOON_UNMARKED', player: 2 }],
    ['six players', { players: 6 }, draft([1, 2, 3, 4, 16, 0]), { ok: true }],
    ['six players: no Q♠', { players: 6 }, draft([5, 5, 4, 4, 4, 4]), { code: 'ERR_IMPOSSIBLE' }],
  ])('%s', (_name, options, d, expected) => {
    const r = checkHand(rulesOf(options), d);
    if ('ok' in expected) expect(r).toMatchObject({ ok: true });
    else expect(r).toEqual({ ok: false, error: expected });
  });

  it('keeps a choice only where the shooter chooses, and the J♦ only under Omnibus', () => {
    const plain = checkHand(rulesOf(), draft([26, 0, 0, 0], { shooter: 0, moonChoice: 'minus', jack: 2 }));
    expect(plain).toEqual({
      ok: true,
      value: { taken: [26, 0, 0, 0], shooter: 0, moonChoice: null, jack: null },
    });
    const zero = checkHand(rulesOf(), draft([-0, 13, 13, 0]));
    expect(Object.is(unwrapPad(zero).taken[0], 0)).toBe(true);
  });

  it('decides spot-hearts splits quickly, six players included', () => {
    const t0 = performance.now();
    const rules = rulesOf({ ...preset('spot'), players: 6 });
    expect(checkHand(rules, draft([27, 22, 20, 20, 20, 20])).ok).toBe(true);
    expect(checkHand(rules, draft([1, 24, 26, 26, 26, 26])).ok).toBe(false);
    expect(checkHand(rules, draft([3, 3, 3, 3, 3, 114])).ok).toBe(false); // only one 3♥
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('fills a moon in for its shooter', () => {
    expect(moonDraft(rulesOf(), 2, draft([1, null, 3, 4])).taken).toEqual([0, 0, 26, 0]);
    expect(moonDraft(rulesOf(preset('spot')), 0, draft([null, null, null, null]))).toEqual(
      draft([129, 0, 0, 0], { shooter: 0 }),
    );
  });
});

describe('scoring a hand', () => {
  const entry = (taken: number[], more: Partial<HandEntry> = {}): HandEntry => ({
    taken,
    shooter: null,
    moonChoice: null,
    jack: null,
    ...more,
  });
  test.each<[string, Partial<Rules>, HandEntry, number[], number[], MoonChoice | null]>([
    // name, options, entry, totals before, points, how the moon counted
    ['plain points', {}, entry([5, 13, 8, 0]), [0, 0, 0, 0], [5, 13, 8, 0], null],
    ['moon: the others +26', {}, entry([26, 0, 0, 0], { shooter: 0 }), [0, 0, 0, 0], [0, 26, 26, 26], 'plus'],
    [
      'moon: shooter −26',
      { moon: 'shooterMinus26' },
      entry([0, 26, 0, 0], { shooter: 1 }),
      [0, 0, 0, 0],
      [0, -26, 0, 0],
      'minus',
    ],
    [
      'moon: the shooter chose minus',
      { moon: 'shooterChoice' },
      entry([26, 0, 0, 0], { shooter: 0, moonChoice: 'minus' }),
      [0, 0, 0, 0],
      [-26, 0, 0, 0],
      'minus',
    ],
    [
      'moon: the shooter chose plus',
      { moon: 'shooterChoice' },
      entry([26, 0, 0, 0], { shooter: 0, moonChoice: 'plus' }),
      [0, 0, 0, 0],
      [0, 26, 26, 26],
      'plus',
    ],
    [
      'unless losing: the game goes on',
      { moon: 'othersPlus26UnlessLosing' },
      entry([26, 0, 0, 0], { shooter: 0 }),
      [30, 10, 20, 20],
      [0, 26, 26, 26],
      'plus',
    ],
    [
      'unless losing: the shooter wins alone',
      { moon: 'othersPlus26UnlessLosing' },
      entry([26, 0, 0, 0], { shooter: 0 }),
      [30, 5, 20, 25],
      [0, 26, 26, 26],
      'plus',
    ],
    [
      'unless losing: +26 would lose',
      { moon: 'othersPlus26UnlessLosing' },
      entry([26, 0, 0, 0], { shooter: 0 }),
      [40, 20, 30, 10],
      [-26, 0, 0, 0],
      'minus',
    ],
    [
      'unless losing: +26 would tie',
      { moon: 'othersPlus26UnlessLosing' },
      entry([26, 0, 0, 0], { shooter: 0 }),
      [30, 4, 24, 4],
      [-26, 0, 0, 0],
      'minus',
    ],
    [
      'Omnibus: the J♦ counts −10',
      { jackOfDiamonds: -10 },
      entry([5, 13, 8, 0], { jack: 3 }),
      [0, 0, 0, 0],
      [5, 13, 8, -10],
      null,
    ],
    [
      'Omnibus: the shooter took the J♦',
      { jackOfDiamonds: -10 },
      entry([26, 0, 0, 0], { shooter: 0, jack: 0 }),
      [0, 0, 0, 0],
      [-10, 26, 26, 26],
      'plus',
    ],
    [
      'Omnibus: another took the J♦',
      { jackOfDiamonds: -10 },
      entry([26, 0, 0, 0], { shooter: 0, jack: 1 }),
      [0, 0, 0, 0],
      [0, 16, 26, 26],
      'plus',
    ],
    [
      'spot hearts moon',
      preset('spot'),
      entry([129, 0, 0, 0], { shooter: 0 }),
      [0, 0, 0, 0],
      [0, 129, 129, 129],
      'plus',
    ],
    [
      'Black Maria moon: the K♠ stays',
      preset('blackMaria'),
      entry([26, 10, 7], { shooter: 0 }),
      [0, 0, 0],
      [0, 36, 33],
      'plus',
    ],
    [
      'Black Maria moon with the A♠',
      preset('blackMaria'),
      entry([33, 10, 0], { shooter: 0 }),
      [0, 0, 0],
      [7, 36, 26],
      'plus',
    ],
    [
      'Black Maria minus moon',
      { ...preset('blackMaria'), moon: 'shooterMinus26' },
      entry([43, 0, 0], { shooter: 0 }),
      [0, 0, 0],
      [-9, 0, 0],
      'minus',
    ],
    [
      'the die’s seven stays',
      { sevenOfDie: true },
      entry([26, 40, 0, 0], { shooter: 0 }),
      [0, 0, 0, 0],
      [0, 66, 26, 26],
      'plus',
    ],
  ])('%s', (_name, options, e, before, points, how) => {
    const rules = rulesOf(options);
    expect(checkHand(rules, e).ok).toBe(true);
    expect(scoreEntry(rules, e, before, 1)).toEqual({ points, moonCounted: how });
  });
});

describe('the game on a pad', () => {
  it('keeps running totals and the leader after each hand', () => {
    const pad = playHands(padWith(), [
      draft([5, 13, 8, 0]),
      draft([10, 0, 3, 13]),
      draft([0, 26, 0, 0], { shooter: 1 }),
    ]);
    const st = standing(pad);
    expect(st.lines.map((l) => l.totals)).toEqual([
      [5, 13, 8, 0],
      [15, 13, 11, 13],
      [41, 13, 37, 39],
    ]);
    expect(st.lines.map((l) => l.leaders)).toEqual([[3], [2], [1]]);
    expect(st.lines[2]!.moonCounted).toBe('plus');
    expect(st.totals).toEqual([41, 13, 37, 39]);
    expect(st.over).toBe(false);
    expect(st.next).toEqual({ index: 3, dealer: 3, passOffset: 0 });
  });

  it('has no leader before the first hand', () => {
    expect(standing(padWith()).leaders).toEqual([]);
    expect(standing(padWith()).next).toEqual({ index: 0, dealer: 0, passOffset: 1 });
  });

  test.each<[string, Partial<Rules>, number, number[], number[]]>([
    // name, options, players, pass offsets of hands 0.., dealers
    ['four players: left, right, across, none', {}, 4, [1, 3, 2, 0, 1, 3], [0, 1, 2, 3, 0, 1]],
    ['three players: left, right, none', {}, 3, [1, 2, 0, 1, 2, 0], [0, 1, 2, 0, 1, 2]],
    ['five players: left, right, none', {}, 5, [1, 4, 0, 1], [0, 1, 2, 3]],
    ['six players: left, right, across, none', {}, 6, [1, 5, 3, 0, 1, 5], [0, 1, 2, 3, 4, 5]],
    ['rotating with four', { passCycle: 'rotate' }, 4, [1, 2, 3, 0, 1], [0, 1, 2, 3, 0]],
    ['rotating with six', { passCycle: 'rotate' }, 6, [1, 2, 3, 4, 5, 0, 1], [0, 1, 2, 3, 4, 5, 0]],
    ['always left', { passCycle: 'left' }, 4, [1, 1, 1, 1, 1], [0, 1, 2, 3, 0]],
    ['always right (Black Maria)', preset('blackMaria'), 3, [2, 2, 2, 2], [0, 1, 2, 0]],
    ['never passing', { passCards: 0 }, 4, [0, 0, 0, 0, 0], [0, 1, 2, 3, 0]],
  ])('passes and deals: %s', (_name, options, players, offsets, dealers) => {
    let pad = padWith({ ...options, targetScore: 100_000 }, players);
    const total = handTotal(pad.rules);
    const hand = draft(Array.from({ length: players }, (_, p) => (p === 0 ? total - 1 : p === 1 ? 1 : 0)));
    const seen: [number, number][] = [];
    for (let i = 0; i < offsets.length; i++) {
      const next = standing(pad).next!;
      seen.push([next.passOffset, next.dealer]);
      pad = unwrapPad(addHand(pad, hand, i));
    }
    expect(seen).toEqual(offsets.map((o, i) => [o, dealers[i]]));
    expect(standing(pad).lines.map((l) => [l.passOffset, l.dealer])).toEqual(seen);
  });

  it('ends after the hand in which someone reaches the target; the lowest wins', () => {
    let pad = playHands(padWith(), [draft([13, 13, 0, 0]), draft([13, 13, 0, 0]), draft([13, 10, 3, 0])]);
    expect(standing(pad).over).toBe(false);
    pad = playHands(pad, [draft([13, 0, 13, 0])]);
    const st = standing(pad);
    expect(st).toMatchObject({ over: true, winners: [3], totals: [52, 36, 16, 0], next: null });
    expect(st.lines.map((l) => l.ends)).toEqual([false, false, false, true]);
    expect(addHand(pad, draft([13, 13, 0, 0]), 9)).toEqual({ ok: false, error: { code: 'ERR_GAME_OVER' } });
  });

  it('plays to 100 when chosen', () => {
    const pad = playHands(padWith({ targetScore: 100 }), [
      draft([26, 0, 0, 0], { shooter: 0 }),
      draft([26, 0, 0, 0], { shooter: 0 }),
    ]);
    expect(standing(pad).over).toBe(false);
    const done = playHands(pad, [draft([0, 0, 26, 0], { shooter: 2 }), draft([0, 0, 26, 0], { shooter: 2 })]);
    expect(standing(done)).toMatchObject({ over: true, totals: [52, 104, 52, 104], winners: [0, 2] });
  });

  it('shares the win on a tie for lowest', () => {
    const pad = playHands(padWith(), [
      draft([13, 13, 0, 0]),
      draft([13, 13, 0, 0]),
      draft([13, 13, 0, 0]),
      draft([13, 13, 0, 0]),
    ]);
    expect(standing(pad)).toMatchObject({ over: true, winners: [2, 3], playingOn: false });
  });

  it('plays on after a tie for lowest under "playOn", until one player alone is lowest', () => {
    const hands = [
      draft([13, 13, 0, 0]),
      draft([13, 13, 0, 0]),
      draft([13, 13, 0, 0]),
      draft([13, 13, 0, 0]),
    ];
    let pad = playHands(padWith({ ties: 'playOn' }), hands);
    expect(standing(pad)).toMatchObject({ over: false, playingOn: true, leaders: [2, 3] });
    pad = playHands(pad, [draft([0, 0, 13, 13])]); // still tied
    expect(standing(pad)).toMatchObject({ over: false, playingOn: true });
    pad = playHands(pad, [draft([0, 0, 1, 25])]);
    expect(standing(pad)).toMatchObject({
      over: true,
      playingOn: false,
      winners: [2],
      totals: [52, 52, 14, 38],
    });
    expect(standing(pad).lines.map((l) => l.ends)).toEqual([false, false, false, false, false, true]);
  });

  it('ends after a set number of hands under handsToPlay', () => {
    const pad = playHands(padWith({ handsToPlay: 2 }), [draft([1, 25, 0, 0])]);
    expect(standing(pad).over).toBe(false);
    const done = playHands(pad, [draft([13, 13, 0, 0])]);
    expect(standing(done)).toMatchObject({ over: true, winners: [2, 3], totals: [14, 38, 0, 0] });
    const tied = playHands(padWith({ handsToPlay: 2, ties: 'playOn' }), [
      draft([1, 25, 0, 0]),
      draft([13, 13, 0, 0]),
    ]);
    expect(standing(tied)).toMatchObject({ over: false, playingOn: true });
    expect(standing(playHands(tied, [draft([0, 0, 1, 25])]))).toMatchObject({ over: true, winners: [2] });
  });

  it('scores Omnibus hands with the J♦ and ends on the totals with it', () => {
    const pad = playHands(padWith({ jackOfDiamonds: -10, targetScore: 30 }), [
      draft([13, 13, 0, 0], { jack: 0 }),
      draft([13, 13, 0, 0], { jack: 2 }),
      draft([0, 13, 13, 0], { jack: 0 }),
    ]);
    expect(standing(pad)).toMatchObject({ over: true, totals: [6, 39, 3, 0], winners: [3] });
  });

  it('rescores every later hand when an earlier one is corrected', () => {
    let pad = playHands(padWith({ moon: 'othersPlus26UnlessLosing' }), [
      draft([14, 0, 12, 0]),
      draft([26, 0, 0, 0], { shooter: 0 }),
    ]);
    // [14, 26, 38, 26]: nobody at 50, so the others get 26.
    expect(standing(pad).lines[1]!.points).toEqual([0, 26, 26, 26]);
    pad = unwrapPad(replaceHand(pad, 0, draft([0, 0, 26, 0], { shooter: 2 }), 7));
    // Now +26 would end the game at [26, 52, 26, 52] with Ann tied with Cem: Ann scores −26 instead.
    expect(standing(pad).lines[1]!.points).toEqual([-26, 0, 0, 0]);
    expect(standing(pad).totals).toEqual([0, 26, 0, 26]);
    expect(pad.updated).toBe(7);
  });

  it('marks hands entered after an end that a correction moved earlier, and does not count them', () => {
    const hands = [
      draft([13, 13, 0, 0]),
      draft([13, 13, 0, 0]),
      draft([13, 13, 0, 0]),
      draft([0, 0, 13, 13]),
    ];
    let pad = playHands(padWith(), hands);
    expect(standing(pad).over).toBe(false);
    pad = unwrapPad(replaceHand(pad, 0, draft([0, 0, 26, 0], { shooter: 2 }), 8));
    const st = standing(pad);
    expect(st.lines.map((l) => [l.ends, l.afterEnd])).toEqual([
      [false, false],
      [false, false],
      [true, false],
      [false, true],
    ]);
    expect(st).toMatchObject({ over: true, totals: [52, 52, 0, 26], winners: [2], next: null });
  });

  it('deletes a hand and renames a pad, refusing what does not exist', () => {
    const pad = playHands(padWith(), [draft([13, 13, 0, 0]), draft([0, 0, 13, 13])]);
    const fewer = unwrapPad(removeHand(pad, 0, 3));
    expect(fewer.hands.map((h) => h.taken)).toEqual([[0, 0, 13, 13]]);
    expect(removeHand(pad, 2, 3)).toEqual({ ok: false, error: { code: 'ERR_NO_HAND' } });
    expect(replaceHand(pad, -1, draft([13, 13, 0, 0]), 3)).toEqual({
      ok: false,
      error: { code: 'ERR_NO_HAND' },
    });
    expect(replaceHand(pad, 1, draft([13, 13, 0, 1]), 3)).toMatchObject({
      ok: false,
      error: { code: 'ERR_SUM' },
    });
    expect(unwrapPad(renamePad(pad, '  Sunday   night ', 4)).name).toBe('Sunday night');
    expect(renamePad(pad, '   ', 4)).toEqual({ ok: false, error: { code: 'ERR_NAME' } });
  });
});

describe('making a pad', () => {
  const make = (players: unknown[], rules: Partial<Rules> = {}, name = 'Pad') =>
    createPad({ id: 'x', name, players: players as string[], rules, now: 0 });
  test.each<[string, unknown[], Partial<Rules>, string, object]>([
    ['no name', NAMES.slice(0, 4), {}, ' ', { code: 'ERR_NAME' }],
    ['a long name', NAMES.slice(0, 4), {}, 'x'.repeat(41), { code: 'ERR_NAME' }],
    ['two players', ['A', 'B'], {}, 'Pad', { code: 'ERR_RULES', option: 'players' }],
    [
      'seven players',
      ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
      {},
      'Pad',
      { code: 'ERR_RULES', option: 'players' },
    ],
    ['an empty player name', ['A', '', 'C'], {}, 'Pad', { code: 'ERR_PLAYER_NAME', player: 1 }],
    ['a name that is no text', ['A', 7, 'C'], {}, 'Pad', { code: 'ERR_PLAYER_NAME', player: 1 }],
    ['the same name twice', ['Ann', 'Ben', 'ann '], {}, 'Pad', { code: 'ERR_NAME_TWICE', player: 2 }],
    [
      'a target of 0',
      NAMES.slice(0, 4),
      { targetScore: 0 },
      'Pad',
      { code: 'ERR_RULES', option: 'targetScore' },
    ],
    [
      'an unknown option',
      NAMES.slice(0, 4),
      { colour: 'red' } as Partial<Rules>,
      'Pad',
      { code: 'ERR_RULES', option: 'colour' },
    ],
  ])('refuses %s', (_name, players, rules, name, expected) => {
    expect(make(players, rules, name)).toMatchObject({ ok: false, error: expected });
  });

  it('takes the player count from the names', () => {
    const pad = unwrapPad(make(['A', 'B', 'C', 'D', 'E'], { players: 4, moon: 'shooterMinus26' }));
    expect(pad.rules).toMatchObject({ players: 5, removedCards: ['2C', '2D'], moon: 'shooterMinus26' });
  });
});

describe('pads as JSON', () => {
  const sample = () =>
    playHands(padWith({ jackOfDiamonds: -10, moon: 'shooterChoice' }), [
      draft([5, 13, 8, 0], { jack: 1 }),
      draft([26, 0, 0, 0], { shooter: 0, moonChoice: 'minus', jack: 0 }),
    ]);

  it('round-trips through JSON text', () => {
    const pad = sample();
    const json = padToJson(pad);
    expect(json).toMatchObject({
      format: 'hearts-pad/1',
      rules: { jackOfDiamonds: -10, moon: 'shooterChoice' },
      totals: [-31, 3, 8, 0],
      over: false,
      winners: [],
    });
    expect(json.hands[1]!.points).toEqual([-36, 0, 0, 0]);
    expect(parsePad(JSON.parse(JSON.stringify(json)))).toEqual({ ok: true, value: pad });
  });

  const corrupt = (f: (j: Record<string, unknown>) => void) => {
    const j = JSON.parse(JSON.stringify(padToJson(sample()))) as Record<string, unknown>;
    f(j);
    return parsePad(j);
  };
  test.each<[string, (j: Record<string, unknown>) => void, object]>([
    ['another format', (j) => (j['format'] = 'hearts-record/1'), { code: 'ERR_FORMAT' }],
    ['no id', (j) => delete j['id'], { code: 'ERR_FORMAT' }],
    ['a bad date', (j) => (j['created'] = 'yesterday'), { code: 'ERR_FORMAT' }],
    ['rules that are a list', (j) => (j['rules'] = []), { code: 'ERR_FORMAT' }],
    [
      'a player too many for the rules',
      (j) => ((j['rules'] as Record<string, unknown>)['players'] = 5),
      { code: 'ERR_FORMAT' },
    ],
    [
      'bad rules',
      (j) => ((j['rules'] as Record<string, unknown>)['moon'] = 'sometimes'),
      { code: 'ERR_RULES', option: 'moon' },
    ],
    ['no hands', (j) => (j['hands'] = 'none'), { code: 'ERR_FORMAT' }],
    ['a hand that is no object', (j) => ((j['hands'] as unknown[])[0] = 5), { code: 'ERR_FORMAT' }],
    [
      'a wrong sum',
      (j) => ((j['hands'] as { taken: number[] }[])[0]!.taken[0] = 6),
      { code: 'ERR_HAND', hand: 0, problem: { code: 'ERR_SUM', sum: 27, total: 26 } },
    ],
    [
      'a bad moon choice',
      (j) => ((j['hands'] as { moonChoice: string }[])[1]!.moonChoice = 'both'),
      { code: 'ERR_FORMAT' },
    ],
    [
      'a missing J♦',
      (j) => ((j['hands'] as { jack: unknown }[])[0]!.jack = null),
      { code: 'ERR_HAND', hand: 0, problem: { code: 'ERR_JACK' } },
    ],
    [
      'taken that is no list',
      (j) => ((j['hands'] as { taken: unknown }[])[0]!.taken = 26),
      { code: 'ERR_HAND', hand: 0, problem: { code: 'ERR_PLAYERS' } },
    ],
  ])('refuses %s', (_name, f, expected) => {
    expect(corrupt(f)).toMatchObject({ ok: false, error: expected });
  });

  it('refuses what is not a pad at all', () => {
    for (const x of [null, 3, 'pad', [], {}])
      expect(parsePad(x)).toMatchObject({ ok: false, error: { code: 'ERR_FORMAT' } });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Against the engine: real games under random rules, entered hand by hand as a person would from the cards.

function randomRules(rng: RandomSource): Rules | null {
  const pick = <T>(xs: readonly T[]): T => xs[randomInt(rng, xs.length)]!;
  const spot = randomInt(rng, 4) === 0;
  const r = parseRules({
    players: pick([3, 4, 4, 5, 6]),
    passCycle: pick(['standard', 'rotate', 'left', 'right'] as const),
    passCards: pick([0, 3, 3]),
    targetScore: spot ? pick([150, 300]) : pick([20, 50, 100]),
    moon: pick([
      'othersPlus26',
      'shooterMinus26',
      'shooterChoice',
      'othersPlus26UnlessLosing',
      'none',
    ] as const),
    ties: pick(['shareWin', 'playOn'] as const),
    jackOfDiamonds: pick([0, -10]),
    heartValues: spot ? 'rank' : 'one',
    queenPoints: spot ? 25 : pick([13, 13, 25]),
    blackMariaSpades: randomInt(rng, 3) === 0,
    sevenOfDie: randomInt(rng, 5) === 0,
    handsToPlay: pick([0, 0, 0, 3]),
    pointsOnFirstTrick: randomInt(rng, 2) === 0,
  });
  return r.ok ? r.value : null;
}

/** The dealer gets the highest cards, plays its highest legal card and the others their lowest: many moons. */
function greedyDeal(g: GameState, rng: RandomSource): GameState {
  const n = g.rules.players;
  const dealer = g.handNumber % n;
  const deck = deckOf(g.rules)
    .toArray()
    .sort((a, b) => (b % 13) - (a % 13) || a - b);
  const size = deck.length / n;
  const rest = deck.slice(size);
  for (let j = rest.length - 1; j > 0; j--) {
    const k = randomInt(rng, j + 1);
    [rest[j], rest[k]] = [rest[k]!, rest[j]!];
  }
  const hands = Array.from({ length: n }, (_, s) => {
    if (s === dealer) return CardSet.fromCards(deck.slice(0, size));
    const i = s < dealer ? s : s - 1;
    return CardSet.fromCards(rest.slice(i * size, (i + 1) * size));
  });
  return unwrap(deal(g, hands, g.rules.sevenOfDie ? (randomInt(rng, 3) as Suit) : null));
}

function step(g: GameState, rng: RandomSource, greedy: boolean): GameState {
  switch (g.phase) {
    case 'deal':
      return greedy ? greedyDeal(g, rng) : dealRandom(g, rng);
    case 'pass': {
      const seat = seatsToAct(g)[0]!;
      const cards = handOf(g, seat).toArray().slice(0, g.rules.passCards);
      return unwrap(applyMove(g, seat, { kind: 'pass', cards }));
    }
    case 'play': {
      const seat = toPlay(g)!;
      const legal = legalMoves(g, seat)
        .toArray()
        .sort((a, b) => (a % 13) - (b % 13));
      const card = !greedy
        ? legal[randomInt(rng, legal.length)]!
        : seat === g.handNumber % g.rules.players
          ? legal[legal.length - 1]!
          : legal[0]!;
      return unwrap(applyMove(g, seat, { kind: 'play', card }));
    }
    case 'moon':
      return unwrap(
        applyMove(g, g.moonShooter!, { kind: 'moon', choice: randomInt(rng, 2) ? 'minus' : 'plus' }),
      );
    case 'gameOver':
      return g;
  }
}

describe('the pad against the engine', () => {
  it('accepts every real hand and scores whole games exactly as the engine does', () => {
    const rng = seededRandom(20240917);
    let games = 0;
    let moons = 0;
    let hands = 0;
    while (games < 120) {
      const rules = randomRules(rng);
      if (!rules) continue;
      games++;
      const greedy = randomInt(rng, 2) === 0;
      let g = unwrap(newGame(rules));
      let pad = unwrapPad(
        createPad({
          id: 'x',
          name: 'x',
          players: NAMES.slice(0, rules.players),
          rules: rulesDiff(rules),
          now: 0,
        }),
      );
      expect(pad.rules).toEqual(rules);
      while (g.phase !== 'gameOver' && g.results.length < 15) {
        const before = g.results.length;
        g = step(g, rng, greedy);
        if (g.results.length === before) continue;
        const result = g.results[before]!;
        const jack = handTricks(g, before).find((t) => t.cards.includes('JD'))?.winner ?? null;
        const withJack = hasJack(rules);
        const taken = result.taken.map((t, s) => t - (withJack && s === jack ? rules.jackOfDiamonds : 0));
        const r = addHand(
          pad,
          { taken, shooter: result.shooter, moonChoice: result.moonChoice, jack: withJack ? jack : null },
          0,
        );
        if (!r.ok)
          throw new Error(
            `refused ${JSON.stringify({ rules: rulesDiff(rules), taken, result, jack, error: r.error })}`,
          );
        pad = r.value;
        hands++;
        if (result.shooter !== null) moons++;
        const st = standing(pad);
        expect(st.lines[before]!.points).toEqual(result.points);
        expect(st.totals).toEqual(g.scores);
      }
      const st = standing(pad);
      expect(st.over).toBe(g.phase === 'gameOver');
      expect(st.winners).toEqual(g.winners);
    }
    expect(hands).toBeGreaterThan(400);
    expect(moons).toBeGreaterThan(20);
  });
});
