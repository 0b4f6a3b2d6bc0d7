/**
 * What the game analysis analyses and what it says: the decisions of a record (each with the seat's observation),
 * the marks and their thresholds, a decision's analysis and the seats' totals. The method: docs/analysis.md.
 */
import {
  applyMove,
  deal,
  makeCard,
  newGame,
  observation,
  replayRecord,
  type CardName,
  type GameState,
  type MoonChoice,
  type Observation,
  type RecordError,
  type Result,
  err,
  ok,
  toPlay,
} from '@hearts/engine';

/** How bad a decision was; null (no mark) below the inaccuracy threshold. */
export type Mark = 'inaccuracy' | 'mistake' | 'blunder';

/** A move as records and bots name it: a card, the cards passed, or the shooter's choice. */
export type AnalysedMove = CardName | readonly CardName[] | MoonChoice;

/**
 * Cost thresholds in expected points, measured against the evaluation's noise (docs/analysis.md): a cost at or
 * above a threshold gets its mark.
 */
export const MARK_THRESHOLDS: Readonly<Record<Mark, number>> = {
  inaccuracy: 1.5,
  mistake: 2.5,
  blunder: 4.5,
};

/** The mark of a decision that cost `cost` expected points. */
export function markOf(cost: number): Mark | null {
  if (cost >= MARK_THRESHOLDS.blunder) return 'blunder';
  if (cost >= MARK_THRESHOLDS.mistake) return 'mistake';
  if (cost >= MARK_THRESHOLDS.inaccuracy) return 'inaccuracy';
  return null;
}

/** One decision of the record, before it is analysed: where it is, what the seat saw, what it did. */
export interface DecisionPoint {
  readonly hand: number;
  readonly kind: 'pass' | 'play' | 'moon';
  readonly trick: number | null; // null for passes and moon choices
  readonly step: number | null; // cards played in the hand before this one (plays only): where the replay stands
  readonly seat: number;
  readonly observation: Observation; // the seat's view at the decision: all the analysis may use
  readonly played: AnalysedMove;
}

/** A candidate move with its expected points for the hand (equivalent cards are one candidate). */
export interface RatedMove {
  readonly move: AnalysedMove;
  readonly cards: readonly CardName[]; // plays: the equivalent cards this candidate stands for (else empty)
  readonly points: number; // the seat's expected points for the hand (see docs/analysis.md for the moon)
}

/**
 * A decision analysed. `cost` = `playedPoints` − `bestPoints` (never below 0; 0 when the move played is among
 * the best's equivalent cards, then `best` is the move played). Forced decisions (one legal move, or only
 * equivalent cards) are not evaluated: cost 0, no points, no options.
 */
export interface DecisionAnalysis {
  readonly hand: number;
  readonly kind: 'pass' | 'play' | 'moon';
  readonly trick: number | null;
  readonly step: number | null;
  readonly seat: number;
  readonly played: AnalysedMove;
  readonly best: AnalysedMove; // the best move found (for a play: the lowest of its equivalent cards)
  readonly cost: number; // expected points lost against `best`, two decimals, ≥ 0
  /**
   * The lowest and highest cost the evaluation allows (4 standard errors of the paired differences either side,
   * two decimals; both equal `cost` where nothing was sampled). The mark is the mark of `costLow`: a decision is
   * only marked once the evaluation is sure of it, so a cost on a threshold gets the lower mark in every run.
   */
  readonly costLow: number;
  readonly costHigh: number;
  readonly mark: Mark | null; // markOf(costLow)
  readonly forced: boolean;
  readonly playedPoints: number | null; // expected points of the move played; null when forced
  readonly bestPoints: number | null; // … and of the best move
  readonly options: readonly RatedMove[]; // every candidate rated, best first
  readonly samples: number; // deals played out
  /**
   * The analysis' time ran out before the decision was settled (a run with a `deadline` only): its mark is the
   * lower mark its evaluation allowed so far, which a run to the end may raise.
   */
  readonly cutShort: boolean;
}

/** Per-seat totals. `accuracy` is the mean of 100·e^(−cost/2) over the seat's unforced decisions (0–100). */
export interface SeatSummary {
  readonly seat: number;
  readonly decisions: number; // all of its decisions, forced ones included
  readonly cost: number; // sum of the costs, two decisions
  readonly accuracy: number; // 0–100, one decimal; 100 without unforced decisions
  readonly inaccuracies: number;
  readonly mistakes: number;
  readonly blunders: number;
}

export interface GameAnalysis {
  readonly decisions: readonly DecisionAnalysis[]; // in the order of the game
  readonly seats: readonly SeatSummary[]; // one per analysed seat, by seat
}

