/**
 * Quick match: seats humans of similar rating together. The rating gap a player accepts widens the longer they
 * wait; once someone has waited long enough, the seats still empty at their table are filled with bots. Players
 * only meet others who asked for the same options (rated or not, the same target score), and never someone they
 * blocked or who blocked them (issue #20).
 *
 * ```ts
 * const groups = findMatches(queue, Date.now(), { baseGap: 100, gapPerSecond: 20, waitMs: 20_000, seats: 4 });
 * for (const g of groups) console.log(g.players.map((p) => p.id), 'and', g.bots, 'bots');
 * ```
 */

export interface Waiting {
  readonly id: string; // the user
  readonly rating: number;
  readonly rated: boolean;
  readonly targetScore: number;
  readonly since: number; // ms since the epoch
  readonly avoid?: ReadonlySet<string>; // users never seated with this one: blocked by them, or blocking them
}

export interface MatchPolicy {
  readonly baseGap: number; // rating points accepted at once
  readonly gapPerSecond: number; // more accepted for each second of waiting
  readonly waitMs: number; // after this, bots fill the table
  readonly seats: number;
}

export interface Match {
  readonly players: readonly Waiting[];
  readonly bots: number;
}

export const acceptableGap = (w: Waiting, now: number, p: MatchPolicy): number =>
  p.baseGap + (p.gapPerSecond * Math.max(0, now - w.since)) / 1000;

/** Whether two waiting players accept each other now (a block on either side: never). */
export const compatible = (a: Waiting, b: Waiting, now: number, p: MatchPolicy): boolean =>
  !a.avoid?.has(b.id) &&
  !b.avoid?.has(a.id) &&
  a.rated === b.rated &&
  a.targetScore === b.targetScore &&
  Math.abs(a.rating - b.rating) <= Math.min(acceptableGap(a, now, p), acceptableGap(b, now, p));

/**
 * The tables to open now. The longest-waiting player is served first: with enough compatible players their table
 * is full of humans; once they have waited `waitMs`, the compatible players there are seated and bots fill the rest.
 */
export function findMatches(queue: readonly Waiting[], now: number, p: MatchPolicy): Match[] {
  const order = [...queue].sort((a, b) => a.since - b.since || a.id.localeCompare(b.id));
  const used = new Set<string>();
  const out: Match[] = [];
  for (const w of order) {
    if (used.has(w.id)) continue;
    const candidates = order
      .filter((c) => c.id !== w.id && !used.has(c.id) && compatible(w, c, now, p))
      .sort((a, b) => Math.abs(a.rating - w.rating) - Math.abs(b.rating - w.rating) || a.since - b.since);
    const group: Waiting[] = [w];
    for (const c of candidates) {
      if (group.length === p.seats) break;
      if (group.every((g) => compatible(g, c, now, p))) group.push(c);
    }
    if (group.length === p.seats || now - w.since >= p.waitMs) {
      for (const g of group) used.add(g.id);
      out.push({ players: group, bots: p.seats - group.length });
    }
  }
  return out;
}
