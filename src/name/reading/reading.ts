/**
 * Joke names by how they read aloud (NAME_HUMOROUS_READING): "Mike Hunt"
 * is said "my cunt", "Seymour Butts" "see more butts", "Anita Bath" "a need
 * a bath", "Moe Lester" "molester". The first and last name are read as one
 * phrase with Double Metaphone (the double-metaphone package) and the
 * reading is split into the readings of English words
 * (data/raw/name/reading-words.txt and the English words of vulgar.txt).
 *
 * A name is a joke when
 * - the reading is wholly such words, at most `MAX_WORDS`, one of them a
 *   punchline word (vulgar, bodily, innuendo) whose code has at least
 *   `MIN_PUNCH_CODE` letters;
 * - the split adds at most one word to the name's (a pun moves a boundary
 *   or splits one name in two), and a punchline word is not a real name
 *   read as itself (Mike Hunt → my cunt: "cunt" straddles the two names;
 *   Adan Morin is not "a down moron": Morin is a surname);
 * - and the spelling agrees: the sound keys (src/name/sound.ts) of the name
 *   and of the phrase differ in at most `MAX_SPELLING_DISTANCE` of their
 *   letters. Double Metaphone keeps consonants only, so without this any
 *   long name splits into some short words.
 * Catchphrases ("I'll be back") are matched whole, by code and spelling.
 *
 * Everyday phrases: a pun name may say nothing vulgar, only read as an
 * everyday English word or expression ("Dinah Mite" → "dynamite", "Justin
 * Time" → "just in time", "Cole Slaw" → "coleslaw"). The name read whole is
 * looked up among the words and multi-word expressions of Princeton
 * WordNet 3.1 whose words are all in SCOWL's size-60 list (the `name/phrases`
 * dataset, scripts/name/snapshot-phrases.ts), and must be spelt almost
 * exactly as the phrase (`PHRASE_SPELLING_DISTANCE`): real names read as
 * some such word far more often than as a vulgar phrase, and a pun is
 * spelt to be read as its phrase. A name that is the phrase word for word
 * is read as itself when its surname is a known name ("Rose Garden", "Will
 * Power"), as a pun when no table knows the surname ("Cherry Tomato").
 *
 * Everyday phrases are also looked up as the name is said run together (a
 * consonant doubled across the join said once: "Kit Tenn" → "kitten"; an h
 * kept between vowels: "Bea Hive" → "beehive"), and taken said alike (the
 * same said key of src/name/reading/saidKeys.ts) when the surname is no
 * known name or a middle initial was said as its letter's name ("Stan D.
 * Ard" → "standard"): spelt within `SAID_SPELLING_DISTANCE`, or, with no
 * spelling limit but still a surname no table knows, when the surname is
 * the phrase's tail spelt exactly ("Otto Nomy" → "autonomy").
 *
 * Sentences: a two-part name whose given name opens a short sentence and
 * whose surname ends it ("Olive Yew" → "I love you", "Hugo First" → "you
 * go first") is read by src/name/reading/sentences.ts; last, a punchline word
 * spelt at the end of an unknown token after an English word ("Holden
 * Mycock" → "my cock", `spelledPunchOf`).
 *
 * Readings drop the vowels after the first letter, so a word read after
 * another starts at its first consonant: its inner code is its code less a
 * leading A (Double Metaphone's first vowel) or H.
 */
import { doubleMetaphone } from 'double-metaphone';
import { isPinyinName, isPinyinSyllable } from '../pinyin.js';
import { sentenceReading } from './sentences.js';
import { joinKeys } from './saidKeys.js';
import { TOKEN_PARTICLE, TOKEN_SUFFIX, type Vocabulary } from '../data/vocabulary.js';
import { lettersOf, tokenKind } from '../tokens.js';
import { keyDistance } from '../sound.js';
import type { ReaderState } from './state.js';
import { endOf, isAtoZ, MAX_WORDS, mayBeCatchphrase, MIN_PUNCH_CODE, MIN_SPELT_HEAD, MIN_SPELT_PUNCH, type CodeNode, type PhraseLine, type ReadingIndex, type SpelledWords } from './wordTables.js';
export type { PhrasesData } from '../data/formats.js';

/** Least code of a word after the first: one consonant (to, in, us) would let any reading split. */
export const MIN_INNER_CODE = 2;
/**
 * Largest share of letters by which the sound keys of the name and of the
 * phrase it reads as may differ: Mike Hunt / my cunt differ by 2 of 8,
 * Seymour Butts / see more butts by 2 of 12. Set on real names, not on
 * jokes: pairing every 3rd given name of 20,000+ US births with every 7th
 * surname of weight 3+ (193,284 pairs), 0.3 read 0.26% of them as jokes,
 * 0.25 reads 0.10%, 0.2 0.03% but loses a third of the jokes.
 */
export const MAX_SPELLING_DISTANCE = 0.25;
/** Most name tokens read (a reading of more is not a two-part joke name). */
const MAX_TOKENS = 4;
/** Least code of an everyday phrase (the builder keeps no shorter): two consonants read as a word too often. */
export const MIN_PHRASE_CODE = 3;
/**
 * Largest share of letters by which the sound keys of the name and of an
 * everyday phrase may differ. Set on real names, not on jokes: on the
 * 193,284 pairs of common given names and surnames of the measurement
 * (scripts/name/reading-pairs.ts), 0.25 (the vulgar readings' limit) reads
 * 0.33% of them as everyday words, 0.15 0.044%, 0.1 0.006%; on 198,240
 * pairs of common given names and rare US given names in the surname slot
 * (names no table knows), 0.2%, 0.028% and 0.006%.
 */
