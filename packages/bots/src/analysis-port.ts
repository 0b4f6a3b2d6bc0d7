/**
 * The analysis across threads: the messages between a run (the page, the CLI's main thread) and its workers (Web
 * Workers, worker threads), the worker's side ({@link serveAnalysis}) and the run's ({@link PortExecutor}). One
 * protocol for the browser and the CLI; only the transport differs.
 *
 * ```ts
 * // worker: const answer = serveAnalysis((reply) => postMessage(reply)); onmessage = (e) => answer(e.data);
 * const ex = new PortExecutor((request) => worker.postMessage(request));
 * worker.onmessage = (e) => ex.receive(e.data);
 * ex.start(job);
 * ```
 */
import {
  applyMove,
  compiledRules,
  dealRandom,
  legalMoves,
  newGame,
  observation,
  seededRandom,
  type Result,
  toPlay,
  tricksDone,
} from '@hearts/engine';
import type { DecisionPlan, WorkItem } from './analysis-decision.js';
import {
  AnalysisWork,
  type AnalysisError,
  type AnalysisExecutor,
  type AnalysisJob,
  type WorkDone,
} from './analysis-run.js';
import { EXPERT, PlayDeals, makeSampler, tableScore } from './search/index.js';

/** What a run asks a worker: first the job, then the plans, blocks to play, or a calibration. */
export type AnalysisRequest =
  | { readonly kind: 'job'; readonly job: AnalysisJob }
  | { readonly kind: 'plans'; readonly id: number }
  | { readonly kind: 'run'; readonly id: number; readonly item: WorkItem }
  | { readonly kind: 'calibrate'; readonly id: number };

/** What a worker answers, by the request's id. */
export type AnalysisReply =
  | {
      readonly kind: 'plans';
      readonly id: number;
      readonly plans: Result<readonly DecisionPlan[], AnalysisError>;
    }
  | { readonly kind: 'run'; readonly id: number; readonly done: WorkDone }
  | { readonly kind: 'calibrate'; readonly id: number; readonly ms: number }
  | { readonly kind: 'error'; readonly id: number; readonly message: string };

/** The worker's side: answers each request (`post`: how replies leave the worker). */
export function serveAnalysis(post: (reply: AnalysisReply) => void): (request: AnalysisRequest) => void {
  let work: AnalysisWork | null = null;
  return (request) => {
    if (request.kind === 'job') {
      work = new AnalysisWork(request.job);
      work.plans(); // now, on every worker at once: each plays blocks of any decision
      return;
    }
    try {
      if (request.kind === 'calibrate') post({ kind: 'calibrate', id: request.id, ms: calibrate() });
      else if (!work) throw new Error('no job yet');
      else if (request.kind === 'plans') post({ kind: 'plans', id: request.id, plans: work.plans() });
      else post({ kind: 'run', id: request.id, done: work.run(request.item) });
    } catch (e) {
      post({ kind: 'error', id: request.id, message: e instanceof Error ? e.message : String(e) });
    }
  };
}

/** The run's side of one worker: an {@link AnalysisExecutor} over messages. */
export class PortExecutor implements AnalysisExecutor {
  private next = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (r: AnalysisReply) => void; reject: (e: Error) => void }
  >();

  constructor(private readonly post: (request: AnalysisRequest) => void) {}

  /** Gives the worker its job (before anything else). */
  start(job: AnalysisJob): void {
    this.post({ kind: 'job', job });
  }

  /** A reply from the worker. */
  receive(reply: AnalysisReply): void {
    const w = this.waiting.get(reply.id);
    if (!w) return;
    this.waiting.delete(reply.id);
    if (reply.kind === 'error') w.reject(new Error(reply.message));
    else w.resolve(reply);
  }

  /** The worker failed or ended: every request still out fails with it. */
  fail(error: Error): void {
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
  }

  async plans(): Promise<Result<readonly DecisionPlan[], AnalysisError>> {
    const r = await this.ask({ kind: 'plans', id: this.next++ });
    if (r.kind !== 'plans') throw new Error('the analysis worker answered out of turn');
    return r.plans;
  }

  async run(item: WorkItem): Promise<WorkDone> {
    const r = await this.ask({ kind: 'run', id: this.next++, item });
    if (r.kind !== 'run') throw new Error('the analysis worker answered out of turn');
    return r.done;
  }

  /** Milliseconds the worker takes for the calibration's fixed work ({@link calibrate}). */
  async calibrate(): Promise<number> {
    const r = await this.ask({ kind: 'calibrate', id: this.next++ });
    if (r.kind !== 'calibrate') throw new Error('the analysis worker answered out of turn');
    return r.ms;
  }

  private ask(request: Exclude<AnalysisRequest, { kind: 'job' }>): Promise<AnalysisReply> {
    return new Promise((resolve, reject) => {
      this.waiting.set(request.id, { resolve, reject });
      this.post(request);
    });
  }
}

/** Deals the calibration plays out: about 40 ms of one core of the machine the figures were measured on. */
const CALIBRATION_DEALS = 600;

/**
 * A fixed piece of the analysis' own work — the expert's playouts of every card on the same sampled deals, from
 * the first trick of a fixed deal — and the milliseconds it took on this thread. Against
 * {@link CALIBRATION_REFERENCE_MS} it says how fast this device analyses.
 */
export function calibrate(): number {
  const rng = seededRandom('analysis calibration');
  const start = newGame({});
  if (!start.ok) throw new Error('internal: the calibration game');
  let g = dealRandom(start.value, rng);
  // Everyone passes and plays its lowest legal cards until seat 0 is to play in the second trick.
  while (!(toPlay(g) === 0 && tricksDone(g) >= 1)) {
    const seat = g.phase === 'pass' ? g.log[0]!.passes!.findIndex((p) => p === null) : toPlay(g)!;
    const legal = legalMoves(g, seat).toArray();
    const move =
      g.phase === 'pass'
        ? { kind: 'pass' as const, cards: legal.slice(0, g.rules.passCards) }
        : { kind: 'play' as const, card: legal[0]! };
    const next = applyMove(g, seat, move);
    if (!next.ok) throw new Error('internal: the calibration game');
    g = next.value;
  }
  const obs = observation(g, 0);
  const deals = new PlayDeals(obs, EXPERT, tableScore);
  const sampler = makeSampler(deals.knowledge);
  const world = new Uint16Array(compiledRules(obs.rules).n * 4);
  const active = new Uint8Array(deals.options).fill(1);
  const scores = new Float64Array(deals.options);
  const clock = (): number =>
    (globalThis as { performance?: { now(): number } }).performance?.now() ?? Date.now();
  const t0 = clock();
  for (let i = 0; i < CALIBRATION_DEALS; i++) {
    sampler.sample(rng, world);
    deals.setUp(world);
    deals.playOut(rng.nextUint32(), rng.nextUint32(), active, scores, 0);
  }
  return clock() - t0;
}

/** {@link calibrate} on one quiet core of the machine whose figures docs/performance.md reports. */
export const CALIBRATION_REFERENCE_MS = 40;
