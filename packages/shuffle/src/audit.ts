/**
 * Checks, during and after a hand, that every card a seat sees passed or played fits the verified deal.
 *
 * ```ts
 * const audit = new HandAudit(verified.hands, { seat: 1, passOffset: 1, passCards: 3 });
 * audit.passed(['QS', 'AH', 'KH']); // what this seat passed
 * audit.received(['2C', '5D', '9S']); // must come from the passer's dealt hand
 * audit.played(3, 'TD'); // [] while everything fits; otherwise the problems, also kept in audit.problems
 * audit.finish(); // at the end of the hand: every card played, passes consistent
 * ```
 */
import { CardSet, makeCard, parseCard, type Card, type CardName } from '@hearts/engine';

/** What does not fit the deal. */
export type AuditCode =
  | 'ERR_BAD_CARD' // not a card name
  | 'ERR_NOT_DEALT' // the card is not in the deal at all (a removed card)
  | 'ERR_PLAYED_TWICE' // the card was already played
  | 'ERR_NOT_HELD' // the seat cannot hold that card, given the deal and the passes
  | 'ERR_PASS' // this seat's own pass does not fit its dealt hand
  | 'ERR_RECEIVED' // the cards this seat received are not from its passer's dealt hand
  | 'ERR_INCOMPLETE'; // at the end of the hand the plays do not account for the deal

export interface AuditProblem {
  readonly code: AuditCode;
  readonly seat: number | null;
  readonly card: CardName | null;
  readonly message: string;
}

/** The hand's passing: `passOffset` 0 means no passing (the engine's `passOffset(rules, handNumber)`). */
export interface AuditConfig {
  readonly seat: number; // the seat doing the audit
  readonly passOffset: number; // cards go this many seats to the left; 0 = no passing
  readonly passCards: number; // cards each seat passes when passing
}

/**
 * Follows one hand from one seat's point of view. It knows the whole verified deal, its own pass and the cards
 * it received, and every card played; it reports a card the server shows that no honest game could produce.
 * A seat other than the auditor may play cards from its own deal, or up to `passCards` cards from the deal of
 * the seat that passes to it; where the auditor passed or received, it knows those cards exactly.
 */
export class HandAudit {
  readonly problems: AuditProblem[] = []; // everything reported so far
  private readonly n: number;
  private readonly owner: Int8Array; // card → seat dealt it, −1 = not in the deal
  private readonly handSize: number;
  private readonly deal: readonly CardSet[];
  private playedBy = new Int8Array(52).fill(-1); // card → seat that played it
  private ownPass: CardSet | null = null;
  private ownReceived: CardSet | null = null;
  private readonly keptPlays: number[]; // per seat: cards of its own deal it played
  private readonly receivedPlays: number[]; // per seat: cards of its passer's deal it played

  constructor(
    hands: readonly (readonly (Card | CardName)[])[] | readonly CardSet[],
    private readonly config: AuditConfig,
  ) {
    this.n = hands.length;
    this.owner = new Int8Array(52).fill(-1);
    this.deal = hands.map((h, s) => {
      const set = h instanceof CardSet ? h : this.toSet(h);
      if (!set) throw new TypeError(`hand ${s} must list distinct cards`);
      return set;
    });
    const all = this.deal.reduce((u, h) => u.union(h), CardSet.EMPTY);
    if (all.size() !== this.deal.reduce((n, h) => n + h.size(), 0))
      throw new TypeError('a card is dealt twice');
    this.deal.forEach((h, s) => {
      for (const c of h) this.owner[c] = s;
    });
    this.handSize = this.deal[0]?.size() ?? 0;
    this.keptPlays = new Array<number>(this.n).fill(0);
    this.receivedPlays = new Array<number>(this.n).fill(0);
  }

  private passing(): boolean {
    return this.config.passOffset % this.n !== 0;
  }

  /** The seat that passes to `seat`. */
  private passerOf(seat: number): number {
    return (seat - this.config.passOffset + this.n * 8) % this.n;
  }

  /** The seat that `seat` passes to. */
  private receiverOf(seat: number): number {
    return (seat + this.config.passOffset) % this.n;
  }

  private report(code: AuditCode, seat: number | null, card: Card | null, message: string): AuditProblem[] {
    const p: AuditProblem = { code, seat, card: card === null ? null : makeCard(card), message };
    this.problems.push(p);
    return [p];
  }

  private toSet(cards: Iterable<Card | string>): CardSet | undefined {
    const list = [...cards].map((c) => (typeof c === 'number' ? c : parseCard(c)));
    if (list.some((c) => c === undefined || c < 0 || c > 51 || !Number.isInteger(c))) return undefined;
    const set = CardSet.fromCards(list as Card[]);
    return set.size() === list.length ? set : undefined;
  }

