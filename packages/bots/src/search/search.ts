import {
  compiledRules,
  HandCore,
  moonOptions,
  moonRuling,
  makeCard,
  parseCard,
  POPCOUNT13,
  randomInt,
  sameCards,
  type Card,
  type CardName,
  type HandConfig,
  type MoonChoice,
  type Observation,
  type RandomSource,
} from '@hearts/engine';
import { winsAlone } from '../heuristics.js';
import type { Bot, Decision, DecideOptions, Level } from '../types.js';
import { valueApplies } from '../value/features.js';
import type { ValueNet } from '../value/net.js';
import { EndgameSolver } from './endgame.js';
import type { GameContext } from './game.js';
import { buildKnowledge, type Knowledge } from './knowledge.js';
import {
  PLAN_NORMAL,
  PLAN_RUN,
  PLAN_RUN_BLIND,
  PLAN_SHOOT,
  PlayoutPolicy,
  PlayoutRandom,
  seenBy,
  type PolicyStyle,
} from './policy.js';
import { makeSampler } from './sampler.js';

/** How much a search bot thinks. */
export interface SearchParams {
  readonly level: Level;
  readonly maxWorlds: number; // sampled deals per play decision, at most
  readonly minWorlds: number; // before stopping early
  readonly batch: number; // deals added between checks
  /**
   * Once `minWorlds` deals are in, the stopping rule looks again when the deals have grown by this share (at least
   * a batch later); 0: after every batch.
   */
  readonly look: number;
  /**
   * Points × ms: a decision also stops once settling on the leader now is expected to cost less than
   * `stopLoss` / (the ms of its time share) points against the other options (0: only the 3-SE rule). The more
   * time, the closer it looks.
   */
  readonly stopLoss: number;
  /** Options trailing the leader by more than this many standard errors are played out no more (0: never). */
  readonly dropZ: number;
  /** The share of its time a decision spends before `stopLoss` or the 3-SE rule may end it (with `look` > 0). */
  readonly settleAfter: number;
  readonly noise: number; // playout randomness
  readonly playouts: PolicyStyle; // how the playouts play: by a few rules, or weighing every card as the medium bot
  readonly shootPlans: boolean; // also evaluate a moon plan for itself
  readonly passCandidates: number; // passes evaluated by playouts
  readonly passWorlds: number; // deals per pass candidate, at most
  readonly timeShare: number; // share of the time budget to use
  readonly relative: number; // weight of the others' average points in the objective
  readonly inference: boolean; // weight sampled deals by how likely the others' passes and discards make them
  /** Cards per hand at or below which a play decision is solved exactly on every sampled deal (0: never). */
  readonly endgameCards: number;
  /**
   * Weight of a sampled deal for every play of another seat this hand that the playout policy in its `medium`
   * style, holding that deal's cards, would not have made (1: the plays are not read; lower: a deal that explains the plays counts more).
   */
  readonly readPlays: number;
  /**
   * A value network that rates a play decision's playouts once `valueCut` tricks after the current one are
   * complete, instead of playing them to the end (packages/bots/src/value/; docs/performance.md, "The learned
   * evaluation"). Its value counts as the bot's own objective. Only under the rules it was trained for, and not
   * where a moon plan is played out (the seat's own or a suspected shooter's). None by default.
   */
  readonly value?: ValueNet | null;
  readonly valueCut?: number;
  /**
   * How soon the playouts let another seat run for the moon: the one seat holding every moon card taken so far
   * plays the moon plan in a share of the sampled deals that grows with those points, all of them once it holds
   * `moonWatch` of the moon's value. Unset: only once it holds 30 %, then in every deal.
   */
  readonly moonWatch?: number;
  /**
   * Who runs for the moon in the playouts as a strong runner ({@link PLAN_RUN}: every hand of the deal seen, sure
   * winners first, no random plays) instead of by the moon plan of the others' model: `suspect` the suspected
   * shooter, `all` the bot's own moon plan too. Unset: nobody.
   */
  readonly strongRunner?: 'suspect' | 'all';
  /**
   * What a strong runner sees: `all` every hand of the sampled deal ({@link PLAN_RUN}), `own` only its own hand and
   * the cards played ({@link PLAN_RUN_BLIND}), as a real runner does. Unset: all.
   */
  readonly runnerSees?: 'all' | 'own';
  /**
   * With a hand of many high cards, also weigh passes for the moon (the lowest cards away, {@link moonPassCandidates}),
   * played out under the bot's own moon plan (a strong runner's under `strongRunner: 'all'`). Off by default.
   */
  readonly moonPass?: boolean;
  /**
   * Who plays the moon passes out: a strong runner that sees every hand (`all`, {@link PLAN_RUN}) or only its own
   * (`own`, {@link PLAN_RUN_BLIND}), whatever plays the bot's moon plan in its play decisions. Unset: that plan.
   */
  readonly moonPassRunner?: 'all' | 'own';
  /**
   * Weight of a sampled deal in which the suspected shooter could not run: played out once from now as a strong
   * runner ({@link PLAN_RUN}) against the others' model, it does not shoot. Below 1, the deals that let it run count
   * more, as they do for a runner who goes on running. Unset: every deal counts alike.
   */
  readonly runBelief?: number;
  /**
   * The share of seats the play reader takes for runners for the moon ({@link PlayReader}): a deal in which a
   * seat's plays are a runner's counts as one in which they are the `medium` model's, weighed by this share.
   * Unset (0): every seat is read as the `medium` model.
   */
  readonly readRun?: number;
  /**
   * With `readRun`: where no seat is a suspect by its points, the seat whose plays a sampled deal explains better
   * as a runner's runs for the moon in the playouts of that deal with the chance its plays give (by a hash of the
   * deal's playout numbers, the same for every option). Off by default.
   */
  readonly readRunSuspect?: boolean;
  /**
   * In the playouts of passes on the normal plan, the bot turns to the moon as the others' model does (once it holds
   * every moon card taken, 30 % of the moon, and high cards enough: `PlayoutPolicy.updatePlans`) instead of keeping
   * the normal plan to the end: a hand it would run with is not rated as one that eats every heart. With four or
   * more of J Q K A, the passes that keep a run ({@link moonPassCandidates}) are weighed too, on that normal plan.
   * Off by default.
   */
  readonly passTurn?: boolean;
}

export const HARD: SearchParams = {
  level: 'hard',
  maxWorlds: 500,
  minWorlds: 48,
  batch: 8,
  noise: 0.1,
  playouts: 'rules',
  shootPlans: true,
  look: 0,
  stopLoss: 0,
  dropZ: 0,
  settleAfter: 0,
  passCandidates: 6,
  passWorlds: 60,
  timeShare: 0.17, // 68 ms of the default 400: the ceiling hard had (45 % of 150 ms) when its strength was measured
  relative: 0.1,
  inference: false,
  readPlays: 1,
  endgameCards: 0,
};

/**
 * The expert thinks until its time share is spent, unless the choice is settled first: one option clearly best
 * (3 standard errors), or the leader's expected loss against the rest below `stopLoss` over the time share
 * (plays and passes alike). Options clearly worse (`dropZ`) stop being played out, so the deals go to the
 * contenders. The deal limits only bound the memory.
 *
 * The budget is a ceiling, not a target: a settled choice stops once 38 % of it is spent (`settleAfter`), a close
 * one goes on to 90 %. At the default budget (`BOT_TIME_MS`, 400 ms) the median decision takes about 142 ms and the
 * close ones up to 360 ms, so the time goes where the choice is hard (docs/performance.md).
 */
export const EXPERT: SearchParams = {
  level: 'expert',
  maxWorlds: 100_000,
  minWorlds: 160,
  batch: 16,
  look: 1 / 16,
  stopLoss: 0.3,
  dropZ: 4,
  settleAfter: 0.38,
  noise: 0.1,
  playouts: 'medium',
  shootPlans: true,
  passCandidates: 12,
  passWorlds: 20_000,
  timeShare: 0.9,
  relative: 0.1,
  inference: true,
  readPlays: 0.5,
  endgameCards: 4,
};

