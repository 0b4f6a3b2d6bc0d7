import {
  POPCOUNT13,
  SEVEN_OF_DIE_POINTS,
  randomFloat,
  randomInt,
  type HandCore,
  SeededRandom,
  type RandomSource,
} from '@hearts/engine';

const QS = 2 * 13 + 10;
const QS_BIT = 1 << 10;
const HIGH_SPADES = (1 << 11) | (1 << 12); // K♠, A♠

const top = (m: number): number => 31 - Math.clz32(m);
const bottom = (m: number): number => 31 - Math.clz32(m & -m);

/**
 * The engine's generator (sfc32), reseedable in place for playouts: every candidate move is played out on the same deal with the
 * same random numbers, so the differences between candidates are not drowned in playout noise.
 */
export class PlayoutRandom extends SeededRandom {
  constructor() {
    super(0);
    this.a = 0;
    this.b = 0;
    this.c = 0;
    this.d = 1;
  }

  reseed(x: number, y: number): void {
    this.a = x | 0;
    this.b = y | 0;
    this.c = (x ^ 0x9e3779b9) | 0;
    this.d = 1;
    for (let i = 0; i < 8; i++) this.nextUint32();
  }
}

const MAX_UNSEEN = 52;
const MAX_HAND = 18;
/** HOLDS[(unseen * (MAX_HAND + 1) + hand) * 14 + k]: the chance that a hand of `hand` unseen cards holds one of `k` given ones. */
const HOLDS = new Float64Array((MAX_UNSEEN + 1) * (MAX_HAND + 1) * 14);
/** VOID[…]: the chance that a hand of `hand` unseen cards holds none of a suit's `k` unseen cards. */
const VOID = new Float64Array((MAX_UNSEEN + 1) * (MAX_HAND + 1) * 14);
for (let u = 0; u <= MAX_UNSEEN; u++)
  for (let h = 0; h <= MAX_HAND; h++)
    for (let k = 0; k < 14; k++) {
      let none = 1;
      for (let i = 0; i < h; i++) none *= Math.max(0, u - k - i) / Math.max(1, u - i);
      const at = (u * (MAX_HAND + 1) + h) * 14 + k;
      HOLDS[at] = k === 0 ? 0 : 1 - none;
      VOID[at] = Math.pow(Math.max(0, 1 - k / Math.max(1, u)), h);
    }
/** KEEP[(out * 14 + higher) * 14 + lower]: the medium bot's chance that a kept card of the suit must take a trick later. */
const KEEP = new Float64Array(14 * 14 * 14);
for (let out = 0; out < 14; out++)
  for (let hi = 0; hi < 14; hi++)
    for (let lo = 0; lo < 14; lo++)
      KEEP[(out * 14 + hi) * 14 + lo] =
        out === 0
          ? 0.45
          : lo === 0
            ? 0.08
            : Math.min(1, 0.9 / Math.pow(1 + hi, 1.3)) * Math.min(1, 0.45 + lo / 6);

/** The two highest cards of a suit mask (all of them when fewer). */
function topTwo(m: number): number {
  if (!m) return 0;
  const a = 1 << top(m);
  const rest = m & ~a;
  return rest ? a | (1 << top(rest)) : a;
}

/** The cards of `suit` the seat to play has seen: those in its hand and those played this hand (rank bits). */
export function seenBy(core: HandCore, suit: number): number {
  const n = core.cfg.n;
  let seen = core.hands[core.turn * 4 + suit]!;
  for (let t = 0; t < n; t++) seen |= core.taken[t * 4 + suit]!;
  const start = core.trickCount * n;
  for (let i = 0; i < core.trickSize; i++) {
    const c = core.plays[start + i]!;
    if (((c / 13) | 0) === suit) seen |= 1 << (c % 13);
  }
  return seen;
}

