/**
 * The expert's evaluation of a puzzle's options, as the analysis makes it (packages/bots/src/analysis.ts: deals
 * sampled from the seat's knowledge, every option played out on the same deals, the seat's points counted against
 * the table): every legal card (equivalent cards as one option, a card worth its better plan), or a list of sets of
 * cards to pass; best first, with how far the best is ahead of the next option and that gap's standard error.
 */
import { compiledRules, parseCard, seededRandom, type Card, type Observation } from '@hearts/engine';
import { equivalenceGroups as groupsOf } from '../analysis-decision.js';
import { decisionPoint } from '../analysis-points.js';
import { EXPERT, SearchBot, passCandidates, tableScore, type Evaluation } from '../search/index.js';

/** The analysis' playouts: the expert's, on playouts alone. */
export const PUZZLE_SEARCH = { ...EXPERT, endgameCards: 0 } as const;

/** One option of a puzzle as the evaluation rated it. */
export interface RatedOption {
  readonly cards: readonly Card[]; // a play: the equivalent cards it stands for (lowest first); a pass: the set
  readonly plan: 'normal' | 'shoot'; // the seat's plan that gave the card its value (passes: normal)
  readonly points: number; // the seat's expected points for the hand (lower is better)
  readonly se: number; // the standard error of its points less the best option's (paired; 0 for the best)
}

/** An evaluation of a puzzle's options. */
export interface OptionsEvaluation {
  readonly options: readonly RatedOption[]; // best first
  readonly gap: number; // the second option's points less the best's (0 with one option)
  readonly gapSe: number; // the standard error of that paired difference
  readonly deals: number; // deals played out
}

/** How much an evaluation plays: at least `minDeals`, at most `maxDeals`, looking every `batch`. */
export interface DealBudget {
  readonly minDeals: number;
  readonly maxDeals: number;
}

/** The legal cards by the lowest of their equivalent cards (the one the search plays out), as the analysis groups them. */
function equivalenceGroups(obs: Observation): Map<Card, Card[]> {
  const groups = groupsOf(decisionPoint(obs, obs.legal[0]!));
  return new Map(groups.map((g) => [g[0]!, g]));
}

const BATCH = 48;
const PASS_BATCH = 100;
const Z = 4; // standard errors either side before a screen decides

/** The value of each card group: its better plan (the option index into the evaluation, and its mean). */
function groupValues(
  e: Evaluation,
  groups: Map<Card, Card[]>,
): { rep: Card; option: number; mean: number }[] {
  const byCard = new Map<Card, { rep: Card; option: number; mean: number }>();
  e.options.forEach((o, i) => {
    const rep = parseCard(o.card)!;
    const had = byCard.get(rep);
    if (groups.has(rep) && (!had || o.mean < had.mean)) byCard.set(rep, { rep, option: i, mean: o.mean });
  });
  return [...byCard.values()].sort((a, b) => a.mean - b.mean || a.rep - b.rep);
}

const gapOf = (e: Evaluation, values: readonly { option: number }[]): { mean: number; se: number } =>
  values.length < 2 ? { mean: 0, se: 0 } : e.versus(values[1]!.option, values[0]!.option);

/**
 * Every legal card of a play decision, rated. With `margin`, a screen: it stops as soon as the gap between the
 * best card and the next is settled against the margin (4 standard errors either side), so positions without a
 * clear best card cost little; without it, all `maxDeals` deals are played.
 */
export function evaluatePlay(
  obs: Observation,
  seed: string,
  budget: DealBudget,
  margin?: number,
): OptionsEvaluation {
  const groups = equivalenceGroups(obs);
  const bot = new SearchBot({
    ...PUZZLE_SEARCH,
    minWorlds: Math.min(budget.minDeals, budget.maxDeals),
    maxWorlds: budget.maxDeals,
    batch: BATCH,
  });
  let next = Math.min(budget.minDeals, budget.maxDeals);
  const e = bot.evaluate(obs, seededRandom(seed), Infinity, {
    score: tableScore,
    stop: (sofar) => {
      if (margin === undefined || sofar.worlds < next) return false;
      next = Math.ceil((sofar.worlds * 1.5) / BATCH) * BATCH;
      const g = gapOf(sofar, groupValues(sofar, groups));
      return g.mean + Z * g.se < margin || g.mean - Z * g.se >= margin;
    },
  });
  const values = groupValues(e, groups);
  const gap = gapOf(e, values);
  return {
    options: values.map((v) => ({
      cards: groups.get(v.rep)!,
      plan: e.options[v.option]!.plan,
      points: v.mean,
      se: v === values[0] ? 0 : e.versus(v.option, values[0]!.option).se,
    })),
    gap: gap.mean,
    gapSe: gap.se,
    deals: e.worlds,
  };
}

/** Sets of cards to pass, rated over `deals` random deals (the others pass by the heuristic), best first. */
export function evaluatePass(
  obs: Observation,
  seed: string,
  candidates: readonly (readonly Card[])[],
  deals: number,
): OptionsEvaluation {
  const e = new SearchBot(PUZZLE_SEARCH).passValues(obs, candidates, seededRandom(seed), Infinity, {
    score: tableScore,
    maxWorlds: deals,
    minWorlds: deals,
    batch: PASS_BATCH,
  });
  const order = candidates.map((_, i) => i).sort((a, b) => e.means[a]! - e.means[b]! || a - b);
  const gap = order.length < 2 ? { mean: 0, se: 0 } : e.versus(order[1]!, order[0]!);
  return {
    options: order.map((i) => ({
      cards: [...candidates[i]!].sort((a, b) => a - b),
      plan: 'normal' as const,
      points: e.means[i]!,
      se: i === order[0] ? 0 : e.versus(i, order[0]!).se,
    })),
    gap: gap.mean,
    gapSe: gap.se,
    deals: e.worlds,
  };
}

/** How many different plays a decision has: its legal cards, equivalent cards counted once. */
export const distinctPlays = (obs: Observation): number => equivalenceGroups(obs).size;

/** The `limit` most promising sets of cards to pass by the expert's heuristic, as the analysis rates passes. */
export function passSets(obs: Observation, limit: number): Card[][] {
  const hand = obs.hand.map((c) => parseCard(c)!);
  return passCandidates(hand, obs.rules.passCards, compiledRules(obs.rules), limit);
}
