/**
 * HTTP for ratings, player pages, chips and the shop. Every input is checked with zod; refusals are
 * `{ error: 'ERR_…', message }` with a fitting status, like the rest of the API.
 *
 * | route | what |
 * | --- | --- |
 * | `GET /api/profile/me` | your page: rating, graph, record, recent games, look, chips |
 * | `GET /api/profile/<userId>` | a player's page (no chips) |
 * | `GET /api/bots/<level>` | a bot level's page: its published rating, graph, record, recent games |
 * | `GET /api/leaderboard?period=all\|month` | players and bot levels by rating (this month: who played this month) |
 * | `GET /api/replays/<id>` | a finished game's `hearts-record/1`: quick matches for everyone, friends' tables for their players |
 * | `GET /api/chips` | your balance and ledger |
 * | `POST /api/chips/solo` `{ record, seat? }` | a solo win: the record is replayed; a token 500 chips once per game |
 * | `GET /api/shop` | the cosmetics with price, owned, chosen; your balance |
 * | `POST /api/shop/buy` `{ item }` | buys an item (refused without enough chips) |
 * | `POST /api/shop/equip` `{ item }` | chooses an owned item for its slot |
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { BOT_LEVELS, type BotLevel } from '@hearts/table/protocol';
import { balance, claimSoloWin, ledger, SoloClaimRefused } from '../economy/chips.js';
import { buy, equip, lookOfUser, shopFor, ShopRefusal } from '../economy/shop.js';
import { HttpError, bearerToken, readJsonBody, sendJson as send } from '../http-json.js';
import type { Services } from '../services.js';
import type { UserRecord } from '../store/types.js';
import { progressDb } from './finish.js';
import { PROVISIONAL } from './model.js';
import type { ProgressDatabase } from './schema.js';
import {
  botSubject,
  leaderboard,
  ratingHistory,
  recentGames,
  recordOf,
  standing,
  userSubject,
} from './standings.js';
import type { Kysely } from 'kysely';

const MAX_BODY = 256 * 1024; // a solo record of a long game

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new HttpError(
    400,
    'ERR_MALFORMED',
    issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'malformed request',
  );
}

const ITEM = z.strictObject({ item: z.string().min(1).max(40) });
const SOLO = z.strictObject({
  record: z.record(z.string(), z.unknown()),
  seat: z.number().int().min(0).max(5).default(0),
});
const PERIOD = z.enum(['all', 'month']).default('all');
const USER_ID = /^[A-Za-z0-9_-]{1,40}$/;

type Db = Kysely<ProgressDatabase>;

/** A player page, for a user or a bot level. */
async function page(db: Db, subject: string, name: string, bot: BotLevel | null, now: number) {
  const st = await standing(db, subject, now);
  const [record, history, recent] = await Promise.all([
    recordOf(db, subject),
    ratingHistory(db, subject, st.games),
    recentGames(db, subject),
  ]);
  return {
    subject,
    name,
    bot,
    rating: Math.round(st.rating),
    provisional: st.provisional, // too few rated games: shown as "1500?", not on the leaderboard
    provisionalGames: PROVISIONAL.games, // rated games until the rating is established
    ratedGames: st.games,
    idleDays: st.idleDays,
    lastPlayedAt: st.lastPlayedAt,
    record,
    history,
    recent,
  };
}

/** Handles the route if it is one of these; false otherwise. */
export async function progressRoutes(
  s: Services,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const known =
    /^\/api\/(profile|bots|replays)\/[^/]+$/.test(path) ||
    [
      '/api/leaderboard',
      '/api/chips',
      '/api/chips/solo',
      '/api/shop',
      '/api/shop/buy',
      '/api/shop/equip',
    ].includes(path);
  if (!known) return false;
  try {
    await handle(s, req, res, method, path);
  } catch (e) {
    if (e instanceof HttpError) send(res, e.status, { error: e.code, message: e.message });
    else if (e instanceof ShopRefusal)
      send(res, e.code === 'ERR_NO_ITEM' ? 404 : e.code === 'ERR_NOT_ENOUGH_CHIPS' ? 402 : 409, {
        error: e.code,
        message: e.message,
      });
    else if (e instanceof SoloClaimRefused)
      send(res, e.code === 'ERR_DAILY_CAP' ? 429 : e.code === 'ERR_ALREADY_CLAIMED' ? 409 : 400, {
        error: e.code,
        message: e.message,
      });
    else {
      s.log.error({ err: e, path }, 'request failed');
      if (!res.headersSent) send(res, 500, { error: 'ERR_INTERNAL', message: 'something went wrong' });
      else res.end();
    }
  }
  return true;
}

