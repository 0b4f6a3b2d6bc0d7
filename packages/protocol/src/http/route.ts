/**
 * The machinery of the game server's HTTP API (the routes themselves are declared by domain beside this file and
 * gathered in `ROUTES`, ./index.ts): what a route is (method, path with its parameters, query, request body and
 * response as zod schemas), the error body `{ error, message }` with its codes, and the helpers that fill in, match
 * and read a route (`pathOf`, `matchPath`, `parseResponse`). The server routes by the declarations and parses
 * requests with them (packages/server/src/api-router.ts); the web app calls through one helper that takes a
 * declaration and parses the response with it (packages/web/src/kit/server/http.ts). The schemas are `zod/mini`
 * (the same zod, with functions instead of methods), which the browser loads in a third of classic zod's size.
 *
 * ```ts
 * const url = pathOf(PLAYER_ROUTES.profile, { who: 'me' }); // '/api/profile/me'
 * const page = parseResponse(PLAYER_ROUTES.profile, await res.json()); // { ok: true, value: PlayerPage } or why not
 * ```
 */
import * as z from 'zod/mini';

/** Every code an `{ error, message }` body carries. */
export const API_ERRORS = [
  'ERR_MALFORMED', // the body, query or a path parameter is not what the route takes
  'ERR_TOO_LARGE', // 413: the body is over the route's limit
  'ERR_SIGN_IN', // 401: no token, or not a valid one
  'ERR_NOT_FOUND', // 404
  'ERR_METHOD', // 405: a known path with another method
  'ERR_RATE_LIMIT', // 429, with Retry-After
  'ERR_DRAINING', // 503: the server is shutting down
  'ERR_BUSY', // 503: too many password checks at once, with Retry-After
  'ERR_INTERNAL', // 500
  // identity (auth.ts IdentityRefusal)
  'ERR_BAD_NAME',
  'ERR_RESERVED_NAME',
  'ERR_NAME_TAKEN', // 409
  'ERR_BAD_PASSWORD',
  'ERR_ALREADY_CLAIMED', // 409 (a name with a password already; a solo game paid already)
  'ERR_NO_USER',
  'ERR_WRONG_LOGIN', // 401
  // the shop (economy/shop.ts)
  'ERR_NO_ITEM', // 404
  'ERR_NOT_ENOUGH_CHIPS', // 402
  'ERR_OWNED', // 409
  'ERR_NOT_OWNED', // 409
  // solo claims (economy/chips.ts)
  'ERR_BAD_RECORD',
  'ERR_NOT_FINISHED',
  'ERR_NOT_WON',
  'ERR_BAD_SEAT',
  'ERR_TOO_SHORT',
  'ERR_UNDO_USED', // a solo game with cards taken back (its record's "undos") pays nothing
  'ERR_DAILY_CAP', // 429
  // the daily game (server src/daily-routes.ts)
  'ERR_DAILY_PLAYED', // 409: one attempt per player and day
  'ERR_DAILY_NOT_OVER', // 409: the day's seed and games are shown once the day is over
  // manners (server src/manners-routes.ts)
  'ERR_NOT_AT_TABLE', // 403: reports are made by the table's players, about another human player there
  'ERR_REPORTED', // 409: one report per reporter, reported player and table
  'ERR_TOO_MANY', // 409: over the cap (blocks per user, reports per day)
  'ERR_SELF', // 400: blocking or reporting yourself
  'ERR_HANDLED', // 409: the report was handled already
  // friends (server src/friends-routes.ts)
  'ERR_FRIEND_SELF', // 400: you cannot befriend yourself
  'ERR_FRIENDS_FULL', // 409: FRIENDS_MAX friends and requests you made
  'ERR_REQUESTS_FULL', // 409: the player has FRIEND_REQUESTS_MAX open requests (the newest is refused)
  'ERR_REQUESTS_CLOSED', // 403: the player takes requests only from people they know (one answer to every stranger)
  'ERR_NOT_FRIENDS', // 403: only friends invite each other and see each other's tables
  'ERR_NOT_IN_ROOM', // 409: invite only into a friends' room you are in, before its game starts
  // puzzles (server src/puzzles-routes.ts)
  'ERR_PUZZLE_ANSWERED', // 409: an offer is answered once
  'ERR_PUZZLE_EXPIRED', // 409: the offer ran out (or its storm did) before the answer came
  'ERR_PUZZLE_MOVE', // 400: not a move of the puzzle (a card not legal there, a set not offered)
  'ERR_NO_PUZZLE', // 404: no puzzle left to offer (every one of the theme was offered to you)
  'ERR_PUZZLE_RUN', // 409: not your run, or it is over
  'ERR_NOT_GUEST', // 409: only a guest's puzzles merge into another player's
  // tournaments (server src/tournament/routes.ts)
  'ERR_TOURNAMENT_OVER', // 409: it has ended
  'ERR_TOURNAMENT_FULL', // 409: every place is taken
  'ERR_NOT_ENTERED', // 409: pause or leave without having joined
  'ERR_TOO_MANY_TOURNAMENTS', // 429: the host has TOURNAMENT_HOSTED_MAX private tournaments not finished
  'ERR_PRIVATE_RATED', // 400: a private tournament is never rated (its players choose their opponents)
  // your data (server src/privacy-routes.ts)
  'ERR_CONFIRM', // 403: a deletion's confirmation (the name, the password of a claimed name) is not right
] as const;
export type ApiErrorCode = (typeof API_ERRORS)[number];

