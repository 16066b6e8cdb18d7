import { describe, expect, it } from 'vitest';
import { confusableDetail } from '../../src/email/confusable.js';

describe('confusableDetail', () => {
  it('returns null for ASCII and single-script text', () => {
    expect(confusableDetail('jane.doe')).toBeNull();
    expect(confusableDetail('jöran')).toBeNull();
    expect(confusableDetail('коля')).toBeNull();
    expect(confusableDetail('たなか例')).toBeNull();
  });

  it('flags Latin mixed with Cyrillic or Greek', () => {
    expect(confusableDetail('pаypal')).toBe('mixed scripts: Cyrillic + Latin');
    expect(confusableDetail('gοοgle')).toBe('mixed scripts: Greek + Latin');
  });

  it('flags a whole-script look-alike of a Latin word', () => {
    expect(confusableDetail('аррӏе')).toBe('only Cyrillic letters that look Latin');
  });

  it('flags a non-Latin script mixed into CJK', () => {
    expect(confusableDetail('例кот')).toMatch(/^mixed scripts/);
  });
});
