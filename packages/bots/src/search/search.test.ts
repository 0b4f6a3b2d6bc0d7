import {
  applyMove,
  CardSet,
  compiledRules,
  dealRandom,
  makeCard,
  newGame,
  observation,
  parseCard,
  parseNamedMove,
  preset,
  seatsToAct,
  seededRandom,
  unwrap,
  type GameState,
  type Rules,
  toPlay,
  handCoreOf,
  HEARTS,
  POPCOUNT13,
} from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import { buildPosition } from '../setup.js';
import {
  BestPass,
  EXPERT,
  HARD,
  PlayDeals,
  PlayReader,
  SearchBot,
  tableScore,
  expectedLoss,
  mergeEquivalent,
  moonChoice,
  moonPassCandidates,
  passCandidates,
  type Clock,
  type Evaluation,
} from './search.js';
import { buildKnowledge } from './knowledge.js';
import { mediumBot } from '../medium.js';
import { PLAN_RUN_BLIND, PlayoutPolicy, PlayoutRandom } from './policy.js';
import { makeSampler } from './sampler.js';

/** Plays one hand with the bot in every seat; every decision must be accepted by the engine. */
function playHand(bot: SearchBot, rules: Partial<Rules>, seed: number): GameState {
  const rng = seededRandom(seed);
  let g = dealRandom(unwrap(newGame(rules)), rng);
  while (g.phase !== 'deal' && g.phase !== 'gameOver') {
    const seat = seatsToAct(g)[0]!;
    const obs = observation(g, seat);
    const d = bot.decide(obs, { timeMs: 4, random: rng });
    expect(d.kind).toBe(obs.phase === 'moon' ? 'moon' : obs.phase);
    const r = applyMove(g, seat, unwrap(parseNamedMove(d)));
    if (!r.ok) throw new Error(`${r.error.code} for ${JSON.stringify(d)} in ${JSON.stringify(obs)}`);
    g = r.value;
  }
  return g;
}

const variants: [string, Partial<Rules>][] = [
  ['standard', {}],
  ['3 players', { players: 3 }],
  ['5 players', { players: 5 }],
  ['6 players, rotate', { players: 6, passCycle: 'rotate' }],
  ['shooter choice, queen breaks hearts', { moon: 'shooterChoice', queenBreaksHearts: true }],
  ['omnibus', preset('omnibus')],
  ['spot hearts', preset('spot')],
  ['black maria', preset('blackMaria')],
  ['papayoo, 4 players', preset('papayoo', 4)],
  ['papayoo, 6 players', preset('papayoo', 6)],
  [
    'no passing, points on first trick',
    { passCards: 0, pointsOnFirstTrick: true, heartsMustBeBroken: false },
  ],
];

describe.each([
  ['hard', HARD],
  ['expert', EXPERT],
])('%s bot', (_, params) => {
  const bot = new SearchBot(params);
  test.each(variants)('plays only legal moves: %s', (_, rules) => {
    for (let seed = 1; seed <= 2; seed++) playHand(bot, rules, seed);
  });
});

describe('mergeEquivalent', () => {
  test('keeps one of touching cards, and cards separated by an unplayed card apart', () => {
    const g = dealRandom(unwrap(newGame({ passCards: 0 })), seededRandom(3));
    const seat = toPlay(g)!;
    const k = buildKnowledge(observation(g, seat));
    const hand = CardSet.fromSuitMasks(
      k.hands[seat * 4]!,
      k.hands[seat * 4 + 1]!,
      k.hands[seat * 4 + 2]!,
      k.hands[seat * 4 + 3]!,
    );
    const merged = mergeEquivalent([...hand], k);
    // Every card dropped has a kept card of the same suit just below it with only own cards between.
    for (const c of hand) {
      if (merged.includes(c)) continue;
      const below = merged.filter((m) => Math.floor(m / 13) === Math.floor(c / 13) && m < c);
      expect(below.length).toBeGreaterThan(0);
      const lo = Math.max(...below);
      for (let x = lo + 1; x < c; x++) expect(hand.has(x)).toBe(true);
    }
    expect(merged.length).toBeLessThan(hand.size());
  });
});

