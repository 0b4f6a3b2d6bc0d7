import { describe, expect, it } from 'vitest';
import { ROOM_MAX_CONNECTIONS, admitsPlayer, pendingReservations, type Pending } from './admission.js';

const members = new Set(['ann', 'bob']);
const lobby = (pending: Pending[] = [], connections = 2) => ({
  own: (u: string) => members.has(u),
  lobbyOpen: true,
  members: members.size,
  players: 4,
  connections,
  pending,
});
const reserved = (userId: string, watch = false): Pending => ({ sessionId: `s-${userId}`, userId, watch });

describe('who may reserve a player’s place', () => {
  it('the room’s own players always, also at a table and in a full room', () => {
    expect(admitsPlayer('ann', { ...lobby([], ROOM_MAX_CONNECTIONS), lobbyOpen: false })).toBe(true);
  });

  it('nobody else at a table, or while a lobby starts its game', () => {
    expect(admitsPlayer('cy', { ...lobby(), lobbyOpen: false })).toBe(false);
  });

  it('newcomers while members and the others’ pending reservations leave a seat free', () => {
    expect(admitsPlayer('cy', lobby())).toBe(true);
    expect(admitsPlayer('cy', lobby([reserved('dee')]))).toBe(true); // 2 members + dee + cy = 4
    expect(admitsPlayer('cy', lobby([reserved('dee'), reserved('eve')]))).toBe(false);
    // The user's own older reservation, and the members' own, take no newcomer's seat.
    expect(admitsPlayer('cy', lobby([reserved('cy'), reserved('ann'), reserved('dee')]))).toBe(true);
  });

  it('not once the room holds ROOM_MAX_CONNECTIONS connections and reservations', () => {
    expect(admitsPlayer('cy', lobby([reserved('w', true)], ROOM_MAX_CONNECTIONS - 1))).toBe(false);
    expect(admitsPlayer('cy', lobby([], ROOM_MAX_CONNECTIONS - 1))).toBe(true);
  });
});

describe('pending reservations', () => {
  it('are those not yet taken up, with their user and whether they watch', () => {
    const seats = {
      a: [{}, { userId: 'ann' }],
      b: [{ watch: true }, { userId: 'bob' }, false],
      c: [{}, { userId: 'cy' }, true], // being taken up by its connection
      d: [{}, undefined], // no one signed in
    };
    expect(pendingReservations(seats)).toEqual([
      { sessionId: 'a', userId: 'ann', watch: false },
      { sessionId: 'b', userId: 'bob', watch: true },
    ]);
  });
});
