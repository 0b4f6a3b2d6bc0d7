/**
 * The wire's one contract. Every message between the server and its clients is a zod schema here, split by
 * domain (one subpath export each); the server checks what it receives with these schemas, and the clients' types
 * are inferred from them, so no message type is written twice. Nothing here runs a game: the rules are
 * `@hearts/engine`'s, the table's reducer `@hearts/table`'s, the transports the server's and `@hearts/live`'s.
 *
 * The subpaths: `@hearts/protocol/socket` (the live table's `hearts-live/1`, its constants and the join's version
 * check), `@hearts/protocol/cosmetics` (the shop's catalogue and a seat's look), `@hearts/protocol/bot-worker` (a
 * bot thread's request and answer), `@hearts/protocol/http` (the HTTP API: `ROUTES`, and each domain's schemas and
 * routes as a subpath of its own, `@hearts/protocol/http/puzzles` and so on).
 */
export {};
