import { DEFAULT_RULES, type HandConfig, type HandCore } from '@hearts/engine';

/**
 * The value network's view of a position: a deal between two tricks as the expert's playouts see it (every seat's
 * cards known, as on a sampled deal), from one seat's side. Seats are counted from that seat (0: itself, 1: the
 * next to play after it, …), so one network serves every seat.
 *
 * Each card is in exactly one of eight places: in the hand of relative seat r (input card·8 + r) or taken in a
 * trick by relative seat r (card·8 + 4 + r). Then who leads the next trick (4 inputs) and whether hearts are
 * broken (1). Every input is 0 or 1 and 53 or 54 of the 421 are 1, so the first layer is a sum of that many rows.
 * Cards seen, voids shown and points taken are all in there: a void is an empty suit of a hand, the points are
 * the cards taken.
 */
export const FEATURES = 52 * 8 + 4 + 1;
/** The most inputs that are 1 at once. */
export const MAX_ACTIVE = 52 + 2;

const LEADER = 52 * 8;
const BROKEN = LEADER + 4;

/**
 * Writes the indexes of the inputs that are 1 for `core`'s position seen from `me` into `out`; returns how many.
 * The position must stand between two tricks (no card of the trick being played yet).
 */
export function encodePosition(core: HandCore, me: number, out: Int16Array): number {
  return encodeMasks(core.hands, core.taken, core.turn, core.heartsBroken, me, core.cfg.n, out);
}

/**
 * {@link encodePosition} from the masks themselves (`hands` and `taken`: seat × suit at `at`), as the training
 * data keeps its positions.
 */
export function encodeMasks(
  hands: ArrayLike<number>,
  taken: ArrayLike<number>,
  turn: number,
  broken: boolean,
  me: number,
  n: number,
  out: Int16Array,
  at = 0,
): number {
  let k = 0;
  for (let s = 0; s < n; s++) {
    const r = (s - me + n) % n;
    for (let suit = 0; suit < 4; suit++) {
      for (let m = hands[at + s * 4 + suit]!; m; m &= m - 1)
        out[k++] = (suit * 13 + 31 - Math.clz32(m & -m)) * 8 + r;
      for (let m = taken[at + s * 4 + suit]!; m; m &= m - 1)
        out[k++] = (suit * 13 + 31 - Math.clz32(m & -m)) * 8 + 4 + r;
    }
  }
  out[k++] = LEADER + ((turn - me + n) % n);
  if (broken) out[k++] = BROKEN;
  return k;
}

/**
 * Whether the network's training applies to these rules: the standard deal and scoring (four seats, 52 cards, a
 * point a heart, 13 for the Q♠, a moon adds 26 to the others) and the standard play rules. Under other rules the
 * expert plays its hands out to the end as before.
 */
export function valueApplies(cfg: HandConfig): boolean {
  const r = cfg.rules;
  const d = DEFAULT_RULES;
  return (
    r.players === 4 &&
    r.removedCards.length === 0 &&
    r.moon === d.moon &&
    r.jackOfDiamonds === d.jackOfDiamonds &&
    r.queenBreaksHearts === d.queenBreaksHearts &&
    r.pointsOnFirstTrick === d.pointsOnFirstTrick &&
    r.heartsMustBeBroken === d.heartsMustBeBroken &&
    r.firstLead === d.firstLead &&
    r.heartValues === d.heartValues &&
    r.queenPoints === d.queenPoints &&
    r.blackMariaSpades === d.blackMariaSpades &&
    r.sevenOfDie === d.sevenOfDie
  );
}
