/**
 * One decision's evaluation, cut so that its deals can be played on several threads with the same result on any
 * number of them: {@link planDecision} says what is evaluated (the candidates, the move made, the budget); a
 * {@link DecisionRunner} plays blocks of deals, each block from its own generator (the decision's seed and the
 * block's number), and sums what the stopping rule needs; a {@link DecisionTally} adds the blocks up in their
 * order, looks at the stopping rule where it is due, and says which blocks to play next. The method:
 * docs/analysis.md.
 *
 * ```ts
 * const plan = planDecision(point, 0, { seed: 1 });
 * const runner = new DecisionRunner(point, plan);
 * const tally = new DecisionTally(plan);
 * for (let w = tally.take(8); w; w = tally.take(8)) tally.put(w, runner.run(w));
 * const analysis = tally.result();
 * ```
 */
import {
  compiledRules,
  makeCard,
  moonOptions,
  parseCard,
  randomFloat,
  sameCards,
  seededRandom,
  suitOf,
  type Card,
  type CardName,
  type MoonChoice,
  type MoonOutcome,
  type RandomSource,
} from '@hearts/engine';
import {
  ANALYSIS_BUDGET,
  MARK_THRESHOLDS,
  markOf,
  type AnalysedMove,
  type AnalysisBudget,
  type DecisionAnalysis,
  type DecisionPoint,
  type RatedMove,
} from './analysis-points.js';
import {
  EXPERT,
  PassDeals,
  PlayDeals,
  buildKnowledge,
  makeSampler,
  mergeEquivalent,
  moonChoice,
  passCandidates,
  tableScore,
} from './search/index.js';

const BATCH = 48; // deals per block (plays): the stopping rule looks at whole blocks
const PASS_BATCH = 100; // … (passes)
/**
 * The share of the deals beyond its floor that a decision's cost so far calls for, counted before the floor in the
 * time left ({@link DecisionTally.outlook}): 0 foresaw about half the time the runs took, 1 several times it
 * (docs/performance.md, "The time left", measured by `analysis-figures.js eta`).
 */
const BEYOND_FLOOR = 0.15;
const Z = 4; // a mark is settled when it is the same this many standard errors either side
const DROP_Z = 4; // an option is played out no more once it is this many standard errors worse than the best
/** Before the stopping rule's first look, options this many standard errors worse than the best are dropped. */
const EARLY_DROP_Z = 5;
const EARLY_LOOK = 5; // blocks before the first of those early looks
/**
 * From half the floor on, a look before the floor settles a mark that this many standard errors either side leave
 * the same: twice the floor's margin, for the few deals' standard errors, which a heavy tail (a moon now and then)
 * makes less sure.
 */
const EARLY_SETTLE_Z = 2 * Z;
/**
 * A mark that hangs on a threshold stops at a look: when the cost would still be within the cap's interval of the
 * threshold even after moving this many standard errors of its move up to the cap (the deals to come), and the mark
 * its interval gives now is the one the cap's would give. Such a decision gets the lower mark at the cap (the mark
 * of `costLow`); the deals up to the cap would only narrow an interval that still holds the threshold.
 */
const HANG_Z = 2;
const THRESHOLDS = Object.values(MARK_THRESHOLDS);
const PASS_CANDIDATES = 12;
/**
 * Rejection control: a sampled deal whose weight (how likely the others' passes, discards and plays make it) is
 * below this quantile of a pilot's weights is played out only with probability weight / threshold, and then
 * counts with the threshold's weight. The same expectation, with far fewer playouts of deals that count little.
 */
const ACCEPT_QUANTILE = 0.85;
const PILOT = 256; // deals of the pilot that sets the threshold
const MAX_TRIES = 10000; // deals drawn for one accepted at most (never reached with a quantile's threshold)
/** A play with this many cards in hand or fewer is solved exactly on every consistent deal, if there are few. */
const EXACT_CARDS = 4;
/** … at most this many consistent deals (each is solved once per candidate: about a millisecond each). */
const EXACT_DEALS = 400;

