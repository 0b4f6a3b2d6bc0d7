/**
 * Training positions over HTTP: the handlers of `ROUTES.training`, `trainingSave` and `trainingProgress` of
 * `@hearts/protocol/http`, for signed-in players (the web app keeps them on the device too, and merges both). Every
 * request counts against `LIMIT_TRAINING` per address and per user, and what an upload asks to keep (its bytes)
 * against `LIMIT_TRAINING_STORE`; each player keeps at most TRAINING_MAX_POSITIONS positions of at most
 * TRAINING_MAX_BYTES together and TRAINING_MAX_PROGRESS progress records (the oldest go). The positions are
 * checked with their schema by the router (shape, id, legal moves, a hand and a game the rules can hold); here,
 * that each fits its size.
 */
import type { IncomingMessage } from 'node:http';
import {
  TRAINING_MAX_BYTES,
  TRAINING_MAX_POSITIONS,
  TRAINING_MAX_PROGRESS,
  TRAINING_POSITION_MAX_BYTES,
} from '@hearts/protocol/http/training';
import type { Handlers } from './api-router.js';
import { HttpError, rateLimitError } from './http-json.js';
import { clientAddress } from './limits.js';
import type { Services } from './services.js';
import type { UserRecord } from './store/types.js';

export function trainingHandlers(
  s: Services,
  now: () => number = Date.now,
): Pick<Handlers, 'training' | 'trainingSave' | 'trainingProgress'> {
  const keys = (req: IncomingMessage, user: UserRecord) => [
    clientAddress(req, s.config.trustProxy),
    `user:${user.id}`,
  ];
  const limit = async (req: IncomingMessage, user: UserRecord) => {
    for (const key of keys(req, user)) {
      const limited = await s.limits.take('training', key);
      if (limited) throw rateLimitError(limited);
    }
  };
  /** What an upload asks the server to keep counts against LIMIT_TRAINING_STORE (bytes, per address and user). */
  const budget = async (req: IncomingMessage, user: UserRecord, bytes: number) => {
    for (const key of keys(req, user)) {
      const limited = await s.limits.take('trainingStore', key, bytes);
      if (limited) throw rateLimitError(limited);
    }
  };
  const db = s.store.training;
  return {
    training: async ({ req, user }) => {
      await limit(req, user);
      const [positions, progress] = await Promise.all([db.positions(user.id), db.progress(user.id)]);
      return { positions, progress };
    },
    trainingSave: async ({ req, user, body }) => {
      await limit(req, user);
      const sizes = body.positions.map((p) => JSON.stringify(p).length);
      sizes.forEach((bytes, i) => {
        if (bytes > TRAINING_POSITION_MAX_BYTES)
          throw new HttpError(
            400,
            'ERR_MALFORMED',
            `positions.${i}: over ${TRAINING_POSITION_MAX_BYTES} bytes`,
          );
      });
      await budget(
        req,
        user,
        sizes.reduce((a, b) => a + b, 0),
      );
      // A position is never from the future: its time is the server's at most.
      const at = now();
      const positions = body.positions.map((p) => (p.createdAt > at ? { ...p, createdAt: at } : p));
      return db.savePositions(user.id, positions, {
        positions: TRAINING_MAX_POSITIONS,
        bytes: TRAINING_MAX_BYTES,
      });
    },
    trainingProgress: async ({ req, user, body }) => {
      await limit(req, user);
      await budget(req, user, JSON.stringify(body.progress).length);
      const at = now();
      const progress = body.progress.map((p) => (p.at > at ? { ...p, at } : p));
      return { total: await db.saveProgress(user.id, progress, TRAINING_MAX_PROGRESS) };
    },
  };
}
