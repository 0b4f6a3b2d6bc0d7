/**
 * HTTP for ratings, player pages, chips and the shop: the handlers of these routes of `@hearts/protocol/http`, whose
 * declarations check every input (src/api-router.ts); refusals are `{ error: 'ERR_…', message }` with a fitting
 * status, like the rest of the API (`ROUTES.profile`, `botPage`, `leaderboard`, `replay`, `chips`, `soloClaim`,
 * `shop`, `buy`, `equip`).
 */
import { BOT_LEVELS, type BotLevel } from '@hearts/protocol/socket';
import { isModerator } from './manners.js';
import type { Handlers } from './api-router.js';
import { balance, claimSoloWin, ledger } from './economy/chips.js';
import { buy, equip, lookOfUser, shopFor } from './economy/shop.js';
import { dailyNotRevealed } from './daily-routes.js';
import { HttpError } from './http-json.js';
import { PROVISIONAL } from './rating/model.js';
import {
  botSubject,
  leaderboard,
  ratingHistory,
  recentGames,
  recordOf,
  standing,
  userSubject,
} from './rating/standings.js';
import type { Services } from './services.js';
import type { ProgressReads } from './store/progress.js';
import { playerTournaments } from './tournament/routes.js';

/** A player page, for a user or a bot level. */
async function page(db: ProgressReads, subject: string, name: string, bot: BotLevel | null, now: number) {
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

type ProgressRoutes =
  'profile' | 'botPage' | 'leaderboard' | 'replay' | 'chips' | 'soloClaim' | 'shop' | 'buy' | 'equip';

/** The handlers of these routes. */
export function progressHandlers(s: Services): Pick<Handlers, ProgressRoutes> {
  const db = s.store.progress;
  return {
    profile: async ({ params, viewer }) => {
      const me = params.who === 'me' ? await viewer() : null;
      if (params.who === 'me' && !me)
        throw new HttpError(401, 'ERR_SIGN_IN', 'sign in first: the token is missing or not valid');
      const user = me ?? (await s.store.userById(params.who));
      if (!user) throw new HttpError(404, 'ERR_NOT_FOUND', 'no such player');
      const body = await page(db, userSubject(user.id), user.name, null, Date.now());
      const look = await lookOfUser(db, user.id);
      // Your own page (also by id, signed in) lists your private tournaments too.
      const own = (me ?? (await viewer()))?.id === user.id;
      const tournaments = await playerTournaments(s.store, user.id, own);
      return me
        ? { ...body, id: user.id, look, chips: await balance(db, user.id), tournaments }
        : { ...body, id: user.id, look, tournaments };
    },
    botPage: async ({ params }) => {
      const level = BOT_LEVELS.find((l) => l === params.level);
      if (!level) throw new HttpError(404, 'ERR_NOT_FOUND', `bot levels: ${BOT_LEVELS.join(', ')}`);
      return page(db, botSubject(level), level, level, Date.now());
    },
    replay: async ({ params, viewer }) => {
      const found = await s.store.gameRecord(params.id);
      const kind = (await s.store.tableStatus(params.id))?.kind;
      // A daily game: everyone's once its day is revealed; before, nobody's (its hands are the day's secret).
      const secret = kind === 'daily' ? await s.daily.secretDay(params.id, s.daily.now()) : null;
      // A tournament's games are linked from its standings: everyone's, like quick matches.
      const open = kind === 'quick' || kind === 'tournament' || (kind === 'daily' && secret === null);
      const me = found && !open ? await viewer() : null;
      // Moderators read every finished game (a reported friends' table too).
      const allowed = me !== null && (found!.userIds.includes(me.id) || isModerator(me, s.config));
      if (!found || (!open && !allowed))
        throw new HttpError(404, 'ERR_NOT_FOUND', 'no finished game with that id that you may see');
      if (secret !== null) throw dailyNotRevealed(secret);
      return found.record;
    },
    leaderboard: async ({ query }) => ({
      period: query.period,
      players: await leaderboard(db, query.period, Date.now()),
    }),
    chips: async ({ user }) => ({ balance: await balance(db, user.id), ledger: await ledger(db, user.id) }),
    soloClaim: ({ user, body }) => claimSoloWin(db, user.id, body.record, body.seat, Date.now()),
    shop: ({ user }) => shopFor(db, user.id),
    buy: async ({ user, body }) => ({
      balance: await buy(db, user.id, body.item, Date.now()),
      item: body.item,
    }),
    equip: async ({ user, body }) => ({ look: await equip(db, user.id, body.item) }),
  };
}