/** Plans a seat can follow in a playout. */
export const PLAN_NORMAL = 0; // avoid points
export const PLAN_SHOOT = 1; // take every point
/**
 * Take every point, playing as a strong runner does: with every hand of the deal seen (the playout's deal), sure
 * winners first, and no random plays. A suspected shooter's plan where `SearchParams.strongRunner` says so.
 */
export const PLAN_RUN = 2;
/**
 * {@link PLAN_RUN} as a runner plays who sees only its own hand and the cards played: a sure winner beats every
 * card of its suit not yet seen. `SearchParams.runnerSees: 'own'`.
 */
export const PLAN_RUN_BLIND = 3;

/**
 * How a {@link PlayoutPolicy} picks its cards once no moon is at stake. `rules`: a few fixed rules (duck as high as
 * possible, dump the Q♠ and high hearts when void, lead the lowest card of the safest suit): the playouts'. `medium`:
 * every legal card weighed as the medium bot weighs it, a model of how the others play (it picks the medium bot's
 * card in about 90 % of the medium bot's own play decisions; `policy.test.ts`), slower.
 */
export type PolicyStyle = 'rules' | 'medium';

/**
 * A fast heuristic player for playouts, on the engine's fast path (no allocation). It ducks, dumps the Q♠ and high
 * hearts when void, flushes the Q♠ with low spades, shoots when its plan says so, and stops an opponent who has
 * taken every point so far. With probability `noise` it plays a random legal card instead.
 */
export class PlayoutPolicy {
  private readonly legal = new Uint16Array(4);
  private readonly list = new Int8Array(52);
  private readonly points = new Int32Array(6);
  private readonly outs = new Uint16Array(4);
  // What the plays of `readCore` up to `readCount` show (see readPlays): the suits each seat has shown void in
  // this hand (bit per suit), and the cards played so far (suit masks, the trick under way included).
  private readonly voids = new Uint8Array(6);
  private readonly played = new Uint16Array(4);
  private readCore: HandCore | null = null;
  private readCount = 0;
  // The moon-card points each seat has taken (`points`) and the one seat holding them all (or -1), as of
  // `moonTricks` tricks of the hand read (-1: not read since the plays were read afresh); see soleMoonHolder.
  private moonTricks = -1;
  private moonHolder = -1;
  // Per seat playing after the one to choose, in the medium style: the chance that it holds the Q♠, and what it
  // throws on a trick when void in the suit led.
  private readonly holdQ = new Float64Array(6);
  private readonly dumpOf = new Float64Array(6);
  private readonly afterSeats = new Int8Array(6);

  constructor(
    private readonly noise: number,
    readonly plans: Uint8Array = new Uint8Array(6), // per seat: PLAN_NORMAL or PLAN_SHOOT
    readonly style: PolicyStyle = 'rules',
  ) {}

  /**
   * Plays the hand to its end. Seats not in the bitmask `fixed` (whose plans the caller set) turn to shooting the
   * moon once they hold every moon card taken so far (hearts and the Q♠: Black Maria's K♠ or the J♦ make no
   * moon), enough of them, and enough high cards to go on. With `until`, it stops once that many tricks of the
   * hand are complete (for a value to rate the rest).
   */
  playout(core: HandCore, rng: RandomSource, fixed = 0, until = core.cfg.tricks): void {
    this.forget(); // the core may hold another deal now
    let tricks = -1;
    while (core.trickCount < until) {
      if (core.trickCount !== tricks) {
        tricks = core.trickCount;
        this.updatePlans(core, fixed);
      }
      core.play(this.choose(core, rng));
    }
  }

  /**
   * Forgets what was read of the hand's plays so far: call it when the core the policy plays on was given another
   * deal ({@link playout} does). What is read goes on from where it stopped only while the hand goes on.
   */
  forget(): void {
    this.readCore = null;
  }

