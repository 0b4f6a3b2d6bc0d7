/**
 * `hearts-shuffle/1`: every seat shuffles the deck in turn, committed before anyone reveals, so the deal is uniform
 * as long as one seat's shuffle is honest, and every seat can check it after the hand. Runs in browsers and Node.
 *
 * ```ts
 * import { commitment, commitmentsHash, composeDeck, dealHands, makeTranscript, verifyTranscript } from '@hearts/shuffle';
 * const seeds = [0, 1, 2, 3].map((i) => new Uint8Array(32).fill(i));
 * const commitments = seeds.map((s, seat) => commitment('vector-1', 0, seat, s));
 * const t = makeTranscript({ tableId: 'vector-1', handNumber: 0, players: 4, removedCards: [], commitments, seeds });
 * verifyTranscript(t).ok; // true; t.hands[0] starts 8H 9D 4D
 * ```
 */
export {
  SHUFFLE_FORMAT,
  SEED_BYTES,
  webRandomBytes,
  makeSeed,
  isTableId,
  commitment,
  seedMatches,
  commitmentsHash,
  fallbackSeed,
  shortHash,
  seedToHex,
  seedFromHex,
  isHex64,
} from './crypto.js';
export type { RandomBytes } from './crypto.js';
export {
  SeatStream,
  seatStream,
  drawBelow,
  shuffleWith,
  canonicalDeck,
  composeDeck,
  dealHands,
  dealFromSeeds,
  parseCards,
} from './shuffle.js';
export type { RemovedCards, SeededDeal } from './shuffle.js';
export {
  parseTranscript,
  parseTranscripts,
  MAX_TRANSCRIPTS,
  makeTranscript,
  buildTranscript,
  verifyTranscript,
  recordDeal,
} from './transcript.js';
export type {
  Transcript,
  DieSuit,
  TranscriptFormatError,
  TranscriptInput,
  VerifyCode,
  VerifyFailure,
  VerifyOptions,
  VerifyResult,
  RecordDeal,
  RecordDealError,
} from './transcript.js';
export { HandAudit } from './audit.js';
export type { AuditCode, AuditProblem, AuditConfig } from './audit.js';
export { ShuffleSession, ShuffleRound } from './session.js';
export type { ShuffleError, HandInfo, SavedSession, StoredCommitments } from './session.js';
export {
  DAILY_FORMAT,
  DAY_PATTERN,
  isDay,
  dailyCommitment,
  dailyHandSeed,
  dailyDeal,
  makeDailyReveal,
  parseDailyReveal,
  verifyDailyReveal,
} from './daily.js';
export type {
  DailyHand,
  DailyReveal,
  DailyVerifyCode,
  DailyVerifyFailure,
  DailyVerifyResult,
} from './daily.js';
