/** The seats of a new tournament table: its humans by lot (rated: with their ratings), bots in the rest (seating.ts). */
import type { StoredSeat } from '@hearts/table';
import { tournamentRated } from '../fairness/policy.js';
import { botRatingOf, seatTable, standingsOf } from '../seating.js';
import type { TournamentRecord } from '../store/tournaments.js';
import type { GameStore } from '../store/types.js';

export async function tournamentSeats(
  store: GameStore,
  t: TournamentRecord,
  humans: readonly { userId: string; name: string }[],
): Promise<StoredSeat[]> {
  const rated = tournamentRated(t);
  return seatTable(store, await standingsOf(store, humans, rated), {
    players: t.rules.players,
    botLevel: t.botLevel,
    botRating: rated ? await botRatingOf(store, t.botLevel) : null,
  });
}
