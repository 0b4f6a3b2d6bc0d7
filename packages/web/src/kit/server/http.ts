/**
 * The one way the web app calls the game server's JSON API: a route declaration of `@hearts/protocol/http` in, its
 * response parsed with the declared schema out. No types are copied and nothing is cast: a changed route changes
 * its callers' types. Responses are checked at run time too, since this app (kept by the service worker) may talk
 * to a newer or older server: a body that is not what the route declares becomes an {@link ApiError}
 * `ERR_BAD_RESPONSE`, not a crash somewhere in a screen. zod comes with this module, which only the pages loaded
 * on demand (live, profile, shop) import: the first load stays without it.
 *
 * ```ts
 * const page = await request(ROUTES.profile, { token, params: { who: 'me' } });
 * page.rating; // number
 * ```
 */
import {
  errorBody,
  parseResponse,
  pathOf,
  type BodyInputOf,
  type ParamNames,
  type PathParams,
  type QueryInputOf,
  type ResponseOf,
  type Route,
} from '@hearts/protocol/http/route';
import { ApiError } from './api-error';

export { ApiError } from './api-error';

/** Where the game server is: the origin that served the app. */
export const serverUrl = (): string => window.location.origin;

/** What a call of the route needs: its path parameters, query and body as declared, and the token if any. */
export type RequestInput<T extends Route> = { readonly token?: string | null } & ([
  ParamNames<T['path']>,
] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: PathParams<T['path']> }) &
  (T extends { readonly query: unknown }
    ? { readonly query?: QueryInputOf<T> }
    : { readonly query?: undefined }) &
  (T extends { readonly body: unknown } ? { readonly body: BodyInputOf<T> } : { readonly body?: undefined });

/** Calls a route; refusals, network failures and undeclared responses become {@link ApiError}s. */
export async function request<T extends Route>(route: T, input: RequestInput<T>): Promise<ResponseOf<T>> {
  const search =
    input.query === undefined
      ? ''
      : `?${new URLSearchParams(Object.entries(input.query ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])))}`;
  const path = pathOf(route, input.params) + search;
  const body = route.method === 'POST' ? JSON.stringify(input.body ?? {}) : undefined;
  let res: Response;
  try {
    res = await fetch(serverUrl() + path, {
      method: route.method,
      headers: {
        ...(input.token ? { authorization: `Bearer ${input.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body,
    });
  } catch (e) {
    throw new ApiError(0, 'ERR_OFFLINE', e instanceof Error ? e.message : String(e));
  }
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json'))
    throw new ApiError(res.status, 'ERR_OFFLINE', `HTTP ${res.status}`);
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(res.status, 'ERR_BAD_RESPONSE', `HTTP ${res.status}: not JSON`);
  }
  if (!res.ok) {
    const refused = errorBody.safeParse(json);
    const after = Number(res.headers.get('retry-after') ?? Number.NaN); // seconds
    throw refused.success
      ? new ApiError(
          res.status,
          refused.data.error,
          refused.data.message,
          Number.isFinite(after) && after >= 0 ? after * 1000 : null,
        )
      : new ApiError(res.status, 'ERR_HTTP', `HTTP ${res.status}`);
  }
  const parsed = parseResponse(route, json);
  if (!parsed.ok)
    throw new ApiError(res.status, 'ERR_BAD_RESPONSE', `${route.method} ${route.path}: ${parsed.error}`);
  return parsed.value;
}
