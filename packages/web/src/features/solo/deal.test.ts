import {
  DIE_SUITS,
  dealDeck,
  newGame,
  parseRules,
  seededRandom,
  randomInt,
  type Rules,
} from '@hearts/engine';
import {
  SeatStream,
  canonicalDeck,
  composeDeck,
  drawBelow,
  makeSeed,
  seedToHex,
  shuffleWith,
} from '@hearts/shuffle';
import { describe, expect, it } from 'vitest';
import { dealSeeded, seedMatchesDeal, seededDeal, withSeeds } from './deal';

const rulesOf = (r: Partial<Rules>): Rules => {
  const p = parseRules(r);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};

/** Seeds from a seeded generator, so that failures repeat. */
function seeds(label: string): () => Uint8Array {
  const rng = seededRandom(label);
  return () => makeSeed((bytes) => bytes.forEach((_, i) => (bytes[i] = randomInt(rng, 256))));
}

describe('seeded solo deals', () => {
  it.each([
    [{}],
    [{ players: 3 }],
    [{ players: 5, sevenOfDie: true }],
    [{ players: 6, passCards: 4 }],
  ] as Partial<Rules>[][])('deal composeDeck(rules, [seed]) as the engine deals a deck (%j)', (partial) => {
    const rules = rulesOf(partial);
    const next = seeds(JSON.stringify(partial));
    for (let hand = 0; hand < 12; hand++) {
      const seed = next();
      const d = seededDeal(rules, hand, seed);
      const engine = dealDeck(rules.players, hand % rules.players, composeDeck(rules, [seed]));
      expect(d.hands.map((h) => h.names())).toEqual(engine.map((h) => h.names()));
      expect(seededDeal(rules, hand, seed)).toEqual(d); // the seed alone decides
      expect(d.sevenSuit === null).toBe(!rules.sevenOfDie);
    }
  });

  it('rolls the die from the seed: clubs, diamonds or spades, each about a third of the time', () => {
    const rules = rulesOf({ sevenOfDie: true });
    const next = seeds('die');
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 600; i++) counts[seededDeal(rules, 0, next()).sevenSuit!]!++;
    expect(counts[3]).toBe(0); // never hearts
    for (const c of counts.slice(0, 3)) expect(c).toBeGreaterThan(150);
  });

  it('deals every seed kept in saved games as before: the die is the next draw of the shuffle’s stream', () => {
    const rules = rulesOf({ players: 5, sevenOfDie: true });
    const next = seeds('kept');
    for (let hand = 0; hand < 200; hand++) {
      const seed = next();
      const stream = new SeatStream(seed); // written out as docs/fair-shuffle.md#solo-games says
      const deck = shuffleWith(canonicalDeck(rules), stream);
      const die = DIE_SUITS[drawBelow(stream, 6)];
      const d = seededDeal(rules, hand, seed);
      expect(d.hands).toEqual(dealDeck(5, hand % 5, deck));
      expect(d.sevenSuit).toBe(die);
    }
  });

  it('different seeds deal differently; a seed matches only its own hand', () => {
    const g = newGame({ sevenOfDie: true });
    if (!g.ok) throw new Error(g.error.message);
    const next = seeds('match');
    const a = next();
    const b = next();
    const dealtA = dealSeeded(g.value, a);
    const log = dealtA.log[0]!;
    expect(seedMatchesDeal(dealtA.rules, 0, seedToHex(a), log)).toBe(true);
    expect(seedMatchesDeal(dealtA.rules, 0, seedToHex(b), log)).toBe(false);
    expect(seedMatchesDeal(dealtA.rules, 1, seedToHex(a), log)).toBe(false); // another dealer
    expect(seedMatchesDeal(dealtA.rules, 0, 'zz', log)).toBe(false);
    expect(seedMatchesDeal(dealtA.rules, 0, seedToHex(a).toUpperCase(), log)).toBe(false);
    expect(dealSeeded(g.value, b).log[0]!.deal).not.toEqual(log.deal);
    expect(() => seededDeal(dealtA.rules, 0, new Uint8Array(31))).toThrow(TypeError);
  });

  it('writes each known seed into its hand of the record', () => {
    const record = {
      format: 'hearts-record/1' as const,
      rules: {},
      players: ['a', 'b', 'c', 'd'],
      hands: [
        { deal: [], tricks: [] },
        { deal: [], tricks: [] },
      ],
    };
    const hex = seedToHex(seeds('record')());
    const out = withSeeds(record, [hex, null]);
    expect(out.hands[0]).toEqual({ deal: [], tricks: [], seed: hex });
    expect(out.hands[1]).toEqual({ deal: [], tricks: [] });
    expect(record.hands[0]).not.toHaveProperty('seed'); // the input is left alone
  });
});
