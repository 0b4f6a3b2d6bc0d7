/**
 * The live table's messages are `@hearts/protocol/socket`'s now. This re-export stays only for
 * packages/live/src/api.ts, which moves into `@hearts/protocol` in a change of its own: delete it with that move.
 */
export { BOT_LEVELS } from '@hearts/protocol/socket';