export type { GameContext } from './game.js';

/** Milliseconds from some fixed point (the bots' deadlines are on it). */
export type Clock = () => number;

const wallClock: Clock = () => (globalThis as { performance?: { now(): number } }).performance?.now() ?? 0;

/** One candidate of a play decision as the playouts rated it. */
export interface EvaluatedOption {
  readonly card: CardName;
  readonly plan: 'normal' | 'shoot'; // the seat's own plan for the rest of the hand
  readonly mean: number; // expected score (lower is better)
  readonly worlds: number; // deals it was played out on (fewer than the evaluation's once dropped)
}

/**
 * How a playout's finished hand counts for the deciding seat (lower is better). The bots' own objective is
 * {@link searchScore}; the analysis uses {@link tableScore}.
 */
export type HandScore = (core: HandCore, me: number, game: GameContext) => number;

/** How {@link SearchBot.evaluate} rates and when it stops (the bots' own objective and stopping rule by default). */
export interface EvaluateOptions {
  readonly score?: HandScore; // how a playout counts (default: the bot's objective)
  /** Checked after every batch once `minWorlds` deals are in: true stops (default: one option clearly best). */
  readonly stop?: (sofar: Evaluation) => boolean;
  /**
   * Checked before `stop`: options (indexes into `options`) to play out no more. A dropped option keeps the mean
   * of the deals it had; the others go on sharing their deals, so their differences stay paired.
   */
  readonly drop?: (sofar: Evaluation) => Iterable<number>;
  /**
   * Every seat's cards now (seat × suit masks, as the sampler writes them): every deal is this one instead of a
   * sampled one. For measuring what seeing the others' cards is worth (a seer), never in play.
   */
  readonly world?: Uint16Array;
}

/** {@link SearchBot.passValues}: option i is candidate set i; `means[i]` its mean score. */
export interface PassEvaluation extends Evaluation {
  readonly means: readonly number[];
  readonly totals: readonly number[]; // the sums behind the means (the bot compares these, as it always has)
}

export interface Evaluation {
  readonly options: readonly EvaluatedOption[];
  readonly worlds: number; // sampled deals
  /**
   * Option a's mean score less option b's (indexes into `options`) and the standard error of that difference,
   * over the deals both were played out on.
   */
  versus(a: number, b: number): { mean: number; se: number };
}

/** A bot that samples the hidden cards and evaluates its moves by playouts on every sampled deal. */
export class SearchBot implements Bot {
  readonly level: Level;

  /** `clock`: where the deadlines are read (the wall clock; tests give their own). */
  constructor(
    readonly params: SearchParams,
    private readonly clock: Clock = wallClock,
  ) {
    this.level = params.level;
  }

  decide(obs: Observation, { timeMs, random }: DecideOptions): Decision {
    const deadline = this.clock() + Math.max(1, timeMs * this.params.timeShare);
    switch (obs.phase) {
      case 'moon':
        return { kind: 'moon', choice: moonChoice(obs) };
      case 'pass':
        return { kind: 'pass', cards: this.pass(obs, random, deadline) };
      default:
        return { kind: 'play', card: this.play(obs, random, deadline) };
    }
  }

  /** Chooses a card: every candidate is played out on the same sampled deals; the lowest expected score wins. */
  play(obs: Observation, rng: RandomSource, deadline: number): CardName {
    if (obs.legal.length === 1) return obs.legal[0]!;
    const e = this.evaluate(obs, rng, deadline);
    return e.options[leader(e)]!.card;
  }

  /**
   * The playouts behind a play decision: each candidate card (equivalent cards merged) under each plan, with its
   * weighted mean score over the sampled deals (lower is better), and how many deals were sampled.
   */
  evaluate(obs: Observation, rng: RandomSource, deadline: number, how: EvaluateOptions = {}): Evaluation {
    const p = this.params;
    const clock = this.clock;
    const start = clock();
    const settle = settleRule(p, deadline - start);
    const settleFrom = settleTime(p, start, deadline);
    const rate =
      how.score ?? ((core: HandCore, me: number, g: GameContext) => objective(core, me, p.relative, g));
    const deals = new PlayDeals(obs, p, rate);
    const { candidates, plans, options } = deals;
    if (candidates.length === 1)
      return {
        options: [{ card: makeCard(candidates[0]!), plan: 'normal', mean: 0, worlds: 0 }],
        worlds: 0,
        versus: () => ({ mean: 0, se: 0 }),
      };
    const solved = deals.solved;
    const sampler = makeSampler(deals.knowledge);
    const world = new Uint16Array(deals.knowledge.n * 4);
    const store = new Scores(options, p.maxWorlds);
    const active = new Uint8Array(options).fill(1);
    const counts = new Int32Array(options); // deals each option was played out on
    let worlds = 0;
    let look = p.minWorlds;
    while (worlds < p.maxWorlds) {
      if (how.world) world.set(how.world);
      else sampler.sample(rng, world);
      const s1 = rng.nextUint32();
      const s2 = rng.nextUint32();
      store.grow(worlds + 1);
      store.weights[worlds] = deals.setUp(world);
      deals.playOut(s1, s2, active, store.scores, worlds * options);
      for (let o = 0; o < options; o++) if (active[o]) counts[o] = worlds + 1;
      worlds++;
      const now = clock();
      if (now > deadline) break;
      if (worlds % p.batch === 0 && worlds >= p.minWorlds) {
        if (how.drop || how.stop) {
          if (how.drop)
            for (const o of how.drop(evaluation(worlds))) if (o >= 0 && o < options) active[o] = 0;
          if (
            how.stop
              ? how.stop(evaluation(worlds))
              : clearWinner(store.scores, store.weights, worlds, options, solved)
          )
            break;
        } else if (settle) {
          if (worlds < look) continue;
          look = nextLook(p, worlds);
          const e = evaluation(worlds);
          for (const o of settle.drop(e)) active[o] = 0;
          if (now >= settleFrom && settle.stop(e, solved)) break;
        } else if (clearWinner(store.scores, store.weights, worlds, options, solved)) break;
      }
    }
    return evaluation(worlds);

    // The means are worked out when first asked for: a stopping rule that only looks now and then costs nothing
    // in between.
    function evaluation(worlds: number): Evaluation {
      let out: EvaluatedOption[] | null = null;
      const build = (): EvaluatedOption[] => {
        const list: EvaluatedOption[] = [];
        for (let o = 0; o < options; o++)
          list.push({
            card: makeCard(candidates[Math.floor(o / plans.length)]!),
            plan: plans[o % plans.length] === PLAN_SHOOT ? 'shoot' : 'normal',
            mean: mean(store.scores, store.weights, Math.min(worlds, counts[o]!), options, o),
            worlds: Math.min(worlds, counts[o]!),
          });
        return list;
      };
      return {
        get options() {
          return (out ??= build());
        },
        worlds,
        versus: (a, b) =>
          difference(store.scores, store.weights, Math.min(worlds, counts[a]!, counts[b]!), options, a, b),
      };
    }
  }

