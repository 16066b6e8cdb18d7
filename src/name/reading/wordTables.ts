/**
 * The tables a joke reader builds from its reading words, once per reader
 * (src/name/reading/state.ts holds them): the words' code tries, the
 * catchphrases by code, the punchline words spelt inside a token, and the
 * shape of a remembered line of the phrase table. The reading that walks
 * them is src/name/reading/reading.ts.
 */
import type { VocabularyData } from '../data/vocabulary.js';
import type { SoundKeys } from '../sound.js';

/** Least length of a punchline word's code: "ass" after a word reads S, which would match any name ending in s. */
export const MIN_PUNCH_CODE = 3;
/** Most words a name is read as: prank names are short phrases (the split search's stacks hold this many). */
export const MAX_WORDS = 4;

/** Whether a word is only letters a-z (what reading.ts `letters` keeps), checked without building a string. */
export function isAtoZ(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < 97 || c > 122) return false;
  }
  return true;
}

export interface ReadingIndex {
  /** Word codes as tries: a word that starts the phrase, one after another; nodes hold the words whose code ends there. */
  readonly initial: CodeNode;
  readonly inner: CodeNode;
  /** Every code of a punchline word (initial or inner) of MIN_PUNCH_CODE+ letters, as a trie (`end`): a reading holding none is no joke. */
  readonly punchTrie: CodeNode;
  /** Catchphrase code → phrase. */
  readonly phrases: ReadonlyMap<string, string>;
  /** The catchphrase codes' shapes: bit `first unit & 31` of entry `length` (see mayBeCatchphrase). */
  readonly phraseShapes: Uint32Array;
  /** The longest initial code of a word. */
  readonly longest: number;
}

/**
 * A node of a code trie: children by char code (codes are A–Z and 0, all
 * below 91), so a reading is walked without cutting substrings; `words`:
 * the words whose code is the path so far, with, index for index, whether
 * each is a punchline word (`punch`) and its sound key (`keys`), so the
 * split search asks no Set or Map about a word it meets; `end`: a
 * punchline code ends here.
 */
export interface CodeNode {
  readonly next: (CodeNode | undefined)[];
  words: string[] | undefined;
  punch: boolean[] | undefined;
  keys: string[] | undefined;
  end: boolean;
}

const newNode = (): CodeNode => ({ next: [], words: undefined, punch: undefined, keys: undefined, end: false });

/** The node of `code` in a trie, made as needed. */
function nodeOf(root: CodeNode, code: string): CodeNode {
  let node = root;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    let child = node.next[c];
    if (child === undefined) {
      child = newNode();
      node.next[c] = child;
    }
    node = child;
  }
  return node;
}

/** Builds the reading words' code tries from the vocabulary's `reading` words (once per reader). */
export function buildReadingIndex(reading: VocabularyData['reading'], sound: SoundKeys): ReadingIndex {
  const initial = newNode();
  const innerTrie = newNode();
  const punch = new Set(reading.punch);
  const soundKeys = new Map<string, string>();
  for (const w of [...reading.punch, ...reading.glue]) soundKeys.set(w, sound.key(w));
  const put = (root: CodeNode, code: string, w: string): void => {
    const node = nodeOf(root, code);
    if (node.words !== undefined && node.words.includes(w)) return;
    (node.words ??= []).push(w);
    (node.punch ??= []).push(punch.has(w));
    (node.keys ??= []).push(soundKeys.get(w)!);
  };
  let longest = 0;
  const punchTrie = newNode();
  // The codes come with the data (the builder ran wordReadings on each word).
  const readingsOf = (w: string): { initial: readonly string[]; inner: readonly string[] } => {
    const [first, after] = reading.codes[w] ?? [[], []];
    return { initial: first, inner: after };
  };
  for (const w of reading.punch) {
    const r = readingsOf(w);
    for (const c of [...r.initial, ...r.inner]) if (c.length >= MIN_PUNCH_CODE) nodeOf(punchTrie, c).end = true;
  }
  for (const w of [...reading.punch, ...reading.glue]) {
    const r = readingsOf(w);
    for (const c of r.initial) if (c !== '') put(initial, c, w);
    for (const c of r.inner) if (c !== '') put(innerTrie, c, w);
    for (const c of r.initial) longest = Math.max(longest, c.length);
  }
  const phrases = new Map<string, string>();
  for (const p of reading.phrases) for (const c of readingsOf(p).initial) phrases.set(c, p);
  const phraseShapes = new Uint32Array(PHRASE_SHAPE_LENGTHS);
  for (const c of phrases.keys()) if (c.length < PHRASE_SHAPE_LENGTHS) phraseShapes[c.length]! |= 1 << (c.charCodeAt(0) & 31);
  return { initial, inner: innerTrie, punchTrie, phrases, phraseShapes, longest };
}

