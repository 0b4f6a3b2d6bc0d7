/** A refusal by the game server (its code, e.g. ERR_NAME_TAKEN), no server at all (ERR_OFFLINE), or a response that
 * is not what its route declares (ERR_BAD_RESPONSE). Kept apart from src/kit/server/http.ts so that the first load, which
 * reports solo wins, can tell them apart without loading zod. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterMs: number | null = null, // a refusal's Retry-After (429, 503), when it said one
  ) {
    super(message);
  }
}