  /** Chooses the cards to pass: the most promising sets by a heuristic, then playouts of whole hands. */
  pass(obs: Observation, rng: RandomSource, deadline: number): CardName[] {
    const cfg = compiledRules(obs.rules);
    const hand = obs.hand.map((c) => parseCard(c)!);
    const p = this.params;
    const candidates = passCandidates(hand, obs.rules.passCards, cfg, p.passCandidates);
    // Passes for the moon, each played out under the moon plan (after the others, which keep the normal plan).
    const moonSets = p.moonPass ? moonPassCandidates(hand, obs.rules.passCards, cfg, MOON_PASSES) : [];
    const plans = candidates.map(() => PLAN_NORMAL);
    const moonPlan =
      p.moonPassRunner === undefined
        ? runPlan(p, true)
        : p.moonPassRunner === 'own'
          ? PLAN_RUN_BLIND
          : PLAN_RUN;
    for (const set of moonSets) {
      candidates.push(set);
      plans.push(moonPlan);
    }
    // Passes that keep a run, on the normal plan: the playouts turn to the moon where the hand then runs.
    if (p.passTurn)
      for (const set of moonPassCandidates(hand, obs.rules.passCards, cfg, MOON_PASSES, TURN_HIGHS))
        if (!candidates.some((c, i) => plans[i] === PLAN_NORMAL && sameCards(c, set))) {
          candidates.push(set);
          plans.push(PLAN_NORMAL);
        }
    if (candidates.length === 1) return candidates[0]!.map(makeCard);
    const start = this.clock();
    const settle = settleRule(p, deadline - start);
    const settleFrom = settleTime(p, start, deadline);
    if (settle) {
      // Deals until the time share is spent or the choice is settled, as for a play.
      let look = p.minWorlds;
      const e = this.passValues(obs, candidates, rng, deadline, {
        plans,
        maxWorlds: p.passWorlds,
        minWorlds: p.minWorlds,
        drop: (sofar) => (sofar.worlds >= look ? settle.drop(sofar) : []),
        stop: (sofar) => {
          if (sofar.worlds < look) return false;
          look = nextLook(p, sofar.worlds);
          return this.clock() >= settleFrom && settle.stop(sofar, false);
        },
      });
      return candidates[leader(e)]!.map(makeCard);
    }
    const { totals } = this.passValues(obs, candidates, rng, deadline, { plans, maxWorlds: p.passWorlds });
    let best = 0;
    for (let ci = 1; ci < candidates.length; ci++) if (totals[ci]! < totals[best]!) best = ci;
    return candidates[best]!.map(makeCard);
  }

  /**
   * Rates sets of cards to pass by playing whole hands out on the same random deals of the unknown cards (the
   * other seats pass by the heuristic): each set's mean score (lower is better), the standard error of each
   * set's difference to every other (`versus`), and how many deals were played. Without `how.stop`, it plays
   * `how.maxWorlds` deals (or until the deadline). `how.plans`: the bot's plan in each set's playouts (default: the
   * normal plan for every set).
   */
  passValues(
    obs: Observation,
    candidates: readonly (readonly Card[])[],
    rng: RandomSource,
    deadline: number,
    how: EvaluateOptions & {
      readonly maxWorlds: number;
      readonly minWorlds?: number;
      readonly batch?: number;
      readonly plans?: readonly number[];
    },
  ): PassEvaluation {
    const p = this.params;
    const clock = this.clock;
    const maxWorlds = how.maxWorlds;
    const batch = how.batch ?? p.batch;
    const rate =
      how.score ?? ((core: HandCore, me: number, g: GameContext) => objective(core, me, p.relative, g));
    const deals = new PassDeals(obs, candidates, p, rate, how.plans);
    const options = candidates.length;
    const store = new Scores(options, Math.max(1, maxWorlds));
    const active = new Uint8Array(options).fill(1);
    const counts = new Int32Array(options);
    let worlds = 0;
    while (worlds < maxWorlds) {
      store.grow(worlds + 1);
      deals.deal(rng);
      deals.playOut(active, store.scores, worlds * options);
      for (let ci = 0; ci < options; ci++) if (active[ci]) counts[ci] = worlds + 1;
      worlds++;
      if (clock() > deadline) break;
      if (worlds % batch === 0 && worlds >= (how.minWorlds ?? 0)) {
        if (how.drop) for (const o of how.drop(evaluation(worlds))) if (o >= 0 && o < options) active[o] = 0;
        if (how.stop?.(evaluation(worlds))) break;
      }
    }
    return evaluation(worlds);

    function evaluation(worlds: number): PassEvaluation {
      const { scores, weights } = store; // every weight 1: the deals are drawn uniformly
      const seen = (ci: number): number => Math.min(worlds, counts[ci]!);
      let means: number[] | null = null;
      let totals: number[] | null = null;
      let out: EvaluatedOption[] | null = null;
      return {
        get means() {
          return (means ??= candidates.map((_, ci) => mean(scores, weights, seen(ci), options, ci)));
        },
        get totals() {
          return (totals ??= candidates.map((_, ci) => {
            let sum = 0;
            for (let i = 0; i < seen(ci); i++) sum += scores[i * options + ci]!;
            return sum;
          }));
        },
        get options() {
          const m = this.means;
          return (out ??= candidates.map((set, ci) => ({
            card: makeCard(set[0]!),
            plan: (how.plans?.[ci] ?? PLAN_NORMAL) === PLAN_NORMAL ? ('normal' as const) : ('shoot' as const),
            mean: m[ci]!,
            worlds: seen(ci),
          })));
        },
        worlds,
        versus: (a, b) =>
          difference(scores, weights, Math.min(worlds, counts[a]!, counts[b]!), options, a, b),
      };
    }
  }
}

/**
 * One play decision's playouts, deal by deal: what {@link SearchBot.evaluate} does with each sampled deal, for a
 * caller that runs its own loop over the deals (the game analysis spreads one decision's deals over threads).
 *
 * ```ts
 * const deals = new PlayDeals(obs, EXPERT, tableScore);
 * makeSampler(deals.knowledge).sample(rng, world);
 * const weight = deals.setUp(world);
 * deals.playOut(rng.nextUint32(), rng.nextUint32(), active, scores, 0); // scores[o] for every active option o
 * ```
 */
export class PlayDeals {
  readonly knowledge: Knowledge;
  readonly candidates: readonly Card[]; // the legal cards, equivalent ones merged (the lowest of each)
  readonly plans: readonly number[]; // PLAN_NORMAL, and PLAN_SHOOT where the seat might go for the moon
  /** Candidates × plans: option o is candidate ⌊o / plans.length⌋ under plan o % plans.length. */
  readonly options: number;
  /** Few cards left (`endgameCards`): each deal is solved exactly from the candidate on; no playout randomness. */
  readonly solved: boolean;
  private readonly game: GameContext;
  private readonly solver: EndgameSolver | null;
  private readonly policy: PlayoutPolicy;
  private readonly playoutRng = new PlayoutRandom();
  private readonly base: HandCore;
  private readonly work: HandCore;
  private readonly reader: PlayReader | null;
  /** The opponent whom the playouts let run for the moon (seat -1: none) and in what share of the deals. */
  readonly suspect: { readonly seat: number; readonly share: number };
  private readonly ownRun: number; // the plan the bot's moon plan plays in the playouts (runPlan)
  private readonly suspectRun: number; // the plan the suspect plays where it runs
  // The seat the play reader takes for a runner on the deal set up last, and its chance (readRunSuspect).
  private worldRunner = -1;
  private worldChance = 0;
  private readonly value: ValueNet | null; // rates the playouts once `cutAt` tricks are complete
  private readonly cutAt: number;
  private readonly values: Float64Array;

  constructor(
    obs: Observation,
    private readonly params: SearchParams,
    private readonly rate: HandScore,
  ) {
    const cfg = compiledRules(obs.rules);
    const k = buildKnowledge(obs, cfg);
    this.knowledge = k;
    this.game = { before: obs.scores, handsDone: obs.handNumber + 1 };
    this.candidates = mergeEquivalent(
      obs.legal.map((c) => parseCard(c)!),
      k,
    );
    // Few cards left: each sampled deal is solved exactly from the candidate on (the solver finds a moon itself).
    this.solver =
      obs.hand.length <= params.endgameCards && obs.hand.length * k.n <= 24
        ? new EndgameSolver(cfg, this.game)
        : null;
    this.solved = this.solver !== null;
    this.plans =
      !this.solver && params.shootPlans && moonPlausible(k) ? [PLAN_NORMAL, PLAN_SHOOT] : [PLAN_NORMAL];
    this.options = this.candidates.length * this.plans.length;
    this.policy = new PlayoutPolicy(params.noise, undefined, params.playouts);
    this.base = new HandCore(cfg);
    this.work = new HandCore(cfg);
    this.reader =
      params.inference && params.readPlays < 1
        ? new PlayReader(k, params.readPlays, params.readRun ?? 0)
        : null;
    // An opponent who holds every moon card taken so far may be going for the moon.
    this.suspect = suspectedShooter(k, params.moonWatch);
    this.ownRun = runPlan(params, true);
    this.suspectRun = runPlan(params, false);
    this.values = new Float64Array(k.n);
    this.cutAt = Math.floor(k.plays.length / k.n) + 1 + (params.valueCut ?? 0);
    // The network knows neither plans nor other rules; a cut at the hand's end is no cut.
    this.value =
      params.value &&
      !this.solver &&
      this.plans.length === 1 &&
      this.suspect.seat < 0 &&
      !params.readRunSuspect &&
      valueApplies(cfg) &&
      this.cutAt < cfg.tricks
        ? params.value
        : null;
  }

