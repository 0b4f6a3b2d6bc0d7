/**
 * Serves the routes declared in `@hearts/protocol/http`: finds the route of a request, checks its method, path
 * parameters, token, query and body with the declaration, and hands the parsed request to the route's handler,
 * whose result is type-checked against the declared response. Refusals become `{ error, message }` bodies.
 *
 * ```ts
 * const route = createApiRouter(s, { ...handlers }); // one handler per route of ROUTES, checked by tsc
 * if (!(await route(req, res, path))) serveSomethingElse();
 * ```
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { config, locales } from 'zod/mini';
import {
  ROUTES,
  matchPath,
  type BodyOf,
  type ErrorBody,
  type ParamSchema,
  type PathParams,
  type QueryOf,
  type ResponseOf,
  type Route,
  type RouteName,
} from '@hearts/protocol/http';
import { IdentityRefusal } from './auth.js';
import { SoloClaimRefused } from './economy/chips.js';
import { ShopRefusal } from './economy/shop.js';
import { HttpError, bearerToken, rateLimitError, readJsonBody, sendJson } from './http-json.js';
import { clientAddress } from './limits.js';
import { HasherBusy } from './passwords.js';
import type { Services } from './services.js';
import type { UserRecord } from './store/types.js';

const DEFAULT_MAX_BODY = 4096; // bytes, unless a route declares more

// The declarations are zod/mini schemas, which carry no messages of their own: refusals say what was wrong in English.
config(locales.en());

/** A request to a route, checked against its declaration. */
export interface Call<T extends Route> {
  readonly req: IncomingMessage;
  readonly params: PathParams<T['path']>;
  readonly query: QueryOf<T>;
  readonly body: BodyOf<T>;
  /** The signed-in user: always there on routes with `auth: 'required'`. */
  readonly user: T extends { readonly auth: 'required' } ? UserRecord : null;
  /** With the signed-in user: a renewed token to hand out when the one sent is old (else null). */
  readonly renewed: string | null;
  /** The user of the token sent, if any and valid (routes with `auth: 'optional'`). */
  readonly viewer: () => Promise<UserRecord | null>;
  /** The reply's status (200 unless set) and extra headers. */
  readonly reply: { status: number; headers: Record<string, string> };
}

/** Answers one route: its response, as declared. */
export type Handler<T extends Route> = (call: Call<T>) => Promise<ResponseOf<T>>;

/** A handler for every declared route. */
export type Handlers = { readonly [K in RouteName]: Handler<(typeof ROUTES)[K]> };

/** The first issue of a failed parse, as an `ERR_MALFORMED` refusal. */
export function malformed(
  error: { readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[] },
  what: string,
): HttpError {
  const issue = error.issues[0];
  return new HttpError(
    400,
    'ERR_MALFORMED',
    issue ? `${issue.path.map(String).join('.') || what}: ${issue.message}` : `malformed ${what}`,
  );
}

/** The refusal a thrown error stands for; null for an unexpected error (a 500). */
export function refusal(
  e: unknown,
): { status: number; body: ErrorBody; headers?: Readonly<Record<string, string>> } | null {
  if (e instanceof HttpError)
    return { status: e.status, body: { error: e.code, message: e.message }, headers: e.headers };
  if (e instanceof HasherBusy)
    return { status: 503, body: { error: 'ERR_BUSY', message: e.message }, headers: { 'retry-after': '2' } };
  if (e instanceof IdentityRefusal)
    return {
      status: e.code === 'ERR_WRONG_LOGIN' ? 401 : e.code === 'ERR_NAME_TAKEN' ? 409 : 400,
      body: { error: e.code, message: e.message },
    };
  if (e instanceof ShopRefusal)
    return {
      status: e.code === 'ERR_NO_ITEM' ? 404 : e.code === 'ERR_NOT_ENOUGH_CHIPS' ? 402 : 409,
      body: { error: e.code, message: e.message },
    };
  if (e instanceof SoloClaimRefused)
    return {
      status: e.code === 'ERR_DAILY_CAP' ? 429 : e.code === 'ERR_ALREADY_CLAIMED' ? 409 : 400,
      body: { error: e.code, message: e.message },
    };
  return null;
}

