/**
 * Property tests over random games under random rules (3–6 players, every option): the engine against the
 * reference reading of RULES.md in test/helpers.ts, and records against replay.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  arbRules,
  randomGame,
  refCardPoints,
  refDeck,
  refLegal,
  refPosition,
  refReachesEnd,
  refScoreHand,
  refWhyIllegal,
  start,
} from '../test/helpers.js';
import {
  CardSet,
  DEFAULT_RULES,
  applyMove,
  deckOf,
  handOf,
  legalMoves,
  makeCard,
  makeRecord,
  replayRecord,
  seededRandom,
  type Card,
  type GameRecord,
  type GameState,
  type HandLog,
  type Move,
  type Rules,
  toPlay,
} from './index.js';

const arbGame = fc.record({
  rules: arbRules,
  seed: fc.integer(),
  stopAfter: fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }), // steps; undefined: play out
  greedy: fc.boolean(), // stacked deals and greedy play: many moons
});

type GameSpec = { rules: Rules; seed: number; stopAfter: number | undefined; greedy: boolean };

const generate = ({ rules, seed, stopAfter, greedy }: GameSpec, onStep?: (g: GameState) => void): GameState =>
  randomGame(start(rules), seededRandom(seed), {
    maxSteps: stopAfter ?? Infinity,
    maxHands: 6,
    greedy,
    onStep,
  });

const names = (n: number): string[] => Array.from({ length: n }, (_, s) => `player ${s}`);

/** Each seat's cards after passing, as the reference wants them. */
function afterPassing(
  rules: Rules,
  log: HandLog,
  handNumber: number,
  offsetOf: (h: number) => number,
): Card[][] {
  const n = rules.players;
  const offset = offsetOf(handNumber);
  return log.deal.map((h, s) => {
    if (!log.passes || offset === 0) return h.toArray();
    return h
      .diff(log.passes[s]!)
      .union(log.passes[(s - offset + n) % n]!)
      .toArray();
  });
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

describe('random games under random rules', () => {
  test('cards are conserved, a legal move always exists and matches the reference, hands score by the reference', () => {
    fc.assert(
      fc.property(arbGame, (spec) => {
        const problems: string[] = [];
        let prev: GameState | null = null;
        const { rules } = spec;
        const n = rules.players;
        const deck = deckOf(rules);
        const offsetOf = (h: number): number => {
          // The same table as RULES.md, computed here rather than taken from the engine.
          if (rules.passCards === 0) return 0;
          if (rules.passCycle === 'left') return 1;
          if (rules.passCycle === 'right') return n - 1;
          if (rules.passCycle === 'rotate') return h % n === n - 1 ? 0 : (h % n) + 1;
          const cycle = n % 2 === 0 ? [1, n - 1, n / 2, 0] : [1, n - 1, 0];
          return cycle[h % cycle.length]!;
        };
        generate(spec, (g) => {
          const at = `hand ${g.handNumber} phase ${g.phase}`;
          const log = g.log[g.handNumber];
          if (g.phase === 'pass' || g.phase === 'play') {
            // Cards conserved: the hands and the cards played are the deck, each card once.
            let all = CardSet.EMPTY;
            let count = 0;
            for (let s = 0; s < n; s++) {
              all = all.union(handOf(g, s));
              count += handOf(g, s).size();
            }
            const played = g.phase === 'play' ? CardSet.fromCards(log!.plays) : CardSet.EMPTY;
            if (
              all.intersects(played) ||
              !all.union(played).equals(deck) ||
              count + played.size() !== deck.size()
            )
              problems.push(`${at}: cards not conserved`);
          }
          if (g.phase === 'pass' && offsetOf(g.handNumber) === 0)
            problems.push(`${at}: passing on a hand without`);
          if (g.phase === 'play') {
            const seat = toPlay(g)!;
            const legal = legalMoves(g, seat);
            if (legal.isEmpty()) problems.push(`${at}: no legal move`);
            const ref = refPosition(
              rules,
              afterPassing(rules, log!, g.handNumber, offsetOf),
              g.handNumber % n,
              log!.plays,
            );
            if (ref.turn !== seat) problems.push(`${at}: turn ${seat}, reference ${ref.turn}`);
            const refSet = CardSet.fromCards(refLegal(rules, ref));
            if (!refSet.equals(legal)) problems.push(`${at}: legal ${legal} but reference ${refSet}`);
          }
          if (prev && g.results.length > prev.results.length) {
            const k = g.results.length - 1;
            const hl = g.log[k]!;
            const result = g.results[k]!;
            const ref = refPosition(rules, afterPassing(rules, hl, k, offsetOf), k % n, hl.plays);
            const want = refScoreHand(rules, ref.taken, hl.sevenSuit, prev.scores, k + 1, hl.moonChoice);
            if (
              JSON.stringify([result.taken, result.points, result.shooter]) !==
              JSON.stringify([want.taken, want.points, want.shooter])
            )
              problems.push(`hand ${k}: scored ${JSON.stringify(result)}, reference ${JSON.stringify(want)}`);
            // Taken points add up to the counted cards in play.
            const inPlay = sum(refDeck(rules).map((c) => refCardPoints(rules, c, hl.sevenSuit)));
            if (sum(result.taken) !== inPlay)
              problems.push(`hand ${k}: ${sum(result.taken)} points taken of ${inPlay}`);
            // The end of the game.
            const low = Math.min(...g.scores);
            const lowest = g.scores.flatMap((t, s) => (t === low ? [s] : []));
            const over =
              refReachesEnd(rules, g.scores, k + 1) && (rules.ties === 'shareWin' || lowest.length === 1);
            if ((g.phase === 'gameOver') !== over)
              problems.push(`hand ${k}: game over ${g.phase === 'gameOver'}, reference ${over}`);
            if (over && JSON.stringify(g.winners) !== JSON.stringify(lowest))
              problems.push(`hand ${k}: winners`);
          }
          prev = g;
        });
        expect(problems).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  test('the standard rules: 26 points a hand, or 78 after a moon', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const g = randomGame(start(DEFAULT_RULES), seededRandom(seed), { maxHands: 100 });
        expect(g.phase).toBe('gameOver');
        for (const r of g.results) {
          expect(sum(r.taken)).toBe(26);
          expect(sum(r.points)).toBe(r.shooter === null ? 26 : 78);
        }
        expect(g.scores.some((t) => t >= 50)).toBe(true);
      }),
      { numRuns: 15 },
    );
  });
});

describe('records', () => {
  test('round-trip: makeRecord → JSON → replayRecord gives the same game', () => {
    fc.assert(
      fc.property(arbGame, (spec) => {
        const g = generate(spec);
        const players = names(spec.rules.players);
        const rec = makeRecord(g, players);
        const back = replayRecord(JSON.parse(JSON.stringify(rec)));
        if (!back.ok) throw new Error(`replay refused a generated game: ${JSON.stringify(back.error)}`);
        expect(back.value.scores).toEqual(g.scores);
        expect(back.value.hands).toEqual(g.results);
        expect(back.value.finished).toBe(g.phase === 'gameOver');
        expect(back.value.winners).toEqual(g.winners);
        expect(back.value.rules).toEqual(spec.rules);
        expect(back.value.players).toEqual(players);
        expect(makeRecord(back.value.state, players)).toEqual(rec);
      }),
      { numRuns: 80 },
    );
  });

  /** The record of a finished or partial game, up to (not including) card `i` of trick `t` of hand `h`. */
  function prefix(rec: GameRecord, h: number, t: number, i: number): GameRecord {
    const hands = rec.hands.slice(0, h + 1).map((x) => ({ ...x }));
    const last = hands[h]!;
    const part = last.tricks[t]!.split(' ').slice(0, i);
    last.tricks = [...last.tricks.slice(0, t), ...(i > 0 ? [part.join(' ')] : [])];
    delete last.moonChoice;
    return { ...rec, hands };
  }

  test('every single-card corruption of a trick is refused at exactly that step', () => {
    fc.assert(
      fc.property(arbGame, fc.nat(), fc.nat(), (spec, where, which) => {
        const g = generate(spec);
        const rec = makeRecord(g, names(spec.rules.players));
        const spots: [number, number, number][] = [];
        rec.hands.forEach((hand, h) =>
          hand.tricks.forEach((trick, t) => trick.split(' ').forEach((_, i) => spots.push([h, t, i]))),
        );
        fc.pre(spots.length > 0);
        const [h, t, i] = spots[where % spots.length]!;
        // The position just before that card, by replaying the record's prefix.
        const before = replayRecord(JSON.parse(JSON.stringify(prefix(rec, h, t, i))));
        if (!before.ok) throw new Error(`a prefix was refused: ${JSON.stringify(before.error)}`);
        const state = before.value.state;
        expect(state.phase).toBe('play');
        const seat = toPlay(state)!;
        const legal = legalMoves(state, seat);
        const illegal = CardSet.FULL.diff(legal).toArray();
        const card = illegal[which % illegal.length]!;
        const bad: GameRecord = JSON.parse(JSON.stringify(rec));
        const cards = bad.hands[h]!.tricks[t]!.split(' ');
        cards[i] = makeCard(card);
        bad.hands[h]!.tricks[t] = cards.join(' ');
        const r = replayRecord(bad);
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.error).toMatchObject({ kind: 'illegal', hand: h, trick: t, seat, card: makeCard(card) });
        if (r.error.kind !== 'illegal') return;
        expect(r.error.reason.length).toBeGreaterThan(0);
        // Which rule it breaks, by the reference.
        const ref = refPosition(
          spec.rules,
          handsAtFirstLead(rec, h),
          h % spec.rules.players,
          state.log[h]!.plays,
        );
        expect(r.error.code).toBe(refWhyIllegal(spec.rules, ref, card));
      }),
      { numRuns: 150 },
    );
  });
});

describe('corrupt records are format errors, never exceptions', () => {
  const CORRUPTIONS = [
    'card twice',
    'card moved',
    'card dropped',
    'unknown card',
    'unknown option',
    'bad option value',
  ] as const;

  test('deal corruptions of generated games', () => {
    fc.assert(
      fc.property(arbGame, fc.constantFrom(...CORRUPTIONS), fc.nat(), fc.nat(), (spec, how, hx, sx) => {
        const g = generate(spec);
        const n = spec.rules.players;
        const rec: GameRecord = JSON.parse(JSON.stringify(makeRecord(g, names(n))));
        fc.pre(rec.hands.length > 0);
        const deal = rec.hands[hx % rec.hands.length]!.deal;
        const a = sx % n;
        const b = (a + 1) % n;
        const cardsA = deal[a]!.split(' ');
        const cardsB = deal[b]!.split(' ');
        switch (how) {
          case 'card twice':
            cardsB[0] = cardsA[0]!;
            break;
          case 'card moved':
            cardsB.push(cardsA.shift()!);
            break;
          case 'card dropped':
            cardsA.pop();
            break;
          case 'unknown card':
            cardsA[0] = '1X';
            break;
          case 'unknown option':
            rec.rules = { ...rec.rules, jokers: 2 } as Partial<Rules>;
            break;
          case 'bad option value':
            rec.rules = { ...rec.rules, players: 7 };
            break;
        }
        deal[a] = cardsA.join(' ');
        deal[b] = cardsB.join(' ');
        const r = replayRecord(rec);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.kind).toBe('format');
      }),
      { numRuns: 120 },
    );
  });

  test('applyMove never throws, whatever the seat and the move', () => {
    const arbMove = fc.oneof(
      fc.record({
        kind: fc.constantFrom('play', 'pass', 'moon', 'x'),
        card: fc.anything(),
        cards: fc.anything(),
        choice: fc.anything(),
      }),
      fc.record({
        kind: fc.constant('pass'),
        cards: fc.array(fc.integer({ min: -2, max: 54 }), { maxLength: 6 }),
      }),
      fc.record({ kind: fc.constant('play'), card: fc.integer({ min: -2, max: 54 }) }),
      fc.anything(),
    );
    fc.assert(
      fc.property(
        arbGame,
        fc.oneof(fc.integer({ min: -1, max: 7 }), fc.anything()),
        arbMove,
        (spec, seat, move) => {
          const g = generate(spec);
          const r = applyMove(g, seat as number, move as Move);
          if (!r.ok) expect(r.error.code).toMatch(/^ERR_[A-Z_]+$/);
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** The hands at the first lead of hand `h`, by replaying the record to that point. */
function handsAtFirstLead(rec: GameRecord, h: number): Card[][] {
  const hands = rec.hands.slice(0, h + 1).map((x) => ({ ...x }));
  hands[h] = { ...hands[h]!, tricks: [] };
  delete hands[h]!.moonChoice;
  const r = replayRecord({ ...rec, hands });
  if (!r.ok) throw new Error('a prefix was refused');
  const g = r.value.state;
  return Array.from({ length: g.rules.players }, (_, s) => handOf(g, s).toArray());
}
