/**
 * A player's finished live games: the history, the records (`hearts-record/1`) and the fair shuffle's
 * transcripts (`hearts-shuffle/1`) of its players' games, and the replays of games others may watch again.
 */
import * as z from 'zod/mini';
import { id, level, none, record, route, transcript } from './atoms.js';

/** A finished live game in the player's history. */
const liveGame = z.object({
  id: z.string(),
  kind: z.enum(['quick', 'friends', 'daily', 'tournament']),
  rated: z.boolean(),
  finishedAt: z.number(),
  seat: z.number(), // the player's seat
  players: z.array(
    z.object({
      name: z.string(),
      bot: z.boolean(),
      level: z.nullable(level),
      replaced: z.boolean(),
      score: z.number(),
      rank: z.number(),
      ratingBefore: z.nullable(z.number()),
      ratingAfter: z.nullable(z.number()),
    }),
  ),
});
export type LiveGame = z.infer<typeof liveGame>;

/** Finished games: history, records, transcripts, replays. */
export const GAME_ROUTES = {
  /** The user's finished live games, newest first. */
  history: route({
    method: 'GET',
    path: '/api/history',
    params: none,
    auth: 'required',
    response: z.object({ games: z.array(liveGame) }),
  }),
  /** A finished game as `hearts-record/1` (its players only), as a download. */
  gameRecord: route({
    method: 'GET',
    path: '/api/games/:id/record',
    params: { id },
    auth: 'required',
    response: record,
  }),
  /** Every finished hand's `hearts-shuffle/1` transcript (its players only). */
  transcripts: route({
    method: 'GET',
    path: '/api/games/:id/shuffle',
    params: { id },
    auth: 'required',
    response: z.object({ transcripts: z.array(transcript) }),
  }),
  /** One finished hand's transcript, as a file for `hearts verify`. */
  transcript: route({
    method: 'GET',
    path: '/api/games/:id/shuffle/:hand',
    params: { id, hand: z.string().check(z.regex(/^\d{1,4}$/)) },
    auth: 'required',
    response: transcript,
  }),
  /** A finished game's record: quick matches for everyone, friends' tables for their players. */
  replay: route({
    method: 'GET',
    path: '/api/replays/:id',
    params: { id },
    auth: 'optional',
    response: record,
  }),
} as const;