describe('BestPass', () => {
  test.each([
    ['standard', {}],
    ['four cards, Black Maria', { ...preset('blackMaria'), passCards: 4 }],
    ['omnibus', preset('omnibus')],
  ] as const)('passes the set passCandidates puts first: %s', (_, rules) => {
    const g = unwrap(newGame(rules));
    const cfg = compiledRules(g.rules);
    const best = new BestPass(cfg);
    const rng = seededRandom(7);
    const deck = [...Array(52).keys()].filter((c) => cfg.deckMasks[(c / 13) | 0]! & (1 << (c % 13)));
    for (let i = 0; i < 300; i++) {
      for (let j = deck.length - 1; j > 0; j--) {
        const x = rng.nextUint32() % (j + 1);
        [deck[j], deck[x]] = [deck[x]!, deck[j]!];
      }
      const out = new Uint16Array(8);
      best.into(deck, 5, cfg.tricks, g.rules.passCards, out, 4);
      const want = new Uint16Array(8);
      for (const c of passCandidates(deck.slice(5, 5 + cfg.tricks), g.rules.passCards, cfg, 1)[0]!)
        want[4 + ((c / 13) | 0)]! |= 1 << (c % 13);
      expect(out).toEqual(want);
    }
  });
});

describe('moonPassCandidates', () => {
  const cards = (line: string) => line.split(' ').map((c) => parseCard(c)!);
  const names = (sets: number[][]) => sets.map((set) => set.map(makeCard).sort().join(' '));
  const cfgOf = (rules: Partial<Rules>) => compiledRules(unwrap(newGame(rules)).rules);

  test('with five or more of J Q K A it passes its lowest cards, low hearts and suits without the ace first', () => {
    // By the runner's danger: 2♠ and 2♥ 12 each (the hearts are five with the ace: no extra), 3♣ 11, 4♠ 10, 5♦ 9.
    const hand = cards('AC KC QC 3C AH KH QH JH 2H 5D 2S 4S 7S');
    const sets = names(moonPassCandidates(hand, 3, cfgOf({}), 3));
    expect(sets).toEqual(['2H 2S 3C', '2H 2S 4S', '2H 2S 5D']); // 35, 34, 33 (ties in the order of the pool)
    // Four cards to pass: a set of four from a pool of six.
    expect(names(moonPassCandidates(hand, 4, cfgOf({ passCards: 4 }), 1))).toEqual(['2H 2S 3C 4S']);
  });

  /** The cards a search bot with `params` passes from `hand` (on a clock that moves 0.1 ms a read). */
  const passOf = (hand: string, params: typeof EXPERT) => {
    const { obs } = buildPosition({ phase: 'pass', hand });
    let t = 0;
    const d = new SearchBot(params, () => (t += 0.1)).decide(obs, { timeMs: 400, random: seededRandom(3) });
    if (d.kind !== 'pass') throw new Error('no pass');
    return names([d.cards.map((c) => parseCard(c)!)])[0];
  };

  test('the bot passes for the moon with a hand that runs, only where it weighs such passes', () => {
    // Every heart that matters and the top spades: passing the three low clubs leaves a moon hardly anyone stops.
    const hand = 'AH KH QH JH TH 9H AS KS QS AD KD 2C 3C';
    const moonSets = names(moonPassCandidates(cards(hand), 3, cfgOf({}), 3));
    const pass = (params: typeof EXPERT) => passOf(hand, params);
    expect(moonSets).toContain(pass({ ...EXPERT, strongRunner: 'all', moonPass: true }));
    expect(moonSets).not.toContain(pass(EXPERT));
  });

  test('moonPassRunner: with nine hearts to the A♥ K♥, only a strong runner in the pass keeps them', () => {
    const hand = '4C 5C TD JD KD 2H 3H 5H 9H TH JH KH AH';
    const moonSets = names(moonPassCandidates(cards(hand), 3, cfgOf({}), 3));
    const pass = (params: typeof EXPERT) => passOf(hand, params);
    // The others' model's moon plan prices the run too low: the A♥ K♥ go. A strong runner in the pass keeps them,
    // sighted or seeing only its own hand (the play decisions keep their own moon plan).
    expect(moonSets).not.toContain(pass({ ...EXPERT, moonPass: true }));
    expect(moonSets).toContain(pass({ ...EXPERT, moonPass: true, moonPassRunner: 'own' }));
    expect(moonSets).toContain(pass({ ...EXPERT, moonPass: true, moonPassRunner: 'all' }));
  });

  test('passTurn: the passes that keep a run, on the normal plan, once the bot may turn to the moon in their playouts', () => {
    const hand = 'AH KH QH JH TH 9H AS KS QS AD KD 2C 3C';
    const keeps = names(moonPassCandidates(cards(hand), 3, cfgOf({}), 3, 4));
    // The expert passes the A♠ K♠ Q♠; passTurn weighs the passes that keep the run and keeps it.
    expect(keeps).not.toContain(passOf(hand, EXPERT));
    expect(keeps).toContain(passOf(hand, { ...EXPERT, passTurn: true }));
    // The expert never weighs keeping the run: its sets hold the dangerous cards. Played out on the normal plan to
    // the end, keeping the run eats the hearts (10.8 points, passing the spades 16.1, at 400 deals here); turning to
    // the moon as the others do, it runs (2.7 at 4,000 deals).
    const bot = (turn: boolean) => new SearchBot({ ...EXPERT, passTurn: turn });
    const { obs } = buildPosition({ phase: 'pass', hand });
    const sets = [cards('AS KS QS'), cards('2C 3C 9H')];
    const means = (turn: boolean) =>
      bot(turn).passValues(obs, sets, seededRandom(5), Infinity, { maxWorlds: 400 }).means;
    const [kept, turned] = [means(false), means(true)];
    expect(turned[1]!).toBeLessThan(kept[1]! - 4);
    expect(turned[1]!).toBeLessThan(turned[0]! - 4);
  });

  test.each([
    ['four of J Q K A', 'AC KC 9C 3C AH KH 9H 8H 2H 5D 2S 4S 7S', {}],
    ['no moon under the rules', 'AC KC QC 3C AH KH QH JH 2H 5D 2S 4S 7S', { moon: 'none' as const }],
  ])('none: %s', (_, hand, rules) => {
    expect(moonPassCandidates(cards(hand), 3, cfgOf(rules), 3)).toEqual([]);
  });
});

