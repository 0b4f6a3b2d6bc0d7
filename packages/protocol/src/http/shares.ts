/** Shared reviews (docs/sharing.md): a finished game made public under an id of its own. */
import * as z from 'zod/mini';
import { id, none, record, route } from './atoms.js';

/** The largest body a share takes: a solo game's record (a long game's is some tens of kilobytes). */
export const SHARE_MAX_BYTES = 256 * 1024;
/** Where a shared review is opened (HTML with its Open Graph tags; the app's replay with the analysis). */
export const sharePagePath = (id: string): string => `/r/${id}`;
/** Its preview image (PNG), named by the page's `og:image`. */
export const shareImagePath = (id: string): string => `/r/${id}.png`;

/**
 * What a player shares (docs/sharing.md): a finished game of the server's they sat at, by its id (the record comes
 * from the server's store; a daily game once its day is revealed), or a finished solo game's record from their device.
 */
export const shareRequest = z.discriminatedUnion('source', [
  z.strictObject({ source: z.literal('game'), tableId: id }),
  z.strictObject({
    source: z.literal('solo'),
    record: z.record(z.string(), z.unknown()), // checked by the engine: a legal, finished game
    seat: z.int().check(z.minimum(0), z.maximum(5)), // the player's seat (the analysis is of it)
  }),
]);
export type ShareRequest = z.input<typeof shareRequest>;

/** A shared review as everyone reads it. */
export const sharedReviewSchema = z.object({
  id: z.string(),
  source: z.enum(['game', 'solo']),
  seat: z.number(), // the sharer's seat: the review opens its analysis
  record,
  createdAt: z.number(),
});
export type SharedReview = z.infer<typeof sharedReviewSchema>;

/** Shared reviews. */
export const SHARE_ROUTES = {
  /**
   * Makes a finished game's review public under an id of its own (`sharePagePath`); the same game shared again
   * answers the same id. LIMIT_SHARES per address and per user, SHARES_MAX per user (docs/sharing.md).
   */
  createShare: route({
    method: 'POST',
    path: '/api/shares',
    params: none,
    auth: 'required',
    body: shareRequest,
    maxBody: SHARE_MAX_BYTES,
    response: z.object({ id: z.string(), path: z.string() }),
  }),
  /** A shared review (everyone; LIMIT_SHARE_VIEWS per address). */
  share: route({
    method: 'GET',
    path: '/api/shares/:id',
    params: { id },
    auth: 'none',
    response: sharedReviewSchema,
  }),
} as const;
