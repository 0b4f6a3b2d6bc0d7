/**
 * What a finished game says about each seat for the player pages: hands played, points scored (after the moon
 * rule), moons shot and queens of spades taken. Read from the game's `hearts-record/1` record by replaying it with
 * the engine.
 *
 * ```ts
 * const s = seatStats(record);
 * if (s.ok) console.log(s.value[0]); // { hands: 9, points: 41, moons: 0, queens: 2 }
 * const same = gameSeatStats(table.game); // from the game's own state, without replaying its record
 * ```
 */
import { handTricks, replayRecord, err, ok, type GameState, type Result } from '@hearts/engine';

/** One seat's totals over a game. */
export interface SeatStats {
  readonly hands: number; // hands finished
  readonly points: number; // points scored, moon rule applied
  readonly moons: number; // hands in which this seat shot the moon
  readonly queens: number; // hands in which this seat took the Q♠
}

/** Per seat: hands, points, moons and queens taken. Refuses a record that does not replay. */
export function seatStats(record: unknown): Result<SeatStats[], string> {
  const replayed = replayRecord(record);
  if (!replayed.ok)
    return err(replayed.error.kind === 'format' ? replayed.error.message : replayed.error.reason);
  return ok(gameSeatStats(replayed.value.state));
}

/** Per seat: hands, points, moons and queens taken, from a game's state (its finished hands). */
export function gameSeatStats(state: GameState): SeatStats[] {
  const hands = state.results;
  const n = state.rules.players;
  const queens = new Array<number>(n).fill(0);
  // The finished hands' tricks tell who took the Q♠.
  for (let h = 0; h < hands.length; h++) {
    const trick = handTricks(state, h).find((t) => t.cards.includes('QS'));
    if (trick?.winner !== undefined) queens[trick.winner]!++;
  }
  return Array.from({ length: n }, (_, s) => ({
    hands: hands.length,
    points: hands.reduce((t, r) => t + r.points[s]!, 0),
    moons: hands.filter((r) => r.shooter === s).length,
    queens: queens[s]!,
  }));
}
