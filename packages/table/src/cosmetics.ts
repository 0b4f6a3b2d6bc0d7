/**
 * The cosmetics are `@hearts/protocol/cosmetics`' now. This re-export stays only for packages/live/src/api.ts,
 * which moves into `@hearts/protocol` in a change of its own: delete it with that move.
 */
export { COSMETIC_SLOTS } from '@hearts/protocol/cosmetics';
export type { SeatLook } from '@hearts/protocol/cosmetics';
