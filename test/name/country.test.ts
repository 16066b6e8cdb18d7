/**
 * Gender by country: a given name whose sex differs between
 * countries is read in the hinted country, else by the surname's likely
 * origin when that is clear, else null; the hint reaches the check from
 * checkName, createNameCheck, createChecker and a request's `country`.
 * Names other than the examples where possible.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { createChecker } from '../../src/checker.js';
import { resolve } from '../../src/resolve.js';
import { checkName, createNameCheck } from '../../src/name/index.js';
import { maleShareByCountry, romanize, surnameCountries } from '../../src/name/data/index.js';
import { tables } from './tables.js';

describe('gender by country', () => {
  it('keeps per-country shares for names whose sex differs between countries only', () => {
    expect(maleShareByCountry(tables, 'simone')?.get('IT')).toBe(1);
    expect(maleShareByCountry(tables, 'simone')?.get('DE')).toBe(0);
    expect(maleShareByCountry(tables, 'margaret')).toBeUndefined();
    expect(surnameCountries(tables, 'esposito')).toContain('IT');
  });

  it('reads the name in the hinted country', () => {
    expect(checkName('Simone', 'Hartwell', { country: 'IT' }).gender).toBe('M');
    expect(checkName('Simone', 'Hartwell', { country: 'de' }).gender).toBe('F');
    expect(checkName('Gabriele', 'Hartwell', { country: 'IT' }).gender).toBe('M');
    expect(checkName('Nikita', 'Hartwell', { country: 'RU' }).gender).toBe('M');
    // A country with no evidence of its own falls back to the surname.
    expect(checkName('Gabriele', 'Esposito', { country: 'JP' }).gender).toBe('M');
  });

  it('without a hint, reads it by the surname when its origin is clear, else null', () => {
    expect(checkName('Simone', 'Esposito').gender).toBe('M');
    expect(checkName('Simone', 'Esposito').reasons.map((r) => r.code)).toContain('NAME_FIRST_KNOWN');
    const unknownOrigin = checkName('Simone', 'Hartwell');
    expect(unknownOrigin.gender).toBeNull();
    expect(unknownOrigin.reasons.find((r) => r.code === 'NAME_GENDER_UNKNOWN')?.detail).toBe('sex differs between countries');
    // Names read the same everywhere are unaffected.
    expect(checkName('Margaret', 'Esposito').gender).toBe('F');
  });

  it('takes the hint from createNameCheck, per call, from createChecker and from a request', async () => {
    expect(createNameCheck({ country: 'IT' })('Simone', 'Hartwell').gender).toBe('M');
    expect(createNameCheck({ country: 'IT' })('Simone', 'Hartwell', { country: 'FR' }).gender).not.toBe('M');
    const checker = createChecker({ name: { country: 'IT' } });
    expect(checker.name('Simone', 'Hartwell').gender).toBe('M');
    expect(checker.name('Simone', 'Hartwell', { country: 'DE' }).gender).toBe('F');
    const envelope = await resolve({ customer_id: 'c1', claims: ['name'], first_name: 'Simone', last_name: 'Hartwell', country: 'IT' });
    expect(envelope.claims[0] === 'name' && 'name' in envelope ? envelope.name.gender : undefined).toBe('M');
  });

  it('refuses a country that is not two letters', () => {
    expect(() => checkName('Simone', 'Hartwell', { country: 'ITA' })).toThrow(InputError);
    expect(() => createNameCheck({ country: 7 as never })).toThrow(InputError);
    expect(() => createChecker({ name: { country: 'I' } })).toThrow(InputError);
  });
});

describe('names in other scripts', () => {
  it('romanises Cyrillic, Greek, Armenian, Georgian, Hangul and Devanagari', () => {
    expect(romanize('дмитрий')).toEqual(['dmitriy', 'dmitry']);
    expect(romanize('γεωργιοσ')).toEqual(['georgios']);
    expect(romanize('გიორგი')).toEqual(['giorgi']);
    expect(romanize('민준')).toContain('min-joon');
    expect(romanize('सुनील')).toEqual(['sunil']);
    expect(romanize('محمد')).toEqual([]);
  });

  it('finds the gender of a name through its other spellings', () => {
    expect(checkName('Святослав', 'Коваленко').gender).toBe('M');
    expect(checkName('Min-jun', 'Cho').gender).toBe('M');
    expect(checkName('Ji-woo', 'Yoon').is_valid).toBe(true);
  });
});
