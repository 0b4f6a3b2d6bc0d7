import {
  compiledRules,
  HandCore,
  moonRuling,
  parseCard,
  parseRules,
  preset,
  randomInt,
  seededRandom,
  type CardName,
  type HandConfig,
  type Rules,
  handCoreOf,
} from '@hearts/engine';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildPosition, type PositionSpec } from '../setup.js';
import { EndgameSolver } from './endgame.js';
import { PLAN_SHOOT, PlayoutPolicy } from './policy.js';
import type { GameContext } from './game.js';

const GAME: GameContext = { before: [0, 0, 0, 0], handsDone: 1 };

/** The engine's position behind a hand-built endgame (every hidden card pinned with `holds`). */
function coreOf(spec: PositionSpec): { core: HandCore; me: number } {
  const { state, obs } = buildPosition(spec, 0);
  return { core: handCoreOf(state)!, me: obs.seat };
}

/** The seat's solved points after each of its legal cards. */
function valuesAfterEach(core: HandCore, me: number, game = GAME): Map<CardName, number> {
  const solver = new EndgameSolver(core.cfg, game);
  solver.begin(core, me);
  const out = new Int32Array(core.cfg.n);
  const moves = new Int8Array(52);
  const values = new Map<CardName, number>();
  const count = core.legalInto(moves);
  for (let i = 0; i < count; i++) {
    const work = core.clone();
    work.play(moves[i]!);
    solver.value(work, out);
    values.set(cardName(moves[i]!), out[me]!);
  }
  return values;
}

const cardName = (c: number): CardName => `${'23456789TJQKA'[c % 13]}${'CDSH'[(c / 13) | 0]}` as CardName;

/** Eight tricks: every spade but the Q♠ is gone (seat 0 holds it), and all clubs but the A♣. */
const LAST_SPADE = [
  '1: 2C 9C KC 4C',
  '3: AS 2S 3S 4S',
  '3: KS 5S 6S 7S',
  '3: JS 8S 9S TS',
  '3: AD 3D 5D 2D',
  '3: KD 4D 6D 2H',
  '3: 3C 5C QC 6C',
  '1: JC 8C TC 7C',
];

/** Ten tricks: the Q♠ (seat 0) and the 5♠ are the last spades, the 9♦ the last diamond. */
const ONE_SPADE_OUT = [
  '1: 2C 9C KC 4C',
  '3: AS 2S 3S 4S',
  '3: KS 6S 7S 8S',
  '3: JS 9S TS 3C',
  '3: AD 3D 5D 2D',
  '3: KD 4D 6D 2H',
  '3: 5C 6C QC 7C',
  '1: JC 8C TC 3H',
  '1: 8D 6H JD 7D',
  '3: AC 7H TD 8H',
];

