/**
 * The stored vocabulary of a table: how its seats were filled when it was dealt (`StoredSeat`) and the events of
 * its log (`StoredEvent`), in order. A table is exactly what folding `applyEvent` (state.ts) over its events gives;
 * the server stores them as JSON rows and restores tables from them.
 *
 * ```ts
 * const e: StoredEvent = { type: 'move', seat: 0, move: { kind: 'play', card: '2C' }, by: 'player', bankMs: 9000, clientId: 'm1' };
 * ```
 */
import type { Transcript } from '@hearts/shuffle';
import type { SeatLook } from '@hearts/protocol/cosmetics';
import type { BotLevel, TakeoverReason, WireMove } from '@hearts/protocol/socket';

/** A seat as dealt: a human (with the rating it brought, at rated tables) or a bot seated from the start. */
export type StoredSeat =
  | {
      readonly kind: 'human';
      readonly userId: string;
      readonly name: string;
      readonly rating: number | null;
      readonly provisional?: boolean; // rated tables: the rating was provisional (too few rated games)
      readonly look?: SeatLook; // the cosmetics chosen when seated (absent: defaults)
    }
  | { readonly kind: 'bot'; readonly level: BotLevel; readonly name: string; readonly rating: number | null };

/** One accepted step of a table, in order. Replaying them through `applyEvent` restores the table. */
export type StoredEvent =
  | {
      readonly type: 'deal';
      readonly hands: readonly string[]; // card names per seat, separated by spaces
      readonly sevenSuit: 'C' | 'D' | 'S' | null;
      readonly shuffle?: Transcript; // the hand's hearts-shuffle/1 transcript (absent: dealt without the fair shuffle)
    }
  | {
      // hearts-shuffle/1: every commitment is in (before any is published); the hand is never re-dealt after this
      readonly type: 'commitments';
      readonly handNumber: number;
      readonly commitments: readonly string[];
      readonly serverSeeds: readonly (string | null)[]; // seeds the server drew (bots, seats that did not commit)
    }
  | {
      readonly type: 'move';
      readonly seat: number;
      readonly move: WireMove;
      readonly by: 'player' | 'bot' | 'clock'; // the clock: the bank ran out and the server chose
      readonly bankMs: number; // the seat's time bank after the move
      readonly clientId: string | null; // the player's message id (deduplication)
    }
  | {
      readonly type: 'takeover';
      readonly seat: number;
      readonly level: BotLevel;
      readonly reason: TakeoverReason;
    };
