/**
 * Form examples split in two (data/raw/name/placeholder.txt and
 * placeholder-common-name.txt): a made-up or rare form example (Joe Bloggs,
 * Ola Nordmann) stays NAME_PLACEHOLDER; one that is also a very common real
 * name in its country (Janez Novak, Ion Popescu) is the milder
 * NAME_PLACEHOLDER_COMMON, never a gate. The examples are other countries'
 * than the ones that prompted the split.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCommonRealNameLabel, matchNameList } from '../../src/name/data/index.js';
import { checkName, NAME_SCORE_MODEL } from '../../src/name/index.js';
import { foldName } from '../../src/name/data/fold.js';
import { tables } from './tables.js';

const codes = (first: string, last: string): string[] => checkName(first, last).reasons.map((r) => r.code);

describe('form examples that are also common real names', () => {
  it.each([
    ['Janez', 'Novak'],
    ['Ivan', 'Horvat'],
    ['Petar', 'Petrović'],
    ['Sven', 'Svensson'],
    ['Ion', 'Popescu'],
    ['Juan', 'dela Cruz'],
    ['Jan', 'Jansen'],
    ['Marie', 'Dupont'],
  ])('%s %s is NAME_PLACEHOLDER_COMMON, not NAME_PLACEHOLDER', (first, last) => {
    const r = checkName(first, last);
    const c = r.reasons.map((x) => x.code);
    expect(c).toContain('NAME_PLACEHOLDER_COMMON');
    expect(c).not.toContain('NAME_PLACEHOLDER');
    expect(r.risk_type).toBe('PLACEHOLDER');
    // Still a risk: below what the same two known names score without it.
    expect(r.score).toBeLessThan(checkName(first, 'Hartwell').score);
  });

  it('weighs less than a made-up form example with the same known parts', () => {
    // Tommy Atkins (the British soldier of forms) is known first + known last like Ion Popescu.
    const pure = checkName('Tommy', 'Atkins');
    expect(pure.reasons.map((x) => x.code)).toContain('NAME_PLACEHOLDER');
    expect(checkName('Ion', 'Popescu').score).toBeGreaterThan(pure.score);
  });

  it('follows a misspelling to the entry it sounds like', () => {
    expect(codes('Ion', 'Popesku')).toContain('NAME_PLACEHOLDER_COMMON');
    expect(codes('Jon', 'Doe')).toContain('NAME_PLACEHOLDER');
    expect(codes('Jon', 'Doe')).not.toContain('NAME_PLACEHOLDER_COMMON');
  });

  it.each([
    ['Joe', 'Bloggs'],
    ['Ola', 'Nordmann'],
    ['Matti', 'Meikäläinen'],
    ['Fulano', 'de Tal'],
    ['Vasya', 'Pupkin'],
    ['Taro', 'Yamada'],
    ['Richard', 'Roe'],
    ['Nguyen', 'Van A'],
  ])('the made-up or rare form example %s %s stays NAME_PLACEHOLDER', (first, last) => {
    const c = codes(first, last);
    expect(c).toContain('NAME_PLACEHOLDER');
    expect(c).not.toContain('NAME_PLACEHOLDER_COMMON');
  });

  it('is never a gate: its known parts earn no trust, so it reads as nothing known (500, review)', () => {
    const common = NAME_SCORE_MODEL.signals.NAME_PLACEHOLDER_COMMON;
    expect(common.kind).toBe('risk');
    expect(common.capBand).toBeUndefined();
    for (const [first, last] of [['Janez', 'Novak'], ['Sven', 'Svensson'], ['Ion', 'Popesku']] as const) {
      const r = checkName(first, last);
      expect(r.score, `${first} ${last}`).toBe(500);
      expect(r.reasons.map((x) => x.code), `${first} ${last}`).not.toContain('NAME_LAST_KNOWN');
    }
  });
});

describe('data/raw/name/placeholder-common-name.txt', () => {
  const rows = readFileSync(join(import.meta.dirname, '../../data/raw/name/placeholder-common-name.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));

  it('every entry is built with the common-real-name label (none is shadowed by placeholder.txt)', () => {
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(isCommonRealNameLabel(matchNameList(tables.lists, 'placeholder', foldName(row)) ?? ''), row).toBe(true);
  });

  it('every two-word Latin entry reads as a known given name and a known surname', () => {
    // A made-up surname (Mustermann, Bloggs) moved here by mistake fails this.
    // Romanised Korean given names are not in the given-name tables: for
    // those rows the surname (Kim) is checked, the given name is the source's word.
    const surnameOnly = new Set(['kim cheolsu', 'kim chul-soo']);
    let checked = 0;
    for (const row of rows.filter((r) => /^[a-z-]+ [a-z-]+$/.test(r))) {
      const [a, b] = row.split(' ') as [string, string];
      // Each part beside a made-up one: together they are the form example, whose known parts earn no trust.
      const known = (first: string, last: string): boolean =>
        (surnameOnly.has(row) || codes(first, 'Hartwell').some((x) => x.startsWith('NAME_FIRST_KNOWN'))) && codes('Hartwell', last).includes('NAME_LAST_KNOWN');
      expect(known(a, b) || known(b, a) || (surnameOnly.has(row) && codes('Hartwell', a).includes('NAME_LAST_KNOWN')), row).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });
});
