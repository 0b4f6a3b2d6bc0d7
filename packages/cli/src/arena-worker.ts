/**
 * A worker thread of `hearts arena`: plays the seatings it is given and posts each hand's progress and each
 * seating's result to the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { playChain, type ArenaConfig } from '@hearts/bots';
import type { ClockName } from './clock.js';
import { makePlayers } from './players.js';

export interface WorkerInput {
  readonly config: ArenaConfig;
  readonly seatings: readonly number[];
  readonly graceMs?: number; // external programs' time beyond their budget
  readonly clock?: ClockName; // what our search bots read for their deadlines
}

const input = workerData as WorkerInput;
const port = parentPort!;
const { players, close } = makePlayers(
  input.config.bots,
  input.config.labels,
  input.graceMs !== undefined ? { graceMs: input.graceMs } : {},
  input.clock,
);
try {
  for (const s of input.seatings) {
    const result = await playChain(input.config, s, players, () => port.postMessage({ type: 'hand' }));
    port.postMessage({ type: 'chain', result });
  }
} catch (e) {
  port.postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e) });
} finally {
  await close();
}
