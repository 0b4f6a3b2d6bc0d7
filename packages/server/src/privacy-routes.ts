/**
 * Your data over HTTP (issue #49): the handlers of `ROUTES.exportMe`, `deleteMe` and `privacy` of
 * `@hearts/protocol/http`. Exports and deletions count against `LIMIT_ACCOUNT` per address and per user.
 *
 * A deletion is confirmed with the account's name (and its password, when the name is claimed), then done in one
 * transaction (`store/kysely-accounts.ts`): every token of the user stops working at once on every process, since
 * each request reads the user from the one database. Afterwards each table and friends' room the user was at —
 * from the store (unfinished tables) and from the whereabouts (rooms before their game), and the quick-match
 * queue — is told, wherever it runs (Colyseus' remote room call, through Redis in scaled mode): a bot takes their
 * seat over as from a leaver, a place in the queue is given up, their connection closes. A second deletion, or two at once, answer as the first: the account is gone.
 */
import type { IncomingMessage } from 'node:http';
import { matchMaker } from '@colyseus/core';
import type { Handlers } from './api-router.js';
import { HttpError, rateLimitError } from './http-json.js';
import { clientAddress } from './limits.js';
import { retentionPeriods } from './retention.js';
import type { Services } from './services.js';
import type { UserRecord } from './store/types.js';

const DAY_MS = 24 * 3_600_000;

export function privacyHandlers(
  s: Services,
  now: () => number = Date.now,
): Pick<Handlers, 'exportMe' | 'deleteMe' | 'privacy'> {
  const limit = async (req: IncomingMessage, user: UserRecord) => {
    for (const key of [clientAddress(req, s.config.trustProxy), `user:${user.id}`]) {
      const limited = await s.limits.take('account', key);
      if (limited) throw rateLimitError(limited);
    }
  };

  /** Tells every room the user may be at that they are gone; a room that runs nowhere now is skipped. */
  const tellRooms = async (userId: string, tables: readonly string[]): Promise<void> => {
    const places = (await s.whereabouts.of([userId]).catch(() => null))?.get(userId)?.places ?? [];
    // The quick-match queue too (one room for everyone), so that no table is opened for them.
    const quick = await matchMaker.query({ name: 'quick' }).catch(() => []);
    const rooms = new Set([...tables, ...places.map((p) => p.room), ...quick.map((r) => r.roomId)]);
    await Promise.all(
      [...rooms].map(async (room) => {
        try {
          if (await matchMaker.getRoomById(room))
            await matchMaker.remoteRoomCall(room, 'accountDeleted', [userId]);
        } catch (e) {
          // Gone meanwhile, or its process does not answer: restored later, the seat's window runs out unanswered.
          s.log.warn({ err: e, room, user: userId }, 'a room did not hear of a deleted account');
        }
      }),
    );
  };

  return {
    exportMe: async ({ req, user, reply }) => {
      await limit(req, user);
      const file = await s.store.accounts.exportData(user.id, now());
      if (!file) throw new HttpError(401, 'ERR_SIGN_IN', 'sign in first: the account is gone');
      const day = new Date(file.exportedAt).toISOString().slice(0, 10);
      reply.headers['content-disposition'] = `attachment; filename="hearts-data-${day}.json"`;
      reply.headers['cache-control'] = 'no-store';
      return file;
    },
    deleteMe: async ({ req, user, body }) => {
      await limit(req, user);
      if (body.name.trim().toLowerCase() !== user.name.toLowerCase())
        throw new HttpError(403, 'ERR_CONFIRM', 'type your name as it is shown to confirm');
      if (user.passwordHash !== null) {
        const check = await s.identity.hasher.verify(body.password ?? '', user.passwordHash);
        if (!check.ok) throw new HttpError(403, 'ERR_CONFIRM', 'the password is not right');
      }
      const done = await s.store.accounts.deleteUser(user.id, now());
      if (done) {
        s.log.info({ user: user.id, games: done.games, tables: done.openTables.length }, 'account deleted');
        await tellRooms(user.id, done.openTables);
      }
      return { deleted: true };
    },
    privacy: async () => {
      const keep = retentionPeriods(s.config);
      return {
        contact: s.config.privacyContact,
        retentionDays: {
          chat: keep.chat / DAY_MS,
          leaves: keep.leaves / DAY_MS,
          chipCaps: keep.chipCaps / DAY_MS,
          invites: keep.invites / DAY_MS,
          requests: keep.requests / DAY_MS,
        },
        tokenTtlDays: s.config.tokenTtlDays,
      };
    },
  };
}
