/**
 * The texts of sharing a review (ShareButton, SharedPage), English and German. The locale files take them in as
 * their `share` block (locales/features.ts); the German block must fill the English shape.
 */
export const shareEn = {
  button: 'Share',
  title: 'Shared game',
  working: 'Making the link…',
  copied: 'Link copied. Anyone with it sees this game with every hand and its analysis:',
  copyThis: 'Copy this link. Anyone with it sees this game with every hand and its analysis:',
  what: 'The game is over, so nothing of it helps anyone at a table any more.',
  close: 'Close',
  loading: 'Loading the shared game…',
  toStart: 'To the start screen',
  failed: {
    missing: 'This shared game does not exist (any more): check the link.',
    offline: 'The shared game cannot be loaded right now: the server cannot be reached.',
    unreadable: 'This shared game’s record cannot be read.',
  },
  errors: {
    ERR_NOT_FINISHED: 'Only a finished game can be shared.',
    ERR_DAILY_NOT_OVER:
      'A daily game can be shared once the day’s deal is revealed (after midnight, Berlin time).',
    ERR_RATE_LIMIT: 'You shared many games just now: try again a little later.',
    ERR_TOO_MANY: 'You have shared as many games as a player may.',
    ERR_OFFLINE: 'Sharing needs the server, which cannot be reached right now.',
    other: 'The game could not be shared: {{message}}',
  },
};

export const shareDe: typeof shareEn = {
  button: 'Teilen',
  title: 'Geteiltes Spiel',
  working: 'Der Link wird erstellt …',
  copied: 'Link kopiert. Wer ihn hat, sieht dieses Spiel mit allen Blättern und seiner Analyse:',
  copyThis: 'Kopiere diesen Link. Wer ihn hat, sieht dieses Spiel mit allen Blättern und seiner Analyse:',
  what: 'Das Spiel ist vorbei: Nichts daraus hilft jemandem mehr am Tisch.',
  close: 'Schließen',
  loading: 'Das geteilte Spiel wird geladen …',
  toStart: 'Zum Startbildschirm',
  failed: {
    missing: 'Dieses geteilte Spiel gibt es nicht (mehr): Prüfe den Link.',
    offline: 'Das geteilte Spiel kann gerade nicht geladen werden: Der Server ist nicht erreichbar.',
    unreadable: 'Der Spielbericht dieses geteilten Spiels ist nicht lesbar.',
  },
  errors: {
    ERR_NOT_FINISHED: 'Nur ein beendetes Spiel kann geteilt werden.',
    ERR_DAILY_NOT_OVER:
      'Ein Tagesspiel kann geteilt werden, sobald das Blatt des Tages aufgedeckt ist (nach Mitternacht, Berliner Zeit).',
    ERR_RATE_LIMIT: 'Du hast gerade viele Spiele geteilt: Versuche es etwas später noch einmal.',
    ERR_TOO_MANY: 'Du hast so viele Spiele geteilt, wie ein Spieler darf.',
    ERR_OFFLINE: 'Zum Teilen braucht es den Server, und der ist gerade nicht erreichbar.',
    other: 'Das Spiel konnte nicht geteilt werden: {{message}}',
  },
};