/** Where a decision is and what was done: the part of a {@link DecisionPoint} its analysis repeats. */
export type DecisionPlace = Pick<DecisionAnalysis, 'hand' | 'kind' | 'trick' | 'step' | 'seat' | 'played'>;

/**
 * The steps that make the analysis fast, each on by default; off only to measure what each gains
 * (docs/performance.md). None changes what a decision is worth in expectation.
 */
export interface AnalysisSteps {
  readonly exact?: boolean; // the last few cards solved exactly on every consistent deal
  readonly rejection?: boolean; // rejection control of the deals' weights
  readonly earlyDrops?: boolean; // options clearly worse dropped before the stopping rule's first look
  readonly earlySettle?: boolean; // a clear mark settles from half the floor on (EARLY_SETTLE_Z)
  readonly hanging?: boolean; // a mark that would hang on a threshold at the cap too stops at once (HANG_Z)
}

/** What a decision's evaluation plays out. Plain data: made where the observation is, used anywhere. */
export interface DecisionPlan {
  readonly index: number; // the decision's place among those analysed (the order of the game)
  readonly place: DecisionPlace;
  readonly seed: string; // the decision's own seed: the analysis seed, the hand and the decision's place
  /** Forced decisions and the shooter's choice: analysed already (no deals). Else null. */
  readonly done: DecisionAnalysis | null;
  /** Plays: each candidate's equivalent cards, the lowest (the one played out) first. Passes: each set. */
  readonly moves: readonly (readonly CardName[])[];
  readonly plans: number; // plays: plans per candidate (a moon plan too: 2); option o is candidate ⌊o / plans⌋
  readonly mine: number; // the candidate of the move made
  readonly batch: number; // deals per block
  readonly first: number; // deals before the stopping rule first looks
  readonly most: number; // deals at most (exact: every consistent deal)
  /** Every consistent deal once, each solved exactly from the candidate on: values without sampling error. */
  readonly exact: boolean;
  readonly rejection: boolean; // sampled plays: rejection control of the deals' weights
  readonly earlyDrops: boolean;
  readonly earlySettle: boolean;
  readonly hanging: boolean;
}

/** Blocks [from, to) of a decision, with the options (indexes, ascending) still played out. */
export interface WorkItem {
  readonly decision: number;
  readonly from: number;
  readonly to: number;
  readonly active: readonly number[];
}

/**
 * The sums of one block over its deals, for the options active (m of them):
 * [deals, Σw, Σw², Σw·score for each option, then for each pair i < j: Σw·d, Σw·d² with d = score i − score j].
 */
export type BlockSums = Float64Array;

const place = (p: DecisionPoint): DecisionPlace => ({
  hand: p.hand,
  kind: p.kind,
  trick: p.trick,
  step: p.step,
  seat: p.seat,
  played: p.played,
});

const decisionSeed = (p: DecisionPoint, seed: number | string): string =>
  `analysis:${seed}:${p.hand}:${p.kind}:${p.step ?? p.seat}`;

/** The search parameters of the analysis: the expert's playouts (and its exact solver where `exact`). */
const params = (exact: boolean) => ({ ...EXPERT, endgameCards: exact ? EXACT_CARDS : 0 });

const names = (cards: readonly Card[]): CardName[] => [...cards].sort((a, b) => a - b).map(makeCard);

function analysed(point: DecisionPoint, rest: Omit<DecisionAnalysis, keyof DecisionPlace>): DecisionAnalysis {
  return { ...place(point), ...rest };
}

function forced(point: DecisionPoint): DecisionAnalysis {
  return analysed(point, {
    best: point.played,
    cost: 0,
    costLow: 0,
    costHigh: 0,
    mark: null,
    forced: true,
    playedPoints: null,
    bestPoints: null,
    options: [],
    samples: 0,
    cutShort: false,
  });
}

/**
 * What the analysis of a decision plays out (`index`: its place among the decisions analysed). Forced decisions
 * and the shooter's choice come back analysed (`done`).
 */
