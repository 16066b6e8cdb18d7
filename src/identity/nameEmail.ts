import { foldName, romanize, sharedNameTables } from '../name/product.js';
import type { NameTables } from '../name/product.js';
import { nameVariants } from './nicknames.js';

/** Characters of the local part and of each name read. */
const MAX_READ = 256;

/** How the e-mail local part relates to the name. */
export type NameEmailMatch = 'full' | 'part' | 'other' | 'none';

/**
 * A loose spelling key, applied to both sides before comparing, so that the
 * usual transliteration choices meet: x/ks (Aleksandr, Alexandr), y/j/i
 * (Yuri, Iurii, Jurij), w/v, ph/f, kh/h, c/k/q, and doubled letters (Iurii,
 * Anna/Ana). Input is folded (lower case, accents removed); anything but
 * a–z is dropped.
 *
 * @example
 * looseKey('aleksandr') === looseKey('alexandr') // true
 */
export function looseKey(folded: string): string {
  let out = '';
  let last = '';
  for (let i = 0; i < folded.length; i++) {
    const c = folded[i]!;
    if (c < 'a' || c > 'z') continue;
    const next = folded[i + 1];
    let piece: string;
    if (c === 'x') piece = 'ks';
    else if (c === 'y' || c === 'j') piece = 'i';
    else if (c === 'w') piece = 'v';
    else if (c === 'c' || c === 'q') piece = next === 'k' ? '' : 'k';
    else if (c === 'p' && next === 'h') {
      piece = 'f';
      i++;
    } else if (c === 'k' && next === 'h') {
      piece = 'h';
      i++;
    } else piece = c;
    // The last letter is tracked rather than read back with endsWith: reading the end of a string built by += flattens it each time.
    for (const p of piece) {
      if (p === last) continue;
      out += p;
      last = p;
    }
  }
  return out;
}

/**
 * True when `letters` holds a family name with the given name or one or two
 * initials (the first the given name's) right before or after it.
 */
function spellsTogether(letters: string, surnames: ReadonlySet<string>, given: ReadonlySet<string>, initials: ReadonlySet<string>): boolean {
  for (const s of surnames) {
    const at = letters.indexOf(s);
    if (at === -1) continue;
    const before = letters.slice(0, at);
    const after = letters.slice(at + s.length);
    for (const g of given) if (before.endsWith(g) || after.startsWith(g)) return true;
    if (before.length >= 1 && before.length <= 2 && initials.has(before[0]!)) return true;
    if (before === '' && after.length >= 1 && after.length <= 2 && initials.has(after[0]!)) return true;
  }
  return false;
}

/** Folded words of a name part, plus their Latin spellings when written in another script. */
function nameWords(part: string): string[] {
  const folded = foldName(part);
  const words: string[] = [];
  for (const word of folded.split(/[\s-]/u)) {
    if (word === '') continue;
    words.push(word);
    for (const latin of romanize(word)) words.push(latin);
  }
  // Müller is also written mueller: the umlauts' German spelling, beside the folded one.
  if (/[äöü]/iu.test(part)) {
    const german = foldName(part.toLowerCase().replaceAll('ä', 'ae').replaceAll('ö', 'oe').replaceAll('ü', 'ue'));
    for (const word of german.split(/[\s-]/u)) if (word !== '' && !words.includes(word)) words.push(word);
  }
  return words;
}

/** Splits a local part into its runs of letters (dots, underscores, hyphens, digits and `+tag` separate or end them). */
function localWords(local: string): { words: string[]; letters: string } {
  const plus = local.indexOf('+');
  const base = foldName(plus === -1 ? local : local.slice(0, plus));
  const words: string[] = [];
  let word = '';
  let letters = '';
  for (const c of base) {
    if (c >= 'a' && c <= 'z') {
      word += c;
      letters += c;
    } else if (word !== '') {
      words.push(word);
      word = '';
    }
  }
  if (word !== '') words.push(word);
  return { words, letters };
}

