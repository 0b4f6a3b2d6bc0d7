/**
 * Accounts: a guest's token, a name kept with a password, signing in on another device, renaming, signing out
 * everywhere. The token goes with every signed-in route as `Authorization: Bearer <token>`.
 */
import * as z from 'zod/mini';
import { none, route } from './atoms.js';

/** A user as others may see them. */
export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  claimed: z.boolean(), // the name is kept with a password
  rating: z.number(),
  provisional: z.boolean(), // fewer rated games than PROVISIONAL.games: shown as "1500?"
  games: z.number(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * Whether the signed-in user is a moderator: their name is in the server's ADMIN_USERS and kept with a password
 * (docs/security.md, "Manners"). Only ever told to that user, about themselves: the web app shows the way to the
 * moderators' page (`#/live/admin`) by it. The page's routes check it again on every request.
 */
const moderator = z.boolean();

/** A token and the user it signs in, from every route that hands out a token. */
const account = z.object({ token: z.string(), user: publicUserSchema, moderator });
export type Account = z.infer<typeof account>;

/**
 * A new guest: the language of the player's UI as a language tag (`de`, `en`, `de-AT` …), which the guest's name is
 * in: "Gast 4821" in German, "Guest 4821" in any other language. Without one, the language the request's
 * Accept-Language header prefers most; without that either, English.
 */
const guestRequest = z.object({
  lang: z.optional(z.string().check(z.regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$/, 'a language tag'))),
});

/** Guests, names, passwords, tokens. */
export const ACCOUNT_ROUTES = {
  /** A new guest (LIMIT_GUESTS per address). */
  guest: route({
    method: 'POST',
    path: '/api/guest',
    params: none,
    auth: 'none',
    body: guestRequest,
    response: account,
  }),
  /** The signed-in user; `token`: a renewed token to keep instead, when the one sent is old. */
  me: route({
    method: 'GET',
    path: '/api/me',
    params: none,
    auth: 'required',
    response: z.object({ user: publicUserSchema, token: z.optional(z.string()), moderator }),
  }),
  /**
   * Renames a guest. A moderator's name (ADMIN_USERS) is taken only with `code`, the one the server logs at start
   * while nobody holds it (docs/security.md, "Moderators").
   */
  rename: route({
    method: 'POST',
    path: '/api/name',
    params: none,
    auth: 'required',
    body: z.object({ name: z.string(), code: z.optional(z.string().check(z.maxLength(64))) }),
    response: z.object({ user: publicUserSchema }),
  }),
  /** Keeps the name with a password: older tokens stop working. */
  claim: route({
    method: 'POST',
    path: '/api/claim',
    params: none,
    auth: 'required',
    body: z.object({ password: z.string() }),
    response: account,
  }),
  /** Every token stops working: this device's new one comes back. */
  signOutEverywhere: route({
    method: 'POST',
    path: '/api/signout-everywhere',
    params: none,
    auth: 'required',
    response: account,
  }),
  /** Signs in on another device (back-off per name and address; 503 ERR_BUSY when too many). */
  login: route({
    method: 'POST',
    path: '/api/login',
    params: none,
    auth: 'none',
    body: z.object({ name: z.string(), password: z.string() }),
    response: account,
  }),
} as const;
