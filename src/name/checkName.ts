import { sharedChecker } from '../common/sharedChecker.js';
import levenshtein from 'fast-levenshtein';
import { assertString } from '../common/input.js';
import { checkOptions } from '../common/options.js';
import { scoringOption } from '../common/scoringOption.js';
import { createScorer } from '../scoring/createScorer.js';
import type { Signal } from '../scoring/types.js';
import { analysePart, type PartAnalysis } from './analyse.js';
import {
  FAKER_LOCALE_WEIGHT,
  GENDER_THRESHOLD,
  nameLikenessThreshold,
  firstNameGender,
  isKnownFirstName,
  isKnownLastName,
  isCommonRealNameLabel,
  lastNameWeight,
  listEntries,
  matchNameList,
  nameLikeness,
  type NameListKind,
} from './data/index.js';
import { ASCII_WORD, CYRILLIC_LETTER, GREEK_LETTER, LATIN_LETTER, ODD_PUNCTUATION } from './patterns.js';
import { listHits, type ListHits } from './listIndex.js';
import { isPinyinName } from './pinyin.js';
import { NAME_SCORE_MODEL } from './scoreModel.js';
import { soundKey } from './sound.js';
import { genderOfSurname } from './surnameGender.js';
import { isKeyboardWalk, isRepeatedPattern, lacksVowels } from './typing.js';
import type { NameCheck, NameCheckOptions, NameReasonCode, NameResult, NameRiskType } from './types.js';

/**
 * Particles of family and given names (Dutch, German, Romance, Arabic,
 * Hebrew, Celtic, Scandinavian): never judged as words on their own, never
 * the core of a surname. Lower-case, folded.
 */
const PARTICLES: ReadonlySet<string> = new Set([
  'van', 'der', 'den', 'de', 'del', 'della', 'dela', 'la', 'le', 'les', 'lo', 'du', 'des', 'da', 'das', 'di', 'do', 'dos',
  'von', 'zu', 'zum', 'zur', 'ter', 'ten', 'te', 'op', 'het', "'t", 'bin', 'binti', 'bint', 'ibn', 'ben', 'bat', 'bar',
  'al', 'el', 'ul', 'ud', 'abu', 'mac', 'mc', 'ap', 'ab', 'ni', 'nic', 'ui', 'st', 'san', 'santa', 'y', 'e', 'i', 'und',
  'af', 'av', 'of',
]);

/**
 * Legal forms of companies (English, German, French, Italian, Dutch,
 * Australian): a name part holding one is an organisation, not a person.
 * Only forms that are no one's name are listed (not Co, SA, AB, AG).
 */
const LEGAL_FORMS: ReadonlySet<string> = new Set([
  'inc', 'llc', 'ltd', 'llp', 'plc', 'corp', 'corporation', 'company', 'limited', 'gmbh', 'mbh', 'sarl', 'srl', 'bv', 'pty',
]);

/** Generational suffixes after a surname (Smith Jr., Henry Ford III): not words to judge. */
const SUFFIXES: ReadonlySet<string> = new Set(['jr', 'sr', 'jnr', 'snr', 'ii', 'iii', 'iv', 'vi', 'vii', 'viii']);

/**
 * Gendered titles: when a caller types a title where the first name goes
 * (`Mr` `Smith`), the title is the only evidence of sex and it is explicit,
 * so `gender` uses it. Curated here (English, German, French, Spanish,
 * Italian, Portuguese, Dutch forms); folded, without the trailing period.
 */
