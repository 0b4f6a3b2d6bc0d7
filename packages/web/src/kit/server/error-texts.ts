/**
 * What every refusal of the game server means, in the player's words (the `serverErrors` section of the locale
 * files): every code of the HTTP API (`API_ERRORS` of @hearts/protocol/http) and of a table's `error` replies
 * (`ERROR_CODES` of @hearts/protocol/socket). The server's own `message` is English and for developers; a page never
 * puts it into a German sentence. A page with words of its own for a code (the daily page's "You have played today's
 * deal already") says those first; `serverErrorText` is what every page falls back on.
 *
 * ```ts
 * serverErrorText(t, { code: 'ERR_NOT_FOUND', message: 'no daily game on 1999-01-01' }); // "Nicht gefunden: …"
 * ```
 */
import type { ApiErrorCode } from '@hearts/protocol/http/route';
import type { ErrorCode } from '@hearts/protocol/socket';
import type { TFunction } from 'i18next';

/** Every code the server answers with. */
export type ServerErrorCode = ApiErrorCode | ErrorCode;

type ServerErrorTexts = Readonly<Record<ServerErrorCode, string>> & { readonly unknown: string };

export const serverErrorsEn: ServerErrorTexts = {
  // any route
  ERR_MALFORMED: 'The game server could not read that request. Reload the page and try again.',
  ERR_TOO_LARGE: 'That is too much at once for the game server.',
  ERR_SIGN_IN:
    'You are not signed in on this device (any more). Reload the page to go on as a guest, or sign in.',
  ERR_NOT_FOUND: 'Not found: there is nothing (any more) at this address.',
  ERR_METHOD: 'The game server does not take that request. Reload the page: the app may be out of date.',
  ERR_RATE_LIMIT:
    'Too many requests came from your address just now (everyone on a school’s or café’s network shares one). Wait a moment.',
  ERR_DRAINING: 'The game server is restarting. Try again in a moment.',
  ERR_BUSY: 'The game server is busy just now. Try again in a moment.',
  ERR_INTERNAL: 'Something went wrong on the game server. Try again in a moment.',
  // names and sign-in
  ERR_BAD_NAME: 'A name has 2–24 letters, digits, spaces, _ . or -.',
  ERR_RESERVED_NAME:
    'This name is reserved. A name may not look like a bot or like staff (Bot, Admin, Moderator, Support …), and our moderators’ names are kept for them.',
  ERR_NAME_TAKEN: 'That name is taken.',
  ERR_BAD_PASSWORD: 'A password has 8 to 200 characters.',
  ERR_ALREADY_CLAIMED: 'That is done already (the name is kept with a password, or the game was paid).',
  ERR_NO_USER: 'There is no player of that name.',
  ERR_WRONG_LOGIN: 'Wrong name or password.',
  // the shop and chips
  ERR_NO_ITEM: 'There is no such item in the shop.',
  ERR_NOT_ENOUGH_CHIPS: 'You do not have enough chips for that.',
  ERR_OWNED: 'You own that already.',
  ERR_NOT_OWNED: 'You do not own that yet.',
  ERR_BAD_RECORD: 'The game’s record is not a valid game.',
  ERR_NOT_FINISHED: 'The game is not finished yet.',
  ERR_NOT_WON: 'Only a won game pays chips.',
  ERR_BAD_SEAT: 'There is no such seat in that game.',
  ERR_TOO_SHORT: 'The game is too short to pay chips.',
  ERR_UNDO_USED: 'A game with cards taken back is practice and pays no chips.',
  // the daily deal
  ERR_DAILY_CAP: 'Too many daily games from your address today.',
  ERR_DAILY_PLAYED: 'You have played today’s deal already: one attempt per day.',
  ERR_DAILY_NOT_OVER: 'That day is not over yet: its seed and everyone’s games are shown once it is.',
  // manners
  ERR_NOT_AT_TABLE: 'You can only report players you sat at a table with.',
  ERR_REPORTED: 'You have reported this player for this table already.',
  ERR_TOO_MANY: 'That is more than the limit (of blocks, or of reports today).',
  ERR_SELF: 'You cannot do that to yourself.',
  ERR_HANDLED: 'This report has been handled already.',
  // friends
  ERR_FRIEND_SELF: 'You cannot add yourself as a friend.',
  ERR_FRIENDS_FULL: 'Your list of friends and requests is full.',
  ERR_REQUESTS_FULL: 'This player has too many open requests just now.',
  ERR_REQUESTS_CLOSED: 'This player takes friend requests only from people they know.',
  ERR_NOT_FRIENDS: 'Only friends can do that.',
  ERR_NOT_IN_ROOM: 'You can invite only into a room you are in, before its game starts.',
  // puzzles
  ERR_PUZZLE_ANSWERED: 'This puzzle was answered already.',
  ERR_PUZZLE_EXPIRED: 'The time for this puzzle ran out.',
  ERR_PUZZLE_MOVE: 'That is not a move of this puzzle.',
  ERR_NO_PUZZLE: 'There is no puzzle left to offer you here.',
  ERR_PUZZLE_RUN: 'This run is over (or not yours).',
  ERR_NOT_GUEST: 'Only a guest’s puzzles can be taken over into another name.',
  // tournaments
  ERR_TOURNAMENT_OVER: 'This tournament has ended.',
  ERR_TOURNAMENT_FULL: 'Every place in this tournament is taken.',
  ERR_NOT_ENTERED: 'You have not joined this tournament.',
  ERR_TOO_MANY_TOURNAMENTS: 'You host too many tournaments that have not finished yet.',
  ERR_PRIVATE_RATED: 'A private tournament is never rated.',
  // deleting an account
  ERR_CONFIRM:
    'The confirmation is not right: type your name (and your password, if the name is kept with one).',
  // at a table
  ERR_UNKNOWN_TYPE: 'The table did not understand that. Reload the page.',
  ERR_NOT_SEATED: 'You have no seat at this table.',
  ERR_ILLEGAL: 'That move is not allowed now.',
  ERR_DUPLICATE: 'That move was made already.',
  ERR_NOT_NOW: 'That is not possible at this moment of the game.',
  ERR_NOT_HOST: 'Only the host can do that.',
  ERR_BAD_OPTIONS: 'These game options do not fit together.',
  ERR_NOT_KICKABLE: 'This player cannot be voted out now.',
  ERR_STORAGE: 'The game server could not save that move: it was not made. Try again.',
  ERR_SHUFFLE: 'A step of the fair shuffle was refused.',
  ERR_CHAT_RATE: 'Too many chat lines just now: that line was not sent. Wait a moment.',
  ERR_CHAT_FULL: 'This table’s chat is full: that line was not sent.',
  unknown: 'The game server refused that ({{code}}).',
};