export const PHRASE_SPELLING_DISTANCE = 0.1;
/**
 * Largest share of letters by which the sound keys of a name and of an
 * everyday phrase said alike (the same said key: `saidKeyOfWords`) may
 * differ, when the surname is no known name or a middle initial was said
 * as its letter's name (the surname then may be known). Set on real
 * names: on the 198,240 pairs of common given names and rare US given
 * names in the surname slot (scripts/name/reading-pairs.ts), said alike
 * and within 0.15 read 10 more as phrases (0.083% → 0.088% when the rule
 * came; 176 pairs, 0.089%, with the readings added after it: Chad Tilli
 * "chattily", Mack Xilah "maxilla"), within 0.2 21 more, 0.25 78 more;
 * said alike alone, known surnames too, 1,807 more (the said key keeps
 * where the vowels are, not which).
 */
export const SAID_SPELLING_DISTANCE = 0.15;


/** The inner code of a word's code: less a leading A (a first vowel) or H. */
function inner(code: string): string {
  let i = 0;
  while (i < code.length && (code[i] === 'A' || code[i] === 'H')) i++;
  return code.slice(i);
}

/** Letters a-z of a folded word (apostrophes and spaces dropped). */
function letters(word: string): string {
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c >= 97 && c <= 122) out += word[i];
  }
  return out;
}

/**
 * The readings of a word, or of a phrase given as its words: `initial`
 * when it starts the phrase, `inner` when it follows another word. Both
 * Double Metaphone codes (primary and alternate) are kept.
 *
 * @example
 * wordReadings('butts').initial // ['PTS']
 * wordReadings(['see', 'more']).initial // ['SMR']
 */
export function wordReadings(words: string | readonly string[]): { initial: string[]; inner: string[] } {
  const list = typeof words === 'string' ? [words] : words;
  let initial = [''];
  list.forEach((w, i) => {
    const codes = [...new Set(doubleMetaphone(letters(w)))].map((c) => (i === 0 ? c : inner(c)));
    initial = initial.flatMap((p) => codes.map((c) => p + c));
  });
  return { initial: [...new Set(initial)], inner: [...new Set(initial.map(inner))] };
}

interface NameReading {
  readonly code: string;
  /** Positions in `code` where a name token ends. */
  readonly ends: readonly number[];
}

const VOWELS = 'aeiouy';

/**
 * True when some stretch of `code` is the code of a punchline word that is
 * not exactly a real name token read as itself: without one, no split can
 * be a joke (the hidden-punchline rule), so the split is not searched.
 */
function holdsHiddenPunch(r: NameReading, tokens: readonly string[], ix: ReadingIndex, isKnownName: (token: string) => boolean): boolean {
  const { code, ends } = r;
  for (let i = 0; i + MIN_PUNCH_CODE <= code.length; i++) {
    // Walk the trie from i: each node reached at length len is code[i, i+len); `end` marks a punchline code.
    let node: CodeNode | undefined = ix.punchTrie;
    for (let len = 1; len <= ix.longest && i + len <= code.length; len++) {
      node = node.next[code.charCodeAt(i + len - 1)];
      if (node === undefined) break;
      if (len < MIN_PUNCH_CODE || !node.end) continue;
      const t = ends.indexOf(i + len);
      const exact = t >= 0 && (t === 0 ? 0 : ends[t - 1]) === i;
      if (!exact || !isKnownName(tokens[t]!)) return true;
    }
  }
  return false;
}

/** Where the reading gets a token's codes: the reader's own memo (TokenCodes), or the codes kept with a check's facts (NameReader.read). */
export type CodesOf = (token: string) => string | readonly string[];

/** Every reading of the name's tokens (primary × alternate codes), with the token boundaries. */
function nameReadings(rd: ReaderState, tokens: readonly string[], codesOfToken?: CodesOf): NameReading[] {
  const codesOf = codesOfToken ?? ((t: string) => rd.codes.of(t));
  // Mostly one reading: a token has two codes only when Double Metaphone's alternate differs.
  // Built as the tokens' codes are fetched (once each), left for the general case at the first token with two.
  let single = '';
  const singleEnds: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const own = codesOf(tokens[i]!);
    if (typeof own !== 'string') break;
    single += i === 0 ? own : inner(own);
    singleEnds.push(single.length);
  }
  if (singleEnds.length === tokens.length) return [{ code: single, ends: singleEnds }];
  let codes: string[] = [''];
  let ends: number[][] = [[]];
  for (let i = 0; i < tokens.length; i++) {
    const own = codesOf(tokens[i]!);
    if (typeof own === 'string') {
      const c = i === 0 ? own : inner(own);
      for (let k = 0; k < codes.length; k++) {
        codes[k] += c;
        ends[k]!.push(codes[k]!.length);
      }
      continue;
    }
    const nextCodes: string[] = [];
    const nextEnds: number[][] = [];
    for (const raw of own) {
      const c = i === 0 ? raw : inner(raw);
      for (let k = 0; k < codes.length; k++) {
        const code = codes[k]! + c;
        nextCodes.push(code);
        nextEnds.push([...ends[k]!, code.length]);
      }
    }
    codes = nextCodes;
    ends = nextEnds;
  }
  return codes.map((code, k) => ({ code, ends: ends[k]! }));
}