  /** The seat the play reader took for a runner on the deal set up last (-1: none) and its chance to run. */
  get dealRunner(): { readonly seat: number; readonly chance: number } {
    return { seat: this.worldRunner, chance: this.worldChance };
  }

  /**
   * Sets up a deal (every seat's cards now, seat × suit masks, as the sampler writes them) for {@link playOut} and
   * returns its weight: how likely the others' passes, discards and plays make it (1 without `inference`).
   */
  setUp(world: Uint16Array): number {
    const k = this.knowledge;
    if (!this.params.inference) {
      setUpWorld(this.base, world, k);
      return 1;
    }
    const w = worldWeight(world, k) * (this.reader ? this.reader.weight(world) : 1);
    if (this.reader && this.params.readRunSuspect && this.suspect.seat < 0) {
      this.worldRunner = this.reader.runner;
      this.worldChance = this.reader.runnerChance;
    }
    // The reader has just replayed the hand on this deal: its core stands where the playouts start.
    if (this.reader) this.base.copyFrom(this.reader.position);
    else setUpWorld(this.base, world, k);
    const belief = this.params.runBelief;
    return belief !== undefined && this.suspect.seat >= 0 && !this.canRun() ? w * belief : w;
  }

  /**
   * Whether the suspect, as a strong runner with every card seen and no random play, shoots the moon on the deal
   * set up last against the others' model (the bot's seat on its normal plan). Its own fixed playout numbers, so
   * a deal's answer is the same in every decision.
   */
  private canRun(): boolean {
    const { policy, work } = this;
    const seat = this.suspect.seat;
    work.copyFrom(this.base);
    policy.plans.fill(PLAN_NORMAL);
    policy.plans[seat] = PLAN_RUN;
    this.playoutRng.reseed(0x2545f491, 0x9e3779b9);
    policy.playout(work, this.playoutRng, (1 << this.knowledge.me) | (1 << seat));
    return work.shooter() === seat;
  }

  /**
   * Plays every active option out on the deal set up last, all with the same playout random numbers (`s1`, `s2`),
   * and writes option o's score to `scores[at + o]`.
   */
  playOut(s1: number, s2: number, active: Uint8Array, scores: Float64Array, at: number): void {
    const { candidates, plans, policy, work, solver, value } = this;
    const me = this.knowledge.me;
    // The suspect runs in this deal or not, the same for every option (by a hash of the deal's playout numbers).
    const byPoints = this.suspect.seat >= 0;
    const seat = byPoints ? this.suspect.seat : this.worldRunner;
    const share = byPoints ? this.suspect.share : this.worldChance;
    const runs = seat >= 0 && (share >= 1 || unitHash(s1, s2) < share);
    const shooter = runs ? seat : -1;
    const fixed = runs ? (1 << me) | (1 << seat) : 1 << me;
    solver?.begin(this.base, me);
    for (let c = 0; c < candidates.length; c++) {
      for (let pl = 0; pl < plans.length; pl++) {
        const o = c * plans.length + pl;
        if (!active[o]) continue;
        work.copyFrom(this.base);
        policy.plans.fill(PLAN_NORMAL);
        policy.plans[me] = plans[pl] === PLAN_SHOOT ? this.ownRun : plans[pl]!;
        if (shooter >= 0) policy.plans[shooter] = this.suspectRun;
        work.play(candidates[c]!);
        if (solver) solver.finish(work);
        else if (value) {
          this.playoutRng.reseed(s1, s2);
          policy.playout(work, this.playoutRng, fixed, this.cutAt);
          scores[at + o] = this.rated(work, me, value);
          continue;
        } else {
          this.playoutRng.reseed(s1, s2);
          policy.playout(work, this.playoutRng, fixed);
        }
        scores[at + o] = this.rate(work, me, this.game);
      }
    }
  }

  /**
   * The objective of the bot for the hand, from the value network's points of each seat (the moon counted as the
   * standard rules count it, as the objective does then): the seat's own less `relative` times the others' mean.
   */
  private rated(core: HandCore, me: number, value: ValueNet): number {
    const v = this.values;
    const n = core.cfg.n;
    value.evaluate(core, me, v);
    let others = 0;
    for (let s = 0; s < n; s++) if (s !== me) others += v[s]!;
    return v[me]! - this.params.relative * (others / (n - 1));
  }
}

/**
 * One pass decision's playouts, deal by deal: what {@link SearchBot.passValues} does with each random deal of the
 * unseen cards (the other seats pass by the heuristic), for a caller that runs its own loop over the deals. Each
 * deal shuffles the unseen cards from where the last one left them: the same generator gives the same deals from a
 * new PassDeals only.
 *
 * ```ts
 * const deals = new PassDeals(obs, candidates, EXPERT, tableScore);
 * deals.deal(rng);
 * deals.playOut(active, scores, 0); // scores[i] for every active candidate set i
 * ```
 */
export class PassDeals {
  private readonly cfg: HandConfig;
  private readonly game: GameContext;
  private readonly mine = new Uint16Array(4);
  private readonly unknown: Card[] = [];
  private readonly policy: PlayoutPolicy;
  private readonly playoutRng = new PlayoutRandom();
  private readonly core: HandCore;
  private readonly dealt: Uint16Array;
  private readonly after: Uint16Array;
  private readonly theirPass: Uint16Array;
  private readonly bestPass: BestPass;
  private s1 = 0;
  private s2 = 0;
  private readonly turn: boolean;

  constructor(
    private readonly obs: Observation,
    readonly candidates: readonly (readonly Card[])[],
    params: SearchParams,
    private readonly rate: HandScore,
    /** The bot's plan in each set's playouts (default: the normal plan). */
    private readonly plans?: readonly number[],
  ) {
    const cfg = compiledRules(obs.rules);
    this.cfg = cfg;
    this.game = { before: obs.scores, handsDone: obs.handNumber + 1 };
    for (const c of obs.hand.map((c) => parseCard(c)!)) this.mine[(c / 13) | 0]! |= 1 << (c % 13);
    for (let suit = 0; suit < 4; suit++)
      for (let r = 0; r < 13; r++)
        if (cfg.deckMasks[suit]! & (1 << r) && !(this.mine[suit]! & (1 << r)))
          this.unknown.push(suit * 13 + r);
    this.policy = new PlayoutPolicy(params.noise, undefined, params.playouts);
    this.core = new HandCore(cfg);
    const n = obs.players;
    this.dealt = new Uint16Array(n * 4);
    this.after = new Uint16Array(n * 4);
    this.theirPass = new Uint16Array(n * 4);
    this.bestPass = new BestPass(cfg);
    this.turn = params.passTurn === true;
  }

