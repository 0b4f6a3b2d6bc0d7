import { describe, expect, it } from 'vitest';
import { ShuffleRound, ShuffleSession, seedToHex, type RandomBytes } from './index.js';

let counter = 0;
/** Distinct deterministic bytes per call (real seeds come from crypto.getRandomValues). */
const bytes: RandomBytes = (b) => {
  counter++;
  for (let i = 0; i < b.length; i++) b[i] = (counter * 31 + i * 7) & 0xff;
};

const info = { tableId: 't-saved', handNumber: 2, players: 4 };

/** Seat 1 and a server round for the other seats, up to the published list. */
function table() {
  const round = new ShuffleRound(info, bytes);
  const me = new ShuffleSession({ ...info, seat: 1 }, bytes);
  for (const s of [0, 2, 3]) expect(round.commitBot(s).ok).toBe(true);
  expect(round.commit(1, me.commitment).ok).toBe(true);
  return { round, me, list: round.published()! };
}

const roundTrip = (s: ShuffleSession): ShuffleSession => {
  const r = ShuffleSession.restore(JSON.parse(JSON.stringify(s.saved())));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('a saved seat session', () => {
  it('comes back at the step it was saved at, with the same seed and commitment', () => {
    const { me, list } = table();
    const committed = roundTrip(me);
    expect(committed.step).toBe('committed');
    expect(committed.commitment).toBe(me.commitment);
    expect(seedToHex(committed.seed)).toBe(seedToHex(me.seed));

    expect(me.receiveCommitments(list.commitments, list.commitmentsHash).ok).toBe(true);
    const listed = roundTrip(me);
    expect(listed.step).toBe('listed');
    expect(listed.shownHash).toBe(me.shownHash);
    expect(listed.reveal()).toEqual(me.reveal());
    expect(roundTrip(me).step).toBe('revealed');
  });

  it('verifies the hand after a restore exactly as the original would', () => {
    const { round, me, list } = table();
    me.receiveCommitments(list.commitments, list.commitmentsHash);
    const restored = roundTrip(me);
    const seed = restored.reveal();
    if (!seed.ok) throw new Error(seed.error.message);
    expect(round.reveal(1, seed.value).ok).toBe(true);
    const done = round.finish();
    if (!done.ok) throw new Error(done.error.message);
    const v = roundTrip(me).verify(done.value.transcript, done.value.hands[1]);
    expect(v.failures).toEqual([]);
    expect(v.ok).toBe(true);
  });

  it('refuses what it cannot trust: junk, another seed, a changed list or hash', () => {
    const { me, list } = table();
    me.receiveCommitments(list.commitments, list.commitmentsHash);
    const good = me.saved();
    const refusals = [
      null,
      'saved',
      {},
      { ...good, seed: 'zz' },
      { ...good, info: { ...good.info, players: 9 } },
      { ...good, info: null },
      { ...good, seed: seedToHex(new Uint8Array(32)) }, // its commitment is not the one in the list
      { ...good, commitments: [...list.commitments].reverse() },
      { ...good, commitmentsHash: 'f'.repeat(64) },
    ].map((d) => {
      const r = ShuffleSession.restore(d);
      return r.ok ? 'restored' : r.error.code;
    });
    expect(refusals).toEqual([
      'ERR_BAD_SAVED',
      'ERR_BAD_SAVED',
      'ERR_BAD_SAVED',
      'ERR_BAD_SAVED',
      'ERR_BAD_SAVED',
      'ERR_BAD_SAVED',
      'ERR_OWN_COMMITMENT_MISSING',
      'ERR_OWN_COMMITMENT_MISSING',
      'ERR_BAD_COMMITMENTS',
    ]);
  });
});
