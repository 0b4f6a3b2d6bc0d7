/**
 * What the store keeps of shared reviews (migration 0015_shares): a finished game's record made public by one of its
 * players under an id of its own, with the seat whose analysis the shared review opens. A player's second share of
 * the same game (the same digest) is the first one again, so that sharing twice makes no second row (docs/sharing.md).
 */
import type { GameRecord } from '@hearts/engine';

/** Where a shared game comes from: a game of the server's (live, daily, tournament) or a solo game uploaded. */
export const SHARE_SOURCES = ['game', 'solo'] as const;
export type ShareSource = (typeof SHARE_SOURCES)[number];

/** A shared review. */
export interface Share {
  readonly id: string; // the public id: /r/<id>
  readonly userId: string; // the player who shared it
  readonly source: ShareSource;
  readonly tableId: string | null; // source 'game': the server's table
  readonly seat: number; // the sharer's seat: the review's analysis is of it
  readonly record: GameRecord; // finished, checked by the engine before it is kept
  readonly createdAt: number;
}

export interface ShareStore {
  /**
   * Keeps a share unless its user has one of the same `digest` (the same game from the same source and seat);
   * answers the share now stored under that digest, new or earlier.
   */
  create(share: Share, digest: string): Promise<Share>;
  /** A share by its id, or null. */
  get(id: string): Promise<Share | null>;
  /** How many shares a user has made (bounded by SHARES_MAX). */
  countOf(userId: string): Promise<number>;
}
