/**
 * Live tables on the wire (`hearts-live/1`): message types, the view reducer and a reconnecting table client.
 *
 * ```ts
 * import { TableClient } from '@hearts/live';
 * const t = new TableClient({ url: 'http://localhost:3000', token, roomId });
 * await t.connect();
 * if (t.state?.view.legal.length) await t.move({ kind: 'play', card: t.state.view.legal[0]! });
 * ```
 */
export {
  LIVE_PROTOCOL,
  BOT_LEVELS,
  PROVISIONAL,
  CLIENT_MESSAGES,
  ERROR_CODES,
  LIMITS,
  CLOSE_CODES,
  JOIN_ERRORS,
  NAME_PATTERN,
} from './protocol.js';
export type {
  BotLevel,
  ClientMessageType,
  WireMove,
  MoveMessage,
  ChatMessage,
  MuteMessage,
  KickMessage,
  TableOptions,
  SeatInfo,
  RatingChange,
  ClockInfo,
  TableInfo,
  TableEvent,
  TakeoverReason,
  SnapshotMessage,
  PlayMessage,
  PassedMessage,
  GameMessage,
  ClockMessage,
  SeatsMessage,
  ErrorCode,
  ErrorMessage,
  ChatLine,
  ResultMessage,
  AgainMessage,
  NextMessage,
  LobbyMember,
  LobbyMessage,
  QuickMatchOptions,
  QueueMessage,
  MatchedMessage,
  TokenMessage,
  CommitMessage,
  RevealMessage,
  ShuffleMessage,
} from './protocol.js';
export { COSMETIC_SLOTS, COSMETICS, DEFAULT_LOOK, cosmetic, lookOf } from './cosmetics.js';
export type { CosmeticSlot, Cosmetic, SeatLook } from './cosmetics.js';
export { kickVotesNeeded } from './kick.js';
export { applyGameMessage, applyPlay, applyPassed } from './reducer.js';
export type { LiveState } from './reducer.js';
export { TableClient, LiveError, quickMatch, signedClient } from './client.js';
export { SeatShuffle } from './shuffle.js';
export type { ShuffleVerdict, SeatShuffleOptions, SessionKeeper } from './shuffle.js';
export type { TableClientOptions, ConnectionStatus, QuickMatchWait } from './client.js';
export type { QuickMatchOptions as QuickMatchRequest } from './client.js';
