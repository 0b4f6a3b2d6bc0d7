/**
 * The line the evaluation expected: each option played out on one deal the evaluation could have sampled — the
 * deal whose outcomes lie closest to the options' expected points, among those where the best option does better
 * than every other — so that a player sees how the best card wins about what it wins on average, and how their
 * own card loses on the same cards. The other seats' cards in it are imagined (sampled from what the seat knew),
 * never the real ones. Beside it, from the same deals, how often each option ends in a moon (for the themes).
 */
import { parseCard, seededRandom, type Card, type HandCore, type Observation } from '@hearts/engine';
import {
  makeSampler,
  PassDeals,
  PLAN_NORMAL,
  PLAN_SHOOT,
  PlayDeals,
  tableScore,
  type GameContext,
} from '../search/index.js';
import { PUZZLE_SEARCH, type RatedOption } from './evaluate.js';

/** One option's line on the chosen deal. */
export interface OptionLine {
  readonly leader: number; // the seat that led the trick the line starts in
  readonly plays: readonly Card[]; // a play: the cards from the option's own card to the hand's end; a pass: the whole hand
  readonly points: readonly number[]; // the points each seat took in cards in that line (before the moon rule)
}

export interface ExpectedLines {
  readonly received: readonly Card[] | null; // a pass: the cards the seat received on that deal
  readonly lines: readonly OptionLine[]; // per option, in the order given
  readonly moonMine: readonly number[]; // per option: the share of deals (by weight) on which the seat shot the moon
  readonly moonOthers: readonly number[]; // per option: … on which another seat did
}

/** What the deals gave: each option's score and line on each deal, and the moons. */
class DealLog {
  readonly scores: Float64Array;
  readonly weights: Float64Array;
  readonly plays: (Int8Array | null)[];
  readonly points: (Int32Array | null)[];
  readonly leaders: Int8Array;
  readonly received: (readonly Card[] | null)[];
  readonly moonMine: Float64Array;
  readonly moonOthers: Float64Array;

  constructor(
    readonly deals: number,
    readonly options: number,
  ) {
    this.scores = new Float64Array(deals * options);
    this.weights = new Float64Array(deals).fill(1);
    this.plays = new Array<Int8Array | null>(deals * options).fill(null);
    this.points = new Array<Int32Array | null>(deals * options).fill(null);
    this.leaders = new Int8Array(deals * options);
    this.received = new Array<readonly Card[] | null>(deals).fill(null);
    this.moonMine = new Float64Array(options);
    this.moonOthers = new Float64Array(options);
  }

  record(d: number, o: number, weight: number, core: HandCore, me: number, from: number, game: GameContext) {
    const at = d * this.options + o;
    this.weights[d] = weight;
    this.scores[at] = tableScore(core, me, game);
    this.plays[at] = core.plays.slice(from, core.nPlays);
    this.leaders[at] = core.trickLeaders[Math.floor(from / core.cfg.n)]!;
    const pts = new Int32Array(core.cfg.n);
    core.rawPoints(pts);
    this.points[at] = pts;
    const shooter = core.shooter();
    if (shooter === me) this.moonMine[o]! += weight;
    else if (shooter >= 0) this.moonOthers[o]! += weight;
  }

