import { describe, expect, test } from 'vitest';
import { buildPosition, type PositionSpec } from '@hearts/bots';
import { newGame, type CardName, type Observation, type Rules } from '@hearts/engine';
import {
  isSolution,
  lineTricks,
  makeLibrary,
  parseLibrary,
  puzzleId,
  puzzleOptionOf,
  puzzleThemes,
  readPuzzle,
  type Puzzle,
  type PuzzleOption,
  type ThemeFacts,
} from './puzzles.js';

const STANDARD = (newGame({}) as { ok: true; value: { rules: Rules } }).value.rules;
const obsOf = (spec: PositionSpec): Observation => buildPosition(spec, 1).obs;

/** Seat 2 follows a diamond trick the K♦ is winning; it holds the A♦ (would win) and the Q♦ (stays under). */
const DUCK: PositionSpec = {
  hand: '6C QD AD 9S 3H 4H 7S 8S JS 2H 9H',
  tricks: ['0: 2C 3C 4C 5C', '3: 2D 8D 4D 6D'],
  trick: '0: TD KD',
};
/** The first trick, won by seat 3, who leads the second. */
const FIRST = '0: 2C 3C 4C 5C';

/** Options best first, one card each (the first card of each list of equals). */
const options = (...groups: [string, number][]): PuzzleOption[] =>
  groups.map(([cards, points]) => {
    const list = cards.split(' ') as CardName[];
    return { move: [list[0]!], cards: list, points };
  });

const facts = (
  observation: Observation,
  opts: PuzzleOption[],
  more: Partial<ThemeFacts> = {},
): ThemeFacts => ({
  kind: observation.phase === 'pass' ? 'pass' : 'play',
  observation,
  options: opts,
  bestPlan: 'normal',
  moonMine: opts.map(() => 0),
  moonOthers: opts.map(() => 0),
  ...more,
});

describe('themes', () => {
  // Seat 2 follows a diamond trick that the K♦ is winning; it holds the A♦ (would win) and the Q♦ (stays under).
  const duckSpot = obsOf(DUCK);

  test.each<[string, ThemeFacts, string[]]>([
    [
      'duck: under the winning card while one that wins was at hand',
      facts(duckSpot, options(['QD', 1], ['AD', 4], ['9S', 6])),
      ['duck'],
    ],
    [
      'no duck when the best card wins the trick',
      facts(duckSpot, options(['AD', 1], ['QD', 4], ['9S', 6])),
      [],
    ],
    [
      'dump the Q♠: void in the suit led',
      facts(
        obsOf({ hand: 'QS 2S 4S 3H 9H 2D 5D 8D JD KD 7H 8H', tricks: [FIRST], trick: '3: 6C 7C' }),
        options(['QS', 0], ['2S', 9], ['3H', 10]),
      ),
      ['dumpQueen'],
    ],
    [
      'leading the Q♠ is no dump',
      facts(
        obsOf({ hand: 'QS 2S 3H 9H 4D 6D 7D 9D TD JS KS 8H', tricks: [FIRST], trick: '3:' }),
        options(['QS', 1], ['2S', 3], ['4D', 4]),
      ),
      [],
    ],
    [
      'moon defence: the next best lets another seat shoot clearly more often',
      facts(duckSpot, options(['AD', 1], ['QD', 3], ['9S', 6]), { moonOthers: [0.02, 0.2, 0.2] }),
      ['moonDefence'],
    ],
    [
      'shoot the moon: the best card under the seat’s moon plan',
      facts(duckSpot, options(['AD', 1], ['QD', 3], ['9S', 6]), { bestPlan: 'shoot' }),
      ['shootMoon'],
    ],
    [
      'a moon share that explains too little of the gap is no theme',
      facts(duckSpot, options(['AD', 1], ['QD', 9], ['9S', 10]), { moonMine: [0.3, 0.2, 0.2] }),
      [],
    ],
  ])('%s', (_, f, want) => {
    expect(puzzleThemes(f)).toEqual(want);
  });

  test('void early: leading a singleton in the second trick', () => {
    const o = obsOf({ hand: 'AD 2S 3S 5S 9H TH KH 6C 9C QC JS QH', tricks: [FIRST], trick: '3:' });
    expect(puzzleThemes(facts(o, options(['AD', 1], ['2S', 2.5], ['6C', 3])))).toEqual(['voidEarly']);
    expect(puzzleThemes(facts(o, options(['2S', 1], ['AD', 2.5], ['6C', 3])))).toEqual([]);
  });

  test('passes: every pass puzzle; the Q♠ passed; a suit passed whole', () => {
    const o = obsOf({ phase: 'pass', hand: '2C 5C 9C 3S QS KS 3D 7D 8H 9H TH JH KH' });
    const pass = (...sets: [string, number][]): PuzzleOption[] =>
      sets.map(([cards, points]) => ({
        move: cards.split(' ') as CardName[],
        cards: cards.split(' ') as CardName[],
        points,
      }));
    expect(puzzleThemes(facts(o, pass(['QS KS KH', 4], ['3D 7D KH', 6])))).toEqual(['dumpQueen', 'pass']);
    expect(puzzleThemes(facts(o, pass(['3D 7D KH', 4], ['QS KS KH', 6])))).toEqual(['voidEarly', 'pass']);
  });
});

