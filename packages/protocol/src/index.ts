/**
 * The wire's one contract. Every message between the server and its clients is a zod schema here, split by
 * domain (one subpath export each); the server checks what it receives with these schemas, and the clients' types
 * are inferred from them, so no message type is written twice. Nothing here runs a game: the rules are
 * `@hearts/engine`'s, the table's reducer `@hearts/table`'s, the transports the server's and `@hearts/live`'s.
 */
export {};
