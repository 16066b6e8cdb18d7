import { describe, expect, it } from 'vitest';
import { openData } from '../../src/data/context.js';
import { POPULAR_DOMAINS } from '../../src/email/data/formats.js';
import { suggestDomain } from '../../src/email/helpers.js';

describe('suggestDomain', () => {
  it('corrects common misspellings of the big providers', () => {
    expect(suggestDomain('gmial.com')).toBe('gmail.com');
    expect(suggestDomain('hotmial.com')).toBe('hotmail.com');
    expect(suggestDomain('yaho.com')).toBe('yahoo.com');
    expect(suggestDomain('gmail.con')).toBe('gmail.com');
    expect(suggestDomain('outlok.com')).toBe('outlook.com');
  });

  it('corrects TLD slips, including valid ccTLDs only for popular names', () => {
    expect(suggestDomain('gmail.cmo')).toBe('gmail.com');
    expect(suggestDomain('gmail.co')).toBe('gmail.com');
    expect(suggestDomain('aol.cm')).toBe('aol.com');
    expect(suggestDomain('acme.co')).toBeNull();
    expect(suggestDomain('gmail.de')).toBeNull();
    expect(suggestDomain('yahoo.com.uk')).toBe('yahoo.co.uk');
  });

  it('accepts any case and Unicode input', () => {
    expect(suggestDomain('GMIAL.COM')).toBe('gmail.com');
    expect(suggestDomain('ＧＭＩＡＬ.com')).toBe('gmail.com');
    expect(suggestDomain('')).toBeNull();
  });

  it('never corrects a popular domain or a reviewed genuine one', () => {
    const data = openData(undefined).bundle.load(POPULAR_DOMAINS);
    const corrected = [...data.domains.map((d) => d.domain), ...data.notTypos].filter((d) => suggestDomain(d) !== null);
    expect(corrected).toEqual([]);
  });

  it('leaves short provider names and real words alone', () => {
    for (const domain of ['aon.com', 'line.me', 'outloud.com', 'mail.ro', 'web.com', 'lime.com']) {
      expect(suggestDomain(domain), domain).toBeNull();
    }
  });
});