/** How much effort an analysis spends; the defaults are the measured ones of docs/analysis.md. */
export interface AnalysisBudget {
  readonly minSamples?: number; // deals per play decision before it may stop (default 960)
  readonly maxSamples?: number; // deals per play decision at most (default 40000)
  readonly minPassSamples?: number; // deals per pass decision before it may stop (default 1000)
  readonly maxPassSamples?: number; // deals per pass decision at most (default 18000)
}

/** The measured budget (docs/analysis.md). */
export const ANALYSIS_BUDGET: Readonly<Required<AnalysisBudget>> = {
  minSamples: 960,
  maxSamples: 40000,
  minPassSamples: 1000,
  maxPassSamples: 18000,
};

/**
 * Every decision of the given seats in a record, in the order of the game, each with the seat's observation at
 * that moment. A record that is not valid (or breaks a rule) comes back as the engine's {@link RecordError}.
 */
export function gameDecisions(
  record: unknown,
  seats?: readonly number[],
): Result<DecisionPoint[], RecordError | { kind: 'seat'; message: string }> {
  const replay = replayRecord(record);
  if (!replay.ok) return replay;
  const { rules } = replay.value;
  const n = rules.players;
  const wanted = seats ?? Array.from({ length: n }, (_, s) => s);
  for (const s of wanted)
    if (!Number.isInteger(s) || s < 0 || s >= n)
      return err({ kind: 'seat', message: `no seat ${s} in a game of ${n} seats` });
  const of = new Set(wanted);
  const out: DecisionPoint[] = [];
  let g = unwrapState(newGame(rules));
  for (const log of replay.value.state.log) {
    g = unwrapState(deal(g, log.deal, log.sevenSuit));
    const passes = log.passes;
    if (passes && passes.every((p) => p !== null)) {
      for (let s = 0; s < n; s++)
        if (of.has(s)) out.push(decisionPoint(observation(g, s), passes[s]!.names()));
      for (let s = 0; s < n; s++) g = step(g, s, { kind: 'pass', cards: passes[s]!.toArray() });
    }
    for (const card of log.plays) {
      const seat = toPlay(g)!;
      if (of.has(seat)) out.push(decisionPoint(observation(g, seat), makeCard(card)));
      g = step(g, seat, { kind: 'play', card });
    }
    if (g.phase === 'moon' && log.moonChoice !== null) {
      const shooter = g.moonShooter!;
      if (of.has(shooter)) out.push(decisionPoint(observation(g, shooter), log.moonChoice));
      g = step(g, shooter, { kind: 'moon', choice: log.moonChoice });
    }
  }
  return ok(out);
}

/**
 * The decision a seat faces in an observation (a play, a pass or the shooter's choice), with the move it made:
 * what {@link analyzeDecision} takes. For positions outside a record (training positions, a table's hint).
 */
export function decisionPoint(obs: Observation, played: AnalysedMove): DecisionPoint {
  const kind = obs.phase === 'pass' ? 'pass' : obs.phase === 'moon' ? 'moon' : 'play';
  const step = kind === 'play' ? obs.tricks.length * obs.players + (obs.trick?.cards.length ?? 0) : null;
  return {
    hand: obs.handNumber,
    kind,
    trick: kind === 'play' ? obs.tricks.length : null,
    step,
    seat: obs.seat,
    observation: obs,
    played,
  };
}

function unwrapState<E>(r: Result<GameState, E>): GameState {
  if (!r.ok) throw new Error('internal: a replayed record was refused');
  return r.value;
}

function step(g: GameState, seat: number, move: Parameters<typeof applyMove>[2]): GameState {
  return unwrapState(applyMove(g, seat, move));
}

const ACCURACY_SCALE = 2; // expected points that take a decision's accuracy to 1/e
const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Per-seat totals of analysed decisions. */
export function summarize(decisions: readonly DecisionAnalysis[], seats: readonly number[]): SeatSummary[] {
  return [...seats]
    .sort((a, b) => a - b)
    .map((seat) => {
      const mine = decisions.filter((d) => d.seat === seat);
      const judged = mine.filter((d) => !d.forced);
      const acc =
        judged.length === 0
          ? 100
          : judged.reduce((a, d) => a + 100 * Math.exp(-d.cost / ACCURACY_SCALE), 0) / judged.length;
      return {
        seat,
        decisions: mine.length,
        cost: round2(mine.reduce((a, d) => a + d.cost, 0)),
        accuracy: Math.round(acc * 10) / 10,
        inaccuracies: mine.filter((d) => d.mark === 'inaccuracy').length,
        mistakes: mine.filter((d) => d.mark === 'mistake').length,
        blunders: mine.filter((d) => d.mark === 'blunder').length,
      };
    });
}
