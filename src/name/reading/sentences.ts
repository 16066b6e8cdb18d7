/**
 * Joke names read aloud as a short English sentence (part of
 * NAME_HUMOROUS_READING): "Olive Yew" is said "I love you", "Hugo First"
 * "you go first", "Ima Hogg" "I'm a hog", "Anita Drink" "I need a drink".
 * Such a pun is a two-part name whose given name, read whole, opens the
 * sentence (Olive = I + love, Hugo = you + go, Ima = I'm + a, Anita = I +
 * need + a) and whose surname is its last word.
 *
 * The shapes read (the grammar of a short English statement; the words of
 * the `name/sentence-words` dataset):
 * - SUBJECT VERB OBJECT: "I love you" (a verb WordNet lists with the frame
 *   "Somebody ----s somebody", an object pronoun);
 * - SUBJECT VERB ADVERB: "you go first";
 * - SUBJECT VERB a NOUN: "I need a bath" (a verb with the frame "Somebody
 *   ----s something");
 * - SUBJECT'M/'RE a NOUN, or an ADVERB: "I'm a hog";
 * - SUBJECT'LL/'D VERB, then as after a verb: "I'll go first";
 * - AUXILIARY SUBJECT VERB (OBJECT), a question: "Willie Makit" → "will I
 *   make it", the surname the verb and its object.
 * The subjects take the verb's base form (I, you, we, they). Verbs and
 * adverbs are the common ones (SemCor counts, scripts/name/sentences.ts).
 *
 * Guards, each for a family of real names that would read so:
 * - the surname is no known name (the name tables): the punch of such a
 *   pun is a word spelt as a surname (Yew, First, Hogg), while a real
 *   surname heard as a word (Olive Yu, Iona Carr) is a surname;
 * - an adverb is spelt close to the surname, a noun exactly as it and of
 *   one syllable (see `sentenceReading`); an object pronoun, a closed class,
 *   in any spelling;
 * - "a" ends only a given name spelt -a or -ah (see `openingOf`).
 *
 * How it is compared: Double Metaphone keeps consonants only, which cannot
 * tell "I love you" from "Olive" alone, and the spelling distance of the
 * other readings cannot see "Olive Yew" in "I love you". The said key
 * ({@link saidKey}) keeps where the vowel sounds are (not which) and merges
 * a word's sounds with the next's as speech does (I + own: one vowel), so a
 * name and a sentence said alike have the same key.
 *
 * Cost: a check whose surname is a known name (nearly every real one) stops
 * at that lookup; the openings of a given name are searched once and kept
 * (a bounded cache), the nouns keyed only when first asked.
 */
import { stringKey } from '../../common/boundedCache.js';
import { levenshteinDistance } from '../../common/levenshtein.js';
import { keyDistance } from '../sound.js';
import type { ReaderState } from './state.js';
import { syllables, type KeyNode, type Opening, type SentenceIndex } from './saidKeys.js';
export type { SentenceWordsData } from '../data/formats.js';


/** Most words a given name opens a sentence with (I + need + a). */
const MAX_OPENING_WORDS = 3;

/** Where the reading of an opening has got to: what may come next. */
const enum Slot {
  /** The start: a subject, a subject + 'm/'re, a subject + 'll/'d, or an auxiliary. */
  Start,
  /** After a subject or subject + 'll/'d: a verb. */
  Verb,
  /** After a verb: "a" when the verb takes something; the name ends here when an object or adverb may follow. */
  Tail,
  /** After a subject + 'm/'re: "a"; the name ends here when an adverb may follow. */
  Complement,
  /** After "a": the name ends here, a noun follows. */
  Noun,
  /** After an auxiliary: a subject. */
  Asked,
  /** After an auxiliary + subject: the name ends here, a verb follows. */
  Predicate,
}

/**
 * The opening search keeps, in the reader's state, the words read so far by
 * depth (`stack`), the given name being searched by its sound key
 * (`searchedKey`) and how far from it each kind of opening found so far is
 * spelt (`spelt`; NaN: not yet measured, as long as it is the only one):
 * when a name opens several ways (Olive: I love, I leave, I live), the one
 * spelt most like it is the one said ("I live" and "I love" before "I leave").
 */
const KINDS = ['object', 'adverb', 'noun', 'predicate'] as const;

/** Keeps `said` as the opening of kind `k` when it is the first found or spelt closer to the name than the one kept. */
function keep(rd: ReaderState, out: Opening, k: number, said: string): void {
  const { spelt } = rd;
  const kind = KINDS[k]!;
  const kept = out[kind];
  if (kept === undefined) {
    out[kind] = said;
    return;
  }
  if (Number.isNaN(spelt[k])) spelt[k] = levenshteinDistance(rd.searchedKey, rd.sound.key(kept));
  const distance = levenshteinDistance(rd.searchedKey, rd.sound.key(said));
  if (distance < spelt[k]!) {
    out[kind] = said;
    spelt[k] = distance;
  }
}

