/**
 * The players of `hearts loadtest --tournament` that one thread runs: each polls the tournament's page (with its
 * ETag, so an unchanged page costs a 304), joins its table by id when seated (`you.tableId`), plays it with the
 * move chooser of the table load test, and goes back to polling, until the tournament has finished. It keeps the
 * place of every seat at each table it played to the end and its own line of the final standings, for the check.
 *
 * ```ts
 * const played = await playShare({ url, id, seed: 1, thinkMs: 0, pollMs: 2000, timeoutMs }, tokens, say);
 * ```
 */
import { seededRandom, type RandomSource } from '@hearts/engine';
import { TableClient } from '@hearts/live';
import { ROUTES, parseResponse, pathOf, type StandingRow, type TournamentPage } from '@hearts/protocol/http';
import { autoplay, until } from './loadtest-tables.js';

/** What a share of players needs to know of the run (plain data: it is passed to worker threads). */
export interface PlayersOptions {
  readonly url: string;
  readonly id: string; // the tournament
  readonly seed: number;
  readonly thinkMs: number; // mean thinking time per decision (uniform in [T/2, 3T/2]); 0: none
  readonly pollMs: number; // between two polls of the page while not seated
  readonly timeoutMs: number; // give up when the tournament has not finished by then
}

/** A table this client played to its game over: its seat and every seat's place (1 = won; ties share). */
export interface FinishedTable {
  readonly tableId: string;
  readonly seat: number;
  readonly places: readonly number[];
}

/** What one player saw: the tables it played to the end, in that order, and its own line of the final standings. */
export interface PlayerSeen {
  readonly finished: FinishedTable[];
  readonly row: Pick<StandingRow, 'points' | 'games' | 'wins' | 'streak' | 'results'> | null;
}

/** One share's outcome: its players, the latency of each move (send to the server's acknowledgement), errors. */
export interface PlayersPlayed {
  readonly players: PlayerSeen[];
  readonly moveLatencies: number[];
  readonly polls: number;
  readonly notModified: number; // polls answered 304
  readonly retries: number; // connections to a table tried again
  readonly errors: string[];
}

/** Attempts to connect to a table before it is given up. */
const CONNECT_ATTEMPTS = 5;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Plays the tournament as the players of the given tokens (already entered) until it has finished. */
export async function playShare(
  o: PlayersOptions,
  tokens: readonly string[],
  say: (line: string) => void,
  firstIndex = 0,
): Promise<PlayersPlayed> {
  const moveLatencies: number[] = [];
  const errors: string[] = [];
  let polls = 0;
  let notModified = 0;
  let retries = 0;
  const end = Date.now() + o.timeoutMs;
  const error = (line: string) => {
    if (errors.length < 100) say(line);
    errors.push(line);
  };

  /**
   * Connects to the table; a busy server drops some attempts (a keep-alive socket closed as it is reused, a join
   * that timed out), which the client tries again by itself; up to CONNECT_ATTEMPTS such tries are made. Null
   * (reported) when none worked.
   */
  const connect = async (token: string, tableId: string): Promise<TableClient | null> => {
    for (let attempt = 1; ; attempt++) {
      const c = new TableClient({ url: o.url, token, roomId: tableId, retryMs: 200 });
      try {
        await c.connect();
        retries += c.joinRetries;
        return c;
      } catch (e) {
        retries += c.joinRetries;
        await Promise.race([c.leave(), sleep(5000)]);
        if (attempt >= CONNECT_ATTEMPTS || Date.now() > end) {
          error(`table ${tableId}: ${attempt} attempts: ${e instanceof Error ? e.message : String(e)}`);
          return null;
        }
        retries++;
        await sleep(500 * attempt);
      }
    }
  };

  /** Plays the table to its game over; what it saw then, or null (reported). */
  const playTable = async (
    token: string,
    tableId: string,
    rng: RandomSource,
  ): Promise<FinishedTable | null> => {
    const c = await connect(token, tableId);
    if (!c) return null;
    try {
      autoplay(c, rng, o.thinkMs, () => {
        const at = performance.now();
        return () => moveLatencies.push(performance.now() - at);
      });
      if (!(await until(() => c.result !== null, Math.max(0, end - Date.now())))) {
        error(`table ${tableId}: no game over before the time out`);
        return null;
      }
      const seat = c.state?.view.seat;
      const result = c.result;
      if (seat === undefined || result === null) {
        error(`table ${tableId}: a game over without a seat`);
        return null;
      }
      return { tableId, seat, places: result.ranks };
    } catch (e) {
      error(`table ${tableId}: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    } finally {
      await Promise.race([c.leave(), sleep(5000)]);
    }
  };

  const runPlayer = async (token: string, k: number): Promise<PlayerSeen> => {
    const rng = seededRandom(o.seed + firstIndex + k);
    const url = o.url + pathOf(ROUTES.tournament, { id: o.id });
    const seated = new Set<string>();
    const finished: FinishedTable[] = [];
    let etag: string | null = null;
    let page: TournamentPage | null = null;
    await sleep((o.pollMs * rng.nextUint32()) / 2 ** 32); // spread the polls
    while (Date.now() < end) {
      polls++;
      let res: Response | null = null;
      try {
        res = await fetch(url, {
          headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
        });
      } catch (e) {
        error(
          `GET ${pathOf(ROUTES.tournament, { id: o.id })}: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
      if (res?.status === 304) notModified++;
      else if (res?.ok) {
        const body = parseResponse(ROUTES.tournament, await res.json());
        if (!body.ok) error(`the tournament page is not one: ${body.error}`);
        else {
          page = body.value;
          etag = res.headers.get('etag');
        }
      } else if (res) {
        await res.body?.cancel();
        error(
          `GET the tournament page: HTTP ${res.status}` +
            (res.status === 429 ? ' (start the server with LIMIT_API and LIMIT_TOURNAMENTS raised)' : ''),
        );
      }
      if (page?.phase === 'finished') break;
      const table = page?.you?.tableId ?? null;
      if (table !== null && !seated.has(table)) {
        seated.add(table);
        const played = await playTable(token, table, rng);
        if (played) finished.push(played);
        continue; // the next table may already be waiting
      }
      await sleep(o.pollMs / 2 + (o.pollMs * rng.nextUint32()) / 2 ** 32);
    }
    if (page?.phase !== 'finished') error(`a player saw no end of the tournament before the time out`);
    const mine = page?.standings.find((r) => r.you) ?? null;
    if (page?.phase === 'finished' && !mine) error('a player is not in the final standings');
    return {
      finished,
      row: mine && {
        points: mine.points,
        games: mine.games,
        wins: mine.wins,
        streak: mine.streak,
        results: mine.results,
      },
    };
  };

  const players = await Promise.all(tokens.map((t, k) => runPlayer(t, k)));
  return { players, moveLatencies, polls, notModified, retries, errors };
}
