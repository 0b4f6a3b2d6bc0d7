/**
 * A tournament's page pushed live: the events stream `GET /api/tournaments/:id/events` (Server-Sent Events,
 * `tournamentEventsPath` of `@hearts/protocol/http`). Each process keeps one {@link TournamentWatch} per tournament
 * that anyone watches here: it reads the tournament's rows from the store about once a second and, when their
 * public content changed, sends `changed` with the new version to every stream of that tournament, which then asks
 * for the page again (with its ETag). The standings derive from the store alone, so this holds across processes
 * (scaled mode) without any publishing: a result counted by another process is seen at the next read. The watch
 * stops when the last stream of its tournament closes, and ends every stream when the tournament has finished.
 *
 * Limits (docs/security.md): opening a stream counts against LIMIT_TOURNAMENTS per address; an address holds at
 * most {@link STREAMS_PER_ADDRESS} streams on a process and a process at most {@link STREAMS_MAX} (429 either way:
 * the page polls instead); a comment line every HEARTBEAT_MS keeps proxies from closing an idle stream.
 *
 * ```ts
 * const stream = tournamentStream(services);
 * await stream(req, res, 'Ab3x…'); // 200 text/event-stream, 204 once finished, or throws an HttpError
 * ```
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { TournamentEvent } from '@hearts/protocol/http';
import { HEARTBEAT_MS, HttpError, rateLimitError } from '../http-json.js';
import { clientAddress } from '../limits.js';
import type { Services } from '../services.js';
import type { TournamentStore } from '../store/types.js';
import { stateFromRows } from './runner.js';
import { phase } from './state.js';

/** Streams one address may hold open on one process (tabs; a few people behind one address). */
export const STREAMS_PER_ADDRESS = 16;
/** Streams one process holds at most, over every tournament and address. */
export const STREAMS_MAX = 20_000;
/** How often a watched tournament's rows are read. */
export const WATCH_MS = 1000;

/** The path of a tournament's events stream: its id, or null for another path. */
export function streamId(path: string): string | null {
  const m = /^\/api\/tournaments\/([A-Za-z0-9_-]{1,40})\/events$/.exec(path);
  return m ? m[1]! : null;
}

/** What a watcher of one tournament is told. */
export interface StreamSubscriber {
  changed(version: string): void; // the public content has this version now
  finished(): void; // it has finished (or is gone): nothing will change any more
}

interface Watched {
  readonly subs: Set<StreamSubscriber>;
  version: string | null; // null until the first read
  timer: ReturnType<typeof setInterval> | null;
  reading: boolean;
}

/**
 * The version of a tournament's public content as the store holds it (null: no such tournament): a hash of its
 * status, phase, entrants and games (with their results), so it changes whenever the standings or the phase do.
 */
export async function tournamentVersion(
  db: TournamentStore,
  id: string,
  now: number,
): Promise<{ version: string; finished: boolean } | null> {
  const t = await db.get(id);
  if (!t) return null;
  const [entrants, games] = await Promise.all([db.entrants(id), db.games(id)]);
  const content = JSON.stringify([
    t.status,
    phase(stateFromRows(t, entrants, games), now),
    entrants.map((e) => [e.userId, e.name, e.presence]),
    games.map((g) => [g.gameId, g.status, g.result]),
  ]);
  const version = createHash('sha256').update(content).digest('base64url').slice(0, 22);
  return { version, finished: t.status === 'finished' };
}

/** Per process: one reader per watched tournament, shared by all its streams; stopped with the last stream. */
export class TournamentWatch {
  private readonly watched = new Map<string, Watched>();