describe('the endgame solver finds the best play', () => {
  test('the Q♠ goes on a trick I cannot win when keeping it would cost it', () => {
    // Two cards each; the 5♠ is the only other spade. Seat 3 wins the 9♦ and leads the 5♠: a kept Q♠ takes it.
    const { core, me } = coreOf({
      hand: 'QS TH',
      tricks: [...ONE_SPADE_OUT, '3: QD 9H 4H KH'],
      trick: '3: 9D',
      holds: { 1: 'JH 5H', 2: 'QH AH', 3: '5S' },
    });
    expect(core.cfg.n).toBe(4);
    const v = valuesAfterEach(core, me);
    expect(v.get('QS')).toBe(0);
    expect(v.get('TH')!).toBeGreaterThanOrEqual(13);
  });

  test('a Q♠ nobody can catch is kept and the A♥ thrown', () => {
    // The Q♠ is the last spade; seat 3 wins the 9♦ and leads its last heart, the 4♥.
    const { core, me } = coreOf({
      hand: 'QS AH',
      tricks: [...LAST_SPADE, '1: 8D 6H JD 7D', '3: AC 7H TD 8H', '3: QD 9H 3H KH'],
      trick: '3: 9D',
      holds: { 1: 'QH JH', 2: 'TH 5H', 3: '4H' },
    });
    const v = valuesAfterEach(core, me);
    expect(v.get('AH')).toBe(0);
    expect(v.get('QS')).toBe(4);
  });

  test('a shooter draws the last heart before giving up the lead', () => {
    // Seat 0 has taken every point but the A♥ (its own) and the 3♥ (seat 1's). The A♥ led draws the 3♥: the
    // moon. The 2♠ led first loses the lead, and seat 1 throws the 3♥ on someone else's trick.
    const { core, me } = coreOf({
      hand: 'AH 2S',
      tricks: [
        '1: 2C 3C 4C AC',
        '0: KC 5C 6C 7C',
        '0: QC 8C 9C TC',
        '0: JC 4H 5H 6H',
        '0: KH 7H 8H 9H',
        '0: QH TH JH 2H',
        '0: AS 2D QS 3S',
        '0: KS 4D 6S 7S',
        '0: AD JD 8D 7D',
        '0: KD TD 6D 5D',
        '0: QD 9D 4S JS',
      ],
      trick: '0:',
      holds: { 1: '3H 3D', 2: '5S 8S', 3: '9S TS' },
    });
    const v = valuesAfterEach(core, me);
    expect(v.get('AH')).toBe(0); // the moon: +26 to each of the others
    expect(v.get('2S')).toBe(24);
  });

  test('the A♥ led stops a moon that any other lead lets through', () => {
    // The tactic stop-moon-lead-boss with the hidden cards pinned: seat 1 holds K♠ 5♠ and the best diamond.
    const { core, me } = coreOf({
      hand: 'AH 3S 2S',
      tricks: [
        '3: 2C 6C AC 8C',
        '1: AS 7S QS 4S',
        '1: JS 2H TS 6S',
        '1: 9S 3H 4H 8S',
        '1: KH 5H 6H 7H',
        '1: QH 8H 9H TH',
        '1: KC 3C 5C 4C',
        '1: AD 2D JH 3D',
        '1: KD 6D 7C 4D',
        '1: 8D 9D 9C JD',
      ],
      trick: '0:',
      holds: { 1: 'KS 5S QD', 2: 'TD 7D 5D', 3: 'TC JC QC' },
    });
    const v = valuesAfterEach(core, me);
    expect(v.get('AH')).toBe(1);
    expect(v.get('2S')).toBe(26);
    expect(v.get('3S')).toBe(26);
  });

  test('finish plays the solved line: the hand ends with the solved points', () => {
    const { core, me } = coreOf({
      hand: 'AH 3S 2S',
      tricks: [
        '3: 2C 6C AC 8C',
        '1: AS 7S QS 4S',
        '1: JS 2H TS 6S',
        '1: 9S 3H 4H 8S',
        '1: KH 5H 6H 7H',
        '1: QH 8H 9H TH',
        '1: KC 3C 5C 4C',
        '1: AD 2D JH 3D',
        '1: KD 6D 7C 4D',
        '1: 8D 9D 9C JD',
      ],
      trick: '0:',
      holds: { 1: 'KS 5S QD', 2: 'TD 7D 5D', 3: 'TC JC QC' },
    });
    const solver = new EndgameSolver(core.cfg, GAME);
    solver.begin(core, me);
    const out = new Int32Array(4);
    solver.value(core, out);
    expect(solver.best).toBe(parseCard('AH'));
    solver.finish(core);
    expect(core.isOver).toBe(true);
    const pts = new Int32Array(4);
    core.rawPoints(pts);
    expect([...pts]).toEqual([...out]); // no moon: the solved points are the points taken
    expect(solver.nodes).toBeGreaterThan(0);
  });
});

/**
 * Plain max-n over every legal card, no merging, no memory: each seat minimises its points after the moon rule;
 * ties go against `root`, and `root`'s own ties to the most points for the others. The solver must agree exactly.
 */
