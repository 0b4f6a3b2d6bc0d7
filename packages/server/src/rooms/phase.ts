/**
 * Where a table's room is in its life ({@link Phase}), and what the room's modules share of it ({@link RoomParts}):
 * the room (`table-room.ts`) holds the phase and dispatches; the lobby's side (`friends.ts` `FriendsLobby`) and the
 * table's side (`at-table.ts` `TableSide`) act on the phase they are given, through these parts.
 */
import type { Client } from '@colyseus/core';
import type { ErrorMessage } from '@hearts/protocol/socket';
import type { Table } from '../table.js';
import type { RoomChat } from './chat.js';
import type { Connections, ReconnectWindows } from './connections.js';
import type { Lobby } from './lobby.js';
import type { Watchers } from './watchers.js';

/** A table's part of the room: the game, and the seats that asked to play again. */
export interface AtTable {
  readonly kind: 'table';
  readonly table: Table;
  readonly again: Set<number>; // seats that said `again` at the result
  rematching: boolean; // a quick table's new table is opening
}

/**
 * Where the room is in its life. `lobby`: a friends' room before its game — also reopened after it ("play again"),
 * then `lobby.lingering` holds the players still at the result; `starting`: the host's start waits for the store
 * (no newcomers, no second start, the options fixed); `table`: a game runs here, or ended here.
 */
export type Phase =
  | { readonly kind: 'lobby'; readonly lobby: Lobby }
  | { readonly kind: 'starting'; readonly lobby: Lobby }
  | AtTable;

/** What the room's modules share: its id and phase, its connections, windows, chat and watchers. */
export interface RoomParts {
  readonly roomId: string;
  phase: Phase;
  readonly conns: Connections; // the players' connections
  readonly windows: ReconnectWindows;
  readonly chat: RoomChat;
  readonly watchers: Watchers;
  sendError(client: Client, error: ErrorMessage): void;
  /** The user's reconnection window (a seat at a running table shows as away until it ends). */
  openWindow(userId: string): void;
  /** Friends see where a player is (`whereabouts.ts`). */
  showPlace(userId: string, here: boolean): void;
  /** The room's `live` listing, published again when it changed. */
  publishListing(): void;
  /** Whether the room closes once empty. */
  autoDispose: boolean;
  disconnect(): Promise<unknown>;
}
