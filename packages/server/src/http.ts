/**
 * Plain HTTP beside the game: health, metrics, identity, history and records, and the web app. Every JSON route is
 * declared in `@hearts/protocol/http` (ROUTES: method, path, request and response schemas) and served through
 * src/api-router.ts; the handlers here, in src/rating-routes.ts and src/shuffle-routes.ts answer them.
 *
 * Besides the declared routes: `GET /api/notices` (`NOTICES_PATH`), the notices stream (friends-routes.ts);
 * `GET /api/tournaments/:id/events` (`tournamentEventsPath`), a tournament's events stream (tournament/stream.ts);
 * `GET /r/:id` and `/r/:id.png`, a shared review's page and preview image (share-routes.ts);
 * `GET /metrics`, Prometheus text format, with `Authorization: Bearer <METRICS_TOKEN>` only (or on METRICS_PORT);
 * and the built web app (`static.ts`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApiRouter, sendRefusal, type Handlers } from './api-router.js';
import { preferredLanguage, publicUser } from './auth.js';
import { dailyHandlers, dailyNotRevealed } from './daily-routes.js';
import { friendsHandlers, noticesStream } from './friends-routes.js';
import { NOTICES_PATH } from '@hearts/protocol/http';
import { HttpError, bearerToken, rateLimitError, sendJson as send } from './http-json.js';
import { clientAddress } from './limits.js';
import { mannersHandlers } from './manners-routes.js';
import { isModerator } from './manners.js';
import { progressHandlers } from './rating-routes.js';
import { shareRoutes } from './share-routes.js';
import { shuffleHandlers } from './shuffle-routes.js';
import { trainingHandlers } from './training-routes.js';
import { puzzleHandlers } from './puzzles-routes.js';
import { privacyHandlers } from './privacy-routes.js';
import { watchHandlers } from './watch-routes.js';
import { tournamentHandlers } from './tournament/routes.js';
import { streamId, tournamentStream } from './tournament/stream.js';
import type { Services } from './services.js';
import type { StaticFiles } from './static.js';

const HEALTH_PROBE_MS = 2000; // a database write proven this recently is not proven again

/** Answers `/metrics` (on METRICS_PORT: every other path is 404). */
export function createMetricsHandler(s: Services) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if ((req.url ?? '/').split('?')[0] !== '/metrics') {
      send(res, 404, { error: 'ERR_NOT_FOUND', message: 'only /metrics is served here' });
      return;
    }
    void serveMetrics(s, res);
  };
}

async function serveMetrics(s: Services, res: ServerResponse): Promise<void> {
  try {
    const text = await s.metrics.registry.metrics();
    res.writeHead(200, { 'content-type': s.metrics.registry.contentType }).end(text);
  } catch (e) {
    s.log.error({ err: e }, 'metrics failed');
    if (!res.headersSent) send(res, 500, { error: 'ERR_INTERNAL', message: 'something went wrong' });
  }
}

/** Whether two secrets are equal, in time that tells nothing about where they differ. */
const sameSecret = (a: string, b: string): boolean =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