export function planDecision(
  point: DecisionPoint,
  index: number,
  options: AnalysisBudget & { readonly seed?: number | string; readonly steps?: AnalysisSteps } = {},
): DecisionPlan {
  const budget = { ...ANALYSIS_BUDGET, ...definedOnly(options) };
  const steps = options.steps ?? {};
  const base = {
    index,
    place: place(point),
    seed: decisionSeed(point, options.seed ?? 1),
    rejection: steps.rejection ?? true,
    earlyDrops: steps.earlyDrops ?? true,
    earlySettle: steps.earlySettle ?? true,
    hanging: steps.hanging ?? true,
  };
  const none = { moves: [], plans: 1, mine: 0, batch: BATCH, first: 0, most: 0, exact: false };
  const obs = point.observation;
  if (point.kind === 'moon') return { ...base, ...none, done: analyzeMoon(point) };
  if (point.kind === 'pass') {
    const played = (point.played as readonly CardName[]).map((c) => parseCard(c)!);
    const hand = obs.hand.map((c) => parseCard(c)!);
    if (hand.length <= obs.rules.passCards) return { ...base, ...none, done: forced(point) };
    const sets = passCandidates(hand, obs.rules.passCards, compiledRules(obs.rules), PASS_CANDIDATES);
    if (!sets.some((c) => sameCards(c, played))) sets.push(played);
    return {
      ...base,
      done: null,
      moves: sets.map(names),
      plans: 1,
      mine: sets.findIndex((c) => sameCards(c, played)),
      batch: PASS_BATCH,
      first: Math.min(budget.minPassSamples, budget.maxPassSamples),
      most: budget.maxPassSamples,
      exact: false,
    };
  }
  const groups = equivalenceGroups(point);
  if (groups.length <= 1) return { ...base, ...none, done: forced(point) };
  const played = parseCard(point.played as CardName)!;
  // Few cards and few deals left: every consistent deal, solved exactly. Else the expert's playouts on sampled deals.
  const sampled = new PlayDeals(obs, params(false), tableScore);
  const total =
    obs.hand.length <= EXACT_CARDS && steps.exact !== false ? makeSampler(sampled.knowledge).total : Infinity;
  const exact = total <= EXACT_DEALS;
  const deals = exact ? new PlayDeals(obs, params(true), tableScore) : sampled;
  return {
    ...base,
    done: null,
    moves: deals.candidates.map((rep) => groups.find((g) => g[0] === rep)!.map(makeCard)),
    plans: deals.plans.length,
    mine: deals.candidates.findIndex((rep) => groups.find((g) => g[0] === rep)!.includes(played)),
    batch: BATCH,
    first: exact ? total : Math.min(budget.minSamples, budget.maxSamples),
    most: exact ? total : budget.maxSamples,
    exact,
  };
}

/** The budget's fields that are set (an explicit `undefined` keeps the default). */
function definedOnly(b: AnalysisBudget): AnalysisBudget {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(b)) if (typeof v === 'number') out[k] = v;
  return out;
}

/** The legal cards grouped by the lowest of their equivalent cards (the one the search plays out), lowest first. */
export function equivalenceGroups(point: DecisionPoint): Card[][] {
  const obs = point.observation;
  const legal = obs.legal.map((c) => parseCard(c)!).sort((a, b) => a - b);
  const reps = mergeEquivalent(legal, buildKnowledge(obs, compiledRules(obs.rules)));
  const groups = new Map<Card, Card[]>(reps.map((r) => [r, []]));
  for (const c of legal) {
    let rep = -1;
    for (const r of reps) if (r <= c && suitOf(r) === suitOf(c)) rep = r;
    groups.get(rep)!.push(c);
  }
  return [...groups.values()];
}

/**
 * Plays a decision's blocks of deals (made once per decision and thread; keeps its playouts' working memory).
 * Block b's deals come from their own generator, so a block gives the same sums wherever and whenever it is
 * played.
 */
