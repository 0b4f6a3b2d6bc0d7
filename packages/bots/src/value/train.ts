/**
 * The value network's training, in plain TypeScript and deterministic for its seed: positions from self-play on
 * the engine's fast path (`HandCore`), labelled by how the hand ends when the expert's playout policy plays it out,
 * and a network fitted to them by Adam. `packages/bots/scripts/train-value.js` runs it and writes the weights.
 */
import {
  compiledRules,
  DEFAULT_RULES,
  HandCore,
  randomFloat,
  randomInt,
  SeededRandom,
  shuffleInPlace,
  type HandConfig,
  type RandomSource,
} from '@hearts/engine';
import { PlayoutPolicy } from '../search/policy.js';
import { BestPass, EXPERT } from '../search/search.js';
import { encodeMasks, FEATURES, MAX_ACTIVE } from './features.js';
import { ValueNet } from './net.js';

/**
 * Positions between two tricks of self-played hands under the standard rules, with each seat's points for the
 * whole hand (the moon counted: 26 to each other seat) as the playouts ended it, averaged over the playouts.
 */
export interface Positions {
  readonly count: number;
  readonly hands: Uint16Array; // position i: seat × suit masks at i · 16
  readonly taken: Uint16Array; // the cards each seat has taken, the same way
  readonly turn: Uint8Array; // the seat to lead the next trick
  readonly broken: Uint8Array; // 1 once hearts are broken
  readonly labels: Float32Array; // position i, seat s: i · 4 + s
}

export interface PositionOptions {
  readonly seed: number;
  readonly count: number;
  /** Playouts from each position, their points averaged into its label (more: less noise, more time). */
  readonly playouts: number;
}

/**
 * Self-play: a random deal, each seat passes as the expert's playouts pass for the others (`BestPass`) in a
 * random direction (or none), then the expert's playout policy (its style and noise) plays every seat. Each
 * deal gives one position, after 1 to 12 tricks (uniformly), labelled by playouts from there.
 */
export function generatePositions(o: PositionOptions, progress?: (done: number) => void): Positions {
  const cfg = compiledRules(DEFAULT_RULES);
  const n = cfg.n;
  const rng = new SeededRandom(o.seed);
  const core = new HandCore(cfg);
  const work = new HandCore(cfg);
  const policy = new PlayoutPolicy(EXPERT.noise, undefined, EXPERT.playouts);
  const bestPass = new BestPass(cfg);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const dealt = new Uint16Array(n * 4);
  const passed = new Uint16Array(n * 4);
  const after = new Uint16Array(n * 4);
  const points = new Float64Array(n);
  const out: Positions = {
    count: o.count,
    hands: new Uint16Array(o.count * 16),
    taken: new Uint16Array(o.count * 16),
    turn: new Uint8Array(o.count),
    broken: new Uint8Array(o.count),
    labels: new Float32Array(o.count * 4),
  };
  for (let i = 0; i < o.count; i++) {
    shuffleInPlace(rng, deck);
    dealt.fill(0);
    passed.fill(0);
    for (let s = 0; s < n; s++)
      for (let j = s * 13; j < s * 13 + 13; j++)
        dealt[s * 4 + ((deck[j]! / 13) | 0)]! |= 1 << (deck[j]! % 13);
    const offset = randomInt(rng, n); // 0: a hand without passing
    if (offset) for (let s = 0; s < n; s++) bestPass.into(deck, s * 13, 13, 3, passed, s * 4);
    for (let x = 0; x < n * 4; x++) after[x] = dealt[x]! & ~passed[x]!;
    for (let s = 0; s < n; s++)
      for (let suit = 0; suit < 4; suit++) after[((s + offset) % n) * 4 + suit]! |= passed[s * 4 + suit]!;
    core.start(after, randomInt(rng, n), -1);
    policy.forget();
    const stop = 1 + randomInt(rng, cfg.tricks - 1);
    let tricks = -1;
    while (core.trickCount < stop) {
      if (core.trickCount !== tricks) {
        tricks = core.trickCount;
        policy.updatePlans(core, 0);
      }
      core.play(policy.choose(core, rng));
    }
    out.hands.set(core.hands.subarray(0, 16), i * 16);
    out.taken.set(core.taken.subarray(0, 16), i * 16);
    out.turn[i] = core.turn;
    out.broken[i] = core.heartsBroken ? 1 : 0;
    for (let p = 0; p < o.playouts; p++) {
      work.copyFrom(core);
      policy.playout(work, rng);
      handPoints(work, points);
      for (let s = 0; s < n; s++) out.labels[i * 4 + s]! += points[s]! / o.playouts;
    }
    if (progress && (i + 1) % 50_000 === 0) progress(i + 1);
  }
  return out;
}

