/**
 * Vocabularies in data (titles and the sex they imply), repeated
 * names judged by frequency data on names other than the three that once
 * set the thresholds, and rare real names with long consonant or vowel runs
 * that must be accepted.
 */
import { describe, expect, it } from 'vitest';
import { checkName } from '../../src/name/index.js';
import { repeatedNameLimits } from '../../src/name/data/index.js';
import { isRepeatableName } from '../../src/name/similarity.js';
import { tables } from './tables.js';

describe('titles are one list, in data', () => {
  it('flags every title given as the name, with the sex it implies', () => {
    for (const [title, sex] of [['Mademoiselle', 'F'], ['Madame', 'F'], ['Mss', 'F'], ['Signorina', 'F'], ['Monsieur', 'M'], ['Señor', 'M']] as const) {
      const r = checkName(title, 'Dubois');
      expect(r.risk_type, title).toBe('PLACEHOLDER_TITLE');
      expect(r.gender, title).toBe(sex);
    }
  });

  it('gives every gendered title a place in the title list (the builder refuses others)', () => {
    for (const title of tables.vocabulary.titleGender.keys()) expect(checkName(title, 'Dubois').risk_type, title).toBe('PLACEHOLDER_TITLE');
  });

  it('reads a lone M as an initial, not as Monsieur', () => {
    expect(checkName('M.', 'Dubois').is_valid).toBe(true);
  });
});

describe('repeated names by frequency data', () => {
  it('takes its limits from the name tables', () => {
    const limits = repeatedNameLimits(tables.vocabulary);
    expect(limits.minSurnameWeight).toBeGreaterThanOrEqual(1);
    expect(limits.maxUsBirths).toBeGreaterThan(10_000);
  });

  it('accepts names of patronymic naming repeated, flags top given names and surnames repeated', () => {
    for (const n of ['Ahmed', 'Hassan', 'Osman', 'Abdi']) {
      expect(isRepeatableName(tables, n.toLowerCase()), n).toBe(true);
      expect(checkName(n, n).is_valid, `${n} ${n}`).toBe(true);
    }
    for (const n of ['Michael', 'Jennifer', 'Smith', 'Garcia']) {
      expect(checkName(n, n).risk_type, `${n} ${n}`).toBe('STRING_SIMILARITY');
    }
  });
});

describe('rare real names with long consonant or vowel runs', () => {
  const MUST_ACCEPT: readonly (readonly [string, string, string])[] = [
    ['Grzegorz', 'Szczęśniak', 'PL'],
    ['Przemysław', 'Chrząszcz', 'PL'],
    ['Szczepan', 'Brzęczyszczykiewicz', 'PL'],
    ['Zdeňka', 'Strnadová', 'CZ'],
    ['Vratislav', 'Smrž', 'CZ'],
    ['Llywelyn', 'ap Gwynfor', 'GB'],
    ['Cadwgan', 'Rhys', 'GB'],
    ['Þórhildur', 'Sigurðardóttir', 'IS'],
    ['Hrafnkell', 'Guðmundsson', 'IS'],
    ['Nguyễn', 'Thị Ngọc Huyền', 'VN'],
    ['Nghiêm', 'Xuân Khương', 'VN'],
    ['Nqobile', 'Mxhosana', 'ZA'],
    ['Xolisile', 'Ngqulunga', 'ZA'],
    ['Nomxolisi', 'Mqhayi', 'ZA'],
    ['Mzekala', 'Tskhvediani', 'GE'],
    ['Tsotne', 'Gvrtskhelidze', 'GE'],
    ['Kealohilani', 'Kaaiawaialae', 'US'],
    ['Iolana', 'Kauaʻiʻole', 'US'],
    ['Orla', 'Ní Dhomhnaill', 'IE'],
  ];
  it('accepts them', () => {
    for (const [first, last, country] of MUST_ACCEPT) {
      const r = checkName(first, last);
      expect(r.is_valid, `${first} ${last} (${country}): ${r.risk_type} ${r.reasons.map((x) => x.code).join(',')}`).toBe(true);
    }
  });
});
