import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { makeRecord } from '@hearts/engine';
import type { KyselyStore } from '../store/kysely-store.js';
import { openSqliteStore } from '../store/sqlite.js';
import { randomGame } from '../../test/random-game.js';
import {
  DAILY_CAPS,
  MIN_PRIZE_HANDS,
  PRIZES,
  SoloClaimRefused,
  balance,
  claimSoloWin,
  livePrize,
  takeDailyWin,
  winsToday,
} from './chips.js';

describe('what a live win pays', () => {
  test.each([
    // rated, people dealt in, hands → prize
    [true, 4, 8, { amount: PRIZES.rated, reason: 'rated-win', cap: 'live' }],
    [true, 2, MIN_PRIZE_HANDS, { amount: PRIZES.rated, reason: 'rated-win', cap: 'live' }],
    [false, 2, 6, { amount: PRIZES.friends, reason: 'friends-win', cap: 'live' }],
    // one person with bots is practice, rated or not
    [true, 1, 6, { amount: PRIZES.practice, reason: 'practice-win', cap: 'practice' }],
    [false, 1, 6, { amount: PRIZES.practice, reason: 'practice-win', cap: 'practice' }],
    // too short: nothing, whoever sat there
    [true, 4, MIN_PRIZE_HANDS - 1, null],
    [false, 2, 1, null],
    [false, 1, 1, null],
  ] as const)('rated %s, %i people, %i hands', (rated, humansAtDeal, hands, prize) => {
    expect(livePrize({ rated, humansAtDeal, hands })).toEqual(prize);
  });
});

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