export function createHttpHandler(s: Services, files: StaticFiles | null) {
  const address = (req: IncomingMessage) => clientAddress(req, s.config.trustProxy);
  // The last write probe: concurrent health checks share one; a result counts for HEALTH_PROBE_MS.
  let probe: { at: number; result: Promise<boolean> } | null = null;
  const writable = (): Promise<boolean> => {
    const now = Date.now();
    if (probe && now - probe.at < HEALTH_PROBE_MS) return probe.result;
    const result = s.store.probeWrite(now).then(
      () => true,
      (e: unknown) => {
        s.log.error({ err: e }, 'health: the database takes no writes');
        return false;
      },
    );
    probe = { at: now, result };
    return result;
  };

  const identity: Pick<
    Handlers,
    'health' | 'guest' | 'me' | 'rename' | 'claim' | 'signOutEverywhere' | 'login' | 'history' | 'gameRecord'
  > = {
    health: async ({ reply }) => {
      // `process`: the Colyseus process id; `route`: its PROCESS_ROUTE, the path a proxy sends to it (routing.ts).
      const status = s.draining ? 'draining' : (await writable()) ? 'ok' : 'unwritable';
      reply.status = status === 'ok' ? 200 : 503;
      return { status, process: s.presence.processId, route: s.config.processRoute };
    },
    guest: async ({ req, body }) => {
      if (s.draining) throw new HttpError(503, 'ERR_DRAINING', 'the server is shutting down');
      const limited = await s.limits.take('guests', address(req));
      if (limited) throw rateLimitError(limited);
      const { user, token } = await s.identity.guest(
        body.lang ?? preferredLanguage(req.headers['accept-language']),
      );
      return { token, user: publicUser(user), moderator: false };
    },
    me: async ({ user, renewed }) => ({
      user: publicUser(user),
      ...(renewed === null ? {} : { token: renewed }),
      moderator: isModerator(user, s.config),
    }),
    rename: async ({ user, body }) => ({
      user: publicUser(await s.identity.rename(user.id, body.name, body.code)),
    }),
    claim: async ({ user, body }) => {
      const { user: claimed, token } = await s.identity.claim(user.id, body.password);
      return { token, user: publicUser(claimed), moderator: isModerator(claimed, s.config) };
    },
    signOutEverywhere: async ({ user }) => {
      const { user: same, token } = await s.identity.signOutEverywhere(user.id);
      return { token, user: publicUser(same), moderator: isModerator(same, s.config) };
    },
    login: async ({ req, body }) => {
      const name = body.name.slice(0, 64);
      const limited = await s.limits.loginAttempt(name, address(req));
      if (limited) throw rateLimitError(limited);
      const { user, token } = await s.identity.login(body.name, body.password);
      await s.limits.loginSucceeded(name, address(req));
      return { token, user: publicUser(user), moderator: isModerator(user, s.config) };
    },
    history: async ({ user }) => {
      const games = await s.store.history(user.id, 100);
      return {
        games: games.map((g) => ({
          id: g.tableId,
          kind: g.kind,
          rated: g.rated,
          finishedAt: g.finishedAt,
          seat: g.seat,
          players: g.players.map((p) => ({
            name: p.name,
            bot: p.botLevel !== null,
            level: p.botLevel,
            replaced: p.replaced,
            score: p.score,
            rank: p.rank,
            ratingBefore: p.ratingBefore === null ? null : Math.round(p.ratingBefore),
            ratingAfter: p.ratingAfter === null ? null : Math.round(p.ratingAfter),
          })),
        })),
      };
    },
    gameRecord: async ({ user, params, reply }) => {
      const found = await s.store.gameRecord(params.id);
      if (!found || !found.userIds.includes(user.id))
        throw new HttpError(404, 'ERR_NOT_FOUND', 'no finished game of yours with that id');
      const secret = await s.daily.secretDay(params.id, s.daily.now());
      if (secret !== null) throw dailyNotRevealed(secret);
      reply.headers['content-disposition'] = `attachment; filename="hearts-${params.id}.json"`;
      return found.record;
    },
  };
  const shares = shareRoutes(s, files);
  const api = createApiRouter(s, {
    ...identity,
    ...shares.handlers,
    ...progressHandlers(s),
    ...shuffleHandlers(s),
    ...dailyHandlers(s),
    ...watchHandlers(s),
    ...trainingHandlers(s),
    ...puzzleHandlers(s, s.puzzles),
    ...mannersHandlers(s),
    ...friendsHandlers(s),
    ...tournamentHandlers(s),
    ...privacyHandlers(s),
  });
  const notices = noticesStream(s);
  const tournamentEvents = tournamentStream(s);

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0]!;
    try {
      if (await api(req, res, path)) {
        // a declared route: @hearts/protocol/http
      } else if (path === NOTICES_PATH) {
        await notices(req, res); // Server-Sent Events (friends-routes.ts)
      } else if (streamId(path) !== null) {
        await tournamentEvents(req, res, streamId(path)!); // Server-Sent Events (tournament/stream.ts)
      } else if (path === '/metrics') {
        const token = s.config.metricsToken;
        if (token === null)
          throw new HttpError(
            404,
            'ERR_NOT_FOUND',
            'metrics are served on METRICS_PORT, or here with METRICS_TOKEN',
          );
        const given = bearerToken(req);
        if (given === null || !sameSecret(given, token))
          throw new HttpError(401, 'ERR_SIGN_IN', 'metrics need Authorization: Bearer <METRICS_TOKEN>');
        await serveMetrics(s, res);
      } else if (await shares.page(req, res, path)) {
        // a shared review's page or preview image (share-routes.ts)
      } else if (path.startsWith('/api/')) {
        throw new HttpError(404, 'ERR_NOT_FOUND', 'no such route');
      } else if ((req.method === 'GET' || req.method === 'HEAD') && files && (await files.serve(req, res))) {
        // served
      } else {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      }
    } catch (e) {
      sendRefusal(s, res, e, path);
    }
  };
}