export class DecisionRunner {
  private readonly play: PlayDeals | null = null;
  private readonly pass: (() => PassDeals) | null = null; // a new one per block: its deals carry the last order
  private readonly sample: ((rng: RandomSource, world: Uint16Array) => void) | null = null;
  private readonly worlds: Uint16Array[] = []; // exact: every consistent deal
  private readonly threshold: number = 0; // sampled plays: the rejection control's weight (0: none)
  private readonly world: Uint16Array;
  private readonly scores: Float64Array;
  private readonly seeds = new Uint32Array(2); // the accepted deal's playout numbers

  constructor(
    point: DecisionPoint,
    private readonly plan: DecisionPlan,
  ) {
    const obs = point.observation;
    const options = plan.moves.length * plan.plans;
    this.scores = new Float64Array(Math.max(1, options));
    this.world = new Uint16Array(obs.players * 4);
    if (plan.done) return;
    if (point.kind === 'pass') {
      const sets = plan.moves.map((set) => set.map((c) => parseCard(c)!));
      this.pass = () => new PassDeals(obs, sets, EXPERT, tableScore);
      return;
    }
    this.play = new PlayDeals(obs, params(plan.exact), tableScore);
    const sampler = makeSampler(this.play.knowledge);
    if (plan.exact) sampler.forEach(this.world, () => void this.worlds.push(this.world.slice()));
    else {
      this.sample = (rng, world) => sampler.sample(rng, world);
      // The threshold: a quantile of the weights of a pilot's deals (its own generator: the same everywhere).
      if (!plan.rejection) return;
      const pilot = seededRandom(`${plan.seed}:pilot`);
      const weights: number[] = [];
      for (let i = 0; i < PILOT; i++) {
        sampler.sample(pilot, this.world);
        weights.push(this.play.setUp(this.world));
      }
      weights.sort((a, b) => a - b);
      this.threshold = weights[Math.floor(ACCEPT_QUANTILE * (PILOT - 1))]!;
    }
  }

  /** The sums of each block of the item. */
  run(item: WorkItem): BlockSums[] {
    const out: BlockSums[] = [];
    for (let b = item.from; b < item.to; b++) out.push(this.block(b, item.active));
    return out;
  }

  private block(b: number, active: readonly number[]): BlockSums {
    const { plan, scores, world } = this;
    const m = active.length;
    const sums = new Float64Array(3 + m + m * (m - 1));
    const on = new Uint8Array(plan.moves.length * plan.plans);
    for (const o of active) on[o] = 1;
    const from = b * plan.batch;
    const to = Math.min(plan.most, from + plan.batch);
    const rng = plan.exact ? null : seededRandom(`${plan.seed}:${b}`);
    const pass = this.pass?.() ?? null;
    for (let i = from; i < to; i++) {
      let w = 1;
      if (pass) {
        pass.deal(rng!);
        pass.playOut(on, scores, 0);
      } else if (plan.exact) {
        w = this.play!.setUp(this.worlds[i]!);
        this.play!.playOut(0, 0, on, scores, 0);
      } else {
        // Deals until one is accepted (rejection control, see ACCEPT_QUANTILE).
        const seeds = this.seeds;
        for (let tries = 0; ; tries++) {
          this.sample!(rng!, world);
          seeds[0] = rng!.nextUint32();
          seeds[1] = rng!.nextUint32();
          w = this.play!.setUp(world);
          const c = this.threshold;
          if (w >= c || tries >= MAX_TRIES || randomFloat(rng!) * c < w) {
            w = Math.max(w, c);
            break;
          }
        }
        this.play!.playOut(seeds[0]!, seeds[1]!, on, scores, 0);
      }
      sums[0]! += 1;
      sums[1]! += w;
      sums[2]! += w * w;
      let p = 3 + m;
      for (let x = 0; x < m; x++) {
        const sx = scores[active[x]!]!;
        sums[3 + x]! += w * sx;
        for (let y = x + 1; y < m; y++) {
          const d = sx - scores[active[y]!]!;
          sums[p++]! += w * d;
          sums[p++]! += w * d * d;
        }
      }
    }
    return sums;
  }
}