  /** Deals the unseen cards to the others at random (they pass by the heuristic) and draws the playouts' numbers. */
  deal(rng: RandomSource): void {
    const { cfg, unknown, dealt, theirPass } = this;
    const n = this.obs.players;
    const me = this.obs.seat;
    for (let j = unknown.length - 1; j > 0; j--) {
      const x = randomInt(rng, j + 1);
      const t = unknown[j]!;
      unknown[j] = unknown[x]!;
      unknown[x] = t;
    }
    dealt.fill(0);
    theirPass.fill(0);
    dealt.set(this.mine, me * 4);
    let u = 0;
    for (let s = 0; s < n; s++) {
      if (s === me) continue;
      for (let i = u; i < u + cfg.tricks; i++) {
        const c = unknown[i]!;
        dealt[s * 4 + ((c / 13) | 0)]! |= 1 << (c % 13);
      }
      this.bestPass.into(unknown, u, cfg.tricks, this.obs.rules.passCards, theirPass, s * 4);
      u += cfg.tricks;
    }
    this.s1 = rng.nextUint32();
    this.s2 = rng.nextUint32();
  }

  /** Plays the hand out after each active candidate set on the last deal; set i's score to `scores[at + i]`. */
  playOut(active: Uint8Array, scores: Float64Array, at: number): void {
    const { candidates, dealt, after, theirPass, core, policy } = this;
    const n = this.obs.players;
    const me = this.obs.seat;
    for (let ci = 0; ci < candidates.length; ci++) {
      if (!active[ci]) continue;
      for (const c of candidates[ci]!) theirPass[me * 4 + ((c / 13) | 0)]! |= 1 << (c % 13);
      for (let s = 0; s < n; s++)
        for (let suit = 0; suit < 4; suit++)
          after[s * 4 + suit] = dealt[s * 4 + suit]! & ~theirPass[s * 4 + suit]!;
      for (let s = 0; s < n; s++) {
        const dst = ((s + this.obs.passOffset) % n) * 4;
        for (let suit = 0; suit < 4; suit++) after[dst + suit]! |= theirPass[s * 4 + suit]!;
      }
      theirPass.fill(0, me * 4, me * 4 + 4);
      core.start(after, this.obs.dealer, -1);
      policy.plans.fill(PLAN_NORMAL);
      policy.plans[me] = this.plans?.[ci] ?? PLAN_NORMAL;
      this.playoutRng.reseed(this.s1, this.s2);
      // On the normal plan the bot may turn to the moon as the others do (passTurn); a moon plan is kept.
      const own = this.turn && policy.plans[me] === PLAN_NORMAL ? 0 : 1 << me;
      policy.playout(core, this.playoutRng, own);
      scores[at + ci] = this.rate(core, me, this.game);
    }
  }
}

/**
 * Reads the others' plays of this hand: replays it on a sampled deal and counts the plays of other seats that
 * the playout policy in its `medium` style (a model of how people play), holding that deal's cards, would not have
 * made; the deal's weight is `factor` to that count. A card next to the policy's in the same suit, with nothing
 * unseen between them for that seat, is the same play. With `runShare` ({@link SearchParams.readRun}), each seat
 * may also be a runner for the moon (a strong runner that sees its own hand, {@link PLAN_RUN_BLIND}, as long as
 * no other seat has taken a moon card; then as any other): its plays are counted against both models, and the
 * seat's part of the weight is `(1 − runShare) · factor^normal + runShare · factor^runner`.
 */
export class PlayReader {
  private readonly core: HandCore;
  private readonly policy = new PlayoutPolicy(0, undefined, 'medium');
  private readonly rng = new PlayoutRandom();
  private readonly start: Uint16Array;
  private readonly missNormal: Int32Array; // per seat: plays the medium model would not have made
  private readonly missRun: Int32Array; // per seat: plays a runner would not have made
  private readonly points: Int32Array;
  /**
   * After {@link weight} with `runShare`: the seat whose plays that deal explains better as a runner's than as the
   * `medium` model's, the most likely runner if several (-1: none, or another seat has taken a moon card since),
   * and the chance that it runs on that deal given its plays.
   */
  runner = -1;
  runnerChance = 0;

  constructor(
    private readonly k: Knowledge,
    private readonly factor: number,
    private readonly runShare = 0,
  ) {
    this.core = new HandCore(k.cfg);
    this.start = new Uint16Array(k.n * 4);
    this.missNormal = new Int32Array(k.n);
    this.missRun = new Int32Array(k.n);
    this.points = new Int32Array(k.n);
  }

  /** Where the last {@link weight} left the hand: at the observed point, with that deal's holdings. */
  get position(): HandCore {
    return this.core;
  }

  /** The weight of a sampled deal (`world`: every seat's hand now, seat × suit masks). */
  weight(world: Uint16Array): number {
    const { k, core, policy, missNormal, missRun } = this;
    const reading = this.runShare > 0 && k.cfg.moonAllowed;
    for (let i = 0; i < this.start.length; i++) this.start[i] = world[i]! | k.playedBy[i]!;
    core.start(this.start, k.dealer, k.sevenCard);
    policy.forget();
    missNormal.fill(0);
    missRun.fill(0);
    let tricks = -1;
    let holders = 0; // seats that have taken moon cards this hand (bits), as of the trick under way
    for (const c of k.plays) {
      if (core.trickCount !== tricks) {
        tricks = core.trickCount;
        policy.updatePlans(core, 0);
        if (reading) holders = this.moonHolders();
      }
      const seat = core.turn;
      if (seat !== k.me) {
        const want = policy.choose(core, this.rng);
        const miss = want !== c && !sameFor(core, want, c);
        if (miss) missNormal[seat]!++;
        // A runner plays as any other once another seat has taken a moon card.
        if (reading && ((holders & ~(1 << seat)) === 0 ? !this.runnerPlays(c) : miss)) missRun[seat]!++;
      }
      core.play(c);
    }
    this.runner = -1;
    this.runnerChance = 0;
    if (reading) holders = this.moonHolders();
    let w = 1;
    for (let s = 0; s < k.n; s++) {
      if (s === k.me) continue;
      const normal = this.factor ** missNormal[s]!;
      if (!reading) {
        w *= normal;
        continue;
      }
      const asNormal = (1 - this.runShare) * normal;
      const asRunner = this.runShare * this.factor ** missRun[s]!;
      w *= asNormal + asRunner;
      const chance = asRunner / (asNormal + asRunner);
      if (missRun[s]! < missNormal[s]! && (holders & ~(1 << s)) === 0 && chance > this.runnerChance) {
        this.runner = s;
        this.runnerChance = chance;
      }
    }
    return w;
  }

  /** The seats that have taken moon cards in the hand's complete tricks so far (bits). */
  private moonHolders(): number {
    const { core, points } = this;
    core.moonCardPoints(points);
    let holders = 0;
    for (let s = 0; s < this.k.n; s++) if (points[s] !== 0) holders |= 1 << s;
    return holders;
  }

  /** Whether a runner in the seat to play (that sees its own hand) would play `card` there. */
  private runnerPlays(card: number): boolean {
    const { core, policy } = this;
    const seat = core.turn;
    const plan = policy.plans[seat]!;
    policy.plans[seat] = PLAN_RUN_BLIND;
    const run = policy.choose(core, this.rng);
    policy.plans[seat] = plan;
    return run === card || sameFor(core, run, card);
  }
}

/** Whether two cards of the seat to play are the same play: one suit, and no card another seat may hold between them. */
function sameFor(core: HandCore, a: number, b: number): boolean {
  const suit = (a / 13) | 0;
  if (((b / 13) | 0) !== suit) return false;
  const lo = Math.min(a % 13, b % 13);
  const hi = Math.max(a % 13, b % 13);
  const between = ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1);
  return (between & ~seenBy(core, suit)) === 0;
}

/** Positions the core at the observed point of the hand, with the sampled holdings. */
function setUpWorld(core: HandCore, world: Uint16Array, k: Knowledge): void {
  const orig = new Uint16Array(k.n * 4);
  for (let i = 0; i < orig.length; i++) orig[i] = world[i]! | k.playedBy[i]!;
  core.start(orig, k.dealer, k.sevenCard);
  for (const c of k.plays) core.play(c);
}