/** Records the words in `stack` (`depth` of them) as an opening of the kinds `slot` allows. */
function record(rd: ReaderState, ix: SentenceIndex, slot: Slot, depth: number, verb: string, out: Opening): void {
  const said = rd.stack.slice(0, depth).join(' ');
  if (slot === Slot.Tail && ix.personal.has(verb)) keep(rd, out, 0, said);
  if (slot === Slot.Tail || slot === Slot.Complement) keep(rd, out, 1, said);
  if (slot === Slot.Noun) keep(rd, out, 2, said);
  if (slot === Slot.Predicate) keep(rd, out, 3, said);
}

/**
 * Fills `out` with the openings of `key` read from `at` in `slot`, the
 * words so far in `stack`. A word of the class the slot takes is read from
 * `at`, or from `at - 1` when it starts with the sound the last word ended
 * on (said once: I + own = AN); read from `at - 1` it must say something
 * new, more than that one sound.
 */
function openings(rd: ReaderState, ix: SentenceIndex, key: string, at: number, slot: Slot, depth: number, verb: string, out: Opening): void {
  if (at === key.length) {
    record(rd, ix, slot, depth, verb, out);
    return;
  }
  if (depth >= MAX_OPENING_WORDS) return;
  switch (slot) {
    case Slot.Start:
      step(rd, ix, ix.copula, key, at, Slot.Complement, depth, verb, out);
      step(rd, ix, ix.subject, key, at, Slot.Verb, depth, verb, out);
      step(rd, ix, ix.modal, key, at, Slot.Verb, depth, verb, out);
      step(rd, ix, ix.auxiliary, key, at, Slot.Asked, depth, verb, out);
      return;
    case Slot.Asked:
      step(rd, ix, ix.asked, key, at, Slot.Predicate, depth, verb, out);
      return;
    case Slot.Predicate:
      return;
    case Slot.Verb:
      step(rd, ix, ix.verb, key, at, Slot.Tail, depth, verb, out);
      return;
    case Slot.Tail:
      if (ix.transitive.has(verb)) step(rd, ix, ix.article, key, at, Slot.Noun, depth, verb, out);
      return;
    case Slot.Complement:
      step(rd, ix, ix.article, key, at, Slot.Noun, depth, verb, out);
      return;
    case Slot.Noun:
      return;
  }
}

/** Reads each word of class `root` from `at` (or `at - 1`, see `openings`) and goes on in slot `next`. */
function step(rd: ReaderState, ix: SentenceIndex, root: KeyNode, key: string, at: number, next: Slot, depth: number, verb: string, out: Opening): void {
  for (let start = at; start >= 0 && start >= at - 1; start--) {
    let node: KeyNode | undefined = root;
    for (let i = start; i < key.length; i++) {
      node = node.next[key.charCodeAt(i)];
      if (node === undefined) break;
      if (node.words === undefined || i + 1 <= at) continue;
      for (const w of node.words) {
        rd.stack[depth] = w;
        openings(rd, ix, key, i + 1, next, depth + 1, next === Slot.Tail ? w : verb, out);
      }
    }
  }
}

/** No opening: most given names. */
const NONE: Opening = Object.freeze({});
/** The openings of a given name (cached in the reader's state: given names repeat, and the key search is the costly part). */
function openingOf(rd: ReaderState, token: string): Opening {
  const cache = rd.openings;
  const k = stringKey(token);
  let out = cache.get(k);
  if (out === undefined) {
    const key = rd.said.key(token);
    const found: Opening = {};
    if (key !== '') {
      rd.searchedKey = rd.sound.key(token);
      rd.spelt.fill(NaN);
      openings(rd, rd.sentences, key, 0, Slot.Start, 0, '', found);
    }
    // "a" is said as a schwa, which ends a given name spelt -a or -ah (Anita, Iona, Ima); the said key
    // keeps no vowel quality, so without this Annie, Amie and Otto would end in "a" too.
    if (found.noun !== undefined && !token.endsWith('a') && !token.endsWith('ah')) delete found.noun;
    out = found.object === undefined && found.adverb === undefined && found.noun === undefined && found.predicate === undefined ? NONE : found;
    cache.set(k, out);
  }
  return out;
}

/**
 * Largest share of letters by which the sound keys (src/name/sound.ts) of a
 * surname and of the adverb it is read as may differ (Furst / first: 1 of
 * 5). A noun must have the surname's sound key (Hogg / hog, Bath / bath):
 * WordNet's 23,000 nouns hold a near spelling of many unknown surnames
 * (Kerk / cork, Lupin / lapin). Both set on real names, not on jokes
 * (scripts/name/reading-pairs.ts, the `rare` set: common given names with
 * unknown names in the surname slot): a noun within 0.25 read 0.17% of
 * them as a sentence, a noun spelt as itself 0.06%, and of one syllable
 * 0.02% (see `sentenceReading`).
 */
