/**
 * A signed-in player's training positions on the server: what the device has that the server lacks goes up (own
 * positions, changed progress), then the server's come down and are merged with the device's (`mergeServer`).
 * Only with a token this device keeps already: training never makes a guest. Each step reads the device store
 * afresh, so that attempts made meanwhile are not lost.
 *
 * ```ts
 * const r = await syncTraining(store); // { kind: 'synced', data } | { kind: 'signedOut' } | { kind: 'failed', error }
 * ```
 */
import {
  TRAINING_UPLOAD_POSITIONS,
  TRAINING_UPLOAD_PROGRESS,
  TRAINING_ROUTES,
} from '@hearts/protocol/http/training';
import type { KeyValueStore } from '../../kit/storage';
import { request } from '../../kit/server/http';
import { TOKEN_KEY } from '../../kit/server/token';
import { loadTraining, markSent, mergeServer, pending, saveTraining, type DeviceTraining } from './device';

export type SyncResult =
  | { readonly kind: 'synced'; readonly data: DeviceTraining }
  | { readonly kind: 'signedOut' }
  | { readonly kind: 'failed'; readonly error: unknown };

const chunks = <T>(xs: readonly T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

export async function syncTraining(store: KeyValueStore): Promise<SyncResult> {
  const token = store.get(TOKEN_KEY);
  if (!token) return { kind: 'signedOut' };
  try {
    const todo = pending(loadTraining(store));
    for (const part of chunks(todo.positions, TRAINING_UPLOAD_POSITIONS)) {
      await request(TRAINING_ROUTES.trainingSave, { token, body: { positions: part } });
      saveTraining(
        store,
        markSent(
          loadTraining(store),
          part.map((p) => p.id),
          [],
        ),
      );
    }
    for (const part of chunks(todo.progress, TRAINING_UPLOAD_PROGRESS)) {
      await request(TRAINING_ROUTES.trainingProgress, { token, body: { progress: part } });
      // Sent as it was then: a record changed meanwhile stays to be sent.
      const now = loadTraining(store);
      const same = part.filter((p) => {
        const x = now.progress[p.id];
        return x !== undefined && x.attempts === p.attempts && x.solved === p.solved;
      });
      saveTraining(
        store,
        markSent(
          now,
          [],
          same.map((p) => p.id),
        ),
      );
    }
    const server = await request(TRAINING_ROUTES.training, { token });
    const data = mergeServer(loadTraining(store), server);
    saveTraining(store, data);
    return { kind: 'synced', data };
  } catch (error) {
    return { kind: 'failed', error };
  }
}