const TITLE_GENDER: ReadonlyMap<string, 'M' | 'F'> = new Map([
  ['mr', 'M'], ['mister', 'M'], ['sir', 'M'], ['herr', 'M'], ['monsieur', 'M'], ['m', 'M'], ['senor', 'M'], ['sr', 'M'],
  ['signor', 'M'], ['signore', 'M'], ['sig', 'M'], ['dhr', 'M'], ['meneer', 'M'], ['lord', 'M'],
  ['mrs', 'F'], ['ms', 'F'], ['miss', 'F'], ['mss', 'F'], ['madam', 'F'], ['madame', 'F'], ['mme', 'F'], ['mlle', 'F'],
  ['mademoiselle', 'F'], ['frau', 'F'], ['fraulein', 'F'], ['senora', 'F'], ['sra', 'F'], ['senorita', 'F'], ['srta', 'F'],
  ['signora', 'F'], ['sig.ra', 'F'], ['signorina', 'F'], ['mevrouw', 'F'], ['mevr', 'F'], ['lady', 'F'], ['dame', 'F'],
]);

/**
 * Births (SSA + faker pseudo-births) above which a first name is among the
 * few hundred most common US given names. Repeating such a name as its own
 * surname is not a naming custom in the cultures that give it (John John,
 * David David), while patronymic chains of Arabic, Somali, Malay or
 * Ethiopian names do produce Mohamed Mohamed and Ali Ali, whose US counts
 * are far lower. A proxy, stated as one: see docs/name.md, Limitations.
 *
 * @example
 * checkName('John', 'John').risk_type // 'STRING_SIMILARITY' (John: over 5 million US births)
 */
export const REPEATED_NAME_MAX_US_BIRTHS = 200_000;
/**
 * Least `lastNameWeight` (faker locales listing the surname + curated tier)
 * for a repeated name to count as a real surname too.
 *
 * @example
 * checkName('Hussein', 'Hussein').is_valid // true (lastNameWeight('hussein') is 3)
 */
export const REPEATED_NAME_MIN_SURNAME_WEIGHT = 3;
/**
 * Words shorter than this are not judged by the character model: too few letters to score.
 * @example
 * checkName('Xqz', 'Hartwell').risk_type // null: 3 letters, not scored
 */
export const MIN_LETTERS_FOR_MODEL = 4;

/** Evidence order of risk types (the first that has a signal is reported). */
const RISK_ORDER: readonly NameRiskType[] = [
  'INVALID', 'PLACEHOLDER', 'PLACEHOLDER_TITLE', 'FICTIONAL', 'FAMOUS', 'HUMOROUS', 'STRING_SIMILARITY', 'RANDOM_TYPING', 'OTHER',
];

/** Collects the signals of one check, remembering which risk type each supports. */
class Evidence {
  readonly signals: Signal<NameReasonCode>[] = [];
  /** Bit i set: a signal supports RISK_ORDER[i]. */
  private risks = 0;

  add(code: NameReasonCode, detail: string | undefined, risk?: NameRiskType): void {
    if (risk !== undefined) this.risks |= 1 << RISK_ORDER.indexOf(risk);
    // A handful of signals at most: a scan beats a Set.
    for (const s of this.signals) if (s.code === code) return;
    this.signals.push(detail === undefined ? { code } : { code, detail });
  }

  riskType(): NameRiskType | null {
    if (this.risks === 0) return null;
    // Lowest set bit = earliest risk type in the order of evidence.
    return RISK_ORDER[31 - Math.clz32(this.risks & -this.risks)]!;
  }
}

/** Share-based sex of a folded first name, or `undefined` when the table does not know it. */
function genderFromCounts(folded: string): { gender: 'M' | 'F' | null; share: number; total: number } | undefined {
  const c = firstNameGender(folded);
  if (c === undefined) return undefined;
  const total = c.male + c.female;
  if (total <= 0) return undefined;
  const share = Math.max(c.male, c.female) / total;
  const gender = share >= GENDER_THRESHOLD ? (c.male >= c.female ? 'M' : 'F') : null;
  return { gender, share, total };
}

/** Removes apostrophes inside a folded token (o'brien → obrien) for the letter rules and the model. */
function lettersOf(token: string): string {
  return token.includes("'") ? token.split("'").join('') : token;
}