/** Most splits examined per reading: readings are short, but a code may be several words. */
const MAX_SPLITS = 96;

/**
 * Fills `rd.ok`: `ok[i]` (1 or 0) when the code from position i on splits
 * wholly into words read after another (computed from the end), so the
 * depth-first search never enters a dead end. The buffer is the reader's,
 * reused across checks.
 */
function finishes(rd: ReaderState, code: string, ix: ReadingIndex): void {
  if (rd.ok.length < code.length + 1) rd.ok = new Uint8Array(code.length * 2);
  const ok = rd.ok;
  ok.fill(0, 0, code.length + 1);
  ok[code.length] = 1;
  for (let i = code.length - 1; i >= 1; i--) {
    let node: CodeNode | undefined = ix.inner;
    for (let len = 1; len <= ix.longest && i + len <= code.length; len++) {
      node = node.next[code.charCodeAt(i + len - 1)];
      if (node === undefined) break;
      if (len >= MIN_INNER_CODE && node.words !== undefined && ok[i + len] === 1) {
        ok[i] = 1;
        break;
      }
    }
  }
}

/**
 * The search of one reading, depth first over its splits into word codes
 * (longest word first, at most MAX_SPLITS complete splits), judging each
 * complete split as it is found: the first that is a joke is the answer.
 * The path so far is kept in the reader's stacks (ReaderState), reused across checks.
 */
interface Search {
  readonly name: PreparedName;
  readonly code: string;
  readonly ends: readonly number[];
  readonly isKnownName: (token: string) => boolean;
  leaves: number;
}

/** Whether the complete split in the path stacks (`depth` words) is a joke; then its phrase. */
function judgeSplit(search: Search, depth: number): string | undefined {
  const { ends } = search;
  const { tokens, rd } = search.name;
  const { pathPunch, pathFrom, pathTo, pathKeys, pathWords } = rd;
  // A pun moves or adds at most one word boundary (Seymour Butts → see more butts).
  if (depth > tokens.length + 1) return undefined;
  // A punchline word that is exactly a real name token read as itself (Butts, Balls) is that name.
  let punch = false;
  let hidden = false;
  for (let i = 0; i < depth && !hidden; i++) {
    if (!pathPunch[i]) continue;
    punch = true;
    const t = ends.indexOf(pathTo[i]!);
    hidden = t < 0 || (t === 0 ? 0 : ends[t - 1]) !== pathFrom[i] || !search.isKnownName(tokens[t]!);
  }
  if (!punch || !hidden) return undefined;
  // A phrase's sound key is its words' keys joined: soundKey starts afresh at each space (no letter is merged or read across one).
  let phraseKey = '';
  for (let i = 0; i < depth; i++) {
    const key = pathKeys[i]!;
    if (key === '') return undefined;
    phraseKey += key;
  }
  return keysAlike(search.name.soundKey, phraseKey, MAX_SPELLING_DISTANCE) ? pathWords.slice(0, depth).join(' ') : undefined;
}

/**
 * How many complete splits splitSearch meets from `at` (after the first
 * word) at `depth`: the same words, lengths and limits, counted, not
 * judged. The count of a word's rest does not depend on the word, so each
 * node's words count together.
 */
function leavesFrom(ok: Uint8Array, code: string, ix: ReadingIndex, at: number, depth: number): number {
  if (at === code.length) return 1;
  if (depth >= MAX_WORDS) return 0;
  let n = 0;
  let node: CodeNode | undefined = ix.inner;
  const most = Math.min(ix.longest, code.length - at);
  for (let len = 1; len <= most; len++) {
    node = node.next[code.charCodeAt(at + len - 1)];
    if (node === undefined) break;
    const words = node.words;
    if (len < MIN_INNER_CODE || words === undefined || ok[at + len] !== 1) continue;
    let count = words.length;
    if (len < MIN_PUNCH_CODE) for (const punch of node.punch!) if (punch) count--;
    if (count > 0) n += count * leavesFrom(ok, code, ix, at + len, depth + 1);
  }
  return n;
}

