/**
 * A seat's side of the fair shuffle `hearts-shuffle/1` at a live table: commits with a fresh seed from
 * `crypto.getRandomValues` when the server asks, reveals only once the full commitment list holds its own
 * commitment under the right hash, follows the hand (its dealt cards, its pass, what it received, every card
 * played) and, when the transcript arrives after the hand, verifies it on its own: "Deal verified ✓" or exactly
 * what failed.
 *
 * ```ts
 * const fair = new SeatShuffle((type, m) => room.send(type, m));
 * room.onMessage('shuffle', (m) => fair.receive(m, state));
 * fair.observe(state); // after every view change
 * fair.verdicts.get(handNumber); // { ok, failures, … } once the hand is over and its transcript is in
 * ```
 */
import type { CardName, TrickView } from '@hearts/engine';
import {
  HandAudit,
  ShuffleSession,
  parseTranscript,
  shortHash,
  type DieSuit,
  type RandomBytes,
  type SavedSession,
  type Transcript,
} from '@hearts/shuffle';
import type { LiveState } from '@hearts/table';
import type { ShuffleMessage } from '@hearts/protocol/socket';

/** The outcome of one hand's verification. */
export interface ShuffleVerdict {
  readonly handNumber: number;
  readonly ok: boolean; // "Deal verified ✓"
  readonly failures: readonly string[]; // exactly what failed (empty when ok)
  readonly warnings: readonly string[]; // e.g. another seat's seed was replaced by a fallback
  readonly commitmentsHash: string | null; // the hash shown during the hand
  readonly transcript: Transcript | null; // as received (null: not a transcript at all)
  readonly absent: boolean; // this device took no part in the hand's shuffle (joined from elsewhere): not checkable
}

/**
 * Where a seat keeps its part of each hand's shuffle so that a reload can still reveal and verify (the browser:
 * localStorage, see packages/web/src/features/live/fair-keeper.ts). The seed is the seat's own secret: it never leaves the
 * device before the reveal.
 */
export interface SessionKeeper {
  load(tableId: string, handNumber: number, seat: number): unknown; // a SavedSession, or anything (checked)
  save(session: SavedSession): void;
}

export interface SeatShuffleOptions {
  readonly reveal?: boolean; // false: never reveal (tests: a seat that times out)
  readonly random?: RandomBytes; // tests only; seeds come from crypto.getRandomValues
  readonly keeper?: SessionKeeper; // keeps the sessions across reloads
}

/** What this seat saw of one hand. */
interface HandLog {
  readonly handNumber: number;
  session: ShuffleSession | null;
  list: readonly string[] | null; // the commitment list as first shown
  hash: string | null;
  readonly problems: string[]; // protocol steps the server got wrong during the hand
  dealt: CardName[] | null; // this seat's cards before passing
  passOffset: number;
  passCards: number;
  passed: readonly CardName[] | null;
  sentPass: readonly CardName[] | null; // what this client sent (the server's view of it could be altered)
  received: readonly CardName[] | null;
  sevenOfDie: boolean | null; // the table's rules roll the die (null: no view of the hand yet)
  die: DieSuit | null; // the die this seat was shown (after passing)
  readonly plays: Map<CardName, number>; // card → seat, in the order seen
  tricksRead: number; // completed tricks already read into `plays`
  looked: boolean; // the keeper was asked for this hand's session
  ended: boolean;
  transcript: unknown; // arrived, not yet verified
}

/** Notes who played each card of a trick not noted yet. */
function readTrick(h: HandLog, t: TrickView, players: number): void {
  for (let i = 0; i < t.cards.length; i++) {
    const c = t.cards[i]!;
    if (!h.plays.has(c)) h.plays.set(c, (t.leader + i) % players);
  }
}

export class SeatShuffle {
  readonly verdicts = new Map<number, ShuffleVerdict>();
  private readonly hands = new Map<number, HandLog>();
  private current: number | null = null; // the hand the last view showed

  constructor(
    private readonly send: (type: 'commit' | 'reveal', message: unknown) => void,
    private readonly options: SeatShuffleOptions = {},
  ) {}

  /** The short commitments hash of the hand being played (null before the list arrived). */
  shownHash(handNumber?: number): string | null {
    const h = this.hands.get(handNumber ?? this.current ?? -1);
    return h?.hash ? shortHash(h.hash) : null;
  }

  /** Whether this device holds its part of a hand's shuffle (false: it joined after the commit, from elsewhere). */
  tookPart(handNumber: number): boolean {
    return (this.hands.get(handNumber)?.session ?? null) !== null;
  }

