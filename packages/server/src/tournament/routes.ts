/**
 * Tournaments over HTTP: the handlers of `ROUTES.tournaments`, `tournamentCreate`, `tournament`, `tournamentJoin`,
 * `tournamentPause`, `tournamentLeave` and `tournamentHistory` of `@hearts/protocol/http`, and the tournaments of a player
 * page ({@link playerTournaments}). Every route counts against `LIMIT_TOURNAMENTS` per
 * address; creating a private tournament also against `LIMIT_ROOMS`, and a host has at most
 * {@link HOSTED_MAX} private tournaments not finished. A page carries an ETag of its content (the clock left out),
 * so a client polling it (the tournament page, every 2 s) gets 304 while nothing changed. Standings are derived
 * from the stored games on every request (docs/tournaments.md).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  TOURNAMENT_ROWS,
  tournamentOptions,
  tournamentRules,
  type StandingRow,
  type TournamentEntry,
  type TournamentPage,
  type TournamentSummary,
} from '@hearts/protocol/http';
import { POINT_UNIT } from './scoring.js';
import type { Handlers } from '../api-router.js';
import { HttpError, rateLimitError } from '../http-json.js';
import { normalizeCode, roomCode } from '../ids.js';
import { clientAddress } from '../limits.js';
import type { Services } from '../services.js';
import type { TournamentFilter, TournamentRecord } from '../store/tournaments.js';
import type { GameStore, UserRecord } from '../store/types.js';
import { DEFAULT_PAIRING } from './pairing.js';
import { ratedTable, tournamentRated } from '../fairness/policy.js';
import { podiumPaid } from './prizes.js';
import { stateFromRows } from './runner.js';
import { scheduleOf } from './schedule.js';
import { phase, standingsOf } from './state.js';

/** Private tournaments a host may have that are not finished. */
export const HOSTED_MAX = 3;
/** Tournaments in a player's history. */
export const HISTORY_MAX = 20;
/** Tournaments listed per status. */
export const LIST_MAX = 30;

const summaryOf = (t: TournamentRecord, players: number, host: string | null): TournamentSummary => ({
  id: t.id,
  kind: t.kind,
  name: t.name,
  ...(t.scheduleKey === null ? {} : { schedule: scheduleOf(t.scheduleKey) }),
  host,
  status: t.status,
  startsAt: t.startsAt,
  endsAt: t.endsAt,
  hands: t.rules.handsToPlay,
  rules: tournamentOptions(t.rules),
  rated: tournamentRated(t),
  bots: t.pairing.bots,
  maxWaitS: Math.round(t.pairing.maxWaitMs / 1000),
  players,
  maxPlayers: t.maxPlayers,
});

/** Where the user stood in each of these tournaments (derived from the stored games), with the prize paid. */
async function entriesOf(
  store: GameStore,
  userId: string,
  entries: readonly { tournament: TournamentRecord }[],
): Promise<TournamentEntry[]> {
  const db = store.tournaments;
  return Promise.all(
    entries.map(async ({ tournament: t }) => {
      const [entrants, games] = await Promise.all([db.entrants(t.id), db.games(t.id)]);
      const all = standingsOf(stateFromRows(t, entrants, games));
      const mine = all.find((l) => l.userId === userId);
      const prize = t.status === 'finished' ? await podiumPaid(store.progress, t.id, userId) : 0;
      return {
        tournament: summaryOf(t, entrants.length, null),
        rank: mine?.rank ?? all.length,
        of: all.length,
        points: mine?.points ?? 0,
        games: mine?.games ?? 0,
        prize,
      };
    }),
  );
}

/**
 * The finished tournaments on a player's page, newest first (at most {@link HISTORY_MAX}). Private ones only to
 * the player themself: a private tournament is not listed anywhere, its id is the code of its link.
 */
export async function playerTournaments(
  store: GameStore,
  userId: string,
  own: boolean,
): Promise<TournamentEntry[]> {
  const only: TournamentFilter = own
    ? { statuses: ['finished'] }
    : { statuses: ['finished'], kinds: ['arena', 'scheduled'] };
  return entriesOf(store, userId, await store.tournaments.userTournaments(userId, HISTORY_MAX, only));
}