/**
 * The body of every refusal. The code is read as any string, so that a client keeps working when a newer server
 * adds a code; the server can only send {@link ApiErrorCode}s.
 */
export const errorBody = z.object({ error: z.string(), message: z.string() });
export type ErrorBody = { readonly error: ApiErrorCode; readonly message: string };

/** The names of a path template's parameters: `'/api/games/:id/shuffle/:hand'` → `'id' | 'hand'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

/** A route's path parameters, by name. */
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string };

/** The check of one path parameter. */
export type ParamSchema = z.ZodMiniType<string>;

/** One route of the API. `body` and `query` are absent when the route reads none. */
export interface Route<
  P extends string = string,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  readonly method: 'GET' | 'POST';
  readonly path: P; // `:name` segments are parameters
  readonly params: { readonly [K in ParamNames<P>]: ParamSchema }; // each checked; a mismatch is a 404
  readonly query?: Q; // from the search parameters (strings)
  readonly body?: B; // JSON
  readonly maxBody?: number; // bytes (default: 4096)
  readonly auth: 'none' | 'optional' | 'required'; // `Authorization: Bearer <token>`; required: 401 ERR_SIGN_IN
  readonly response: R; // the 200 body (JSON)
  readonly answers?: readonly number[]; // statuses whose body is `response` (default: 200 only)
}

/** The parsed query of a route (undefined: it reads none). */
export type QueryOf<T> = T extends { readonly query: infer Q extends z.ZodMiniType }
  ? z.output<Q>
  : undefined;
/** The query as a client gives it. */
export type QueryInputOf<T> = T extends { readonly query: infer Q extends z.ZodMiniType }
  ? z.input<Q>
  : undefined;
/** The request body as the server reads it (defaults applied; undefined: it reads none). */
export type BodyOf<T> = T extends { readonly body: infer B extends z.ZodMiniType } ? z.output<B> : undefined;
/** The request body as a client sends it. */
export type BodyInputOf<T> = T extends { readonly body: infer B extends z.ZodMiniType }
  ? z.input<B>
  : undefined;
/** The 200 response of a route. */
export type ResponseOf<T extends Route> = z.output<T['response']>;

/** The path of a route with its parameters filled in (each encoded). */
export function pathOf<P extends string>(r: Route<P>, params?: PathParams<P>): string {
  const given: Readonly<Record<string, string>> = params ?? {};
  return r.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(given[name] ?? ''));
}

/**
 * The parameters of a request path if it has the route's shape (`null` otherwise), decoded but not yet checked
 * against the route's parameter schemas.
 */
export function matchPath(r: { readonly path: string }, path: string): Record<string, string> | null {
  const want = r.path.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      if (g === '') return null;
      try {
        out[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return out;
}

/** A response body read with its route's schema: the typed body, or the first way it differs. */
export function parseResponse<T extends Route>(
  r: T,
  body: unknown,
): { ok: true; value: ResponseOf<T> } | { ok: false; error: string } {
  const parsed = z.safeParse<T['response']>(r.response, body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    error: issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'not as declared',
  };
}