describe('moonChoice', () => {
  const obsWith = (scores: number[], target = 100): Parameters<typeof moonChoice>[0] => {
    const g = dealRandom(unwrap(newGame({ moon: 'shooterChoice', targetScore: target })), seededRandom(1));
    const o = observation(g, 0);
    return { ...o, phase: 'moon', moonShooter: 0, scores, handPoints: [26, 0, 0, 0] };
  };
  test('adds 26 to the others when that ends the game with the shooter alone in the lead', () => {
    expect(moonChoice(obsWith([40, 80, 60, 50]))).toBe('plus');
  });
  test('takes 26 off when adding would end the game with someone else ahead', () => {
    expect(moonChoice(obsWith([70, 80, 30, 50]))).toBe('minus');
  });
});

describe('a seat that may be running for the moon', () => {
  // Seat 1 has taken the only moon card so far, the 3♥ (1 point of 26); seat 2 is to play.
  const position = (extra: string[] = []) =>
    buildPosition({
      seat: 2,
      hand: extra.length ? '5D 6D 7S 8S 9S TS 5H 6H 7H 8H' : '5D 6D 7S 8S 9S TS JS 5H 6H 7H 8H',
      tricks: ['0: 2C AC 3C 4C', '1: KD 2D 3H 4D', ...extra],
      trick: '1: QD',
    }).obs;
  test('the standard expert suspects no one before 30 % of the moon', () => {
    expect(new PlayDeals(position(), EXPERT, tableScore).suspect).toEqual({ seat: -1, share: 0 });
  });
  test('with moonWatch the holder runs in a share of the deals that grows with its points', () => {
    expect(new PlayDeals(position(), { ...EXPERT, moonWatch: 0.1 }, tableScore).suspect).toEqual({
      seat: 1,
      share: 1 / 2.6,
    });
    expect(new PlayDeals(position(), { ...EXPERT, moonWatch: 0.02 }, tableScore).suspect).toEqual({
      seat: 1,
      share: 1,
    });
  });
  test('the Q♠ makes the holder a suspect in every deal, with or without moonWatch', () => {
    const obs = position(['1: AS 3S QS JS']); // seat 1 wins the spade trick with the Q♠ in it: 14 points
    expect(obs.seat).toBe(2);
    for (const p of [EXPERT, { ...EXPERT, moonWatch: 0.1 }])
      expect(new PlayDeals(obs, p, tableScore).suspect).toEqual({ seat: 1, share: 1 });
  });
  test('runBelief discounts the deals in which the suspect, running strongly, would not make its moon', () => {
    const obs = position(['1: AS 3S QS JS']); // seat 1 has the Q♠: a suspect in every deal
    const plain = new PlayDeals(obs, { ...EXPERT, strongRunner: 'suspect' }, tableScore);
    const believing = new PlayDeals(obs, { ...EXPERT, strongRunner: 'suspect', runBelief: 0.25 }, tableScore);
    const sampler = makeSampler(plain.knowledge);
    const rng = seededRandom(8);
    const world = new Uint16Array(16);
    const tops = { kept: [] as number[], cut: [] as number[] };
    for (let i = 0; i < 300; i++) {
      sampler.sample(rng, world);
      const w = plain.setUp(world);
      const b = believing.setUp(world);
      expect(b === w || b === w * 0.25).toBe(true);
      expect(believing.setUp(world)).toBe(b); // the same answer for the same deal
      // The suspect's aces and kings, and its 10, J and Q of hearts.
      let top = POPCOUNT13[world[4 + HEARTS]! & 0x0700]!;
      for (let suit = 0; suit < 4; suit++) top += POPCOUNT13[world[4 + suit]! & 0x1800]!;
      (b === w ? tops.kept : tops.cut).push(top);
    }
    // Both kinds of deal occur, and the deals that let it run give it the high cards a run needs.
    expect(tops.kept.length).toBeGreaterThan(10); // 32 of 300 here
    expect(tops.cut.length).toBeGreaterThan(10);
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(avg(tops.kept)).toBeGreaterThan(avg(tops.cut) + 0.5); // 2.9 and 2.25 here
  });
  test('readRunSuspect takes a seat that leads sure winners from the start for a runner in the deals that explain it', () => {
    // Seat 1 won the first trick with the A♣ and led the A♦, K♦ and A♠; nobody has taken a moon card yet.
    const { obs } = buildPosition({
      seat: 0,
      hand: '5H 6H 7H 8H 9H 9S TS 8C 9C',
      tricks: ['0: 2C AC 5C 4C', '1: AD 2D 3D 4D', '1: KD 5D 6D 7D', '1: AS 2S 3S 4S'],
      trick: '1: QD 8D 9D',
    });
    const reading = new PlayDeals(obs, { ...EXPERT, readRun: 0.1, readRunSuspect: true }, tableScore);
    const plain = new PlayDeals(obs, { ...EXPERT, readRun: 0.1 }, tableScore);
    expect(reading.suspect).toEqual({ seat: -1, share: 0 }); // no suspect by its points
    const sampler = makeSampler(reading.knowledge);
    const rng = seededRandom(3);
    const world = new Uint16Array(16);
    let runner = 0;
    let others = 0;
    let chance = 0;
    for (let i = 0; i < 200; i++) {
      world.fill(0);
      sampler.sample(rng, world);
      expect(reading.setUp(world)).toBe(plain.setUp(world)); // the same weights
      expect(plain.dealRunner.seat).toBe(-1);
      const r = reading.dealRunner;
      if (r.seat >= 0 && r.seat !== 1) others++;
      if (r.seat === 1) {
        runner++;
        chance += r.chance;
      }
    }
    // Here: seat 1 in 109 of the 200 deals, with a chance of 0.21 on the mean; seat 2 in 3.
    expect(runner).toBeGreaterThan(80);
    expect(others).toBeLessThan(15);
    expect(chance / runner).toBeGreaterThan(0.15);
  });
  test('no suspect once two seats have taken moon cards', () => {
    // Seat 1 took the 3♥, seat 0 the 4♥ (with the 7♦).
    const split = buildPosition({
      seat: 2,
      hand: '9D 7S 8S 9S TS JS 5H 6H 7H 8H',
      tricks: ['0: 2C AC 3C 4C', '1: KD 2D 3H 4D', '1: 5D 6D 4H 7D'],
      trick: '0: QH 9H',
    }).obs;
    expect(new PlayDeals(split, { ...EXPERT, moonWatch: 0.1 }, tableScore).suspect).toEqual({
      seat: -1,
      share: 0,
    });
  });
});

