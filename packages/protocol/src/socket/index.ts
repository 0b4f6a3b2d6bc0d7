/**
 * `hearts-live/1`: the messages between a live table and its clients, as zod schemas by domain (the game and its
 * table, chat, the friends' room and quick match, the fair shuffle) with their types inferred from them. The server
 * is authoritative: a client sends intentions (`move`, `chat`, `kick` …), checked with {@link CLIENT_SCHEMAS}, the
 * server's engine decides, and every client receives only its own seat's view. Game messages carry the table's
 * version `v` (the number of events the table has applied); a client that sees a gap asks for a full snapshot with
 * `sync`. Every join names the protocol's version ({@link joinOptions}); a server refuses another.
 *
 * ```ts
 * client.joinById(roomId, joinOptions());
 * room.send('move', { id: 'm1', move: { kind: 'play', card: '2C' } } satisfies MoveMessage);
 * room.onMessage('game', (m: GameMessage) => { view = applyGameMessage(view, m) ?? view; });
 * ```
 */
export {
  LIVE_PROTOCOL,
  BOT_LEVELS,
  PROVISIONAL,
  makeRecordName,
  parseRecordName,
  ERROR_CODES,
  LIMITS,
  CHAT_KEPT,
  NAME_PATTERN,
  DEFAULT_RECONNECT_MS,
  CLOSE_CODES,
  JOIN_ERRORS,
} from './constants.js';
export type { BotLevel, RecordName, ErrorCode } from './constants.js';
export { joinOptions, protocolRefusal } from './join.js';
export type { JoinOptions } from './join.js';
export { card, cards, wireMove } from './wire.js';
export type { WireMove } from './wire.js';
export {
  moveMessageSchema,
  kickMessageSchema,
  syncMessageSchema,
  TAKEOVER_REASONS,
  TABLE_KINDS,
  seatInfoSchema,
  clockInfoSchema,
  tableInfoSchema,
  tableEventSchema,
  snapshotMessageSchema,
  playMessageSchema,
  passedMessageSchema,
  gameMessageSchema,
  watchTableInfoSchema,
  watchMessageSchema,
  clockMessageSchema,
  seatsMessageSchema,
  errorMessageSchema,
  ratingChangeSchema,
  resultMessageSchema,
  againMessageSchema,
  nextMessageSchema,
  tokenMessageSchema,
  watchersMessageSchema,
  watchersChoiceSchema,
} from './game.js';
export type {
  MoveMessage,
  KickMessage,
  TakeoverReason,
  SeatInfo,
  ClockInfo,
  TableKind,
  TableInfo,
  TableEvent,
  SnapshotMessage,
  PlayMessage,
  PassedMessage,
  GameMessage,
  WatchTableInfo,
  WatchMessage,
  ClockMessage,
  SeatsMessage,
  ErrorMessage,
  RatingChange,
  ResultMessage,
  AgainMessage,
  NextMessage,
  TokenMessage,
  WatchersMessage,
  WatchersChoice,
} from './game.js';
export { chatMessageSchema, muteMessageSchema, chatLineSchema, watcherChatLineSchema } from './chat.js';
export type { ChatMessage, MuteMessage, ChatLine, WatcherChatLine } from './chat.js';
export {
  optionsMessageSchema,
  tableOptionsSchema,
  lobbyMemberSchema,
  lobbyMessageSchema,
  quickMatchOptionsSchema,
  queueMessageSchema,
  matchedMessageSchema,
} from './lobby.js';
export type {
  OptionsMessage,
  TableOptions,
  LobbyMember,
  LobbyMessage,
  QuickMatchOptions,
  QueueMessage,
  MatchedMessage,
} from './lobby.js';
export { commitMessageSchema, revealMessageSchema, shuffleMessageSchema } from './shuffle.js';
export type { CommitMessage, RevealMessage, ShuffleMessage } from './shuffle.js';
export { CLIENT_SCHEMAS, CLIENT_MESSAGES, parseClientMessage } from './client.js';
export type { ClientMessageType, ClientMessage } from './client.js';