/** The evaluation so far, as the stopping rule reads it. */
interface Sofar {
  readonly deals: number;
  mean(o: number): number;
  dealsOf(o: number): number; // the deals option o was played out on
  versus(a: number, b: number): { mean: number; se: number }; // a's score less b's, over the deals both had
}

/** A candidate card's value: its better plan. */
interface CardValue {
  readonly candidate: number;
  readonly option: number; // its better (card, plan) option
  readonly mean: number;
}

/**
 * A decision's blocks added up in their order: takes the next blocks to play ({@link take}), adds what comes back
 * in any order ({@link put}), and at each look of the stopping rule drops the options that cannot matter and
 * stops once the mark is settled. The same blocks give the same analysis, whoever played them.
 */
export class DecisionTally implements Sofar {
  deals = 0; // deals added up (blocks in order)
  private merged = 0; // blocks added up
  private issued = 0; // blocks handed out
  private barrier: number; // blocks before the next look
  private nextLook: number; // deals at the next look
  private final: DecisionAnalysis | null;
  private readonly options: number;
  private active: number[];
  private readonly pending = new Map<number, { sums: BlockSums; active: readonly number[] }>();
  private readonly optDeals: Float64Array;
  private readonly optW: Float64Array;
  private readonly optWS: Float64Array;
  private readonly pairW1: Float64Array; // [a * options + b], a < b
  private readonly pairW2: Float64Array;
  private readonly pairD: Float64Array;
  private readonly pairD2: Float64Array;

  constructor(readonly plan: DecisionPlan) {
    this.final = plan.done;
    const n = plan.moves.length * plan.plans;
    this.options = n;
    this.active = Array.from({ length: n }, (_, o) => o);
    this.optDeals = new Float64Array(n);
    this.optW = new Float64Array(n);
    this.optWS = new Float64Array(n);
    this.pairW1 = new Float64Array(n * n);
    this.pairW2 = new Float64Array(n * n);
    this.pairD = new Float64Array(n * n);
    this.pairD2 = new Float64Array(n * n);
    // Looks before the floor, for early drops and early settling.
    const early = plan.earlyDrops || plan.earlySettle ? EARLY_LOOK * plan.batch : Infinity;
    this.nextLook = plan.exact ? plan.most : plan.first > early ? early : plan.first;
    this.barrier = this.blocksTo(this.nextLook);
  }

  /** Blocks to play: up to `most` of them, before the next look; null while waiting for blocks out, or when done. */
  take(most: number): WorkItem | null {
    if (this.final || this.issued >= this.barrier) return null;
    const from = this.issued;
    this.issued = Math.min(this.barrier, from + Math.max(1, most));
    return { decision: this.plan.index, from, to: this.issued, active: this.active };
  }

  /** Whether blocks are out (taken and not put back). */
  get waiting(): boolean {
    return !this.final && this.merged < this.issued;
  }

  /** The analysis, once finished. */
  get result(): DecisionAnalysis | null {
    return this.final;
  }

  /** Blocks that may be taken now (before the next look). */
  get available(): number {
    return this.final ? 0 : this.barrier - this.issued;
  }

  /** The options the next blocks play out (each option's deals cost about the same). */
  get activeOptions(): number {
    return this.final ? 0 : this.active.length;
  }

  /** Blocks taken so far, in their order. */
  get blocks(): number {
    return this.issued;
  }

  /** Adds the sums of an item's blocks (played with the item's options), and looks when a look is due. */
  put(item: WorkItem, sums: readonly BlockSums[]): void {
    if (this.final) return;
    sums.forEach((s, i) => this.pending.set(item.from + i, { sums: s, active: item.active }));
    for (let next = this.pending.get(this.merged); next; next = this.pending.get(this.merged)) {
      this.pending.delete(this.merged);
      this.add(next.sums, next.active);
      this.merged++;
    }
    if (this.merged === this.barrier && this.merged === this.issued) this.look();
  }

