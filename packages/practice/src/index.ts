/**
 * Practice away from the table: training positions (`./training`: which analysed decisions become positions, how
 * one is made, whether an answer is right) and rated puzzles (`./puzzles`: the library's file, its checks and
 * themes, how a move is judged). What goes over the wire — the positions, the puzzles as a player is shown them,
 * the answers — is `@hearts/protocol/http/training` and `…/puzzles`; this package is what the server, the web app
 * and the `hearts` command do with them. Each part is a subpath of its own, so a page loaded on demand loads only
 * its part.
 */
export * from './training.js';
export * from './puzzles.js';
