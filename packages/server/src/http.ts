/**
 * Plain HTTP beside the game: health, metrics, identity, history and records, and the web app.
 *
 * | route | what |
 * | --- | --- |
 * | `GET /healthz` | 200 `{"status":"ok","process":"<id>"}`; 503 while draining or when the database takes no writes |
 * | `GET /metrics` | Prometheus text format, with `Authorization: Bearer <METRICS_TOKEN>` only (or on METRICS_PORT) |
 * | `POST /api/guest` | a new guest: `{ token, user }` (LIMIT_GUESTS per address) |
 * | `GET /api/me` | the signed-in user; `token`: a renewed token to keep instead, when the one sent is old |
 * | `POST /api/name` `{ name }` | renames a guest |
 * | `POST /api/claim` `{ password }` | keeps the name with a password: `{ token, user }`, older tokens stop working |
 * | `POST /api/signout-everywhere` | every token stops working: `{ token, user }`, this device's new one |
 * | `POST /api/login` `{ name, password }` | `{ token, user }` on another device (back-off per name and address; 503 `ERR_BUSY` when too many) |
 * | `GET /api/history` | the user's finished games, newest first |
 * | `GET /api/games/<id>/record` | a finished game as `hearts-record/1` (its players only) |
 * | `GET /api/games/<id>/shuffle[/<hand>]` | its hands' `hearts-shuffle/1` transcripts (src/shuffle-routes.ts) |
 *
 * Ratings, player pages, the leaderboard, chips and the shop: `src/rating/routes.ts`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, bearerToken, rateLimitError, readJsonBody, sendJson as send } from './http-json.js';
import { IdentityRefusal, publicUser } from './auth.js';
import { HasherBusy } from './passwords.js';
import { clientAddress } from './limits.js';
import { progressRoutes } from './rating/routes.js';
import { shuffleRoutes } from './shuffle-routes.js';
import type { Services } from './services.js';
import type { StaticFiles } from './static.js';

const MAX_BODY = 4096;
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

/** The body as a JSON object (the identity routes take objects only). */
async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const v = await readJsonBody(req, MAX_BODY);
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new HttpError(400, 'ERR_MALFORMED', 'the body must be a JSON object');
  return v as Record<string, unknown>;
}

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

  const signedIn = async (req: IncomingMessage) => {
    const user = await s.identity.user(bearerToken(req));
    if (!user) throw new HttpError(401, 'ERR_SIGN_IN', 'sign in first: the token is missing or not valid');
    return user;
  };

  const api = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    const method = req.method ?? 'GET';
    const route = `${method} ${path}`;
    if (route === 'POST /api/guest') {
      if (s.draining) throw new HttpError(503, 'ERR_DRAINING', 'the server is shutting down');
      const limited = await s.limits.take('guests', address(req));
      if (limited) throw rateLimitError(limited);
      const { user, token } = await s.identity.guest();
      send(res, 200, { token, user: publicUser(user) });
    } else if (route === 'GET /api/me') {
      const session = await s.identity.session(bearerToken(req));
      if (!session)
        throw new HttpError(401, 'ERR_SIGN_IN', 'sign in first: the token is missing or not valid');
      send(res, 200, {
        user: publicUser(session.user),
        ...(session.renewed === null ? {} : { token: session.renewed }),
      });
    } else if (route === 'POST /api/name') {
      const user = await signedIn(req);
      const body = await readJson(req);
      send(res, 200, { user: publicUser(await s.identity.rename(user.id, body['name'])) });
    } else if (route === 'POST /api/claim') {
      const user = await signedIn(req);
      const body = await readJson(req);
      const { user: claimed, token } = await s.identity.claim(user.id, body['password']);
      send(res, 200, { token, user: publicUser(claimed) });
    } else if (route === 'POST /api/signout-everywhere') {
      const user = await signedIn(req);
      const { user: same, token } = await s.identity.signOutEverywhere(user.id);
      send(res, 200, { token, user: publicUser(same) });
    } else if (route === 'POST /api/login') {
      const body = await readJson(req);
      const name = typeof body['name'] === 'string' ? body['name'].slice(0, 64) : '';
      const limited = await s.limits.loginAttempt(name, address(req));
      if (limited) throw rateLimitError(limited);
      const { user, token } = await s.identity.login(body['name'], body['password']);
      await s.limits.loginSucceeded(name, address(req));
      send(res, 200, { token, user: publicUser(user) });
    } else if (route === 'GET /api/history') {
      const user = await signedIn(req);
      const games = await s.store.history(user.id, 100);
      send(res, 200, {
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
      });
    } else if (await progressRoutes(s, req, res, path)) {
      // ratings, player pages, chips, shop: src/rating/routes.ts
    } else if (await shuffleRoutes(s, req, res, path)) {
      // the fair shuffle's transcripts: src/shuffle-routes.ts
    } else {
      const m = /^\/api\/games\/([A-Za-z0-9_-]{1,40})\/record$/.exec(path);
      if (m && method === 'GET') {
        const user = await signedIn(req);
        const found = await s.store.gameRecord(m[1]!);
        if (!found || !found.userIds.includes(user.id))
          throw new HttpError(404, 'ERR_NOT_FOUND', 'no finished game of yours with that id');
        send(res, 200, found.record, {
          'content-disposition': `attachment; filename="hearts-${m[1]}.json"`,
        });
        return;
      }
      throw new HttpError(404, 'ERR_NOT_FOUND', 'no such route');
    }
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0]!;
    try {
      if (path === '/healthz') {
        // `process`: the Colyseus process id, by which a proxy routes a room's WebSocket (docs/scaling.md).
        const status = s.draining ? 'draining' : (await writable()) ? 'ok' : 'unwritable';
        send(res, status === 'ok' ? 200 : 503, { status, process: s.presence.processId });
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
      } else if (path.startsWith('/api/')) {
        await api(req, res, path);
      } else if ((req.method === 'GET' || req.method === 'HEAD') && files && (await files.serve(req, res))) {
        // served
      } else {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      }
    } catch (e) {
      if (e instanceof HttpError)
        send(res, e.status, { error: e.code, message: e.message }, { ...e.headers });
      else if (e instanceof HasherBusy)
        send(res, 503, { error: 'ERR_BUSY', message: e.message }, { 'retry-after': '2' });
      else if (e instanceof IdentityRefusal)
        send(res, e.code === 'ERR_WRONG_LOGIN' ? 401 : e.code === 'ERR_NAME_TAKEN' ? 409 : 400, {
          error: e.code,
          message: e.message,
        });
      else {
        s.log.error({ err: e, path }, 'request failed');
        if (!res.headersSent) send(res, 500, { error: 'ERR_INTERNAL', message: 'something went wrong' });
        else res.end();
      }
    }
  };
}
