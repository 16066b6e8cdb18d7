/**
 * Builds data/name/lists.json from the curated lists under data/raw/name/
 * and the fictional-name packages (superheroes, supervillains,
 * starwars-names, pokemon), read as JSON files at build time only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, packageVersion, sha256, writeDataset } from '../lib/generated.js';
import type { ManifestEntry } from '../lib/generated.js';
import { Interner } from '../lib/interner.js';
import { foldName } from '../../src/name/data/fold.js';
import { NAME_LISTS } from '../../src/name/data/formats.js';
import { COMMON_REAL_NAME_MARK, NAME_LIST_KINDS } from '../../src/name/data/lists.js';
import type { ListsData, NameListKind } from '../../src/name/data/lists.js';
import { readRawList } from './sources.js';
import { LineTable } from '../../src/name/data/lineTable.js';
import { soundKey } from '../../src/name/sound.js';

const TODAY = '2026-11-22';
const PACKAGE_SHAPE = /^[\p{L}\p{M}']+(?:[ -][\p{L}\p{M}']+)*$/u;
const ASCII_WORD = /^[a-z]+$/;

/** The curated file of each kind and its default label. */
const CURATED: readonly { kind: NameListKind; file: string; label: string; purpose: string }[] = [
  { kind: 'placeholder', file: 'placeholder.txt', label: 'placeholder', purpose: 'placeholder names and words' },
  {
    kind: 'placeholder',
    file: 'placeholder-common-name.txt',
    label: `form example${COMMON_REAL_NAME_MARK}`,
    purpose: 'form examples that are also very common real names in their country',
  },
  { kind: 'placeholder_title', file: 'placeholder-title.txt', label: 'title', purpose: 'titles given as a name' },
  { kind: 'fictional', file: 'fictional.txt', label: 'fictional', purpose: 'well-known fictional characters and Middle-earth' },
  { kind: 'famous', file: 'famous.txt', label: 'famous', purpose: 'famous real people, category per row' },
  { kind: 'humorous', file: 'humorous.txt', label: 'prank name', purpose: 'joke names' },
  { kind: 'vulgar', file: 'vulgar.txt', label: 'vulgar', purpose: 'vulgar words, English and major languages' },
];

/** Fictional-name packages: the JSON file each ships and the label of its entries. */
const PACKAGES: readonly { pkg: string; files: readonly string[]; label: string }[] = [
  { pkg: 'superheroes', files: ['superheroes.json'], label: 'superhero' },
  { pkg: 'supervillains', files: ['supervillains.json'], label: 'supervillain' },
  { pkg: 'starwars-names', files: ['dist/starwars-names.json'], label: 'Star Wars' },
  {
    pkg: 'pokemon',
    files: ['data/en.json', 'data/de.json', 'data/fr.json', 'data/es.json', 'data/ja.json', 'data/ko.json', 'data/ru.json', 'data/th.json', 'data/zh-hans.json'],
    label: 'Pokémon',
  },
];

/**
 * Tells whether a folded token is an ordinary real name, so a package entry
 * made only of such tokens is not flagged. `alone` is true for a one-word
 * entry ("Paras", "Durant"), which is judged more strictly.
 */
export type IsCommonName = (token: string, alone: boolean) => boolean;

/**
 * Builds the lists and returns their manifest entries. `isCommonName`
 * decides which package entries to drop: the comic and Star Wars packages
 * list hundreds of minor characters with ordinary names ("Alex Wilder",
 * "Owen Lars"); an entry whose every token is a common real first or last
 * name would flag real customers, so it is kept only if the curated list
 * names it (peter parker, bruce wayne…).
 */
/** Tells whether "first last" is a pairing of a very common given name and a very common surname. */
export type IsCommonPair = (first: string, last: string) => boolean;

/** Full-name kinds whose two-word entries are checked against IsCommonPair. */
const MARKED_KINDS: ReadonlySet<NameListKind> = new Set(['famous', 'fictional', 'humorous']);

