/**
 * Tournaments in the integration tests: a stored arena to start from, a private one with players, its page polled
 * until a condition holds, its events stream read.
 */
import { request } from 'node:http';
import { DEFAULT_RULES } from '@hearts/engine';
import type { TableClient } from '@hearts/live';
import type { ResultMessage } from '@hearts/protocol/socket';
import {
  tournamentEventSchema,
  tournamentEventsPath,
  type TournamentEvent,
  type TournamentPage,
} from '@hearts/protocol/http';
import type { TournamentRecord } from '../src/store/tournaments.js';
import { DEFAULT_PAIRING } from '../src/tournament/pairing.js';
import { AutoPlayer, api, connect, guest } from './helpers.js';

export type User = Awaited<ReturnType<typeof guest>>;

/**
 * An arena of one-hand games with easy bots, to store as it is: by default it starts in an hour (the runner seats
 * nobody until then, so a test can write its games itself); `over` changes any field.
 */
export function arenaRecord(
  id: string,
  over: Partial<TournamentRecord> = {},
  now = Date.now(),
): TournamentRecord {
  return {
    id,
    kind: 'arena',
    name: 'Arena',
    hostId: null,
    scheduleKey: null,
    rules: { ...DEFAULT_RULES, handsToPlay: 1 },
    botLevel: 'easy',
    rated: false,
    maxPlayers: 10,
    pairing: DEFAULT_PAIRING,
    startsAt: now + 3_600_000,
    endsAt: now + 7_200_000,
    status: 'upcoming',
    createdAt: now,
    finishedAt: null,
    ...over,
  };
}

/** A private tournament of one-hand games starting now, created by the first of `n` guests and joined by all. */
export async function tournamentWith(
  url: string,
  n: number,
  over: Record<string, unknown> = {},
): Promise<{ id: string; users: User[] }> {
  const users = await Promise.all(Array.from({ length: n }, () => guest(url)));
  const created = await api<{ id: string }>(url, '/api/tournaments', {
    token: users[0]!.token,
    body: {
      name: 'Test arena',
      minutes: 30,
      hands: 1,
      startsIn: 0,
      rated: false,
      bots: true,
      botLevel: 'easy',
      maxPlayers: 16,
      ...over,
    },
  });
  if (created.status !== 200) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id;
  for (const u of users.slice(1)) {
    const r = await api(url, `/api/tournaments/${id}/join`, { method: 'POST', token: u.token });
    if (r.status !== 200) throw new Error(`join: ${r.status}`);
  }
  return { id, users };
}

export const pageOf = async (url: string, id: string, u?: User): Promise<TournamentPage> =>
  (await api<TournamentPage>(url, `/api/tournaments/${id}`, u ? { token: u.token } : {})).body;

/** Polls the page (as `u`) until `cond` holds; throws after `timeoutMs`. */
export async function waitPage(
  what: string,
  url: () => string,
  id: string,
  cond: (p: TournamentPage) => boolean,
  timeoutMs: number,
  u?: User,
): Promise<TournamentPage> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const p = await pageOf(url(), id, u).catch(() => null);
    if (p && cond(p)) return p;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(p)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A player of a tournament in a test: plays every table they are seated at, until stopped. */
export interface TournamentPlayer {
  readonly played: Set<string>; // the tables joined
  readonly results: Map<string, { seat: number; result: ResultMessage }>; // by table: what this player was told
  readonly refused: string[]; // the tables it came too late to join, each with the error
  readonly pageErrors: string[]; // polls of its page that failed (it polls again, as a page does)
  stop(): Promise<void>;
}

/**
 * Plays every table `u` is seated at in the tournament (polling its page as `u`, so the player is seen there),
 * with random legal moves, until stopped. A table it comes too late to join (on a busy machine the game may have
 * gone on and ended without it) is noted in `refused`, and it goes on to the next table the page gives it; a poll
 * of the page that fails (an HTTP error under load) is noted in `pageErrors`, and it polls again.
 */
export function tournamentPlayer(url: string, id: string, u: User, seed: number): TournamentPlayer {
  const played = new Set<string>();
  const results = new Map<string, { seat: number; result: ResultMessage }>();
  const refused: string[] = [];
  const pageErrors: string[] = [];
  let current: { client: TableClient; auto: AutoPlayer; table: string } | null = null;
  let stopped = false;
  const keep = () => {
    const c = current;
    if (c?.client.result && c.client.state)
      results.set(c.table, { seat: c.client.state.table.you, result: c.client.result });
  };
  const loop = (async () => {
    while (!stopped) {
      keep();
      const p = await api<TournamentPage>(url, `/api/tournaments/${id}`, { token: u.token }).then(
        (r) => (r.status === 200 ? r.body : (pageErrors.push(`HTTP ${r.status}`), null)),
        (e: unknown) => (pageErrors.push(e instanceof Error ? e.message : String(e)), null),
      );
      const table = p?.you?.tableId ?? null;
      if (table !== null && !played.has(table)) {
        played.add(table);
        current?.auto.stop();
        await current?.client.leave();
        current = null;
        try {
          const client = await connect(url, u.token, table);
          current = { client, auto: new AutoPlayer(client, seed++), table };
          current.auto.poke();
        } catch (e) {
          refused.push(`${table}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    keep();
    current?.auto.stop();
    await current?.client.leave();
  })();
  return {
    played,
    results,
    refused,
    pageErrors,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

/** Each user's table now (null: not seated). */
export const tablesOf = async (url: string, id: string, users: readonly User[]): Promise<(string | null)[]> =>
  Promise.all(users.map(async (u) => (await pageOf(url, id, u)).you?.tableId ?? null));

/** A tournament's events stream as a page would hold it: the status, then every event heard until closed. */
export interface EventsStream {
  readonly status: number;
  readonly events: TournamentEvent[];
  readonly ended: Promise<void>; // the server ended the stream (or it was closed)
  close(): void;
}

/** Opens `GET /api/tournaments/:id/events` from the address `from`; resolves once the status has arrived. */
export function openEvents(url: string, id: string, from = '127.0.0.1'): Promise<EventsStream> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: u.port, path: tournamentEventsPath(id), localAddress: from, agent: false },
      (res) => {
        const events: TournamentEvent[] = [];
        let buffer = '';
        const ended = new Promise<void>((done) => {
          res.on('end', done);
          res.on('close', done);
          res.on('error', () => done());
        });
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of event.split('\n'))
              if (line.startsWith('data: ') && res.statusCode === 200)
                events.push(tournamentEventSchema.parse(JSON.parse(line.slice(6))));
          }
        });
        resolve({ status: res.statusCode ?? 0, events, ended, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