/** True when a folded token (or its spelling without apostrophes, or the part after O'/D'/L') is a known surname. */
function knownSurnameToken(token: string): boolean {
  if (isKnownLastName(token)) return true;
  const q = token.indexOf("'");
  if (q < 0) return false;
  return isKnownLastName(lettersOf(token)) || isKnownLastName(token.slice(q + 1));
}

/** True when a folded token is a known first or last name (then no typing rule judges it). */
function knownToken(token: string): boolean {
  return isKnownFirstName(token) || knownSurnameToken(token);
}

/** Keys under which a full name is looked up in the curated lists: "first last", and "first-given last" when there are middle names. */
function fullKeys(givenTokens: readonly string[], fullKey: string, last: PartAnalysis): string[] {
  const keys = [fullKey];
  const joined = `${givenTokens.join(' ')} ${last.tokens.join(' ')}`;
  if (joined !== keys[0]) keys.push(joined);
  if (givenTokens.length > 1) keys.push(`${givenTokens[0]} ${last.tokens.join(' ')}`);
  return keys;
}

/** The first label of `kind` among the hits of the candidate keys. */
function firstOf(hits: readonly (ListHits | undefined)[], kind: NameListKind): string | undefined {
  for (const h of hits) {
    const label = h?.[kind];
    if (label !== undefined) return label;
  }
  return undefined;
}

/**
 * Adds a list match; a full name the data marks as also a very common real
 * name (Thomas Müller, Joe King) raises the lighter `common` signal: the
 * risk type is the same, the score falls less.
 */
function addListMatch(ev: Evidence, code: NameReasonCode, commonCode: NameReasonCode, label: string, risk: NameRiskType): void {
  ev.add(isCommonRealNameLabel(label) ? commonCode : code, label, risk);
}

/**
 * Records why a part is INVALID. A part that breaks only the symbol rules
 * may still be a listed placeholder ("n/a", "-", "?"): the list is the more
 * precise evidence.
 */
function invalidPart(ev: Evidence, part: PartAnalysis, which: string): void {
  if (part.invalid === undefined) return;
  const label = part.symbolsOnly && part.folded !== '' ? listHits(part.folded)?.placeholder : undefined;
  if (label !== undefined) ev.add('NAME_PLACEHOLDER', `${which}: ${label}`, 'PLACEHOLDER');
  else ev.add(part.invalid, which, 'INVALID');
}


/** Scripts among Latin, Cyrillic and Greek present in one word: look-alike spoofing mixes them. */
function mixesScripts(word: string): boolean {
  let n = 0;
  if (LATIN_LETTER.test(word)) n++;
  if (CYRILLIC_LETTER.test(word)) n++;
  if (n > 0 && GREEK_LETTER.test(word)) n++;
  return n > 1;
}

interface Judged {
  readonly evidence: Evidence;
  readonly gender: 'M' | 'F' | null;
}

