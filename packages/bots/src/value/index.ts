/**
 * The learned evaluation (#45): a small network that rates a position between two tricks of a sampled deal —
 * each seat's expected points for the hand — trained by `packages/bots/scripts/train-value.js` on self-play from
 * the engine's fast path. The expert can cut its playouts short with it (`SearchParams.value`); see
 * docs/performance.md, "The learned evaluation".
 */
export { FEATURES, MAX_ACTIVE, encodePosition, encodeMasks, valueApplies } from './features.js';
export { ValueNet, encodeNet, decodeNet, toBase64, fromBase64 } from './net.js';
export { generatePositions, trainValueNet, meanLoss, handPoints } from './train.js';
export type { Positions, PositionOptions, TrainOptions, TrainReport } from './train.js';
export { shippedValueNet } from './shipped.js';
export { VALUE_TRAINING } from './weights.js';