  /** Sets the plans for the trick about to start, as {@link playout} does. */
  updatePlans(core: HandCore, fixed: number): void {
    const cfg = core.cfg;
    const n = cfg.n;
    for (let s = 0; s < n; s++) if (!(fixed & (1 << s))) this.plans[s] = PLAN_NORMAL;
    if (!cfg.moonAllowed || core.trickCount === 0) return;
    const holder = this.soleMoonHolder(core);
    if (holder < 0 || fixed & (1 << holder) || this.points[holder]! < cfg.moonValue * 0.3) return;
    let high = 0;
    for (let suit = 0; suit < 4; suit++) high += POPCOUNT13[core.hands[holder * 4 + suit]! & 0x1e00]!; // J Q K A
    if (high * 2 >= cfg.tricks - core.trickCount) this.plans[holder] = PLAN_SHOOT;
  }

  choose(core: HandCore, rng: RandomSource): number {
    const lm = this.legal;
    const count = core.legalMasks(lm);
    if (count === 1) {
      for (let s = 0; s < 4; s++) if (lm[s]) return s * 13 + bottom(lm[s]!);
    }
    const plan = this.plans[core.turn];
    if (plan === PLAN_RUN || plan === PLAN_RUN_BLIND) {
      const card = this.run(core, plan === PLAN_RUN_BLIND);
      if (card >= 0) return card;
    }
    if (this.noise > 0 && randomFloat(rng) < this.noise) {
      const n = core.legalInto(this.list);
      return this.list[randomInt(rng, n)]!;
    }
    const cfg = core.cfg;
    const seat = core.turn;
    const shoot = this.plans[seat] === PLAN_SHOOT;
    const inTrick = core.trickSize;
    if (inTrick === 0) return this.lead(core, shoot);
    const n = cfg.n;
    const start = core.trickCount * n;
    const first = core.plays[start]!;
    const led = (first / 13) | 0;
    let win = first % 13;
    let winnerPos = 0;
    let trickPoints = cfg.cardPoints[first]!;
    for (let i = 1; i < inTrick; i++) {
      const c = core.plays[start + i]!;
      trickPoints += cfg.cardPoints[c]!;
      if (((c / 13) | 0) === led && c % 13 > win) {
        win = c % 13;
        winnerPos = i;
      }
    }
    const last = inTrick === n - 1;
    const winner = (core.leader + winnerPos) % n;
    const follow = lm[led]!;
    if (follow) {
      if (shoot) {
        const high = top(follow);
        if (high > win) return led * 13 + high;
        return led * 13 + bottom(follow);
      }
      if (this.mustStopMoon(core, winner, seat)) {
        const high = top(follow);
        if (high > win && (trickPoints > 0 || !last)) return led * 13 + high;
      }
      if (this.style === 'medium') return this.weighed(core, inTrick, led, win, trickPoints);
      const below = follow & ((1 << win) - 1);
      if (below) return led * 13 + top(below); // duck as high as possible
      // Every card wins.
      if (last && trickPoints <= 0) {
        const noQueen = led === 2 ? follow & ~QS_BIT : follow;
        return led * 13 + top(noQueen || follow);
      }
      if (led === 2 && follow & QS_BIT && follow & ~QS_BIT) return 2 * 13 + bottom(follow & ~QS_BIT);
      return led * 13 + (last ? top(follow) : bottom(follow));
    }
    // Void in the suit led.
    if (shoot) return this.lowestNonPoint(core) ?? this.anyTop();
    const stopping = this.mustStopMoon(core, winner, seat);
    if (stopping) return this.lowestNonPoint(core) ?? this.anyTop();
    if (this.style === 'medium') return this.weighed(core, inTrick, led, win, trickPoints);
    if (lm[2]! & QS_BIT) return QS;
    if (lm[2]! & HIGH_SPADES && !this.queenPlayed(core)) return 2 * 13 + top(lm[2]! & HIGH_SPADES);
    if (lm[3]) return 3 * 13 + top(lm[3]!);
    // Discard the highest card of the suit where it is most exposed.
    let best = -1;
    let bestScore = -Infinity;
    for (let s = 0; s < 4; s++) {
      const m = lm[s]!;
      if (!m) continue;
      const score = top(m) * 4 - POPCOUNT13[m]!;
      if (score > bestScore) {
        bestScore = score;
        best = s * 13 + top(m);
      }
    }
    return best;
  }

