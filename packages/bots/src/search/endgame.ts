/**
 * An exact solver for the end of a hand whose cards are all known: one sampled deal inside the search, once few
 * cards are left. It plays the rest of the hand on the engine's `HandCore` (its legal moves, its trick winners, its
 * points) as a max-n game: every seat chooses the card that leaves it the fewest points for the hand, after the
 * moon rule (the engine's {@link moonRuling}). A seat indifferent between cards plays the one worst for the
 * seat the solve is for ("paranoid" ties: a void player throws the Q♠ on your trick even when it gains nothing
 * by it); that seat itself, when indifferent, leaves the most points to the others.
 *
 * Max-n has no deep cut-offs, so the solver saves work in two other ways: equivalent cards (touching ranks once
 * the cards between them are played or held by the same seat, with equal points) are tried once, and a position at
 * the start of a trick is solved once per deal — remembered by the cards still held and the leader — where its
 * value no longer depends on how it was reached (no moon possible any more, so points only add up).
 *
 * ```ts
 * const solver = new EndgameSolver(cfg, { before: [0, 0, 0, 0], handsDone: 4 });
 * solver.finish(core, me); // core: a hand with every holding known; now over, played as the solve says
 * ```
 */
import { HEARTS, moonRuling, POPCOUNT13, type HandConfig, type HandCore } from '@hearts/engine';
import type { GameContext } from './game.js';

const MAX_CARDS = 24; // keeps the memo's keys small integers
const MAX_DEPTH = MAX_CARDS + 1;
const QS = 2 * 13 + 10;
const QS_BIT = 1 << 10;

/** Exact play of a hand's last tricks; reusable across deals of the same rules and game. */
export class EndgameSolver {
  /** Positions visited since {@link begin} (every card tried counts one). */
  nodes = 0;
  /** Whether to try equivalent cards once only (off: plain max-n over every legal card, for the tests). */
  merge = true;

  private readonly n: number;
  private readonly values: Int32Array; // depth × seat: the value of the best move found so far at each depth
  private readonly child: Int32Array; // the value of the child just searched, written by the callee
  private readonly legal = new Uint16Array(4);
  private readonly moves = new Int8Array(MAX_DEPTH * 16);
  private readonly pts = new Int32Array(6);
  private readonly bitOf = new Int32Array(52); // card → its bit in `left` (cards held at the start of the solve)
  private memo = new Map<number, number>(); // (cards held, leader) → offset of the remembered values in `store`
  private store = new Int32Array(6 * 1024);
  private stored = 0;
  private left = 0; // bits of the cards still held
  private root = 0; // the seat the solve is for
  private bestMove = -1;
  private readonly moonPathFree: boolean; // the moon's effect depends only on who shoots (see moonCode)
  private moonAdds = false; // moonPathFree, and no seven of the die in this deal

  constructor(
    readonly cfg: HandConfig,
    readonly game: GameContext,
  ) {
    this.n = cfg.n;
    this.values = new Int32Array(MAX_DEPTH * this.n);
    this.child = new Int32Array(this.n);
    let onlyMoonCards = true;
    for (let c = 0; c < 52; c++)
      if (cfg.cardPoints[c] !== 0 && !(((c / 13) | 0) === HEARTS || (c === QS && cfg.moonQueen)))
        onlyMoonCards = false;
    this.moonPathFree = onlyMoonCards && cfg.rules.moon !== 'othersPlus26UnlessLosing';
  }

  /**
   * Starts a deal: `core` holds every seat's cards (at most 24 in all: a few per hand), `root` is the seat the
   * solve is for. Positions of this deal solved later are remembered until the next call.
   */
  begin(core: HandCore, root: number): void {
    this.root = root;
    this.nodes = 0;
    this.memo.clear();
    this.stored = 0;
    let bit = 0;
    for (let s = 0; s < this.n; s++)
      for (let suit = 0; suit < 4; suit++)
        for (let m = core.hands[s * 4 + suit]!; m; m &= m - 1) {
          if (bit >= MAX_CARDS) throw new Error(`the endgame solver takes at most ${MAX_CARDS} cards`);
          this.bitOf[suit * 13 + 31 - Math.clz32(m & -m)] = 1 << bit++;
        }
    this.left = (1 << bit) - 1;
    this.moonAdds = this.moonPathFree && core.sevenCard < 0;
  }

