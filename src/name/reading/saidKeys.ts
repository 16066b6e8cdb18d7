/**
 * Said keys and the sentence words by key: how a word is said (where its
 * vowel sounds are, not which; see src/name/reading/sentences.ts for why),
 * the word classes of the `name/sentence-words` dataset as key tries and
 * maps, built once per reader (src/name/reading/state.ts holds them), and
 * the shape of a given name's opening that the reader remembers. The
 * sentence reading that uses them is src/name/reading/sentences.ts.
 */
import type { SentenceWordsData } from '../data/formats.js';

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
export interface KeyNode {
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

/** Syllables of a said key: its vowel sounds. */
export function syllables(key: string): number {
  let n = 0;
  for (let i = 0; i < key.length; i++) if (key[i] === VOWEL_LETTER) n++;
  return n;
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
