import {
  applyMove,
  dealRandom,
  handOf,
  legalMoves,
  makeCard,
  newGame,
  observation,
  randomInt,
  seededRandom,
  unwrap,
  type GameState,
  type Rules,
  toPlay,
  playPosition,
} from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import { buildKnowledge } from './knowledge.js';
import { makeSampler } from './sampler.js';

/** Plays random legal moves until `plays` cards are on the table. */
function position(seed: number, plays: number, rules: Partial<Rules> = {}): GameState {
  const rng = seededRandom(seed);
  let g = dealRandom(unwrap(newGame({ ...rules, targetScore: 1000 })), rng);
  for (let s = 0; g.phase === 'pass'; s++) {
    const cards = [...handOf(g, s)].slice(0, g.rules.passCards);
    g = (applyMove(g, s, { kind: 'pass', cards }) as { value: GameState }).value;
  }
  while (playPosition(g)!.plays < plays) {
    const seat = toPlay(g)!;
    const legal = [...legalMoves(g, seat)];
    g = (
      applyMove(g, seat, { kind: 'play', card: legal[randomInt(rng, legal.length)]! }) as { value: GameState }
    ).value;
  }
  return g;
}

/** Every assignment of the unknown cards to the other seats that fits hand sizes, voids and pins. */
function enumerate(k: ReturnType<typeof buildKnowledge>): string[] {
  const unknown: number[] = [];
  for (let suit = 0; suit < 4; suit++)
    for (let r = 0; r < 13; r++) if (k.unknown[suit]! & (1 << r)) unknown.push(suit * 13 + r);
  const others = [...Array(k.n).keys()].filter((s) => s !== k.me);
  const free = others.map((s) => {
    let pinned = 0;
    for (let suit = 0; suit < 4; suit++) for (let x = k.hands[s * 4 + suit]!; x; x &= x - 1) pinned++;
    return k.need[s]! - pinned;
  });
  const out: string[] = [];
  const assign: number[] = [];
  const rec = (i: number): void => {
    if (i === unknown.length) {
      if (others.every((_, j) => assign.filter((a) => a === j).length === free[j])) out.push(assign.join(''));
      return;
    }
    const suit = Math.floor(unknown[i]! / 13);
    for (let j = 0; j < others.length; j++) {
      if (k.voids[others[j]! * 4 + suit]) continue;
      assign.push(j);
      rec(i + 1);
      assign.pop();
    }
  };
  rec(0);
  return out;
}