/** The whole judgement of a pair of analysed parts; the scorer turns it into a score. */
function judge(first: PartAnalysis, last: PartAnalysis): Judged {
  const ev = new Evidence();

  // --- INVALID -----------------------------------------------------------
  // A part that breaks only the symbol rules may still be a listed
  // placeholder ("n/a", "-", "?"): the list is the more precise evidence.
  invalidPart(ev, first, 'first name');
  invalidPart(ev, last, 'last name');
  if (first.invalid !== undefined || last.invalid !== undefined) {
    // Gender is still derived from a first name that is itself well-formed.
    return { evidence: ev, gender: first.invalid === undefined ? genderOfGiven(first.tokens, ev, false) : null };
  }
  // Single letters. Rule: a first name given as an initial ("J." Smith) is
  // common on forms and stays valid with a small penalty; a last name that is
  // an initial, or two initials, identifies nobody and is INVALID.
  if (last.isInitial) {
    ev.add('NAME_SINGLE_LETTER', first.isInitial ? 'both names are initials' : 'last name is an initial', 'INVALID');
    return { evidence: ev, gender: null };
  }
  if (first.isInitial) ev.add('NAME_INITIAL', first.normalized ?? undefined);

  // --- titles --------------------------------------------------------------
  // Leading title tokens of the first name (Dr. Jane) are dropped before
  // the name is judged; a part that is nothing but titles is a placeholder title.
  let given = first.tokens;
  let titleGender: 'M' | 'F' | null = null;
  let t = 0;
  // A title that is part of a listed character's or person's name (Captain
  // America, Doctor Strange, Mr. Bean) is that name, not a form of address.
  const fullKey = `${first.folded} ${last.folded}`;
  const whole = listHits(fullKey);
  const namedWithTitle = whole !== undefined && (whole.fictional ?? whole.famous ?? whole.humorous) !== undefined;
  // A multi-word title listed whole ("sir or madam", "mr and mrs") counts as titles only.
  if (listHits(first.folded)?.placeholder_title !== undefined) t = given.length;
  while (t < given.length && listHits(given[t]!)?.placeholder_title !== undefined) t++;
  if (namedWithTitle) t = 0;
  else if (t === given.length) {
    ev.add('NAME_TITLE_AS_NAME', `first name: ${first.folded}`, 'PLACEHOLDER_TITLE');
    titleGender = TITLE_GENDER.get(given[0]!) ?? null;
  } else if (t > 0) {
    ev.add('NAME_TITLE_PREFIX', given.slice(0, t).join(' '));
    given = given.slice(t);
  }
  let lastTitles = 0;
  if (listHits(last.folded)?.placeholder_title !== undefined) lastTitles = last.tokens.length;
  while (lastTitles < last.tokens.length && listHits(last.tokens[lastTitles]!)?.placeholder_title !== undefined) lastTitles++;
  if (namedWithTitle) lastTitles = 0;
  else if (lastTitles === last.tokens.length) ev.add('NAME_TITLE_AS_NAME', `last name: ${last.folded}`, 'PLACEHOLDER_TITLE');

  // --- curated lists -------------------------------------------------------
  const keys = fullKeys(given, fullKey, last);
  const sound = soundKey(fullKey);
  const firstKnown = isKnownFirstName(first.folded) || (given.length > 0 && isKnownFirstName(given[0]!));
  const lastKnown = knownSurnameToken(last.folded) || last.tokens.some((tok) => !PARTICLES.has(tok) && knownSurnameToken(tok));

  // One index lookup per candidate key tells every list it is in. Keys:
  // the full name (and its variants), each part alone, the name run
  // together (Dick Head → dickhead), and each token (vulgar words).
  const fullHits: (ListHits | undefined)[] = keys.map(listHits);
  const firstHits = listHits(first.folded);
  const lastHits = listHits(last.folded);

  // Placeholders. One-word parts only when the word is no known name.
  let placeholderKey: string | undefined;
  let placeholderLabel: string | undefined;
  for (let k = 0; k < keys.length && placeholderLabel === undefined; k++) {
    placeholderLabel = fullHits[k]?.placeholder;
    placeholderKey = keys[k];
  }
  if (placeholderLabel === undefined) {
    // Misspelt form examples (Jon Doe, Jhon Doe, Jane Do) sound like the listed ones.
    placeholderLabel = soundAlike('placeholder', sound);
    placeholderKey = keys[0];
  }
  if (placeholderLabel === undefined && firstHits?.placeholder !== undefined && !firstKnown && !knownToken(first.folded)) {
    placeholderLabel = firstHits.placeholder;
    placeholderKey = first.folded;
  }
  if (placeholderLabel === undefined && lastHits?.placeholder !== undefined && !lastKnown && !knownToken(last.folded)) {
    placeholderLabel = lastHits.placeholder;
    placeholderKey = last.folded;
  }
  if (placeholderLabel !== undefined && placeholderKey !== undefined) {
    // A listed keyboard string that is a keyboard walk (qwerty, asdf) is
    // reported as what it is, random typing; xxx, test, n/a stay placeholders.
    if (placeholderKey.split(' ').every(isKeyboardWalk)) {
      ev.add('NAME_KEYBOARD_WALK', `${placeholderKey} (${placeholderLabel})`, 'RANDOM_TYPING');
    } else ev.add('NAME_PLACEHOLDER', placeholderLabel, 'PLACEHOLDER');
  }

  // Fictional: one-word names (Pikachu, Batman) only when the word is no
  // real name (Storm, Rogue, Angel are).
  let label = firstOf(fullHits, 'fictional');
  if (label === undefined && firstHits?.fictional !== undefined && !knownToken(first.folded)) label = firstHits.fictional;
  if (label === undefined && lastHits?.fictional !== undefined && !knownToken(last.folded)) label = lastHits.fictional;
  if (label !== undefined) addListMatch(ev, 'NAME_FICTIONAL', 'NAME_FICTIONAL_COMMON', label, 'FICTIONAL');

  // Famous: a one-word entry only as the first name (stage names: Pitbull,
  // Zendaya); in the last-name slot it is a family name real people share
  // (a Khrushchev, an Einstein).
  label = firstOf(fullHits, 'famous');
  if (label === undefined && firstHits?.famous !== undefined && !knownToken(first.folded)) label = firstHits.famous;
  if (label !== undefined) addListMatch(ev, 'NAME_FAMOUS', 'NAME_FAMOUS_COMMON', label, 'FAMOUS');

  // Joke names: one-word entries (Ligma) under the same guard as fictional ones.
  label = firstOf(fullHits, 'humorous') ?? soundAlike('humorous', sound);
  if (label === undefined && firstHits?.humorous !== undefined && !knownToken(first.folded)) label = firstHits.humorous;
  if (label === undefined && lastHits?.humorous !== undefined && !knownToken(last.folded)) label = lastHits.humorous;
  if (label !== undefined) addListMatch(ev, 'NAME_HUMOROUS', 'NAME_HUMOROUS_COMMON', label, 'HUMOROUS');

  const allTokens = first.tokens.concat(last.tokens);
  label = firstOf(fullHits, 'vulgar') ?? (allTokens.length > 1 ? listHits(allTokens.join(''))?.vulgar : undefined);
  // A vulgar word alone, unless it is also a real name (Dick, Fanny, Willy).
  for (let k = 0; k < allTokens.length && label === undefined; k++) {
    const tok = allTokens[k]!;
    const found = listHits(tok)?.vulgar ?? (tok.includes("'") ? listHits(lettersOf(tok))?.vulgar : undefined);
    if (found !== undefined && !knownToken(tok)) label = found;
  }
  if (label !== undefined) ev.add('NAME_VULGAR', label, 'HUMOROUS');

  // --- first and last alike ------------------------------------------------
  const similar = similarity(first, last, firstKnown, lastKnown);
  if (similar !== undefined) ev.add('NAME_PARTS_SIMILAR', similar, 'STRING_SIMILARITY');

  // --- random typing and look-alikes -------------------------------------
  for (const tok of allTokens) {
    if (PARTICLES.has(tok) || SUFFIXES.has(tok) || LEGAL_FORMS.has(tok)) continue;
    const letters = lettersOf(tok);
    if (mixesScripts(letters)) {
      ev.add('NAME_MIXED_SCRIPT', tok, 'OTHER');
      continue;
    }
    if (knownToken(tok) || knownToken(letters)) continue;
    const code = typingRule(letters);
    if (code !== undefined) ev.add(code, tok, 'RANDOM_TYPING');
  }
  const legalForm = allTokens.find((tok) => LEGAL_FORMS.has(tok.endsWith('.') ? tok.slice(0, -1) : tok));
  if (legalForm !== undefined) ev.add('NAME_ORGANIZATION', legalForm, 'OTHER');
  if (first.normalized !== null && ODD_PUNCTUATION.test(first.normalized)) ev.add('NAME_ODD_PUNCTUATION', 'first name', 'OTHER');
  if (last.normalized !== null && ODD_PUNCTUATION.test(last.normalized)) ev.add('NAME_ODD_PUNCTUATION', 'last name', 'OTHER');

  // --- trust ---------------------------------------------------------------
  const gender = titleGender ?? genderOfGiven(given, ev, t === first.tokens.length, last.tokens);
  if (t < first.tokens.length && firstKnown) {
    ev.add(gender !== null ? 'NAME_FIRST_KNOWN' : 'NAME_FIRST_KNOWN_UNISEX', given.join(' '));
  }
  if (lastTitles < last.tokens.length) {
    if (lastKnown) ev.add('NAME_LAST_KNOWN', last.folded);
    else if (plausibleSurname(last.tokens)) ev.add('NAME_LAST_PLAUSIBLE', last.folded);
  }
  return { evidence: ev, gender };
}