/** The tournament handlers. */
export function tournamentHandlers(
  s: Services,
  now: () => number = Date.now,
): Pick<
  Handlers,
  | 'tournaments'
  | 'tournamentCreate'
  | 'tournament'
  | 'tournamentJoin'
  | 'tournamentPause'
  | 'tournamentLeave'
  | 'tournamentHistory'
> {
  const db = s.store.tournaments;
  const limit = async (req: IncomingMessage) => {
    const limited = await s.limits.take('tournaments', clientAddress(req, s.config.trustProxy));
    if (limited) throw rateLimitError(limited);
  };
  // A private tournament's code is typed like a room code (any case, spaces and dashes dropped); the older codes
  // (12 characters of base64url, mixed case) are still found as they are.
  const find = async (id: string): Promise<TournamentRecord> => {
    const typed = normalizeCode(id);
    const t = (await db.get(id)) ?? (typed !== id && typed.length > 0 ? await db.get(typed) : null);
    if (!t) throw new HttpError(404, 'ERR_NOT_FOUND', `no tournament ${id}`);
    return t;
  };
  /** A private tournament's code: 6 characters of a room code's alphabet, not yet any tournament's. */
  const freeCode = async (): Promise<string> => {
    for (let i = 0; i < 8; i++) {
      const code = roomCode();
      if (!(await db.get(code))) return code;
    }
    throw new HttpError(503, 'ERR_BUSY', 'no free tournament code was found: try again');
  };
  /** A request with the user's token: they are connected (the runner seats only those who are: runner.ts). */
  const seen = (u: UserRecord) => s.whereabouts.seen(u.id).catch(() => undefined);
  const hostName = async (t: TournamentRecord) =>
    t.hostId ? ((await s.store.userById(t.hostId))?.name ?? null) : null;

  const page = async (
    t: TournamentRecord,
    me: UserRecord | null,
  ): Promise<{ body: TournamentPage; etag: string }> => {
    const [stored, games] = await Promise.all([db.entrants(t.id), db.games(t.id)]);
    let entrants = stored;
    const at = now();
    // Coming back to the page is coming back: an entrant marked away (not connected when a table was to open
    // for them, or taken over by a bot) is seated again. One who paused or left joins again themselves.
    const entry = me ? stored.find((e) => e.userId === me.id) : undefined;
    if (me && entry?.presence === 'away' && at < t.endsAt) {
      await db.enter(t.id, { userId: me.id, name: entry.name }, at, t.maxPlayers);
      entrants = await db.entrants(t.id);
    }
    const state = stateFromRows(t, entrants, games);
    const byUser = new Map(state.entrants.map((e) => [e.userId, e]));
    const all = standingsOf(state);
    const mine = me ? all.findIndex((l) => l.userId === me.id) : -1;
    const shown = all.filter((_, i) => i < TOURNAMENT_ROWS || i === mine);
    // The podium's prizes as paid (under each winner's daily cap), once the tournament has finished.
    const prizes = await Promise.all(
      shown.map((l) =>
        t.status === 'finished' && l.rank <= 3 ? podiumPaid(s.store.progress, t.id, l.userId) : 0,
      ),
    );
    const standings: StandingRow[] = shown.map((l, i) => {
      const e = byUser.get(l.userId)!;
      return {
        rank: l.rank,
        name: l.name,
        you: l.userId === me?.id,
        points: l.points,
        games: l.games,
        wins: l.wins,
        streak: l.streak,
        presence: e.presence,
        playing: e.table !== null,
        prize: prizes[i]!,
        results: l.results.map((r) => ({
          gameId: r.gameId,
          place: r.place,
          points: r.units / POINT_UNIT,
          doubled: r.doubled,
        })),
      };
    });
    const you = me ? byUser.get(me.id) : undefined;
    const body: Omit<TournamentPage, 'now'> = {
      tournament: summaryOf(t, entrants.length, await hostName(t)),
      phase: phase(state, at),
      standings,
      running: state.running.length,
      finished: state.games.length,
      you: you ? { presence: you.presence, tableId: you.table } : null,
    };
    const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
    return { body: { ...body, now: at }, etag };
  };

  const answer = async (
    t: TournamentRecord,
    me: UserRecord | null,
    req: IncomingMessage,
    reply: { status: number; headers: Record<string, string> },
  ) => {
    if (me) await seen(me);
    const { body, etag } = await page(t, me);
    reply.headers['etag'] = etag;
    reply.headers['cache-control'] = 'no-cache';
    if (req.method === 'GET' && req.headers['if-none-match'] === etag) reply.status = 304;
    return body;
  };

  return {
    tournaments: async ({ req }) => {
      await limit(req);
      const summaries = async (list: TournamentRecord[]) =>
        Promise.all(list.map(async (t) => summaryOf(t, (await db.entrants(t.id)).length, null)));
      return {
        running: await summaries(await db.list(['running'], LIST_MAX)),
        upcoming: await summaries(await db.list(['upcoming'], LIST_MAX)),
        finished: await summaries(await db.list(['finished'], LIST_MAX, true)),
      };
    },

    tournamentCreate: async ({ req, user, body }) => {
      await limit(req);
      const limited = await s.limits.take('rooms', clientAddress(req, s.config.trustProxy));
      if (limited) throw rateLimitError(limited);
      if (s.draining)
        throw new HttpError(503, 'ERR_DRAINING', 'the server is shutting down: try again shortly');
      // Where the players choose their opponents nothing is rated (fairness/policy.ts).
      if (body.rated === true && !ratedTable('private-tournament', true))
        throw new HttpError(
          400,
          'ERR_PRIVATE_RATED',
          'a private tournament is unrated: its players choose their opponents (the public arenas are rated)',
        );
      let hosted = 0;
      for (const id of await db.unfinished()) if ((await db.get(id))?.hostId === user.id) hosted++;
      if (hosted >= HOSTED_MAX)
        throw new HttpError(
          429,
          'ERR_TOO_MANY_TOURNAMENTS',
          `you host ${hosted} tournaments that have not finished (at most ${HOSTED_MAX})`,
        );
      // The declaration checked the rules already (400 with the engine's reason); this reads them.
      const rules = tournamentRules(body.rules ?? {}, body.hands);
      if (!rules.ok) throw new HttpError(400, 'ERR_MALFORMED', `rules: ${rules.error}`);
      const at = now();
      const startsAt = at + body.startsIn * 60_000;
      const t: TournamentRecord = {
        id: await freeCode(),
        kind: 'private',
        name: body.name,
        hostId: user.id,
        scheduleKey: null,
        rules: rules.value, // the host's options, applied to every table of the tournament (runner.ts)
        botLevel: body.botLevel,
        rated: ratedTable('private-tournament'),
        maxPlayers: body.maxPlayers,
        pairing: { ...DEFAULT_PAIRING, bots: body.bots },
        startsAt,
        endsAt: startsAt + body.minutes * 60_000,
        status: 'upcoming',
        createdAt: at,
        finishedAt: null,
      };
      await db.create(t);
      await db.enter(t.id, { userId: user.id, name: user.name }, at, t.maxPlayers);
      await seen(user);
      return { id: t.id };
    },

    tournament: async ({ req, params, viewer, reply }) => {
      await limit(req);
      return answer(await find(params.id), await viewer(), req, reply);
    },

    tournamentHistory: async ({ req, user }) => {
      await limit(req);
      return {
        tournaments: await entriesOf(s.store, user.id, await db.userTournaments(user.id, HISTORY_MAX)),
      };
    },

    tournamentJoin: async ({ req, params, user, reply }) => {
      await limit(req);
      const t = await find(params.id);
      if (now() >= t.endsAt) throw new HttpError(409, 'ERR_TOURNAMENT_OVER', 'the tournament has ended');
      const r = await db.enter(t.id, { userId: user.id, name: user.name }, now(), t.maxPlayers);
      if (r === 'full')
        throw new HttpError(409, 'ERR_TOURNAMENT_FULL', `all ${t.maxPlayers} places are taken`);
      return answer(t, user, req, reply);
    },

    tournamentPause: async ({ req, params, user, reply }) => {
      await limit(req);
      const t = await find(params.id);
      if (!(await db.setPresence(t.id, user.id, 'paused', now())))
        throw new HttpError(409, 'ERR_NOT_ENTERED', 'you have not joined this tournament');
      return answer(t, user, req, reply);
    },

    tournamentLeave: async ({ req, params, user, reply }) => {
      await limit(req);
      const t = await find(params.id);
      if (!(await db.setPresence(t.id, user.id, 'left', now())))
        throw new HttpError(409, 'ERR_NOT_ENTERED', 'you have not joined this tournament');
      return answer(t, user, req, reply);
    },
  };
}
