/**
 * Hand-made tactical positions, each with its right play and why. Every position is built as a real game by
 * the engine ({@link buildPosition}), so a bot sees exactly the observation it would see at the table.
 * `level` is the weakest bot expected to solve it: `medium` for what a good rule-based player knows, `hard`
 * for what needs looking ahead, `expert` for what needs the expert's exact endgame play.
 *
 * ```ts
 * const { solved, failed } = solveTactics(createBot('medium'), { timeMs: 200 });
 * ```
 */
import { parseCard, seededRandom, type CardName, type MoonChoice } from '@hearts/engine';
import type { Bot, Decision, Level } from './types.js';
import { buildPosition, type PositionSpec } from './setup.js';

export type TacticCategory =
  | 'duck' // play the highest card that still loses
  | 'take' // win a trick that costs nothing, or win high when winning is forced
  | 'dumpQueen' // get rid of the Q♠ on someone else, never on yourself
  | 'keepQueen' // keep a Q♠ that cannot be caught and throw the card that would cost points
  | 'dump' // throw the most expensive card when void
  | 'flushQueen' // lead low spades while the Q♠ is out and you hold none of Q♠ K♠ A♠
  | 'lead' // lead where you cannot be forced to take points
  | 'stopMoon' // keep an opponent from taking every point
  | 'shootMoon' // take every point when it cannot fail
  | 'moonChoice' // the shooter's choice under shooterChoice
  | 'passVoid' // pass a short suit away
  | 'pass'; // pass the cards that cost points

/** A position with its answer: `play` lists every right card; a pass must include `pass` and avoid `keep`. */
export interface Tactic extends PositionSpec {
  readonly id: string;
  readonly category: TacticCategory;
  readonly level: 'medium' | 'hard' | 'expert';
  readonly why: string;
  readonly play?: readonly CardName[];
  readonly pass?: readonly CardName[];
  readonly keep?: readonly CardName[];
  readonly moon?: MoonChoice;
}

// Four trick histories that several positions share (seat 0 is the one to decide).
/** Seat 1 has taken every point: 5♥ 7♥ 8♥ 9♥ and the Q♠ (17 points). */
const SEAT1_RUNS = ['3: 2C 6C AC 8C', '1: AD 4D 5H 3D', '1: KD 7H 8H 2D', '1: AS QS 9H 4S'];
/**
 * Ten tricks: seat 1 takes 25 points (every heart but my A♥, and the Q♠ thrown under its A♠); seats 2 and 3 show
 * they have no spades, seat 3 no diamonds; seat 0 wins the tenth trick with the J♦.
 */
const SEAT1_LATE = [
  '3: 2C 6C AC 8C',
  '1: AS 7S QS 4S',
  '1: JS 2H TS 6S',
  '1: 9S 3H 4H 8S',
  '1: KH 5H 6H 7H',
  '1: QH 8H 9H TH',
  '1: KC 3C 5C 4C',
  '1: AD 2D JH 3D',
  '1: KD 6D 7C 4D',
  '1: 8D 9D 9C JD',
];
/** Ten tricks: seat 1 takes 22 points; seats 2 and 3 show they have no spades, seat 3 no diamonds. */
const SEAT1_LATE_TAKE = [
  '3: 2C 6C AC 8C',
  '1: AS 7S QS 4S',
  '1: JS 5S TS 6S',
  '1: 9S 2H 3H 8S',
  '1: KC 3C 5C 4C',
  '1: AD 2D 5H 3D',
  '1: KD 6D 6H 4D',
  '1: QD 9D 7H 5D',
  '1: QH 8H 9H JH',
  '1: JD TD 9C 8D',
];
/**
 * Eight tricks for the late Q♠ positions: seat 0 has shown void in diamonds; seats 1 and 3 have taken points;
 * the 7♦ and the J♦ are the last diamonds, the A♣ the last club; the A♠ and K♠ are still out.
 */