function splitSearch(search: Search, at: number, depth: number): string | undefined {
  if (search.leaves >= MAX_SPLITS) return undefined;
  const { code } = search;
  const { ix, rd } = search.name;
  const ok = rd.ok;
  if (at === code.length) {
    search.leaves++;
    return judgeSplit(search, depth);
  }
  if (depth >= MAX_WORDS) return undefined;
  // From here every split has more words than judgeSplit takes (a pun adds at most one to the name's): its
  // splits are counted toward MAX_SPLITS, as the search would have met them one by one, none walked or judged.
  if (depth > search.name.tokens.length) {
    search.leaves += leavesFrom(ok, code, ix, at, depth);
    return undefined;
  }
  const nodes = rd.pathNodes[depth]!;
  const most = Math.min(ix.longest, code.length - at);
  let node: CodeNode | undefined = at === 0 ? ix.initial : ix.inner;
  let reached = 0;
  while (reached < most) {
    node = node.next[code.charCodeAt(at + reached)];
    if (node === undefined) break;
    nodes[++reached] = node;
  }
  for (let len = reached; len >= (at === 0 ? 1 : MIN_INNER_CODE); len--) {
    const found = nodes[len]!;
    const words = found.words;
    if (words === undefined || ok[at + len] !== 1) continue;
    const punch = found.punch!;
    for (let k = 0; k < words.length; k++) {
      if (len < MIN_PUNCH_CODE && punch[k]) continue;
      rd.pathWords[depth] = words[k]!;
      rd.pathPunch[depth] = punch[k]!;
      rd.pathKeys[depth] = found.keys![k]!;
      rd.pathFrom[depth] = at;
      rd.pathTo[depth] = at + len;
      const joke = splitSearch(search, at + len, depth + 1);
      if (joke !== undefined) return joke;
    }
  }
  return undefined;
}

/** True when the sound keys of the name and of the phrase differ by at most MAX_SPELLING_DISTANCE of their letters. */
function spelledAlike(rd: ReaderState, nameKey: string, phrase: string): boolean {
  return keysAlike(nameKey, rd.sound.key(phrase), MAX_SPELLING_DISTANCE);
}

/**
 * A token that may be read non-rhotically: it ends in a consonant + "a".
 * In the accents most English puns are told in (England, Australia, New
 * England) a final "-er" is said as the "-a" of "sofa" (the commA–lettER
 * merger; J. C. Wells, Accents of English, 1982, §3.2.4), so Dova sounds
 * like Dover and Derova like "der over".
 */
function nonRhotic(token: string): boolean {
  const n = token.length;
  return n >= 3 && token.charCodeAt(n - 1) === 97 && !VOWELS.includes(token[n - 2]!);
}

/**
 * Whether the `k`th token's reading (a code of it; less its leading vowel
 * after the first token, as `nameReadings` joins them) can be part of some
 * catchphrase code: its start when `k` is 0, a stretch of it after. A
 * reading equal to a catchphrase code holds each token's part so.
 */
function mayBeInCatchphrase(rd: ReaderState, token: string, k: number, ix: ReadingIndex): boolean {
  // The codes as remembered: a token of one code is asked without an array made for it. The reader's
  // memo, not a check's facts: the same codes, and this guard runs on few names.
  const codes = rd.codes.of(token);
  if (typeof codes === 'string') return codeInCatchphrase(k === 0 ? codes : inner(codes), k === 0, ix);
  for (const raw of codes) if (codeInCatchphrase(k === 0 ? raw : inner(raw), k === 0, ix)) return true;
  return false;
}

/** Whether some catchphrase code starts with `c` (`atStart`), or holds it. */
function codeInCatchphrase(c: string, atStart: boolean, ix: ReadingIndex): boolean {
  for (const code of ix.phrases.keys()) if (atStart ? code.startsWith(c) : code.includes(c)) return true;
  return false;
}

/**
 * A catchphrase the name reads as when its tokens ending in consonant + "a"
 * are said as ending in "-er" (see nonRhotic), the spelling compared as
 * "-er" too. Only whole catchphrases, never word splits: read this way many
 * real names (Melissa, Mendoza) split into some words.
 */
function nonRhoticPhrase(rd: ReaderState, tokens: readonly string[], ix: ReadingIndex): string | undefined {
  if (tokens.length < 2 || tokens.length > MAX_TOKENS || !tokens.some(nonRhotic)) return undefined;
  // A token said as spelt reads as it does in the name's own readings (its codes are known): unless one of
  // them is a stretch of some catchphrase code (its start, for the first token), no reading is a catchphrase,
  // and the tokens said "-er" need not be read (mostly new strings for Double Metaphone).
  for (let k = 0; k < tokens.length; k++) if (!nonRhotic(tokens[k]!) && !mayBeInCatchphrase(rd, tokens[k]!, k, ix)) return undefined;
  const said = tokens.map((t) => (nonRhotic(t) ? `${t}r` : t));
  let nameKey: string | undefined;
  for (const r of nameReadings(rd, said)) {
    const phrase = ix.phrases.get(r.code);
    if (phrase === undefined) continue;
    nameKey ??= rd.sound.key(tokens.map((t) => (nonRhotic(t) ? `${t.slice(0, -1)}er` : t)).join(' '));
    if (spelledAlike(rd, nameKey, phrase)) return `reads as "${phrase}" (${r.code}, "-a" said "-er")`;
  }
  return undefined;
}

/**
 * True when two sound keys differ by at most `share` of their letters. The
 * distance is at least the difference in length: past the limit, no
 * distance is computed.
 */
function keysAlike(nameKey: string, phraseKey: string, share: number): boolean {
  return keyDistance(nameKey, phraseKey, share) !== Infinity;
}

/** A name prepared for reading: its tokens, their readings, and its sound key computed on first use (most names never need it). */
class PreparedName {
  private key: string | undefined;

  constructor(
    readonly rd: ReaderState,
    readonly tokens: readonly string[],
    readonly readings: readonly NameReading[],
    readonly ix: ReadingIndex,
    /** A middle initial is read as its letter's name (`saidInitials`). */
    readonly initialSaid: boolean,
  ) {}

