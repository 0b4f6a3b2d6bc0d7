/**
 * Shared reviews (docs/sharing.md): a player makes a finished game's replay public under an id of its own
 * (`ROUTES.createShare`), anyone reads it (`ROUTES.share`), and `/r/<id>` serves the app's page with the review's
 * Open Graph tags (a chat app's preview) beside `/r/<id>.png`, its preview image, rendered here and cached.
 *
 * What can be shared: a game of the server's that the player sat at once it is over (a daily game once its day is
 * revealed: before, its hands would let others scout the day), or a finished solo game's record from the player's
 * device, checked by the engine (a solo record holding an unrevealed day's deal is refused for the same reason).
 * Refused: a game still running, a game of others, an unrevealed day, a record that is not a legal finished game.
 * Limits: LIMIT_SHARES per address and per user, SHARES_MAX per user, SHARE_MAX_BYTES per body, LIMIT_SHARE_VIEWS per
 * address for everything read.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { makeRecord, replayRecord, type GameRecord, type ReplayOutcome } from '@hearts/engine';
import { shareImagePath, sharePagePath, type SharedReview } from '@hearts/protocol/http';
import { dailyDeal, seedFromHex } from '@hearts/shuffle';
import type { Handlers } from './api-router.js';
import { dayBefore, dayOf } from './daily.js';
import { HttpError, rateLimitError } from './http-json.js';
import { randomString } from './ids.js';
import { clientAddress } from './limits.js';
import type { Services } from './services.js';
import { renderPng, shareSvg } from './share-image.js';
import type { Share } from './store/shares.js';
import type { UserRecord } from './store/types.js';
import { markServed, type StaticFiles } from './static.js';

/** A share's id: 10 letters and digits (33^10, about 2^50: not guessed by walking through them). */
const shareId = (): string => `r${randomString(10, 'abcdefghijkmnopqrstuvwxyz23456789')}`;
/** The paths of a share's page and image. */
const PAGE = /^\/r\/([A-Za-z0-9_-]{1,40})$/;
const IMAGE = /^\/r\/([A-Za-z0-9_-]{1,40})\.png$/;
/** Preview images kept in memory (each some 30 KB), the newest used last. */
const IMAGES_KEPT = 200;
/** The longest name a shared solo record may carry (the server's own names are at most 64). */
const NAME_MAX = 64;

/** The cards of a deal as one string that does not depend on the seats' order or the cards' (a deal's identity). */
const dealKey = (hands: readonly (readonly string[])[]): string =>
  hands
    .map((h) => [...h].sort().join(' '))
    .sort()
    .join('|');

/** The engine's reading of a finished game, or the refusal. */
function finishedGame(record: unknown): ReplayOutcome {
  const r = replayRecord(record);
  if (!r.ok)
    throw new HttpError(
      400,
      'ERR_BAD_RECORD',
      r.error.kind === 'format'
        ? `not a hearts-record/1 game: ${r.error.message}`
        : `hand ${r.error.hand}, seat ${r.error.seat}: ${r.error.code}`,
    );
  if (!r.value.finished)
    throw new HttpError(409, 'ERR_NOT_FINISHED', 'only a finished game is shared: this one is not over');
  return r.value;
}

/** The page's words, by the reader's language (Accept-Language: German or else English). */
const WORDS = {
  en: {
    won: (names: string, points: number) => `Hearts: ${names} won with ${points} points`,
    description: (hands: number) => `Replay and analysis of a game of Hearts (${hands} hands):`,
    image: 'The final scores',
  },
  de: {
    won: (names: string, points: number) => `Hearts: ${names} gewinnt mit ${points} Punkten`,
    description: (hands: number) => `Wiederholung und Analyse einer Partie Hearts (${hands} Runden):`,
    image: 'Der Punktestand am Ende',
  },
} as const;

const escapeHtml = (s: string): string => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The origin the page names in its absolute addresses (og:url, og:image): the request's own. */
function originOf(req: IncomingMessage, trustProxy: boolean): string {
  const host = String(req.headers.host ?? '');
  const safeHost = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$|^\[[0-9a-fA-F:.]{2,45}\](:\d{1,5})?$/.test(host)
    ? host
    : 'localhost';
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]!
        .trim()
    : '';
  const proto = forwarded === 'https' || forwarded === 'http' ? forwarded : 'http';
  return `${proto}://${safeHost}`;
}

