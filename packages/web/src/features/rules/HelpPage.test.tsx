// @vitest-environment happy-dom
import { preset, type Rules } from '@hearts/engine';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../test-support';
import { HelpPage } from './HelpPage';

afterEach(cleanup);

type Section = 'goal' | 'pass' | 'play' | 'hearts' | 'moon';

/** The help page under `rules` in `lang`: each section's first paragraph, its pictures' cards and arrows. */
function help(lang: 'en' | 'de', rules: Partial<Rules>) {
  const { container } = renderInApp(<HelpPage />, { lang, settings: { rules } });
  const section = (s: Section) => container.querySelector(`[data-section="${s}"]`);
  return {
    text: (s: Section) => section(s)?.querySelector('p')?.textContent ?? null,
    cards: (s: Section) =>
      [...(section(s)?.querySelectorAll('[data-card]') ?? [])].map((c) => c.getAttribute('data-card')),
    badges: (s: Section) =>
      [...(section(s)?.querySelectorAll('[data-card]') ?? [])].map(
        (c) => `${c.getAttribute('data-card')} ${c.querySelector('.help-badge')?.textContent ?? ''}`,
      ),
    arrows: () =>
      [...(section('pass')?.querySelectorAll('.help-arrows small') ?? [])].map((s) => s.textContent),
  };
}

/** What each section says under the standard rules, and the passing arrows' words. */
const STANDARD = {
  en: {
    goal: 'Take as few points as possible. Every heart you take is 1 point, the queen of spades 13. The game ends after the hand in which someone reaches 50 points; the player with the fewest points wins. Players tied for the fewest share the win.',
    pass: 'Before each hand everyone passes 3 cards: first to the left, then to the right, then across, then not at all. You see what you received only after you have passed.',
    play: 'Whoever holds the two of clubs leads it to the first trick. Everyone plays one card in turn. You must follow suit if you can; otherwise play any card. The highest card of the suit led takes the trick, and its winner leads next. A hand has 13 tricks.',
    hearts:
      'No hearts and not the Q♠ on the first trick, unless you hold nothing else. Hearts may be led only once a heart has been played (hearts are broken), or when you hold nothing else.',
    moon: 'Take all hearts and the Q♠ and you score 0 — everyone else gets 26.',
    arrows: ['to the left', 'to the right', 'across', 'no pass'],
  },
  de: {
    goal: 'Nimm so wenig Punkte wie möglich. Jedes Herz zählt 1 Punkt, die Pik-Dame 13. Die Partie endet nach der Runde, in der jemand 50 Punkte erreicht; es gewinnt, wer die wenigsten Punkte hat. Haben mehrere gleich wenige, teilen sie sich den Sieg.',
    pass: 'Vor jeder Runde gibt jeder 3 Karten weiter: zuerst nach links, dann nach rechts, dann nach gegenüber, dann keine Weitergabe. Was du bekommst, siehst du erst, wenn du selbst weitergegeben hast.',
    play: 'Wer die Kreuz-Zwei hat, spielt sie zum ersten Stich aus. Reihum legt jeder eine Karte. Du musst bedienen, wenn du kannst; sonst darfst du jede Karte spielen. Die höchste Karte der ausgespielten Farbe nimmt den Stich, und wer ihn nimmt, spielt als Nächstes aus. Eine Runde hat 13 Stiche.',
    hearts:
      'Im ersten Stich kein Herz und keine Pik-Dame, außer du hast nichts anderes. Herz darf erst ausgespielt werden, wenn Herz gebrochen ist (ein Herz wurde schon gespielt) oder wenn du nichts anderes hast.',
    moon: 'Nimmst du alle Herzen und die Pik-Dame, bekommst du 0 Punkte — alle anderen 26.',
    arrows: ['nach links', 'nach rechts', 'nach gegenüber', 'keine Weitergabe'],
  },
} as const;