/** A play puzzle of a real position that hangs together. */
function samplePuzzle(): Puzzle {
  const o = obsOf(DUCK);
  const opts: PuzzleOption[] = [
    { move: ['QD'], cards: ['QD'], points: 1.2 },
    { move: ['AD'], cards: ['AD'], points: 4.5 },
  ];
  expect(o.legal).toEqual(['QD', 'AD']);
  const line = (first: CardName) => ({
    leader: 0,
    plays: [
      first,
      'JD',
      '5C',
      '7H',
      'QH',
      '9S',
      'KH',
      '3H',
      '2H',
      '4H',
      'AH',
      '8H',
      '5H',
      'TH',
      '6H',
      'JH',
      '9H',
    ] as CardName[],
    points: [0, 0, 0, 0],
    plan: 'normal' as const,
    moon: [0, 0] as const,
  });
  const p = readPuzzle({
    id: puzzleId(o),
    source: 'bots',
    kind: 'play',
    observation: o,
    choices: null,
    solution: ['QD'],
    options: opts,
    gap: 3.3,
    line: { received: null, options: [line('QD'), line('AD')] },
    themes: ['duck'],
    rating: 1420,
    rd: 120,
    finds: [
      { level: 'random', found: 1, tries: 2 },
      { level: 'easy', found: 3, tries: 8 },
      { level: 'medium', found: 8, tries: 8 },
      { level: 'hard', found: 6, tries: 6 },
      { level: 'expert', found: 4, tries: 4 },
    ],
  });
  if (!p.ok) throw new Error(p.error);
  return p.value;
}

describe('the puzzle and its library file', () => {
  test('a puzzle is solved by its right cards only', () => {
    const p = samplePuzzle();
    expect(isSolution(p, ['QD'])).toBe(true);
    expect(isSolution(p, ['AD'])).toBe(false);
    expect(isSolution(p, ['QD', 'AD'])).toBe(false);
    expect(puzzleOptionOf(p, ['AD'])).toBe(1);
    expect(puzzleOptionOf(p, ['2C'])).toBe(-1);
  });

  test('a line goes on from the trick being played, each trick won by the engine’s rule', () => {
    const p = samplePuzzle();
    const tricks = lineTricks(p, 1);
    expect(tricks[0]).toEqual({ leader: 0, cards: ['TD', 'KD', 'AD', 'JD'], winner: 2 });
    expect(tricks[1]!.leader).toBe(2);
    expect(tricks.flatMap((t) => t.cards)).toHaveLength(2 + 17);
  });

  test('what does not hang together is refused, with the reason', () => {
    const p = samplePuzzle();
    const bad: [unknown, RegExp][] = [
      [{ ...p, id: 'p0000000000000000' }, /id: not the id/],
      [{ ...p, solution: ['AD'] }, /solution/],
      [{ ...p, options: [...p.options].reverse() }, /best first/],
      [{ ...p, options: [p.options[0], { move: ['9S'], cards: ['9S'], points: 5 }] }, /not legal/],
      [{ ...p, choices: [['QD'], ['AD']] }, /choices/],
      [{ ...p, line: { ...p.line, options: [p.line.options[0]] } }, /line/],
      [{ ...p, gap: 0 }, /gap/],
      [{ ...p, themes: ['chess'] }, /themes/],
      [{ ...p, finds: p.finds.slice(1) }, /finds/],
    ];
    for (const [x, why] of bad) {
      const r = readPuzzle(x);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(why);
    }
  });

  test('a library reads back as written; its header counts the puzzles, a line twice or a bad line is refused', () => {
    const p = samplePuzzle();
    const text = makeLibrary({ rules: STANDARD, build: { seed: '1' } }, [p]);
    expect(text.split('\n')).toHaveLength(3); // header, one puzzle, ""
    expect(text).toContain('"plays":"QDJD5C'); // a line's plays as one string
    const back = parseLibrary(text);
    expect(back.ok).toBe(true);
    if (back.ok) {
      expect(back.value.puzzles).toEqual([p]);
      expect(back.value.header).toMatchObject({ format: 'hearts-puzzles/1', count: 1, build: { seed: '1' } });
      expect(makeLibrary({ rules: STANDARD, build: { seed: '1' } }, back.value.puzzles)).toBe(text);
    }
    const [head, line] = text.split('\n');
    expect(parseLibrary(`${head}\n${line}\n${line}\n`)).toMatchObject({
      ok: false,
      error: /2 puzzles where/,
    });
    expect(parseLibrary(text.replace('"count":1', '"count":2') + line + '\n')).toMatchObject({
      ok: false,
      error: /twice/,
    });
    expect(parseLibrary(text.replace('"plays":"QDJD', '"plays":"QDXX'))).toMatchObject({
      ok: false,
      error: /line 2: line\.options\.0\.plays/,
    });
    expect(parseLibrary('not json')).toMatchObject({ ok: false, error: /line 1/ });
    expect(() => makeLibrary({ rules: { ...STANDARD, targetScore: 77 }, build: {} }, [p])).toThrow(
      /rules other than/,
    );
  });
});
