import { makeRecord } from '@hearts/engine';
import { describe, expect, it } from 'vitest';
import { openReplay } from '../kit/replay';
import { playerNames } from '../features/solo/session';
import { playGame } from '../testing';
import { testI18n } from '../test-support';
import { recordPlayerName } from '../kit/names';
import { recordErrorText } from './record-words';

/** A record of a real game whose first two tricks are swapped: the engine refuses its first trick. */
function brokenRecord() {
  const state = playGame(4, {});
  const record = makeRecord(state, ['a', 'b', 'c', 'd']);
  const [t0, t1] = record.hands[0]!.tricks;
  record.hands[0]!.tricks[0] = t1!;
  record.hands[0]!.tricks[1] = t0!;
  return record;
}

describe('a record that cannot be replayed, in words', () => {
  it.each([
    ['de', /^Runde 1, Stich 1: Platz \d spielt \S+ – [A-ZÄÖÜ]/],
    ['en', /^hand 1, trick 1: seat \d plays \S+ – [A-Z]/],
  ] as const)('names the step and the engine’s reason in the reader’s language (%s)', (lang, shape) => {
    const r = openReplay(brokenRecord());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const { t } = testI18n(lang);
    const text = recordErrorText(t, lang, r.error);
    expect(text).toMatch(shape);
    // The reason is the table's text for the engine's code, never the engine's English or the code itself.
    expect(r.error.kind === 'illegal' && text.endsWith(t(`refusal.${r.error.code}`))).toBe(true);
    expect(text).not.toMatch(/ERR_/);
  });

  it('a file that is no record says so in the reader’s language', () => {
    const r = openReplay({ format: 'nope' });
    if (r.ok) throw new Error('read a non-record');
    expect(recordErrorText(testI18n('de').t, 'de', r.error)).toBe(
      'es ist kein Spielprotokoll (hearts-record/1)',
    );
  });

  it('every engine code a record step can fail with has German and English words', () => {
    const codes = [
      'ERR_WRONG_PHASE',
      'ERR_BAD_CARD',
      'ERR_CARD_NOT_IN_HAND',
      'ERR_WRONG_PASS_COUNT',
      'ERR_DUPLICATE_CARD',
      'ERR_ALREADY_PASSED',
      'ERR_BAD_SEAT',
      'ERR_NOT_SHOOTER',
      'ERR_BAD_CHOICE',
      'ERR_HAND_OVER',
      'ERR_BAD_DEAL',
      'ERR_BAD_SEVEN_SUIT',
      'ERR_MUST_FOLLOW_SUIT',
      'ERR_HEARTS_NOT_BROKEN',
      'ERR_POINTS_ON_FIRST_TRICK',
      'ERR_MUST_LEAD_LOWEST_CLUB',
      'ERR_NOT_YOUR_TURN',
    ];
    for (const lang of ['de', 'en'] as const) {
      const i18n = testI18n(lang);
      for (const c of codes) expect(i18n.exists(`refusal.${c}`), `${lang} ${c}`).toBe(true);
    }
  });
});

describe('recordPlayerName', () => {
  it('shows the app’s own solo names in German', () => {
    const { t } = testI18n('de');
    expect(playerNames(4, 'medium').map((n) => recordPlayerName(t, n))).toEqual([
      'Du',
      'Bot\u00a01 (Mittel)',
      'Bot\u00a02 (Mittel)',
      'Bot\u00a03 (Mittel)',
    ]);
    expect(recordPlayerName(t, 'Ana')).toBe('Ana');
    expect(recordPlayerName(t, 'Bot 1 (nonsense)')).toBe('Bot 1 (nonsense)');
  });
});