describe('HelpPage under the standard rules', () => {
  it.each(['en', 'de'] as const)('says the standard rules (%s)', (lang) => {
    const page = help(lang, {});
    const want = STANDARD[lang];
    for (const s of ['goal', 'pass', 'play', 'hearts', 'moon'] as const)
      expect(page.text(s), s).toBe(want[s]);
    expect(page.arrows()).toEqual(want.arrows);
  });

  it('shows the standard pictures: the counting cards with their points, a trick led by the 2♣', () => {
    const page = help('en', {});
    expect(page.badges('goal')).toEqual(['2H +1', '9H +1', 'AH +1', 'QS +13']);
    expect(page.cards('play').slice(0, 4)).toEqual(['2C', '9C', 'KC', '4C']);
  });

  it('falls back to the standard rules when the chosen ones are not valid', () => {
    const page = help('en', { passCards: 9 } as unknown as Partial<Rules>);
    expect(page.text('pass')).toContain('passes 3 cards: first to the left');
  });
});

/** A rule set, and sentences (or parts) each section must say under it, in English and German. */
interface Case {
  readonly name: string;
  readonly rules: Partial<Rules>;
  readonly en: Partial<Record<Section, readonly string[]>>;
  readonly de: Partial<Record<Section, readonly string[]>>;
}