  /** The auditor's own pass. */
  passed(cards: Iterable<Card | string>): AuditProblem[] {
    const me = this.config.seat;
    const set = this.toSet(cards);
    if (!this.passing()) return this.report('ERR_PASS', me, null, 'no cards are passed in this hand');
    if (!set || set.size() !== this.config.passCards || !set.isSubsetOf(this.deal[me]!))
      return this.report(
        'ERR_PASS',
        me,
        null,
        `your pass is not ${this.config.passCards} cards of your dealt hand`,
      );
    this.ownPass = set;
    return [];
  }

  /** The cards the auditor received. */
  received(cards: Iterable<Card | string>): AuditProblem[] {
    const me = this.config.seat;
    const from = this.passerOf(me);
    const set = this.toSet(cards);
    if (!this.passing()) return this.report('ERR_RECEIVED', me, null, 'no cards are passed in this hand');
    if (!set || set.size() !== this.config.passCards || !set.isSubsetOf(this.deal[from]!)) {
      const stray = set ? (set.diff(this.deal[from]!).first() ?? null) : null;
      return this.report(
        'ERR_RECEIVED',
        me,
        stray,
        `the cards you received are not ${this.config.passCards} cards of seat ${from}'s dealt hand`,
      );
    }
    this.ownReceived = set;
    return [];
  }

  /** A card played by `seat`. */
  played(seat: number, card: Card | string): AuditProblem[] {
    const c = typeof card === 'number' ? card : parseCard(card);
    if (c === undefined || !Number.isInteger(c) || c < 0 || c > 51)
      return this.report('ERR_BAD_CARD', seat, null, `"${String(card)}" is not a card`);
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.n)
      return this.report('ERR_NOT_HELD', seat, c, `seat ${seat} is not at this table`);
    const o = this.owner[c]!;
    if (o < 0) return this.report('ERR_NOT_DEALT', seat, c, `${makeCard(c)} is not in the deal`);
    const before = this.playedBy[c]!;
    if (before >= 0)
      return this.report('ERR_PLAYED_TWICE', seat, c, `${makeCard(c)} was already played by seat ${before}`);
    this.playedBy[c] = seat;
    const why = this.cannotHold(seat, c, o);
    if (why) return this.report('ERR_NOT_HELD', seat, c, `seat ${seat} cannot hold ${makeCard(c)}: ${why}`);
    return [];
  }

  /** Why `seat` cannot play card `c` dealt to seat `o`, or undefined if it may. Counts the play when it may. */
  private cannotHold(seat: number, c: Card, o: number): string | undefined {
    const me = this.config.seat;
    const k = this.config.passCards;
    if (!this.passing()) return o === seat ? undefined : `it was dealt to seat ${o}`;
    if (o === seat) {
      if (seat === me && this.ownPass?.has(c)) return 'you passed it';
      if (this.receiverOf(seat) === me && seat !== me && this.ownReceived?.has(c))
        return 'it was passed to you';
      if (++this.keptPlays[seat]! > this.handSize - k) return `it passed ${k} of its dealt cards away`;
      return undefined;
    }
    if (o !== this.passerOf(seat)) return `it was dealt to seat ${o}, which does not pass to seat ${seat}`;
    if (seat === me && this.ownReceived && !this.ownReceived.has(c)) return 'you did not receive it';
    if (o === me && this.ownPass && !this.ownPass.has(c)) return 'you did not pass it';
    if (++this.receivedPlays[seat]! > k) return `it received only ${k} cards from seat ${o}`;
    return undefined;
  }

  /** At the end of the hand: every dealt card was played, and the auditor played exactly what it held. */
  finish(): AuditProblem[] {
    const out: AuditProblem[] = [];
    const missing: Card[] = [];
    for (let c = 0; c < 52; c++) if (this.owner[c]! >= 0 && this.playedBy[c]! < 0) missing.push(c);
    if (missing.length > 0)
      out.push(
        ...this.report(
          'ERR_INCOMPLETE',
          null,
          missing[0]!,
          `${missing.length} dealt card${missing.length > 1 ? 's were' : ' was'} never played (${missing.map(makeCard).join(' ')})`,
        ),
      );
    const me = this.config.seat;
    const mine = CardSet.fromCards([...Array(52).keys()].filter((c) => this.playedBy[c] === me));
    let held = this.deal[me] ?? CardSet.EMPTY;
    if (this.passing() && this.ownPass && this.ownReceived)
      held = held.diff(this.ownPass).union(this.ownReceived);
    if (this.passing() && (!this.ownPass || !this.ownReceived))
      out.push(
        ...this.report('ERR_INCOMPLETE', me, null, 'your pass or the cards you received were never shown'),
      );
    else if (!mine.equals(held))
      out.push(
        ...this.report('ERR_INCOMPLETE', me, null, 'the cards shown as yours are not the cards you held'),
      );
    return out;
  }
}
