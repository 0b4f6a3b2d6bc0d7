/** Where the device keeps the solo game in progress (session.ts writes and replays it; the start screen asks). */
export const CURRENT_KEY = 'hearts.current';
