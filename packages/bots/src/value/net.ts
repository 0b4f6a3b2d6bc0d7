import type { HandCore } from '@hearts/engine';
import { encodePosition, FEATURES, MAX_ACTIVE } from './features.js';

/**
 * A small multilayer perceptron in plain TypeScript: inputs of 0 or 1 (given as the indexes of the ones), hidden
 * layers with ReLU, a linear output times `scale`. Weights are Float32Array; a forward pass allocates nothing, so
 * the expert's playouts can call it millions of times, in Node and in the browser's Web Worker alike.
 *
 * Layer l has `sizes[l]` inputs and `sizes[l + 1]` outputs; its weights are stored input by input
 * (`weights[l][i * out + j]`), so the sparse first layer adds one row per input that is 1.
 */
export class ValueNet {
  private readonly acts: Float32Array[];
  private readonly active = new Int16Array(MAX_ACTIVE);
  private readonly outs: Float32Array;

  constructor(
    readonly sizes: readonly number[],
    readonly weights: readonly Float32Array[],
    readonly biases: readonly Float32Array[],
    readonly scale: number,
  ) {
    if (sizes.length < 2) throw new Error('a network needs at least an input and an output size');
    for (let l = 0; l + 1 < sizes.length; l++) {
      if (weights[l]?.length !== sizes[l]! * sizes[l + 1]! || biases[l]?.length !== sizes[l + 1]!)
        throw new Error(`layer ${l}: the weights do not fit the sizes ${sizes.join('-')}`);
    }
    this.acts = sizes.slice(1).map((s) => new Float32Array(s));
    this.outs = this.acts[this.acts.length - 1]!;
  }

  /** A network of the given sizes with fresh weights (He initialisation from `random`, numbers in [0, 1)). */
  static init(sizes: readonly number[], random: () => number, scale: number): ValueNet {
    const weights: Float32Array[] = [];
    const biases: Float32Array[] = [];
    for (let l = 0; l + 1 < sizes.length; l++) {
      const fanIn = l === 0 ? MAX_ACTIVE : sizes[l]!; // the first layer sums about MAX_ACTIVE rows
      const w = new Float32Array(sizes[l]! * sizes[l + 1]!);
      const sd = Math.sqrt(2 / fanIn);
      for (let i = 0; i < w.length; i++) {
        // Box–Muller from two uniforms.
        const u = Math.max(1e-12, random());
        w[i] = sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
      }
      weights.push(w);
      biases.push(new Float32Array(sizes[l + 1]!));
    }
    return new ValueNet(sizes, weights, biases, scale);
  }

  /** Number of outputs. */
  get outputs(): number {
    return this.sizes[this.sizes.length - 1]!;
  }

  /**
   * The forward pass for the inputs `active[0 … count)` (the ones); the outputs (times `scale`) are returned in a
   * buffer the next call overwrites. The hidden layers' activations stay readable in {@link activations}.
   */
  forward(active: Int16Array, count: number): Float32Array {
    const { sizes, weights, biases, acts } = this;
    const h = acts[0]!;
    const width = sizes[1]!;
    const w0 = weights[0]!;
    h.set(biases[0]!);
    for (let k = 0; k < count; k++) {
      const row = active[k]! * width;
      for (let j = 0; j < width; j++) h[j]! += w0[row + j]!;
    }
    for (let l = 1; l < acts.length; l++) {
      const x = acts[l - 1]!;
      for (let i = 0; i < x.length; i++) if (x[i]! < 0) x[i] = 0; // ReLU on the hidden layers
      const y = acts[l]!;
      const w = weights[l]!;
      const m = y.length;
      y.set(biases[l]!);
      for (let i = 0; i < x.length; i++) {
        const xi = x[i]!;
        if (xi === 0) continue;
        const row = i * m;
        for (let j = 0; j < m; j++) y[j]! += xi * w[row + j]!;
      }
    }
    const out = this.outs;
    if (this.scale !== 1) for (let j = 0; j < out.length; j++) out[j]! *= this.scale;
    return out;
  }

  /** The activations of layer l + 1 after the last {@link forward} (hidden layers after their ReLU). */
  activations(l: number): Float32Array {
    return this.acts[l]!;
  }