describe('the objective counts a moon by the rules', () => {
  // Ten tricks: seat 0 has taken every heart but the 10♥, and the Q♠. Leading the 10♥ (nobody else has a heart)
  // shoots the moon in every deal; seat 0 then scores 26 − 26 (others +26) or 26 − 52 (shooter −26).
  const tricks = [
    '1: 2C 4C 5C AC',
    '0: KC 3C 7C 8C',
    '0: QC 6C QS 9H',
    '0: JC 8H 7H 6H',
    '0: TC 5H 4H 3H',
    '0: 9C 2H 7D JD',
    '0: AH 2D 8D QD',
    '0: KH 3D 9D KD',
    '0: QH 4D TD AD',
    '0: JH 5D 6S KS',
  ];
  const moonMean = (rules: Partial<Rules>, scores: number[]): number => {
    const { obs } = buildPosition({ rules, scores, hand: 'TH AS 2S', tricks, trick: '0:' });
    const e = new SearchBot(HARD).evaluate(obs, seededRandom(5), Infinity);
    return e.options.find((o) => o.card === 'TH')!.mean;
  };
  test('othersPlus26UnlessLosing: −26 for the shooter when +26 would end the game with someone else lowest', () => {
    // +26 would make it 70, 106, 56, 76: the end, with seat 2 lowest. So the shooter takes −26.
    expect(moonMean({ moon: 'othersPlus26UnlessLosing' }, [70, 80, 30, 50])).toBe(-26);
  });
  test('othersPlus26UnlessLosing: others +26 while the game goes on', () => {
    // 0 for the shooter, less a tenth of the others' average (26).
    expect(moonMean({ moon: 'othersPlus26UnlessLosing' }, [10, 20, 30, 40])).toBeCloseTo(-2.6, 9);
  });
  test('othersPlus26 and shooterMinus26 as before', () => {
    expect(moonMean({}, [70, 80, 30, 50])).toBeCloseTo(-2.6, 9);
    expect(moonMean({ moon: 'shooterMinus26' }, [10, 20, 30, 40])).toBe(-26);
  });
});

