/**
 * A worker thread of `hearts puzzles build`: mines the self-play games it is sent, one at a time, and posts each
 * game's yield to the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { minePositions, selfPlayDecisions, type MineSettings } from './puzzles/mine.js';

const { settings } = workerData as { settings: MineSettings };
const port = parentPort!;
port.on('message', ({ game }: { game: number }) => {
  try {
    const y = minePositions(selfPlayDecisions(settings.seed, game), `game:${game}`, 'bots', settings);
    port.postMessage({ type: 'game', yield: { game, ...y } });
  } catch (e) {
    port.postMessage({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
