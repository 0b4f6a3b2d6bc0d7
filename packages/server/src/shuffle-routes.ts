/**
 * The fair shuffle's transcripts over HTTP, beside each game's record (its players only):
 *
 * | route | what |
 * | --- | --- |
 * | `GET /api/games/<id>/shuffle` | `{ transcripts: [...] }`: every finished hand's `hearts-shuffle/1` transcript |
 * | `GET /api/games/<id>/shuffle/<hand>` | one hand's transcript, as a file for `hearts verify` |
 *
 * A hand's transcript names every dealt card, so it is served only once that hand is over.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, sendJson as send } from './http-json.js';
import type { Transcript } from '@hearts/shuffle';
import type { Services } from './services.js';

const ROUTE = /^\/api\/games\/([A-Za-z0-9_-]{1,40})\/shuffle(?:\/(\d{1,4}))?$/;

/** The transcripts of a table's finished hands, in hand order. */
export async function finishedTranscripts(s: Services, tableId: string): Promise<Transcript[] | null> {
  const loaded = await s.store.loadTable(tableId);
  if (!loaded) return null;
  const deals = loaded.events.flatMap((r) => (r.event.type === 'deal' ? [r.event] : []));
  const over = loaded.table.status === 'finished' ? deals.length : deals.length - 1; // the last hand may still run
  return deals.slice(0, Math.max(0, over)).flatMap((d) => (d.shuffle ? [d.shuffle] : []));
}

/** Answers the transcript routes; false for any other path. */
export async function shuffleRoutes(
  s: Services,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  const m = ROUTE.exec(path);
  if (!m || (req.method ?? 'GET') !== 'GET') return false;
  const user = await s.identity.user(bearerToken(req));
  if (!user) {
    send(res, 401, { error: 'ERR_SIGN_IN', message: 'sign in first: the token is missing or not valid' });
    return true;
  }
  const loaded = await s.store.loadTable(m[1]!);
  const seated = loaded?.table.seats.some((seat) => seat.kind === 'human' && seat.userId === user.id);
  const all = seated ? await finishedTranscripts(s, m[1]!) : null;
  if (!all) {
    send(res, 404, { error: 'ERR_NOT_FOUND', message: 'no game of yours with that id' });
    return true;
  }
  if (m[2] === undefined) {
    send(res, 200, { transcripts: all });
    return true;
  }
  const t = all.find((x) => x.handNumber === Number(m[2]));
  if (!t) send(res, 404, { error: 'ERR_NOT_FOUND', message: `no finished hand ${m[2]} with a transcript` });
  else
    send(res, 200, t, {
      'content-disposition': `attachment; filename="hearts-${m[1]}-hand-${t.handNumber}.shuffle.json"`,
    });
  return true;
}
