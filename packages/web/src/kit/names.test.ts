import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import { de } from '../app/locales/de';
import { en } from '../app/locales/en';
import { BOT_LEVELS, makeRecordName, parseRecordName } from '@hearts/protocol/socket';
import { DELETED_PLAYER } from '@hearts/protocol/http/privacy';
import { DELETED_PLAYER_NAME, recordPlayerName, seatName, strengthText } from './names';

describe('strengthText', () => {
  test.each([
    [
      'en',
      'Expert: takes 2.1 points per hand fewer than Medium',
      'Easy: takes 3.1 points per hand more than Medium',
    ],
    [
      'de',
      'Experte: nimmt 2,1 Punkte pro Runde weniger als Mittel',
      'Leicht: nimmt 3,1 Punkte pro Runde mehr als Mittel',
    ],
  ])('shows each level’s measured strength against medium (%s)', async (lang, expert, easy) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: lang, resources: { en: { translation: en }, de: { translation: de } } });
    expect(strengthText(i18n.t, lang, 'expert')).toContain(expert);
    expect(strengthText(i18n.t, lang, 'easy')).toContain(easy);
    expect(strengthText(i18n.t, lang, 'medium')).not.toMatch(/\d/);
  });
});

describe('recordPlayerName', () => {
  test.each([
    ['de', 'Bot 1 (bot expert)', 'Bot\u00a01 (Experte)'],
    ['de', 'Dora Lind (bot medium took over)', 'Dora Lind (Bot · Mittel hat übernommen)'],
    ['de', 'Bot 2 (hard)', 'Bot\u00a02 (Schwer)'],
    ['de', 'You', 'Du'],
    ['en', 'Bot 3 (bot easy)', 'Bot\u00a03 (Easy)'],
    ['en', 'Anna (bot expert took over)', 'Anna (Bot · Expert took over)'],
    ['de', 'Anna (bot master)', 'Anna (bot master)'], // not a level: a person's name as written
  ])(
    'reads the names of live, daily and solo records in the reader’s language (%s: %s)',
    async (lang, name, shown) => {
      const i18n = i18next.createInstance();
      await i18n.init({ lng: lang, resources: { en: { translation: en }, de: { translation: de } } });
      expect(recordPlayerName(i18n.t, name)).toBe(shown);
    },
  );

  test('reads every name the server writes (makeRecordName), for every level', () => {
    for (const bot of BOT_LEVELS)
      for (const tookOver of [false, true]) {
        const n = { name: tookOver ? 'Dora (Lind)' : 'Bot 2', bot, tookOver };
        expect(parseRecordName(makeRecordName(n))).toEqual(n);
      }
    expect(parseRecordName('Anna')).toEqual({ name: 'Anna', bot: null, tookOver: false });
  });
});

describe('German words', () => {
  test('the undo button is not "Zurück", the navigation’s word; a replay is "Nachspielen" on every page', async () => {
    const { featuresDe } = await import('../app/locales/features');
    expect(featuresDe.action.undo).toBe('Rückgängig');
    expect(featuresDe.action.undo).not.toBe(de.nav.back);
    const replays = [
      featuresDe.history.replay,
      featuresDe.daily.replay,
      featuresDe.tournament.replay,
      featuresDe.live.history.view,
    ];
    expect(new Set(replays)).toEqual(new Set(['Nachspielen']));
  });
});

describe('seatName', () => {
  test.each(['en', 'de'])('keeps a bot’s number on the line of its name (%s)', async (lang) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: lang, resources: { en: { translation: en }, de: { translation: de } } });
    expect(seatName(i18n.t, 1)).toBe('Bot\u00a01');
  });
});

describe('recordPlayerName: a deleted player', () => {
  test.each([
    ['en', 'deleted player', 'You'],
    ['de', 'gelöschter Spieler', 'Du'],
  ])('a deleted player and the solo seat in the reader’s language (%s)', async (lang, deleted, you) => {
    expect(DELETED_PLAYER_NAME).toBe(DELETED_PLAYER); // the server's neutral name, read here without zod
    const i18n = i18next.createInstance();
    await i18n.init({ lng: lang, resources: { en: { translation: en }, de: { translation: de } } });
    expect(recordPlayerName(i18n.t, DELETED_PLAYER)).toBe(deleted);
    expect(recordPlayerName(i18n.t, 'You')).toBe(you);
    expect(recordPlayerName(i18n.t, 'Anna')).toBe('Anna');
  });
});
