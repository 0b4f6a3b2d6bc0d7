/**
 * A worker thread of `hearts loadtest --workers N`: opens its share of the tables, tells the main thread, plays
 * them when told to go, posts what it measured, then closes its clients.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openShare, type ShareOptions } from './loadtest-tables.js';

export interface LoadtestWorkerInput {
  readonly options: ShareOptions;
  readonly indices: readonly number[];
}

const input = workerData as LoadtestWorkerInput;
const port = parentPort!;
const say = (line: string): void => port.postMessage({ type: 'say', line });
try {
  const share = await openShare(input.options, input.indices, say);
  try {
    const go = new Promise<void>((resolve) =>
      port.on('message', (m: { type: string }) => {
        if (m.type === 'go') resolve();
      }),
    );
    port.postMessage({ type: 'open', opened: share.opened });
    await go;
    const played = await share.play(performance.now(), () => port.postMessage({ type: 'done' }));
    port.postMessage({ type: 'played', played });
  } finally {
    await share.close();
  }
} catch (e) {
  port.postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e) });
}
port.close();
