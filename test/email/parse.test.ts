import { describe, expect, it } from 'vitest';
import { parseEmailAddress } from '../../src/email/parse.js';

function detail(input: string): string | null {
  const r = parseEmailAddress(input);
  return r.ok ? null : r.detail;
}

describe('parseEmailAddress', () => {
  it('splits a dot-atom address and lower-cases only the domain', () => {
    expect(parseEmailAddress('Jane.Doe@Example.ORG')).toEqual({
      ok: true,
      address: { local: 'Jane.Doe', domain: 'example.org', domainUnicode: 'example.org', localOctets: 8 },
    });
  });

  it('keeps refused RFC forms distinguishable', () => {
    expect(detail('"jane doe"@iana.org')).toBe('quoted local part');
    expect(detail('jane(comment)@iana.org')).toBe('obsolete form: comment');
    expect(detail('jane @iana.org')).toBe('obsolete form: folding white space');
    expect(detail('jane."doe"@iana.org')).toBe('obsolete form: quoted word in local part');
    expect(detail('jane\\@doe@iana.org')).toBe('obsolete form: quoted pair outside quotes');
    expect(detail('jane@[192.0.2.1]')).toBe('ip literal');
    expect(detail('jane@[IPv6:2001:db8::1]')).toBe('ip literal');
  });

  it('names plain errors', () => {
    expect(detail('')).toBe('empty');
    expect(detail('jane')).toBe('missing @');
    expect(detail('@iana.org')).toBe('empty local part');
    expect(detail('jane@')).toBe('empty domain');
    expect(detail('.jane@iana.org')).toBe('dot at start of local part');
    expect(detail('jane.@iana.org')).toBe('dot at end of local part');
    expect(detail('ja..ne@iana.org')).toBe('consecutive dots in local part');
    expect(detail('ja,ne@iana.org')).toBe('invalid character "," in local part');
    expect(detail('jane@iana..org')).toBe('empty domain label');
    expect(detail('jane@iana.org.')).toBe('domain ends with a dot');
    expect(detail('jane@-iana.org')).toBe('hyphen at start or end of domain label');
    expect(detail('jane@iana_org.com')).toBe('invalid character "_" in domain');
    expect(detail('jane\u0000@iana.org')).toBe('control character');
  });

  it('enforces RFC 5321 length limits in octets', () => {
    expect(parseEmailAddress(`${'a'.repeat(64)}@iana.org`).ok).toBe(true);
    expect(detail(`${'a'.repeat(65)}@iana.org`)).toBe('local part longer than 64 octets');
    // 22 two-octet letters + 21 ASCII = 65 octets in 43 characters
    expect(detail(`${'é'.repeat(22)}${'a'.repeat(21)}@iana.org`)).toBe('local part longer than 64 octets');
    expect(parseEmailAddress(`jane@${'a'.repeat(63)}.com`).ok).toBe(true);
    expect(detail(`jane@${'a'.repeat(64)}.com`)).toBe('domain label longer than 63 octets');
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(long.length).toBe(255);
    expect(detail(long)).toBe('address longer than 254 octets');
    expect(detail('x'.repeat(100_000))).toBe('too long: over 1024 characters');
  });

  it('accepts RFC 6531 local parts and round-trips IDN domains', () => {
    const r = parseEmailAddress('коля@Пример.РФ');
    expect(r).toEqual({
      ok: true,
      address: { local: 'коля', domain: 'xn--e1afmkfd.xn--p1ai', domainUnicode: 'пример.рф', localOctets: 8 },
    });
    const puny = parseEmailAddress('jane@xn--bcher-kva.de');
    expect(puny.ok && puny.address.domainUnicode).toBe('bücher.de');
    // Undecodable punycode is well-formed ASCII: checkEmail reports it as EMAIL_INVALID_DOMAIN.
    expect(parseEmailAddress('jane@xn--zz.com')).toMatchObject({ ok: true, address: { domain: 'xn--zz.com', domainUnicode: 'xn--zz.com' } });
    expect(detail('jane@exa mple.рф')).toBe('obsolete form: folding white space');
    expect(detail('ja\u200bne@iana.org')).toBe('invisible, unassigned or private-use character in local part');
  });
});
