import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import { de } from '../app/locales/de';
import { en } from '../app/locales/en';
import { seatName, strengthText } from './names';

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

describe('seatName', () => {
  test.each(['en', 'de'])('keeps a bot’s number on the line of its name (%s)', async (lang) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: lang, resources: { en: { translation: en }, de: { translation: de } } });
    expect(seatName(i18n.t, 1)).toBe('Bot\u00a01');
  });
});