/** Sends a refusal, or a 500 for an unexpected error (logged). */
export function sendRefusal(s: Services, res: ServerResponse, e: unknown, path: string): void {
  const r = refusal(e);
  if (r) sendJson(res, r.status, r.body, { ...r.headers });
  else {
    s.log.error({ err: e, path }, 'request failed');
    const body: ErrorBody = { error: 'ERR_INTERNAL', message: 'something went wrong' };
    if (!res.headersSent) sendJson(res, 500, body);
    else res.end();
  }
}

const ENTRIES = Object.entries(ROUTES) as [RouteName, Route][];

/**
 * A request handler for the declared routes: true when the path is one of theirs (answered, refusals included),
 * false otherwise. Errors are thrown to the caller, which answers them with {@link sendRefusal}.
 */
export function createApiRouter(s: Services, handlers: Handlers) {
  const userOf = (req: IncomingMessage) => s.identity.user(bearerToken(req));
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    const method = req.method ?? 'GET';
    const matched = ENTRIES.flatMap(([name, r]) => {
      const params = matchPath(r, path);
      return params ? [{ name, r, params }] : [];
    });
    if (matched.length === 0) return false;
    // HEAD is GET without the body (Node leaves it out).
    const found = matched.find((m) => m.r.method === method || (method === 'HEAD' && m.r.method === 'GET'));
    if (!found) {
      const allow = [...new Set(matched.map((m) => m.r.method))].join(', ');
      throw new HttpError(405, 'ERR_METHOD', `use ${allow} for ${path}`, { allow });
    }
    const { name, r, params } = found;
    // Every route counts against the address' rate (routes with a rate of their own count there too), before any
    // work is done for it; health checks are the operator's, not a client's.
    if (name !== 'health') {
      const limited = await s.limits.take('api', clientAddress(req, s.config.trustProxy));
      if (limited) throw rateLimitError(limited);
    }
    for (const [key, schema] of Object.entries(r.params) as [string, ParamSchema][])
      if (!schema.safeParse(params[key]).success)
        throw new HttpError(404, 'ERR_NOT_FOUND', `no such ${key}: ${params[key]}`);

    let user: UserRecord | null = null;
    let renewed: string | null = null;
    if (r.auth === 'required') {
      const session = await s.identity.session(bearerToken(req));
      if (!session)
        throw new HttpError(401, 'ERR_SIGN_IN', 'sign in first: the token is missing or not valid');
      ({ user, renewed } = session);
    }
    let viewer: Promise<UserRecord | null> | null = null;

    let query: unknown = undefined;
    if (r.query) {
      const search = new URL(req.url ?? '/', 'http://x').searchParams;
      const parsed = r.query.safeParse(Object.fromEntries(search));
      if (!parsed.success) throw malformed(parsed.error, 'query');
      query = parsed.data;
    }
    let body: unknown = undefined;
    if (r.body) {
      const parsed = r.body.safeParse(await readJsonBody(req, r.maxBody ?? DEFAULT_MAX_BODY));
      if (!parsed.success) throw malformed(parsed.error, 'body');
      body = parsed.data;
    }
    const reply = { status: 200, headers: {} as Record<string, string> };
    const call = {
      req,
      params,
      query,
      body,
      user,
      renewed,
      viewer: () => (viewer ??= bearerToken(req) ? userOf(req) : Promise.resolve(null)),
      reply,
    };
    // The handler of `name` takes that route's call: the declarations and the Handlers type pair them up.
    const handler = handlers[name] as unknown as (c: typeof call) => Promise<unknown>;
    const result = await handler(call);
    sendJson(res, reply.status, result, reply.headers);
    return true;
  };
}