describe('WorldSampler', () => {
  test('counts exactly the consistent deals and samples them uniformly', () => {
    // Find a late position where some seat has shown a void, so the constraints matter.
    let g: GameState | undefined;
    let k: ReturnType<typeof buildKnowledge> | undefined;
    for (let seed = 1; seed < 200; seed++) {
      g = position(seed, 40);
      k = buildKnowledge(observation(g, toPlay(g)!));
      if (k.voids.some((v) => v === 1) && k.hands.some((m, i) => m !== 0 && Math.floor(i / 4) !== k!.me))
        break;
    }
    const worlds = enumerate(k!);
    const sampler = makeSampler(k!);
    expect(sampler.total).toBe(worlds.length);
    expect(worlds.length).toBeGreaterThan(10);
    const index = new Map(worlds.map((w, i) => [w, i]));
    const counts = new Array<number>(worlds.length).fill(0);
    const rng = seededRandom(99);
    const out = new Uint16Array(k!.n * 4);
    const others = [...Array(k!.n).keys()].filter((s) => s !== k!.me);
    const samples = worlds.length * 40;
    for (let i = 0; i < samples; i++) {
      sampler.sample(rng, out);
      let key = '';
      for (let suit = 0; suit < 4; suit++)
        for (let r = 0; r < 13; r++) {
          if (!(k!.unknown[suit]! & (1 << r))) continue;
          const j = others.findIndex((s) => out[s * 4 + suit]! & (1 << r));
          key += String(j);
        }
      const at = index.get(key);
      expect(at, `sampled an inconsistent deal ${key}`).toBeDefined();
      counts[at!]!++;
    }
    // Chi-square against uniform; df = worlds − 1, critical value at p = 0.001 (Wilson–Hilferty).
    const expected = samples / worlds.length;
    const chi = counts.reduce((a, c) => a + (c - expected) ** 2 / expected, 0);
    const df = worlds.length - 1;
    const z = 3.09;
    const critical = df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
    expect(chi).toBeLessThan(critical);
  });

  test('visits every consistent deal once: forEach', () => {
    let visited = 0;
    for (let seed = 1; seed <= 60 && visited < 5; seed++) {
      const g = position(seed, 36 + (seed % 8));
      const k = buildKnowledge(observation(g, toPlay(g)!));
      const sampler = makeSampler(k);
      if (sampler.total > 20000) continue;
      const worlds = enumerate(k);
      const others = [...Array(k.n).keys()].filter((s) => s !== k.me);
      const out = new Uint16Array(k.n * 4);
      const seen: string[] = [];
      sampler.forEach(out, () => {
        let key = '';
        for (let suit = 0; suit < 4; suit++)
          for (let r = 0; r < 13; r++) {
            if (!(k.unknown[suit]! & (1 << r))) continue;
            key += String(others.findIndex((s) => out[s * 4 + suit]! & (1 << r)));
          }
        // The known cards stay as they are: the seat's own hand and the others' pinned cards.
        for (let s = 0; s < k.n; s++)
          for (let suit = 0; suit < 4; suit++)
            expect(out[s * 4 + suit]! & ~k.unknown[suit]!).toBe(k.hands[s * 4 + suit]);
        seen.push(key);
      });
      expect(seen.length).toBe(sampler.total);
      expect([...seen].sort()).toEqual([...worlds].sort());
      let stopAfter = 0;
      sampler.forEach(out, () => ++stopAfter < 3);
      expect(stopAfter).toBe(Math.min(3, worlds.length));
      visited++;
    }
    expect(visited).toBe(5);
  });

  test.each([3, 4, 5, 6])('every sampled deal is consistent with %i players', (players) => {
    for (let seed = 1; seed <= 20; seed++) {
      const g = position(seed, players * 3 + 1, { players });
      const me = toPlay(g)!;
      const k = buildKnowledge(observation(g, me));
      const sampler = makeSampler(k);
      const out = new Uint16Array(players * 4);
      sampler.sample(seededRandom(seed), out);
      for (let s = 0; s < players; s++) {
        const real = handOf(g, s);
        let size = 0;
        for (let suit = 0; suit < 4; suit++) {
          for (let x = out[s * 4 + suit]!; x; x &= x - 1) size++;
          if (k.voids[s * 4 + suit]) expect(real.suitMask(suit as 0 | 1 | 2 | 3)).toBe(0);
        }
        expect(size).toBe(real.size());
        if (s === me)
          for (let suit = 0; suit < 4; suit++)
            expect(out[s * 4 + suit]).toBe(real.suitMask(suit as 0 | 1 | 2 | 3));
      }
    }
  });
});

describe('knowledge', () => {
  test('each discard knows the cards its seat played after it (what the seat held then but not now)', () => {
    let checked = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const g = position(seed, 44);
      const obs = observation(g, toPlay(g)!);
      const k = buildKnowledge(obs);
      // Each card with its seat, in play order, from the observation's tricks.
      const played = [...obs.tricks, ...(obs.trick ? [obs.trick] : [])].flatMap((t) =>
        t.cards.map((c, i) => ({ seat: (t.leader + i) % obs.players, card: c })),
      );
      for (const d of k.discards) {
        const at = played.findIndex((p) => p.seat === d.seat && p.card === makeCard(d.card));
        const later = new Set(
          played
            .slice(at + 1)
            .filter((p) => p.seat === d.seat)
            .map((p) => p.card),
        );
        const mine = new Set<string>();
        for (let suit = 0; suit < 4; suit++)
          for (let r = 0; r < 13; r++) if (d.later[suit]! & (1 << r)) mine.add(makeCard(suit * 13 + r));
        expect(mine).toEqual(later);
        if (later.size > 0) checked++;
      }
    }
    expect(checked).toBeGreaterThan(20); // random play discards early and often
  });
});