const LATE_QUEEN = [
  '1: 2C 9C KC 4C',
  '3: AD 3D 5D 2D',
  '3: KD 4D 6D 2H',
  '3: 3C 5C QC 6C',
  '1: JC 8C TC 7C',
  '1: 8D 3H 9D KH',
  '3: TD 4H QD 5H',
  '1: 7S 8S 9S 2S',
];
/**
 * Nine tricks: every spade but the Q♠ is gone (seat 0 holds it), as are all clubs but the A♣; seats 1 and 3 have
 * taken points; the Q♦ 10♦ 8♦ are the last diamonds.
 */
const LAST_SPADE = [
  '1: 2C 9C KC 4C',
  '3: AS 2S 3S 4S',
  '3: KS 5S 6S 7S',
  '3: JS 8S 9S TS',
  '3: AD 3D 5D 2D',
  '3: KD 4D 6D 2H',
  '3: 3C 5C QC 6C',
  '1: JC 8C TC 7C',
];
/** Seat 0 has taken the Q♠ and the 9♥, and nobody else has a point. */
const SEAT0_RUNS = ['1: 2C 3C 4C AC', '0: KC 5C 6C 7C', '0: QC 8C QS 9H'];
/** Seat 0 takes every heart and the Q♠ in the whole hand (the moon). */
const SEAT0_MOON = [
  '1: 2C 4C 5C AC',
  '0: KC 3C 7C 8C',
  '0: QC 6C QS 9H',
  '0: JC 8H 7H 6H',
  '0: TC 5H 4H 3H',
  '0: 9C 2H 7D JD',
  '0: AH 2D 8D QD',
  '0: KH 3D 9D KD',
  '0: QH 4D TD AD',
  '0: JH 5D 6S 2S',
  '0: TH 6D 7S 3S',
  '0: AS JS 8S 4S',
  '0: KS TS 9S 5S',
];