const CASES: readonly Case[] = [
  {
    name: 'spot hearts (hearts by rank, Q♠ 25)',
    rules: { heartValues: 'rank', queenPoints: 25 },
    en: {
      goal: [
        'Every heart you take counts its rank, from 2 for the 2 to 14 for the ace; the queen of spades 25.',
      ],
      moon: ['everyone else gets 129.'],
    },
    de: {
      goal: ['Jedes Herz zählt seinen Wert, von 2 für die 2 bis 14 für das Ass; die Pik-Dame 25.'],
      moon: ['alle anderen 129.'],
    },
  },
  {
    name: 'the spot preset (to 500)',
    rules: preset('spot'),
    en: { goal: ['someone reaches 500 points'] },
    de: { goal: ['in der jemand 500 Punkte erreicht'] },
  },
  {
    name: 'Omnibus (J♦ −10)',
    rules: preset('omnibus'),
    en: {
      goal: ['The jack of diamonds counts −10 for whoever takes it (Omnibus).'],
      moon: ['Other cards that count (jack of diamonds) stay with whoever took them.'],
    },
    de: {
      goal: ['Der Karo-Bube zählt −10 für den, der ihn nimmt (Omnibus).'],
      moon: ['Andere Karten, die zählen (Karo-Bube), behält, wer sie genommen hat.'],
    },
  },
  {
    name: 'Black Maria',
    rules: preset('blackMaria'),
    en: {
      goal: ['The king of spades counts 10 and the ace of spades 7 (Black Maria).'],
      pass: ['Before each hand everyone passes 3 cards to the right.'],
      play: [
        'Left out of the deck: 2♣. Each of the 3 players gets 17 cards. The player to the left of the dealer leads the first trick, with any card the rules allow.',
        'A hand has 17 tricks.',
      ],
      hearts: ['The K♠ and the A♠ may be played to it. Hearts may be led at any time.'],
      moon: ['Other cards that count (king of spades, ace of spades) stay with whoever took them.'],
    },
    de: {
      goal: ['Der Pik-König zählt 10, das Pik-Ass 7 (Black Maria).'],
      pass: ['Vor jeder Runde gibt jeder 3 Karten nach rechts weiter.'],
      play: [
        'Aus dem Blatt genommen: 2♣. Jeder der 3 Spieler bekommt 17 Karten. Zum ersten Stich spielt aus, wer links vom Geber sitzt',
        'Eine Runde hat 17 Stiche.',
      ],
      hearts: ['Pik-König und Pik-Ass dürfen in den ersten Stich. Herz darf jederzeit ausgespielt werden.'],
      moon: ['Andere Karten, die zählen (Pik-König, Pik-Ass), behält, wer sie genommen hat.'],
    },
  },
  {
    name: 'Papayoo style (no moon, 5 hands, the die, 5 cards always left, the dealer leads)',
    rules: preset('papayoo'),
    en: {
      goal: [
        'from 2 for the 2 to 14 for the ace; the queen of spades counts nothing.',
        'After passing, a die picks one of the sevens (1–2: 7♠, 3–4: 7♦, 5–6: 7♣): in this hand it counts 40 points for whoever takes it.',
        'The game lasts 5 hands; the player with the fewest points wins.',
      ],
      pass: ['Before each hand everyone passes 5 cards to the left.'],
      play: ['The dealer leads the first trick, with any card the rules allow.'],
      hearts: ['Hearts and the Q♠ may be played to the first trick too. Hearts may be led at any time.'],
    },
    de: {
      goal: [
        'von 2 für die 2 bis 14 für das Ass; die Pik-Dame zählt nichts.',
        'Nach dem Weitergeben wählt ein Würfel eine der Siebenen (1–2: 7♠, 3–4: 7♦, 5–6: 7♣): Sie zählt in dieser Runde 40 Punkte für den, der sie nimmt.',
        'Die Partie dauert 5 Runden; es gewinnt, wer die wenigsten Punkte hat.',
      ],
      pass: ['Vor jeder Runde gibt jeder 5 Karten nach links weiter.'],
      play: ['Zum ersten Stich spielt der Geber aus'],
      hearts: [
        'Herz und die Pik-Dame dürfen auch in den ersten Stich. Herz darf jederzeit ausgespielt werden.',
      ],
    },
  },
  {
    name: 'passing rotating',
    rules: { passCycle: 'rotate' },
    en: { pass: ['first to the left, then across, then to the right, then not at all.'] },
    de: { pass: ['zuerst nach links, dann nach gegenüber, dann nach rechts, dann keine Weitergabe.'] },
  },
  {
    name: 'passing always left',
    rules: { passCycle: 'left' },
    en: { pass: ['Before each hand everyone passes 3 cards to the left.'] },
    de: { pass: ['Vor jeder Runde gibt jeder 3 Karten nach links weiter.'] },
  },
  {
    name: '5 cards passed',
    rules: { passCards: 5 },
    en: { pass: ['Before each hand everyone passes 5 cards: first to the left,'] },
    de: { pass: ['Vor jeder Runde gibt jeder 5 Karten weiter: zuerst nach links,'] },
  },
  {
    name: 'one card passed',
    rules: { passCards: 1, passCycle: 'right' },
    en: { pass: ['Before each hand everyone passes 1 card to the right.'] },
    de: { pass: ['Vor jeder Runde gibt jeder 1 Karte nach rechts weiter.'] },
  },
  {
    name: 'no passing',
    rules: { passCards: 0 },
    en: { pass: ['Nobody passes cards in this game: you play the cards you were dealt.'] },
    de: { pass: ['In diesem Spiel gibt niemand Karten weiter'] },
  },
  {
    name: 'six players rotating',
    rules: { players: 6, passCycle: 'rotate' },
    en: {
      pass: [
        'first to the left, then 2 seats to the left, then across, then 4 seats to the left, then to the right, then not at all.',
      ],
      play: [
        'Left out of the deck: 2♣, 3♣, 2♦, 2♠. Each of the 6 players gets 8 cards. Whoever holds the four of clubs leads it to the first trick.',
      ],
    },
    de: {
      pass: ['zuerst nach links, dann 2 Plätze nach links, dann nach gegenüber, dann 4 Plätze nach links'],
      play: [
        'Jeder der 6 Spieler bekommt 8 Karten. Wer die Kreuz-Vier hat, spielt sie zum ersten Stich aus.',
      ],
    },
  },
  {
    name: 'the Q♠ breaks hearts, ties play on, one hand',
    rules: { queenBreaksHearts: true, ties: 'playOn', handsToPlay: 1 },
    en: {
      goal: [
        'The game lasts 1 hand;',
        'If several are tied for the fewest, more hands are played until one alone has the fewest.',
      ],
      hearts: ['Hearts may be led only once a heart or the Q♠ has been played (hearts are broken)'],
    },
    de: {
      goal: ['Die Partie dauert 1 Runde;', 'Haben mehrere gleich wenige, wird weitergespielt'],
      hearts: ['wenn Herz gebrochen ist (ein Herz oder die Pik-Dame wurde schon gespielt)'],
    },
  },
  {
    name: 'the shooter loses the moon',
    rules: { moon: 'shooterMinus26' },
    en: { moon: ['Take all hearts and the Q♠ and you score −26 instead of 26.'] },
    de: { moon: ['Nimmst du alle Herzen und die Pik-Dame, bekommst du nicht 26 Punkte, sondern −26.'] },
  },
  {
    name: 'the shooter chooses (spot hearts)',
    rules: { moon: 'shooterChoice', heartValues: 'rank', queenPoints: 25 },
    en: { moon: ['you choose: −129 for yourself or +129 for everyone else.'] },
    de: { moon: ['wählst: −129 für dich oder +129 für alle anderen.'] },
  },
  {
    name: 'others +26 unless the shooter would lose',
    rules: { moon: 'othersPlus26UnlessLosing' },
    en: {
      moon: ['unless that would end the game with you not alone in the lead: then you get −26 instead.'],
    },
    de: { moon: ['ohne dass du allein vorn liegst: Dann bekommst du stattdessen −26.'] },
  },
];