/**
 * `gender` from the given names: the whole given name first (Mary-Jane,
 * Jean Pierre), then its first token. `null`, with an info reason, when the
 * name is unknown or neither sex reaches `GENDER_THRESHOLD`.
 */
function genderOfGiven(
  given: readonly string[],
  ev: Evidence,
  titleOnly: boolean,
  surname: readonly string[] = [],
): 'M' | 'F' | null {
  if (titleOnly || given.length === 0) return null;
  const whole = given.join(' ');
  const counted = genderFromCounts(whole) ?? genderFromCounts(given.join('-')) ?? (given.length > 1 ? genderFromCounts(given[0]!) : undefined);
  if (counted?.gender) return counted.gender;
  // No answer from the first name: a gendered surname ending (Smirnova,
  // Brzeziński, Jónsdóttir) is explicit evidence in the languages that have it.
  const core = surname.filter((tok) => !PARTICLES.has(tok));
  const fromSurname = core.length > 0 ? genderOfSurname(core[core.length - 1]!) : null;
  if (fromSurname !== null) return fromSurname;
  ev.add(
    'NAME_GENDER_UNKNOWN',
    counted === undefined ? 'first name not in the name tables' : `unisex: ${Math.round(counted.share * 100)}% one sex`,
  );
  return null;
}