export const TACTICS: readonly Tactic[] = [
  // Ducking
  {
    id: 'duck-under-king',
    category: 'duck',
    level: 'medium',
    why: 'The K♦ wins unless someone plays the A♦, which I hold: the Q♦ is the highest card that still loses. Taking with the A♦ would also invite seat 1, void in diamonds and last to play, to throw the Q♠ on my trick.',
    hand: 'AD QD TS 9S 6S 2S 8H 4H 8C 6C 4C',
    tricks: ['1: 2C KC 5C 3C', '2: JD 8D 5D 6H'],
    trick: '2: KD 7D',
    play: ['QD'],
  },
  {
    id: 'duck-under-queen',
    category: 'duck',
    level: 'medium',
    why: 'The Q♠ is on the trick and winning; the K♠ would take it, the 9♠ lets it go.',
    hand: 'KS 9S AD 7D 5D 3D KH 6H 2H 8C 7C 5C',
    tricks: ['1: 2C 9C 4C 6C'],
    trick: '2: TS QS 4S',
    play: ['9S'],
  },
  {
    id: 'duck-heart-lead',
    category: 'duck',
    level: 'medium',
    why: 'The J♥ is led: the 10♥ surely loses, the A♥ would take a trick full of hearts.',
    hand: 'AH TH KS 8S 3S QC 9C 7C 8D 6D 2D',
    tricks: ['1: 2C KC 5C 3C', '2: AD 4D 5H 9D'],
    trick: '2: JH',
    play: ['TH'],
  },
  {
    id: 'duck-three-players',
    category: 'duck',
    level: 'medium',
    rules: { players: 3 },
    why: 'Three players: the J♦ leads and the Q♠ is thrown on it; the 10♦ is my only diamond that loses.',
    hand: 'AD QD TD 5S 7S 9S JS 2H 5H 8H KH 4C 6C 8C TC QC',
    tricks: ['2: 2C 3C 9C'],
    trick: '1: JD QS',
    play: ['TD'],
  },
  {
    id: 'win-high-when-forced',
    category: 'take',
    level: 'medium',
    why: 'Both my diamonds beat the 4♦ and I am last: the trick is mine anyway; win it with the K♦ and keep the J♦, which rarely wins later.',
    hand: 'KD JD 9S 7S 3S 8H 6H 3H AC QC 7C 5C',
    tricks: ['0: 2C 9C 4C 6C'],
    trick: '1: 4D 5H 2D',
    play: ['KD'],
  },
  {
    id: 'take-cheap-last',
    category: 'take',
    level: 'medium',
    why: 'No points on the trick and nobody after me: the A♦ takes it for free and will not win a bad trick later.',
    hand: 'AD 3D 8S 5S 3S 7H 5H 2H 8C 7C 5C 3C',
    tricks: ['0: 2C 9C 4C 6C'],
    trick: '1: 4D 6D 2D',
    play: ['AD'],
  },
  // The Q♠
  {
    id: 'queen-under-king',
    category: 'dumpQueen',
    level: 'medium',
    why: 'The K♠ is led: my Q♠ goes to whoever takes this trick, and with one small spade I could not keep it safe.',
    hand: 'QS 4S AD JD 6D 3D 9H 7H 2H TC 8C 6C',
    tricks: ['1: 2C KC 5C 3C'],
    trick: '2: KS',
    play: ['QS'],
  },
  {
    id: 'queen-when-void',
    category: 'dumpQueen',
    level: 'medium',
    why: 'I cannot follow diamonds, so I cannot win this trick: throw the Q♠ on it.',
    hand: 'QS 8S 4S 9H 6H 3H AC JC 9C 7C 6C 4C',
    tricks: ['1: 2C KC 5C 3C'],
    trick: '2: 5D 9D',
    play: ['QS'],
  },
  {
    id: 'queen-before-hearts',
    category: 'dumpQueen',
    level: 'medium',
    why: 'Void in diamonds with the Q♠ and high hearts: the Q♠ (13 points) goes first.',
    hand: 'QS 8S AH KH 6H JC 9C 7C 6C 4C 8C TC',
    tricks: ['1: 2C KC 5C 3C'],
    trick: '2: 5D 9D',
    play: ['QS'],
  },
  // Late in the hand (answers confirmed by rollouts)
  {
    id: 'late-queen-low-spade',
    category: 'dumpQueen',
    level: 'medium',
    why: 'Five cards left, void in diamonds, the A♠ and K♠ still out: my one low spade covers a single spade lead, and the next would catch the Q♠. Thrown now it goes to someone else.',
    hand: 'QS 3S 9H 6H AC',
    tricks: LATE_QUEEN,
    trick: '3: 7D',
    play: ['QS'],
  },
  {
    id: 'late-queen-before-high-hearts',
    category: 'dumpQueen',
    level: 'medium',
    why: 'Four cards left: Q♠ 4♠ A♥ K♥, void in the 7♦ led (the last diamond: seat 3 wins). The high hearts cost a few points, the Q♠ caught by the A♠ or K♠ costs 13: it goes first.',
    hand: 'QS 4S AH KH',
    tricks: [
      ...LATE_QUEEN.slice(0, 5),
      '1: 8D 3H 9D 7H',
      '3: TD 4H QD 6H',
      '1: 7S 8S 9S 2S',
      '3: AC 8H JD 9H',
    ],
    trick: '3: 7D',
    play: ['QS'],
  },
  {
    id: 'late-queen-three-cards',
    category: 'dumpQueen',
    level: 'medium',
    why: 'Three cards left, the last club is led and I have none: keeping Q♠ 3♠ against the A♠ and K♠ loses the queen to the first two spade leads; the Q♥ costs one point at most.',
    hand: 'QS 3S QH',
    tricks: [...LATE_QUEEN, '3: 7D 9H JD 7H', '1: 8H TH JH 6H'],
    trick: '3: AC',
    play: ['QS'],
  },
  // A bare Q♠ with smaller spades out: any of them led makes the queen win its own trick. Found in medium
  // self-play by packages/cli/scripts/tactics-hunt.js; rollouts by the medium bot, 400 deals each (docs/performance.md).
  {
    id: 'late-queen-bare-six-cards',
    category: 'dumpQueen',
    level: 'medium',
    why: 'Six cards left, void in hearts: the A♠ and K♠ are gone, but my Q♠ is my only spade and the 2♠ 8♠ 9♠ 10♠ are out. Whoever leads one of them makes the queen win its own trick; thrown on this heart trick it goes to someone else.',
    hand: '3C 7C 9C 8D JD QS',
    tricks: [
      '3: 2C 4C QC 6C',
      '1: 7S 6S 4S AS',
      '0: KD AD 6D 9D',
      '1: 5S 3S AH JS',
      '0: QD TD KS 7D',
      '0: TC 8C 5C AC',
      '3: 2H 3H 4H QH',
    ],
    trick: '2: 9H 5H',
    play: ['QS'],
  },
  {
    id: 'late-queen-bare-ace-out',
    category: 'dumpQueen',
    level: 'medium',
    why: 'Four cards left, void in hearts, my Q♠ bare: the A♠ is out, and so are the 4♠ 5♠ 7♠. A small spade led makes my queen win the trick unless the A♠ happens to fall on it; my low diamonds cost nothing to keep. Throw the queen now.',
    hand: '4D 5D 6D QS',
    tricks: [
      '0: 2C 8C AC QC',
      '2: KC JC 9C 7C',
      '2: TS 8S 2S 9S',
      '2: 3S TC 6S JS',
      '1: AD KS KD JD',
      '1: 6C 3C 4C 5C',
      '1: QD QH 8D 9D',
      '1: TD JH 7D 2D',
      '1: 4H 2H 3H AH',
    ],
    trick: '0: 5H',
    play: ['QS'],
  },
  {
    id: 'late-queen-bare-three-cards',
    category: 'dumpQueen',
    level: 'medium',
    why: 'Three cards left: the 9♠ and 10♠ are the only spades out, both below my bare Q♠, so either led makes me take my own queen. Void in diamonds: throw it on the 10♦ now.',
    hand: '7C QS 7H',
    tricks: [
      '0: 2C KC JC 6C',
      '1: 8S AS 4S KS',
      '2: 9C 5C AC TC',
      '0: 2S 5S 7S 3S',
      '2: 2D 3D JD AD',
      '1: 9D 4D 7D 8D',
      '1: 4C 3C KD QC',
      '0: JS AH 6S QH',
      '0: 2H 4H 5H TH',
      '3: 6H 9H 3H 8H',
    ],
    trick: '0: TD KH',
    play: ['QS'],
  },
  {
    id: 'keep-last-spade-queen',
    category: 'keepQueen',
    level: 'hard',
    why: 'The Q♠ is the last spade: nobody can lead one, and with only low hearts besides I never win a trick to lead it myself, so it is safe to keep until a void. The A♥ is not: it wins the first heart lead it meets once my small hearts are gone. Throw it now.',
    hand: 'QS AH 5H 4H',
    tricks: [...LAST_SPADE, '1: JD 3H 9D 7D'],
    trick: '1: AC 6H 8D',
    play: ['AH'],
  },
  {
    id: 'keep-queen-drop-boss-diamond',
    category: 'keepQueen',
    level: 'hard',
    why: 'The Q♠ is the last spade and safe to keep; the Q♦ is the best diamond left and will win the next diamond lead with hearts thrown on it. Throw the Q♦.',
    hand: 'QS QD 5H 4H',
    tricks: [...LAST_SPADE, '1: JD 3H 9D 7D'],
    trick: '1: AC 6H 8D',
    play: ['QD'],
  },
  {
    id: 'keep-queen-drop-high-heart',
    category: 'keepQueen',
    level: 'expert',
    why: 'The Q♠ is the last spade and safe to keep while I cannot win a trick; the A♥ and K♥ are the hearts that will win tricks. Throw one of them on the A♣ now, keep the queen for a later void.',
    hand: 'QS AH KH 4H',
    tricks: [...LAST_SPADE, '1: 8D 3H JD 7D'],
    trick: '3: AC',
    play: ['AH', 'KH'],
  },
  {
    id: 'queen-never-on-yourself',
    category: 'dumpQueen',
    level: 'medium',
    why: 'Spades led and I am last with K♠ Q♠: both win, so win with the K♠; the Q♠ would score 13 against me.',
    hand: 'KS QS AD 9D 4D 8H 6H 3H AC JC 7C 5C',
    tricks: ['0: 2C 9C 4C 6C'],
    trick: '1: 9S 5S 7S',
    play: ['KS'],
  },
  {
    id: 'black-maria-king',
    category: 'dump',
    level: 'medium',
    rules: { blackMariaSpades: true },
    why: 'With Black Maria scoring the K♠ is worth 10: void in diamonds, throw it rather than a 1-point heart.',
    hand: 'KS 5S 2S 8H 2H JC 9C 7C 6C 4C 8C TC',
    tricks: ['1: 2C KC 5C 3C'],
    trick: '2: 5D 9D',
    play: ['KS'],
  },
  {
    id: 'dump-high-heart',
    category: 'dump',
    level: 'medium',
    why: 'Void in diamonds and no Q♠: throw the A♥, the heart most likely to win a trick later.',
    hand: 'AH 9H 3H 8S 4S 2S JC 9C 7C 6C 4C TC',
    tricks: ['1: 2C KC 5C 3C'],
    trick: '2: 5D 9D',
    play: ['AH'],
  },
  // Flushing the Q♠
  {
    id: 'flush-queen',
    category: 'flushQueen',
    level: 'medium',
    why: 'The Q♠ is out and I hold none of Q♠ K♠ A♠: low spades cannot take it and make its holder play it.',
    hand: '3S 6S 9S AC KC 9C AD KD QD 8H 6H 4H',
    tricks: ['1: 2C 4C 3C 5C'],
    trick: '0:',
    play: ['3S', '6S', '9S'],
  },
  {
    id: 'flush-passed-queen',
    category: 'flushQueen',
    level: 'medium',
    handNumber: 0,
    why: 'I passed the Q♠ to the left: lead low spades until it has to fall.',
    hand: '2S 5S 7S AC QC 8C AD JD 9D 6H 5H 2H',
    passed: 'QS AH KH',
    received: '2S 9D 5H',
    tricks: ['1: 2C 4C 3C TC'],
    trick: '0:',
    play: ['2S', '5S', '7S'],
  },
  {
    id: 'no-spade-lead-with-queen',
    category: 'lead',
    level: 'medium',
    why: 'I hold the Q♠ with two small spades: leading spades only strips its cover; lead a low club or diamond.',
    hand: 'QS 6S 3S 4D 7D JD 9C 6C 4C 8H 5H 2H',
    tricks: ['1: 2C 5C 3C KC'],
    trick: '0:',
    play: ['4C', '6C', '9C', '4D', '7D', 'JD'],
  },
  {
    id: 'no-dead-suit-lead',
    category: 'lead',
    level: 'medium',
    why: 'Nobody else has a diamond: the 10♦ would win and everyone would throw points on it; the K♠ may draw the Q♠. Lead anything else: rollouts by the medium bot favour the K♥, by hard the 4♣.',
    hand: 'TD 4C 6C 2H KH AH KS',
    tricks: [
      '1: 2C 5C 3C KC',
      '0: 2D 3D 4D AD',
      '3: KD 7D 5D 6D',
      '3: QD 8D 5H 6H',
      '3: JD 9D 4H 3H',
      '3: 2S 9S 3S 4S',
    ],
    trick: '0:',
    play: ['4C', '6C', '2H', 'KH', 'AH'],
  },
  // Stopping a moon
  {
    id: 'stop-moon-take',
    category: 'stopMoon',
    level: 'medium',
    why: 'Seat 1 has 22 points and leads the K♥; seats 2 and 3 have no spades, so seat 1 holds the last two: ducking lets it win every trick and my A♥ falls last. Take now: three points beat 26.',
    hand: 'AH 4H 2S',
    tricks: SEAT1_LATE_TAKE,
    trick: '1: KH TH 7C',
    play: ['AH'],
  },
  {
    id: 'stop-moon-keep-boss',
    category: 'stopMoon',
    level: 'medium',
    why: 'Seat 1 has 25 points and wins this trick; my A♥ is the last heart. Thrown here it completes the moon; kept, it stops it as soon as seat 1 loses a trick or I win one.',
    hand: 'AH 5S 3S 2S',
    tricks: SEAT1_LATE.slice(0, 9),
    trick: '1: TD 9D 9C',
    play: ['5S', '3S', '2S'],
  },
  {
    id: 'stop-moon-feed-other',
    category: 'stopMoon',
    level: 'medium',
    why: 'Seat 1 has every point but seat 2 wins this trick: a heart on it makes the moon impossible.',
    hand: 'AH 6H JS 8S 5S 9D 8D 7D 6D',
    tricks: SEAT1_RUNS,
    trick: '1: 3C 9C 7C',
    play: ['AH', '6H'],
  },
  {
    id: 'stop-moon-lead-boss',
    category: 'stopMoon',
    level: 'medium',
    why: 'Seat 1 has 25 points and holds both missing spades (seats 2 and 3 have none); my A♥ is the last heart. Led now it wins a point and the moon is off; a spade lead gives seat 1 the lead, and my A♥ falls on its trick whenever its last card is the best diamond.',
    hand: 'AH 3S 2S',
    tricks: SEAT1_LATE,
    trick: '0:',
    play: ['AH'],
  },
  // Shooting the moon
  {
    id: 'shoot-take-heart',
    category: 'shootMoon',
    level: 'medium',
    why: 'I have every point so far and, once this trick is mine, only bosses: winning it makes the moon certain.',
    hand: 'AH KH QH TH 8H 7H 6H AS KS',
    tricks: [...SEAT0_RUNS, '0: 2D JD 3D 5D'],
    trick: '1: JH 4H 3H',
    play: ['AH', 'KH', 'QH'],
  },
  {
    id: 'shoot-draw-hearts',
    category: 'shootMoon',
    level: 'medium',
    why: 'I hold five boss hearts and only three hearts are out: leading them draws every one; the 4♦ first would give the lead away.',
    hand: 'AH KH QH JH TH 4D 6D 3S',
    tricks: [...SEAT0_RUNS, '0: JC 9C 8H 7H', '0: TC 6H 5H TD'],
    trick: '0:',
    play: ['AH', 'KH', 'QH', 'JH', 'TH'],
  },
  {
    id: 'shoot-draw-past-low-heart',
    category: 'shootMoon',
    level: 'medium',
    why: 'I have every point and the lead; only the 10♥ and 8♥ are out. My Q♥ and J♥ are above both: led first they draw them (whoever holds them must follow), and then my 9♥ is the best heart. The 9♥ first loses to the 10♥; the 4♦ gives the lead away.',
    hand: 'QH JH 9H 4D',
    tricks: [
      '1: 2C 3C 4C AC',
      '0: KC 5C 6C 7C',
      '0: QC 8C QS 2H',
      '0: AH 3H 4H 5H',
      '0: KH 6H 7H 6D',
      '0: AS 2S 3S 4S',
      '0: KS 5S 6S 7S',
      '0: JS 8S 9S TS',
      '0: AD 2D 3D 5D',
    ],
    trick: '0:',
    play: ['QH', 'JH'],
  },
  {
    id: 'moon-choice-plus-wins',
    category: 'moonChoice',
    level: 'medium',
    rules: { moon: 'shooterChoice' },
    scores: [30, 40, 45, 35],
    why: '+26 to everyone else ends the game at once with me lowest: take the win.',
    hand: '',
    tricks: SEAT0_MOON,
    moon: 'plus',
  },
  {
    id: 'moon-choice-minus',
    category: 'moonChoice',
    level: 'medium',
    rules: { moon: 'shooterChoice' },
    scores: [45, 10, 20, 30],
    why: '+26 to the others would end the game with seat 1 lowest: take −26 and play on.',
    hand: '',
    tricks: SEAT0_MOON,
    moon: 'minus',
  },
  // Passing
  {
    id: 'pass-void-diamonds',
    category: 'passVoid',
    level: 'medium',
    phase: 'pass',
    why: 'Two diamonds only: passing both leaves me void, free to throw points when diamonds are led.',
    hand: '2C 4C 7C 9C KD 6D 2S 5S 8S JS 3H 5H 9H',
    pass: ['KD', '6D'],
  },
  {
    id: 'pass-void-high-diamonds',
    category: 'passVoid',
    level: 'medium',
    phase: 'pass',
    why: 'A♦ K♦ J♦ are my only diamonds and everything else is low: passing all three leaves no card that must win a trick, and a void to throw points on every diamond lead.',
    hand: 'AD KD JD 2C 4C 6C 8C 2S 4S 6S 8S 3H 5H',
    pass: ['AD', 'KD', 'JD'],
  },
  {
    id: 'pass-bare-queen',
    category: 'pass',
    level: 'medium',
    phase: 'pass',
    why: 'The Q♠ with one small spade cannot be kept safe: pass it.',
    hand: 'QS 5S 2C 6C 8C JC 4D 6D 9D KD 3H 7H TH',
    pass: ['QS'],
  },
  {
    id: 'keep-guarded-queen',
    category: 'pass',
    level: 'medium',
    phase: 'pass',
    why: 'The Q♠ with five small spades is safe: I can duck every spade lead; passing it only arms a neighbour.',
    hand: 'QS 2S 4S 6S 8S 9S 3C 7C 9C 4D 6D 3H 5H',
    keep: ['QS'],
  },
  {
    id: 'pass-high-spades',
    category: 'pass',
    level: 'medium',
    phase: 'pass',
    why: 'A♠ K♠ with one small spade and no Q♠: they are the cards that catch the Q♠; pass them.',
    hand: 'AS KS 4S 2C 7C 9C 3D 8D TD 4H 6H 8H 2H',
    pass: ['AS', 'KS'],
  },
  {
    id: 'pass-high-hearts',
    category: 'pass',
    level: 'medium',
    phase: 'pass',
    why: 'A♥ K♥ with one small heart will win heart tricks: pass them.',
    hand: 'AH KH 5H 2C 6C 9C 3D 7D JD 2S 6S 9S TS',
    pass: ['AH', 'KH'],
  },
];

