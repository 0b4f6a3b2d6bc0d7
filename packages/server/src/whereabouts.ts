/**
 * Who is online and where, across every process, and notices to a user wherever their app is connected (issue #20,
 * friends). Built on Colyseus' presence — in one process its memory, in scaled mode Redis (`PrefixedRedisPresence`),
 * whose publish/subscribe reaches every process — so one implementation serves both; `test/whereabouts.test.ts`
 * runs the same suite on both.
 *
 * A user is online while their app has its notices stream open (`notices.ts`) or they sit at a table or in a
 * friends' room. Each process writes what it knows into two hashes per user — `wa:app:<user>` (field: this process)
 * and `wa:at:<user>` (field: the room) — each value carrying the time it holds until; the process renews its values
 * every `ttlMs / 3` and removes them when the stream closes or the player leaves. A process that dies leaves values
 * that run out by themselves, so nobody shows online for longer than `ttlMs` after their process is gone.
 *
 * ```ts
 * const w = new Whereabouts(() => matchMaker.presence, () => matchMaker.processId);
 * w.appOpened('u1');
 * await w.seated('u1', { room: 'T1', kind: 'quick' });
 * (await w.of(['u1'])).get('u1'); // { online: true, places: [{ room: 'T1', kind: 'quick', since }] }
 * const stop = await w.listen('u1', (n) => send(n)); // notices published by any process
 * ```
 */
import { LocalPresence, type Presence } from '@colyseus/core';
import type { Notice, PlaceKind } from '@hearts/protocol/http';

/** Where a user is: a room and what it is. */
export interface Place {
  readonly room: string;
  readonly kind: PlaceKind;
  readonly since: number;
}

export interface Whereabout {
  readonly online: boolean;
  readonly places: readonly Place[]; // newest first
}

export interface WhereaboutsOptions {
  readonly ttlMs?: number; // values hold this long unless renewed (default 60 s)
  readonly now?: () => number;
}

const appKey = (u: string) => `wa:app:${u}`;
/** The field of `wa:app:<user>` that a page asked for with the user's token writes (beside each process' field). */
const SEEN_FIELD = 'seen';
/** Users whose last `seen` write a process remembers (to skip writes) before it starts over. */
const SEEN_REMEMBERED = 10_000;
const atKey = (u: string) => `wa:at:${u}`;
const noticeTopic = (u: string) => `wa:notice:${u}`;

export class Whereabouts {
  private readonly apps = new Map<string, number>(); // user → open streams here
  private readonly seats = new Map<string, Map<string, Place>>(); // user → room → place, here
  private readonly seenAt = new Map<string, number>(); // user → when `seen` last wrote here
  private readonly ttlMs: number;
  private readonly now: () => number;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly presence: () => Presence,
    private readonly processId: () => string,
    options: WhereaboutsOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Starts renewing this process' values (every `ttlMs / 3`). */
  start(): void {
    this.timer ??= setInterval(() => void this.renew().catch(() => undefined), this.ttlMs / 3);
    this.timer.unref();
  }

  /** A notices stream of the user opened here. */
  async appOpened(userId: string): Promise<void> {
    this.apps.set(userId, (this.apps.get(userId) ?? 0) + 1);
    await this.writeApp(userId);
  }

  /** A notices stream of the user closed here: offline at once unless another is open (here or elsewhere). */
  async appClosed(userId: string): Promise<void> {
    const n = (this.apps.get(userId) ?? 1) - 1;
    if (n > 0) {
      this.apps.set(userId, n);
      return;
    }
    this.apps.delete(userId);
    await this.presence().hdel(appKey(userId), this.processId());
  }

  /**
   * The user asked for a page with their token (a tournament's page, which its client asks for again while it is
   * open): online for `ttlMs` from now, as with an open notices stream. Written at most every `ttlMs / 3` per user
   * and process, so a page polled every two seconds costs a write now and then.
   */
  async seen(userId: string): Promise<void> {
    const now = this.now();
    const last = this.seenAt.get(userId);
    if (last !== undefined && now - last < this.ttlMs / 3) return;
    if (this.seenAt.size >= SEEN_REMEMBERED) this.seenAt.clear(); // only saves writes: forgetting costs one each
    this.seenAt.set(userId, now);
    const p = this.presence();
    await p.hset(appKey(userId), SEEN_FIELD, JSON.stringify({ until: now + this.ttlMs }));
    await this.expire(p, appKey(userId));
  }

  /** The user is at a table or in a friends' room run here. */
  async seated(userId: string, place: { room: string; kind: PlaceKind }): Promise<void> {
    let rooms = this.seats.get(userId);
    if (!rooms) this.seats.set(userId, (rooms = new Map()));
    const known = rooms.get(place.room);
    const p: Place = { ...place, since: known?.kind === place.kind ? known.since : this.now() };
    rooms.set(place.room, p);
    await this.writeAt(userId, p);
  }