describe('common random numbers', () => {
  /** A position after `plays` cards of a hand without passing, where the seat to play has several candidates. */
  function midHand(seed: number, plays: number) {
    const rng = seededRandom(seed);
    let g = dealRandom(unwrap(newGame({ passCards: 0 })), rng);
    for (let i = 0; i < plays; i++) {
      const seat = seatsToAct(g)[0]!;
      const obs = observation(g, seat);
      g = unwrap(applyMove(g, seat, { kind: 'play', card: parseCard(obs.legal[0]!)! }));
    }
    return observation(g, seatsToAct(g)[0]!);
  }
  const bot = new SearchBot({ ...EXPERT, minWorlds: 48, maxWorlds: 144, batch: 48 });

  test('a candidate listed twice gets the same score on every deal: its paired difference is exactly 0', () => {
    const obs = observation(dealRandom(unwrap(newGame({})), seededRandom(3)), 0);
    const hand = obs.hand.map((c) => parseCard(c)!);
    const sets = [hand.slice(0, 3), hand.slice(10, 13), hand.slice(0, 3)];
    const e = bot.passValues(obs, sets, seededRandom(9), Infinity, { maxWorlds: 200 });
    expect(e.worlds).toBe(200);
    expect(e.means[2]).toBe(e.means[0]);
    expect(e.versus(0, 2)).toEqual({ mean: 0, se: 0 });
    expect(e.versus(0, 1).se).toBeGreaterThan(0);
  });

  test('dropping options leaves the others exactly as they were: the deals and playouts do not depend on them', () => {
    const obs = midHand(4, 5);
    const full = bot.evaluate(obs, seededRandom(7), Infinity, { stop: () => false });
    expect(full.options.length).toBeGreaterThanOrEqual(3);
    const dropped = [0, full.options.length - 1];
    const part = bot.evaluate(obs, seededRandom(7), Infinity, {
      drop: (e) => (e.worlds === 48 ? dropped : []),
      stop: () => false,
    });
    expect(part.worlds).toBe(144);
    part.options.forEach((o, i) => {
      if (dropped.includes(i)) expect(o.worlds).toBe(48);
      else {
        expect(o.worlds).toBe(144);
        expect(o.mean).toBe(full.options[i]!.mean);
      }
    });
    expect(part.versus(1, 0).se).toBeGreaterThanOrEqual(0);
    expect(part.versus(1, 2)).toEqual(full.versus(1, 2));
  });

  test('passes as well: a dropped set stops, the others keep their means', () => {
    const obs = observation(dealRandom(unwrap(newGame({})), seededRandom(5)), 1);
    const hand = obs.hand.map((c) => parseCard(c)!);
    const sets = [hand.slice(0, 3), hand.slice(5, 8), hand.slice(10, 13)];
    const how = { maxWorlds: 300, minWorlds: 100, batch: 100 };
    const full = bot.passValues(obs, sets, seededRandom(2), Infinity, how);
    const part = bot.passValues(obs, sets, seededRandom(2), Infinity, {
      ...how,
      drop: (e) => (e.worlds === 100 ? [1] : []),
    });
    expect(part.options.map((o) => o.worlds)).toEqual([300, 100, 300]);
    expect([part.means[0], part.means[2]]).toEqual([full.means[0], full.means[2]]);
    expect(part.versus(0, 2)).toEqual(full.versus(0, 2));
  });
});