const bySound = new Map<NameListKind, Map<string, string>>();

/**
 * A full name (given as its `soundKey`) that sounds like a listed full name of `kind` (Oliver Klozoff
 * ~ oliver klozov, Jhon Doe ~ john doe). Only entries of two or more words
 * are indexed, so a single word never matches by sound; index built on
 * first use per kind.
 */
function soundAlike(kind: 'humorous' | 'placeholder', key: string): string | undefined {
  if (key === '') return undefined;
  let index = bySound.get(kind);
  if (index === undefined) {
    index = new Map<string, string>();
    for (const entry of listEntries(kind)) {
      if (!entry.includes(' ')) continue;
      const key = soundKey(entry);
      if (key !== '' && !index.has(key)) index.set(key, `${matchNameList(kind, entry) ?? kind} (sounds like ${entry})`);
    }
    bySound.set(kind, index);
  }
  return index.get(key);
}

/**
 * Surname endings that make a family name from a given name (patronymics
 * and their fossilised forms): John → Johnson, Peter → Petersen, Robert →
 * Roberts, Fernando → Fernández, Nikolai → Nikolaev. A surname made this
 * way from the person's own first name is common and real.
 */
const PATRONYMIC_SUFFIXES: readonly string[] = [
  's', 'es', 'is', 'son', 'sen', 'sson', 'ez', 'uez', 'az', 'ov', 'ev', 'ova', 'eva', 'ovic', 'evic', 'ovich', 'evich',
  'enko', 'ski', 'sky', 'ska', 'ian', 'yan', 'oglu', 'ogullari', 'zadeh', 'poulos', 'idis', 'ides', 'kin', 'ens', 'en', 'x',
];

