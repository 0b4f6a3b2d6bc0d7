/**
 * The live player's token as this device keeps it. Apart from src/kit/server/account.ts (which calls the server through
 * src/kit/server/http.ts, with zod) so that the first load, which reports solo wins, needs neither.
 */

export const TOKEN_KEY = 'hearts.live.token';

/**
 * The user id a token names (not checked: only the server can): `h2.<id>.<generation>.<issued>.<mac>`, or the
 * first format `<id>.<mac>`.
 */
export function tokenUserId(token: string): string | null {
  const parts = token.split('.');
  if (parts.length === 5 && parts[0] === 'h2') return parts[1] || null;
  if (parts.length === 2) return parts[0] || null;
  return null;
}
