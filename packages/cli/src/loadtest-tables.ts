/**
 * The tables of `hearts loadtest` that one thread runs: opens them (four headless `TableClient`s each, in a friends'
 * room), then plays them and measures each move's latency. The command runs one share in its own thread, or one
 * share per worker thread (`loadtest-worker.ts`); the main thread adds the shares up.
 *
 * ```ts
 * const share = await openShare(options, [0, 2, 4], say); // the tables of global index 0, 2 and 4
 * const played = await share.play(performance.now(), onTableDone); // after every share is open
 * ```
 */
import { randomInt, seededRandom, type CardName, type RandomSource } from '@hearts/engine';
import { TableClient } from '@hearts/live';
import { ROUTES, parseResponse, pathOf } from '@hearts/protocol/http';
import type { LiveState } from '@hearts/table';
import type { GameMessage, WireMove } from '@hearts/protocol/socket';

/** What a share needs to know of the run (plain data: it is passed to worker threads). */
export interface ShareOptions {
  readonly url: string;
  readonly tables: number; // of the whole run (the ramp spreads the starts of all of them)
  readonly hands: number;
  readonly seed: number;
  readonly timeoutMs: number; // give up on tables not finished by then
  readonly thinkMs: number; // mean thinking time per decision (uniform in [T/2, 3T/2]); 0: none
  readonly rampMs: number; // table i starts at i · rampMs / tables
}

/** One share's measurements: latencies in ms by kind of move, and the messages counted. */
export interface SharePlayed {
  readonly opened: number;
  readonly completed: number;
  readonly messages: number;
  readonly passes: number[];
  readonly plays: number[]; // every card but a hand's last
  readonly ends: number[]; // a hand's last card (answered by the hand's closing snapshot), a moon shooter's choice
  readonly lastDoneMs: number; // when the share's last table finished, in ms after the start
}

interface Sent {
  readonly at: number;
  readonly kind: WireMove['kind'];
  v: number | null;
}

/** One table: four clients, the moves they sent, and by version how many clients saw it and when the last did. */
interface TableRun {
  readonly index: number; // among all tables of the run
  readonly clients: TableClient[];
  readonly sent: Sent[];
  readonly seenCount: number[]; // by version
  readonly seenLast: number[]; // by version: when the last client so far received it
  readonly snapshotAt: boolean[]; // by version: the version's message was a snapshot (not a compact play)
  done: boolean;
}

/** A new guest's token (a clear error when the server is not there or limits new guests). */
export async function guest(url: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url + pathOf(ROUTES.guest), {
      method: ROUTES.guest.method,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  } catch (e) {
    const cause =
      (e as { cause?: { code?: string } }).cause?.code ?? (e instanceof Error ? e.message : String(e));
    throw new Error(`the game server at ${url} cannot be reached (${cause})`, { cause: e });
  }
  if (res.status === 429)
    throw new Error(
      'POST /api/guest: HTTP 429: the server limits requests and new guests per address; start it with ' +
        'LIMIT_API, LIMIT_GUESTS, LIMIT_ROOMS, LIMIT_JOINS and MAX_CONNECTIONS_PER_IP raised for a load test',
    );
  if (!res.ok) throw new Error(`POST /api/guest: HTTP ${res.status}`);
  const body = parseResponse(ROUTES.guest, await res.json());
  if (!body.ok) throw new Error(`POST /api/guest: not a guest: ${body.error}`);
  return body.value.token;
}

/** The move chooser of every load test: a random legal pass, card or moon choice, or null when not to move. */
export function decide(s: LiveState, rng: RandomSource): WireMove | null {
  const v = s.view;
  if (v.phase === 'pass' && v.passed === null && v.legal.length > 0) {
    const legal = [...v.legal];
    const cards: CardName[] = [];
    for (let i = 0; i < v.rules.passCards; i++) cards.push(legal.splice(randomInt(rng, legal.length), 1)[0]!);
    return { kind: 'pass', cards };
  }
  if (v.phase === 'play' && v.turn === v.seat && v.legal.length > 0)
    return { kind: 'play', card: v.legal[randomInt(rng, v.legal.length)]! };
  if (v.phase === 'moon' && v.moonShooter === v.seat) return { kind: 'moon', choice: 'plus' };
  return null;
}

/**
 * Plays one seat by itself until its game is over: each decision of `decide` after a thinking time, the next one
 * once the server acknowledged it, a refused one decided again. `sent` is told of each move as it goes out and
 * returns what to do with the table version that acknowledges it.
 */
export function autoplay(
  c: TableClient,
  rng: RandomSource,
  thinkMs: number,
  sent: (move: WireMove) => (v: number) => void,
): void {
  let busy = false; // a decision is being thought about or on its way
  const act = (): void => {
    const s = c.state;
    if (busy || !s || c.status !== 'open' || c.result) return;
    const move = decide(s, rng);
    if (!move) return;
    busy = true;
    const send = (): void => {
      if (c.status !== 'open') {
        busy = false;
        return;
      }
      const acknowledged = sent(move);
      c.move(move).then(
        (v) => {
          acknowledged(v);
          busy = false;
          act();
        },
        () => {
          busy = false;
          setTimeout(act, 10);
        },
      );
    };
    const think = thinkTime(thinkMs, rng);
    if (think > 0) setTimeout(send, think);
    else send();
  };
  c.subscribe(act);
  act();
}

/** A thinking time in ms: uniform between half and one and a half times the mean (0 when the mean is 0). */
export function thinkTime(meanMs: number, rng: RandomSource): number {
  if (meanMs <= 0) return 0;
  return meanMs / 2 + (meanMs * rng.nextUint32()) / 2 ** 32;
}

