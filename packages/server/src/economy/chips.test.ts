import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { makeRecord } from '@hearts/engine';
import type { KyselyStore } from '../store/kysely-store.js';
import { openSqliteStore } from '../store/sqlite.js';
import { randomGame } from '../../test/random-game.js';
import { DAILY_CAPS, MIN_PRIZE_HANDS, PODIUM_PRIZES, PRIZES, type Prize } from '../fairness/policy.js';
import { SoloClaimRefused, balance, claimSoloWin, payUnderCap, takeDailyWin, winsToday } from './chips.js';

describe('daily caps and solo wins (SQLite)', () => {
  let store: KyselyStore;
  beforeEach(async () => {
    store = await openSqliteStore(':memory:');
  });
  afterEach(() => store.close());
  const noon = Date.UTC(2026, 2, 3, 12);

  test('each cap counts per player and UTC day, and stops at its limit', async () => {
    const db = store.progress;
    const take = (user: string, cap: 'live' | 'practice' | 'solo', at = noon) =>
      db.transaction((tx) => takeDailyWin(tx, user, cap, at));
    for (let i = 0; i < DAILY_CAPS.live; i++) expect(await take('a', 'live')).toBe(true);
    expect(await take('a', 'live')).toBe(false);
    expect(await take('a', 'live', noon + 11 * 3_600_000)).toBe(false); // 23:00, the same day
    expect(await winsToday(db, 'a', 'live', noon)).toBe(DAILY_CAPS.live);
    // Another cap, another player, the next day: their own counts.
    expect(await take('a', 'practice')).toBe(true);
    expect(await take('b', 'live')).toBe(true);
    expect(await take('a', 'live', noon + 12 * 3_600_000)).toBe(true); // 00:00 UTC the next day
    expect(await winsToday(db, 'a', 'practice', noon)).toBe(1);
  });

  test('a prize of two slots pays per slot the cap has room for; a full cap pays nothing and writes no row', async () => {
    const db = store.progress;
    const first: Prize = { amount: PODIUM_PRIZES[0], reason: 'tournament-prize', cap: 'live', slots: 2 };
    const pay = (id: string, prize: Prize) =>
      db.transaction((tx) => payUnderCap(tx, { id, userId: 'a', ref: id, at: noon }, prize));
    for (let i = 0; i < DAILY_CAPS.live - 1; i++)
      expect(await pay(`w${i}`, { amount: PRIZES.rated, reason: 'rated-win', cap: 'live', slots: 1 })).toBe(
        PRIZES.rated,
      );
    expect(await pay('t1', first)).toBe(PODIUM_PRIZES[0] / 2); // one slot left: half the place
    expect(await pay('t2', first)).toBe(0);
    expect(await balance(db, 'a')).toBe(DAILY_CAPS.live * PRIZES.rated);
    expect((await db.ledger('a', 50)).map((r) => r.ref)).not.toContain('t2');
    expect(await pay('t3', first)).toBe(0);
    expect(await winsToday(db, 'a', 'live', noon)).toBe(DAILY_CAPS.live);
  });

  test('a solo win pays a token amount, once, only for games of the minimum length', async () => {
    const db = store.progress;
    const long = randomGame({ handsToPlay: MIN_PRIZE_HANDS }, 7);
    const paid = await claimSoloWin(db, 'a', makeRecord(long, ['a', 'b', 'c', 'd']), long.winners[0]!, noon);
    expect(paid.amount).toBe(PRIZES.solo);
    expect(PRIZES.solo).toBeLessThanOrEqual(PRIZES.practice / 10);
    expect(await balance(db, 'a')).toBe(PRIZES.solo);
    const short = randomGame({ handsToPlay: MIN_PRIZE_HANDS - 1 }, 8);
    const refusal = await claimSoloWin(
      db,
      'a',
      makeRecord(short, ['a', 'b', 'c', 'd']),
      short.winners[0]!,
      noon,
    ).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(SoloClaimRefused);
    expect((refusal as SoloClaimRefused).code).toBe('ERR_TOO_SHORT');
    expect(await balance(db, 'a')).toBe(PRIZES.solo);
    expect(await winsToday(db, 'a', 'solo', noon)).toBe(1);
  });

  test('a solo game with cards taken back (its record says "undos") is practice only: refused, nothing paid', async () => {
    const db = store.progress;
    const game = randomGame({ handsToPlay: MIN_PRIZE_HANDS }, 7);
    const record = { ...makeRecord(game, ['a', 'b', 'c', 'd']), undos: 2 };
    const refusal = await claimSoloWin(db, 'a', record, game.winners[0]!, noon).catch((e: unknown) => e);
    expect((refusal as SoloClaimRefused).code).toBe('ERR_UNDO_USED');
    // A mangled mark is no clean game either.
    const mangled = { ...record, undos: 'none' };
    const again = await claimSoloWin(db, 'a', mangled, game.winners[0]!, noon).catch((e: unknown) => e);
    expect((again as SoloClaimRefused).code).toBe('ERR_UNDO_USED');
    expect(await balance(db, 'a')).toBe(0);
    expect(await winsToday(db, 'a', 'solo', noon)).toBe(0);
    // The same game without the mark pays.
    expect(
      (await claimSoloWin(db, 'a', makeRecord(game, ['a', 'b', 'c', 'd']), game.winners[0]!, noon)).amount,
    ).toBe(PRIZES.solo);
  });
});