export function buildLists(script: string, isCommonName: IsCommonName, isCommonPair: IsCommonPair): ManifestEntry[] {
  const kinds = new Map<NameListKind, Map<string, string>>(NAME_LIST_KINDS.map((k) => [k, new Map()]));
  const manifest: ManifestEntry[] = [];
  const add = (kind: NameListKind, entry: string, label: string): void => {
    const m = kinds.get(kind);
    if (m !== undefined && !m.has(entry)) m.set(entry, label);
  };

  for (const c of CURATED) {
    const { rows, bytes } = readRawList(c.file, c.label);
    for (const row of rows) {
      add(c.kind, row.entry, row.label);
      // "Mr." and "Mr" are both typed; the fold keeps dots, so list both.
      if (c.kind === 'placeholder_title' && ASCII_WORD.test(row.entry)) add(c.kind, `${row.entry}.`, row.label);
    }
    manifest.push({
      file: `raw/name/${c.file}`,
      source: `data/raw/name/${c.file} (curated for identity-signals)`,
      licence: 'MIT (written for identity-signals)',
      date: TODAY,
      sha256: sha256(bytes),
      notes: `${c.purpose}: ${rows.length} rows → list '${c.kind}'`,
    });
  }

  for (const p of PACKAGES) {
    const version = packageVersion(p.pkg);
    let kept = 0;
    let dropped = 0;
    const hashes: string[] = [];
    for (const file of p.files) {
      const bytes = readFileSync(join(ROOT, 'node_modules', p.pkg, file));
      hashes.push(sha256(bytes));
      for (const raw of JSON.parse(bytes.toString('utf8')) as string[]) {
        const entry = foldName(raw);
        if (entry === '' || !PACKAGE_SHAPE.test(entry)) {
          dropped++;
          continue;
        }
        const tokens = entry.split(/[ -]/);
        if (tokens.every((t) => isCommonName(t, tokens.length === 1))) {
          dropped++;
          continue;
        }
        kept++;
        add('fictional', entry, p.label);
      }
    }
    manifest.push({
      file: `${NAME_LISTS.file}#${p.pkg}`,
      source: `${p.pkg}@${version} (${p.files.join(', ')})`,
      licence: 'MIT',
      date: TODAY,
      sha256: hashes.length === 1 ? (hashes[0] ?? '') : sha256(hashes.join('\n')),
      notes: `${kept} entries kept as '${p.label}'; ${dropped} dropped (not a name shape, or every token a common real name)`,
    });
  }

  // "Thomas Müller", "Chris Brown", "Joe King": famous or funny, but also
  // borne by thousands of real people. Keep them, and say so in the label
  // (COMMON_REAL_NAME_MARK) so the check can weigh them lower.
  let marked = 0;
  for (const kind of MARKED_KINDS) {
    const m = kinds.get(kind);
    if (m === undefined) continue;
    for (const [entry, label] of m) {
      const parts = entry.split(' ');
      if (parts.length === 2 && isCommonPair(parts[0] ?? '', parts[1] ?? '')) {
        m.set(entry, `${label}${COMMON_REAL_NAME_MARK}`);
        marked++;
      }
    }
  }

  // One line table over every entry (src/name/data/lineTable.ts): "entry\t<label id per kind>".
  const labels = new Interner<string>();
  const ids = new Map<string, string[]>();
  const counts: Record<string, number> = {};
  NAME_LIST_KINDS.forEach((kind, k) => {
    const m = kinds.get(kind) ?? new Map<string, string>();
    counts[kind] = m.size;
    for (const [entry, label] of [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      let row = ids.get(entry);
      if (row === undefined) ids.set(entry, (row = NAME_LIST_KINDS.map(() => '')));
      row[k] = String(labels.id(label));
    }
  });
  // Sound-alike keys (src/name/sound.ts) of the entries of two or more words,
  // computed here rather than on the first check: the first entry in sorted order wins a key.
  const bySound = (kind: 'placeholder' | 'humorous'): string => {
    const keys = new Map<string, string>();
    for (const entry of [...(kinds.get(kind)?.keys() ?? [])].sort()) {
      if (!entry.includes(' ')) continue;
      const key = soundKey(entry);
      if (key !== '' && !keys.has(key)) keys.set(key, entry);
    }
    return LineTable.textOf(keys);
  };
  const out: ListsData = {
    labels: labels.values,
    entries: LineTable.textOf([...ids].map(([entry, row]): [string, string] => [entry, row.join('\t')])),
    bySound: { placeholder: bySound('placeholder'), humorous: bySound('humorous') },
  };
  writeDataset(script, NAME_LISTS, out, {
    source: 'data/raw/name/*.txt (curated) + fictional-name packages (pokemon, starwars-names, superheroes, supervillains; data/raw/inputs.json)',
    licence: 'MIT',
    retrieved: TODAY,
    notes: `${NAME_LIST_KINDS.map((k) => `${k}: ${counts[k] ?? 0}`).join(', ')}; ${marked} full names marked '${COMMON_REAL_NAME_MARK.trim()}'`,
  });
  return manifest;
}