/**
 * The seat's score for a finished hand, after the moon rule (the engine's {@link moonRuling}), less a share of
 * the others' average. Under the shooter's choice, its own moon counts the better way and another's the worse.
 */
function objective(core: HandCore, me: number, relative: number, game: GameContext): number {
  const cfg = core.cfg;
  const n = cfg.n;
  const pts = scratchPoints;
  core.rawPoints(pts);
  const shooter = core.shooter();
  let others = 0;
  for (let s = 0; s < n; s++) if (s !== me) others += pts[s]!;
  let mine = pts[me]!;
  if (shooter >= 0) {
    const v = cfg.moonValue;
    const choice = cfg.rules.moon === 'shooterChoice';
    // Null choice: plus under shooterChoice, the choice that hurts the others (and us, when another shoots).
    const ruling = moonRuling(cfg.rules, v, pts, shooter, game.before, game.handsDone, null);
    const minus = ruling === 'minus';
    if (shooter === me) {
      const plus = mine - v - relative * ((others + (n - 1) * v) / (n - 1));
      const minusScore = mine - 2 * v - relative * (others / (n - 1));
      return minus ? minusScore : choice ? Math.min(plus, minusScore) : plus;
    }
    if (minus) {
      others -= 2 * v;
    } else {
      // Under the shooter's choice, assume the choice that hurts us: plus.
      others += (n - 2) * v - v; // the shooter's moon cards stop counting, the other others gain v each
      mine += v;
    }
  }
  return mine - relative * (others / (n - 1));
}
const scratchPoints = new Int32Array(6);

/** The search bots' own objective ({@link objective} with their weight of the others' points). */
export const searchScore =
  (relative: number): HandScore =>
  (core, me, game) =>
    objective(core, me, relative, game);

const scratchTaken = new Int32Array(6);

/**
 * The points the seat scores for a finished hand, measured against the table: its points after the moon rule
 * less the table's mean after the moon rule, plus the table's mean before it. Without a moon this is exactly the
 * seat's points; a moon counts the same under every moon rule (a shooter's −26 and the others' +26 leave the
 * same gaps), so the shooter's gain and a victim's loss are counted in full, 3/4 of the moon's value each way
 * with four players.
 */
export const tableScore: HandScore = (core, me, game) => {
  const cfg = core.cfg;
  const n = cfg.n;
  const taken = scratchTaken;
  core.rawPoints(taken);
  let raw = 0;
  for (let s = 0; s < n; s++) raw += taken[s]!;
  const shooter = core.shooter();
  if (shooter < 0) return taken[me]!;
  const v = cfg.moonValue;
  const how = moonRuling(cfg.rules, v, taken, shooter, game.before, game.handsDone, null);
  let after = 0;
  let mine = 0;
  for (let s = 0; s < n; s++) {
    const p =
      s === shooter ? taken[s]! - (how === 'minus' ? 2 * v : v) : taken[s]! + (how === 'plus' ? v : 0);
    after += p;
    if (s === me) mine = p;
  }
  return mine - after / n + raw / n;
};

/**
 * The playouts' scores (deal-major: deal i's option o at i·options + o) and the deals' weights (1 until set),
 * grown by doubling up to the most deals the evaluation may sample.
 */
class Scores {
  scores: Float64Array;
  weights: Float64Array;
  private room: number;

  constructor(
    private readonly options: number,
    private readonly most: number,
  ) {
    this.room = Math.min(most, 1024);
    this.scores = new Float64Array(this.room * options);
    this.weights = new Float64Array(this.room).fill(1);
  }

  /** Room for `worlds` deals. */
  grow(worlds: number): void {
    if (worlds <= this.room) return;
    this.room = Math.min(this.most, Math.max(worlds, this.room * 2));
    const scores = new Float64Array(this.room * this.options);
    scores.set(this.scores);
    const weights = new Float64Array(this.room).fill(1);
    weights.set(this.weights);
    this.scores = scores;
    this.weights = weights;
  }
}

function mean(
  scores: Float64Array,
  weights: Float64Array,
  worlds: number,
  options: number,
  o: number,
): number {
  let s = 0;
  let w = 0;
  for (let i = 0; i < worlds; i++) {
    s += weights[i]! * scores[i * options + o]!;
    w += weights[i]!;
  }
  return s / w;
}

function bestOption(scores: Float64Array, weights: Float64Array, worlds: number, options: number): number {
  let best = 0;
  let bestMean = Infinity;
  for (let o = 0; o < options; o++) {
    const m = mean(scores, weights, worlds, options, o);
    if (m < bestMean) {
      bestMean = m;
      best = o;
    }
  }
  return best;
}

/** The weighted mean of option a's score less option b's over the sampled deals, and its standard error. */
function difference(
  scores: Float64Array,
  weights: Float64Array,
  worlds: number,
  options: number,
  a: number,
  b: number,
): { mean: number; se: number } {
  let w1 = 0;
  let w2 = 0;
  let s = 0;
  let s2 = 0;
  for (let i = 0; i < worlds; i++) {
    const w = weights[i]!;
    const d = scores[i * options + a]! - scores[i * options + b]!;
    w1 += w;
    w2 += w * w;
    s += w * d;
    s2 += w * d * d;
  }
  const mean = s / w1;
  const variance = Math.max(0, s2 / w1 - mean * mean);
  return { mean, se: Math.sqrt((variance * w2) / (w1 * w1)) }; // w1²/w2 deals' worth of evidence
}

/**
 * A clock for tests and machine-independent measurements: every read moves it on by `stepMs`, so a search bot's
 * time budget becomes a number of sampled deals (it reads the clock once per deal).
 */
export function countingClock(stepMs: number): Clock {
  let now = 0;
  return () => (now += stepMs);
}

/** The option a bot settles on: the lowest mean among those played out on every deal (the first of equals). */
export function leader(e: Evaluation): number {
  let best = -1;
  e.options.forEach((o, i) => {
    if (o.worlds === e.worlds && (best < 0 || o.mean < e.options[best]!.mean)) best = i;
  });
  return Math.max(0, best);
}

/**
 * What choosing the leader costs, on average, against an option that trails it by `d` points with standard error
 * `se` (the paired difference taken as normal): E[max(0, −X)] for X ~ N(d, se²), i.e. se·φ(d/se) − d·Φ(−d/se).
 */
export function expectedLoss(d: number, se: number): number {
  if (!(se > 0)) return Math.max(0, -d);
  const z = d / se;
  return se * Math.exp(-0.5 * z * z) * INV_SQRT_2PI - d * normalTail(z);
}
const INV_SQRT_2PI = 0.3989422804014327;

/** Φ(−z), the upper tail of the standard normal (Abramowitz–Stegun 26.2.17, error below 1e-7). */
function normalTail(z: number): number {
  if (z < 0) return 1 - normalTail(-z);
  const t = 1 / (1 + 0.2316419 * z);
  const poly =
    t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return Math.exp(-0.5 * z * z) * INV_SQRT_2PI * poly;
}

/** The expert's rules for dropping options and stopping (see {@link EXPERT}), for a time share of `ms`. */
interface SettleRule {
  /** Options still played out that trail the leader by more than `dropZ` standard errors. */
  drop(e: Evaluation): number[];
  /** Whether the choice is settled; `ties`: options equal on every deal do not hold it up. */
  stop(e: Evaluation, ties: boolean): boolean;
}

/** After `worlds` deals, when the settle rule looks next: the deals grown by `p.look`, at least a batch on. */
function nextLook(p: SearchParams, worlds: number): number {
  return worlds + Math.max(p.batch, Math.floor(worlds * p.look));
}

/** When a decision from `start` to `deadline` may first settle early (at once without a finite deadline). */
function settleTime(p: SearchParams, start: number, deadline: number): number {
  return Number.isFinite(deadline) ? start + p.settleAfter * (deadline - start) : start;
}