  /**
   * A card as the medium bot weighs it (`choosePlay` in medium.ts, on bitmasks and tables instead of sets): the
   * chance of winning the trick times what the trick will cost, against the card's cost of keeping (leads and
   * follows); a discard by its cost of keeping and the points it gives away. `inTrick` cards are in the trick,
   * the highest of the suit led has rank `win` (leads: -1), `trickPoints` in it. As the medium bot does, it
   * knows the voids the seats after it have shown: such a seat cannot beat the card, and throws what it holds
   * worst on the trick.
   */
  private weighed(core: HandCore, inTrick: number, led: number, win: number, trickPoints: number): number {
    const lm = this.legal;
    const cfg = core.cfg;
    const sp = cfg.suitPoints;
    const n = cfg.n;
    const seat = core.turn;
    const h = core.hands;
    const base = seat * 4;
    const voids = this.readPlays(core);
    const played = this.played;
    const outs = this.outs;
    for (let s = 0; s < 4; s++) outs[s] = cfg.deckMasks[s]! & ~h[base + s]! & ~played[s]!;
    let unseen = 0;
    let left = trickPoints; // points not taken yet: unseen, in my hand, in the trick
    for (let s = 0; s < 4; s++) {
      unseen += POPCOUNT13[outs[s]!]!;
      left += sp[s * 8192 + outs[s]!]! + sp[s * 8192 + h[base + s]!]!;
    }
    const seven = core.sevenCard;
    const sevenLeft = seven >= 0 && !this.taken(core, seven);
    if (sevenLeft) left += SEVEN_OF_DIE_POINTS;
    const handSize = cfg.tricks - core.trickCount;
    const row = (Math.min(unseen, MAX_UNSEEN) * (MAX_HAND + 1) + Math.min(handSize, MAX_HAND)) * 14;
    const qsPts = cfg.cardPoints[QS]!;
    const qsOut = (outs[2]! & QS_BIT) !== 0;
    const cover = POPCOUNT13[h[base + 2]! & (QS_BIT - 1)]!;
    const perTrick = Math.max(0.3, left / Math.max(1, cfg.tricks - core.trickCount));
    const after = n - 1 - inTrick;
    // An unseen spade is with one of the others not void in spades.
    let spadeSeats = 0;
    for (let i = 1; i < n; i++) if (!(voids[(seat + i) % n]! & 4)) spadeSeats++;
    const spadeHold = 1 / Math.max(1, spadeSeats);
    // What a seat void in the suit led throws on the trick: the Q♠, else one of the two highest unseen hearts.
    const hearts = outs[3]!;
    const nHearts = POPCOUNT13[hearts]!;
    const topH = topTwo(hearts);
    const topHeart = nHearts ? sp[3 * 8192 + topH]! / POPCOUNT13[topH]! : 0;
    for (let i = 0; i < after; i++) {
      const t = (seat + 1 + i) % n;
      const v = voids[t]!;
      const hq = qsOut && !(v & 4) ? spadeHold : 0;
      this.afterSeats[i] = v;
      this.holdQ[i] = hq;
      this.dumpOf[i] = hq * qsPts + (v & 8 ? 0 : (1 - (qsPts ? hq : 0)) * topHeart);
    }
    const heartFollow = nHearts ? sp[3 * 8192 + hearts]! / nHearts : 0;
    const discarding = inTrick > 0 && !lm[led]!;
    let best = -1;
    let bestScore = Infinity;
    for (let s = 0; s < 4; s++) {
      let m = lm[s]!;
      const out = outs[s]!;
      const nOut = POPCOUNT13[out]!;
      while (m) {
        const r = bottom(m);
        m &= m - 1;
        const c = s * 13 + r;
        const higher = POPCOUNT13[out >> (r + 1)]!;
        const lower = POPCOUNT13[out & ((1 << r) - 1)]!;
        const pts = cfg.cardPoints[c]! + (c === seven ? SEVEN_OF_DIE_POINTS : 0);
        let keepP = KEEP[(Math.min(nOut, 13) * 14 + higher) * 14 + lower]!;
        if (c === QS) keepP = (higher === 0 ? 0.9 : 0.7 / (1 + 0.6 * higher)) / (1 + 0.35 * cover);
        let keep = keepP * (pts + perTrick * (s === 3 ? 1.4 : 1));
        if (s === 2 && r > 10 && qsOut) keep += (qsPts * 0.35) / (1 + 0.4 * cover);
        let score: number;
        if (discarding) score = -0.6 * keep - 0.25 * Math.max(0, pts);
        else {
          let p = 0;
          const bit = 1 << s;
          if (inTrick === 0 || r > win) {
            p = 1;
            if (higher > 0 && after > 0) {
              const one = 1 - HOLDS[row + higher]! * (0.55 + 0.45 * (1 - HOLDS[row + lower]!));
              for (let i = 0; i < after; i++) if (!(this.afterSeats[i]! & bit)) p *= one;
            }
          }
          let follow = s === 3 ? heartFollow : 0;
          let blackMaria = 0; // Black Maria's scoring K♠ under a led A♠, per unit of the chance to hold it
          if (s === 2)
            for (let k = r - 1; k > 10; k--) if (out & (1 << k)) blackMaria += cfg.cardPoints[26 + k]! * 0.5;
          const voidP = VOID[row + Math.min(nOut, 13)]!;
          let added = 0;
          for (let i = 0; i < after; i++) {
            if (this.afterSeats[i]! & bit) {
              added += this.dumpOf[i]!;
              continue;
            }
            if (s === 2) follow = (r > 10 && qsOut ? this.holdQ[i]! * qsPts : 0) + spadeHold * blackMaria;
            added += voidP * this.dumpOf[i]! + (1 - voidP) * follow;
          }
          const cost = trickPoints + pts + added;
          score = p * (cost + 0.25) - 0.6 * keep;
          if (inTrick === 0 && s === 2) {
            if (r < 10 && qsOut && !(h[base + 2]! & HIGH_SPADES)) score -= 0.12 * qsPts;
            if (h[base + 2]! & QS_BIT && c !== QS) score += 0.6;
          }
        }
        if (score < bestScore - 1e-9 || (Math.abs(score - bestScore) <= 1e-9 && r > best % 13)) {
          bestScore = score;
          best = c;
        }
      }
    }
    return best;
  }