describe('a seer: every deal the true one (EvaluateOptions.world)', () => {
  test('in the last four tricks every deal is solved alike: no spread between the options, unlike sampled deals', () => {
    let g = dealRandom(unwrap(newGame({ passCards: 0 })), seededRandom(3));
    const toMove = () => observation(g, seatsToAct(g)[0]!);
    for (let i = 0; i < 37 || toMove().legal.length < 2; i++) {
      const obs = toMove();
      g = unwrap(applyMove(g, obs.seat, { kind: 'play', card: parseCard(obs.legal[0]!)! }));
    }
    const obs = toMove();
    const world = new Uint16Array(16);
    for (let s = 0; s < 4; s++)
      for (const name of observation(g, s).hand) {
        const c = parseCard(name)!;
        world[s * 4 + ((c / 13) | 0)]! |= 1 << (c % 13);
      }
    const bot = new SearchBot({ ...EXPERT, minWorlds: 32, batch: 32, maxWorlds: 64 });
    const seen = bot.evaluate(obs, seededRandom(1), Infinity, { world });
    const sampled = bot.evaluate(obs, seededRandom(1), Infinity);
    const spreads = (e: Evaluation) => e.options.slice(1).map((_, i) => e.versus(0, i + 1).se);
    expect(seen.worlds).toBeGreaterThan(0);
    expect(spreads(seen).every((se) => se === 0)).toBe(true);
    expect(spreads(sampled).some((se) => se > 0)).toBe(true);
  });
});

describe("the expert's time budget", () => {
  /** A clock that moves on by `step` ms at every read, and tells how far it has gone. */
  function steppingClock(step: number): Clock & { readonly now: number } {
    let now = 0;
    const read = (() => (now += step)) as Clock & { readonly now: number };
    Object.defineProperty(read, 'now', { get: () => now });
    return read;
  }
  /** The first position of hand `seed` (after `plays` cards without passing) where the seat has a real choice. */
  function choice(seed: number, plays: number) {
    const rng = seededRandom(seed);
    let g = dealRandom(unwrap(newGame({ passCards: 0 })), rng);
    for (let i = 0; ; i++) {
      const seat = seatsToAct(g)[0]!;
      const obs = observation(g, seat);
      if (i >= plays && obs.legal.length > 2) return obs;
      g = unwrap(applyMove(g, seat, { kind: 'play', card: parseCard(obs.legal[0]!)! }));
    }
  }
  const passing = (seed: number) => observation(dealRandom(unwrap(newGame({})), seededRandom(seed)), 0);

  // The expert reads its clock once per sampled deal: with a clock that moves 0.01 ms a read, 100 ms are about
  // 9,000 deals (its share is 90 %), whatever the machine. It may not stop before its settling point (`settleAfter`
  // of its share) nor go on past its deadline by more than a read or two.
  test.each([
    ['a play early in the hand', () => choice(1, 1)],
    ['a play late in the hand', () => choice(2, 30)],
    ['a play in the last four tricks (solved exactly)', () => choice(3, 37)],
    ['a pass', () => passing(4)],
  ])('%s uses from its settling point to nine tenths of its budget, never more', (_, position) => {
    const obs = position();
    const clock = steppingClock(0.01);
    const bot = new SearchBot(EXPERT, clock);
    bot.decide(obs, { timeMs: 100, random: seededRandom(5) });
    const share = 100 * EXPERT.timeShare;
    expect(clock.now).toBeLessThanOrEqual(0.01 + share + 0.03);
    expect(clock.now).toBeGreaterThanOrEqual(EXPERT.settleAfter * share);
  });

  // The budget is a ceiling: a settled choice stops at its settling point (38 % of its time share), and a
  // close one thinks on to the deadline, more than twice as long.
  test('the time goes to the close choices', () => {
    const used = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((seed) => {
      const clock = steppingClock(0.05);
      new SearchBot(EXPERT, clock).decide(choice(seed, 4 + seed), {
        timeMs: 100,
        random: seededRandom(seed),
      });
      return clock.now / (100 * EXPERT.timeShare);
    });
    const settled = used.filter((u) => u < EXPERT.settleAfter + 0.05).length;
    const close = used.filter((u) => u > 0.95).length;
    expect(settled, used.map((u) => u.toFixed(2)).join(' ')).toBeGreaterThan(0);
    expect(close, used.map((u) => u.toFixed(2)).join(' ')).toBeGreaterThan(0);
  });

  test('more time, more deals: the evaluation grows with the deadline', () => {
    const obs = choice(6, 9);
    const deals = [10, 40, 160].map((ms) => {
      const clock = steppingClock(0.01);
      return new SearchBot(EXPERT, clock).evaluate(obs, seededRandom(7), ms).worlds;
    });
    expect(deals[1]!).toBeGreaterThan(3 * deals[0]!);
    expect(deals[2]!).toBeGreaterThan(3 * deals[1]!);
  });

  test('hard keeps its deal limit and its share, however much time it is given', () => {
    const obs = choice(8, 5);
    const clock = steppingClock(0.001);
    const e = new SearchBot(HARD, clock).evaluate(obs, seededRandom(9), 1e9);
    expect(e.worlds).toBeLessThanOrEqual(HARD.maxWorlds);
  });
});