/** Codes of PHRASE_SHAPE_LENGTHS+ letters are always looked up (no catchphrase code is that long today). */
const PHRASE_SHAPE_LENGTHS = 32;

/**
 * False when no catchphrase code has the length and first letter of `code`
 * (then `phrases.get(code)` misses): most readings are ruled out without
 * hashing the code, a string new to each check.
 */
export function mayBeCatchphrase(code: string, ix: ReadingIndex): boolean {
  return code.length >= PHRASE_SHAPE_LENGTHS || (ix.phraseShapes[code.length]! & (1 << (code.charCodeAt(0) & 31))) !== 0;
}

/**
 * The phrases of one line of the phrase table with what the reading needs
 * of each: its words (for reading.ts `readAsItself`) and its sound key. Worked out on
 * the first probe that hits the line and remembered: a hit would otherwise
 * split the line and compute a sound key per phrase on every check (~4% of
 * a check; the builder could ship the keys, at the price of a format change).
 */
export interface PhraseLine {
  readonly phrases: readonly string[];
  readonly words: readonly (readonly string[])[];
  readonly soundKeys: readonly string[];
  /** The said key of each phrase (src/name/reading/saidKeys.ts `saidKey`, words joined by `joinKeys`), made on first use. */
  saidKeys: readonly string[] | undefined;
}

/** Least letters of a punchline word read spelt inside a token (reading.ts `spelledPunchOf`): ass, tit, pee; no shorter (`endOf` keys the last three). */
export const MIN_SPELT_PUNCH = 3;
/** Least letters of the English word before it in the token (reading.ts `spelledPunchOf`): my, ur. */
export const MIN_SPELT_HEAD = 2;

/** The punchline words of MIN_SPELT_PUNCH+ letters by their last three letters, and the words that may come before one in a token. */
export interface SpelledWords {
  readonly byEnd: ReadonlyMap<number, readonly string[]>;
  readonly head: ReadonlySet<string>;
}

/** Builds the {@link SpelledWords} of the vocabulary's `reading` words (once per reader, on first use). */
export function buildSpelledWords(reading: VocabularyData['reading']): SpelledWords {
  // By their last three letters, as a number (`endOf`): a token is compared with the few words that end as it
  // does, found without cutting a string.
  const byEnd = new Map<number, string[]>();
  for (const w of reading.punch) {
    if (w.length < MIN_SPELT_PUNCH || !isAtoZ(w)) continue;
    const end = endOf(w);
    const list = byEnd.get(end);
    if (list === undefined) byEnd.set(end, [w]);
    else list.push(w);
  }
  return { byEnd, head: new Set([...reading.glue, ...reading.punch].filter((w) => w.length >= MIN_SPELT_HEAD && isAtoZ(w))) };
}

/** The last three letters (a-z) of a word of three or more, as one number. */
export function endOf(w: string): number {
  const n = w.length;
  return ((w.charCodeAt(n - 3) - 97) * 26 + (w.charCodeAt(n - 2) - 97)) * 26 + (w.charCodeAt(n - 1) - 97);
}