  constructor(
    private readonly db: TournamentStore,
    private readonly log: Logger,
    private readonly everyMs: number = WATCH_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Tournaments watched on this process now. */
  get size(): number {
    return this.watched.size;
  }

  /** Adds a subscriber (told the current version as soon as it is known); returns how to remove it. */
  subscribe(id: string, sub: StreamSubscriber): () => void {
    let w = this.watched.get(id);
    if (!w) {
      w = { subs: new Set(), version: null, timer: null, reading: false };
      this.watched.set(id, w);
      const watched = w;
      watched.timer = setInterval(() => void this.read(id, watched), this.everyMs);
      watched.timer.unref();
      void this.read(id, watched);
    } else if (w.version !== null) {
      sub.changed(w.version);
    }
    w.subs.add(sub);
    const watched = w;
    return () => {
      watched.subs.delete(sub);
      if (watched.subs.size === 0) this.stop(id, watched);
    };
  }

  private stop(id: string, w: Watched): void {
    if (w.timer) clearInterval(w.timer);
    w.timer = null;
    if (this.watched.get(id) === w) this.watched.delete(id);
  }

  private async read(id: string, w: Watched): Promise<void> {
    if (w.reading || w.timer === null) return;
    w.reading = true;
    try {
      const v = await tournamentVersion(this.db, id, this.now());
      if (w.timer === null) return; // every stream closed meanwhile
      if (v !== null && v.version !== w.version) {
        w.version = v.version;
        for (const sub of [...w.subs]) sub.changed(v.version);
      }
      if (v === null || v.finished) {
        this.stop(id, w);
        for (const sub of [...w.subs]) sub.finished();
      }
    } catch (e) {
      this.log.warn({ err: e, tournament: id }, 'a tournament watch could not read'); // tried again next time
    } finally {
      w.reading = false;
    }
  }
}

/**
 * The handler of `GET /api/tournaments/:id/events`. Refusals before the stream starts are thrown as HttpErrors
 * (404, 405, 429, 503); a finished tournament answers 204 (an EventSource does not reconnect after it).
 */
export function tournamentStream(s: Services, watch = new TournamentWatch(s.store.tournaments, s.log)) {
  const open = new Map<string, number>(); // address → streams on this process
  let total = 0;
  const handler = async (req: IncomingMessage, res: ServerResponse, id: string): Promise<void> => {
    if (req.method !== 'GET')
      throw new HttpError(405, 'ERR_METHOD', 'use GET for a tournament’s events', { allow: 'GET' });
    const address = clientAddress(req, s.config.trustProxy);
    const limited = await s.limits.take('tournaments', address);
    if (limited) throw rateLimitError(limited);
    if (s.draining) throw new HttpError(503, 'ERR_DRAINING', 'the server is shutting down');
    const t = await s.store.tournaments.get(id);
    if (!t) throw new HttpError(404, 'ERR_NOT_FOUND', `no tournament ${id}`);
    if (t.status === 'finished') {
      res.writeHead(204, { 'cache-control': 'no-store' }).end();
      return;
    }
    if ((open.get(address) ?? 0) >= STREAMS_PER_ADDRESS || total >= STREAMS_MAX)
      throw new HttpError(
        429,
        'ERR_RATE_LIMIT',
        `at most ${STREAMS_PER_ADDRESS} tournament streams at once from one address: the page is polled instead`,
        { 'retry-after': '30' },
      );
    open.set(address, (open.get(address) ?? 0) + 1);
    total++;
    let closed = false;
    let unsubscribe: (() => void) | null = null;
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      total--;
      const n = (open.get(address) ?? 1) - 1;
      if (n > 0) open.set(address, n);
      else open.delete(address);
      unsubscribe?.();
    };
    res.on('close', close);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no', // no buffering in a proxy in front
    });
    res.write(': tournament\n\n');
    const send = (e: TournamentEvent) => {
      if (!closed) res.write(`data: ${JSON.stringify(e)}\n\n`);
    };
    unsubscribe = watch.subscribe(id, {
      changed: (version) => send({ type: 'changed', version }),
      finished: () => {
        res.end();
        close();
      },
    });
    if (closed) unsubscribe();
  };
  return Object.assign(handler, {
    watch,
    /** Streams open now, per address (tests). */
    open,
  });
}