  /** The user left the room (or it closed). */
  async unseated(userId: string, room: string): Promise<void> {
    const rooms = this.seats.get(userId);
    rooms?.delete(room);
    if (rooms?.size === 0) this.seats.delete(userId);
    await this.presence().hdel(atKey(userId), room);
  }

  /** Whether each user is online, and where; users without any live value are offline and nowhere. */
  async of(userIds: readonly string[]): Promise<Map<string, Whereabout>> {
    const now = this.now();
    const p = this.presence();
    const out = new Map<string, Whereabout>();
    await Promise.all(
      userIds.map(async (u) => {
        const [apps, at] = await Promise.all([p.hgetall(appKey(u)), p.hgetall(atKey(u))]);
        const places: Place[] = [];
        for (const [room, value] of Object.entries(at ?? {})) {
          const v = parse(value);
          if (v && v.until > now && isKind(v.kind)) places.push({ room, kind: v.kind, since: v.since });
        }
        places.sort((a, b) => b.since - a.since || (a.room < b.room ? -1 : 1));
        const app = Object.values(apps ?? {}).some((v) => (parse(v)?.until ?? 0) > now);
        out.set(u, { online: app || places.length > 0, places });
      }),
    );
    return out;
  }

  /**
   * Those of the users who are connected now: an app open, a page asked for lately ({@link seen}), or seated at
   * any table or room (a tournament's table too, which friends are not shown).
   */
  async online(userIds: readonly string[]): Promise<Set<string>> {
    const now = this.now();
    const p = this.presence();
    const live = (v: string) => (parse(v)?.until ?? 0) > now;
    const out = new Set<string>();
    await Promise.all(
      userIds.map(async (u) => {
        const [apps, at] = await Promise.all([p.hgetall(appKey(u)), p.hgetall(atKey(u))]);
        if (Object.values(apps ?? {}).some(live) || Object.values(at ?? {}).some(live)) out.add(u);
      }),
    );
    return out;
  }

  /** Sends the user a notice at every app of theirs that is open now, on any process. */
  async notify(userId: string, notice: Notice): Promise<void> {
    await this.presence().publish(noticeTopic(userId), notice);
  }

  /** Hears the user's notices until the returned function is called. */
  async listen(userId: string, listener: (notice: Notice) => void): Promise<() => Promise<void>> {
    const topic = noticeTopic(userId);
    const callback = (n: unknown) => listener(n as Notice);
    await this.presence().subscribe(topic, callback);
    return async () => {
      await this.presence().unsubscribe(topic, callback);
    };
  }

  /** Writes every value of this process anew. */
  async renew(): Promise<void> {
    const writes: Promise<void>[] = [];
    for (const u of this.apps.keys()) writes.push(this.writeApp(u));
    for (const [u, rooms] of this.seats) for (const p of rooms.values()) writes.push(this.writeAt(u, p));
    await Promise.all(writes);
  }

  /** Stops renewing and removes this process' values (a drained process: its users are elsewhere or gone). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const p = this.presence();
    const id = this.processId();
    const dels: Promise<unknown>[] = [];
    for (const u of this.apps.keys()) dels.push(p.hdel(appKey(u), id));
    for (const [u, rooms] of this.seats) for (const r of rooms.keys()) dels.push(p.hdel(atKey(u), r));
    this.apps.clear();
    this.seats.clear();
    await Promise.all(dels);
  }

  private async writeApp(userId: string): Promise<void> {
    const p = this.presence();
    await p.hset(appKey(userId), this.processId(), JSON.stringify({ until: this.now() + this.ttlMs }));
    await this.expire(p, appKey(userId));
  }

  private async writeAt(userId: string, place: Place): Promise<void> {
    const p = this.presence();
    const value = { kind: place.kind, since: place.since, until: this.now() + this.ttlMs };
    await p.hset(atKey(userId), place.room, JSON.stringify(value));
    await this.expire(p, atKey(userId));
  }

  /**
   * A shared store forgets a user's hash some time after its last write (the values of a process that died). In
   * memory there is one process, which removes its values itself; Colyseus' memory presence would hold a timer
   * per key that keeps the process from exiting.
   */
  private async expire(p: Presence, key: string): Promise<void> {
    if (!(p instanceof LocalPresence)) await p.expire(key, Math.ceil((this.ttlMs * 2) / 1000));
  }
}

const KINDS: readonly string[] = ['quick', 'friends', 'daily', 'lobby'] satisfies PlaceKind[];
const isKind = (k: unknown): k is PlaceKind => typeof k === 'string' && KINDS.includes(k);

function parse(value: string): { until: number; kind?: unknown; since: number } | null {
  try {
    const v = JSON.parse(value) as { until?: unknown; kind?: unknown; since?: unknown };
    return typeof v.until === 'number'
      ? { until: v.until, kind: v.kind, since: typeof v.since === 'number' ? v.since : 0 }
      : null;
  } catch {
    return null;
  }
}