  /** Finishes now, with the deals added up so far (the analysis ran out of time). */
  cut(): DecisionAnalysis {
    if (this.final) return this.final;
    this.final =
      this.deals > 0
        ? this.conclude(true)
        : {
            ...this.plan.place,
            best: this.plan.place.played,
            cost: 0,
            costLow: 0,
            costHigh: 0,
            mark: null,
            forced: false,
            playedPoints: null,
            bestPoints: null,
            options: [],
            samples: 0,
            cutShort: true,
          };
    return this.final;
  }

  /**
   * The cost as it stands (the move made's mean less the best's, ≥ 0), how many more deals the decision is likely
   * to need before it settles (its current standard error against the nearest threshold; `settle`: by the stopping
   * rule alone, Infinity on a threshold) and before it stops (`deals`: at the cap at the latest), for the order of
   * work and the time left. Before the floor `deals` counts to the floor and {@link BEYOND_FLOOR} of what the cost
   * so far says it needs beyond: most decisions stop at the floor, and a cost from a block or two overstates how
   * many deals the few others will need.
   */
  outlook(): { cost: number; deals: number; settle: number } {
    if (this.final) return { cost: this.final.cost, deals: 0, settle: 0 };
    if (this.deals === 0) return { cost: 0, deals: this.plan.first, settle: this.plan.first };
    const { mine, best } = this.standing();
    const d = this.versus(mine, best);
    const cost = Math.max(0, d.mean);
    if (this.plan.exact) {
      const left = this.plan.most - this.deals;
      return { cost, deals: left, settle: left };
    }
    const sd = d.se * Math.sqrt(this.deals);
    let gap = Infinity;
    for (const t of THRESHOLDS) gap = Math.min(gap, Math.abs(cost - t)); // a cost near 0 settles below the first
    let need = gap === 0 ? Infinity : ((Z * sd) / gap) ** 2;
    // A mark that hangs on its threshold stops once gap + HANG_Z·sd·√(1/D − 1/most) < Z·sd/√most (see hangs).
    const a = (Z / Math.sqrt(this.plan.most) - gap / sd) / HANG_Z;
    if (this.plan.hanging && a > 0) need = Math.min(need, 1 / (a * a + 1 / this.plan.most));
    const until = Math.min(this.plan.most, Math.max(this.nextLook, need));
    const stop =
      this.deals < this.plan.first
        ? this.plan.first + BEYOND_FLOOR * Math.max(0, until - this.plan.first)
        : until;
    return {
      cost,
      deals: Math.max(0, stop - this.deals),
      settle: Math.max(0, Math.max(this.nextLook, need) - this.deals),
    };
  }

  mean(o: number): number {
    return this.optWS[o]! / this.optW[o]!;
  }

  dealsOf(o: number): number {
    return this.optDeals[o]!;
  }

  versus(a: number, b: number): { mean: number; se: number } {
    if (a === b) return { mean: 0, se: 0 };
    const sign = a < b ? 1 : -1;
    const at = a < b ? a * this.options + b : b * this.options + a;
    const w1 = this.pairW1[at]!;
    const w2 = this.pairW2[at]!;
    if (!(w1 > 0)) return { mean: 0, se: Infinity };
    const mean = this.pairD[at]! / w1;
    const variance = Math.max(0, this.pairD2[at]! / w1 - mean * mean);
    return { mean: sign * mean, se: Math.sqrt((variance * w2) / (w1 * w1)) };
  }

  private blocksTo(deals: number): number {
    return Math.ceil(Math.min(deals, this.plan.most) / this.plan.batch);
  }

  private add(sums: BlockSums, active: readonly number[]): void {
    const m = active.length;
    const [deals, w1, w2] = [sums[0]!, sums[1]!, sums[2]!];
    this.deals += deals;
    let p = 3 + m;
    for (let x = 0; x < m; x++) {
      const a = active[x]!;
      this.optDeals[a]! += deals;
      this.optW[a]! += w1;
      this.optWS[a]! += sums[3 + x]!;
      for (let y = x + 1; y < m; y++) {
        const at = a * this.options + active[y]!;
        this.pairW1[at]! += w1;
        this.pairW2[at]! += w2;
        this.pairD[at]! += sums[p++]!;
        this.pairD2[at]! += sums[p++]!;
      }
    }
  }