  /** The sound key (src/name/sound.ts) of the name as spelt. */
  get soundKey(): string {
    return (this.key ??= this.rd.sound.key(this.tokens.join(' ')));
  }

  private said: string | undefined;
  private joined: string | undefined;
  private lastKnown: boolean | undefined;

  /** Whether the surname (the last token) is a known name, asked once. */
  surnameKnown(isKnownName: (token: string) => boolean): boolean {
    return (this.lastKnown ??= isKnownName(this.tokens[this.tokens.length - 1]!));
  }

  /** The sound key of the tokens written run together (a letter doubled across the join written once). */
  get runTogetherKey(): string {
    return (this.joined ??= this.rd.sound.key(this.tokens.join('')));
  }

  /** The said key of the name (`saidKeyOfWords`). */
  get saidKey(): string {
    return (this.said ??= saidKeyOfWords(this.rd, this.tokens));
  }
}

/**
 * The guards both entry points share: two to MAX_TOKENS tokens, each of
 * letters a-z only (the readings and sound keys are English ones), else
 * `undefined`.
 */
function prepare(rd: ReaderState, tokens: readonly string[], initials: number, codesOfToken: CodesOf | undefined): PreparedName | undefined {
  if (tokens.length < 2 || tokens.length > MAX_TOKENS) return undefined;
  for (const t of tokens) if (t === '' || !isAtoZ(t)) return undefined;
  const said = initials === 0 ? undefined : saidInitials(tokens, initials);
  return new PreparedName(rd, said ?? tokens, nameReadings(rd, said ?? tokens, codesOfToken), rd.index, said !== undefined);
}

/**
 * English letter names (a "ay", b "bee" … z "zee", as the alphabet is
 * recited; J. C. Wells, Longman Pronunciation Dictionary, the letters'
 * entries), spelt as English words spell those sounds, each one token
 * (w: "doubleyou"), as it takes the place of one token of the name.
 */
const LETTER_NAMES = ['ay', 'bee', 'see', 'dee', 'ee', 'ef', 'gee', 'aitch', 'eye', 'jay', 'kay', 'el', 'em', 'en', 'oh', 'pee', 'cue', 'ar', 'es', 'tee', 'you', 'vee', 'doubleyou', 'ex', 'why', 'zee'];

/**
 * The tokens with each middle initial (bit i of `initials`, from
 * `readingWords`) said as its letter's name, or `undefined` when the name
 * has none: a middle initial is read aloud as its letter, which is what the
 * initial-letter puns are built on ("Ted E. Bear" → "teddy bear", "Chris P.
 * Bacon" → "crispy bacon", "Hugh G. Rection").
 */
function saidInitials(tokens: readonly string[], initials: number): string[] | undefined {
  let out: string[] | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if ((initials & (1 << i)) === 0 || t.length !== 1) continue;
    out ??= tokens.slice();
    out[i] = LETTER_NAMES[t.charCodeAt(0) - 97]!;
  }
  return out;
}

/** The name read whole as one of the curated catchphrases, spelt alike (MAX_SPELLING_DISTANCE). */
function catchphraseOf(name: PreparedName): string | undefined {
  for (const r of name.readings) {
    if (!mayBeCatchphrase(r.code, name.ix)) continue;
    const phrase = name.ix.phrases.get(r.code);
    if (phrase !== undefined && spelledAlike(name.rd, name.soundKey, phrase)) return `reads as "${phrase}" (${r.code})`;
  }
  return undefined;
}

/** The name split into words, one of them a hidden punchline (the search above). */
function punchlineOf(name: PreparedName, isKnownName: (token: string) => boolean): string | undefined {
  for (const r of name.readings) {
    if (!holdsHiddenPunch(r, name.tokens, name.ix, isKnownName)) continue;
    finishes(name.rd, r.code, name.ix);
    const found = splitSearch({ name, code: r.code, ends: r.ends, isKnownName, leaves: 0 }, 0, 0);
    if (found !== undefined) return `reads as "${found}" (${r.code})`;
  }
  return undefined;
}

/** The phrases of the line starting at `line` of the reader's phrase table, with their words and sound keys. */
function phraseLine(rd: ReaderState, line: number): PhraseLine {
  const { table, lines } = rd.phrases;
  let out = lines.get(line);
  if (out === undefined) {
    const phrases = table.value(line).split('|');
    out = { phrases, words: phrases.map((p) => p.split(/[ -]/)), soundKeys: phrases.map((p) => rd.sound.key(p)), saidKeys: undefined };
    lines.set(line, out);
  }
  return out;
}

/**
 * True when the phrase's words are the name's own tokens, word for word,
 * and its surname is a known name ("Rose Garden", "Will Power" are names
 * that are also phrases, not puns). With a surname no table knows the name
 * is the phrase itself (Ginger Ale, Chuck Wagon, Sandy Shores): read as a
 * pun. Whether the surname is known is asked only for a name that is the phrase.
 */
function readAsItself(words: readonly string[], name: PreparedName, isKnownName: (token: string) => boolean): boolean {
  const { tokens } = name;
  if (words.length !== tokens.length) return false;
  for (let i = 0; i < words.length; i++) if (words[i] !== tokens[i]) return false;
  return name.surnameKnown(isKnownName);
}