describe('expectedLoss', () => {
  /** E[max(0, −X)] for X ~ N(d, se²), by the midpoint rule. */
  const numeric = (d: number, se: number): number => {
    let sum = 0;
    const h = se / 200;
    for (let x = d - 10 * se + h / 2; x < d + 10 * se; x += h)
      sum += Math.max(0, -x) * Math.exp(-0.5 * ((x - d) / se) ** 2) * h;
    return sum / (se * Math.sqrt(2 * Math.PI));
  };
  test.each([
    [0, 1],
    [0.5, 1],
    [2, 0.7],
    [3, 1],
    [0.1, 0.02],
    [-0.5, 1],
  ])('matches a numerical integral at d = %f, se = %f', (d, se) => {
    expect(expectedLoss(d, se)).toBeCloseTo(numeric(d, se), 5);
  });
  test('no uncertainty, no loss for the leader', () => {
    expect(expectedLoss(0, 0)).toBe(0);
    expect(expectedLoss(1.5, 0)).toBe(0);
  });
});

describe('reading the others’ plays (PlayReader)', () => {
  /**
   * One standard hand: the medium bot passes, every seat plays the playout policy's card (no noise) unless
   * `change` gives another, and `at` is called before each play with the state.
   */
  function policyHand(
    seed: number,
    at: (g: GameState) => void,
    change: (g: GameState, card: number) => number | null = () => null,
    runner = -1, // a seat that plays as a runner that sees its own hand (PLAN_RUN_BLIND) throughout
  ): void {
    const rng = seededRandom(seed);
    let g = dealRandom(unwrap(newGame({})), rng);
    const policy = new PlayoutPolicy(0, undefined, 'medium');
    const fixed = runner >= 0 ? 1 << runner : 0;
    if (runner >= 0) policy.plans[runner] = PLAN_RUN_BLIND;
    const prng = new PlayoutRandom();
    let tricks = -1;
    while (g.phase === 'pass' || g.phase === 'play' || g.phase === 'moon') {
      const seat = seatsToAct(g)[0]!;
      let d;
      if (g.phase === 'play') {
        at(g);
        const core = handCoreOf(g)!;
        if (core.trickCount !== tricks) {
          tricks = core.trickCount;
          policy.updatePlans(core, fixed); // plans are set as a trick starts, as the reader sets them
        }
        const card = policy.choose(core, prng);
        d = { kind: 'play', card: makeCard(change(g, card) ?? card) };
      } else d = mediumBot.decide(observation(g, seat), { timeMs: 0, random: rng });
      g = unwrap(applyMove(g, seat, unwrap(parseNamedMove(d))));
    }
  }

  test('the true deal of a hand the policy played has weight 1; deals that do not explain the plays weigh less', () => {
    let positions = 0;
    let lighter = 0;
    for (let seed = 1; seed <= 6; seed++)
      policyHand(seed, (g) => {
        const core = handCoreOf(g)!;
        if (core.turn !== 0 || core.trickCount < 3) return;
        const k = buildKnowledge(observation(g, 0));
        const reader = new PlayReader(k, 0.5);
        expect(reader.weight(core.hands)).toBe(1);
        const sampler = makeSampler(k);
        const world = new Uint16Array(16);
        const rng = seededRandom(`worlds-${seed}-${core.trickCount}`);
        let sum = 0;
        for (let i = 0; i < 50; i++) {
          world.fill(0);
          sampler.sample(rng, world);
          const w = reader.weight(world);
          expect(w).toBeGreaterThan(0);
          expect(w).toBeLessThanOrEqual(1);
          sum += w;
        }
        positions++;
        if (sum / 50 < 0.9) lighter++;
      });
    expect(positions).toBeGreaterThan(20);
    expect(lighter / positions).toBeGreaterThan(0.8);
  });

  /**
   * Seat 1 plays, once, another card of the suit than the policy's: `touching` one with no card between that seat 1
   * cannot see, or one with such a card between. Returns the true deal's weight at seat 0's last decision.
   */
  function weightAfterChange(seed: number, touching: boolean): number | null {
    let changed = false;
    let weight: number | null = null;
    policyHand(
      seed,
      (g) => {
        const core = handCoreOf(g)!;
        if (changed && core.turn === 0 && core.trickCount === 11)
          weight = new PlayReader(buildKnowledge(observation(g, 0)), 0.5).weight(core.hands);
      },
      (g, card) => {
        const core = handCoreOf(g)!;
        if (changed || core.turn !== 1 || core.trickCount < 1) return null;
        const suit = (card / 13) | 0;
        const mine = core.hands[4 + suit]!;
        let seen = mine;
        for (let t = 0; t < 4; t++) seen |= core.taken[t * 4 + suit]!;
        for (let i = 0; i < core.trickSize; i++) {
          const x = core.plays[core.trickCount * 4 + i]!;
          if (((x / 13) | 0) === suit) seen |= 1 << (x % 13);
        }
        for (let r = 0; r < 13; r++) {
          if (r === card % 13 || !(mine & (1 << r)) || !core.isLegal(suit * 13 + r)) continue;
          const lo = Math.min(r, card % 13);
          const hi = Math.max(r, card % 13);
          const between = ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1);
          if ((between & ~seen) === 0 ? touching : !touching) {
            changed = true;
            return suit * 13 + r;
          }
        }
        return null;
      },
    );
    return weight;
  }

  test('a card next to the policy’s, with nothing between that the seat cannot see, is the same play', () => {
    const weights: number[] = [];
    for (let seed = 1; weights.length < 5 && seed < 60; seed++) {
      const w = weightAfterChange(seed, true);
      if (w !== null) weights.push(w);
    }
    expect(weights).toEqual([1, 1, 1, 1, 1]);
  });

  test('a card with an unseen card between is another play: the true deal weighs the factor once', () => {
    const weights: number[] = [];
    for (let seed = 1; weights.length < 5 && seed < 60; seed++) {
      const w = weightAfterChange(seed, false);
      if (w !== null) weights.push(w);
    }
    expect(weights).toEqual([0.5, 0.5, 0.5, 0.5, 0.5]);
  });

  test('with readRun, a runner’s plays make the deals that explain them count more', () => {
    // Seat 1 plays as a runner that sees its own hand; at seat 0's decisions from the third trick on, while no other
    // seat has taken a moon card, the true deal's weight over the mean weight of sampled deals (how much the reader
    // singles the truth out) is compared with and without readRun.
    let positions = 0;
    let sharper = 0;
    let logGain = 0;
    for (let seed = 1; seed <= 12; seed++)
      policyHand(
        seed,
        (g) => {
          const core = handCoreOf(g)!;
          if (core.turn !== 0 || core.trickCount < 3) return;
          const pts = new Int32Array(4);
          core.moonCardPoints(pts);
          if (pts[0] || pts[2] || pts[3]) return;
          const k = buildKnowledge(observation(g, 0));
          const plain = new PlayReader(k, 0.5);
          const reading = new PlayReader(k, 0.5, 0.1);
          const sampler = makeSampler(k);
          const world = new Uint16Array(16);
          const rng = seededRandom(`runner-${seed}-${core.trickCount}`);
          let sumPlain = 0;
          let sumReading = 0;
          for (let i = 0; i < 200; i++) {
            world.fill(0);
            sampler.sample(rng, world);
            sumPlain += plain.weight(world);
            const w = reading.weight(world);
            expect(w).toBeGreaterThan(0);
            expect(w).toBeLessThanOrEqual(1);
            sumReading += w;
          }
          const ratioPlain = plain.weight(core.hands) / (sumPlain / 200);
          const ratioReading = reading.weight(core.hands) / (sumReading / 200);
          positions++;
          if (ratioReading > ratioPlain * 1.1) sharper++;
          logGain += Math.log(ratioReading / ratioPlain);
        },
        () => null,
        1,
      );
    // 67 positions here: 72 % singled the truth out over 10 % more, by 1.36 times on the geometric mean.
    expect(positions).toBeGreaterThan(40);
    expect(sharper / positions).toBeGreaterThan(0.55);
    expect(Math.exp(logGain / positions)).toBeGreaterThan(1.2);
  });

  test('readRun leaves the reading of a hand without a runner nearly as it is', () => {
    let positions = 0;
    let near = 0;
    for (let seed = 1; seed <= 4; seed++)
      policyHand(seed, (g) => {
        const core = handCoreOf(g)!;
        if (core.turn !== 0 || core.trickCount < 3) return;
        const k = buildKnowledge(observation(g, 0));
        const w = new PlayReader(k, 0.5, 0.1).weight(core.hands);
        expect(w).toBeGreaterThanOrEqual(0.9 ** 3); // each seat: 0.9 + 0.1 · 0.5^misses as a runner
        positions++;
        if (w >= 0.9 ** 3 + 0.01) near++;
      });
    expect(positions).toBeGreaterThan(10);
    expect(near).toBeGreaterThan(0); // some plays of a normal seat are a runner's too
  });
});