  /** The stopping rule, at a look: settled or at the cap ends it; else the options that cannot matter go. */
  private look(): void {
    const plan = this.plan;
    if (this.deals >= plan.most || plan.exact) {
      this.final = this.conclude(false);
      return;
    }
    const { mine, best: leading, live } = this.standing();
    const early = this.deals < plan.first; // before the floor: options are dropped, the decision goes on
    if (!early) {
      const { low, high } = this.bounds(mine, live);
      if (markOf(low) === markOf(high) || this.hangs(mine, leading, low, high)) {
        this.final = this.conclude(false);
        return;
      }
    } else if (plan.earlySettle && this.deals * 2 >= plan.first) {
      const { low, high } = this.bounds(mine, live, EARLY_SETTLE_Z);
      if (markOf(low) === markOf(high)) {
        this.final = this.conclude(false);
        return;
      }
    }
    const z = early ? EARLY_DROP_Z : DROP_Z;
    const keep = (o: number): boolean =>
      o === mine || (Math.floor(o / plan.plans) === plan.mine && !this.clearlyWorse(o, mine)); // its other plan, while close
    const best = this.leader();
    const gone = new Set(
      this.active.filter((o) => {
        if (o === best || keep(o) || (early && !plan.earlyDrops)) return false;
        const d = this.versus(o, best);
        return d.mean > z * d.se;
      }),
    );
    this.active = this.active.filter((o) => !gone.has(o));
    // The next look: once the deals have grown by half (rounded up to a whole block); the floor's look at the floor.
    while (this.nextLook <= this.deals)
      this.nextLook = Math.ceil((this.nextLook * 1.5) / plan.batch) * plan.batch;
    if (early) this.nextLook = Math.min(this.nextLook, plan.first);
    this.barrier = this.blocksTo(this.nextLook);
  }

  /**
   * Whether the mark hangs on a threshold (see {@link HANG_Z}): the cost (the move made against the best) is so near
   * every threshold inside the interval [low, high] that, moved HANG_Z standard errors of its move up to the cap
   * either way, it would still be within the cap's interval of it; and the cap's lower end would give the mark the
   * lower end gives now.
   */
  private hangs(mine: number, best: number, low: number, high: number): boolean {
    const plan = this.plan;
    if (!plan.hanging || mine === best) return false;
    const d = this.versus(mine, best);
    const f = this.deals / plan.most;
    const atCap = Z * d.se * Math.sqrt(f); // the half-width the cap's interval would have
    const move = HANG_Z * d.se * Math.sqrt(1 - f); // how far the cost may yet move
    for (const t of THRESHOLDS)
      if (low < t && t <= high && Math.abs(d.mean - t) + move >= atCap) return false;
    return markOf(low) === markOf(d.mean - atCap);
  }

  private clearlyWorse(a: number, b: number): boolean {
    const d = this.versus(a, b);
    return d.mean > DROP_Z * d.se;
  }

  /** The best of the options played out on every deal so far. */
  private leader(): number {
    let best = -1;
    for (const o of this.active)
      if (this.dealsOf(o) === this.deals && (best < 0 || this.mean(o) < this.mean(best))) best = o;
    return best;
  }

  /** Each candidate at its better plan, best first (ties: the lower candidate). */
  private values(): CardValue[] {
    const byCandidate: CardValue[] = [];
    for (let o = 0; o < this.options; o++) {
      if (this.dealsOf(o) === 0) continue;
      const c = Math.floor(o / this.plan.plans);
      const had = byCandidate[c];
      if (!had || this.mean(o) < had.mean) byCandidate[c] = { candidate: c, option: o, mean: this.mean(o) };
    }
    return byCandidate.filter(Boolean).sort((a, b) => a.mean - b.mean || a.candidate - b.candidate);
  }

  /** The move made's option, the best candidate's, and the candidates (at their better plans) still played out. */
  private standing(): { mine: number; best: number; live: number[] } {
    const values = this.values();
    const mine = values.find((v) => v.candidate === this.plan.mine)!.option;
    return {
      mine,
      best: values[0]!.option,
      live: values.filter((v) => this.dealsOf(v.option) === this.deals).map((v) => v.option),
    };
  }

