import { describe, expect, it, test } from 'vitest';
import { csvField, csvSeparator, fileName, padToCsv, padToJsonText } from './exports';
import { addHand, createPad, parsePad, unwrapPad, type HandDraft, type Pad } from './model';
import { padRoute, parsePadRoute, type PadRoute } from './route';
import { memoryPadStore, openPadStore } from './store';

const WORDS = {
  hand: 'Hand',
  dealer: 'Dealer',
  passing: 'Passing',
  moon: 'Moon',
  jack: 'J♦',
  total: 'Total',
  direction: (o: number) => ['none', 'left', 'across', 'right'][o]!,
};

const draft = (taken: number[], more: Partial<HandDraft> = {}): HandDraft => ({
  taken,
  shooter: null,
  moonChoice: null,
  jack: null,
  ...more,
});

function pad(name: string, players: string[], rules = {}, hands: HandDraft[] = []): Pad {
  let p = unwrapPad(createPad({ id: `id-${name.length}`, name, players, rules, now: 1_700_000_000_000 }));
  for (const h of hands) p = unwrapPad(addHand(p, h, 1_700_000_100_000));
  return p;
}

describe('CSV', () => {
  test.each<[string | number, string]>([
    ['Ann', 'Ann'],
    [-26, '-26'],
    ['Smith, Jo', '"Smith, Jo"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['-Ann', "'-Ann"],
    ['@x', "'@x"],
  ])('writes %j as %j', (value, field) => expect(csvField(value)).toBe(field));

  it('has a row per hand, the moon’s shooter and a total row', () => {
    const p = pad('Friday', ['Ann', 'Ben', 'Cem', 'Dora'], {}, [
      draft([5, 13, 8, 0]),
      draft([0, 26, 0, 0], { shooter: 1 }),
    ]);
    expect(padToCsv(p, WORDS)).toBe(
      'Hand,Dealer,Passing,Ann,Ben,Cem,Dora,Moon\r\n' +
        '1,Ann,left,5,13,8,0,\r\n' +
        '2,Ben,right,26,0,26,26,Ben\r\n' +
        'Total,,,31,13,34,26,\r\n',
    );
  });

  it('separates fields with a semicolon for German spreadsheets', () => {
    expect([csvSeparator('de'), csvSeparator('de-AT'), csvSeparator('en'), csvSeparator('en-US')]).toEqual([
      ';',
      ';',
      ',',
      ',',
    ]);
    const p = pad('Freitag', ['Ann', 'Ben, Jr.', 'Cem; X', 'Dora'], {}, [draft([5, 13, 8, 0])]);
    expect(padToCsv(p, WORDS, ';').split('\r\n')).toEqual([
      'Hand;Dealer;Passing;Ann;Ben, Jr.;"Cem; X";Dora;Moon',
      '1;Ann;left;5;13;8;0;',
      'Total;;;5;13;8;0;',
      '',
    ]);
  });

  it('names who took the J♦ under Omnibus', () => {
    const p = pad('O', ['Ann', 'Ben', 'Cem'], { jackOfDiamonds: -10 }, [draft([13, 13, 0], { jack: 2 })]);
    expect(padToCsv(p, WORDS).split('\r\n')).toEqual([
      'Hand,Dealer,Passing,Ann,Ben,Cem,Moon,J♦',
      '1,Ann,left,13,13,-10,,Cem',
      'Total,,,13,13,-10,,',
      '',
    ]);
  });
});

describe('files', () => {
  test.each([
    ['Friday night', 'score-pad-friday-night.csv'],
    ['Spiel vom 3. März', 'score-pad-spiel-vom-3-märz.csv'],
    ['***', 'score-pad.csv'],
  ])('names %j as %j', (name, file) => expect(fileName(pad(name, ['A', 'B', 'C']), 'csv')).toBe(file));

  it('writes JSON that reads back as the same pad', () => {
    const p = pad('J', ['A', 'B', 'C'], { targetScore: 100 }, [draft([20, 6, 0])]);
    expect(parsePad(JSON.parse(padToJsonText(p)))).toEqual({ ok: true, value: p });
  });
});

describe('routes', () => {
  test.each<[string, PadRoute]>([
    ['#/pad', { view: 'list' }],
    ['#/pad/', { view: 'list' }],
    ['#/pad/new', { view: 'new' }],
    ['#/pad/00ff', { view: 'sheet', id: '00ff' }],
    ['#/pad/00ff/print', { view: 'print', id: '00ff' }],
    ['#/pad/%E0%A4%A', { view: 'list' }],
    ['#/settings', { view: 'list' }],
  ])('reads %s', (hash, route) => {
    expect(parsePadRoute(hash)).toEqual(route);
    if (route.view !== 'list' || hash === '#/pad')
      expect(parsePadRoute(`#${padRoute(route)}`)).toEqual(route);
  });
});

describe('the memory store', () => {
  it('lists the newest first, gets, puts and removes', async () => {
    const store = memoryPadStore();
    const a = pad('A', ['A', 'B', 'C']);
    const b = { ...pad('Bee', ['A', 'B', 'C']), updated: a.updated + 5 };
    await store.put(a);
    await store.put(b);
    expect((await store.list()).pads.map((p) => p.name)).toEqual(['Bee', 'A']);
    expect(await store.get(a.id)).toEqual(a);
    expect(await store.get('nope')).toBeNull();
    await store.remove(b.id);
    expect(await store.list()).toEqual({ pads: [a], broken: 0 });
    expect(store.persistent).toBe(false);
  });

  it('falls back to memory without IndexedDB', async () => {
    expect((await openPadStore(undefined)).persistent).toBe(false);
  });
});