/**
 * The other codes a name is looked up by in the phrase table, as the words
 * are said run together, each a family of spoken English that Double
 * Metaphone, reading each token alone, does not see:
 * - one consonant where a token ends with the sound the next begins with
 *   (degemination: across a word boundary the two are said as one, "Pat
 *   Tern" as "pattern", "Hal Lucination"; Double Metaphone writes a
 *   doubled letter once inside a word only);
 * - the h of a token that starts with h + vowel, after a token that ends in
 *   a vowel ("Bea Hive" as "beehive"): Double Metaphone keeps such an h
 *   between vowels inside a word (PHF) and the reading drops a leading H of
 *   a token after the first (`inner`), which is right after a consonant
 *   ("perhaps": PRPS) but not between vowels.
 * Either kind, or none: `undefined` (most names).
 */
function spokenVariants(tokens: readonly string[], r: NameReading): string[] | undefined {
  let out: string[] | undefined;
  const { code, ends } = r;
  // Degeminated: at each inner boundary, a letter equal to the one before it is dropped.
  let merged = '';
  let from = 0;
  for (let t = 0; t + 1 < ends.length; t++) {
    const b = ends[t]!;
    if (b > 0 && b < code.length && code[b - 1] === code[b]) {
      merged += code.slice(from, b);
      from = b + 1;
    }
  }
  if (from > 0) (out ??= []).push(merged + code.slice(from));
  // The h kept between vowels.
  let withH = '';
  from = 0;
  for (let t = 1; t < tokens.length; t++) {
    const tok = tokens[t]!;
    const prev = tokens[t - 1]!;
    if (tok.length > 2 && tok.charCodeAt(0) === 104 && VOWELS.includes(tok[1]!) && VOWELS.includes(prev[prev.length - 1]!)) {
      const b = ends[t - 1]!;
      withH += `${code.slice(from, b)}H`;
      from = b;
    }
  }
  if (withH !== '') (out ??= []).push(withH + code.slice(from));
  return out;
}

/**
 * The said key of a name (src/name/reading/saidKeys.ts `saidKey` of each
 * token, joined as speech joins them: `joinKeys`): where the vowel sounds
 * are, not which, and a final silent e dropped, so "Faye Tality" and
 * "fatality", "Sara Nade" and "serenade", "Mike Robe" and "microbe" have
 * one key, which the sound keys' letter-for-letter comparison does not give.
 */
function saidKeyOfWords(rd: ReaderState, words: readonly string[]): string {
  const keys: string[] = [];
  for (const w of words) {
    const k = rd.said.key(w);
    if (k === '') return '';
    keys.push(k);
  }
  return joinKeys(keys);
}

/** Least letters of a surname that is a word's tail (`isWordTail`): shorter tails (-ly, -er) end too many words. */
const MIN_TAIL = 3;

/**
 * True when the surname is the last letters of a one-word phrase, spelt
 * exactly, and the phrase has more letters before it ("tality" of
 * "fatality").
 */
function isWordTail(surname: string, phrase: string, words: readonly string[]): boolean {
  return words.length === 1 && surname.length >= MIN_TAIL && phrase.length > surname.length && phrase.endsWith(surname);
}

/** The phrase of the table line under `code` that the name is spelt as (sound keys) or said as (said keys), or undefined. */
function phraseUnder(name: PreparedName, code: string, runTogether: boolean, isKnownName: (token: string) => boolean): string | undefined {
  if (code.length < MIN_PHRASE_CODE) return undefined;
  const line = name.rd.phrases.table.find(code);
  if (line < 0) return undefined;
  const entry = phraseLine(name.rd, line);
  const { phrases, words, soundKeys } = entry;
  // A name looked up as said run together is spelt run together too (Kit Tenn: "kittenn", a doubled t once, as in "kitten").
  const nameKey = runTogether ? name.runTogetherKey : name.soundKey;
  for (let i = 0; i < phrases.length; i++) {
    if (readAsItself(words[i]!, name, isKnownName)) continue;
    if (keysAlike(nameKey, soundKeys[i]!, PHRASE_SPELLING_DISTANCE)) return phrases[i]!;
  }
  // Said alike: the same said key, whole (a looser spelling needs the exact sound), when the surname is
  // no known name or a middle initial was said as its letter.
  if ((!name.initialSaid && name.surnameKnown(isKnownName)) || name.saidKey === '') return undefined;
  entry.saidKeys ??= words.map((w) => saidKeyOfWords(name.rd, w));
  const last = name.tokens[name.tokens.length - 1]!;
  for (let i = 0; i < phrases.length; i++) {
    if (entry.saidKeys[i] !== name.saidKey || readAsItself(words[i]!, name, isKnownName)) continue;
    if (keysAlike(nameKey, soundKeys[i]!, SAID_SPELLING_DISTANCE)) return phrases[i]!;
    // A word split in two keeps its tail's spelling in the surname (Faye Tality: fatality, Otto Mobile:
    // automobile); the head is respelt as a given name, which the spelling limit would count against it.
    if (isWordTail(last, phrases[i]!, words[i]!) && !name.surnameKnown(isKnownName)) return phrases[i]!;
  }
  return undefined;
}