/** The Open Graph tags of a share, and the app's page with them (or a page of its own without the web app). */
export function sharePageHtml(
  index: string | null,
  share: Pick<Share, 'id' | 'record'>,
  origin: string,
  lang: 'de' | 'en',
): string {
  const game = finishedGame(share.record);
  const w = WORDS[lang];
  const names = game.winners.map((s) => game.players[s] ?? '').join(', ');
  const title = w.won(names, game.scores[game.winners[0] ?? 0] ?? 0);
  const description = `${w.description(game.hands.length)} ${game.players.map((p, s) => `${p} ${game.scores[s]}`).join(', ')}`;
  const url = `${origin}${sharePagePath(share.id)}`;
  const tags = [
    `<base href="../">`, // the app's files are addressed from its root: /r/<id> is one level down
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Hearts">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:image" content="${escapeHtml(`${origin}${shareImagePath(share.id)}`)}">`,
    `<meta property="og:image:type" content="image/png">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta property="og:image:alt" content="${escapeHtml(w.image)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
  ].join('\n    ');
  if (index === null)
    return `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="UTF-8">
    ${tags}
    <title>${escapeHtml(title)}</title>
  </head>
  <body><p><a href="./#/shared/${share.id}/analysis">${escapeHtml(title)}</a></p></body>
</html>
`;
  return index
    .replace(/<head>/i, `<head>\n    ${tags}`)
    .replace(/<title>[^<]*<\/title>/i, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/i,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace(/<html lang="[a-z]+"/i, `<html lang="${lang}"`);
}

/** The handlers of `createShare` and `share`, and the pages at /r/<id>. */
export function shareRoutes(s: Services, files: StaticFiles | null) {
  const address = (req: IncomingMessage) => clientAddress(req, s.config.trustProxy);
  const take = async (kind: 'shares' | 'shareViews', keys: readonly string[]) => {
    for (const key of keys) {
      const limited = await s.limits.take(kind, key);
      if (limited) throw rateLimitError(limited);
    }
  };

  /** A day whose deal is still a secret: today's, or yesterday's before its reveal. */
  const secretDeals = async (now: number): Promise<Set<string>> => {
    const keys = new Set<string>();
    const today = dayOf(now);
    for (const date of [today, dayBefore(today)]) {
      if (await s.daily.revealed(date, now)) continue;
      const day = await s.store.daily.day(date);
      const seed = day && seedFromHex(day.seed);
      if (!day || !seed) continue;
      for (let h = 0; h < (day.rules.handsToPlay ?? 0); h++)
        keys.add(dealKey(dailyDeal({ date, seed, rules: day.rules, handNumber: h }).cards));
    }
    return keys;
  };

  /** A game of the server's that the user sat at, once it may be shown. */
  const fromGame = async (
    user: UserRecord,
    tableId: string,
  ): Promise<Omit<Share, 'id' | 'userId' | 'createdAt'>> => {
    const [found, status] = await Promise.all([s.store.gameRecord(tableId), s.store.tableStatus(tableId)]);
    const seat = found ? found.userIds.indexOf(user.id) : -1;
    if (!found || seat < 0) {
      if (
        status &&
        status.status !== 'finished' &&
        (await s.store.loadTable(tableId))?.table.seats.some(
          (p) => p.kind === 'human' && p.userId === user.id,
        )
      )
        throw new HttpError(
          409,
          'ERR_NOT_FINISHED',
          "the game is not over: its hands are its players' secret until then",
        );
      throw new HttpError(404, 'ERR_NOT_FOUND', 'no finished game of yours with that id');
    }
    if (status?.kind === 'daily') {
      const attempt = await s.store.daily.attemptOfTable(tableId);
      if (!attempt || !(await s.daily.revealed(attempt.date, s.daily.now())))
        throw new HttpError(
          409,
          'ERR_DAILY_NOT_OVER',
          "a daily game is shared once its day is revealed: its hands are the day's deal",
        );
    }
    const game = finishedGame(found.record);
    return { source: 'game', tableId, seat, record: makeRecord(game.state, game.players) };
  };

  /** A solo game's record from the user's device. */
  const fromSolo = async (
    user: UserRecord,
    record: unknown,
    seat: number,
  ): Promise<Omit<Share, 'id' | 'userId' | 'createdAt'>> => {
    const game = finishedGame(record);
    if (seat >= game.players.length)
      throw new HttpError(400, 'ERR_BAD_SEAT', `seat ${seat}: the game has ${game.players.length} seats`);
    if (game.players.some((p) => p.length > NAME_MAX || p.trim() === ''))
      throw new HttpError(400, 'ERR_BAD_RECORD', `every player needs a name of 1 to ${NAME_MAX} characters`);
    const secret = await secretDeals(s.daily.now());
    if (game.state.log.length > 0 && secret.size > 0) {
      const kept = makeRecord(game.state, game.players);
      if (kept.hands.some((h) => secret.has(dealKey(h.deal.map((cards) => cards.split(/\s+/))))))
        throw new HttpError(
          409,
          'ERR_DAILY_NOT_OVER',
          'this game was dealt a daily deal that is not revealed yet: share it once the day is over',
        );
    }
    // The player's own seat carries their name (the app writes "You" there), as a live game's record does.
    const players = game.players.map((p, s) => (s === seat ? user.name : p));
    return { source: 'solo', tableId: null, seat, record: makeRecord(game.state, players) };
  };

  const handlers: Pick<Handlers, 'createShare' | 'share'> = {
    createShare: async ({ req, user, body }) => {
      await take('shares', [address(req), `user:${user.id}`]);
      if ((await s.store.shares.countOf(user.id)) >= s.config.sharesMax)
        throw new HttpError(409, 'ERR_TOO_MANY', `a player shares at most ${s.config.sharesMax} games`);
      const made =
        body.source === 'game'
          ? await fromGame(user, body.tableId)
          : await fromSolo(user, body.record, body.seat);
      const digest = createHash('sha256')
        .update(JSON.stringify([made.source, made.tableId, made.seat, made.record]))
        .digest('hex');
      const share = await s.store.shares.create(
        { id: shareId(), userId: user.id, createdAt: Date.now(), ...made },
        digest,
      );
      return { id: share.id, path: sharePagePath(share.id) };
    },
    share: async ({ req, params }) => {
      await take('shareViews', [address(req)]);
      const share = await s.store.shares.get(params.id);
      if (!share) throw new HttpError(404, 'ERR_NOT_FOUND', 'no shared game with that id');
      return reviewOf(share);
    },
  };

  const images = new Map<string, Promise<Uint8Array>>();
  const imageOf = (share: Share): Promise<Uint8Array> => {
    // Kept by what it shows: a share whose names changed (an account deleted: docs/privacy.md) is drawn again.
    const key = JSON.stringify([share.id, share.record.players]);
    const hit = images.get(key);
    if (hit) {
      images.delete(key); // the newest used last
      images.set(key, hit);
      return hit;
    }
    const game = finishedGame(share.record);
    const made = renderPng(shareSvg({ players: game.players, scores: game.scores, winners: game.winners }));
    images.set(key, made);
    made.catch(() => images.delete(key));
    while (images.size > IMAGES_KEPT) images.delete(images.keys().next().value!);
    return made;
  };
  let index: { at: number; text: Promise<string | null> } | null = null;
  const indexHtml = (): Promise<string | null> => {
    if (!files) return Promise.resolve(null);
    const now = Date.now();
    if (!index || now - index.at > 10_000)
      index = {
        at: now,
        text: readFile(join(files.root, 'index.html'), 'utf8').then(
          (html) => markServed(html, files.offers),
          () => null,
        ),
      };
    return index.text;
  };

  /** Answers /r/<id> and /r/<id>.png (GET, HEAD); false for any other path. */
  const page = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    const image = IMAGE.exec(path);
    const pageId = image ? null : PAGE.exec(path)?.[1];
    if (!image && !pageId) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD')
      throw new HttpError(405, 'ERR_METHOD', 'a shared game is read with GET');
    await take('shareViews', [address(req)]);
    const share = await s.store.shares.get(image ? image[1]! : pageId!);
    if (!share) {
      // The app says so in the reader's language (a page of its own without the tags); an image is plain text.
      const index = image ? null : await indexHtml();
      if (index === null)
        res
          .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
          .end('no shared game with that id\n');
      else
        res
          .writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })
          .end(req.method === 'HEAD' ? undefined : index.replace(/<head>/i, '<head>\n    <base href="../">'));
      return true;
    }
    if (image) {
      const png = await imageOf(share);
      res.writeHead(200, {
        'content-type': 'image/png',
        'content-length': String(png.length),
        'cache-control': 'public, max-age=3600', // a share changes only when a player's account is deleted
      });
      res.end(req.method === 'HEAD' ? undefined : png);
      return true;
    }
    const lang = /^\s*de\b/i.test(String(req.headers['accept-language'] ?? '')) ? 'de' : 'en';
    const html = sharePageHtml(await indexHtml(), share, originOf(req, s.config.trustProxy), lang);
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'accept-language',
    });
    res.end(req.method === 'HEAD' ? undefined : html);
    return true;
  };

  return { handlers, page };
}

/** A share as everyone reads it. */
export const reviewOf = (share: Share): SharedReview => ({
  id: share.id,
  source: share.source,
  seat: share.seat,
  record: share.record as GameRecord,
  createdAt: share.createdAt,
});