/** Runs `count` jobs with at most `limit` at a time. */
export async function pool<T>(count: number, limit: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await job(i);
      }
    }),
  );
  return out;
}

export const until = async (cond: () => boolean, ms: number): Promise<boolean> => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
};

/** How often a table is tried to be opened before it is left out. */
const OPEN_ATTEMPTS = 3;

/** A share of the run's tables, open and waiting for the start. */
export interface Share {
  readonly opened: number;
  /** Starts every table at its time after `started` (performance.now()); resolves when all are done or time is up. */
  play(started: number, tableDone: () => void): Promise<SharePlayed>;
  /** Closes every client. */
  close(): Promise<void>;
}

/**
 * Opens the tables of the given global indices (at most 25 at a time). A table that does not open is reported
 * and left out; a server that cannot be reached throws.
 */
export async function openShare(
  o: ShareOptions,
  indices: readonly number[],
  say: (line: string) => void,
): Promise<Share> {
  const runs: TableRun[] = [];
  const everyClient: TableClient[] = []; // closed at the end, whatever happens
  const close = async (): Promise<void> => {
    await Promise.all(
      everyClient.map((c) => Promise.race([c.leave(), new Promise((r) => setTimeout(r, 5000))])),
    );
  };
  try {
    await pool(indices.length, 25, async (k) => {
      const index = indices[k]!;
      // A busy server drops some requests (a keep-alive socket closed as it is reused, a seat reservation that
      // lapsed): a table that does not open is tried again, from new guests, up to OPEN_ATTEMPTS times.
      for (let attempt = 1; ; attempt++) {
        const clients: TableClient[] = [];
        try {
          const tokens = await Promise.all([0, 1, 2, 3].map(() => guest(o.url)));
          const host = await TableClient.createFriendsRoom({ url: o.url, token: tokens[0]! });
          clients.push(host);
          await Promise.all(
            tokens.slice(1).map(async (token) => {
              const c = new TableClient({ url: o.url, token, roomId: host.roomId });
              clients.push(c);
              await c.connect();
            }),
          );
          if (!(await until(() => clients.every((c) => c.lobby?.members.length === 4), 30_000)))
            throw new Error('the lobby did not fill within 30 s');
          host.send('options', { rules: { handsToPlay: o.hands }, botLevel: 'random' });
          everyClient.push(...clients);
          runs.push({
            index,
            clients: [host, ...clients.filter((c) => c !== host)],
            sent: [],
            seenCount: [],
            seenLast: [],
            snapshotAt: [],
            done: false,
          });
          return;
        } catch (e) {
          await Promise.all(
            clients.map((c) => Promise.race([c.leave(), new Promise((r) => setTimeout(r, 5000))])),
          );
          if (e instanceof Error && e.message.includes('cannot be reached')) throw e; // no server: no run
          if (attempt < OPEN_ATTEMPTS) {
            await new Promise((r) => setTimeout(r, 1000));
            continue;
          }
          say(
            `table ${index} did not open (${OPEN_ATTEMPTS} attempts): ${e instanceof Error ? e.message : String(e)}`,
          );
          return;
        }
      }
    });
  } catch (e) {
    await close();
    throw e;
  }
  return { opened: runs.length, play: (started, tableDone) => play(o, runs, started, tableDone), close };
}

async function play(
  o: ShareOptions,
  runs: TableRun[],
  started: number,
  tableDone: () => void,
): Promise<SharePlayed> {
  let messages = 0;
  const rng = seededRandom(o.seed + (runs[0]?.index ?? 0));
  for (const run of runs) {
    for (const c of run.clients) {
      c.tap((type, m) => {
        messages++;
        if (type !== 'game') return;
        const g = m as GameMessage;
        run.seenCount[g.v] = (run.seenCount[g.v] ?? 0) + 1;
        run.seenLast[g.v] = performance.now();
        if (g.kind === 'snapshot') run.snapshotAt[g.v] = true;
      });
      autoplay(c, rng, o.thinkMs, (move) => {
        const sent: Sent = { at: performance.now(), kind: move.kind, v: null };
        run.sent.push(sent);
        messages++;
        return (v) => (sent.v = v);
      });
    }
  }
  const timers: ReturnType<typeof setTimeout>[] = [];
  for (const run of runs) {
    const at = o.tables > 0 ? (run.index * o.rampMs) / o.tables : 0;
    const start = () => run.clients[0]!.send('start', {});
    const wait = started + at - performance.now();
    if (wait <= 0) start();
    else timers.push(setTimeout(start, wait));
  }
  let lastDoneAt = started;
  await until(() => {
    let all = true;
    for (const r of runs) {
      if (!r.done && r.clients.every((c) => c.result !== null)) {
        r.done = true;
        lastDoneAt = performance.now();
        tableDone();
      }
      all &&= r.done;
    }
    return all;
  }, o.timeoutMs + o.rampMs);
  for (const t of timers) clearTimeout(t);

  const passes: number[] = [];
  const plays: number[] = [];
  const ends: number[] = [];
  for (const run of runs)
    for (const s of run.sent) {
      if (s.v === null || (run.seenCount[s.v] ?? 0) < run.clients.length) continue;
      const ms = run.seenLast[s.v]! - s.at;
      if (s.kind === 'pass') passes.push(ms);
      else if (s.kind === 'play' && !run.snapshotAt[s.v]) plays.push(ms);
      else ends.push(ms);
    }
  return {
    opened: runs.length,
    completed: runs.filter((r) => r.done).length,
    messages,
    passes,
    plays,
    ends,
    lastDoneMs: lastDoneAt - started,
  };
}
