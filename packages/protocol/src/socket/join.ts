/**
 * What a client sends when it joins a room (Colyseus' join options): the protocol's version always, and what the
 * room needs besides (watching a table; quick match's wishes). A server refuses a join of another version, or of
 * none, with `JOIN_ERRORS.protocol` before anything else, so that a page left open over an update says "reload"
 * instead of failing on messages it does not know (the refusal's code is `JOIN_ERRORS.protocol`). No zod here: the web app's start page joins rooms.
 */
import { LIVE_PROTOCOL } from './constants.js';

/** Every join's options: this protocol's version, and `watch: true` to watch a table rather than sit at it. */
export interface JoinOptions {
  readonly protocol: typeof LIVE_PROTOCOL;
  /**
   * Watching a table: a client that joins with `watch: true` gets no seat and only what is public. Its `watch`
   * messages are full snapshots of the public view (`publicObservation` of the engine: the cards played, the
   * tricks, the scores; never a hand), one per table event; `clock`, `seats` and `result` as the players get
   * them; the watchers' own chat (`wchat`), which the players do not see; and `watchers`. A watcher's `chat` goes
   * to the watchers only.
   */
  readonly watch?: true;
}

/** The join options of this client: `joinOptions({ watch: true })`, `joinOptions({ rated, targetScore })`. */
export const joinOptions = <T extends object = object>(more?: T): JoinOptions & T =>
  ({ ...more, protocol: LIVE_PROTOCOL }) as JoinOptions & T;

/** Why a join's options are not of this protocol (a message naming both versions), or null when they are. */
export function protocolRefusal(options: unknown): string | null {
  const sent =
    typeof options === 'object' && options !== null
      ? (options as { protocol?: unknown }).protocol
      : undefined;
  if (sent === LIVE_PROTOCOL) return null;
  const theirs =
    typeof sent === 'string' ? `speaks ${JSON.stringify(sent.slice(0, 40))}` : 'names no protocol';
  return `this server speaks ${LIVE_PROTOCOL} and the client ${theirs}: reload the page (or update the client)`;
}
