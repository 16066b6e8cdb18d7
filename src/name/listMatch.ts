/**
 * Evidence from the curated lists (placeholder, fictional, famous,
 * humorous, vulgar; data/raw/name/) and from how the name reads aloud
 * (the joke reader, src/name/reading/).
 */
import { isCommonRealNameLabel, matchNameList, mayBeVulgar, type ListHits, type NameListKind } from './data/lists.js';
import type { PartAnalysis } from './analyse.js';
import type { Evidence } from './evidence.js';
import type { CheckFacts } from './facts.js';
import { lettersOf } from './tokens.js';
import { isKeyboardWalk } from '../common/keyboard.js';
import type { NameReasonCode, NameRiskType } from './types.js';

const NO_KEYS: readonly string[] = Object.freeze([]);

/**
 * Keys under which a full name is looked up in the curated lists besides
 * "first last" (which the caller looks up as a pair, listHitsOfPair): "first-given last"
 * spelt with single spaces, and with the first given name alone when there
 * are middle names. None in the usual case (one given token, one surname token).
 */
function otherFullKeys(givenTokens: readonly string[], first: PartAnalysis, last: PartAnalysis): readonly string[] {
  // One given token and one surname token that are the whole parts (the usual case): "first last" is the only key.
  if (givenTokens.length === 1 && last.tokens.length === 1 && last.tokens[0] === last.folded && first.folded.length === givenTokens[0]!.length) {
    return NO_KEYS;
  }
  const keys: string[] = [];
  const surname = last.tokens.join(' ');
  const joined = `${givenTokens.join(' ')} ${surname}`;
  if (joined !== `${first.folded} ${last.folded}`) keys.push(joined);
  if (givenTokens.length > 1) keys.push(`${givenTokens[0]} ${surname}`);
  return keys;
}

/**
 * The `k`th full-name key: "first last", then `others`. The first is built
 * only here, when a placeholder names it (rare). A function of the module,
 * not a closure made per check (under tsx, which keeps function names, each
 * named closure costs a defineProperty).
 */