/**
 * Reads the e-mail local part against the name (finding rules in
 * docs/identity.md, "Name and e-mail"):
 * - `full`: the local part spells given and family name together, in either
 *   order, with or without a separator (jane.doe, doe_jane, janedoe), the
 *   initial with the family name (jdoe, j.doe, doej), or the initials alone
 *   (jd, jmd); a given name matches through its spellings and short forms
 *   (Bob for Robert, Sasha for Aleksandr) and through transliteration;
 * - `part`: one of the two names only (jane1987, doe.family);
 * - `other`: two or more words, the first a known given name, none of them
 *   the person's given or family name (peter.smith for Jane Doe); only when
 *   both names have a Latin spelling to compare with (a name in Han or Kana
 *   script, which has none here, gives `none`);
 * - `none`: nothing to say (a nickname such as darkstar77).
 *
 * @param local - the part before `@`, as typed
 * @param firstName - given name(s), any script
 * @param lastName - family name(s), any script
 * @example
 * matchNameToEmail('bob.smith', 'Robert', 'Smith') // 'full'
 * matchNameToEmail('a.ivanov', 'Александр', 'Иванов') // 'full'
 */
export function matchNameToEmail(local: string, firstName: string, lastName: string): NameEmailMatch {
  return matchNameToEmailIn(sharedNameTables(), local, firstName, lastName);
}

/** {@link matchNameToEmail} with the name tables it reads given (an identity check's: its checker's name check's). */
export function matchNameToEmailIn(names: NameTables, local: string, firstName: string, lastName: string): NameEmailMatch {
  // Longer values are no names or addresses (RFC 5321 caps a local part at 64); the cut keeps the reading linear and small.
  if (local.length > MAX_READ) local = local.slice(0, MAX_READ);
  if (firstName.length > MAX_READ) firstName = firstName.slice(0, MAX_READ);
  if (lastName.length > MAX_READ) lastName = lastName.slice(0, MAX_READ);
  const { words, letters } = localWords(local);
  if (letters === '') return 'none';
  const givenKeys = new Set<string>();
  const initials = new Set<string>();
  for (const word of nameWords(firstName)) {
    for (const variant of nameVariants(word)) {
      const key = looseKey(variant);
      if (key !== '') givenKeys.add(key);
    }
    const key = looseKey(word);
    if (key !== '') initials.add(key[0]!);
  }
  const surnameKeys = new Set<string>();
  const lastWords = nameWords(lastName);
  for (const word of lastWords) {
    const key = looseKey(word);
    if (key.length >= 2) surnameKeys.add(key);
  }
  // "de la Cruz" is written delacruz; "García Márquez" garciamarquez.
  const lastParts = foldName(lastName).split(/[\s-]/u).filter((w) => w !== '');
  if (lastParts.length > 1) surnameKeys.add(looseKey(lastParts.map((w) => romanize(w)[0] ?? w).join('')));
  const wordKeys = words.map(looseKey);
  const lettersKey = looseKey(letters);

  const hasGivenWord = wordKeys.some((k) => givenKeys.has(k));
  const hasSurnameWord = wordKeys.some((k) => surnameKeys.has(k));
  if (hasSurnameWord && (hasGivenWord || words.some((w) => w.length === 1 && initials.has(looseKey(w))))) return 'full';
  // Searched on the loose key and on the plain letters: the loose key merges
  // doubled letters, which hides an initial before a name that starts with
  // the same letter (ppetrov, mmuller).
  const plainSurnames = new Set(lastWords.filter((w) => /^[a-z]+$/u.test(w)));
  if (spellsTogether(lettersKey, surnameKeys, givenKeys, initials) || spellsTogether(letters, plainSurnames, givenKeys, initials)) return 'full';
  // jd, jmd: the initials alone, first of the given name, last of the family name.
  if (letters.length >= 2 && letters.length <= 3 && words.length <= 2) {
    for (const s of surnameKeys) if (initials.has(lettersKey[0]!) && lettersKey.endsWith(s[0]!)) return 'full';
  }
  for (const k of wordKeys) if (k.length >= 3 && (givenKeys.has(k) || surnameKeys.has(k))) return 'part';
  for (const s of surnameKeys) if (s.length >= 4 && lettersKey.includes(s)) return 'part';
  for (const g of givenKeys) if (g.length >= 4 && lettersKey.startsWith(g)) return 'part';
  // "Another person's name" needs the person's own in Latin letters to compare with: a name in a
  // script with no transliteration here (彩 井上, 王伟) could be what the local part spells.
  if (!hasLatinSpelling(firstName) || !lastWords.some((w) => /^[a-z]/u.test(w))) return 'none';
  const named = words.filter((w) => w.length >= 3);
  if (named.length >= 2 && names.isKnownFirstName(named[0]!)) return 'other';
  return 'none';
}

function hasLatinSpelling(part: string): boolean {
  return nameWords(part).some((w) => /^[a-z]/u.test(w));
}