  /**
   * Reads the hand's plays so far into `played` (the cards played) and returns the suits each seat has shown void
   * in (bit 1 << suit: a card of another suit on a trick it did not lead). Read on from where the last call stopped
   * while the hand goes on; read afresh for another core, an earlier point of the hand or after {@link forget}.
   */
  private readPlays(core: HandCore): Uint8Array {
    const n = core.cfg.n;
    const count = core.nPlays;
    if (core !== this.readCore || count < this.readCount) {
      this.voids.fill(0);
      this.played.fill(0);
      this.readCore = core;
      this.readCount = 0;
      this.moonTricks = -1;
    }
    const plays = core.plays;
    for (let p = this.readCount; p < count; p++) {
      const c = plays[p]!;
      const suit = (c / 13) | 0;
      this.played[suit]! |= 1 << (c % 13);
      if (p % n === 0) continue;
      const led = (plays[p - (p % n)]! / 13) | 0;
      if (suit !== led) this.voids[core.seatOfPlay(p)]! |= 1 << led;
    }
    this.readCount = count;
    return this.voids;
  }

  private taken(core: HandCore, card: number): boolean {
    const s = (card / 13) | 0;
    for (let t = 0; t < core.cfg.n; t++) if (core.taken[t * 4 + s]! & (1 << (card % 13))) return true;
    return false;
  }

