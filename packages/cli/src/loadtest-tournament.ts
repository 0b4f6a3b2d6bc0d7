/**
 * `hearts loadtest --tournament`: N guests enter one private tournament (created here, or an existing one by id),
 * play it to its end from headless clients (`loadtest-players.ts`, in this thread or in worker threads), and the
 * final standings are checked against what the clients played (`checkStandings`): every line adds up, every game
 * counted is in the lines of exactly the players who played it to the end, and every player's points are recomputed
 * from the places its clients saw, with the scoring rule the server uses (`@hearts/server/tournament/scoring`).
 */
import { Worker } from 'node:worker_threads';
import { ROUTES, parseResponse, pathOf, type TournamentPage } from '@hearts/protocol/http';
import { POINT_UNIT, STREAK_WINS, placementUnits } from '@hearts/server/tournament/scoring';
import { guest, pool } from './loadtest-tables.js';
import {
  playShare,
  type FinishedTable,
  type PlayerSeen,
  type PlayersOptions,
  type PlayersPlayed,
} from './loadtest-players.js';
import type { PlayersWorkerInput } from './loadtest-players-worker.js';

export interface TournamentLoadOptions {
  readonly url: string;
  readonly players: number;
  readonly id: string | null; // an existing tournament to join; null: create a private one
  readonly hands: number; // per game (a created tournament)
  readonly minutes: number; // how long it runs (a created tournament)
  readonly startsIn: number; // minutes until it starts (a created tournament), so that everyone has joined
  readonly thinkMs: number;
  readonly workers: number;
  readonly seed: number;
  readonly pollMs: number;
  readonly timeoutMs: number; // after the tournament's end
  readonly progress?: (line: string) => void;
}

