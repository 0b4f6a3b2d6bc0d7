import {
  applyMove,
  compiledRules,
  dealRandom,
  HandCore,
  makeCard,
  newGame,
  observation,
  parseCard,
  parseNamedMove,
  preset,
  seatsToAct,
  seededRandom,
  shuffleInPlace,
  unwrap,
  type Rules,
  handCoreOf,
} from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import { mediumBot } from '../medium.js';
import { buildPosition } from '../setup.js';
import {
  PLAN_NORMAL,
  PLAN_RUN,
  PLAN_RUN_BLIND,
  PLAN_SHOOT,
  PlayoutPolicy,
  PlayoutRandom,
  type PolicyStyle,
} from './policy.js';

/** Suit masks, seat × suit, from card names per seat. */
function handsOf(n: number, seats: string[][]): Uint16Array {
  const hands = new Uint16Array(n * 4);
  seats.forEach((cards, s) => {
    for (const name of cards) {
      const c = parseCard(name)!;
      hands[s * 4 + ((c / 13) | 0)]! |= 1 << (c % 13);
    }
  });
  return hands;
}

describe('the playout policy', () => {
  test.each([
    ['medium' as const, 0.92, 1],
    ['rules' as const, 0, 0.7],
  ])(
    "%s style: a model of the medium bot (its card in at least %s and at most %s of the medium bot's plays)",
    (style, least, most) => {
      // Medium bots play 60 whole hands; at every play with a choice the policy, given the same position, chooses too.
      // The playouts' rules agree far less often (about 64 %): the medium style is what reads the others' plays.
      const policy = new PlayoutPolicy(0, undefined, style);
      const rng = new PlayoutRandom();
      let same = 0;
      let total = 0;
      for (let g = 0; g < 60; g++) {
        let state = dealRandom(unwrap(newGame({})), seededRandom(`policy-${g}`));
        const random = seededRandom(`medium-${g}`);
        while (state.phase === 'pass' || state.phase === 'play' || state.phase === 'moon') {
          for (const seat of seatsToAct(state)) {
            const obs = observation(state, seat);
            const d = mediumBot.decide(obs, { timeMs: 0, random });
            if (obs.phase === 'play' && obs.legal.length > 1 && d.kind === 'play') {
              const core = handCoreOf(state)!;
              policy.updatePlans(core, 0);
              total++;
              if (policy.choose(core, rng) === parseCard(d.card)) same++;
            }
            state = unwrap(applyMove(state, seat, unwrap(parseNamedMove(d))));
          }
        }
      }
      expect(total).toBeGreaterThan(2000);
      expect(same / total).toBeGreaterThanOrEqual(least);
      expect(same / total).toBeLessThanOrEqual(most);
    },
  );

  const variants: [string, Partial<Rules>][] = [
    ['standard', {}],
    ['3 players', { players: 3 }],
    ['6 players', { players: 6 }],
    ['omnibus', preset('omnibus')],
    ['spot hearts', preset('spot')],
    ['black maria', preset('blackMaria')],
    ['seven of the die', { sevenOfDie: true }],
    ['papayoo, 5 players', { ...preset('papayoo', 5), players: 5 }],
  ];

  test.each(
    variants.flatMap(([name, rules]) =>
      (['rules', 'medium'] as const).map((style) => [name, style, rules] as const),
    ),
  )(
    'plays only legal cards, whole hands, with and without noise, with and without a strong runner: %s, %s style',
    (_, style, rules) => {
      const cfg = compiledRules(unwrap(newGame(rules)).rules);
      const rng = seededRandom(7);
      const deck: number[] = [];
      for (let suit = 0; suit < 4; suit++)
        for (let r = 0; r < 13; r++) if (cfg.deckMasks[suit]! & (1 << r)) deck.push(suit * 13 + r);
      const core = new HandCore(cfg);
      for (const noise of [0, 0.1]) {
        const policy = new PlayoutPolicy(noise, undefined, style);
        const prng = new PlayoutRandom();
        for (let d = 0; d < 40; d++) {
          shuffleInPlace(rng, deck);
          const hands = new Uint16Array(cfg.n * 4);
          deck.forEach((c, i) => (hands[(i % cfg.n) * 4 + ((c / 13) | 0)]! |= 1 << (c % 13)));
          core.start(hands, d % cfg.n, cfg.rules.sevenOfDie ? 5 : -1);
          prng.reseed(d, 1);
          // Every other deal, one seat runs for the moon as a strong runner, sighted or blind.
          const runner = d % 2 ? (d >> 1) % cfg.n : -1;
          policy.plans.fill(PLAN_NORMAL);
          if (runner >= 0) policy.plans[runner] = d % 4 === 1 ? PLAN_RUN : PLAN_RUN_BLIND;
          let tricks = -1;
          while (!core.isOver) {
            if (core.trickCount !== tricks) {
              tricks = core.trickCount;
              policy.updatePlans(core, runner >= 0 ? 1 << runner : 0);
            }
            const c = policy.choose(core, prng);
            expect(core.isLegal(c)).toBe(true);
            core.play(c);
          }
        }
      }
    },
  );

  /** The policy's card for the seat to play after `plays` (card names in order) from a standard deal. */
  function choice(
    seats: string[][],
    leader: number,
    plays: string[],
    style: PolicyStyle,
    { runner = -1, noise = 0, plan = PLAN_RUN } = {},
  ): string {
    const cfg = compiledRules(unwrap(newGame({ pointsOnFirstTrick: true })).rules);
    const core = new HandCore(cfg);
    core.start(handsOf(4, seats), leader);
    // `start` finds the 2♣'s holder; these positions begin with any leader.
    core.trickLeaders[0] = leader;
    core.turn = leader;
    for (const p of plays) core.play(parseCard(p)!);
    const policy = new PlayoutPolicy(noise, undefined, style);
    if (runner >= 0) policy.plans[runner] = plan;
    policy.updatePlans(core, runner >= 0 ? 1 << runner : 0);
    const rng = new PlayoutRandom();
    rng.reseed(7, 11);
    return makeCard(policy.choose(core, rng));
  }

  const split = (line: string): string[] => line.split(' ');

  test.each(['rules', 'medium'] as const)(
    'void in the suit led, it throws the Q♠ on another seat’s trick (%s)',
    (style) => {
      const seats = [
        'QS 3S 4S 5S 2H 3H 4H 5H 6H 2D 3D 4D 5D',
        '2C 3C 4C 5C 6C 7C 6D 7D 8D 9D TD 2S 6S',
        '8C 9C TC JC QC 7H 8H 9H TH JD QD 7S 8S',
        'KC AC JH QH KH AH KD AD 9S TS JS KS AS',
      ].map(split);
      expect(choice(seats, 1, ['7C', '8C', 'AC'], style)).toBe('QS');
    },
  );

  test('the medium style knows the voids the others have shown: it leads the suit they can follow', () => {
    // Seats 1 and 2 threw spades on the 2♣: a club led now, the seats void in it throw the Q♠ or hearts on it.
    // By the counts alone the clubs (9 out) look safer than the diamonds (8 out).
    const seats = [
      'AC KC QC AD KD QD JD TD 8H 9H TH JH QH',
      'QS 2S 3S 4S 5S 6S 2H 3H 4H 5H 5D 6D 7D',
      '7S 8S 9S TS JS KS AS 6H 7H KH AH 8D 9D',
      '2C 3C 4C 5C 6C 7C 8C 9C TC JC 2D 3D 4D',
    ].map(split);
    expect(choice(seats, 3, ['2C', 'AC', '2S', '7S'], 'medium')).toMatch(/D$/);
  });

  test.each([
    ['Black Maria: the K♠ is no moon card', { blackMariaSpades: true }, 'KS', 'normal'],
    ['the Q♠ is', {}, 'QS', 'shoot'],
  ] as const)(
    'a seat holding every point taken and enough high cards turns to the moon only for moon cards (%s)',
    (_, rules, thrown, plan) => {
      // Seat 0 wins the second trick, on which seat 1 throws the card; seat 0 holds ten high cards.
      const hand = thrown === 'KS' ? 'AS QS JS' : 'AS KS JS';
      const { state } = buildPosition({
        rules,
        hand: `${hand} AH KH QH JH KD QD JD 4C`,
        tricks: ['1: 2C KC 5C 3C', `2: 5D 9D AD ${thrown}`],
        trick: '0:',
      });
      const policy = new PlayoutPolicy(0, undefined, 'medium');
      policy.updatePlans(handCoreOf(state)!, 0);
      expect(policy.plans[0] === PLAN_SHOOT ? 'shoot' : 'normal').toBe(plan);
    },
  );

  test.each(['rules', 'medium'] as const)(
    'it ducks under the card that wins a trick with a point in it (%s)',
    (style) => {
      const seats = [
        '9C KC 3S 4S 5S 2D 3D 4D 5D 6D 7D 8D 9D',
        'TC 2C 3C 4C 5C 6C TD JD QD KD AD 2S 6S',
        '7C 8C JC QC AC 7S 8S 9S TS JS QS KS AS',
        '2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH',
      ].map(split);
      expect(choice(seats, 1, ['TC', '8C', 'AH'], style)).toBe('9C');
    },
  );

  describe('a strong runner (PLAN_RUN) sees every hand of the deal', () => {
    // Seat 0 runs; after the first trick it leads. The others' best diamond is the J♦ and their best spade the Q♠.
    const seats = [
      'AC 3C AD KD QD AS KS AH KH QH JH TH 9H',
      '2C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 2S 3S',
      '7D 8D 9D TD 4S 5S 6S 7S 8S 2H 3H 4H 5H',
      '9C TC JC QC KC JD 9S TS JS QS 6H 7H 8H',
    ].map(split);

    test.each([0, 1])(
      'it leads its lowest sure winner of the suit the others hold most of (noise %s: it plays no random cards)',
      (noise) => {
        // Sure winners: Q♦ K♦ A♦ (10 diamonds out) and K♠ A♠ (11 spades out); the rules lead the low club.
        expect(choice(seats, 1, ['2C', '7D', 'KC', 'AC'], 'rules', { runner: 0, noise })).toBe('KS');
        expect(choice(seats, 1, ['2C', '7D', 'KC', 'AC'], 'rules')).toBe('3C');
      },
    );

    test('it follows with its lowest card that no seat still to play can beat', () => {
      // The 9♣ is the best club of the seats after it: the T♣ is enough, the A♣ is not needed.
      const follow = [
        'AC TC 3C AD KD QD AS KS AH KH QH JH TH',
        '9C 4C 5C 2D 3D 4D 5D 6D 2S 3S 4S 2H 3H',
        '6C 7C 8C 7D 8D 9D TD 5S 6S 7S 8S 4H 5H',
        '2C JC QC KC JD 9S TS JS QS 6H 7H 8H 9H',
      ].map(split);
      expect(choice(follow, 3, ['2C'], 'rules', { runner: 0 })).toBe('TC');
      expect(choice(follow, 3, ['2C'], 'rules')).toBe('3C');
      // A runner that sees only its own hand (PLAN_RUN_BLIND) knows only that the K♣ Q♣ J♣ are out: the A♣.
      expect(choice(follow, 3, ['2C'], 'rules', { runner: 0, plan: PLAN_RUN_BLIND })).toBe('AC');
    });

    test('once another seat has taken a moon card it plays as any other seat', () => {
      // Seat 3 took the 2♥ on the first trick; the runner wins the second and leads: the rules' Q♦, not the K♠.
      const plays = ['2C', '2H', 'KC', '3C', '9C', 'AC', '4C', '3H'];
      expect(choice(seats, 1, plays, 'rules', { runner: 0 })).toBe('QD');
    });
  });
});
