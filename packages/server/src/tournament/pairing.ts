/**
 * Arena pairing: who sits down together now. Pure: the free players and the clock in, the tables out. The
 * algorithm (docs/tournaments.md):
 *
 * 1. Free players are taken longest-waiting first.
 * 2. Once at least `pool` players are free, or the longest-waiting of at least four has waited `gatherMs`, every
 *    free player is seated in tables of four: the longest-waiting player anchors a table and takes, one at a time,
 *    the free player who costs least — the distance in tournament points to those already at the table, plus
 *    `metPenalty` for each of them met in the last game. Then, while swapping two players of two tables lowers the
 *    sum of both tables' costs (every pair at a table), they swap (at most `SWAP_PASSES` passes over all tables).
 *    Fewer than four stay free.
 * 3. Those left (one to three) sit with bots once the longest-waiting of them has waited `maxWaitMs`, if the
 *    tournament allows bots.
 *
 * So, with `gatherMs <= maxWaitMs`, nobody waits `maxWaitMs` while four are free; with bots, nobody waits longer
 * than `maxWaitMs` at all (up to the interval between two calls).
 *
 * ```ts
 * pair([{ userId: 'a', units: 0, since: 0, lastMet: [] }, ...], 5_000, DEFAULT_PAIRING); // [{ players, bots }]
 * ```
 */
import type { PairingPolicy } from '../store/tournaments.js';
import { POINT_UNIT } from './scoring.js';

export type { PairingPolicy };

/** A free player, waiting for a table. */
export interface Candidate {
  readonly userId: string;
  readonly units: number; // tournament points so far (POINT_UNIT per point)
  readonly since: number; // waiting since (ms)
  readonly lastMet: readonly string[]; // the humans met in their last game
}

export const DEFAULT_PAIRING: PairingPolicy = {
  seats: 4,
  pool: 12,
  gatherMs: 4_000,
  maxWaitMs: 20_000,
  bots: true,
  metPenalty: 4,
};

/** A table to open: its humans (the anchor first) and how many bots fill it. */
export interface Pairing {
  readonly players: readonly string[];
  readonly bots: number;
}

const byWait = (a: Candidate, b: Candidate): number =>
  a.since - b.since || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

const met = (a: Candidate, b: Candidate): boolean =>
  a.lastMet.includes(b.userId) || b.lastMet.includes(a.userId);

const pairCost = (a: Candidate, b: Candidate, p: PairingPolicy): number =>
  Math.abs(a.units - b.units) / POINT_UNIT + (met(a, b) ? p.metPenalty : 0);

/** What it costs to seat `c` with `group`: the point distance to each, plus the penalty for each met just before. */
export function seatCost(c: Candidate, group: readonly Candidate[], p: PairingPolicy): number {
  let cost = 0;
  for (const g of group) cost += pairCost(c, g, p);
  return cost;
}

/** Passes of the swap improvement over all pairs of tables. */
export const SWAP_PASSES = 4;

const tableCost = (t: readonly Candidate[], p: PairingPolicy): number => {
  let cost = 0;
  for (let i = 0; i < t.length; i++) for (let j = i + 1; j < t.length; j++) cost += pairCost(t[i]!, t[j]!, p);
  return cost;
};

/** Swaps players between tables while a swap lowers the cost of the two tables. */
function improve(tables: Candidate[][], p: PairingPolicy): void {
  for (let pass = 0; pass < SWAP_PASSES; pass++) {
    let better = false;
    for (let i = 0; i < tables.length; i++) {
      for (let j = i + 1; j < tables.length; j++) {
        const a = tables[i]!;
        const b = tables[j]!;
        for (let x = 0; x < a.length; x++) {
          for (let y = 0; y < b.length; y++) {
            const before = tableCost(a, p) + tableCost(b, p);
            [a[x], b[y]] = [b[y]!, a[x]!];
            if (tableCost(a, p) + tableCost(b, p) < before - 1e-9) better = true;
            else [a[x], b[y]] = [b[y]!, a[x]!];
          }
        }
      }
    }
    if (!better) return;
  }
}

/** The tables to open now from the free players (each at most once). */
export function pair(free: readonly Candidate[], now: number, p: PairingPolicy): Pairing[] {
  const waiting = [...free].sort(byWait);
  const out: Pairing[] = [];
  const oldest = waiting[0];
  const gather =
    waiting.length >= p.seats &&
    (waiting.length >= p.pool || (oldest !== undefined && now - oldest.since >= p.gatherMs));
  if (gather) {
    const tables: Candidate[][] = [];
    while (waiting.length >= p.seats) {
      const group = [waiting.shift()!];
      while (group.length < p.seats) {
        let best = 0;
        let bestCost = Infinity;
        waiting.forEach((c, i) => {
          const cost = seatCost(c, group, p);
          if (cost < bestCost) [best, bestCost] = [i, cost];
        });
        group.push(waiting.splice(best, 1)[0]!);
      }
      tables.push(group);
    }
    improve(tables, p);
    for (const t of tables) out.push({ players: t.map((c) => c.userId), bots: 0 });
  }
  const first = waiting[0];
  if (p.bots && first !== undefined && waiting.length < p.seats && now - first.since >= p.maxWaitMs) {
    out.push({ players: waiting.map((c) => c.userId), bots: p.seats - waiting.length });
  }
  return out;
}

/** Why a pairing policy cannot be used, or null. */
export function policyProblem(p: PairingPolicy): string | null {
  if (p.seats !== 4) return 'a table has four seats';
  if (p.pool < p.seats) return 'the pool is smaller than a table';
  if (p.gatherMs < 0 || p.gatherMs > p.maxWaitMs) return 'gatherMs must lie between 0 and maxWaitMs';
  return null;
}