  /**
   * Plays `core` (a position of the deal given to {@link begin}, or a later one) to the end of the hand, every card
   * as the solve chooses.
   */
  finish(core: HandCore): void {
    this.left = this.held(core);
    while (!core.isOver) {
      if (core.legalMasks(this.legal) === 1) {
        for (let s = 0; s < 4; s++)
          if (this.legal[s]) {
            const card = s * 13 + 31 - Math.clz32(this.legal[s]!);
            core.play(card);
            this.left &= ~this.bitOf[card]!;
            break;
          }
      } else {
        this.search(core, 0);
        core.play(this.bestMove);
        this.left &= ~this.bitOf[this.bestMove]!;
      }
    }
  }

  /**
   * The solved points of every seat for the hand (after the moon rule) into `out`, for the position `core` holds
   * (after {@link begin} with it or an earlier position of its deal); `core` is left as it was. {@link best} is
   * then the card the seat to play chooses.
   */
  value(core: HandCore, out: Int32Array): void {
    this.left = this.held(core);
    this.bestMove = -1;
    this.search(core, 0);
    for (let s = 0; s < this.n; s++) out[s] = this.child[s]!;
  }

  /** The bits of the cards held in `core`. */
  private held(core: HandCore): number {
    let left = 0;
    for (let s = 0; s < this.n; s++)
      for (let suit = 0; suit < 4; suit++)
        for (let m = core.hands[s * 4 + suit]!; m; m &= m - 1)
          left |= this.bitOf[suit * 13 + 31 - Math.clz32(m & -m)]!;
    return left;
  }

  /** The card the last {@link value} found best for the seat to play (-1 if the hand was over). */
  get best(): number {
    return this.bestMove;
  }

  /** Solves the position; leaves its value in `child` and, at depth 0, the best card in `bestMove`. */
  private search(core: HandCore, depth: number): void {
    const n = this.n;
    this.nodes++;
    if (core.isOver) {
      this.leaf(core);
      return;
    }
    const atTrickStart = core.trickSize === 0;
    let key = -1;
    if (atTrickStart && depth > 0) {
      const moon = this.moonCode(core);
      if (moon >= 0) key = (this.left * 8 + core.turn) * 8 + moon;
    }
    if (key >= 0) {
      const at = this.memo.get(key);
      if (at !== undefined) {
        core.rawPoints(this.pts);
        for (let s = 0; s < n; s++) this.child[s] = this.pts[s]! + this.store[at + s]!;
        return;
      }
    }
    const seat = core.turn;
    const count = this.listMoves(core, depth);
    const base = depth * n;
    const mv = depth * 16;
    let best = -1;
    for (let i = 0; i < count; i++) {
      const card = this.moves[mv + i]!;
      const bit = this.bitOf[card]!;
      core.play(card);
      this.left &= ~bit;
      this.search(core, depth + 1);
      this.left |= bit;
      core.undo();
      if (best < 0 || this.better(seat, base)) {
        best = card;
        for (let s = 0; s < n; s++) this.values[base + s] = this.child[s]!;
      }
    }
    for (let s = 0; s < n; s++) this.child[s] = this.values[base + s]!;
    if (depth === 0) this.bestMove = best;
    if (key >= 0) {
      if (this.stored + n > this.store.length) {
        const grown = new Int32Array(this.store.length * 2);
        grown.set(this.store);
        this.store = grown;
      }
      core.rawPoints(this.pts);
      for (let s = 0; s < n; s++) this.store[this.stored + s] = this.child[s]! - this.pts[s]!;
      this.memo.set(key, this.stored);
      this.stored += n;
    }
  }

