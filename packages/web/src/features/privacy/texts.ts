/** Texts of the privacy page (the `privacy` section of the locale files), English and German. */
export const privacyEn = {
  title: 'Privacy and your data',
  intro:
    'What this app keeps about you, where, why and for how long — and how to take it with you or delete it. Nothing is sold or shown to advertisers; there are no trackers.',
  contactTitle: 'Who runs this server',
  contactNone: 'The operator of this server has not given a contact.',
  contactOffline:
    'The game server cannot be reached just now: its contact and retention times are shown when it can.',
  deviceTitle: 'On this device',
  deviceText:
    'Solo games never leave your device. Your browser keeps, until you clear its site data or delete them here:',
  deviceItems: {
    solo: 'your solo games: the game in progress, the history of finished games and their statistics',
    settings: 'your settings (language, cards, speed, sound) and the look you chose',
    pads: 'your score pads',
    training: 'training positions, analyses and puzzle progress of this device',
    token: 'the key of your live account (never part of the download: it would let anyone play as you)',
  },
  deviceExport: 'Download what this device keeps',
  deviceExported: 'Downloaded: {{file}}.',
  serverTitle: 'On the game server',
  serverText:
    'Only live play, the daily game, puzzles, training you save, friends and tournaments use the server. A guest is an account without a password; a named account is one you kept with a password.',
  table: { what: 'What', why: 'Why', kept: 'How long', seen: 'Who sees it' },
  rows: {
    account: {
      what: 'Your name, a random id, when you joined; the password as a scrypt hash (named accounts)',
      why: 'To know you again: your device keeps a key',
      kept: 'Until you delete the account',
      seen: 'The name: the players at your tables, player pages, leaderboards',
    },
    games: {
      what: 'Finished live games (cards, names, scores), ratings and their history',
      why: 'Histories, replays and ratings of all players of a game',
      kept: 'As long as the server runs; after a deletion under “deleted player”',
      seen: 'The players of the game; player pages, leaderboards and quick matches’ replays: everyone',
    },
    chips: {
      what: 'Chips won and spent, cosmetics bought and chosen',
      why: 'Your balance',
      kept: 'Until you delete the account',
      seen: 'You; the chosen look: your tables',
    },
    social: {
      what: 'Friends, requests, invites, blocks, reports',
      why: 'Friends, keeping players apart, moderation',
      kept_one: 'Until removed; a request nobody answers {{days}} day; invites until they run out',
      kept_other: 'Until removed; a request nobody answers {{days}} days; invites until they run out',
      seen: 'You and the friend; reports: the moderators',
    },
    chat: {
      what: 'Chat lines at live tables, who watched a table',
      why: 'Moderators read them with a report',
      kept_one: '{{days}} day (longer only while a report about the table is open)',
      kept_other: '{{days}} days (longer only while a report about the table is open)',
      seen: 'The table; the moderators',
    },
    leaves: {
      what: 'Rated games left early',
      why: 'The quick-match cool-down',
      kept_one: '{{days}} day',
      kept_other: '{{days}} days',
      seen: 'You',
    },
    play: {
      what: 'Daily games, tournament entries, puzzle rating and answers, training you save',
      why: 'Leaderboards, standings, your puzzle rating, training on every device',
      kept: 'Until you delete the account',
      seen: 'Leaderboards and standings: everyone; the rest: you',
    },
    counters: {
      what: 'Counters per internet address and wins paid per day',
      why: 'Against floods, password guessing and farming chips',
      kept_one: 'At most {{days}} day',
      kept_other: 'At most {{days}} days',
      seen: 'Nobody',
    },
  },
  tokenNote: 'A device that has not used its key for {{days}} days is signed out.',
  accountTitle: 'Your account on this server',
  accountNone:
    'This device has no account on the game server: you have played only here, or you deleted it. Nothing of yours is on the server.',
  accountIs: 'This device plays as {{name}}.',
  accountGuest: '(a guest: no password)',
  accountNamed: '(kept with a password)',
  accountGone: 'The server no longer knows this device’s key: signed out, or the account was deleted.',
  serverExport: 'Download my data from the server',
  serverExported: 'Downloaded: {{file}} — every game, rating, chip, friend, block, chat line and more.',
  deleteTitle: 'Delete my account',
  deleteText:
    'Your name, password, ratings, chips, friends, blocks, reports, chat lines, training and puzzles are deleted at once, on every device. Your finished games stay for the other players, under “deleted player”. A game you are playing goes on with a bot in your seat. This cannot be undone.',
  deleteName: 'Type your name to confirm: {{name}}',
  deletePassword: 'Your password',
  deleteButton: 'Delete my account for good',
  deleted: 'Your account is deleted. This device plays as a new guest the next time you play live.',
  deletedPlayer: 'deleted player',
  errors: {
    ERR_CONFIRM: 'The name or the password is not right: nothing was deleted.',
    ERR_RATE_LIMIT: 'Too many tries: try again in a while.',
    ERR_SIGN_IN: 'The server no longer knows this device’s key.',
    ERR_OFFLINE: 'The game server cannot be reached just now. Try again in a moment.',
    other: 'That did not work: {{message}}',
  },
};

