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
import { cacheKey } from '../../common/boundedCache.js';
import { levenshteinDistance } from '../../common/levenshtein.js';
import { keyDistance } from '../sound.js';
import type { ReaderState } from './state.js';
import type { SentenceWordsData } from '../data/formats.js';
export type { SentenceWordsData } from '../data/formats.js';


/** The key letter of a vowel sound (a run of vowel letters, a final y or a w after a vowel): once per run. */
const VOWEL_LETTER = 'A';
// Key letters as char codes: the vowel sound, th (0), and the consonants the rules write.
const VOWEL = 65;
const TH = 48;
const [H, K, L, P, S, T, W, X, Y] = [72, 75, 76, 80, 83, 84, 87, 88, 89] as const;
const F = 70;

const isVowelLetter = (c: string | undefined): boolean => c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u';
const isLetter = (c: string | undefined): boolean => c !== undefined && c >= 'a' && c <= 'z';

/**
 * The writer of said keys: the key being built, as char codes (one string
 * is made at the end, not one per letter), is its own. The joke reader
 * keeps one (ReaderState).
 */
export class SaidKeys {
  private buffer = new Uint8Array(64);
  private length = 0;

  /** Appends the key letter `code` (a char code) unless it repeats the last one (a double letter, or one vowel sound across letters). */
  private push(code: number): void {
    if (this.length === 0 || this.buffer[this.length - 1] !== code) this.buffer[this.length++] = code;
  }

  /**
   * The said key of a folded word (letters a-z; `''` otherwise): its
   * consonant sounds in order, with `A` for each vowel sound. Spelling is
   * read as English speech: c, ck, q → K (c before e, i, y → S); ch, sh → X;
   * th → 0; ph → F; d → T (flapped: "Anita" is said "a need a"); z → S;
   * x → KS; gh silent after a vowel; kn-, gn-, wr- lose their first letter;
   * h is heard only before a vowel and not after a consonant; y and w are
   * consonants before a vowel, else part of the vowel sound; a final e after
   * a consonant is silent when the word has a vowel before it (love, olive),
   * and a final consonant + "le" is said "-el" (tinkle). An initial "hu"
   * before one consonant and a vowel, or "hugh", is said "you" (the /hj/ of
   * Hugh, Hugo, huge, human, said /j/ with the h dropped, as in the "Hugh
   * Jass" family of puns). Doubled sounds are written once.
   *
   * @example
   * saidKey('olive') // 'ALAV'
   * saidKey('hugo') // 'YAKA'
   */
  key(word: string): string {
    const n = word.length;
    for (let i = 0; i < n; i++) if (!isLetter(word[i])) return '';
    if (n === 0) return '';
    // Each letter gives at most two key letters (x → KS).
    if (this.buffer.length < 2 * n + 2) this.buffer = new Uint8Array(2 * n + 2);
    this.length = 0;
    let i = 0;
    if (word.startsWith('kn') || word.startsWith('gn') || word.startsWith('wr')) i = 1;
    else if (word === 'hugh' || (word.startsWith('hu') && n >= 4 && !isVowelLetter(word[2]) && word[2] !== 'r' && word[2] !== 'y' && word[2] !== 'w' && isVowelLetter(word[3]))) {
      this.push(Y);
      i = 1;
    }
    // A silent final e, or a syllabic final -le (said -el).
    let end = n;
    let syllabic = false;
    if (n >= 3 && word[n - 1] === 'e' && !isVowelLetter(word[n - 2]) && word[n - 2] !== 'y' && word[n - 2] !== 'w') {
      let vowelBefore = false;
      for (let k = 0; k < n - 2; k++) if (isVowelLetter(word[k]) || (k > 0 && word[k] === 'y')) vowelBefore = true;
      if (word[n - 2] === 'l' && n >= 4 && !isVowelLetter(word[n - 3]) && word[n - 3] !== 'l') {
        end = n - 2;
        syllabic = true;
      } else if (vowelBefore) end = n - 1;
    }
    for (; i < end; i++) {
      const c = word[i]!;
      const next = i + 1 < end ? word[i + 1] : undefined;
      // Letters said by what follows them read the spelling, silent e included (ace: s, not k).
      const after = word[i + 1];
      switch (c) {
        case 'a':
        case 'e':
        case 'i':
        case 'o':
        case 'u':
          this.push(VOWEL);
          break;
        case 'y':
        case 'w':
          if (c === 'w' && next === 'h') {
            this.push(W);
            i++;
          } else {
            // A consonant before a vowel (you, yew, win); w also before a y said as a vowel (Wynn) and at a word's start.
            const consonant = isVowelLetter(next) || (c === 'w' && (next === 'y' || i === 0));
            this.push(consonant ? (c === 'w' ? W : Y) : VOWEL);
          }
          break;
        case 'h': {
          const before = i > 0 ? word[i - 1] : undefined;
          if ((before === undefined || isVowelLetter(before)) && isVowelLetter(next)) this.push(H);
          break;
        }
        case 'c':
          if (next === 'h') {
            this.push(word[i + 2] === 'r' ? K : X);
            i++;
          } else if (next === 'k') {
            this.push(K);
            i++;
          } else this.push(after === 'e' || after === 'i' || after === 'y' ? S : K);
          break;
        case 's':
          if (next === 'h') {
            this.push(X);
            i++;
          } else this.push(S);
          break;
        case 't':
          if (next === 'h') {
            this.push(TH);
            i++;
          } else this.push(T);
          break;
        case 'p':
          if (next === 'h') {
            this.push(F);
            i++;
          } else this.push(P);
          break;
        case 'g':
          if (next === 'h') {
            // gh: a hard g at the start (ghost), silent after a vowel (night, Hugh).
            if (i === 0) this.push(K);
            i++;
          } else this.push(K);
          break;
        case 'q':
          this.push(K);
          break;
        case 'd':
          this.push(T);
          break;
        case 'z':
          this.push(S);
          break;
        case 'x':
          this.push(K);
          this.push(S);
          break;
        default:
          this.push(c.charCodeAt(0) - 32);
      }
    }
    if (syllabic) {
      this.push(VOWEL);
      this.push(L);
    }
    let key = '';
    for (let k = 0; k < this.length; k++) key += String.fromCharCode(this.buffer[k]!);
    return key;
  }
}