/** The answer a decision gives to a tactic: right, or what was wrong. */
export function judge(t: Tactic, d: Decision): string | null {
  if (t.moon) return d.kind === 'moon' && d.choice === t.moon ? null : `chose ${JSON.stringify(d)}`;
  if (t.play) return d.kind === 'play' && t.play.includes(d.card) ? null : `played ${describe(d)}`;
  if (d.kind !== 'pass') return `answered ${describe(d)}`;
  const missing = (t.pass ?? []).filter((c) => !d.cards.includes(c));
  const wrong = (t.keep ?? []).filter((c) => d.cards.includes(c));
  return missing.length || wrong.length ? `passed ${d.cards.join(' ')}` : null;
}

const describe = (d: Decision): string =>
  d.kind === 'play' ? d.card : d.kind === 'pass' ? d.cards.join(' ') : d.choice;

export interface TacticOptions {
  readonly timeMs?: number; // time budget per position (default 1000)
  readonly seed?: number | string; // the bot's randomness
  readonly fill?: number; // which hidden hands stand behind each observation
  readonly levels?: readonly Level[]; // only positions of these levels (default all)
}

export interface TacticResult {
  readonly solved: readonly string[];
  readonly failed: readonly { readonly id: string; readonly level: string; readonly got: string }[];
}

/** Puts a bot through the positions and reports which it solved. */
export function solveTactics(bot: Bot, options: TacticOptions = {}): TacticResult {
  const solved: string[] = [];
  const failed: { id: string; level: string; got: string }[] = [];
  for (const t of TACTICS) {
    if (options.levels && !options.levels.includes(t.level)) continue;
    const { obs } = buildPosition(t, options.fill ?? 0);
    const d = bot.decide(obs, {
      timeMs: options.timeMs ?? 1000,
      random: seededRandom(`${options.seed ?? 1}:${t.id}`),
    });
    const wrong = judge(t, d);
    if (wrong === null) solved.push(t.id);
    else failed.push({ id: t.id, level: t.level, got: wrong });
  }
  return { solved, failed };
}

/** Every card named in the tactics' answers is a card (checked by the tests). */
export const answerCards = (t: Tactic): CardName[] =>
  [...(t.play ?? []), ...(t.pass ?? []), ...(t.keep ?? [])].filter((c) => parseCard(c) !== undefined);
