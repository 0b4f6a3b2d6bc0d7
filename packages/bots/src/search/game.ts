/** The game around the hand being searched: the moon rule may depend on it. */
export interface GameContext {
  readonly before: readonly number[]; // totals before this hand
  readonly handsDone: number; // hands finished once this one is
}