  /** The lowest and highest cost the evaluation allows: Z standard errors either side of each paired difference. */
  private bounds(mine: number, others: readonly number[], z = Z): { low: number; high: number } {
    if (this.plan.exact) {
      const cost = Math.max(0, ...others.map((o) => this.versus(mine, o).mean));
      return { low: cost, high: cost };
    }
    let low = 0;
    let high = 0;
    for (const o of others) {
      if (o === mine) continue;
      const d = this.versus(mine, o);
      low = Math.max(low, d.mean - z * d.se);
      high = Math.max(high, d.mean + z * d.se);
    }
    return { low, high };
  }

  private conclude(cutShort: boolean): DecisionAnalysis {
    const plan = this.plan;
    const values = this.values();
    const { mine, live } = this.standing();
    const mineValue = values.find((v) => v.option === mine)!;
    const best = values[0]!;
    const point = plan.place;
    const round = (x: number): number => Math.round(x * 100) / 100;
    const cost = mineValue === best ? 0 : round(Math.max(0, mineValue.mean - best.mean));
    const bounds = this.bounds(mine, live);
    const costLow = Math.min(cost, round(bounds.low));
    const moveOf = (candidate: number): AnalysedMove =>
      point.kind === 'pass' ? plan.moves[candidate]! : plan.moves[candidate]![0]!;
    const options: RatedMove[] = values.map((v) => ({
      move: moveOf(v.candidate),
      cards: point.kind === 'pass' ? [] : plan.moves[v.candidate]!,
      points: round(v.mean),
    }));
    return {
      ...point,
      played: point.kind === 'pass' ? plan.moves[plan.mine]! : point.played,
      best:
        mineValue === best || cost === 0
          ? point.kind === 'pass'
            ? plan.moves[plan.mine]!
            : point.played
          : moveOf(best.candidate),
      cost,
      costLow,
      costHigh: Math.max(cost, round(bounds.high)),
      mark: markOf(costLow),
      forced: false,
      playedPoints: round(mineValue.mean),
      bestPoints: round(cost === 0 ? mineValue.mean : best.mean),
      options,
      samples: this.deals,
      cutShort,
    };
  }
}

/** How good an outcome of the game is for the seat: winning alone, sharing the win, going on, losing. */
function standing(o: MoonOutcome, seat: number): number {
  if (!o.end.over) return 2;
  if (!o.end.winners.includes(seat)) return 3;
  return o.end.winners.length === 1 ? 0 : 1;
}

/**
 * The shooter's choice. Measured against the table both choices are worth the same (the gaps to the others
 * change by the moon's value either way); what differs is whether the game ends and who wins. A choice that
 * leaves the seat worse placed (losing or missing a win the other choice gives) costs the moon's value.
 */
function analyzeMoon(point: DecisionPoint): DecisionAnalysis {
  const obs = point.observation;
  const seat = point.seat;
  const opts = moonOptions(obs.rules, obs.handPoints, seat, obs.scores, obs.handNumber + 1);
  const played = point.played as MoonChoice;
  const other: MoonChoice = played === 'minus' ? 'plus' : 'minus';
  const preferred = moonChoice(obs);
  const worse = standing(opts[played], seat) > standing(opts[other], seat);
  const cost = worse ? compiledRules(obs.rules).moonValue : 0;
  const best = worse ? other : played;
  const pts = (c: MoonChoice): number => opts[c].points[seat]!;
  return analysed(point, {
    best,
    cost,
    costLow: cost,
    costHigh: cost,
    mark: markOf(cost),
    forced: false,
    playedPoints: pts(played),
    bestPoints: pts(best),
    options: [preferred, preferred === 'minus' ? 'plus' : 'minus'].map((c) => ({
      move: c as MoonChoice,
      cards: [],
      points: pts(c as MoonChoice),
    })),
    samples: 0,
    cutShort: false,
  });
}
