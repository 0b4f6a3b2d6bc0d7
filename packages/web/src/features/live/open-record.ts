/**
 * Opens a finished live game in the replay (and its analysis): fetches its record, checks it with the engine and
 * hands it to the replay page at its address (`#/replay/live/ID`), with the player's own seat for the analysis.
 */
import type { RecordError, Result } from '@hearts/engine';
import { err, ok } from '@hearts/engine';
import { openReplay, openedFromRoute, serverReplayRoute } from '../../kit/replay';
import { setOpenedFile } from '../../kit/replay';
import { fetchRecord } from '../../kit/server/account';

/** Fetches game `id`'s record and opens it; rejects when the server cannot give it, errs on a bad record. */
export async function openLiveGame(
  token: string,
  id: string,
  seat: number,
  navigate: (route: string) => void,
  analyse: boolean,
): Promise<Result<void, RecordError>> {
  const r = openReplay(await fetchRecord(token, id));
  if (!r.ok) return err(r.error);
  // At an address of its own (a reload reopens it); back leads to the live games.
  const from = openedFromRoute('/live/history');
  setOpenedFile(r.value, id, { seat, game: id }, from);
  navigate(serverReplayRoute({ kind: 'live', id, seat, mine: true, from: from.route, analyse }));
  return ok(undefined);
}
