/**
 * Builds data/name/vocabulary.json from the curated word lists of
 * data/raw/name/ (particles, legal forms, generational and patronymic
 * suffixes, gendered surname endings, title sexes, reading words). Each
 * vocabulary is written once, there; the check and the builder both read
 * the built file or the raw list, never a copy in code.
 */
import { writeDataset, sha256 } from '../lib/generated.js';
import type { ManifestEntry } from '../lib/generated.js';
import { VOCABULARY } from '../../src/name/data/formats.js';
import type { VocabularyData } from '../../src/name/data/vocabulary.js';
import { readRawList } from './sources.js';
import { wordReadings } from '../../src/name/reading/index.js';

const TODAY = '2026-11-25';

const sorted = (xs: Iterable<string>): string[] => [...new Set(xs)].sort();

/**
 * Builds the vocabulary and returns its raw inputs for the manifest.
 * @param titles - the folded entries of placeholder-title.txt: every title
 * given a sex must be one of them (one list of titles)
 * @param vulgarEnglish - the single English words of vulgar.txt (punchline words)
 * @param repeatedName - the repeated-name limits measured on the name tables (build.ts)
 */
export function buildVocabulary(
  script: string,
  titles: ReadonlySet<string>,
  vulgarEnglish: readonly string[],
  repeatedName: VocabularyData['repeatedName'],
): ManifestEntry[] {
  const inputs: ManifestEntry[] = [];
  const read = (file: string, label: string, purpose: string): ReturnType<typeof readRawList>['rows'] => {
    const { rows, bytes } = readRawList(file, label);
    inputs.push({
      file: `raw/name/${file}`,
      source: `data/raw/name/${file} (curated for identity-signals)`,
      licence: 'MIT (written for identity-signals)',
      date: TODAY,
      sha256: sha256(bytes),
      notes: `${purpose}: ${rows.length} rows`,
    });
    return rows;
  };
  const particles = sorted(read('particles.txt', 'particle', 'name particles').map((r) => r.entry));
  const legalForms = sorted(read('legal-forms.txt', 'legal form', 'company legal forms').map((r) => r.entry));
  const nameSuffixes = sorted(read('name-suffixes.txt', 'suffix', 'generational suffixes').map((r) => r.entry));
  const patronymicSuffixes = sorted(read('patronymic-suffixes.txt', 'suffix', 'patronymic surname endings').map((r) => r.entry));

  const endings = read('surname-endings.txt', '', 'gendered surname endings').map((r) => {
    if (r.label !== 'M' && r.label !== 'F') throw new Error(`surname-endings.txt:${r.line}: section must be ## M or ## F`);
    return [r.entry, r.label] as const;
  });
  // Longest first, so -ovich is tried before -ov.
  endings.sort((a, b) => b[0].length - a[0].length || (a[0] < b[0] ? -1 : 1));

  const titleGender: Record<string, 'M' | 'F'> = {};
  for (const r of read('title-gender.txt', '', 'sex of titles')) {
    if (r.label !== 'M' && r.label !== 'F') throw new Error(`title-gender.txt:${r.line}: section must be ## M or ## F`);
    if (!titles.has(r.entry)) throw new Error(`title-gender.txt:${r.line}: '${r.entry}' is not a title of placeholder-title.txt`);
    titleGender[r.entry] = r.label;
  }

  // Reading words (src/name/reading/reading.ts reads them by their Double Metaphone codes).
  const words = read('reading-words.txt', '', 'words a name is read against');
  for (const r of words) {
    if (r.label !== 'punchline' && r.label !== 'glue' && r.label !== 'phrase') throw new Error(`reading-words.txt:${r.line}: unknown section ${r.label}`);
  }
  const punch = sorted([...vulgarEnglish, ...words.filter((r) => r.label === 'punchline').map((r) => r.entry)]);
  const glue = sorted(words.filter((r) => r.label === 'glue').map((r) => r.entry));
  const phrases = sorted(words.filter((r) => r.label === 'phrase').map((r) => r.entry));

  const data: VocabularyData = {
    particles,
    legalForms,
    nameSuffixes,
    patronymicSuffixes,
    surnameEndings: endings,
    titleGender: Object.fromEntries(Object.entries(titleGender).sort(([a], [b]) => (a < b ? -1 : 1))),
    // Double Metaphone readings computed here, not on the first check (src/name/reading/reading.ts reads them).
    reading: {
      punch,
      glue,
      phrases,
      codes: Object.fromEntries(
        sorted([...new Set([...punch, ...glue, ...phrases])]).map((w) => {
          const r = wordReadings(w.split(' '));
          return [w, [r.initial, r.inner] as const];
        }),
      ),
    },
    repeatedName,
  };
  writeDataset(script, VOCABULARY, data, {
    source: 'data/raw/name/{particles,legal-forms,name-suffixes,patronymic-suffixes,surname-endings,title-gender,reading-words}.txt (curated) + vulgar.txt English words',
    licence: 'MIT',
    retrieved: TODAY,
    notes: `${particles.length} particles, ${legalForms.length} legal forms, ${nameSuffixes.length} suffixes, ${patronymicSuffixes.length} patronymic endings, ${endings.length} surname endings, ${Object.keys(titleGender).length} gendered titles; repeated names: < ${repeatedName.maxUsBirths} US births, surname weight >= ${repeatedName.minSurnameWeight}; reading: ${punch.length} punchline words, ${glue.length} glue words, ${phrases.length} phrases`,
  });
  return inputs;
}