export interface TournamentLoadResult {
  id: string;
  players: number;
  tablesAtPeak: number; // games running at once, the most the observer's polls saw
  games: number; // counted by the server
  seconds: number; // from the first join to the end
  moves: number;
  moveLatencyMs: { p50: number; p99: number }; // a move's send to the server's acknowledgement
  polls: number; // of the page by the players
  notModified: number; // of them answered 304
  retries: number; // connections to a table tried again (a busy server drops some)
  errors: number; // client errors and failed checks
  checked: boolean; // the standings add up and every game counted exactly once
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function call<T extends typeof ROUTES.tournamentCreate | typeof ROUTES.tournamentJoin>(
  url: string,
  route: T,
  path: string,
  token: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(url + path, {
    method: route.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = (json as { message?: string } | null)?.message ?? '';
    throw new Error(
      `${route.method} ${path}: HTTP ${res.status} ${message}` +
        (res.status === 429
          ? ' (start the server with LIMIT_API, LIMIT_TOURNAMENTS and LIMIT_ROOMS raised)'
          : ''),
    );
  }
  return json;
}

/** Polls the page as a watcher (no token) until the tournament has finished; the most games running at once. */
async function observe(
  o: TournamentLoadOptions,
  id: string,
  until: number,
  say: (line: string) => void,
): Promise<{ page: TournamentPage | null; peak: number }> {
  let etag: string | null = null;
  let page: TournamentPage | null = null;
  let peak = 0;
  let told = '';
  while (Date.now() < until) {
    try {
      const res = await fetch(o.url + pathOf(ROUTES.tournament, { id }), {
        headers: etag ? { 'if-none-match': etag } : {},
      });
      if (res.ok) {
        const body = parseResponse(ROUTES.tournament, await res.json());
        if (body.ok) {
          page = body.value;
          etag = res.headers.get('etag');
        }
      } else await res.body?.cancel();
    } catch {
      // the next poll tells
    }
    if (page) {
      peak = Math.max(peak, page.running);
      const line = `${page.phase}: ${page.running} games running, ${page.finished} counted`;
      if (line !== told) say(line);
      told = line;
      if (page.phase === 'finished') break;
    }
    await new Promise((r) => setTimeout(r, o.pollMs));
  }
  return { page, peak };
}

/** The share of players of each thread: in this one, or in worker threads (players w, w + W, …). */
async function playAll(
  o: TournamentLoadOptions,
  options: PlayersOptions,
  tokens: readonly string[],
  say: (line: string) => void,
): Promise<PlayersPlayed[]> {
  const n = Math.min(o.workers, tokens.length);
  if (n <= 1) return [await playShare(options, tokens, say)];
  const url = new URL('./loadtest-players-worker.js', import.meta.url);
  return Promise.all(
    Array.from({ length: n }, (_, w) => {
      const input: PlayersWorkerInput = {
        options,
        tokens: tokens.slice(Math.floor((w * tokens.length) / n), Math.floor(((w + 1) * tokens.length) / n)),
        firstIndex: Math.floor((w * tokens.length) / n),
      };
      return new Promise<PlayersPlayed>((resolve, reject) => {
        const worker = new Worker(url, { workerData: input });
        let failed: string | null = null;
        worker.on(
          'message',
          (m: { type: string; line?: string; played?: PlayersPlayed; message?: string }) => {
            if (m.type === 'say') say(m.line!);
            else if (m.type === 'played') resolve(m.played!);
            else failed = m.message ?? 'a worker failed';
          },
        );
        worker.on('error', reject);
        worker.once('exit', (code) => reject(new Error(failed ?? `a worker exited with code ${code}`)));
      });
    }),
  );
}

/**
 * Checks the final standings against what the clients played; returns the failures. `page` is a watcher's page
 * (every line, up to TOURNAMENT_ROWS), `seen` what every player saw (its own line too). Every line must add up;
 * every game counted must be in the lines of exactly the players who played it to its game over; and each player's
 * points are recomputed from the places its clients saw with the tournament's own scoring rule
 * (`@hearts/server/tournament/scoring`: placement points, ties shared, doubled on a streak).
 */
export function checkStandings(page: TournamentPage, seen: PlayersPlayed['players']): string[] {
  const failures: string[] = [];
  const close = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  const counted = new Map<string, number>(); // game → lines it is in
  page.standings.forEach((row, i) => {
    const ids = row.results.map((r) => r.gameId);
    if (new Set(ids).size !== ids.length) failures.push(`${row.name}: a game counted twice`);
    if (row.games !== row.results.length)
      failures.push(`${row.name}: ${row.games} games but ${row.results.length} results`);
    const sum = row.results.reduce((a, r) => a + r.points, 0);
    if (!close(sum, row.points))
      failures.push(`${row.name}: ${row.points} points but results add up to ${sum}`);
    const prev = page.standings[i - 1];
    if (prev && (prev.points < row.points || (prev.points === row.points && prev.wins < row.wins)))
      failures.push(`${row.name}: ranked below ${prev.name} with more points or wins`);
    if (prev && (prev.rank === row.rank) !== (prev.points === row.points && prev.wins === row.wins))
      failures.push(`${row.name}: rank ${row.rank} after ${prev.name}'s ${prev.rank}`);
    for (const id of new Set(ids)) counted.set(id, (counted.get(id) ?? 0) + 1);
  });
  if (counted.size !== page.finished)
    failures.push(`the page counts ${page.finished} games, the standings hold ${counted.size}`);
  const playedBy = new Map<string, number>(); // game → clients that received its game over
  for (const p of seen) {
    for (const t of p.finished) playedBy.set(t.tableId, (playedBy.get(t.tableId) ?? 0) + 1);
    if (p.row) failures.push(...checkLine(p.row, p.finished));
  }
  for (const [g, n] of counted)
    if (playedBy.get(g) !== n)
      failures.push(`game ${g}: in ${n} lines, played to the end by ${playedBy.get(g) ?? 0}`);
  for (const g of playedBy.keys())
    if (!counted.has(g)) failures.push(`game ${g}: played to the end, not counted`);
  return failures;
}

/** One player's line against the tables it played to the end: the same games, and its points recomputed. */
function checkLine(row: NonNullable<PlayerSeen['row']>, finished: readonly FinishedTable[]): string[] {
  const failures: string[] = [];
  const mine = new Set(row.results.map((r) => r.gameId));
  const played = new Map(finished.map((t) => [t.tableId, t]));
  for (const t of played.keys())
    if (!mine.has(t)) failures.push(`game ${t}: played to the end, not in the player's line`);
  let streak = 0;
  let wins = 0;
  for (const r of row.results) {
    const t = played.get(r.gameId);
    if (!t) {
      failures.push(`game ${r.gameId}: in a line, but its player did not finish it`);
      return failures; // the places of that game are not known here: the streak after it cannot be recomputed
    }
    const place = t.places[t.seat]!;
    const doubled = streak >= STREAK_WINS;
    const points = (placementUnits(t.places)[t.seat]! * (doubled ? 2 : 1)) / POINT_UNIT;
    if (r.place !== place || r.doubled !== doubled || !(Math.abs(r.points - points) < 1e-6))
      failures.push(
        `game ${r.gameId}: counted as place ${r.place}, ${r.points} points${r.doubled ? ' (doubled)' : ''}; ` +
          `played: place ${place}, ${points} points${doubled ? ' (doubled)' : ''}`,
      );
    streak = place === 1 ? streak + 1 : 0;
    if (place === 1) wins++;
  }
  if (row.wins !== wins || row.streak !== streak)
    failures.push(
      `a line with ${row.wins} wins and a streak of ${row.streak}; played: ${wins} and ${streak}`,
    );
  return failures;
}

/** Signs in the guests, enters them, plays the tournament to its end, and checks the standings. */
export async function runTournamentLoadtest(o: TournamentLoadOptions): Promise<TournamentLoadResult> {
  const say = o.progress ?? (() => undefined);
  say(`signing in ${o.players} guests on ${o.url} …`);
  const tokens = await pool(o.players, 25, () => guest(o.url));
  const started = performance.now();
  let id = o.id;
  if (id === null) {
    const created = parseResponse(
      ROUTES.tournamentCreate,
      await call(o.url, ROUTES.tournamentCreate, pathOf(ROUTES.tournamentCreate), tokens[0]!, {
        name: 'Load test',
        minutes: o.minutes,
        hands: o.hands,
        startsIn: o.startsIn,
        rated: false,
        bots: true,
        botLevel: 'random',
        maxPlayers: Math.max(4, o.players),
      }),
    );
    if (!created.ok) throw new Error(`POST /api/tournaments: ${created.error}`);
    id = created.value.id;
    say(`created the private tournament ${id} (${o.minutes} minutes, ${o.hands} hands per game)`);
  }
  const tid = id;
  const joined = await pool(o.players - (o.id === null ? 1 : 0), 25, async (k) => {
    const token = tokens[k + (o.id === null ? 1 : 0)]!;
    const page = parseResponse(
      ROUTES.tournamentJoin,
      await call(o.url, ROUTES.tournamentJoin, pathOf(ROUTES.tournamentJoin, { id: tid }), token),
    );
    if (!page.ok) throw new Error(`POST join: ${page.error}`);
    return page.value;
  });
  const summary = joined.at(-1)?.tournament;
  say(
    `${o.players} players entered; the tournament ends ${summary ? new Date(summary.endsAt).toISOString() : '?'}`,
  );
  const endsAt = summary?.endsAt ?? Date.now() + o.minutes * 60_000;
  const until = Math.max(endsAt, Date.now()) + o.timeoutMs;
  const options: PlayersOptions = {
    url: o.url,
    id: tid,
    seed: o.seed,
    thinkMs: o.thinkMs,
    pollMs: o.pollMs,
    timeoutMs: until - Date.now(),
  };
  const [shares, seen] = await Promise.all([playAll(o, options, tokens, say), observe(o, tid, until, say)]);
  const seconds = (performance.now() - started) / 1000;
  const latencies = shares.flatMap((s) => s.moveLatencies).sort((a, b) => a - b);
  const errors = shares.flatMap((s) => s.errors);
  const players = shares.flatMap((s) => s.players);
  let checked = false;
  if (seen.page?.phase === 'finished') {
    const failures = checkStandings(seen.page, players);
    for (const f of failures.slice(0, 50)) say(`check failed: ${f}`);
    errors.push(...failures);
    checked = failures.length === 0;
  } else errors.push('the tournament did not finish before the time out');
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    id: tid,
    players: o.players,
    tablesAtPeak: seen.peak,
    games: seen.page?.finished ?? 0,
    seconds: round(seconds),
    moves: latencies.length,
    moveLatencyMs: { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)) },
    polls: shares.reduce((a, s) => a + s.polls, 0),
    notModified: shares.reduce((a, s) => a + s.notModified, 0),
    retries: shares.reduce((a, s) => a + s.retries, 0),
    errors: errors.length,
    checked,
  };
}