  /** Whether the child just searched is better for `seat` than the best so far (at `base` in `values`). */
  private better(seat: number, base: number): boolean {
    const c = this.child;
    const v = this.values;
    if (c[seat] !== v[base + seat]) return c[seat]! < v[base + seat]!;
    const root = this.root;
    if (seat !== root) return c[root]! > v[base + root]!;
    let mine = 0;
    let theirs = 0;
    for (let s = 0; s < this.n; s++) {
      mine += c[s]!;
      theirs += v[base + s]!;
    }
    return mine > theirs;
  }

  /** The legal cards to try at this depth, equivalent ones once; returns how many. */
  private listMoves(core: HandCore, depth: number): number {
    const lm = this.legal;
    core.legalMasks(lm);
    const n = this.n;
    const seat = core.turn;
    const cfg = this.cfg;
    const mv = depth * 16;
    let k = 0;
    for (let suit = 0; suit < 4; suit++) {
      const m = lm[suit]!;
      if (!m) continue;
      if (!this.merge || POPCOUNT13[m] === 1) {
        for (let x = m; x; x &= x - 1) this.moves[mv + k++] = suit * 13 + 31 - Math.clz32(x & -x);
        continue;
      }
      // Cards that separate two of mine: held by another seat, or on the trick being played.
      let apart = 0;
      for (let s = 0; s < n; s++) if (s !== seat) apart |= core.hands[s * 4 + suit]!;
      const start = core.trickCount * n;
      for (let p = start; p < core.nPlays; p++) {
        const c = core.plays[p]!;
        if (((c / 13) | 0) === suit) apart |= 1 << (c % 13);
      }
      let prev = -1;
      for (let x = m; x; x &= x - 1) {
        const r = 31 - Math.clz32(x & -x);
        const card = suit * 13 + r;
        if (
          prev >= 0 &&
          cfg.cardPoints[card] === cfg.cardPoints[suit * 13 + prev] &&
          card !== core.sevenCard &&
          suit * 13 + prev !== core.sevenCard &&
          (apart & ((1 << r) - (1 << (prev + 1)))) === 0
        ) {
          prev = r;
          continue;
        }
        this.moves[mv + k++] = card;
        prev = r;
      }
    }
    return k;
  }

  /**
   * What the rest of the hand's value depends on besides the cards held and the leader, as a small number, or -1
   * when it depends on more (then the position is not remembered). With no moon possible any more (two seats
   * have taken moon cards) points only add up: 7. Otherwise, when only hearts and the Q♠ score and the moon rule
   * does not look at the scores, the seat that has taken every moon card so far (0–5), or 6 for none taken.
   */
  private moonCode(core: HandCore): number {
    const cfg = this.cfg;
    if (!cfg.moonAllowed) return 7;
    let holder = -1;
    for (let s = 0; s < this.n; s++) {
      const t =
        (core.taken[s * 4 + HEARTS]! & cfg.moonHearts) |
        (cfg.moonQueen ? core.taken[s * 4 + 2]! & QS_BIT : 0);
      if (!t) continue;
      if (holder >= 0) return 7;
      holder = s;
    }
    if (!this.moonAdds) return -1;
    return holder < 0 ? 6 : holder;
  }

  /** The finished hand's points per seat after the moon rule, into `child`. */
  private leaf(core: HandCore): void {
    const n = this.n;
    const pts = this.pts;
    core.rawPoints(pts);
    const shooter = core.shooter();
    if (shooter < 0) {
      for (let s = 0; s < n; s++) this.child[s] = pts[s]!;
      return;
    }
    const v = this.cfg.moonValue;
    const how = moonRuling(this.cfg.rules, v, pts, shooter, this.game.before, this.game.handsDone, null);
    for (let s = 0; s < n; s++)
      this.child[s] =
        s === shooter ? pts[s]! - (how === 'minus' ? 2 * v : v) : pts[s]! + (how === 'plus' ? v : 0);
  }
}
