import { describe, expect, test } from 'vitest';
import { foldWord, nameRefusal, nameWords } from './names.js';

describe('names that pose as a bot or as staff', () => {
  test.each([
    'Bot',
    'Bot 1',
    'bot 2',
    'Bоt 3', // Cyrillic о
    'BОТ', // Cyrillic О and Т
    'b0t',
    'B0T 4',
    'Bot1',
    'Bot_7',
    'Bot-Expert',
    'TheBot',
    'xXBotXx',
    'HTMLBot',
    'Ｂｏｔ', // full width
    '𝐁𝐨𝐭', // mathematical bold
    'Bôt',
    'Robot',
    'R0b0t 9',
    'Roboter',
    'Computer 2',
    'Admin',
    'ADMIN',
    'admin',
    'Аdmin', // Cyrillic А
    'Adrnin', // r n for m
    'adm1n',
    'ADMlN', // a small L for the capital i
    'Administrator',
    'Mod',
    'm0d',
    'Moderator',
    'Staff',
    'Hearts Staff',
    'Hearts Official',
    'Hearts Team',
    'HeartsTeam',
    'System',
    'Support',
    'AdminJoe',
    'Joe the Admin',
    'Server',
    'deleted player', // a deleted player's seat in finished games
    'Deleted_Player',
    'Gelöschter Spieler',
    'geloeschter spieler',
  ])('%s is refused', (name) => {
    expect(nameRefusal(name)).toMatch(/pose as a bot or as staff/);
  });

  test.each([
    'Abbot',
    'Admiral',
    'Botond',
    'Bottle',
    'Badminton',
    'Robo',
    'Robin',
    'Modesto',
    'Supporter',
    'Systems Analyst',
    'Team Hearts',
    'Hearts Fan',
    'Queen of Hearts',
    'Anna',
    'Zoë',
    'Борис', // Cyrillic
    'Guest 1234',
    'Guest 98765432',
    'Gast 4821',
    'Adam',
    'Moby',
    'Tomás',
    'Bo T',
    'Mo D',
    'Ai',
  ])('%s is allowed', (name) => {
    expect(nameRefusal(name)).toBeNull();
  });

  test('the words of a name, and their folding', () => {
    expect(nameWords('TheBot_x1 HTMLBot Bot42 7')).toEqual([
      'TheBot',
      'The',
      'Bot',
      'x',
      'HTMLBot',
      'HTML',
      'Bot',
      'Bot',
    ]);
    expect(foldWord('Bоt')).toBe(foldWord('bot'));
    expect(foldWord('ADMIN')).toBe(foldWord('admin'));
    expect(foldWord('Abbot')).not.toBe(foldWord('bot'));
  });

  test('the refusal names the word', () => {
    expect(nameRefusal('Joe the Admin')).toBe('a name may not pose as a bot or as staff ("Admin")');
  });
});
