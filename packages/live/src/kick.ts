/**
 * The kick vote's rule, shared by the server that counts the votes and the clients that show them: a seat that is
 * out of time goes to a bot once more than half of the other human players voted for it.
 *
 * ```ts
 * kickVotesNeeded(3); // 2: three other people at the table, two of them must vote
 * ```
 */

/** Votes that put a bot in a seat, given how many other humans sit at the table (at least 1). */
export function kickVotesNeeded(otherHumans: number): number {
  return Math.floor(Math.max(0, otherHumans) / 2) + 1;
}
