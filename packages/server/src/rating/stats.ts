/**
 * What a finished game says about each seat for the player pages: hands played, points scored (after the moon
 * rule), moons shot and queens of spades taken. Read from the game's `hearts-record/1` record by replaying it with
 * the engine.
 *
 * ```ts
 * const s = seatStats(record);
 * if (s.ok) console.log(s.value[0]); // { hands: 9, points: 41, moons: 0, queens: 2 }
 * ```
 */
import {
  CardSet,
  QUEEN_OF_SPADES,
  SPADES,
  SUITS,
  applyMove,
  deal,
  err,
  newGame,
  ok,
  parseCard,
  rankOf,
  replayRecord,
  type GameState,
  type Result,
  type Suit,
} from '@hearts/engine';

/** One seat's totals over a game. */
export interface SeatStats {
  readonly hands: number; // hands finished
  readonly points: number; // points scored, moon rule applied
  readonly moons: number; // hands in which this seat shot the moon
  readonly queens: number; // hands in which this seat took the Q♠
}

const cardsOf = (s: string): CardSet | null => {
  const names = s.trim() === '' ? [] : s.trim().split(/\s+/);
  return CardSet.fromNames(names) ?? null;
};

/** Per seat: hands, points, moons and queens taken. Refuses a record that does not replay. */
export function seatStats(record: unknown): Result<SeatStats[], string> {
  const replayed = replayRecord(record);
  if (!replayed.ok)
    return err(replayed.error.kind === 'format' ? replayed.error.message : replayed.error.reason);
  const { rules, hands } = replayed.value;
  const n = rules.players;
  const queens = new Array<number>(n).fill(0);
  // Walk the record again, watching the last card of each hand: the finished hand's tricks tell who took the Q♠.
  const start = newGame(rules);
  if (!start.ok) return err(start.error.message);
  let g: GameState = start.value;
  const recHands = (record as { hands: { deal: string[]; passes?: string[]; tricks?: string[] }[] }).hands;
  const sevens = (record as { hands: { sevenSuit?: string }[] }).hands;
  for (let h = 0; h < hands.length; h++) {
    const rec = recHands[h]!;
    const dealt = rec.deal.map(cardsOf);
    if (dealt.some((d) => d === null)) return err(`hand ${h}: bad deal`);
    const seven = sevens[h]!.sevenSuit;
    const d = deal(g, dealt as CardSet[], seven === undefined ? null : (SUITS.indexOf(seven as 'C') as Suit));
    if (!d.ok) return err(`hand ${h}: ${d.error.message}`);
    g = d.value;
    if (rec.passes) {
      for (let s = 0; s < n; s++) {
        const cards = cardsOf(rec.passes[s]!);
        const r = cards ? applyMove(g, s, { kind: 'pass', cards: [...cards] }) : null;
        if (!r?.ok) return err(`hand ${h}: bad pass`);
        g = r.value;
      }
    }
    for (const trick of rec.tricks ?? []) {
      for (const name of trick.trim().split(/\s+/)) {
        const card = parseCard(name);
        if (card === undefined || g.phase !== 'play' || !g.core) return err(`hand ${h}: bad play`);
        const core = g.core;
        if (core.nPlays === core.cfg.tricks * n - 1) {
          const probe = core.clone();
          probe.play(card);
          for (let s = 0; s < n; s++)
            if ((probe.taken[s * 4 + SPADES]! >> rankOf(QUEEN_OF_SPADES)) & 1) queens[s]!++;
        }
        const r = applyMove(g, core.turn, { kind: 'play', card });
        if (!r.ok) return err(`hand ${h}: ${r.error.message}`);
        g = r.value;
      }
    }
    if (g.phase === 'moon' && g.moonShooter !== null) {
      const choice = (recHands[h] as { moonChoice?: 'minus' | 'plus' }).moonChoice ?? 'plus';
      const r = applyMove(g, g.moonShooter, { kind: 'moon', choice });
      if (!r.ok) return err(`hand ${h}: ${r.error.message}`);
      g = r.value;
    }
  }
  return ok(
    Array.from({ length: n }, (_, s) => ({
      hands: hands.length,
      points: hands.reduce((t, r) => t + r.points[s]!, 0),
      moons: hands.filter((r) => r.shooter === s).length,
      queens: queens[s]!,
    })),
  );
}