describe.each(['en', 'de'] as const)('HelpPage in %s says the rules chosen', (lang) => {
  it.each(CASES)('$name', ({ rules, ...c }) => {
    const page = help(lang, rules);
    for (const [section, parts] of Object.entries(c[lang]) as [Section, string[]][])
      for (const part of parts) expect(page.text(section)).toContain(part);
  });
});

describe('HelpPage pictures and sections follow the rules', () => {
  it('shows no moon where there is none, and no arrows without passing', () => {
    const page = help('en', preset('papayoo'));
    expect(page.text('moon')).toBeNull();
    expect(page.arrows()).toEqual(['to the left']);
    const none = help('de', { passCards: 0 });
    expect(none.arrows()).toEqual([]);
    expect(none.text('moon')).not.toBeNull();
  });

  it('shows the cards that count with their points', () => {
    expect(help('en', preset('spot')).badges('goal')).toEqual(['2H +2', '9H +9', 'AH +14', 'QS +25']);
    expect(help('en', preset('omnibus')).badges('goal')).toContain('JD −10');
    expect(help('en', preset('blackMaria')).badges('goal')).toEqual(
      expect.arrayContaining(['KS +10', 'AS +7', 'QS +13']),
    );
    // Papayoo: the Q♠ counts nothing, the die's sevens 40.
    expect(help('en', preset('papayoo')).badges('goal')).toEqual([
      '2H +2',
      '9H +9',
      'AH +14',
      '7S +40',
      '7D +40',
      '7C +40',
    ]);
  });

  it('never shows a card that is taken out leading the first trick', () => {
    const bm = help('en', preset('blackMaria')).cards('play');
    expect(bm.slice(0, 3)).toEqual(['5C', '9C', 'KC']); // three players, no 2♣
    expect(bm).not.toContain('2C');
    expect(help('en', { players: 6 }).cards('play').slice(0, 6)).toEqual([
      '4C',
      '9C',
      'KC',
      '6C',
      '8C',
      '5C',
    ]);
  });

  it('passes in the directions of the rules', () => {
    expect(help('en', { passCycle: 'rotate' }).arrows()).toEqual([
      'to the left',
      'across',
      'to the right',
      'no pass',
    ]);
    expect(help('de', preset('blackMaria')).arrows()).toEqual(['nach rechts']);
    expect(help('en', { players: 3 }).arrows()).toEqual(['to the left', 'to the right', 'no pass']);
  });
});