function bruteForce(core: HandCore, root: number, game: GameContext): number[] {
  const cfg = core.cfg;
  const n = cfg.n;
  if (core.isOver) {
    const pts = new Int32Array(n);
    core.rawPoints(pts);
    const shooter = core.shooter();
    if (shooter < 0) return [...pts];
    const v = cfg.moonValue;
    const how = moonRuling(cfg.rules, v, pts, shooter, game.before, game.handsDone, null);
    return [...pts].map((p, s) =>
      s === shooter ? p - (how === 'minus' ? 2 * v : v) : p + (how === 'plus' ? v : 0),
    );
  }
  const seat = core.turn;
  const moves = new Int8Array(52);
  const count = core.legalInto(moves);
  let best: number[] | null = null;
  for (let i = 0; i < count; i++) {
    core.play(moves[i]!);
    const v = bruteForce(core, root, game);
    core.undo();
    const sum = (x: number[]): number => x.reduce((a, b) => a + b, 0);
    const better =
      best === null ||
      v[seat]! < best[seat]! ||
      (v[seat] === best[seat] && (seat !== root ? v[root]! > best[root]! : sum(v) > sum(best)));
    if (better) best = v;
  }
  return best!;
}

/**
 * A random hand of the rules played until `cards` cards per seat are left (perhaps mid-trick): at random, or with
 * `shooter` by the playout policy with that seat taking every point it can (so that moons stay open).
 */
function randomEndgame(cfg: HandConfig, seed: number, cards: number, extra: number, shooter = -1): HandCore {
  const rng = seededRandom(`endgame:${seed}`);
  const deck: number[] = [];
  for (let suit = 0; suit < 4; suit++)
    for (let r = 0; r < 13; r++) if (cfg.deckMasks[suit]! & (1 << r)) deck.push(suit * 13 + r);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const hands = new Uint16Array(cfg.n * 4);
  deck.forEach((c, i) => (hands[(i % cfg.n) * 4 + ((c / 13) | 0)]! |= 1 << (c % 13)));
  const core = new HandCore(cfg);
  core.start(hands, seed % cfg.n, cfg.rules.sevenOfDie ? 5 : -1);
  const moves = new Int8Array(52);
  const stop = (cfg.tricks - cards) * cfg.n + (extra % cfg.n);
  const policy = new PlayoutPolicy(0);
  if (shooter >= 0) policy.plans[shooter % cfg.n] = PLAN_SHOOT;
  while (core.nPlays < stop)
    core.play(shooter >= 0 ? policy.choose(core, rng) : moves[randomInt(rng, core.legalInto(moves))]!);
  return core;
}

const VARIANTS: [string, Partial<Rules>][] = [
  ['standard', {}],
  ['3 players', { players: 3 }],
  ['5 players', { players: 5 }],
  ['omnibus', preset('omnibus')],
  ['spot hearts', preset('spot')],
  ['black maria', preset('blackMaria')],
  ['shooter minus 26', { moon: 'shooterMinus26' }],
  ['plus 26 unless losing', { moon: 'othersPlus26UnlessLosing', targetScore: 50 }],
  ['seven of the die', { sevenOfDie: true }],
  ['no moon', { moon: 'none' }],
];

/** The compiled rules of a variant's options. */
function configOf(options: Partial<Rules>): HandConfig {
  const parsed = parseRules(options);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return compiledRules(parsed.value);
}

/**
 * Random endgames of `cfg` with `cards` cards a seat (a range) and the scores before the hand; `shooters` the range of
 * {@link randomEndgame}'s `shooter` (-1: no seat going for the moon).
 */
