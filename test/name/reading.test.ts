/**
 * Joke names by how they read aloud (src/name/reading/reading.ts), tested on names
 * that are not in the curated joke list and not the examples the rule was
 * written from (Mike Hunt, Seymour Butts, Anita Bath are in the list and
 * the module's comments); and on real names, which must not read as jokes.
 */
import { describe, expect, it } from 'vitest';
import { checkName } from '../../src/name/index.js';
import { matchNameList } from '../../src/name/data/index.js';
import { foldName } from '../../src/name/data/fold.js';
import { catchphraseReading, humorousReading } from '../../src/name/reading/reading.js';
import { knownToken } from '../../src/name/tokens.js';
import { realNames } from './fixtures.js';
import { detail, readingDetail } from './readingDetail.js';
import { rd, tables } from './tables.js';

const known = (token: string): boolean => knownToken(tables, token);

/** What checkName says the name reads as (its NAME_HUMOROUS_READING reason), or undefined. */

const JOKES: readonly (readonly [string, string])[] = [
  ['Mike', 'Crotch'],
  ['Harry', 'Nuts'],
  ['Anna', 'Rectum'],
  ['Seymour', 'Nipples'],
  ['May', 'Pooper'],
  ['Ima', 'Stinky'],
  ['Owen', 'Farts'],
  ['Tess', 'Tickles'],
];

describe('joke names by their reading', () => {
  it('catches prank names that no list holds', () => {
    for (const [first, last] of JOKES) {
      expect(matchNameList(tables.lists, 'humorous', foldName(`${first} ${last}`)), `${first} ${last} is listed`).toBeUndefined();
      const r = checkName(first, last);
      expect(r.risk_type, `${first} ${last}`).toBe('HUMOROUS');
      expect(r.reasons.map((x) => x.code)).toContain('NAME_HUMOROUS_READING');
    }
  });

  it('says what the name reads as', () => {
    expect(detail('Seymour', 'Nipples')).toBe('reads as "see more nipples" (SMRNPLS)');
  });

  it('does not read real names as jokes: none of the real fixture, nor ordinary names with a punchline-like surname', () => {
    for (const r of realNames()) {
      const tokens = `${foldName(r.first)} ${foldName(r.last)}`.split(/[ -]/).filter((t) => t !== '');
      expect(humorousReading(rd, tokens, known), `${r.first} ${r.last}`).toBeUndefined();
    }
    // Pairs of ordinary names with a punchline-like surname (Butt, Morin, Cox, Ball are real surnames).
    for (const [first, last] of [['Ali', 'Butt'], ['Adan', 'Morin'], ['Rick', 'Hunt'], ['Peter', 'Cox'], ['Harry', 'Ball']]) {
      expect(detail(first!, last!), `${first} ${last}`).toBeUndefined();
    }
  });

  // Humorous recall: the "bend (her) over" family, a final "-a" said "-er"
  // (non-rhotic English), and a given name that is also a particle (Ben, Al).
  it('reads a final "-a" as "-er" against whole catchphrases (non-rhotic English)', () => {
    for (const [first, last] of [['Bend', 'Herova'], ['Benn', 'Derova'], ['Ben', 'Dherova']] as const) {
      expect(matchNameList(tables.lists, 'humorous', foldName(`${first} ${last}`)), `${first} ${last} is listed`).toBeUndefined();
      const r = checkName(first, last);
      expect(r.risk_type, `${first} ${last}`).toBe('HUMOROUS');
      expect(readingDetail(r), `${first} ${last}`).toMatch(/bend her over/);
    }
    expect(catchphraseReading(rd, ['benn', 'derova'])).toBe('reads as "bend her over" (PNTRFR, "-a" said "-er")');
    // Only whole catchphrases: read "-er", Melissa would split into "me loser", Mendoza into "men tosser".
    for (const [first, last] of [['Melissa', 'Mendoza'], ['Elsa', 'Mann'], ['Lisa', 'Becker'], ['Donna', 'Kis'], ['Ana', 'Dover'], ['Vera', 'Smirnova']]) {
      expect(detail(first!, last!), `${first} ${last}`).toBeUndefined();
    }
  });

  it('reads a given name that is also a particle (Ben, Al) as a name, against catchphrases only', () => {
    // "ben" is a particle (ben = son of): alone in the first-name slot it is the given name Ben.
    expect(checkName('Ben', 'Dherova').risk_type).toBe('HUMOROUS');
    expect(catchphraseReading(rd, ['ben', 'dherova'])).toMatch(/bend her over/);
    // Split into words, such short names read as some phrase too often: Ben Herman is not "boner man".
    for (const [first, last] of [['Ben', 'Herman'], ['Ben', 'Alexander'], ['Al', 'Ozer'], ['Abu', 'Doyle'], ['Ben', 'Osman'], ['Del', 'Thompson']]) {
      expect(detail(first!, last!), `${first} ${last}`).toBeUndefined();
    }
  });
});

describe('joke names with a punchline word spelt in a token', () => {
  // Recall on unseen joke names (test/name/reading-unseen.test.ts): a short punchline word joined to
  // an English word before it, in a token no table knows.
  it('reads a punchline word at the end of an unknown token after an English word', () => {
    for (const [first, last, said] of [['Rob', 'Mybutt', 'my butt'], ['Phil', 'Myhole', 'my hole'], ['Anna', 'Suckdick', 'suck dick'], ['Pat', 'Mybum', 'my bum']] as const) {
      expect(matchNameList(tables.lists, 'humorous', foldName(`${first} ${last}`)), `${first} ${last} is listed`).toBeUndefined();
      const r = checkName(first, last);
      expect(r.risk_type, `${first} ${last}`).toBe('HUMOROUS');
      expect(readingDetail(r), `${first} ${last}`).toBe(`reads as "${said}" (spelt in ${last.toLowerCase()})`);
    }
  });

  it('does not read a known surname, though it is an English word and a punchline word', () => {
    // Sithole (a South African surname the tables know) is "sit" + "hole": only the known-name guard keeps it a name.
    expect(humorousReading(rd, ['thandi', 'sithole'], () => false)).toBe('reads as "sit hole" (spelt in sithole)');
    expect(humorousReading(rd, ['thandi', 'sithole'], known)).toBeUndefined();
    expect(detail('Thandi', 'Sithole')).toBeUndefined();
  });

  it('does not read a punchline word after a head that is no English word of the vocabulary, nor one that starts the token', () => {
    // Hancock, Peacock, Babcock: han, pea, bab are no head words; Assan, Arseno, Hughe are real given names (SSA) no table knows.
    for (const [first, last] of [['Peter', 'Hancock'], ['Mary', 'Peacock'], ['Ann', 'Babcock'], ['John', 'Assan'], ['Maria', 'Arseno'], ['Tom', 'Hughe']] as const) {
      expect(detail(first, last), `${first} ${last}`).toBeUndefined();
    }
  });
});