/**
 * The name read whole as an everyday English word or expression (the
 * `name/phrases` dataset), spelt almost as it (PHRASE_SPELLING_DISTANCE)
 * or said as it (the same said key, `saidKeyOfWords`), by its own readings
 * or as its words are said run together (`spokenVariants`).
 * A name whose every part is Hanyu Pinyin and one part a single syllable
 * (src/name/pinyin.ts; nearly every Chinese surname is one syllable: Li,
 * Wang, Zhang) is a romanised Chinese name, said in Chinese, not English:
 * its short syllables spell English words by chance (Jing Li, "jingly";
 * Hui Min, "humming"). That guard is asked only once a phrase is found
 * (most names miss the table): it does not depend on the phrase, so the
 * answer is the same as asking it first.
 */
function everydayPhraseOf(name: PreparedName, isKnownName: (token: string) => boolean): string | undefined {
  for (const r of name.readings) {
    let code = r.code;
    let phrase = phraseUnder(name, code, false, isKnownName);
    if (phrase === undefined) {
      for (const v of spokenVariants(name.tokens, r) ?? []) {
        phrase = phraseUnder(name, v, true, isKnownName);
        if (phrase !== undefined) {
          code = v;
          break;
        }
      }
    }
    if (phrase === undefined) continue;
    if (name.tokens.every(isPinyinName) && name.tokens.some(isPinyinSyllable)) return undefined;
    return `reads as "${phrase}" (${code})`;
  }
  return undefined;
}

/**
 * A punchline word spelt at the end of a token that no table knows, after
 * an English word of the reading's vocabulary ("Holden Mycock": my cock,
 * "Phil Myhole": my hole). Prank names join the two words so that the
 * name fields take them, and say the punchline last; the reading by sound
 * cannot see them when the punchline's code is short (cock: KK, ass: S).
 * Set on real names: of the 50,858 US given names (SSA) that no table
 * knows, read as a surname, none reads so (a punchline word first, then a
 * word, read 3: "Assan", "Arseno", "Hughe"; such a token is not read).
 */
function spelledPunchOf(rd: ReaderState, tokens: readonly string[], isKnownName: (token: string) => boolean): string | undefined {
  let words: SpelledWords | undefined;
  for (const t of tokens) {
    if (t.length < MIN_SPELT_PUNCH + MIN_SPELT_HEAD) continue;
    words ??= rd.spelled;
    const ending = words.byEnd.get(endOf(t));
    if (ending === undefined || isKnownName(t)) continue;
    for (const w of ending) {
      if (t.length - w.length < MIN_SPELT_HEAD || !t.endsWith(w)) continue;
      const head = t.slice(0, t.length - w.length);
      if (words.head.has(head)) return `reads as "${head} ${w}" (spelt in ${t})`;
    }
  }
  return undefined;
}

/** The tokens of a name as the joke reading takes them (`readingWords`). */
export interface ReadingWords {
  /** The tokens read, letters only: particles and suffixes left out, middle initials kept. */
  readonly words: readonly string[];
  /** Bit i set: words[i] is a middle initial, said as its letter's name (`humorousReading`'s `initials`). */
  readonly initials: number;
  /** A part whose only token is a particle or suffix was left out: the whole name is read against the catchphrases (`catchphraseReading`). */
  readonly lone: boolean;
  /** Every token, letters only, particles too: what `catchphraseReading` reads when `lone`. */
  readonly all: readonly string[];
  /** Bit k set: all[k] is a middle initial (`catchphraseReading`'s `initials`). */
  readonly allInitials: number;
}

/**
 * The tokens of a name's given-name and surname parts as the joke reading
 * takes them; the one rule of which one-letter tokens are middle initials,
 * for src/name/listMatch.ts and the tests that read names as it does.
 * Particles and suffixes are left out; but a part's only word is a name
 * (Ben, Al, Van, Del are given names too), which is read against the whole
 * catchphrases only (`lone`): split into words, short names such as these
 * read as some phrase too often (Ben Herman: "boner man"). A letter after
 * the given name or opening a surname of more tokens ("Ted | E. Bear") is a
 * middle initial, said as its letter, though e, i, y are particles; other
 * one-letter tokens are read as spelt.
 *
 * @param given - the folded tokens of the given-name part
 * @param family - the folded tokens of the surname part
 * @param plain - every token is letters a-z only (src/name/analyse.ts `PartAnalysis.plain` of both parts): each is its own letters, not scanned again
 * @example
 * const vocabulary = openNameTables(openData(undefined)).vocabulary;
 * readingWords(vocabulary, ['ted', 'e'], ['bear']) // { words: ['ted', 'e', 'bear'], initials: 2, lone: false, all: ['ted', 'e', 'bear'], allInitials: 2 }
 */