  private queenPlayed(core: HandCore): boolean {
    const n = core.cfg.n;
    for (let s = 0; s < n; s++) if (core.taken[s * 4 + 2]! & QS_BIT) return true;
    return false;
  }

  private anyTop(): number {
    const lm = this.legal;
    for (let s = 3; s >= 0; s--) if (lm[s]) return s * 13 + top(lm[s]!);
    return 0;
  }

  private lowestNonPoint(core: HandCore): number | null {
    const lm = this.legal;
    let best: number | null = null;
    let bestRank = 99;
    for (let s = 0; s < 3; s++) {
      let m = lm[s]!;
      if (s === 2) m &= ~QS_BIT;
      if (s === 1 && core.cfg.cardPoints[1 * 13 + 9]! < 0) m &= ~(1 << 9);
      if (m && bottom(m) < bestRank) {
        bestRank = bottom(m);
        best = s * 13 + bottom(m);
      }
    }
    return best;
  }

  /**
   * The one seat that has taken moon cards so far this hand, or -1 (none, or more than one); each seat's moon card
   * points are left in `points`.
   */
  private soleMoonHolder(core: HandCore): number {
    this.readPlays(core);
    if (this.moonTricks === core.trickCount) return this.moonHolder; // only a finished trick changes them
    core.moonCardPoints(this.points);
    let holder = -1;
    for (let s = 0; s < core.cfg.n; s++) {
      if (this.points[s]! !== 0) {
        if (holder >= 0) {
          holder = -1;
          break;
        }
        holder = s;
      }
    }
    this.moonTricks = core.trickCount;
    this.moonHolder = holder;
    return holder;
  }

  /** Whether another seat holds every moon card taken so far, enough to be dangerous. */
  private shooterOtherThan(core: HandCore, seat: number): boolean {
    const cfg = core.cfg;
    if (!cfg.moonAllowed || core.trickCount < 2) return false;
    const holder = this.soleMoonHolder(core);
    return holder >= 0 && holder !== seat && this.points[holder]! >= cfg.moonValue / 3;
  }

  /** True when another seat than `seat` has taken every moon card so far, enough to be dangerous, and wins the trick. */
  private mustStopMoon(core: HandCore, winner: number, seat: number): boolean {
    const cfg = core.cfg;
    if (!cfg.moonAllowed || core.trickCount < 3) return false;
    const holder = this.soleMoonHolder(core);
    return holder >= 0 && holder !== seat && this.points[holder]! >= cfg.moonValue / 3 && winner === holder;
  }