/** Each seat's points for a finished hand, the moon counted the standard way (26 to each other seat). */
export function handPoints(core: HandCore, out: Float64Array): void {
  const cfg: HandConfig = core.cfg;
  const raw = scratch;
  core.rawPoints(raw);
  const shooter = core.shooter();
  for (let s = 0; s < cfg.n; s++)
    out[s] = raw[s]! + (shooter < 0 ? 0 : s === shooter ? -cfg.moonValue : cfg.moonValue);
}
const scratch = new Int32Array(6);

export interface TrainOptions {
  readonly seed: number;
  readonly hidden: readonly number[]; // hidden layer sizes
  readonly epochs: number;
  readonly batch: number;
  readonly learningRate: number; // Adam's step at the start; it falls linearly to a tenth by the end
  /** The last share of the positions, kept out of training to measure the network on. */
  readonly heldOut: number;
}

export interface TrainReport {
  readonly trainPositions: number;
  readonly heldOutPositions: number;
  readonly parameters: number;
  /** Mean squared error per seat in points², after each epoch, on the training rows and on the held-out ones. */
  readonly epochs: readonly { readonly train: number; readonly heldOut: number }[];
  /** The same for the best constant (each output's mean over the training rows), on the held-out rows. */
  readonly constantHeldOut: number;
}

/** Points a network's outputs are multiplied by: it learns the points in moons. */
const SCALE = 26;

/**
 * Fits a fresh network (seeded) to the positions: every position once from each seat's side per epoch, in an
 * order shuffled by the seed; mean squared error of each seat's points; Adam. Deterministic for its inputs.
 */
export function trainValueNet(
  data: Positions,
  o: TrainOptions,
  log?: (line: string) => void,
): { net: ValueNet; report: TrainReport } {
  const rng = new SeededRandom(`train:${o.seed}`); // not the self-play's numbers again
  const net = ValueNet.init([FEATURES, ...o.hidden, 4], () => randomFloat(rng), SCALE);
  const heldOut = Math.round(data.count * o.heldOut);
  const trainCount = data.count - heldOut;
  const rows = new Int32Array(trainCount * 4).map((_, i) => i);
  const adam = new Adam(net);
  const grads = new Gradients(net);
  const active = new Int16Array(MAX_ACTIVE);
  const target = new Float32Array(4);
  const epochs: { train: number; heldOut: number }[] = [];
  const steps = Math.ceil(rows.length / o.batch) * o.epochs;
  let step = 0;
  // The best constant: each output's mean over the training rows (by symmetry all four are close).
  const constant = new Float64Array(4);
  for (let i = 0; i < trainCount; i++)
    for (let me = 0; me < 4; me++)
      for (let r = 0; r < 4; r++) constant[r]! += data.labels[i * 4 + ((me + r) % 4)]! / (trainCount * 4);
  for (let e = 0; e < o.epochs; e++) {
    shuffleRows(rng, rows);
    let loss = 0;
    for (let b = 0; b < rows.length; b += o.batch) {
      const end = Math.min(rows.length, b + o.batch);
      grads.clear();
      for (let k = b; k < end; k++) {
        const row = rows[k]!;
        const i = row >> 2;
        const me = row & 3;
        const count = encodeMasks(
          data.hands,
          data.taken,
          data.turn[i]!,
          data.broken[i] === 1,
          me,
          4,
          active,
          i * 16,
        );
        for (let r = 0; r < 4; r++) target[r] = data.labels[i * 4 + ((me + r) % 4)]!;
        loss += grads.add(net, active, count, target);
      }
      const rate = o.learningRate * (1 - (0.9 * step) / steps);
      adam.step(grads, end - b, rate);
      step++;
    }
    const held = meanLoss(net, data, trainCount, data.count, null);
    epochs.push({ train: loss / rows.length, heldOut: held });
    log?.(
      `epoch ${e + 1}/${o.epochs}: train ${(loss / rows.length).toFixed(3)}, held out ${held.toFixed(3)} points²`,
    );
  }
  let parameters = 0;
  for (let l = 0; l < net.weights.length; l++) parameters += net.weights[l]!.length + net.biases[l]!.length;
  return {
    net,
    report: {
      trainPositions: trainCount,
      heldOutPositions: heldOut,
      parameters,
      epochs,
      constantHeldOut: meanLoss(net, data, trainCount, data.count, constant),
    },
  };
}

/**
 * Mean squared error per seat (points²) over positions [from, to), each from every seat's side: of the network,
 * or of `constant` (per output) when given.
 */
