/** Texts of the training page (the `training` section of the locale files), English and German. */
export const trainingEn = {
  title: 'Training',
  intro:
    'Positions where a card or a pass was a mistake or a blunder (it lost at least {{min}} points on average) — from your own analysed games and from the bots’ games. Find the better move; the expert’s evaluation shows how much each option costs.',
  filter: 'Positions',
  earlier: 'Tricks of this hand so far ({{n}})',
  all: 'All',
  own: 'Your games',
  starter: 'Bots’ games',
  count: 'Position {{n}} of {{of}}',
  solved: 'Solved: {{solved}} of {{of}}',
  none: 'No positions here yet. Analyse one of your finished games: positions where you lost 2 points or more come here.',
  previous: 'Previous',
  next: 'Next',
  tryAgain: 'Try again',
  taskPlayOwn:
    'In your game you played {{card}} here and lost {{cost}} points on average. Find a better card.',
  taskPlayStarter: 'The bot played {{card}} here and lost {{cost}} points on average. Find a better card.',
  taskPassOwn:
    'In your game you passed {{cards}} here and lost {{cost}} points on average. Find a better pass: choose {{n}} cards.',
  taskPassStarter:
    'The bot passed {{cards}} here and lost {{cost}} points on average. Find a better pass: choose {{n}} cards.',
  right: 'Right! {{move}} is as good as the best within 1 point.',
  wrong: 'Not quite: {{move}} costs {{cost}} points more than the best.',
  unrated: '{{move}} was not among the passes evaluated.',
  best: 'Best: {{move}}',
  options: 'The options (expected points this hand, lower is better)',
  move: 'Move',
  points: 'Points',
  diff: 'Lost',
  played: 'played in the game',
  yours: 'your answer',
  solvedMark: 'solved',
  tried: 'tried',
  seats: { left: 'Left', top: 'Across', right: 'Right', 'top-left': 'Top left', 'top-right': 'Top right' },
  sync: {
    signedOut: 'Kept on this device. Sign in (Play live) to keep them on the server too.',
    synced: 'Kept on this device and on the server.',
    failed: 'Kept on this device; the server could not be reached.',
  },
};

export const trainingDe: typeof trainingEn = {
  title: 'Training',
  intro:
    'Stellungen, in denen eine Karte oder eine Weitergabe ein Fehler oder ein grober Fehler war (sie hat im Schnitt mindestens {{min}} Punkte gekostet) — aus deinen analysierten Spielen und aus Spielen der Bots. Finde den besseren Zug; die Bewertung des Experten zeigt, was jede Möglichkeit kostet.',
  filter: 'Stellungen',
  earlier: 'Bisherige Stiche dieser Runde ({{n}})',
  all: 'Alle',
  own: 'Deine Spiele',
  starter: 'Spiele der Bots',
  count: 'Stellung {{n}} von {{of}}',
  solved: 'Gelöst: {{solved}} von {{of}}',
  none: 'Hier gibt es noch keine Stellungen. Analysiere eines deiner beendeten Spiele: Stellungen, in denen du 2 Punkte oder mehr verloren hast, kommen hierher.',
  previous: 'Zurück',
  next: 'Weiter',
  tryAgain: 'Nochmal versuchen',
  taskPlayOwn:
    'In deinem Spiel hast du hier {{card}} gespielt und im Schnitt {{cost}} Punkte verloren. Finde eine bessere Karte.',
  taskPlayStarter:
    'Der Bot hat hier {{card}} gespielt und im Schnitt {{cost}} Punkte verloren. Finde eine bessere Karte.',
  taskPassOwn:
    'In deinem Spiel hast du hier {{cards}} weitergegeben und im Schnitt {{cost}} Punkte verloren. Finde eine bessere Weitergabe: Wähle {{n}} Karten.',
  taskPassStarter:
    'Der Bot hat hier {{cards}} weitergegeben und im Schnitt {{cost}} Punkte verloren. Finde eine bessere Weitergabe: Wähle {{n}} Karten.',
  right: 'Richtig! {{move}} ist bis auf 1 Punkt so gut wie das Beste.',
  wrong: 'Nicht ganz: {{move}} kostet {{cost}} Punkte mehr als das Beste.',
  unrated: '{{move}} war nicht unter den bewerteten Weitergaben.',
  best: 'Am besten: {{move}}',
  options: 'Die Möglichkeiten (erwartete Punkte in dieser Runde, weniger ist besser)',
  move: 'Zug',
  points: 'Punkte',
  diff: 'Verlust',
  played: 'im Spiel gespielt',
  yours: 'deine Antwort',
  solvedMark: 'gelöst',
  tried: 'versucht',
  seats: {
    left: 'Links',
    top: 'Gegenüber',
    right: 'Rechts',
    'top-left': 'Links gegenüber',
    'top-right': 'Rechts gegenüber',
  },
  sync: {
    signedOut:
      'Auf diesem Gerät gespeichert. Melde dich an (Live spielen), um sie auch auf dem Server zu behalten.',
    synced: 'Auf diesem Gerät und auf dem Server gespeichert.',
    failed: 'Auf diesem Gerät gespeichert; der Server war nicht erreichbar.',
  },
};
