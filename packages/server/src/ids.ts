/** Random identifiers from the operating system's cryptographic generator. */
import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const ID_ALPHABET = 'abcdefghijkmnopqrstuvwxyz23456789';

export function randomString(length: number, alphabet: string): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

/** A friends' room code, e.g. `K7P2QX`: short enough to read out, also the room's id. */
export const roomCode = (): string => randomString(6, CODE_ALPHABET);
/** A table id for quick matches and rematches. */
export const tableId = (): string => `t${randomString(13, ID_ALPHABET)}`;
export const userId = (): string => `u${randomString(15, ID_ALPHABET)}`;
/** A friendship's or a friend request's own id: what its two sides name it by (never a user id). */
export const linkId = (): string => `f${randomString(15, ID_ALPHABET)}`;

/** A code typed by a person: upper case, spaces and dashes dropped. */
export const normalizeCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');