export const serverErrorsDe: ServerErrorTexts = {
  ERR_MALFORMED:
    'Der Spielserver konnte diese Anfrage nicht lesen. Lade die Seite neu und versuche es noch einmal.',
  ERR_TOO_LARGE: 'Das ist zu viel auf einmal für den Spielserver.',
  ERR_SIGN_IN:
    'Du bist auf diesem Gerät nicht (mehr) angemeldet. Lade die Seite neu, um als Gast weiterzuspielen, oder melde dich an.',
  ERR_NOT_FOUND: 'Nicht gefunden: Unter dieser Adresse gibt es nichts (mehr).',
  ERR_METHOD:
    'Diese Anfrage nimmt der Spielserver nicht an. Lade die Seite neu: Die App ist vielleicht veraltet.',
  ERR_RATE_LIMIT:
    'Von deiner Adresse kamen gerade zu viele Anfragen (alle in einem Schul- oder Café-Netz teilen sich eine). Warte einen Moment.',
  ERR_DRAINING: 'Der Spielserver startet neu. Versuche es gleich noch einmal.',
  ERR_BUSY: 'Der Spielserver ist gerade ausgelastet. Versuche es gleich noch einmal.',
  ERR_INTERNAL: 'Auf dem Spielserver ist etwas schiefgegangen. Versuche es gleich noch einmal.',
  ERR_BAD_NAME: 'Ein Name hat 2–24 Buchstaben, Ziffern, Leerzeichen, _ . oder -.',
  ERR_RESERVED_NAME:
    'Dieser Name ist reserviert. Ein Name darf nicht wie ein Bot oder wie das Team aussehen (Bot, Admin, Moderator, Support …), und die Namen unserer Moderatoren bleiben ihnen vorbehalten.',
  ERR_NAME_TAKEN: 'Dieser Name ist schon vergeben.',
  ERR_BAD_PASSWORD: 'Ein Passwort hat 8 bis 200 Zeichen.',
  ERR_ALREADY_CLAIMED:
    'Das ist schon geschehen (der Name ist schon mit einem Passwort gesichert, oder das Spiel wurde schon ausgezahlt).',
  ERR_NO_USER: 'Einen Spieler mit diesem Namen gibt es nicht.',
  ERR_WRONG_LOGIN: 'Name oder Passwort stimmen nicht.',
  ERR_NO_ITEM: 'Diesen Artikel gibt es im Shop nicht.',
  ERR_NOT_ENOUGH_CHIPS: 'Dafür hast du nicht genug Jetons.',
  ERR_OWNED: 'Das gehört dir schon.',
  ERR_NOT_OWNED: 'Das gehört dir noch nicht.',
  ERR_BAD_RECORD: 'Die Aufzeichnung ist kein gültiges Spiel.',
  ERR_NOT_FINISHED: 'Das Spiel ist noch nicht zu Ende.',
  ERR_NOT_WON: 'Nur ein gewonnenes Spiel bringt Jetons.',
  ERR_BAD_SEAT: 'Diesen Platz gibt es in diesem Spiel nicht.',
  ERR_TOO_SHORT: 'Das Spiel ist zu kurz für Jetons.',
  ERR_UNDO_USED: 'Ein Spiel mit zurückgenommenen Karten ist Übung und bringt keine Jetons.',
  ERR_DAILY_CAP: 'Von deiner Adresse kamen heute zu viele Tagesspiele.',
  ERR_DAILY_PLAYED: 'Du hast das heutige Spiel schon gespielt: ein Versuch pro Tag.',
  ERR_DAILY_NOT_OVER:
    'Dieser Tag ist noch nicht vorbei: Sein Startwert und die Spiele aller werden gezeigt, sobald er vorbei ist.',
  ERR_NOT_AT_TABLE: 'Melden kannst du nur Spieler, mit denen du an einem Tisch gesessen hast.',
  ERR_REPORTED: 'Du hast diesen Spieler für diesen Tisch schon gemeldet.',
  ERR_TOO_MANY: 'Das ist mehr als erlaubt (Blockierungen, oder Meldungen heute).',
  ERR_SELF: 'Das geht nicht mit dir selbst.',
  ERR_HANDLED: 'Diese Meldung wurde schon bearbeitet.',
  ERR_FRIEND_SELF: 'Du kannst dich nicht selbst als Freund hinzufügen.',
  ERR_FRIENDS_FULL: 'Deine Liste der Freunde und Anfragen ist voll.',
  ERR_REQUESTS_FULL: 'Dieser Spieler hat gerade zu viele offene Anfragen.',
  ERR_REQUESTS_CLOSED: 'Dieser Spieler nimmt Freundschaftsanfragen nur von Leuten an, die er kennt.',
  ERR_NOT_FRIENDS: 'Das können nur Freunde.',
  ERR_NOT_IN_ROOM: 'Einladen kannst du nur in einen Raum, in dem du bist, bevor sein Spiel beginnt.',
  ERR_PUZZLE_ANSWERED: 'Dieses Rätsel wurde schon beantwortet.',
  ERR_PUZZLE_EXPIRED: 'Die Zeit für dieses Rätsel ist abgelaufen.',
  ERR_PUZZLE_MOVE: 'Das ist kein Zug dieses Rätsels.',
  ERR_NO_PUZZLE: 'Hier gibt es kein Rätsel mehr für dich.',
  ERR_PUZZLE_RUN: 'Diese Serie ist vorbei (oder nicht deine).',
  ERR_NOT_GUEST: 'Nur die Rätsel eines Gasts können unter einen anderen Namen übernommen werden.',
  ERR_TOURNAMENT_OVER: 'Dieses Turnier ist zu Ende.',
  ERR_TOURNAMENT_FULL: 'Alle Plätze in diesem Turnier sind vergeben.',
  ERR_NOT_ENTERED: 'Du bist diesem Turnier nicht beigetreten.',
  ERR_TOO_MANY_TOURNAMENTS: 'Du leitest zu viele Turniere, die noch nicht zu Ende sind.',
  ERR_PRIVATE_RATED: 'Ein privates Turnier wird nie gewertet.',
  ERR_CONFIRM:
    'Die Bestätigung stimmt nicht: Gib deinen Namen ein (und dein Passwort, wenn der Name damit gesichert ist).',
  ERR_UNKNOWN_TYPE: 'Der Tisch hat das nicht verstanden. Lade die Seite neu.',
  ERR_NOT_SEATED: 'Du hast an diesem Tisch keinen Platz.',
  ERR_ILLEGAL: 'Dieser Zug ist jetzt nicht erlaubt.',
  ERR_DUPLICATE: 'Dieser Zug wurde schon gemacht.',
  ERR_NOT_NOW: 'Das geht in diesem Moment des Spiels nicht.',
  ERR_NOT_HOST: 'Das kann nur der Gastgeber.',
  ERR_BAD_OPTIONS: 'Diese Spieloptionen passen nicht zusammen.',
  ERR_NOT_KICKABLE: 'Dieser Spieler kann jetzt nicht rausgeworfen werden.',
  ERR_STORAGE:
    'Der Spielserver konnte diesen Zug nicht speichern: Er wurde nicht gemacht. Versuche es noch einmal.',
  ERR_SHUFFLE: 'Ein Schritt des fairen Mischens wurde abgelehnt.',
  ERR_CHAT_RATE: 'Gerade zu viele Chatzeilen: Diese Zeile wurde nicht gesendet. Warte einen Moment.',
  ERR_CHAT_FULL: 'Der Chat dieses Tisches ist voll: Diese Zeile wurde nicht gesendet.',
  unknown: 'Der Spielserver hat das abgelehnt ({{code}}).',
};

/**
 * A server's refusal in the reader's language: the text of its code, or for a code this app does not know yet (a
 * newer server) a sentence naming the code — never the server's English message.
 */
export function serverErrorText(t: TFunction, e: { readonly code: string }): string {
  return t(`serverErrors.${e.code}`, { defaultValue: t('serverErrors.unknown', { code: e.code }) });
}