function settleRule(p: SearchParams, ms: number): SettleRule | null {
  if (p.look <= 0 && p.stopLoss <= 0 && p.dropZ <= 0) return null;
  const enough = p.stopLoss > 0 ? p.stopLoss / Math.max(1, ms) : 0;
  const live = (e: Evaluation): number[] => {
    const out: number[] = [];
    e.options.forEach((o, i) => {
      if (o.worlds === e.worlds) out.push(i);
    });
    return out;
  };
  return {
    drop(e) {
      if (p.dropZ <= 0) return [];
      const best = leader(e);
      return live(e).filter((o) => {
        if (o === best) return false;
        const d = e.versus(o, best);
        return d.mean > p.dropZ * d.se + 1e-9;
      });
    },
    stop(e, ties) {
      const best = leader(e);
      let clear = true;
      let loss = 0;
      for (const o of live(e)) {
        if (o === best) continue;
        const d = e.versus(o, best);
        if (ties && exactTie(d)) continue;
        if (!clearlyBehind(d)) clear = false;
        loss += expectedLoss(d.mean, d.se);
      }
      return clear || loss <= enough;
    },
  };
}

/**
 * Whether the best option beats every other by more than 3 standard errors of the (weighted) paired difference.
 * With `ties`, an option that scored exactly as the best on every deal does not hold the search up (exact endgame
 * solves often make two cards worth the same on every deal: no number of deals would tell them apart).
 */
function clearWinner(
  scores: Float64Array,
  weights: Float64Array,
  worlds: number,
  options: number,
  ties = false,
): boolean {
  const best = bestOption(scores, weights, worlds, options);
  for (let o = 0; o < options; o++) {
    if (o === best) continue;
    const d = difference(scores, weights, worlds, options, o, best);
    if (!(ties && exactTie(d)) && !clearlyBehind(d)) return false;
  }
  return true;
}

/** An option's paired difference to the best (`d`, positive: it is worse) is more than 3 standard errors. */
const clearlyBehind = (d: { mean: number; se: number }): boolean => d.mean > 3 * d.se + 1e-9;

/** The option scored exactly as the best on every deal. */
const exactTie = (d: { mean: number; se: number }): boolean => Math.abs(d.mean) < 1e-9 && d.se < 1e-9;

const QS_BIT = 1 << 10;

/**
 * How likely the others' visible choices make a sampled deal, relative to the others: players dump the Q♠ on
 * someone else's trick when they can, shed hearts when void, and pass an unguarded Q♠.
 */
export function worldWeight(world: Uint16Array, k: Knowledge): number {
  let w = 1;
  const noPointsFirst = !k.cfg.pointsOnFirstTrick;
  for (const d of k.discards) {
    if (d.trick === 0 && noPointsFirst) continue;
    if (d.onOwnTrick) continue;
    const b = d.seat * 4;
    const spades = world[b + 2]! | d.later[2]!;
    const hearts = world[b + 3]! | d.later[3]!;
    const suit = (d.card / 13) | 0;
    if (d.card !== 2 * 13 + 10 && spades & QS_BIT && k.cfg.cardPoints[2 * 13 + 10]! > 0) w *= 0.15;
    else if (suit !== 3 && d.card !== 2 * 13 + 10 && hearts) w *= 0.6;
  }
  if (k.received && k.passer >= 0 && !(k.received[2]! & QS_BIT)) {
    const b = k.passer * 4;
    const spades = world[b + 2]! | k.playedBy[b + 2]!;
    if (spades & QS_BIT && POPCOUNT13[spades]! <= 3) w *= 0.3;
  }
  return w;
}

/**
 * Cards that do the same in every deal: neighbours in a suit once the cards between them are in the same hand or
 * gone in complete tricks, with equal points. Keeps the lowest of each group.
 */
export function mergeEquivalent(legal: readonly Card[], k: Knowledge): Card[] {
  const out: Card[] = [];
  const mine = k.hands;
  const me = k.me;
  // Cards of complete tricks are gone; cards in the trick being played still separate winners from losers.
  const played = new Uint16Array(4);
  const done = k.plays.length - (k.plays.length % k.n);
  for (let p = 0; p < done; p++) played[(k.plays[p]! / 13) | 0]! |= 1 << (k.plays[p]! % 13);
  const sorted = [...legal].sort((a, b) => a - b);
  let prev = -1;
  for (const c of sorted) {
    const suit = (c / 13) | 0;
    if (
      prev >= 0 &&
      ((prev / 13) | 0) === suit &&
      k.cfg.cardPoints[prev] === k.cfg.cardPoints[c] &&
      c !== k.sevenCard &&
      prev !== k.sevenCard
    ) {
      let between = 0;
      for (let r = (prev % 13) + 1; r < c % 13; r++) between |= 1 << r;
      if ((between & ~(mine[me * 4 + suit]! | played[suit]!)) === 0) {
        prev = c;
        continue;
      }
    }
    out.push(c);
    prev = c;
  }
  return out;
}

/**
 * Whether shooting is worth considering: nobody else has taken moon points, and the hand holds high cards: four of
 * J Q K A, or, once its seat holds enough of the moon cards taken so far, one for every two tricks left (the test
 * the playouts put to another seat's run, {@link PlayoutPolicy.updatePlans}).
 */
function moonPlausible(k: Knowledge): boolean {
  if (!k.cfg.moonAllowed) return false;
  let highs = 0;
  for (let suit = 0; suit < 4; suit++) highs += POPCOUNT13[k.hands[k.me * 4 + suit]! & 0x1e00]!; // J Q K A
  const pts = moonPointsTaken(k);
  for (let s = 0; s < k.n; s++) if (s !== k.me && pts[s] !== 0) return false;
  if (highs >= 4) return true;
  const tricksLeft = k.cfg.tricks - Math.floor(k.plays.length / k.n);
  return pts[k.me]! >= k.cfg.moonValue * 0.3 && highs * 2 >= tricksLeft;
}

/**
 * The plan a run for the moon plays in the playouts: the bot's own (`own`) or a suspect's, a strong runner's
 * ({@link PLAN_RUN}, or {@link PLAN_RUN_BLIND} as `runnerSees` says) where `strongRunner` covers it, else the moon
 * plan of the others' model.
 */
function runPlan(p: SearchParams, own: boolean): number {
  if (!(p.strongRunner === 'all' || (p.strongRunner === 'suspect' && !own))) return PLAN_SHOOT;
  return p.runnerSees === 'own' ? PLAN_RUN_BLIND : PLAN_RUN;
}