  /**
   * A strong runner's card (plan {@link PLAN_RUN}), or -1 once the moon is lost (another seat has taken a moon card:
   * the seat then plays as any other). It sees every hand of the deal: it leads a sure winner (a card no other seat
   * can beat in its suit) from the suit the others hold most of, else the card fewest of the others' cards beat;
   * it follows with the lowest card that no later seat can beat, else its highest; void, it throws its lowest card
   * that carries no points. `blind`: it sees only its own hand and the cards played; following, it takes every
   * card of the suit not yet seen for the later seats' (at a lead the unseen cards are the others' anyway).
   */
  private run(core: HandCore, blind: boolean): number {
    const cfg = core.cfg;
    const n = cfg.n;
    const seat = core.turn;
    this.soleMoonHolder(core);
    for (let s = 0; s < n; s++) if (s !== seat && this.points[s]! !== 0) return -1;
    const lm = this.legal;
    const h = core.hands;
    const inTrick = core.trickSize;
    if (inTrick === 0) {
      let best = -1;
      let bestScore = -Infinity;
      for (let s = 0; s < 4; s++) {
        const m = lm[s]!;
        if (!m) continue;
        let others = 0;
        if (blind) others = core.cfg.deckMasks[s]! & ~seenBy(core, s);
        else for (let t = 0; t < n; t++) if (t !== seat) others |= h[t * 4 + s]!;
        // The lowest of my cards that none of the others' cards beats, if any.
        const sure = others ? m & ~((2 << top(others)) - 1) : m;
        const card = sure ? bottom(sure) : top(m);
        const beaten = sure ? 0 : POPCOUNT13[others >> (card + 1)]!;
        // Sure winners first, drawing the suit the others hold most of; else the card fewest cards beat.
        const score = sure
          ? 100 + POPCOUNT13[others]! * 2 + (s === 3 ? 1 : 0)
          : -beaten * 20 + POPCOUNT13[m]!;
        if (score > bestScore) {
          bestScore = score;
          best = s * 13 + card;
        }
      }
      return best;
    }
    const start = core.trickCount * n;
    const first = core.plays[start]!;
    const led = (first / 13) | 0;
    let win = first % 13;
    for (let i = 1; i < inTrick; i++) {
      const c = core.plays[start + i]!;
      if (((c / 13) | 0) === led && c % 13 > win) win = c % 13;
    }
    const follow = lm[led]!;
    if (follow) {
      let later = 0; // the led suit's cards of the seats still to play
      if (blind) later = inTrick === n - 1 ? 0 : core.cfg.deckMasks[led]! & ~seenBy(core, led);
      else for (let i = inTrick + 1; i < n; i++) later |= h[((core.leader + i) % n) * 4 + led]!;
      const bar = Math.max(win, later ? top(later) : -1);
      const sure = follow & ~((2 << bar) - 1);
      return led * 13 + (sure ? bottom(sure) : top(follow));
    }
    return this.lowestNonPoint(core) ?? this.anyTop();
  }

  private lead(core: HandCore, shoot: boolean): number {
    const lm = this.legal;
    const seat = core.turn;
    const h = core.hands;
    const base = seat * 4;
    const queenOut = !(h[base + 2]! & QS_BIT) && !this.queenPlayed(core);
    if (shoot) {
      // Lead winners: the highest card of the longest suit.
      let best = -1;
      let score = -Infinity;
      for (let s = 0; s < 4; s++) {
        const m = lm[s]!;
        if (!m) continue;
        const v = top(m) * 2 + POPCOUNT13[m]!;
        if (v > score) {
          score = v;
          best = s * 13 + top(m);
        }
      }
      return best;
    }
    if (lm[3] && this.shooterOtherThan(core, seat)) {
      // Someone is going for the moon: a boss heart led now takes a trick with points and stops it.
      const outside = core.cfg.deckMasks[3]! & ~seenBy(core, 3); // leading: no card of this trick yet
      const mine = top(lm[3]!);
      if (!(outside >> (mine + 1))) return 3 * 13 + mine;
    }
    if (this.style === 'medium') return this.weighed(core, 0, 0, -1, 0);
    let best = -1;
    let bestRisk = 1e9;
    for (let s = 0; s < 4; s++) {
      const m = lm[s]!;
      if (!m) continue;
      const low = bottom(m);
      let risk = low * 2 + POPCOUNT13[m]!;
      if (s === 2) {
        if (h[base + 2]! & (QS_BIT | HIGH_SPADES)) risk += 30;
        else if (queenOut && low < 10) risk -= 8; // flush the Q♠ with low spades
      }
      if (s === 3) risk += 6;
      if (risk < bestRisk) {
        bestRisk = risk;
        best = s * 13 + low;
      }
    }
    if (best === QS && lm[2]! & ~QS_BIT) best = 2 * 13 + bottom(lm[2]! & ~QS_BIT);
    return best;
  }
}