  /** The full commitments hash shown for a hand. */
  fullHash(handNumber: number): string | null {
    return this.hands.get(handNumber)?.hash ?? null;
  }

  /** The latest verdict. */
  get latest(): ShuffleVerdict | null {
    let best: ShuffleVerdict | null = null;
    for (const v of this.verdicts.values()) if (!best || v.handNumber > best.handNumber) best = v;
    return best;
  }

  private log(handNumber: number): HandLog {
    let h = this.hands.get(handNumber);
    if (!h) {
      h = {
        handNumber,
        session: null,
        list: null,
        hash: null,
        problems: [],
        dealt: null,
        passOffset: 0,
        passCards: 0,
        passed: null,
        sentPass: null,
        received: null,
        sevenOfDie: null,
        die: null,
        plays: new Map(),
        tricksRead: 0,
        looked: false,
        ended: false,
        transcript: undefined,
      };
      this.hands.set(handNumber, h);
      for (const k of this.hands.keys()) if (k < handNumber - 3 && this.verdicts.has(k)) this.hands.delete(k);
    }
    return h;
  }

  /** A `shuffle` message from the server. `state`: the seat's current picture (for the table id and seat). */
  receive(m: ShuffleMessage, state: LiveState | null): void {
    if (typeof m !== 'object' || m === null || !Number.isSafeInteger(m.handNumber) || m.handNumber < 0)
      return;
    const h = this.log(m.handNumber);
    switch (m.step) {
      case 'commit': {
        if (state && (state.table.id !== m.tableId || state.table.you !== m.seat)) {
          h.problems.push('the server asked for a commitment for another table or seat');
          return;
        }
        h.session ??= this.kept(h, m.tableId, m.seat);
        if (!h.session) {
          try {
            h.session = new ShuffleSession(
              { tableId: m.tableId, handNumber: m.handNumber, players: m.players, seat: m.seat },
              this.options.random,
            );
          } catch (e) {
            h.problems.push(
              `the commitment request is not valid: ${e instanceof Error ? e.message : String(e)}`,
            );
            return;
          }
          this.keep(h.session);
        }
        this.send('commit', { handNumber: m.handNumber, commitment: h.session.commitment });
        return;
      }
      case 'commitments': {
        // A page reloaded between its commit and the list: its seed is in the keeper.
        if (!h.session && state) h.session = this.kept(h, state.table.id, state.table.you);
        if (!h.session) {
          h.problems.push('the commitment list arrived, but this device holds no seed for the hand');
          return;
        }
        if (h.list) {
          // Asked again (after a server restart): only the very same list may be answered.
          if (h.list.join() !== [...m.commitments].join() || h.hash !== m.commitmentsHash) {
            h.problems.push('the server showed a different commitment list the second time');
            return;
          }
        } else {
          const r = h.session.receiveCommitments(m.commitments as unknown[], m.commitmentsHash);
          if (!r.ok) {
            h.problems.push(`seed not revealed: ${r.error.message}`);
            return;
          }
          h.list = [...m.commitments];
          h.hash = m.commitmentsHash;
        }
        if (this.options.reveal === false) {
          this.keep(h.session);
          return;
        }
        const seed = h.session.reveal();
        this.keep(h.session);
        if (seed.ok) this.send('reveal', { handNumber: m.handNumber, seed: seed.value });
        return;
      }
      case 'transcript':
        h.transcript = m.transcript ?? null;
        this.tryVerify(h);
        return;
    }
  }

  /** The pass this client sent for a hand (checked against the deal, whatever the server shows). */
  sentPass(handNumber: number, cards: readonly CardName[]): void {
    this.log(handNumber).sentPass = [...cards];
  }

  /** Follows the seat's view: its dealt hand, passes and every card played. Call after every state change. */
  observe(state: LiveState | null): void {
    if (!state) return;
    const v = state.view;
    const n = v.players;
    const prev = this.current;
    this.current = v.handNumber;
    if (prev !== null && prev !== v.handNumber) {
      // The card that ended a hand arrives with the next hand's view.
      const e = state.event;
      const h = this.hands.get(prev);
      if (h && e.type === 'play' && !h.plays.has(e.card)) h.plays.set(e.card, e.seat);
      this.end(prev);
    }
    if (v.phase === 'deal') return;
    const h = this.log(v.handNumber);
    // A page that reloaded mid-hand: this device's part of the shuffle, if it kept it.
    if (!h.session && !h.looked) {
      h.looked = true;
      h.session = this.kept(h, state.table.id, state.table.you);
    }
    h.passOffset = v.passOffset;
    h.passCards = v.rules.passCards;
    if (v.passed) h.passed = v.passed;
    if (v.received) h.received = v.received;
    h.sevenOfDie = v.rules.sevenOfDie;
    if (v.sevenSuit) h.die = v.sevenSuit as DieSuit;
    // A completed trick never changes: each is read once (a snapshot may bring several at once).
    for (let i = h.tricksRead; i < v.tricks.length; i++) readTrick(h, v.tricks[i]!, n);
    h.tricksRead = Math.max(h.tricksRead, v.tricks.length);
    if (v.trick) readTrick(h, v.trick, n);
    if (h.dealt === null) h.dealt = this.dealtFrom(state, h);
    if (v.phase === 'gameOver') this.end(v.handNumber);
    else this.tryVerify(h);
  }