export const privacyDe: typeof privacyEn = {
  title: 'Datenschutz und deine Daten',
  intro:
    'Was diese App über dich speichert, wo, wozu und wie lange — und wie du es mitnimmst oder löschst. Nichts wird verkauft oder Werbenden gezeigt; es gibt keine Tracker.',
  contactTitle: 'Wer diesen Server betreibt',
  contactNone: 'Der Betreiber dieses Servers hat keinen Kontakt angegeben.',
  contactOffline:
    'Der Spielserver ist gerade nicht erreichbar: Kontakt und Speicherfristen erscheinen, sobald er es ist.',
  deviceTitle: 'Auf diesem Gerät',
  deviceText:
    'Spiele allein verlassen dein Gerät nie. Dein Browser speichert, bis du seine Website-Daten löschst oder sie hier löschst:',
  deviceItems: {
    solo: 'deine Spiele allein: das laufende Spiel, den Verlauf der beendeten und ihre Statistik',
    settings: 'deine Einstellungen (Sprache, Karten, Tempo, Ton) und das gewählte Aussehen',
    pads: 'deine Spielblöcke',
    training: 'Trainingsstellungen, Analysen und Rätselfortschritt dieses Geräts',
    token: 'den Schlüssel deines Live-Kontos (nie im Download: Damit könnte jeder als du spielen)',
  },
  deviceExport: 'Herunterladen, was dieses Gerät speichert',
  deviceExported: 'Heruntergeladen: {{file}}.',
  serverTitle: 'Auf dem Spielserver',
  serverText:
    'Nur Live-Spiele, das Tagesspiel, Rätsel, gespeichertes Training, Freunde und Turniere nutzen den Server. Ein Gast ist ein Konto ohne Passwort; ein benanntes Konto hast du mit einem Passwort behalten.',
  table: { what: 'Was', why: 'Wozu', kept: 'Wie lange', seen: 'Wer es sieht' },
  rows: {
    account: {
      what: 'Dein Name, eine zufällige Kennung, seit wann; das Passwort als scrypt-Hash (benannte Konten)',
      why: 'Um dich wiederzuerkennen: Dein Gerät hat einen Schlüssel',
      kept: 'Bis du das Konto löschst',
      seen: 'Der Name: die Spieler an deinen Tischen, Spielerseiten, Ranglisten',
    },
    games: {
      what: 'Beendete Live-Spiele (Karten, Namen, Punkte), Wertungen und ihr Verlauf',
      why: 'Verlauf, Wiederholungen und Wertungen aller Spieler eines Spiels',
      kept: 'Solange der Server läuft; nach einer Löschung als „gelöschter Spieler“',
      seen: 'Die Spieler des Spiels; Spielerseiten, Ranglisten und Wiederholungen schneller Spiele: alle',
    },
    chips: {
      what: 'Gewonnene und ausgegebene Jetons, gekaufte und gewählte Designs',
      why: 'Dein Kontostand',
      kept: 'Bis du das Konto löschst',
      seen: 'Du; das gewählte Aussehen: deine Tische',
    },
    social: {
      what: 'Freunde, Anfragen, Einladungen, Sperren, Meldungen',
      why: 'Freunde, Spieler voneinander fernhalten, Moderation',
      kept_one:
        'Bis sie entfernt werden; eine unbeantwortete Anfrage {{days}} Tag; Einladungen bis sie ablaufen',
      kept_other:
        'Bis sie entfernt werden; eine unbeantwortete Anfrage {{days}} Tage; Einladungen bis sie ablaufen',
      seen: 'Du und der Freund; Meldungen: die Moderatoren',
    },
    chat: {
      what: 'Chatzeilen an Live-Tischen, wer einem Tisch zugesehen hat',
      why: 'Moderatoren lesen sie zu einer Meldung',
      kept_one: '{{days}} Tag (länger nur, solange eine Meldung zum Tisch offen ist)',
      kept_other: '{{days}} Tage (länger nur, solange eine Meldung zum Tisch offen ist)',
      seen: 'Der Tisch; die Moderatoren',
    },
    leaves: {
      what: 'Vorzeitig verlassene gewertete Spiele',
      why: 'Die Wartezeit vor dem nächsten schnellen Spiel',
      kept_one: '{{days}} Tag',
      kept_other: '{{days}} Tage',
      seen: 'Du',
    },
    play: {
      what: 'Tagesspiele, Turnierteilnahmen, Rätselwertung und Antworten, gespeichertes Training',
      why: 'Ranglisten, Turnierstände, deine Rätselwertung, Training auf jedem Gerät',
      kept: 'Bis du das Konto löschst',
      seen: 'Ranglisten und Turnierstände: alle; der Rest: du',
    },
    counters: {
      what: 'Zähler je Internetadresse und ausgezahlte Siege je Tag',
      why: 'Gegen Überflutung, Passwortraten und Jeton-Farmen',
      kept_one: 'Höchstens {{days}} Tag',
      kept_other: 'Höchstens {{days}} Tage',
      seen: 'Niemand',
    },
  },
  tokenNote: 'Ein Gerät, das seinen Schlüssel {{days}} Tage nicht benutzt hat, wird abgemeldet.',
  accountTitle: 'Dein Konto auf diesem Server',
  accountNone:
    'Dieses Gerät hat kein Konto auf dem Spielserver: Du hast nur hier gespielt oder es gelöscht. Auf dem Server ist nichts von dir.',
  accountIs: 'Dieses Gerät spielt als {{name}}.',
  accountGuest: '(ein Gast: kein Passwort)',
  accountNamed: '(mit Passwort behalten)',
  accountGone:
    'Der Server kennt den Schlüssel dieses Geräts nicht mehr: abgemeldet, oder das Konto wurde gelöscht.',
  serverExport: 'Meine Daten vom Server herunterladen',
  serverExported:
    'Heruntergeladen: {{file}} — jedes Spiel, jede Wertung, Jetons, Freunde, Sperren, Chatzeilen und mehr.',
  deleteTitle: 'Mein Konto löschen',
  deleteText:
    'Dein Name, Passwort, Wertungen, Jetons, Freunde, Sperren, Meldungen, Chatzeilen, Training und Rätsel werden sofort gelöscht, auf jedem Gerät. Deine beendeten Spiele bleiben für die anderen Spieler erhalten, als „gelöschter Spieler“. Ein laufendes Spiel geht mit einem Bot auf deinem Platz weiter. Das lässt sich nicht rückgängig machen.',
  deleteName: 'Gib zur Bestätigung deinen Namen ein: {{name}}',
  deletePassword: 'Dein Passwort',
  deleteButton: 'Mein Konto endgültig löschen',
  deleted: 'Dein Konto ist gelöscht. Dieses Gerät spielt beim nächsten Live-Spiel als neuer Gast.',
  deletedPlayer: 'gelöschter Spieler',
  errors: {
    ERR_CONFIRM: 'Name oder Passwort stimmen nicht: Es wurde nichts gelöscht.',
    ERR_RATE_LIMIT: 'Zu viele Versuche: Versuch es später noch einmal.',
    ERR_SIGN_IN: 'Der Server kennt den Schlüssel dieses Geräts nicht mehr.',
    ERR_OFFLINE: 'Der Spielserver ist gerade nicht erreichbar. Versuch es gleich noch einmal.',
    other: 'Das hat nicht geklappt: {{message}}',
  },
};
