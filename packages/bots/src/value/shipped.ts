import { decodeNet, fromBase64, type ValueNet } from './net.js';
import { VALUE_WEIGHTS } from './weights.js';

let shipped: ValueNet | null = null;

/**
 * The shipped value network (`weights.ts`, written by `packages/bots/scripts/train-value.js`), decoded on first
 * use: a bundle that never asks for it leaves the weights out.
 */
export function shippedValueNet(): ValueNet {
  return (shipped ??= decodeNet(fromBase64(VALUE_WEIGHTS)));
}
