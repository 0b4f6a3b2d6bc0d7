/**
 * Sharing a review over the game server (docs/sharing.md): loaded when the player presses Share or opens a shared
 * game, so that the replay itself needs none of the server's code.
 */
import {
  sharePagePath,
  SHARE_ROUTES,
  type SharedReview,
  type ShareRequest,
} from '@hearts/protocol/http/shares';
import type { KeyValueStore } from '../../kit/storage';
import { ensureUser } from '../../kit/server/account';
import { request, serverUrl } from '../../kit/server/http';

/** Makes (or finds again) the game's public address; a device without an account gets a guest first. */
export async function shareReview(store: KeyValueStore, lang: string, what: ShareRequest): Promise<string> {
  const { token } = await ensureUser(store, lang);
  const made = await request(SHARE_ROUTES.createShare, { token, body: what });
  return serverUrl() + sharePagePath(made.id);
}

/** A shared review, for everyone. */
export const readShare = (id: string): Promise<SharedReview> =>
  request(SHARE_ROUTES.share, { params: { id } });
