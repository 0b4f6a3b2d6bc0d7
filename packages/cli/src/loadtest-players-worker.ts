/**
 * A worker thread of `hearts loadtest --tournament --workers N`: plays its share of the players until the
 * tournament has finished and posts what it saw.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { playShare, type PlayersOptions } from './loadtest-players.js';

export interface PlayersWorkerInput {
  readonly options: PlayersOptions;
  readonly tokens: readonly string[];
  readonly firstIndex: number;
}

const input = workerData as PlayersWorkerInput;
const port = parentPort!;
try {
  const played = await playShare(
    input.options,
    input.tokens,
    (line) => port.postMessage({ type: 'say', line }),
    input.firstIndex,
  );
  port.postMessage({ type: 'played', played });
} catch (e) {
  port.postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e) });
}
port.close();