  /** The session the keeper holds for this hand and seat, with the list it was shown (null: none, or not valid). */
  private kept(h: HandLog, tableId: string, seat: number): ShuffleSession | null {
    const keeper = this.options.keeper;
    if (!keeper) return null;
    let data: unknown;
    try {
      data = keeper.load(tableId, h.handNumber, seat);
    } catch {
      return null;
    }
    if (data === undefined || data === null) return null;
    const r = ShuffleSession.restore(data);
    if (!r.ok) return null;
    const { info, commitments, commitmentsHash } = r.value.saved();
    if (info.tableId !== tableId || info.handNumber !== h.handNumber || info.seat !== seat) return null;
    if (commitments && !h.list) {
      h.list = [...commitments];
      h.hash = commitmentsHash;
    }
    return r.value;
  }

  private keep(session: ShuffleSession): void {
    try {
      this.options.keeper?.save(session.saved());
    } catch {
      // A full or refused storage: this seat just cannot verify after a reload.
    }
  }

  private end(handNumber: number): void {
    const h = this.hands.get(handNumber);
    if (!h) return;
    h.ended = true;
    this.tryVerify(h);
  }

  /** The seat's dealt cards from a view of the hand: held now + played − received + passed. */
  private dealtFrom(state: LiveState, h: HandLog): CardName[] | null {
    const v = state.view;
    const me = v.seat;
    const cards = new Set<CardName>(v.hand);
    for (const [c, s] of h.plays) if (s === me) cards.add(c);
    if (v.passOffset !== 0 && v.phase !== 'pass') {
      if (!v.passed || !v.received) return null;
      for (const c of v.received) cards.delete(c);
      for (const c of v.passed) cards.add(c);
    }
    return [...cards];
  }

  private tryVerify(h: HandLog): void {
    if (h.transcript === undefined || !h.ended || this.verdicts.has(h.handNumber)) return;
    this.verdicts.set(h.handNumber, this.verify(h));
  }

  private verify(h: HandLog): ShuffleVerdict {
    const base = { handNumber: h.handNumber, commitmentsHash: h.hash, absent: false };
    const parsed = parseTranscript(h.transcript);
    if (!parsed.ok)
      return {
        ...base,
        ok: false,
        failures: [`not a transcript: ${parsed.error.message}`],
        warnings: [],
        transcript: null,
      };
    const t = parsed.value;
    const failures: string[] = [...h.problems];
    if (t.handNumber !== h.handNumber)
      failures.push(`the transcript is for hand ${t.handNumber}, not ${h.handNumber}`);
    if (!h.session) {
      failures.push('this device took no part in the hand’s shuffle (no seed of yours was committed)');
      return { ...base, ok: false, absent: true, failures, warnings: [], transcript: t };
    }
    if (t.tableId !== h.session.info.tableId) failures.push('the transcript is for another table');
    const r = h.session.verify(
      t,
      h.dealt ?? undefined,
      h.sevenOfDie === null ? undefined : { sevenOfDie: h.sevenOfDie, shown: h.die },
    );
    failures.push(...r.failures.map((f) => f.message));
    if (h.dealt === null) failures.push('the cards you were dealt were never shown to you');
    if (r.failures.every((f) => f.code !== 'ERR_HANDS')) {
      try {
        const audit = new HandAudit(r.hands, {
          seat: h.session.info.seat,
          passOffset: h.passOffset,
          passCards: h.passCards,
        });
        if (h.passOffset % t.players !== 0) {
          const own = h.sentPass ?? h.passed;
          if (own) audit.passed(own);
          if (h.received) audit.received(h.received);
        }
        for (const [card, seat] of h.plays) audit.played(seat, card);
        audit.finish();
        failures.push(...audit.problems.map((p) => p.message));
      } catch (e) {
        failures.push(`the deal cannot be followed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return { ...base, ok: failures.length === 0, failures, warnings: r.warnings, transcript: t };
  }
}
