/**
 * What rooms need from the server around them. Colyseus keeps rooms in a process-wide registry and builds them
 * itself, so the running server registers its services here (one game server per process).
 */
import type { Room } from '@colyseus/core';
import type { Logger } from 'pino';
import type { Identity } from './auth.js';
import type { DailyDays } from './daily.js';
import type { BotPool } from './bots.js';
import type { ServerConfig } from './config.js';
import type { Failover } from './failover.js';
import type { Limits } from './limits.js';
import type { Metrics } from './metrics.js';
import type { PuzzleLibrary } from './puzzles/library.js';
import type { TablePresence } from './presence.js';
import type { GameStore } from './store/types.js';
import type { TableRecord } from './store/types.js';
import type { Deals } from './table.js';
import type { Whereabouts } from './whereabouts.js';
import type { EventWriter } from './writer.js';

export interface Services {
  readonly config: ServerConfig;
  readonly store: GameStore;
  readonly identity: Identity;
  readonly bots: BotPool;
  readonly writer: EventWriter;
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly internalKey: string; // proves that the server itself asked for a room (shared by every process)
  readonly presence: TablePresence; // which process runs which table
  readonly failover: Failover; // restores tables nobody runs; places new tables
  readonly limits: Limits; // rates per client address (guests, rooms, joins, logins): memory, or Redis when scaled
  readonly deals: ((table: TableRecord) => Deals) | undefined; // tests: other deals than the fair shuffle
  readonly daily: DailyDays; // the daily game's days: seeds, par, reveals
  readonly whereabouts: Whereabouts; // who is online and where, notices to open apps (across processes)
  readonly puzzles: PuzzleLibrary | null; // the puzzle library (PUZZLES_FILE), null without one
  draining: boolean; // SIGTERM: no new tables, connections closing
  queueSize: number; // quick match: players waiting
  readonly rooms: Set<Room>; // the rooms of this process
}

let current: Services | null = null;

export function setServices(s: Services | null): void {
  current = s;
}

export function services(): Services {
  if (!current) throw new Error('the game server is not running');
  return current;
}

/** The services, or null once the server has stopped. */
export const maybeServices = (): Services | null => current;
