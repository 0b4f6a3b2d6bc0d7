/**
 * Quick match: players wait here (one room for everyone) until {@link findMatches} seats them; each gets the
 * id of their new table in a `matched` message and joins it.
 */
import { ServerError, type AuthContext, type Client } from '@colyseus/core';
import { DEFAULT_RULES } from '@hearts/engine';
import {
  CLOSE_CODES,
  JOIN_ERRORS,
  quickMatchOptionsSchema,
  type QueueMessage,
} from '@hearts/protocol/socket';
import { tableId } from '../ids.js';
import { coolDownOf, leavePolicy } from '../manners.js';
import { findMatches, type Match, type Waiting } from '../matchmaking.js';
import { closestLevel } from '../rating/model.js';
import { botStandings, standing, userSubject } from '../rating/standings.js';
import { services } from '../services.js';
import type { TableRecord } from '../store/types.js';
import { GuardedRoom, type Auth, type Handlers } from './guarded.js';
import { ratedTable } from '../fairness/policy.js';
import { openTable, seatTable } from '../seating.js';

interface Entry extends Waiting {
  readonly name: string;
  readonly shown: number; // the displayed rating (idle decay applied); `rating` is μ on the same scale
  readonly provisional: boolean; // too few rated games: shown as "1500?"
  client: Client;
}

/**
 * A signed-in player with their standing now: quick match seats by skill (μ) and shows the displayed rating, and
 * never with someone they blocked or who blocked them.
 */
interface QuickAuth extends Auth {
  readonly shown: number;
  readonly provisional: boolean;
  readonly avoid: readonly string[]; // plain data: Colyseus keeps the auth with the seat reservation
}

export const MATCH_POLICY = { baseGap: 100, gapPerSecond: 20, seats: 4 } as const;

export class QuickRoom extends GuardedRoom {
  override maxClients = 100_000;
  private readonly queue = new Map<string, Entry>(); // by user
  private ticks = 0;

  override onCreate(): void {
    this.register();
    this.clock.setInterval(() => void this.tick(), 250);
  }

  static override async onAuth(token: string, options: unknown, context: AuthContext): Promise<QuickAuth> {
    const auth = await GuardedRoom.onAuth(token, options, context);
    const s = services();
    const now = Date.now();
    // A leaver's cool-down (src/manners.ts): refused with its end, before a place in the queue is taken.
    const cool = await coolDownOf(s.store, auth.userId, now, leavePolicy(s.config));
    if (cool.until !== null)
      throw new ServerError(
        JOIN_ERRORS.coolDown,
        `you left ${cool.leaves} rated games early within ${cool.windowMs / 3_600_000} h: quick match again at ${new Date(cool.until).toISOString()}`,
      );
    const [st, avoid] = await Promise.all([
      standing(s.store.progress, userSubject(auth.userId), now),
      s.store.manners.avoidedBy(auth.userId),
    ]);
    return {
      ...auth,
      rating: st.matchRating,
      shown: st.rating,
      provisional: st.provisional,
      avoid,
    };
  }

  override onJoin(client: Client, options: unknown, auth: QuickAuth): void {
    const s = services();
    if (s.draining)
      throw new ServerError(JOIN_ERRORS.restarting, 'the server is shutting down: no new tables');
    const o = quickMatchOptionsSchema.safeParse(options ?? {});
    if (!o.success)
      throw new ServerError(4211, 'quick match needs { rated: boolean, targetScore: 50 | 100 }');
    const old = this.queue.get(auth.userId);
    if (old && old.client !== client) old.client.leave(4102);
    this.queue.set(auth.userId, {
      id: auth.userId,
      name: auth.name,
      rating: auth.rating,
      shown: auth.shown,
      provisional: auth.provisional,
      rated: o.data.rated,
      targetScore: o.data.targetScore,
      since: old?.since ?? Date.now(),
      avoid: new Set(auth.avoid),
      client,
    });
    s.queueSize = this.queue.size;
    this.handOverToken(client, auth);
    this.sendStatus();
  }

  override onLeave(client: Client): void {
    for (const [id, e] of this.queue) if (e.client === client) this.queue.delete(id);
    services().queueSize = this.queue.size;
  }

  /**
   * The user deleted their account (called by the deleting request's process, maybe another: privacy-routes.ts):
   * out of the queue, their connection closed, so that no table is opened for them. True when they waited here.
   */
  accountDeleted(userId: string): boolean {
    const e = this.queue.get(userId);
    if (!e) return false;
    this.queue.delete(userId);
    services().queueSize = this.queue.size;
    e.client.leave(CLOSE_CODES.seatLost);
    this.sendStatus();
    return true;
  }

  protected handlers(): Handlers {
    return {};
  }

  private async tick(): Promise<void> {
    const s = services();
    if (s.draining || this.queue.size === 0) return;
    const now = Date.now();
    const matches = findMatches([...this.queue.values()], now, {
      ...MATCH_POLICY,
      waitMs: s.config.quickWaitMs,
    });
    for (const m of matches) {
      for (const p of m.players) this.queue.delete(p.id);
      await this.open(m as Match & { players: Entry[] }).catch((e: unknown) => {
        s.log.error({ err: e }, 'opening a quick match failed');
        for (const p of m.players as Entry[])
          p.client.send('error', { code: 'ERR_STORAGE', message: 'please try again' });
      });
    }
    s.queueSize = this.queue.size;
    if (++this.ticks % 4 === 0) this.sendStatus();
  }

  private async open(m: { players: Entry[]; bots: number }): Promise<void> {
    const s = services();
    const first = m.players[0]!;
    const db = s.store.progress;
    const bots = await botStandings(db, Date.now());
    // Bots fill empty seats at the level whose rating is closest to the players'.
    const mean = m.players.reduce((n, p) => n + p.rating, 0) / m.players.length;
    const level = closestLevel(mean, new Map([...bots].map(([l, st]) => [l, st.skill])));
    const rules = { ...DEFAULT_RULES, targetScore: first.targetScore };
    const seats = await seatTable(
      s.store,
      m.players.map((p) => ({
        userId: p.id,
        name: p.name,
        rating: first.rated ? p.shown : null,
        provisional: first.rated && p.provisional,
      })),
      { players: rules.players, botLevel: level, botRating: first.rated ? bots.get(level)!.rating : null },
    );
    const record: TableRecord = {
      id: tableId(),
      kind: 'quick',
      rated: ratedTable('quick', first.rated),
      rules,
      seats,
      botLevel: s.config.botLevel, // takes seats over
      status: 'playing',
      createdAt: Date.now(),
    };
    const roomId = await openTable(record);
    for (const p of m.players) p.client.send('matched', { roomId });
  }

  private sendStatus(): void {
    const now = Date.now();
    const wait = services().config.quickWaitMs;
    for (const e of this.queue.values()) {
      const same = [...this.queue.values()].filter(
        (x) => x.rated === e.rated && x.targetScore === e.targetScore,
      );
      const m: QueueMessage = {
        waitingMs: now - e.since,
        waiting: same.length,
        botsAfterMs: Math.max(0, e.since + wait - now),
      };
      e.client.send('queue', m);
    }
  }
}