export function meanLoss(
  net: ValueNet,
  data: Positions,
  from: number,
  to: number,
  constant: Float64Array | null,
): number {
  const active = new Int16Array(MAX_ACTIVE);
  let sum = 0;
  for (let i = from; i < to; i++) {
    for (let me = 0; me < 4; me++) {
      let y: ArrayLike<number> | null = constant;
      if (!y) {
        const count = encodeMasks(
          data.hands,
          data.taken,
          data.turn[i]!,
          data.broken[i] === 1,
          me,
          4,
          active,
          i * 16,
        );
        y = net.forward(active, count);
      }
      for (let r = 0; r < 4; r++) {
        const d = y[r]! - data.labels[i * 4 + ((me + r) % 4)]!;
        sum += d * d;
      }
    }
  }
  return sum / Math.max(1, (to - from) * 16);
}

function shuffleRows(rng: RandomSource, rows: Int32Array): void {
  for (let j = rows.length - 1; j > 0; j--) {
    const k = randomInt(rng, j + 1);
    const t = rows[j]!;
    rows[j] = rows[k]!;
    rows[k] = t;
  }
}

/** A batch's summed gradients of the loss (mean squared error per output, in units of the net's scale). */
class Gradients {
  readonly weights: Float32Array[];
  readonly biases: Float32Array[];
  private readonly deltas: Float32Array[];

  constructor(net: ValueNet) {
    this.weights = net.weights.map((w) => new Float32Array(w.length));
    this.biases = net.biases.map((b) => new Float32Array(b.length));
    this.deltas = net.biases.map((b) => new Float32Array(b.length));
  }

  clear(): void {
    for (const a of this.weights) a.fill(0);
    for (const a of this.biases) a.fill(0);
  }

  /** Forward and backward for one row; adds its gradient and returns its loss in points² (summed over outputs / 4). */
  add(net: ValueNet, active: Int16Array, count: number, target: Float32Array): number {
    const y = net.forward(active, count);
    const layers = net.weights.length;
    const outs = y.length;
    const last = this.deltas[layers - 1]!;
    let loss = 0;
    for (let j = 0; j < outs; j++) {
      const d = (y[j]! - target[j]!) / net.scale;
      loss += d * d;
      last[j] = (2 * d) / outs;
    }
    for (let l = layers - 1; l >= 0; l--) {
      const delta = this.deltas[l]!;
      const m = delta.length;
      const gw = this.weights[l]!;
      const gb = this.biases[l]!;
      for (let j = 0; j < m; j++) gb[j]! += delta[j]!;
      if (l === 0) {
        for (let k = 0; k < count; k++) {
          const row = active[k]! * m;
          for (let j = 0; j < m; j++) gw[row + j]! += delta[j]!;
        }
        break;
      }
      const x = net.activations(l - 1);
      const w = net.weights[l]!;
      const prev = this.deltas[l - 1]!;
      for (let i = 0; i < x.length; i++) {
        const xi = x[i]!;
        if (xi <= 0) {
          prev[i] = 0; // ReLU: no gradient where the unit was off
          continue;
        }
        const row = i * m;
        let back = 0;
        for (let j = 0; j < m; j++) {
          gw[row + j]! += xi * delta[j]!;
          back += w[row + j]! * delta[j]!;
        }
        prev[i] = back;
      }
    }
    return (loss * net.scale * net.scale) / outs;
  }
}

/** Adam (β1 0.9, β2 0.999) on the network's weights in place. */
class Adam {
  private readonly m: Float32Array[];
  private readonly v: Float32Array[];
  private t = 0;

  constructor(private readonly net: ValueNet) {
    const all = [...net.weights, ...net.biases];
    this.m = all.map((a) => new Float32Array(a.length));
    this.v = all.map((a) => new Float32Array(a.length));
  }

  step(g: Gradients, batch: number, rate: number): void {
    this.t++;
    const b1 = 0.9;
    const b2 = 0.999;
    const c1 = 1 - Math.pow(b1, this.t);
    const c2 = 1 - Math.pow(b2, this.t);
    const params = [...this.net.weights, ...this.net.biases];
    const grads = [...g.weights, ...g.biases];
    for (let a = 0; a < params.length; a++) {
      const p = params[a]!;
      const gr = grads[a]!;
      const m = this.m[a]!;
      const v = this.v[a]!;
      for (let i = 0; i < p.length; i++) {
        const x = gr[i]! / batch;
        m[i] = b1 * m[i]! + (1 - b1) * x;
        v[i] = b2 * v[i]! + (1 - b2) * x * x;
        p[i]! -= (rate * (m[i]! / c1)) / (Math.sqrt(v[i]! / c2) + 1e-8);
      }
    }
  }
}
