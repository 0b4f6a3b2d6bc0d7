/**
 * Live tables over the network: a reconnecting table client (colyseus.js) and the seat's side of the fair shuffle.
 * The `hearts-live/1` messages and the view reducer it applies them with are `@hearts/table`'s.
 *
 * ```ts
 * import { TableClient } from '@hearts/live';
 * const t = new TableClient({ url: 'http://localhost:3000', token, roomId });
 * await t.connect();
 * if (t.state?.view.legal.length) await t.move({ kind: 'play', card: t.state.view.legal[0]! });
 * ```
 */
export { TableClient, LiveError, quickMatch, signedClient } from './client.js';
export { SeatShuffle } from './shuffle.js';
export type { ShuffleVerdict, SeatShuffleOptions, SessionKeeper } from './shuffle.js';
export type { TableClientOptions, ConnectionStatus, QuickMatchWait } from './client.js';
export type { QuickMatchOptions as QuickMatchRequest } from './client.js';