function fullKeyAt(k: number, first: PartAnalysis, last: PartAnalysis, others: readonly string[]): string {
  return k === 0 ? `${first.folded} ${last.folded}` : others[k - 1]!;
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
 * The label of a full name that sounds like `entry`, a listed full name of `kind` (Oliver Klozoff
 * ~ oliver klozov, Jhon Doe ~ john doe). Only entries of two or more words
 * are indexed, so a single word never matches by sound; the keys are
 * computed by the data builder (lists.json `bySound`).
 */
function soundAlike(facts: CheckFacts, kind: 'humorous' | 'placeholder', entry: string | undefined): string | undefined {
  return entry === undefined ? undefined : `${matchNameList(facts.tables.lists, kind, entry) ?? kind} (sounds like ${entry})`;
}

/**
 * The vulgar label of the name's tokens run together (Dick Head →
 * dickhead), or undefined. The key is built and looked up only when some
 * vulgar entry has its first letter, last letter and length (mayBeVulgar).
 */
function runTogetherVulgar(firstTokens: readonly string[], lastTokens: readonly string[], facts: CheckFacts): string | undefined {
  let length = 0;
  for (const t of firstTokens) length += t.length;
  for (const t of lastTokens) length += t.length;
  const head = firstTokens.length > 0 ? firstTokens[0]! : lastTokens[0]!;
  const tail = lastTokens.length > 0 ? lastTokens[lastTokens.length - 1]! : firstTokens[firstTokens.length - 1]!;
  if (!mayBeVulgar(facts.tables.lists, head.charCodeAt(0), tail.charCodeAt(tail.length - 1), length)) return undefined;
  return facts.listHits(firstTokens.join('') + lastTokens.join(''))?.vulgar;
}

/** What the pipeline knows when it asks the lists. */
export interface ListQuery {
  readonly first: PartAnalysis;
  readonly last: PartAnalysis;
  /** Given-name tokens after leading titles. */
  readonly given: readonly string[];
  /** The list hits of the full name, `${first.folded} ${last.folded}` (listHitsOfPair). */
  readonly whole: ListHits | undefined;
  readonly firstKnown: boolean;
  readonly lastKnown: boolean;
  /** The check's answers so far (known names, list hits by key). */
  readonly facts: CheckFacts;
}

/**
 * Raises the list signals: placeholders (one-word parts only when the word
 * is no known name), fictional and famous names, joke names (listed, sounding
 * like a listed one, or reading as a joke), vulgar words.
 */
export function matchLists(q: ListQuery, ev: Evidence): void {
  const { first, last } = q;
  const others = otherFullKeys(q.given, first, last);
  // One index lookup per candidate key tells every list it is in. Keys:
  // the full name (and its variants), each part alone, the name run
  // together (Dick Head → dickhead), and each token (vulgar words).
  const { facts } = q;
  const fullHits: (ListHits | undefined)[] = [q.whole];
  for (const k of others) fullHits.push(facts.listHits(k));
  const firstHits = facts.listHits(first.folded);
  const lastHits = facts.listHits(last.folded);
  // The listed placeholder and joke names the full name sounds like: its
  // sound key is followed down the trie of listed keys as it is written, so
  // most names are given up after a letter or two and no key string is made.
  const bySound = facts.soundKeyNodeOfPair(first.folded, last.folded);
  const placeholderBySound = bySound?.placeholder;
  const humorousBySound = bySound?.humorous;

  // Placeholders. One-word parts only when the word is no known name.
  let placeholderKey: string | undefined;
  let placeholderLabel: string | undefined;
  for (let k = 0; k < fullHits.length && placeholderLabel === undefined; k++) {
    placeholderLabel = fullHits[k]?.placeholder;
    if (placeholderLabel !== undefined) placeholderKey = fullKeyAt(k, first, last, others);
  }
  // A form example that is also a very common real name in its country (Ivan Ivanov, Jan Kowalski):
  // its label carries the mark, and it is the milder NAME_PLACEHOLDER_COMMON.
  let commonRealName = placeholderLabel !== undefined && isCommonRealNameLabel(placeholderLabel);
  if (placeholderLabel === undefined) {
    // Misspelt form examples (Jon Doe, Jhon Doe, Jane Do) sound like the listed ones.
    placeholderLabel = soundAlike(facts, 'placeholder', placeholderBySound);
    if (placeholderLabel !== undefined) {
      placeholderKey = fullKeyAt(0, first, last, others);
      commonRealName = isCommonRealNameLabel(matchNameList(facts.tables.lists, 'placeholder', placeholderBySound!) ?? '');
    }
  }
  if (placeholderLabel === undefined && firstHits?.placeholder !== undefined && !q.firstKnown && !facts.known(first.folded)) {
    placeholderLabel = firstHits.placeholder;
    placeholderKey = first.folded;
  }
  if (placeholderLabel === undefined && lastHits?.placeholder !== undefined && !q.lastKnown && !facts.known(last.folded)) {
    placeholderLabel = lastHits.placeholder;
    placeholderKey = last.folded;
  }
  if (placeholderLabel !== undefined && placeholderKey !== undefined) {
    // A listed keyboard string that is a keyboard walk (qwerty, asdf) is
    // reported as what it is, random typing; xxx, test, n/a stay placeholders.
    if (placeholderKey.split(' ').every((w) => isKeyboardWalk(w))) {
      ev.add('NAME_KEYBOARD_WALK', `${placeholderKey} (${placeholderLabel})`, 'RANDOM_TYPING');
    } else ev.add(commonRealName ? 'NAME_PLACEHOLDER_COMMON' : 'NAME_PLACEHOLDER', placeholderLabel, 'PLACEHOLDER');
  }

  // Fictional: one-word names (Pikachu, Batman) only when the word is no
  // real name (Storm, Rogue, Angel are).
  let label = firstOf(fullHits, 'fictional');
  if (label === undefined && firstHits?.fictional !== undefined && !facts.known(first.folded)) label = firstHits.fictional;
  if (label === undefined && lastHits?.fictional !== undefined && !facts.known(last.folded)) label = lastHits.fictional;
  if (label !== undefined) addListMatch(ev, 'NAME_FICTIONAL', 'NAME_FICTIONAL_COMMON', label, 'FICTIONAL');

  // Famous: a one-word entry only as the first name (stage names: Pitbull,
  // Zendaya); in the last-name slot it is a family name real people share
  // (a Khrushchev, an Einstein).
  label = firstOf(fullHits, 'famous');
  if (label === undefined && firstHits?.famous !== undefined && !facts.known(first.folded)) label = firstHits.famous;
  if (label !== undefined) addListMatch(ev, 'NAME_FAMOUS', 'NAME_FAMOUS_COMMON', label, 'FAMOUS');

  // Joke names: one-word entries (Ligma) under the same guard as fictional ones.
  label = firstOf(fullHits, 'humorous') ?? soundAlike(facts, 'humorous', humorousBySound);
  if (label === undefined && firstHits?.humorous !== undefined && !facts.known(first.folded)) label = firstHits.humorous;
  if (label === undefined && lastHits?.humorous !== undefined && !facts.known(last.folded)) label = lastHits.humorous;
  if (label !== undefined) addListMatch(ev, 'NAME_HUMOROUS', 'NAME_HUMOROUS_COMMON', label, 'HUMOROUS');

  const tokenCount = first.tokens.length + last.tokens.length;
  label = firstOf(fullHits, 'vulgar') ?? (tokenCount > 1 ? runTogetherVulgar(first.tokens, last.tokens, facts) : undefined);
  // A vulgar word alone, unless it is also a real name (Dick, Fanny, Willy).
  for (let k = 0; k < tokenCount && label === undefined; k++) {
    const inFirst = k < first.tokens.length;
    const tok = inFirst ? first.tokens[k]! : last.tokens[k - first.tokens.length]!;
    // A token of a part of letters a-z only (PartAnalysis.plain) holds no apostrophe.
    const plain = inFirst ? first.plain : last.plain;
    const found = facts.listHits(tok)?.vulgar ?? (!plain && tok.includes("'") ? facts.listHits(lettersOf(tok))?.vulgar : undefined);
    if (found !== undefined && !facts.known(tok)) label = found;
  }
  if (label !== undefined) ev.add('NAME_VULGAR', label, 'HUMOROUS');

  // Read aloud: only when no list said it already (the reading searches splits of the name
  // into words: the one rule worth skipping).
  if (!ev.has('HUMOROUS')) {
    // How a name is read is the reader's own; it keeps what it learns of a token in the check's facts.
    const reading = facts.tables.reader.read(q.given, last.tokens, facts.isKnown, first.plain && last.plain, facts.keep);
    if (reading !== undefined) ev.add('NAME_HUMOROUS_READING', reading, 'HUMOROUS');
  }
}