/** A number in [0, 1) from two 32-bit ones, uncorrelated with the playouts' generator seeded by them. */
function unitHash(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** The moon cards' points each seat has taken in this hand's complete tricks. */
function moonPointsTaken(k: Knowledge): Int32Array {
  const core = new HandCore(k.cfg);
  const orig = new Uint16Array(k.n * 4);
  for (let i = 0; i < orig.length; i++) orig[i] = k.playedBy[i]! | k.hands[i]!;
  core.start(orig, k.dealer, k.sevenCard);
  for (const c of k.plays) core.play(c);
  const pts = new Int32Array(k.n);
  core.moonCardPoints(pts);
  return pts;
}

/**
 * The opponent who holds every moon card taken so far (seat -1: none) and the share of deals in which the playouts
 * let it run: without `watch`, all of them from 30 % of the moon on; with it, its points over `watch` of the moon.
 */
function suspectedShooter(k: Knowledge, watch: number | undefined): { seat: number; share: number } {
  const none = { seat: -1, share: 0 };
  if (!k.cfg.moonAllowed) return none;
  const pts = moonPointsTaken(k);
  let holder = -1;
  for (let s = 0; s < k.n; s++) {
    if (pts[s] === 0) continue;
    if (holder >= 0) return none;
    holder = s;
  }
  if (holder < 0 || holder === k.me) return none;
  const share = Math.min(1, pts[holder]! / (k.cfg.moonValue * (watch ?? 0.3)));
  if (watch === undefined && share < 1) return none;
  return share > 0 ? { seat: holder, share } : none;
}

/** How dangerous each card is to keep, for passing. */
function danger(card: Card, mine: Uint16Array, cfg: HandConfig): number {
  const suit = (card / 13) | 0;
  const rank = card % 13;
  const len = POPCOUNT13[mine[suit]!]!;
  const pts = cfg.cardPoints[card]!;
  if (pts < 0) return -20; // keep the J♦ under Omnibus
  if (suit === 2) {
    const lowSpades = POPCOUNT13[mine[2]! & 0x3ff]!;
    if (rank === 10) return lowSpades >= 4 ? 4 : 30 + pts;
    if (rank > 10) return (mine[2]! & (1 << 10) ? 6 : 0) + (lowSpades >= 4 ? 4 : 22) + pts;
    return rank - 6;
  }
  if (suit === 3) return 6 + rank * 1.2 + pts * 0.3;
  return rank + (len <= 3 ? 6 - len : 0);
}

/** The best `limit` sets of cards to pass by the heuristic (favouring voiding a short suit). */
export function passCandidates(
  hand: readonly Card[],
  count: number,
  cfg: HandConfig,
  limit: number,
): Card[][] {
  const mine = new Uint16Array(4);
  for (const c of hand) mine[(c / 13) | 0]! |= 1 << (c % 13);
  const d = hand.map((c) => danger(c, mine, cfg));
  return bestSets(hand, d, count, count + 5, limit, (cards) => {
    let bonus = 0;
    for (let suit = 0; suit < 3; suit++) {
      const passed = cards.filter((c) => ((c / 13) | 0) === suit).length;
      if (passed > 0 && passed === POPCOUNT13[mine[suit]!]) bonus += 8; // voids the suit
    }
    return bonus;
  });
}

/**
 * The best `limit` sets of `count` cards of the hand by the sum of their scores `d` (and `bonus` of the set), each
 * from the `pool` cards of the highest scores; ties in the order the sets are made (the hand's order).
 */
function bestSets(
  hand: readonly Card[],
  d: readonly number[],
  count: number,
  pool: number,
  limit: number,
  bonus: (cards: readonly Card[]) => number = () => 0,
): Card[][] {
  const order = hand.map((_, i) => i).sort((a, b) => d[b]! - d[a]!);
  const from = order.slice(0, Math.min(hand.length, pool));
  const sets: { cards: Card[]; score: number }[] = [];
  const pick: number[] = [];
  const rec = (at: number): void => {
    if (pick.length === count) {
      const cards = pick.map((i) => hand[i]!);
      sets.push({ cards, score: pick.reduce((a, i) => a + d[i]!, 0) + bonus(cards) });
      return;
    }
    for (let i = at; i < from.length; i++) {
      pick.push(from[i]!);
      rec(i + 1);
      pick.pop();
    }
  };
  rec(0);
  sets.sort((a, b) => b.score - a.score);
  return sets.slice(0, limit).map((s) => s.cards);
}

/** Passes for the moon weighed beside the others ({@link SearchParams.moonPass}). */
const MOON_PASSES = 3;
/** The high cards (J Q K A) from which passes that keep a run are weighed under {@link SearchParams.passTurn}. */
const TURN_HIGHS = 4;

/**
 * Sets to pass for the moon, the best `limit` (none when the hand is no moon hand: under `minHighs` of J Q K A, or
 * the moon not allowed): a runner must win every trick with a moon card, so its low cards are what it passes, low
 * hearts first, low cards of suits it cannot run from the top (no ace) before those of its long suits with the ace.
 */
export function moonPassCandidates(
  hand: readonly Card[],
  count: number,
  cfg: HandConfig,
  limit: number,
  minHighs = 5,
): Card[][] {
  if (!cfg.moonAllowed) return [];
  const mine = new Uint16Array(4);
  for (const c of hand) mine[(c / 13) | 0]! |= 1 << (c % 13);
  let highs = 0;
  for (let suit = 0; suit < 4; suit++) highs += POPCOUNT13[mine[suit]! & 0x1e00]!; // J Q K A
  if (highs < minHighs) return [];
  const d = hand.map((c) => {
    const suit = (c / 13) | 0;
    const ace = (mine[suit]! & (1 << 12)) !== 0;
    return 12 - (c % 13) + (suit === 3 ? 3 : 0) - (ace && POPCOUNT13[mine[suit]!]! >= 5 ? 3 : 0);
  });
  return bestSets(hand, d, count, count + 2, limit);
}

/**
 * The best set to pass by the heuristic, as {@link passCandidates} with a limit of 1 would give it (the same set,
 * ties to the same one), without building the other sets: into `out`'s bits (seat × suit masks at `at`, or-ed in).
 * For the playouts of passes, which pass for each other seat on every deal. `cards[from … from + size)` is the hand.
 */
export class BestPass {
  private readonly hand = new Int32Array(52);
  private readonly d = new Float64Array(52);
  private readonly order = new Int32Array(52);
  private readonly pick = new Int32Array(52);
  private readonly best = new Int32Array(52);
  private readonly mine = new Uint16Array(4);
  private bestScore = -Infinity;

  constructor(private readonly cfg: HandConfig) {}

  into(
    cards: readonly Card[],
    from: number,
    size: number,
    count: number,
    out: Uint16Array,
    at: number,
  ): void {
    const { hand, d, order, mine, cfg } = this;
    mine.fill(0);
    for (let i = 0; i < size; i++) {
      const c = cards[from + i]!;
      hand[i] = c;
      mine[(c / 13) | 0]! |= 1 << (c % 13);
    }
    for (let i = 0; i < size; i++) {
      d[i] = danger(hand[i]!, mine, cfg);
      // A stable sort by danger, highest first (insertion: ties keep the hand's order).
      let j = i;
      while (j > 0 && d[order[j - 1]!]! < d[i]!) {
        order[j] = order[j - 1]!;
        j--;
      }
      order[j] = i;
    }
    const pool = Math.min(size, count + 5);
    this.bestScore = -Infinity;
    this.search(0, 0, count, pool);
    for (let k = 0; k < count; k++) {
      const c = hand[this.best[k]!]!;
      out[at + ((c / 13) | 0)]! |= 1 << (c % 13);
    }
  }

  /** The sets in passCandidates' order; the first of the highest score is kept. */
  private search(depth: number, from: number, count: number, pool: number): void {
    const { pick, order } = this;
    if (depth === count) {
      const { hand, d, mine } = this;
      let score = 0;
      for (let k = 0; k < count; k++) score += d[pick[k]!]!;
      for (let suit = 0; suit < 3; suit++) {
        let passed = 0;
        for (let k = 0; k < count; k++) if (((hand[pick[k]!]! / 13) | 0) === suit) passed++;
        if (passed > 0 && passed === POPCOUNT13[mine[suit]!]) score += 8; // voids the suit
      }
      if (score > this.bestScore) {
        this.bestScore = score;
        for (let k = 0; k < count; k++) this.best[k] = pick[k]!;
      }
      return;
    }
    for (let i = from; i < pool; i++) {
      pick[depth] = order[i]!;
      this.search(depth + 1, i + 1, count, pool);
    }
  }
}

/**
 * The shooter's choice: whichever leaves it best placed; never hand the game to someone else. What each choice
 * gives (and whether it ends the game, under the target, hand count and tie rules) is the engine's
 * {@link moonOptions}.
 */
export function moonChoice(obs: Observation): MoonChoice {
  const me = obs.seat;
  const before = obs.scores;
  const { plus, minus } = moonOptions(obs.rules, obs.handPoints, me, before, obs.handNumber + 1);
  if (plus.end.over) return winsAlone(plus, me) ? 'plus' : 'minus';
  if (winsAlone(minus, me)) return 'minus';
  // Otherwise the gap to the others is the same either way; push them towards the end while leading.
  const lead = before.every((t, s) => s === me || t >= before[me]!);
  return lead ? 'plus' : 'minus';
}
