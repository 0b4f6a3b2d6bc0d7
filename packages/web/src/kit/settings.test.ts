import { describe, expect, it } from 'vitest';
import { cardLabel, rankIndex, sortHand, suitColor } from './cards';
import { defaultSettings, loadSettings, parseSettings, presetOf, saveSettings, timing } from './settings';
import { memoryStore } from './storage';
import { passDirection, seatPositions } from '../table/view';
import { addGame, addHand, averagePoints, EMPTY_STATS, EARLIER, loadSoloStats } from './records';

describe('settings', () => {
  it('take the browser’s language first', () => {
    expect(defaultSettings('de-AT').lang).toBe('de');
    expect(defaultSettings('en-GB').lang).toBe('en');
    expect(defaultSettings('fr-FR').lang).toBe('en');
  });

  it('are remembered, and anything invalid falls back to its default', () => {
    const store = memoryStore();
    const s = {
      ...defaultSettings('en'),
      lang: 'de' as const,
      level: 'expert' as const,
      rules: { targetScore: 100 },
    };
    saveSettings(store, s);
    expect(loadSettings(store, 'en')).toEqual(s);
    const bad = parseSettings(
      { lang: 'fr', level: 'god', rules: { players: 9 }, speed: 7, fourColor: 'yes' },
      'de',
    );
    expect(bad).toEqual(defaultSettings('de'));
    store.set('hearts.settings', '{not json');
    expect(loadSettings(store, 'de')).toEqual(defaultSettings('de'));
  });

  it('keep sound off unless it was turned on', () => {
    expect(defaultSettings('en').sound).toBe(false);
    expect(parseSettings({ sound: true }, 'en').sound).toBe(true);
    expect(parseSettings({ sound: 'loud' }, 'en').sound).toBe(false);
    const store = memoryStore();
    saveSettings(store, { ...defaultSettings('de'), sound: true });
    expect(loadSettings(store, 'de').sound).toBe(true);
  });

  it('name the preset that options match', () => {
    expect(presetOf({})).toBe('standard');
    expect(presetOf({ targetScore: 100 })).toBe('classic100');
    expect(presetOf({ jackOfDiamonds: -10 })).toBe('omnibus');
    expect(presetOf({ targetScore: 75 })).toBe('custom');
    expect(presetOf({ players: 9 })).toBe('custom');
  });

  it('time animations by speed; reduce motion stops movement', () => {
    expect(timing('slow', false).move).toBeGreaterThan(timing('fast', false).move);
    expect(timing('normal', true).move).toBe(0);
    expect(timing('instant', false)).toEqual({ move: 0, hold: 0, pace: 0 });
    for (const sp of ['slow', 'normal', 'fast'] as const) {
      const m = timing(sp, false).move;
      expect(m).toBeGreaterThanOrEqual(150);
      expect(m).toBeLessThanOrEqual(300);
    }
  });
});

describe('cards as shown', () => {
  it('sorts a hand by suit, then rank', () => {
    expect(sortHand(['AH', '2C', 'QS', 'TD', '3C'])).toEqual(['2C', '3C', 'TD', 'QS', 'AH']);
  });

  it('speaks card names in German and English', () => {
    expect(cardLabel('QS', 'de')).toBe('Pik-Dame');
    expect(cardLabel('QS', 'en')).toBe('Queen of spades');
    expect(cardLabel('TH', 'de')).toBe('Herz-Zehn');
    expect(cardLabel('AC', 'en')).toBe('Ace of clubs');
    expect(rankIndex('Q', 'de')).toBe('D');
    expect(rankIndex('J', 'en')).toBe('J');
    expect(rankIndex('T', 'de')).toBe('10');
  });

  it('colours suits in two or four colours', () => {
    expect(['C', 'D', 'S', 'H'].map((s) => suitColor(s as 'C', false))).toEqual([
      'black',
      'red',
      'black',
      'red',
    ]);
    expect(['C', 'D', 'S', 'H'].map((s) => suitColor(s as 'C', true))).toEqual([
      'green',
      'blue',
      'black',
      'red',
    ]);
  });
});

describe('the table', () => {
  it('seats everyone clockwise from the bottom', () => {
    expect(seatPositions(4)).toEqual(['bottom', 'left', 'top', 'right']);
    expect(seatPositions(3)).toHaveLength(3);
    expect(new Set(seatPositions(6)).size).toBe(6);
  });

  it('names pass directions', () => {
    expect(passDirection(1, 4)).toEqual({ kind: 'left' });
    expect(passDirection(3, 4)).toEqual({ kind: 'right' });
    expect(passDirection(2, 4)).toEqual({ kind: 'across' });
    expect(passDirection(0, 4)).toEqual({ kind: 'none' });
    expect(passDirection(2, 5)).toEqual({ kind: 'seats', seats: 2 });
  });
});

describe('statistics', () => {
  it('add up hands and games', () => {
    let s = addHand(EMPTY_STATS, { points: 13, moon: false, queen: true });
    s = addHand(s, { points: 0, moon: true, queen: true });
    s = addGame(s, true);
    expect(s).toEqual({ games: 1, wins: 1, hands: 2, points: 13, moons: 1, queens: 2, undoGames: 0 });
    // A game with cards taken back counts like any other, and apart.
    expect(addGame(s, false, true)).toEqual({ ...s, games: 2, undoGames: 1 });
    expect(averagePoints(s)).toBe(6.5);
    expect(averagePoints(EMPTY_STATS)).toBeNull();
    const store = memoryStore();
    store.set('hearts.stats', JSON.stringify({ games: 'x', wins: 2 }));
    expect(loadSoloStats(store)).toEqual([]); // counters of no game or hand: nothing to keep
    store.set('hearts.stats', JSON.stringify({ games: 3, wins: 2, hands: 'x' }));
    expect(loadSoloStats(store)).toEqual([
      { ...EMPTY_STATS, games: 3, wins: 2, variant: EARLIER, rules: {}, level: null },
    ]);
  });
});