/**
 * {@link SaidKeys.key} with a writer of its own (builders and tests).
 *
 * @example
 * saidKey('olive') // 'ALAV'
 */
export function saidKey(word: string): string {
  return new SaidKeys().key(word);
}

/** Keys of words said one after another: a sound ending one word and starting the next is said once ("I own" = A + AN → AN). */
export function joinKeys(keys: readonly string[]): string {
  let out = '';
  for (const k of keys) out += out !== '' && k !== '' && out[out.length - 1] === k[0] ? k.slice(1) : k;
  return out;
}

/** A node of a key trie: children by char code (key letters are below 91); `words`: the words whose key ends here. */
interface KeyNode {
  readonly next: (KeyNode | undefined)[];
  words: string[] | undefined;
}

const newNode = (): KeyNode => ({ next: [], words: undefined });

function trieOf(said: SaidKeys, words: readonly string[]): KeyNode {
  const root = newNode();
  for (const w of words) {
    // Contractions are said without their apostrophe (i'm: "im").
    const key = said.key(w.replaceAll("'", ''));
    if (key === '') continue;
    let node = root;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      node = node.next[c] ??= newNode();
    }
    (node.words ??= []).push(w);
  }
  return root;
}

/** Words by said key, in the data's order (the common ones first). */
function mapOf(said: SaidKeys, words: readonly string[]): ReadonlyMap<string, readonly string[]> {
  const out = new Map<string, string[]>();
  for (const w of words) {
    const key = said.key(w);
    if (key === '') continue;
    const list = out.get(key);
    if (list === undefined) out.set(key, [w]);
    else list.push(w);
  }
  return out;
}

/** The word classes: the sentence openings as key tries, the final words by key. */
export interface SentenceIndex {
  readonly subject: KeyNode;
  readonly copula: KeyNode;
  readonly modal: KeyNode;
  readonly article: KeyNode;
  readonly auxiliary: KeyNode;
  /** Every subject, asked after an auxiliary (will he, can you). */
  readonly asked: KeyNode;
  readonly verb: KeyNode;
  readonly transitive: ReadonlySet<string>;
  readonly personal: ReadonlySet<string>;
  readonly object: ReadonlyMap<string, readonly string[]>;
  readonly adverb: ReadonlyMap<string, readonly string[]>;
}

/** Builds the word classes of `d` (the bundle's `name/sentence-words` dataset), once per reader. */
export function buildSentenceIndex(d: SentenceWordsData, said: SaidKeys): SentenceIndex {
  return {
    subject: trieOf(said, d.subject),
    copula: trieOf(said, d.copula),
    modal: trieOf(said, d.modal),
    article: trieOf(said, d.article),
    auxiliary: trieOf(said, d.auxiliary),
    asked: trieOf(said, [...d.subject, ...d.third]),
    verb: trieOf(said, d.verbs),
    transitive: new Set(d.transitive),
    personal: new Set(d.personal),
    object: mapOf(said, d.object),
    adverb: mapOf(said, d.adverbs),
  };
}

/** The nouns by said key (some 3,500: one syllable), made only when a name first reads as "… a" + a noun. */
export function buildNounIndex(d: SentenceWordsData, said: SaidKeys): ReadonlyMap<string, readonly string[]> {
  return mapOf(said, d.nouns);
}

/**
 * How a given name can open a sentence, read wholly as its first words:
 * the words read, per kind of rest that may follow (an object pronoun
 * after a verb taking a person, an adverb after a verb or I'm, a noun
 * after "a", a verb after an auxiliary + subject).
 */
export interface Opening {
  object?: string;
  adverb?: string;
  noun?: string;
  /** An auxiliary + subject (will I, can you): a verb follows, with an object or not. */
  predicate?: string;
}

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
  const k = cacheKey(token);
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

/** Syllables of a said key: its vowel sounds. */
export function syllables(key: string): number {
  let n = 0;
  for (let i = 0; i < key.length; i++) if (key[i] === VOWEL_LETTER) n++;
  return n;
}

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