  /** The chosen deal's lines and the moon shares. */
  result(best: number): ExpectedLines {
    const { deals, options, scores, weights } = this;
    let total = 0;
    let heaviest = 0;
    for (let d = 0; d < deals; d++) {
      total += weights[d]!;
      heaviest = Math.max(heaviest, weights[d]!);
    }
    const means = Array.from({ length: options }, (_, o) => {
      let s = 0;
      for (let d = 0; d < deals; d++) s += weights[d]! * scores[d * options + o]!;
      return s / total;
    });
    const chosen = pick(
      (d) => weights[d]! >= heaviest / 4 && beats(d, (a, b) => a < b),
      (d) => weights[d]! >= heaviest / 4 && beats(d, (a, b) => a <= b),
      () => true,
    );
    return {
      received: this.received[chosen] ?? null,
      lines: Array.from({ length: options }, (_, o) => ({
        leader: this.leaders[chosen * options + o]!,
        plays: [...this.plays[chosen * options + o]!],
        points: [...this.points[chosen * options + o]!],
      })),
      moonMine: [...this.moonMine].map((x) => x / total),
      moonOthers: [...this.moonOthers].map((x) => x / total),
    };

    function beats(d: number, better: (a: number, b: number) => boolean): boolean {
      for (let o = 0; o < options; o++)
        if (o !== best && !better(scores[d * options + best]!, scores[d * options + o]!)) return false;
      return true;
    }
    /** The deal closest to the means among the first rule that any deal meets. */
    function pick(...rules: ((d: number) => boolean)[]): number {
      for (const rule of rules) {
        let found = -1;
        let distance = Infinity;
        for (let d = 0; d < deals; d++) {
          if (!rule(d)) continue;
          let x = 0;
          for (let o = 0; o < options; o++) x += (scores[d * options + o]! - means[o]!) ** 2;
          if (x < distance) {
            distance = x;
            found = d;
          }
        }
        if (found >= 0) return found;
      }
      return 0;
    }
  }
}

/** The lines of a play decision's options (`options[0]` the best), over `deals` sampled deals. */
export function playLines(
  obs: Observation,
  options: readonly RatedOption[],
  seed: string,
  deals: number,
): ExpectedLines {
  const log = new DealLog(deals, options.length);
  const from = obs.tricks.length * obs.players + (obs.trick?.cards.length ?? 0);
  // The playouts of the evaluation, deal by deal; each option's finished hand is read as it is scored.
  let deal = 0;
  let weight = 1;
  let pending: number[] = [];
  const d = new PlayDeals(obs, PUZZLE_SEARCH, (core, me, game) => {
    log.record(deal, pending.shift()!, weight, core, me, from, game);
    return 0;
  });
  const index = options.map((o) => {
    const c = d.candidates.indexOf(o.cards[0]!);
    const pl = d.plans.indexOf(o.plan === 'shoot' ? PLAN_SHOOT : PLAN_NORMAL);
    return c < 0 || pl < 0 ? -1 : c * d.plans.length + pl;
  });
  if (index.includes(-1)) throw new Error('internal: an option the evaluation does not play out');
  const active = new Uint8Array(d.options);
  for (const o of index) active[o] = 1;
  const order = [...index].sort((a, b) => a - b).map((o) => index.indexOf(o));
  const rng = seededRandom(seed);
  const sampler = makeSampler(d.knowledge);
  const world = new Uint16Array(d.knowledge.n * 4);
  const scores = new Float64Array(d.options);
  for (deal = 0; deal < deals; deal++) {
    sampler.sample(rng, world);
    const s1 = rng.nextUint32();
    const s2 = rng.nextUint32();
    weight = d.setUp(world);
    pending = [...order];
    d.playOut(s1, s2, active, scores, 0);
  }
  return log.result(0);
}

/** The lines of a pass decision's sets (`options[0]` the best): whole hands, over `deals` random deals. */
export function passLines(
  obs: Observation,
  options: readonly RatedOption[],
  seed: string,
  deals: number,
): ExpectedLines {
  const log = new DealLog(deals, options.length);
  const mine = new Set(obs.hand.map((c) => parseCard(c)!));
  let deal = 0;
  let option = 0;
  const d = new PassDeals(
    obs,
    options.map((o) => o.cards),
    PUZZLE_SEARCH,
    (core, me, game) => {
      if (option === 0) {
        // What the seat received on this deal: the cards it played that it was not dealt.
        const received: Card[] = [];
        for (let p = 0; p < core.nPlays; p++)
          if (core.seatOfPlay(p) === me && !mine.has(core.plays[p]!)) received.push(core.plays[p]!);
        log.received[deal] = received.sort((a, b) => a - b);
      }
      log.record(deal, option++, 1, core, me, 0, game);
      return 0;
    },
  );
  const active = new Uint8Array(options.length).fill(1);
  const scores = new Float64Array(options.length);
  const rng = seededRandom(seed);
  for (deal = 0; deal < deals; deal++) {
    d.deal(rng);
    option = 0;
    d.playOut(active, scores, 0);
  }
  return log.result(0);
}