/** True when `last` is `first` (or `first` less a final vowel) plus a patronymic suffix. */
function isPatronymicOf(first: string, last: string): boolean {
  const stems = [first];
  const end = first.charCodeAt(first.length - 1);
  // a e i o u y: Fernando → Fernand-ez, Nikolai → Nikola-ev
  if (end === 97 || end === 101 || end === 105 || end === 111 || end === 117 || end === 121) stems.push(first.slice(0, -1));
  for (const stem of stems) {
    if (stem.length < 2 || !last.startsWith(stem)) continue;
    if (PATRONYMIC_SUFFIXES.includes(last.slice(stem.length))) return true;
  }
  return false;
}

/**
 * A name that real people carry as both first and last name (Mohamed
 * Mohamed, Ali Ali, Hussein Hussein): a known given name, a surname in at
 * least `REPEATED_NAME_MIN_SURNAME_WEIGHT` sources, more evidence as a
 * given name than as a surname (births against `lastNameWeight` ×
 * `FAKER_LOCALE_WEIGHT`, the data's own exchange rate between a locale
 * listing and births), and not one of the most common US given names.
 * Smith Smith (a surname first of all) and John John (a top US given name)
 * fail; see docs/name.md, Limitations.
 */
function isRepeatableName(name: string): boolean {
  const weight = lastNameWeight(name);
  if (weight < REPEATED_NAME_MIN_SURNAME_WEIGHT || !isKnownFirstName(name)) return false;
  const counts = firstNameGender(name);
  const births = counts === undefined ? 0 : counts.male + counts.female;
  return births < REPEATED_NAME_MAX_US_BIRTHS && births > weight * FAKER_LOCALE_WEIGHT;
}

/**
 * First and last name equal, nearly equal (Levenshtein distance 1 from 4
 * letters, 2 from 8) or one inside the other (3+ letters), unless the data
 * says the pair is real:
 * - exact repeat of a name that is a common surname too and not among the
 *   most common US given names (Mohamed Mohamed, Ali Ali);
 * - a known surname formed from the first name by a patronymic suffix
 *   (John Johnson, Fernando Fernández);
 * - a known first name inside a known surname, not at its start (Ann Mann).
 */
function similarity(first: PartAnalysis, last: PartAnalysis, firstKnown: boolean, lastKnown: boolean): string | undefined {
  const a = first.tokens.join('');
  const b = last.tokens.join('');
  if (a.length === 0 || b.length === 0) return undefined;
  if (a === b) return isRepeatableName(a) ? undefined : 'first and last name are the same';
  if (lastKnown && isPatronymicOf(a, b)) return undefined;
  // Rhymes differ in the first letter (Jill Hill, Jason Mason, Ann Mann):
  // with both names known they are a real pair, not a typo of one another.
  if (firstKnown && lastKnown && a.charCodeAt(0) !== b.charCodeAt(0)) return undefined;
  const longer = Math.max(a.length, b.length);
  const shorter = Math.min(a.length, b.length);
  if (longer - shorter <= 2 && longer >= 4) {
    const d = levenshtein.get(a, b);
    if (d <= 1 || (d <= 2 && longer >= 8)) return `first and last name differ by ${d} letter${d === 1 ? '' : 's'}`;
  }
  if (shorter >= 3) {
    const at = a.length > b.length ? a.indexOf(b) : b.indexOf(a);
    if (at === 0 || (at > 0 && !(firstKnown && lastKnown))) return 'one name contains the other';
  }
  return undefined;
}

/** The typing rule a folded word (apostrophes removed) breaks, if any. */
function typingRule(word: string): NameReasonCode | undefined {
  if (isRepeatedPattern(word)) return 'NAME_REPEATED_PATTERN';
  if (ASCII_WORD.test(word)) {
    // "aa", "bb": no Latin name is one letter doubled (Han 婷婷 is, hence ASCII only).
    if (word.length === 2 && word.charCodeAt(0) === word.charCodeAt(1)) return 'NAME_REPEATED_PATTERN';
    if (isKeyboardWalk(word)) return 'NAME_KEYBOARD_WALK';
    if (lacksVowels(word)) return 'NAME_NO_VOWELS';
  }
  if (word.length >= MIN_LETTERS_FOR_MODEL) {
    const score = nameLikeness(word);
    // NaN: a script the model was not trained on, which is neutral.
    // Chinese given names in pinyin (Xiuying) are well-formed whatever a
    // European-trained character model thinks of them.
    if (score < nameLikenessThreshold() && !(ASCII_WORD.test(word) && isPinyinName(word))) return 'NAME_UNLIKELY_LETTERS';
  }
  return undefined;
}