export function readingWords(v: Vocabulary, given: readonly string[], family: readonly string[], plain = false): ReadingWords {
  const words: string[] = [];
  // Every token: `words` itself until a token is left out of it (most names leave none), then a copy that goes on.
  let all: string[] | undefined;
  let initials = 0;
  let allInitials = 0;
  let lone = false;
  for (let k = 0; k < given.length + family.length; k++) {
    const inGiven = k < given.length;
    const t = inGiven ? given[k]! : family[k - given.length]!;
    const letters = plain ? t : lettersOf(t);
    const initial = t.length === 1 && (inGiven ? k > 0 : k === given.length && family.length > 1);
    if (initial) allInitials |= 1 << k;
    if (initial || (tokenKind(v, t) & (TOKEN_PARTICLE | TOKEN_SUFFIX)) === 0) {
      if (initial) initials |= 1 << words.length;
      words.push(letters);
      all?.push(letters);
    } else {
      all ??= words.slice();
      all.push(letters);
      if ((inGiven ? given.length : family.length) === 1) lone = true;
    }
  }
  return { words, initials, lone, all: all ?? words, allInitials };
}

/**
 * What a name reads as when it reads as a joke (`reads as "my cunt" (MKNT)`),
 * or `undefined`: a catchphrase, a split into words holding a hidden
 * punchline, an everyday word or expression, a catchphrase said
 * non-rhotically, a short sentence (src/name/reading/sentences.ts), or a
 * punchline word spelt in an unknown token, in that order.
 *
 * @param tokens - the folded tokens of first and last name, in order (particles and suffixes removed: `readingWords`)
 * @param isKnownName - whether a folded token is a real first or last name
 * @param initials - bit i set: tokens[i] is a middle initial, said as its letter's name (`readingWords`); none by default
 * @param codesOfToken - where a token's Double Metaphone codes come from (the reader's own memo by default; NameReader.read passes the check's facts)
 * @example
 * const rd = openNameTables(openData(undefined)).reader.state;
 * humorousReading(rd, ['mike', 'hunt'], () => true) // 'reads as "my cunt" (MKNT)'
 * humorousReading(rd, ['dinah', 'mite'], () => true) // 'reads as "dynamite" (TNMT)'
 * humorousReading(rd, ['rick', 'hunt'], () => true) // undefined
 */
export function humorousReading(rd: ReaderState, tokens: readonly string[], isKnownName: (token: string) => boolean, initials = 0, codesOfToken?: CodesOf): string | undefined {
  const name = prepare(rd, tokens, initials, codesOfToken);
  if (name === undefined) return undefined;
  return (
    catchphraseOf(name) ??
    punchlineOf(name, isKnownName) ??
    everydayPhraseOf(name, isKnownName) ??
    nonRhoticPhrase(rd, tokens, name.ix) ??
    sentenceReading(rd, tokens, isKnownName) ??
    spelledPunchOf(rd, tokens, isKnownName)
  );
}

/** Every token taken as a known name: the whole-name reading asks nothing of the name tables. */
const allKnown = (): boolean => true;

/**
 * The whole-name parts of {@link humorousReading}: the name read whole as
 * one of the catchphrases (as spelt or said non-rhotically) or as an
 * everyday word or expression; no splitting into words. For names whose
 * words are short and common (a given name that is also a particle, Ben or
 * Al), where a split would read too many real names as some phrase.
 *
 * @param tokens - the folded tokens of first and last name, in order
 * @param initials - bit i set: tokens[i] is a middle initial, said as its letter's name (`readingWords`); none by default
 * @param codesOfToken - as for {@link humorousReading}
 * @example
 * const rd = openNameTables(openData(undefined)).reader.state;
 * catchphraseReading(rd, ['ben', 'derova']) // 'reads as "bend her over" (PNTRFR, "-a" said "-er")'
 * catchphraseReading(rd, ['ben', 'smith'])  // undefined
 */
export function catchphraseReading(rd: ReaderState, tokens: readonly string[], initials = 0, codesOfToken?: CodesOf): string | undefined {
  const name = prepare(rd, tokens, initials, codesOfToken);
  if (name === undefined) return undefined;
  return catchphraseOf(name) ?? everydayPhraseOf(name, allKnown) ?? nonRhoticPhrase(rd, tokens, name.ix);
}

/**
 * The joke reading of a name's parts as the name check asks it
 * (src/name/listMatch.ts): the words `readingWords` takes read by
 * {@link humorousReading}, and a name with a lone particle-name part read
 * against the whole catchphrases only ({@link catchphraseReading}).
 *
 * @param given - the folded tokens of the given-name part (titles left out)
 * @param family - the folded tokens of the surname part
 * @param isKnownName - whether a folded token is a real first or last name
 * @param plain - every token is letters a-z only (`readingWords`)
 * @param codesOfToken - as for {@link humorousReading}
 * @example
 * const rd = openNameTables(openData(undefined)).reader.state;
 * readingOfParts(rd, ['mike'], ['hunt'], () => true) // 'reads as "my cunt" (MKNT)'
 * readingOfParts(rd, ['rick'], ['hunt'], () => true) // undefined
 */
export function readingOfParts(
  rd: ReaderState,
  given: readonly string[],
  family: readonly string[],
  isKnownName: (token: string) => boolean,
  plain = false,
  codesOfToken?: CodesOf,
): string | undefined {
  const { words, initials, lone, all, allInitials } = readingWords(rd.vocabulary(), given, family, plain);
  const reading = humorousReading(rd, words, isKnownName, initials, codesOfToken);
  return reading === undefined && lone ? catchphraseReading(rd, all, allInitials, codesOfToken) : reading;
}
