import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { checkName, createNameCheck, NAME_SCORE_MODEL } from '../../src/name/index.js';

const codes = (first: string, last: string): string[] => checkName(first, last).reasons.map((r) => r.code);

describe('checkName: result shape', () => {
  it('returns the spec fields, value as "First,Last" in the caller spelling', () => {
    const r = checkName('  Siobhan ', "O'Shaughnessy");
    expect(r.value).toBe("  Siobhan ,O'Shaughnessy");
    expect(r.normalized).toEqual({ first: 'Siobhan', last: "O'Shaughnessy" });
    expect(r).toMatchObject({ gender: 'F', is_valid: true, risk_type: null });
    expect(Number.isInteger(r.score)).toBe(true);
    expect(['very_low', 'low', 'review', 'high', 'very_high']).toContain(r.score_cluster);
    expect(r.reasons.reduce((s, x) => s + x.points, 0)).toBe(r.score);
  });

  it('normalises: trims, collapses inner spaces, NFC', () => {
    const r = checkName('Jose\u0301   Maria', '  de   la  Cruz ');
    expect(r.normalized).toEqual({ first: 'José Maria', last: 'de la Cruz' });
  });

  it('lifts a known first name with a clear gender and a known surname', () => {
    const known = checkName('Małgorzata', 'Nowak');
    expect(known.score).toBeGreaterThan(checkName('Qintarra', 'Nowak').score);
    expect(codes('Małgorzata', 'Nowak')).toEqual(expect.arrayContaining(['NAME_FIRST_KNOWN', 'NAME_LAST_KNOWN']));
  });

  it('uses scoring options (bands) and rejects bad options', () => {
    const check = createNameCheck({ scoring: { bands: 'scorecard' } });
    expect(check('Jane', 'Hartwell').score).toBe(checkName('Jane', 'Hartwell').score);
    expect(() => createNameCheck({ scoring: { weights: { NAME_NOPE: 0.5 } } } as never)).toThrow(InputError);
    expect(() => createNameCheck('x' as never)).toThrow(InputError);
  });

  it('throws InputError for non-strings only', () => {
    expect(() => checkName(1 as never, 'x')).toThrow(InputError);
    expect(() => checkName('x', undefined as never)).toThrow(InputError);
    expect(checkName('', '').risk_type).toBe('INVALID');
  });

  it('has a score model entry for every code it can raise', () => {
    expect(NAME_SCORE_MODEL.product).toBe('name');
    expect(NAME_SCORE_MODEL.clusters).toEqual(['very_low', 'low', 'review', 'high', 'very_high']);
  });
});

describe('checkName: names of every script and shape pass', () => {
  it.each([
    ['Zbigniew', 'Brzezinski'],
    ['Nguyen Thi Minh', 'Khai'],
    ['Siobhan', "O'Shaughnessy"],
    ['Oluwaseun', 'Adebayo'],
    ['Mohamed', 'Mohamed'],
    ['Abdullah', 'Abdullah'],
    ['Ali', 'Ali'],
    ['John', 'Johnson'],
    ['Fernando', 'Fernández'],
    ['Jill', 'Hill'],
    ['Haider', 'al-Maliki'],
    ['Ahmad Faizal', 'bin Ismail'],
    ['Sanne', 'van der Berg'],
    ['Declan', 'O’Sullivan'],
    ['Дмитрий', 'Волков'],
    ['Γεώργιος', 'Παπαδάκης'],
    ['محمد', 'رضایی'],
    ['יעל', 'כהן'],
    ['राहुल', 'शर्मा'],
    ['伟', '王'],
    ['さくら', '高橋'],
    ['민준', '김'],
    ['สมชาย', 'ใจดี'],
    ['Xiuying', 'Wang'],
    ['J.', 'Thornton'],
    ['Dr. Jane', 'Hartwell'],
  ])('%s %s', (first, last) => {
    const r = checkName(first, last);
    expect(r.risk_type, JSON.stringify(r.reasons)).toBeNull();
    expect(r.is_valid).toBe(true);
  });
});

