/**
 * Names that pose as a bot or as staff are refused (`ERR_RESERVED_NAME`); the web app shows the code in words.
 *
 * The rule: the name is cut into words — at spaces, `_ . -`, at a change from lower to upper case ("TheBot") and
 * before the last capital of a run of capitals ("HTMLBot") — and digits at a word's ends are dropped ("Bot1").
 * Each word is folded: compatibility forms and accents taken off (NFKD), lower case, leetspeak digits read as
 * letters (0 o, 1 i, 3 e, 4 a, 5 s, 7 t, 8 b), Unicode's confusable skeleton (UTS #39, `unhomoglyph`: Cyrillic
 * "о" is "o", "rn" and "m" are one) before and after lower case, and "l" read as "i". A name is refused when a folded word is a reserved word
 * (or two words in a row a reserved phrase). Whole words only: "Abbot", "Admiral", "Botond", "Badminton" and
 * "Supporter" stay allowed; "adminjoe" written as one lower-case word is not caught either.
 *
 * ```ts
 * nameRefusal('Bоt 3'); // 'a name may not pose as a bot or as staff ("Bоt")'
 * nameRefusal('Abbot'); // null
 * ```
 */
import unhomoglyph from 'unhomoglyph';

/** Words that pose as a bot or as staff (written plainly; compared folded). */
export const RESERVED_WORDS: readonly string[] = [
  'bot',
  'bots',
  'robot',
  'robots',
  'roboter',
  'cpu',
  'computer',
  'admin',
  'admins',
  'administrator',
  'administrators',
  'administratorin',
  'sysadmin',
  'sysop',
  'mod',
  'mods',
  'moderator',
  'moderators',
  'moderatorin',
  'staff',
  'system',
  'support',
  'official',
  'server',
];

/** Two words that pose as staff only together. */
export const RESERVED_PHRASES: readonly (readonly [string, string])[] = [
  ['hearts', 'team'],
  // A deleted player's seat in finished games (`DELETED_PLAYER`, in German "gelöschter Spieler"): nobody's name.
  ['deleted', 'player'],
  ['geloschter', 'spieler'],
  ['geloeschter', 'spieler'],
];

const LEET: Readonly<Record<string, string>> = { 0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't', 8: 'b' };

const bare = (s: string): string => s.normalize('NFKD').replace(/\p{M}/gu, '');
const plain = (s: string): string => bare(s).toLowerCase();

/** A word as it looks: see the module's rule. Two words that fold alike can pass for one another. */
export function foldWord(word: string): string {
  // The skeleton before and after lower case: Cyrillic "Т" looks like "T", but its "т" is no "t".
  const leet = plain(unhomoglyph(bare(word))).replace(/[0134578]/g, (d) => LEET[d]!);
  return plain(unhomoglyph(leet)).replace(/l/g, 'i');
}

/**
 * The name's words, cut as the module's rule says (digits at a word's ends dropped): each word between
 * separators, and its parts by case when there are several ("ADMlN", a small L among capitals, stays whole too).
 */
export function nameWords(name: string): string[] {
  return name
    .split(/[\s_.-]+/u)
    .flatMap((w) => {
      const parts = w.split(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u);
      return parts.length > 1 ? [w, ...parts] : [w];
    })
    .map((w) => w.replace(/^\p{N}+|\p{N}+$/gu, ''))
    .filter((w) => w !== '');
}

const WORDS = new Set(RESERVED_WORDS.map(foldWord));
const PHRASES = new Set(RESERVED_PHRASES.map(([a, b]) => `${foldWord(a)} ${foldWord(b)}`));

/** Why the name is refused (it poses as a bot or as staff), or null when it may be taken. */
export function nameRefusal(name: string): string | null {
  const words = nameWords(name);
  const folded = words.map(foldWord);
  const i = folded.findIndex((w) => WORDS.has(w));
  if (i >= 0) return `a name may not pose as a bot or as staff ("${words[i]}")`;
  for (let j = 0; j + 1 < folded.length; j++)
    if (PHRASES.has(`${folded[j]} ${folded[j + 1]}`))
      return `a name may not pose as a bot or as staff ("${words[j]} ${words[j + 1]}")`;
  return null;
}