/** An unknown surname whose words of 4+ letters all look like names to the character model. */
function plausibleSurname(tokens: readonly string[]): boolean {
  let judged = false;
  for (const tok of tokens) {
    if (PARTICLES.has(tok)) continue;
    const word = lettersOf(tok);
    if (word.length < MIN_LETTERS_FOR_MODEL) continue;
    const s = nameLikeness(word);
    if (!(s >= nameLikenessThreshold())) return false;
    judged = true;
  }
  return judged;
}

/**
 * Builds a name check with its options resolved once (score model, bands,
 * weight overrides). Use it when checking many names with one configuration.
 *
 * @param options - scoring options (bands, `NAME_*` weight overrides)
 * @returns a function `(firstName, lastName) => NameResult`
 * @throws InputError `SCORING_CONFIG` for a bad `scoring` (not an object,
 * bad bands, a weight code of no product's model, a weight outside 0..1),
 * `INPUT_OPTION` when `options` is not an object or has a key other than
 * `scoring`; `field` is the option's path (`scoring.weights.NAME_FAMUOS`)
 * @example
 * const check = createNameCheck({ scoring: { bands: 'scorecard' } });
 * check('Siobhan', "O'Shaughnessy").is_valid; // true
 */
export function createNameCheck(options?: NameCheckOptions): NameCheck {
  const { scoring } = checkOptions<NameCheckOptions>(options, '', { scoring: scoringOption });
  const score = createScorer(NAME_SCORE_MODEL, scoring);
  return (firstName: string, lastName: string): NameResult => {
    assertString(firstName, 'first_name');
    assertString(lastName, 'last_name');
    const first = analysePart(firstName);
    const last = analysePart(lastName);
    const { evidence, gender } = judge(first, last);
    const risk_type = evidence.riskType();
    const outcome = score(evidence.signals);
    return {
      value: `${firstName},${lastName}`,
      gender,
      is_valid: risk_type === null,
      risk_type,
      score: outcome.score,
      score_cluster: outcome.score_cluster,
      reasons: outcome.reasons,
      normalized: { first: first.normalized, last: last.normalized },
    };
  };
}

const checkerFor = sharedChecker(createNameCheck);

/**
 * Checks a first and last name offline: validity, gender from the first
 * name, the kind of risk when the name is not credible (placeholder, title,
 * fictional, famous, humorous, similar parts, random typing, invalid) and a
 * 0..1000 score with its reasons.
 *
 * @param firstName - given name(s) as typed; any string gets a result
 * @param lastName - family name(s) as typed
 * @param options - scoring options; omit to use the shared default checker
 * @returns the spec's `name` object plus `reasons` and `normalized`
 * @throws InputError (`INPUT_TYPE`) when a part is not a string; for a bad
 * option, as {@link createNameCheck} (`INPUT_OPTION` / `SCORING_CONFIG`)
 * @example
 * checkName('Zbigniew', 'Brzeziński');
 * // { value: 'Zbigniew,Brzeziński', gender: 'M', is_valid: true, risk_type: null, score: 865, … }
 * checkName('Test', 'User').risk_type; // 'PLACEHOLDER'
 * checkName('asdf', 'qwerty').risk_type; // 'RANDOM_TYPING'
 */
export function checkName(firstName: string, lastName: string, options?: NameCheckOptions): NameResult {
  return checkerFor(options)(firstName, lastName);
}

