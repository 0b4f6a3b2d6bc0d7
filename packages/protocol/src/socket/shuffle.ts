/**
 * The fair shuffle of one hand (hearts-shuffle/1, docs/fair-shuffle.md) between the server and each seat.
 * `commit` (step 1): this seat's commitment for the hand, sent when the server asks (a `shuffle` message of step
 * `commit`). `reveal` (step 3): the seat's seed, sent only after the full commitment list arrived.
 */
import * as z from 'zod/mini';
import { count, handNumber, hex64, list, seat } from './wire.js';

export const commitMessageSchema = z.strictObject({ handNumber, commitment: hex64 });
export type CommitMessage = z.infer<typeof commitMessageSchema>;
export const revealMessageSchema = z.strictObject({ handNumber, seed: hex64 });
export type RevealMessage = z.infer<typeof revealMessageSchema>;

/**
 * `shuffle`: server → one seat. `commit`: draw a seed and send its commitment; `commitments`: the full list C and
 * its hash (check your own, then reveal); `transcript`: after the hand, every seed and the deal, to verify.
 */
export const shuffleMessageSchema = z.readonly(
  z.discriminatedUnion('step', [
    z.strictObject({
      step: z.literal('commit'),
      tableId: z.string(),
      handNumber: count,
      seat,
      players: count,
    }),
    z.strictObject({
      step: z.literal('commitments'),
      handNumber: count,
      commitments: list(z.string()),
      commitmentsHash: z.string(),
    }),
    z.strictObject({ step: z.literal('transcript'), handNumber: count, transcript: z.unknown() }), // hearts-shuffle/1 JSON
  ]),
);
export type ShuffleMessage = z.infer<typeof shuffleMessageSchema>;
