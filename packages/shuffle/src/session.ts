/**
 * The protocol's state on each side of one hand: {@link ShuffleSession} for a seat's client, {@link ShuffleRound}
 * for the server. Messages are the caller's business; these classes say what to send and refuse what the
 * protocol forbids (a reveal before the full commitment list, a seed that does not open its commitment …).
 *
 * ```ts
 * // client                                            // server
 * const me = new ShuffleSession({ tableId, handNumber, players: 4, seat: 1 });
 * send(me.commitment);                                  round.commit(1, c);   round.commitBot(3);
 * me.receiveCommitments(list, hash);                    const { commitments, commitmentsHash } = round.published()!;
 * send(me.reveal().value);                              round.reveal(1, seedHex);
 * const verdict = me.verify(transcript, dealtCards);    const transcript = round.finish().value;
 * ```
 */
import { err, ok, parseCard, type Card, type CardName, type Result } from '@hearts/engine';
import {
  commitment,
  commitmentsHash,
  isHex64,
  isTableId,
  makeSeed,
  seedFromHex,
  seedToHex,
  shortHash,
  type RandomBytes,
} from './crypto.js';
import {
  buildTranscript,
  verifyTranscript,
  type DieSuit,
  type Transcript,
  type VerifyResult,
} from './transcript.js';

/** Why a protocol step was refused. */
export interface ShuffleError {
  readonly code:
    | 'ERR_WRONG_STEP' // the step does not fit the protocol's order
    | 'ERR_BAD_COMMITMENTS' // the commitment list is malformed or its hash is wrong
    | 'ERR_OWN_COMMITMENT_MISSING' // this seat's commitment is not in its place
    | 'ERR_BAD_SEAT' // no such seat
    | 'ERR_BAD_COMMITMENT' // not 64 lowercase hex digits
    | 'ERR_ALREADY' // the seat already committed or revealed
    | 'ERR_SEED_MISMATCH' // the seed does not open the seat's commitment
    | 'ERR_BAD_SAVED'; // a saved session that cannot be restored
  readonly message: string;
}

const refuse = (code: ShuffleError['code'], message: string): Result<never, ShuffleError> =>
  err({ code, message });

/** A table's hand, as both sides know it before the shuffle. */
export interface HandInfo {
  readonly tableId: string; // printable ASCII without "|"
  readonly handNumber: number; // counted from 0 within the game
  readonly players: number; // 3..6
  readonly removedCards?: readonly string[]; // the rule set's removed cards
  readonly sevenOfDie?: boolean; // the rules roll the die: the seeds roll it too (in the transcript)
}

function checkHandInfo(info: HandInfo): void {
  if (!isTableId(info.tableId)) throw new TypeError('tableId must be printable ASCII without "|"');
  if (!Number.isSafeInteger(info.handNumber) || info.handNumber < 0)
    throw new TypeError('handNumber must be a whole number ≥ 0');
  if (!Number.isInteger(info.players) || info.players < 3 || info.players > 6)
    throw new TypeError('players must be 3..6');
}

/**
 * What a seat keeps of a hand so that it can finish the protocol after a reload: its seed (secret until the
 * reveal; kept only on the seat's own device), the list it was shown, and whether it revealed.
 */
export interface SavedSession {
  readonly info: HandInfo & { readonly seat: number };
  readonly seed: string; // 64 hex digits
  readonly commitments: readonly string[] | null;
  readonly commitmentsHash: string | null;
  readonly revealed: boolean;
}

/** A seat's client side: commit → receive the commitment list → reveal → verify. */
export class ShuffleSession {
  readonly seed: Uint8Array; // the secret s_i; never sent before the full commitment list is here
  readonly commitment: string; // c_i, to send at once
  private list: readonly string[] | null = null; // C as shown by the server
  private hash: string | null = null;
  private revealed = false;

