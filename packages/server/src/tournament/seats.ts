/** The seats of a new tournament table: its humans by lot (rated: with their ratings and looks), bots in the rest. */
import type { StoredSeat } from '@hearts/table';
import { looksOfUsers } from '../economy/shop.js';
import { tournamentRated } from '../fairness/policy.js';
import { standing, userSubject } from '../rating/standings.js';
import { botRatingOf, seatByLot } from '../rooms/table-room.js';
import type { TournamentRecord } from '../store/tournaments.js';
import type { GameStore } from '../store/types.js';

export async function tournamentSeats(
  store: GameStore,
  t: TournamentRecord,
  humans: readonly { userId: string; name: string }[],
): Promise<StoredSeat[]> {
  const rated = tournamentRated(t);
  const looks = await looksOfUsers(
    store.progress,
    humans.map((h) => h.userId),
  );
  const seated = await Promise.all(
    humans.map(async (h) => {
      const look = looks.get(h.userId);
      if (!rated) return { ...h, rating: null, look };
      const user = await store.userById(h.userId);
      const provisional = (await standing(store.progress, userSubject(h.userId), Date.now())).provisional;
      return { ...h, name: user?.name ?? h.name, rating: user?.rating ?? null, provisional, look };
    }),
  );
  return seatByLot(seated, t.rules.players, t.botLevel, rated ? await botRatingOf(t.botLevel) : null);
}