export const TAIL_SPELLING_DISTANCE = 0.25;

/**
 * Most syllables of a noun a name is read as ending on: the short everyday
 * word of such a pun (Hogg, Bath, Drink; see `sentenceReading`). The
 * builder ships only such nouns.
 */
export const NOUN_SYLLABLES = 1;

/**
 * How far a surname (its sound key, src/name/sound.ts) is spelt from the
 * word it is read as, in letters of their sound keys; `Infinity` past
 * `share` of the longer key.
 */
function spelledClose(rd: ReaderState, surnameKey: string, word: string, share: number): number {
  return keyDistance(surnameKey, rd.sound.key(word), share);
}

/**
 * The surname read as the rest of a question (after "will he"): a verb,
 * alone or with an object pronoun (a person after a verb that takes one,
 * "it" after one that takes something), spelt within
 * TAIL_SPELLING_DISTANCE of the surname (Makit: "make it"). Of those that
 * fit, the one spelt most like the surname.
 */
function predicateOf(rd: ReaderState, ix: SentenceIndex, key: string, surnameKey: string): string | undefined {
  let best = Infinity;
  let out: string | undefined;
  const consider = (words: string): void => {
    const distance = spelledClose(rd, surnameKey, words, TAIL_SPELLING_DISTANCE);
    if (distance < best) {
      best = distance;
      out = words;
    }
  };
  let node: KeyNode | undefined = ix.verb;
  for (let end = 1; end <= key.length; end++) {
    node = node.next[key.charCodeAt(end - 1)];
    if (node === undefined) break;
    if (node.words === undefined) continue;
    // The rest, from the verb's end, or from its last sound when the next word starts with it (said once).
    const rests = end === key.length ? [] : [key.slice(end), key.slice(end - 1)];
    for (const verb of node.words) {
      if (end === key.length) consider(verb);
      for (const rest of rests) {
        for (const o of ix.object.get(rest) ?? []) if (o === 'it' ? ix.transitive.has(verb) : ix.personal.has(verb)) consider(`${verb} ${o}`);
      }
    }
  }
  return out;
}

/**
 * The sentence a two-part name reads as (`reads as "i love you" (ALAV YA)`),
 * or `undefined`: the given name read wholly as the sentence's first words
 * (a subject and a verb, with "a" when a noun follows), the surname as its
 * last word, and the surname no known name.
 *
 * @param tokens - the folded tokens of first and last name, in order
 * @param isKnownName - whether a folded token is a real first or last name
 * @example
 * const rd = openNameTables(openData(undefined)).reader.state;
 * sentenceReading(rd, ['olive', 'yew'], () => false) // 'reads as "i love you" (ALAV YA)'
 * sentenceReading(rd, ['olive', 'yu'], (t) => t === 'yu') // undefined
 */
export function sentenceReading(rd: ReaderState, tokens: readonly string[], isKnownName: (token: string) => boolean): string | undefined {
  if (tokens.length !== 2) return undefined;
  const [first, last] = tokens as [string, string];
  // The cheap test first: nearly every real surname is a known name.
  if (isKnownName(last)) return undefined;
  const open = openingOf(rd, first);
  if (open === NONE) return undefined;
  const key = rd.said.key(last);
  if (key === '') return undefined;
  const ix = rd.sentences;
  // An object pronoun (a closed class of seven) is heard in any spelling (Yew, Hurr); an adverb only in one
  // close to its own; a noun only spelt as itself and of one syllable, the short everyday word such a pun
  // ends on (Hogg, Bath, Drink): else many unknown surnames read as one of WordNet's 23,000 nouns, and a
  // longer one (Genesis, Camellia, Marquess) is a name that happens to be a word. Of the words that fit,
  // the one spelt most like the surname is the one said (Home: "home", not "him").
  const lastKey = rd.sound.key(last);
  let said: string | undefined;
  let word: string | undefined;
  let best = Infinity;
  const consider = (opening: string | undefined, words: readonly string[] | undefined, share: number): void => {
    if (opening === undefined || words === undefined) return;
    for (const w of words) {
      const distance = spelledClose(rd, lastKey, w, share);
      if (distance < best) {
        best = distance;
        said = opening;
        word = w;
      }
    }
  };
  consider(open.object, ix.object.get(key), Infinity);
  consider(open.adverb, ix.adverb.get(key), TAIL_SPELLING_DISTANCE);
  if (syllables(key) <= NOUN_SYLLABLES) consider(open.noun, open.noun === undefined ? undefined : rd.nouns.get(key), 0);
  if (open.predicate !== undefined && word === undefined) {
    const predicate = predicateOf(rd, ix, key, lastKey);
    if (predicate !== undefined) {
      said = open.predicate;
      word = predicate;
    }
  }
  return word === undefined ? undefined : `reads as "${said!} ${word}" (${rd.said.key(first)} ${key})`;
}