async function handle(
  s: Services,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  path: string,
): Promise<void> {
  const db = progressDb(s.store);
  const now = Date.now();
  const bearer = bearerToken(req);
  const viewer = async (): Promise<UserRecord | null> => (bearer ? s.identity.user(bearer) : null);
  const signedIn = async (): Promise<UserRecord> => {
    const user = await viewer();
    if (!user) throw new HttpError(401, 'ERR_SIGN_IN', 'sign in first: the token is missing or not valid');
    return user;
  };
  const expect = (m: string) => {
    if (method !== m) throw new HttpError(405, 'ERR_METHOD', `use ${m} for ${path}`);
  };
  const [, , section, rest] = path.split('/');

  if (section === 'profile') {
    expect('GET');
    const me = rest === 'me' ? await signedIn() : null;
    if (!me && !USER_ID.test(rest!)) throw new HttpError(400, 'ERR_MALFORMED', 'not a user id');
    const user = me ?? (await s.store.userById(rest!));
    if (!user) throw new HttpError(404, 'ERR_NOT_FOUND', 'no such player');
    const body = await page(db, userSubject(user.id), user.name, null, now);
    const look = await lookOfUser(db, user.id);
    send(
      res,
      200,
      me ? { ...body, id: user.id, look, chips: await balance(db, user.id) } : { ...body, id: user.id, look },
    );
  } else if (section === 'bots') {
    expect('GET');
    const level = rest as BotLevel;
    if (!(BOT_LEVELS as readonly string[]).includes(level))
      throw new HttpError(404, 'ERR_NOT_FOUND', `bot levels: ${BOT_LEVELS.join(', ')}`);
    send(res, 200, await page(db, botSubject(level), level, level, now));
  } else if (section === 'replays') {
    expect('GET');
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(rest!)) throw new HttpError(400, 'ERR_MALFORMED', 'not a game id');
    const found = await s.store.gameRecord(rest!);
    const kind = await db.selectFrom('tables').select('kind').where('id', '=', rest!).executeTakeFirst();
    const me = found && kind?.kind !== 'quick' ? await viewer() : null;
    if (!found || (kind?.kind !== 'quick' && (!me || !found.userIds.includes(me.id))))
      throw new HttpError(404, 'ERR_NOT_FOUND', 'no finished game with that id that you may see');
    send(res, 200, found.record);
  } else if (path === '/api/leaderboard') {
    expect('GET');
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const period = parse(PERIOD, query.get('period') ?? undefined);
    send(res, 200, { period, players: await leaderboard(db, period, now) });
  } else if (path === '/api/chips') {
    expect('GET');
    const me = await signedIn();
    send(res, 200, { balance: await balance(db, me.id), ledger: await ledger(db, me.id) });
  } else if (path === '/api/chips/solo') {
    expect('POST');
    const me = await signedIn();
    const body = parse(SOLO, await readJsonBody(req, MAX_BODY));
    send(res, 200, await claimSoloWin(db, me.id, body.record, body.seat, now));
  } else if (path === '/api/shop') {
    expect('GET');
    const me = await signedIn();
    send(res, 200, await shopFor(db, me.id));
  } else if (path === '/api/shop/buy') {
    expect('POST');
    const me = await signedIn();
    const { item } = parse(ITEM, await readJsonBody(req, MAX_BODY));
    const left = await buy(db, me.id, item, now);
    send(res, 200, { balance: left, item });
  } else if (path === '/api/shop/equip') {
    expect('POST');
    const me = await signedIn();
    const { item } = parse(ITEM, await readJsonBody(req, MAX_BODY));
    send(res, 200, { look: await equip(db, me.id, item) });
  } else throw new HttpError(404, 'ERR_NOT_FOUND', 'no such route');
}