describe('checkName: risk types in order of evidence', () => {
  it.each([
    ['John', '123', 'INVALID', 'NAME_DIGITS'],
    ['a@b.com', 'Smith', 'INVALID', 'NAME_EMAIL'],
    ['www.x.com', 'Smith', 'INVALID', 'NAME_URL'],
    ['Sam', '🙂', 'INVALID', 'NAME_EMOJI'],
    ['Jo\u0000hn', 'Smith', 'INVALID', 'NAME_CONTROL_CHARS'],
    ['Eva', 'Kl\u200bein', 'INVALID', 'NAME_CONTROL_CHARS'],
    ['Mark', 'Smith & Co', 'INVALID', 'NAME_SYMBOLS'],
    ['', 'Smith', 'INVALID', 'NAME_EMPTY'],
    ['A B C D E F', 'Smith', 'INVALID', 'NAME_TOO_MANY_WORDS'],
    ['x'.repeat(51), 'Smith', 'INVALID', 'NAME_TOO_LONG'],
    ['x'.repeat(10_000), 'Smith', 'INVALID', 'NAME_TOO_LONG'],
    ['...', 'Smith', 'INVALID', 'NAME_NO_LETTERS'],
    ['John', 'S', 'INVALID', 'NAME_SINGLE_LETTER'],
    ['J.', 'K.', 'INVALID', 'NAME_SINGLE_LETTER'],
    ['John', 'Doe', 'PLACEHOLDER', 'NAME_PLACEHOLDER'],
    ['N/A', 'N/A', 'PLACEHOLDER', 'NAME_PLACEHOLDER'],
    ['Mr', 'Smith', 'PLACEHOLDER_TITLE', 'NAME_TITLE_AS_NAME'],
    ['Luke', 'Skywalker', 'FICTIONAL', 'NAME_FICTIONAL'],
    ['Barack', 'Obama', 'FAMOUS', 'NAME_FAMOUS'],
    ['Hugh', 'Jass', 'HUMOROUS', 'NAME_HUMOROUS'],
    ['Oliver', 'Klozoff', 'HUMOROUS', 'NAME_HUMOROUS'],
    ['Dick', 'Head', 'HUMOROUS', 'NAME_VULGAR'],
    ['Anna', 'Anna', 'STRING_SIMILARITY', 'NAME_PARTS_SIMILAR'],
    ['Smith', 'Smith', 'STRING_SIMILARITY', 'NAME_PARTS_SIMILAR'],
    ['Sarah', 'Sara', 'STRING_SIMILARITY', 'NAME_PARTS_SIMILAR'],
    ['qwerty', 'Smith', 'RANDOM_TYPING', 'NAME_KEYBOARD_WALK'],
    ['jkjkjk', 'Smith', 'RANDOM_TYPING', 'NAME_REPEATED_PATTERN'],
    ['John', 'Kdjfhs', 'RANDOM_TYPING', 'NAME_NO_VOWELS'],
    ['Maria', 'Xqozptw', 'RANDOM_TYPING', 'NAME_UNLIKELY_LETTERS'],
    ['Jоhn', 'Smith', 'OTHER', 'NAME_MIXED_SCRIPT'],
    ['Jo--hn', 'Smith', 'OTHER', 'NAME_ODD_PUNCTUATION'],
    ['Google', 'LLC', 'OTHER', 'NAME_ORGANIZATION'],
    ['Jhon', 'Doe', 'PLACEHOLDER', 'NAME_PLACEHOLDER'],
    ['Captain', 'America', 'FICTIONAL', 'NAME_FICTIONAL'],
  ])('%s %s → %s', (first, last, risk, code) => {
    const r = checkName(first, last);
    expect(r.risk_type).toBe(risk);
    expect(r.is_valid).toBe(false);
    expect(r.reasons.map((x) => x.code)).toContain(code);
  });

  it('gates invalid input and random typing to the bottom band', () => {
    for (const [f, l] of [['John', '123'], ['asdfgh', 'Smith'], ['Xqzvt', 'Plkmrw']] as const) {
      expect(checkName(f, l).score).toBeLessThanOrEqual(199);
      expect(checkName(f, l).score_cluster).toBe('very_low');
    }
  });

  it('lowers list matches without gating them', () => {
    const fictional = checkName('Luke', 'Skywalker').score;
    expect(fictional).toBeLessThan(checkName('Luke', 'Hartwell').score);
    expect(fictional).toBeGreaterThan(0);
  });
});

describe('checkName: gender', () => {
  it('reads the first given name, then its first token', () => {
    expect(checkName('Mary-Kate', 'Olsen-Hartwell').gender).toBe('F');
    expect(checkName('Giuseppe', 'Esposito').gender).toBe('M');
    expect(checkName('Ana Clara', 'Nascimento').gender).toBe('F');
  });
  it('is null for unisex or unknown names, with an info reason', () => {
    const r = checkName('Taylor', 'Hartwell');
    expect(r.gender).toBeNull();
    expect(r.reasons.map((x) => x.code)).toContain('NAME_GENDER_UNKNOWN');
    expect(checkName('Qintarra', 'Hartwell').gender).toBeNull();
  });
  it('falls back on gendered surname endings, and on a title given as first name', () => {
    expect(checkName('Qintarra', 'Smirnova').gender).toBe('F');
    expect(checkName('Qintarro', 'Brzeziński').gender).toBe('M');
    expect(checkName('Mrs', 'Jones').gender).toBe('F');
    expect(checkName('Herr', 'Müller').gender).toBe('M');
  });
});

describe('checkName: initials rule', () => {
  it('accepts an initial as first name with a small penalty', () => {
    const r = checkName('J.', 'Thornton');
    expect(r.is_valid).toBe(true);
    expect(r.reasons.map((x) => x.code)).toContain('NAME_INITIAL');
    expect(r.score).toBeLessThan(checkName('James', 'Thornton').score);
  });
  it('treats one CJK character as a name, not an initial', () => {
    expect(checkName('伟', '王').is_valid).toBe(true);
  });
});

describe('checkName: a token with an apostrophe is read by its letters', () => {
  // A part of letters a-z only skips the letters-only copy of its tokens (PartAnalysis.plain); a part with an
  // apostrophe must not, in either part, wherever the token stands.
  it('knows a name written with an inner apostrophe (R’eza: reza), so it is no random typing', () => {
    const r = checkName("R'eza", 'Ramdial', { country: 'TR' });
    expect(r.is_valid).toBe(true);
    expect(r.reasons.map((x) => x.code)).not.toContain('NAME_UNLIKELY_LETTERS');
  });
  it('finds a vulgar word split by an apostrophe in the last name after a plain first name', () => {
    const r = checkName('Xiaoyu', "S'hit");
    expect(r.risk_type).toBe('HUMOROUS');
    expect(r.reasons.map((x) => x.code)).toContain('NAME_VULGAR');
  });
  it('reads a first name with an apostrophe aloud by its letters', () => {
    const r = checkName("My'butt", 'Larissa');
    expect(r.risk_type).toBe('HUMOROUS');
    expect(r.reasons.map((x) => x.code)).toContain('NAME_HUMOROUS_READING');
  });
});
