/**
 * A finished tournament's podium, paid: who it pays and how much is the fairness policy's decision (`podium` in
 * `fairness/policy.ts`: a public arena's ranks 1–3, to players who met enough distinct people; a private
 * tournament has none), and each place is paid once, under the winner's daily cap (`payUnderCap`). The place is
 * claimed as the result `tournament:<id>:<user>` (the primary key of `game_results`, which also keeps what it paid,
 * 0 over the cap), and the chips are the ledger row of the same id, in one transaction.
 *
 * ```ts
 * await payPodium(store.progress, t, standings, games, Date.now()); // once; a retry pays what is left
 * await podiumPaid(store.progress, t.id, userId); // 50000, 25000 over a nearly full cap, or 0
 * ```
 */
import type { Standing, TournamentGame } from './scoring.js';
import { payUnderCap } from '../economy/chips.js';
import { podium, tournamentGameKind } from '../fairness/policy.js';
import type { ProgressReads, ProgressStore } from '../store/progress.js';
import type { TournamentRecord } from '../store/tournaments.js';

/** The result and ledger id of a user's podium place in a tournament. */
export const podiumKey = (tournamentId: string, userId: string): string =>
  `tournament:${tournamentId}:${userId}`;

/** Pays the podium of a finished tournament, each place once (a place paid before is left as it is). */
export async function payPodium(
  progress: ProgressStore,
  t: TournamentRecord,
  standings: readonly Standing[],
  games: readonly TournamentGame[],
  now: number,
): Promise<void> {
  for (const p of podium(tournamentGameKind(t.kind), standings, games)) {
    const id = podiumKey(t.id, p.userId);
    await progress.transaction(async (tx) => {
      if ((await tx.gameResult(id)) !== null) return;
      const amount = await payUnderCap(tx, { id, userId: p.userId, ref: t.id, at: now }, p.prize);
      await tx.addGameResult({
        gameId: id,
        kind: 'podium',
        rated: false,
        userId: p.userId,
        finishedAt: now,
        result: JSON.stringify({ rank: p.rank, amount }),
      });
    });
  }
}

/** The chips a tournament's podium paid the user (0: no place that pays, or not paid yet). */
export async function podiumPaid(
  progress: ProgressReads,
  tournamentId: string,
  userId: string,
): Promise<number> {
  const stored = await progress.gameResult(podiumKey(tournamentId, userId));
  return stored === null ? 0 : (JSON.parse(stored) as { amount: number }).amount;
}
