#!/usr/bin/env node
/**
 * Trains the expert's value network (packages/bots/src/value/) and writes its weights, on the built packages
 * (`npx tsc -b packages/bots` first). Deterministic for its options: the same command writes the same bytes, and
 * prints their sha256, which the weights module records beside them (value.test.ts checks it).
 *
 *   node packages/bots/scripts/train-value.js                      # the shipped network (its options below)
 *   node packages/bots/scripts/train-value.js --positions 20000 --epochs 2 --out /tmp/w.ts   # a quick try
 *
 * Options: --seed (1), --positions (self-played positions, 300000), --playouts (per position, averaged into its
 * label, 2), --hidden (hidden layer sizes, 64,32), --epochs (6), --batch (256), --lr (Adam's first step, 0.002),
 * --held-out (the share of positions kept out of training, 0.1), --out (the module to write,
 * packages/bots/src/value/weights.ts; "-" writes nothing).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { encodeNet, generatePositions, toBase64, trainValueNet } from '@hearts/bots';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const DEFAULTS = {
  seed: '1',
  positions: '300000',
  playouts: '2',
  hidden: '64,32',
  epochs: '6',
  batch: '256',
  lr: '0.002',
  'held-out': '0.1',
};
const o = Object.fromEntries(Object.entries(DEFAULTS).map(([k, v]) => [k, opt(k, v)]));
const out = opt('out', join(dirname(fileURLToPath(import.meta.url)), '../src/value/weights.ts'));
const log = (line) => process.stderr.write(line + '\n');
// The command that makes these weights again: the options that differ from the defaults.
const command = ['node packages/bots/scripts/train-value.js']
  .concat(
    Object.entries(o)
      .filter(([k, v]) => DEFAULTS[k] !== v)
      .map(([k, v]) => `--${k} ${v}`),
  )
  .join(' ');

const t0 = performance.now();
const data = generatePositions(
  { seed: Number(o.seed), count: Number(o.positions), playouts: Number(o.playouts) },
  (done) => log(`positions: ${done}`),
);
const t1 = performance.now();
const dataBytes =
  data.hands.byteLength +
  data.taken.byteLength +
  data.turn.byteLength +
  data.broken.byteLength +
  data.labels.byteLength;
log(
  `self-play: ${data.count} positions (${o.playouts} playouts each), ${(dataBytes / 1e6).toFixed(1)} MB, ${((t1 - t0) / 1000).toFixed(1)} s`,
);
const { net, report } = trainValueNet(
  data,
  {
    seed: Number(o.seed),
    hidden: o.hidden.split(',').map(Number),
    epochs: Number(o.epochs),
    batch: Number(o.batch),
    learningRate: Number(o.lr),
    heldOut: Number(o['held-out']),
  },
  log,
);
const t2 = performance.now();
const bytes = encodeNet(net);
const sha256 = createHash('sha256').update(bytes).digest('hex');
const last = report.epochs[report.epochs.length - 1];
const summary = {
  command,
  sha256,
  sizes: net.sizes,
  parameters: report.parameters,
  bytes: bytes.length,
  positions: { train: report.trainPositions, heldOut: report.heldOutPositions, playouts: Number(o.playouts) },
  // Mean squared error per seat and position, in points²: the network's, and the best constant's.
  heldOutLoss: Number(last.heldOut.toFixed(3)),
  constantLoss: Number(report.constantHeldOut.toFixed(3)),
  trainLoss: Number(last.train.toFixed(3)),
  seconds: {
    selfPlay: Number(((t1 - t0) / 1000).toFixed(1)),
    training: Number(((t2 - t1) / 1000).toFixed(1)),
  },
};
log(`training: ${((t2 - t1) / 1000).toFixed(1)} s; total ${((t2 - t0) / 1000).toFixed(1)} s`);
console.log(JSON.stringify(summary, null, 2));
if (out !== '-') {
  const text = `/**
 * The shipped value network's weights (the file format of net.ts, in base64), written by
 * packages/bots/scripts/train-value.js: do not edit, run the command again. The same command writes the same
 * bytes; their sha256 is recorded here and checked by value.test.ts.
 */
export const VALUE_TRAINING = {
  command: '${command}',
  sha256: '${sha256}',
  heldOutLoss: ${summary.heldOutLoss},
  constantLoss: ${summary.constantLoss},
} as const;

export const VALUE_WEIGHTS =
  '${toBase64(bytes)}';
`;
  writeFileSync(out, text);
  log(`wrote ${out} (${text.length} characters)`);
}