  /**
   * The value of `core`'s position (between two tricks) seen from `me`: each seat's expected points for the whole
   * hand, the moon counted, written to `out[seat]` (absolute seats).
   */
  evaluate(core: HandCore, me: number, out: Float64Array | Float32Array | number[]): void {
    const count = encodePosition(core, me, this.active);
    const y = this.forward(this.active, count);
    const n = core.cfg.n;
    for (let r = 0; r < n; r++) out[(me + r) % n] = y[r]!;
  }
}

const MAGIC = 0x314e5648; // "HVN1" read little-endian

/**
 * The weight file: little-endian bytes "HVN1", the number of sizes (uint32), the sizes (uint32 each), the output
 * scale (float32), then each layer's weights and biases (float32). Carried as base64 in a module, so the same
 * import loads it in Node and in a Web Worker.
 */
export function encodeNet(net: ValueNet): Uint8Array {
  let floats = 1;
  for (let l = 0; l < net.weights.length; l++) floats += net.weights[l]!.length + net.biases[l]!.length;
  const bytes = new Uint8Array(4 * (2 + net.sizes.length + floats));
  const view = new DataView(bytes.buffer);
  let at = 0;
  const word = (x: number): void => {
    view.setUint32(at, x, true);
    at += 4;
  };
  const float = (x: number): void => {
    view.setFloat32(at, x, true);
    at += 4;
  };
  word(MAGIC);
  word(net.sizes.length);
  for (const s of net.sizes) word(s);
  float(net.scale);
  for (let l = 0; l < net.weights.length; l++) {
    for (const x of net.weights[l]!) float(x);
    for (const x of net.biases[l]!) float(x);
  }
  return bytes;
}

/** Reads a weight file written by {@link encodeNet}; throws on anything else. */
export function decodeNet(bytes: Uint8Array): ValueNet {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 12 || view.getUint32(0, true) !== MAGIC) throw new Error('not a value network file');
  const count = view.getUint32(4, true);
  if (count < 2 || count > 16) throw new Error('a value network file with a bad number of layers');
  const sizes: number[] = [];
  let at = 8;
  for (let i = 0; i < count; i++, at += 4) sizes.push(view.getUint32(at, true));
  const scale = view.getFloat32(at, true);
  at += 4;
  const weights: Float32Array[] = [];
  const biases: Float32Array[] = [];
  const read = (length: number): Float32Array => {
    if (at + 4 * length > bytes.byteLength) throw new Error('a value network file cut short');
    const a = new Float32Array(length);
    for (let i = 0; i < length; i++, at += 4) a[i] = view.getFloat32(at, true);
    return a;
  };
  for (let l = 0; l + 1 < count; l++) {
    weights.push(read(sizes[l]! * sizes[l + 1]!));
    biases.push(read(sizes[l + 1]!));
  }
  if (at !== bytes.byteLength) throw new Error('a value network file with bytes left over');
  if (sizes[0] !== FEATURES) throw new Error(`a value network of ${sizes[0]} inputs, not ${FEATURES}`);
  return new ValueNet(sizes, weights, biases, scale);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const INDEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) INDEX[ALPHABET.charCodeAt(i)] = i;

/** Base64 (with padding) of bytes; neither Buffer nor btoa, so the same code runs everywhere. */
export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = i + 1 < bytes.length ? bytes[i + 1]! : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2]! : 0;
    const x = (a << 16) | (b << 8) | c;
    s += ALPHABET[(x >> 18) & 63]! + ALPHABET[(x >> 12) & 63]!;
    s += i + 1 < bytes.length ? ALPHABET[(x >> 6) & 63]! : '=';
    s += i + 2 < bytes.length ? ALPHABET[x & 63]! : '=';
  }
  return s;
}

/** The bytes of a base64 string (whitespace ignored); throws on other characters. */
export function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  const pad = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  if (clean.length % 4 !== 0) throw new Error('base64 of a bad length');
  const out = new Uint8Array((clean.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < clean.length; i += 4) {
    let x = 0;
    for (let j = 0; j < 4; j++) {
      const ch = clean.charCodeAt(i + j);
      const v = ch === 61 && i + j >= clean.length - pad ? 0 : ch < 128 ? INDEX[ch]! : -1;
      if (v < 0) throw new Error('not base64');
      x = (x << 6) | v;
    }
    if (o < out.length) out[o++] = (x >> 16) & 255;
    if (o < out.length) out[o++] = (x >> 8) & 255;
    if (o < out.length) out[o++] = x & 255;
  }
  return out;
}