  constructor(
    readonly info: HandInfo & { readonly seat: number },
    random?: RandomBytes, // tests only; real seeds come from crypto.getRandomValues
  ) {
    checkHandInfo(info);
    if (!Number.isInteger(info.seat) || info.seat < 0 || info.seat >= info.players)
      throw new TypeError(`seat must be 0..${info.players - 1}`);
    this.seed = makeSeed(random);
    this.commitment = commitment(info.tableId, info.handNumber, info.seat, this.seed);
  }

  /** The session as plain data, for {@link ShuffleSession.restore} after a reload. */
  saved(): SavedSession {
    return {
      info: this.info,
      seed: seedToHex(this.seed),
      commitments: this.list,
      commitmentsHash: this.hash,
      revealed: this.revealed,
    };
  }

  /**
   * The session that {@link saved} described, checked as if it were new: the hand, the seed, and the list with
   * its hash and this seat's commitment in its place. Anything else (a damaged or foreign entry) is refused.
   */
  static restore(data: unknown): Result<ShuffleSession, ShuffleError> {
    const d = data as Partial<Record<keyof SavedSession, unknown>> | null;
    const seed = typeof d?.seed === 'string' ? seedFromHex(d.seed) : undefined;
    const info = d?.info as SavedSession['info'] | undefined;
    if (!seed || typeof info !== 'object' || info === null)
      return refuse('ERR_BAD_SAVED', 'not a saved session');
    let session: ShuffleSession;
    try {
      session = new ShuffleSession(
        {
          tableId: info.tableId,
          handNumber: info.handNumber,
          players: info.players,
          seat: info.seat,
          ...(Array.isArray(info.removedCards) ? { removedCards: info.removedCards } : {}),
        },
        (bytes) => bytes.set(seed),
      );
    } catch (e) {
      return refuse('ERR_BAD_SAVED', `not a saved session: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (d!.commitments !== null && d!.commitments !== undefined) {
      const r = session.receiveCommitments(d!.commitments as unknown[], d!.commitmentsHash);
      if (!r.ok) return r;
      session.revealed = d!.revealed === true;
    }
    return ok(session);
  }

  /** The step the session is at. */
  get step(): 'committed' | 'listed' | 'revealed' {
    return this.revealed ? 'revealed' : this.list ? 'listed' : 'committed';
  }

  /** The commitments hash the table shows, short form (null until the list arrived). */
  get shownHash(): string | null {
    return this.hash === null ? null : shortHash(this.hash);
  }

  /** Takes the server's list C and its hash: the list must be complete, well formed, hashed right and hold this seat's commitment. */
  receiveCommitments(list: readonly unknown[], hash: unknown): Result<void, ShuffleError> {
    if (this.list) return refuse('ERR_WRONG_STEP', 'the commitment list already arrived');
    const n = this.info.players;
    if (!Array.isArray(list) || list.length !== n || !list.every(isHex64))
      return refuse('ERR_BAD_COMMITMENTS', `the commitment list must hold ${n} commitments of 64 hex digits`);
    const cs = list as string[];
    if (cs[this.info.seat] !== this.commitment)
      return refuse('ERR_OWN_COMMITMENT_MISSING', 'your commitment is not in its place in the list');
    if (hash !== commitmentsHash(cs))
      return refuse('ERR_BAD_COMMITMENTS', 'the commitments hash does not match the list');
    this.list = [...cs];
    this.hash = hash;
    return ok(undefined);
  }

  /** The seed to send to the server, privately; refused until the full commitment list arrived. */
  reveal(): Result<string, ShuffleError> {
    if (!this.list)
      return refuse('ERR_WRONG_STEP', 'the seed is revealed only after the full commitment list');
    this.revealed = true;
    return ok(seedToHex(this.seed));
  }

  /**
   * Checks the transcript published after the hand against everything this seat saw: the commitment list, its
   * seed and commitment, the cards it was dealt (before passing), and the table's die (whether its rules roll one,
   * and the suit it was shown), each if given.
   */
  verify(
    transcript: Transcript,
    dealt?: Iterable<Card> | readonly CardName[],
    die?: { readonly sevenOfDie: boolean; readonly shown: DieSuit | null },
  ): VerifyResult {
    return verifyTranscript(transcript, {
      ownSeat: this.info.seat,
      ownSeed: this.seed,
      ownCommitment: this.commitment,
      ...(this.list ? { seenCommitments: this.list } : {}),
      ...(dealt !== undefined ? { ownHand: dealt } : {}),
      ...(die ? { sevenOfDie: die.sevenOfDie } : {}),
      ...(die?.shown ? { ownDie: die.shown } : {}),
    });
  }
}

/**
 * The commitments of a hand as the server stores them before it publishes them: every seat's commitment and the
 * seeds the server drew itself (bots, seats that did not commit in time), so that a restarted server resumes at
 * the reveal step with the very same list.
 */
export interface StoredCommitments {
  readonly commitments: readonly string[];
  readonly serverSeeds: readonly (string | null)[]; // 64 hex digits, or null for a seat that committed itself
}

/** The server's side of one hand: collects commitments (drawing seeds for bots), seeds, timeouts; deals. */
export class ShuffleRound {
  private readonly commitments: (string | null)[];
  private readonly seeds: (Uint8Array | null)[];
  private readonly timedOut = new Set<number>();
  private readonly drawn = new Set<number>(); // seats whose seed the server drew
  private publishedList: { commitments: string[]; commitmentsHash: string } | null = null;

  constructor(
    readonly info: HandInfo,
    private readonly random?: RandomBytes, // tests only
  ) {
    checkHandInfo(info);
    this.commitments = new Array<string | null>(info.players).fill(null);
    this.seeds = new Array<Uint8Array | null>(info.players).fill(null);
  }

  private checkSeat(seat: number): Result<void, ShuffleError> {
    return Number.isInteger(seat) && seat >= 0 && seat < this.info.players
      ? ok(undefined)
      : refuse('ERR_BAD_SEAT', `seat must be 0..${this.info.players - 1}`);
  }

  /**
   * The round of a hand whose commitments were stored ({@link ShuffleRound.stored}) — after a restart: every
   * commitment in, the server's own seeds revealed, the list published as before.
   */
  static restore(info: HandInfo, stored: StoredCommitments): Result<ShuffleRound, ShuffleError> {
    const round = new ShuffleRound(info);
    const n = info.players;
    if (stored.commitments.length !== n || stored.serverSeeds.length !== n)
      return refuse('ERR_BAD_SAVED', `the stored commitments do not list ${n} seats`);
    for (let s = 0; s < n; s++) {
      const r = round.commit(s, stored.commitments[s]);
      if (!r.ok) return r;
    }
    round.published();
    for (let s = 0; s < n; s++) {
      const seed = stored.serverSeeds[s];
      if (seed === null || seed === undefined) continue;
      const r = round.reveal(s, seed);
      if (!r.ok) return r;
      round.drawn.add(s);
    }
    return ok(round);
  }

  /** A seat's commitment, once in. */
  committed(seat: number): string | null {
    return this.commitments[seat] ?? null;
  }

  /** The seats whose commitment is not in yet. */
  uncommitted(): number[] {
    return this.commitments.flatMap((c, i) => (c === null ? [i] : []));
  }

  /** What the server stores once every commitment is in, before it publishes the list (null before). */
  stored(): StoredCommitments | null {
    if (this.commitments.some((c) => c === null)) return null;
    return {
      commitments: this.commitments as string[],
      serverSeeds: this.seeds.map((s, i) => (s !== null && this.drawn.has(i) ? seedToHex(s) : null)),
    };
  }

  /** The seats whose seed the server drew (bots, seats that did not commit in time). */
  serverSeats(): number[] {
    return [...this.drawn].sort((a, b) => a - b);
  }

  /** A human seat's commitment. */
  commit(seat: number, c: unknown): Result<void, ShuffleError> {
    const s = this.checkSeat(seat);
    if (!s.ok) return s;
    if (!isHex64(c)) return refuse('ERR_BAD_COMMITMENT', 'a commitment is 64 lowercase hex digits');
    if (this.commitments[seat] !== null) return refuse('ERR_ALREADY', `seat ${seat} already committed`);
    this.commitments[seat] = c;
    return ok(undefined);
  }

  /** Draws a bot seat's seed and commits to it. */
  commitBot(seat: number): Result<void, ShuffleError> {
    const s = this.checkSeat(seat);
    if (!s.ok) return s;
    if (this.commitments[seat] !== null) return refuse('ERR_ALREADY', `seat ${seat} already committed`);
    const seed = makeSeed(this.random);
    this.commitments[seat] = commitment(this.info.tableId, this.info.handNumber, seat, seed);
    this.seeds[seat] = seed;
    this.drawn.add(seat);
    return ok(undefined);
  }

  /** The list C and its hash to send to every seat, once all seats committed (null before). Fixed from then on. */
  published(): { commitments: string[]; commitmentsHash: string } | null {
    if (this.publishedList) return this.publishedList;
    if (this.commitments.some((c) => c === null)) return null;
    const commitments = this.commitments as string[];
    this.publishedList = { commitments: [...commitments], commitmentsHash: commitmentsHash(commitments) };
    return this.publishedList;
  }

  /** A seat's revealed seed (hex); refused before the list is published, or when it does not open the commitment. */
  reveal(seat: number, seedHex: unknown): Result<void, ShuffleError> {
    const s = this.checkSeat(seat);
    if (!s.ok) return s;
    if (!this.publishedList)
      return refuse('ERR_WRONG_STEP', 'seeds are revealed only after the commitment list');
    if (this.seeds[seat] !== null || this.timedOut.has(seat))
      return refuse('ERR_ALREADY', `seat ${seat} already revealed or timed out`);
    const seed = typeof seedHex === 'string' ? seedFromHex(seedHex) : undefined;
    if (!seed || commitment(this.info.tableId, this.info.handNumber, seat, seed) !== this.commitments[seat])
      return refuse('ERR_SEED_MISMATCH', `seat ${seat}'s seed does not match its commitment`);
    this.seeds[seat] = seed;
    return ok(undefined);
  }

  /** The seats still to reveal. */
  waitingFor(): number[] {
    return this.seeds.flatMap((s, i) => (s === null && !this.timedOut.has(i) ? [i] : []));
  }

  /** Gives up on a seat that did not reveal in time: it gets the fallback seed. */
  timeout(seat: number): Result<void, ShuffleError> {
    const s = this.checkSeat(seat);
    if (!s.ok) return s;
    if (!this.publishedList)
      return refuse('ERR_WRONG_STEP', 'a seat times out only after the commitment list');
    if (this.seeds[seat] !== null) return refuse('ERR_ALREADY', `seat ${seat} already revealed`);
    this.timedOut.add(seat);
    return ok(undefined);
  }

  /**
   * Once every seat revealed or timed out: the transcript, the final deck, the deal (by seat, dealing order) and,
   * under `sevenOfDie`, the die (also in the transcript).
   */
  finish(): Result<
    { transcript: Transcript; deck: Card[]; hands: Card[][]; sevenSuit: DieSuit | null },
    ShuffleError
  > {
    const waiting = this.waitingFor();
    if (!this.publishedList || waiting.length > 0)
      return refuse(
        'ERR_WRONG_STEP',
        `still waiting for seat${waiting.length === 1 ? '' : 's'} ${waiting.join(', ')}`,
      );
    const { transcript, deck } = buildTranscript({
      ...this.info,
      removedCards: this.info.removedCards ?? [],
      commitments: this.publishedList.commitments,
      seeds: this.seeds.map((s) => s ?? new Uint8Array(32)),
      fallback: [...this.timedOut],
      sevenOfDie: this.info.sevenOfDie === true,
    });
    return ok({
      transcript,
      deck,
      hands: transcript.hands.map((h) => h.map((c) => parseCard(c)!)),
      sevenSuit: transcript.sevenSuit ?? null,
    });
  }
}