function endgames(
  cfg: HandConfig,
  cards: { min: number; max: number },
  shooters: { min: number; max: number },
): fc.Arbitrary<{ core: HandCore; game: GameContext }> {
  return fc
    .tuple(
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.integer(cards),
      fc.integer({ min: 0, max: 5 }),
      fc.array(fc.integer({ min: 0, max: 60 }), { minLength: cfg.n, maxLength: cfg.n }),
      fc.integer(shooters),
    )
    .map(([seed, n, extra, before, shooter]) => ({
      core: randomEndgame(cfg, seed, n, extra, shooter),
      game: { before, handsDone: 1 },
    }));
}

describe('the endgame solver agrees with brute force', () => {
  test.each(VARIANTS)('on random small endgames: %s', (_name, options) => {
    const cfg = configOf(options);
    fc.assert(
      fc.property(endgames(cfg, { min: 1, max: 3 }, { min: -1, max: 5 }), ({ core, game }) => {
        const root = core.turn;
        const expected = bruteForce(core, root, game);
        const solver = new EndgameSolver(cfg, game);
        solver.begin(core, root);
        const out = new Int32Array(cfg.n);
        solver.value(core, out);
        expect([...out]).toEqual(expected);
        // Without merging equivalent cards it is the same.
        solver.merge = false;
        solver.begin(core, root);
        solver.value(core, out);
        expect([...out]).toEqual(expected);
        // And the line it plays scores what it solved.
        solver.merge = true;
        solver.begin(core, root);
        const work = core.clone();
        solver.finish(work);
        expect(work.isOver).toBe(true);
        expect(bruteForce(work, root, game)).toEqual(expected);
      }),
      { numRuns: 80 },
    );
  });
});

describe('the endgame solver remembers across solves of one deal', () => {
  // The expert begins a sampled deal once and then solves the line after each of its candidate cards from the same
  // memory: a position remembered on one line must be worth the same when another line reaches it.
  test.each(VARIANTS)('every candidate line, solved after the others: %s', (_name, options) => {
    const cfg = configOf(options);
    fc.assert(
      fc.property(
        // Four cards a seat is where the expert starts solving; a seat always goes for the moon, so that
        // positions differ in who can still shoot.
        endgames(cfg, { min: 3, max: cfg.n > 4 ? 3 : 4 }, { min: 0, max: 5 }),
        ({ core, game }) => {
          const root = core.turn;
          const solver = new EndgameSolver(cfg, game);
          solver.begin(core, root);
          const out = new Int32Array(cfg.n);
          const moves = new Int8Array(52);
          const count = core.legalInto(moves);
          const solved = Array.from(moves.subarray(0, count), (m) => {
            const work = core.clone();
            work.play(m);
            return bruteForce(work, root, game);
          });
          // Twice over the candidates: the second round finds every line's positions remembered.
          for (let round = 0; round < 2; round++)
            for (let i = 0; i < count; i++) {
              const work = core.clone();
              work.play(moves[i]!);
              const expected = solved[i]!;
              solver.value(work, out);
              expect([...out]).toEqual(expected);
              solver.finish(work);
              expect(work.isOver).toBe(true);
              expect(bruteForce(work, root, game)).toEqual(expected);
            }
          // And the position itself, solved last, agrees with the lines' best.
          solver.value(core, out);
          expect([...out]).toEqual(bruteForce(core, root, game));
        },
      ),
      { numRuns: 40 },
    );
  });

  test('a repeated solve is answered from memory', () => {
    const cfg = configOf({});
    const core = randomEndgame(cfg, 7, 4, 0);
    const solver = new EndgameSolver(cfg, GAME);
    solver.begin(core, core.turn);
    const first = new Int32Array(4);
    solver.value(core, first);
    const cold = solver.nodes;
    const again = new Int32Array(4);
    solver.value(core, again);
    expect([...again]).toEqual([...first]);
    expect([...first]).toEqual(bruteForce(core, core.turn, GAME));
    // The second solve visits only the current trick's cards down to the remembered trick starts.
    expect(solver.nodes - cold).toBeLessThan(cold / 4);
  });
});
