/**
 * The fair shuffle's transcripts over HTTP, beside each game's record (its players only): the handlers of
 * `ROUTES.transcripts` (every finished hand's `hearts-shuffle/1` transcript) and `ROUTES.transcript` (one hand's, as a
 * file for `hearts verify`) of `@hearts/protocol/http`.
 *
 * A hand's transcript names every dealt card, so it is served only once that hand is over.
 */
import type { Transcript } from '@hearts/shuffle';
import type { Handlers } from './api-router.js';
import { HttpError } from './http-json.js';
import type { Services } from './services.js';

/** The transcripts of a table's finished hands, in hand order. */
export async function finishedTranscripts(s: Services, tableId: string): Promise<Transcript[] | null> {
  const loaded = await s.store.loadTable(tableId);
  if (!loaded) return null;
  const deals = loaded.events.flatMap((r) => (r.event.type === 'deal' ? [r.event] : []));
  const over = loaded.table.status === 'finished' ? deals.length : deals.length - 1; // the last hand may still run
  return deals.slice(0, Math.max(0, over)).flatMap((d) => (d.shuffle ? [d.shuffle] : []));
}

/** Whether the user sat at the table (a human seat of theirs). */
async function seated(s: Services, tableId: string, userId: string): Promise<boolean> {
  const loaded = await s.store.loadTable(tableId);
  return loaded?.table.seats.some((seat) => seat.kind === 'human' && seat.userId === userId) ?? false;
}

/** The handlers of the transcript routes. */
export function shuffleHandlers(s: Services): Pick<Handlers, 'transcripts' | 'transcript'> {
  const mine = async (tableId: string, userId: string): Promise<Transcript[]> => {
    const all = (await seated(s, tableId, userId)) ? await finishedTranscripts(s, tableId) : null;
    if (!all) throw new HttpError(404, 'ERR_NOT_FOUND', 'no game of yours with that id');
    return all;
  };
  return {
    transcripts: async ({ user, params }) => ({ transcripts: await mine(params.id, user.id) }),
    transcript: async ({ user, params, reply }) => {
      const t = (await mine(params.id, user.id)).find((x) => x.handNumber === Number(params.hand));
      if (!t) throw new HttpError(404, 'ERR_NOT_FOUND', `no finished hand ${params.hand} with a transcript`);
      reply.headers['content-disposition'] =
        `attachment; filename="hearts-${params.id}-hand-${t.handNumber}.shuffle.json"`;
      return t;
    },
  };
}
