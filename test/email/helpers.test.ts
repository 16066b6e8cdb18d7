import { describe, expect, it } from 'vitest';
import { isDisposableDomain, isFreeProviderDomain, isRoleLocalPart } from '../../src/email/helpers.js';
import { reservedDomainReason } from '../../src/email/domain.js';

describe('narrow helpers', () => {
  it('isDisposableDomain', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('MAILINATOR.COM')).toBe(true);
    expect(isDisposableDomain('a.b.mailinator.com')).toBe(true);
    expect(isDisposableDomain('gmail.com')).toBe(false);
    expect(isDisposableDomain('tom.com')).toBe(false);
    expect(isDisposableDomain('')).toBe(false);
    expect(isDisposableDomain('com')).toBe(false);
  });

  it('isFreeProviderDomain', () => {
    expect(isFreeProviderDomain('gmail.com')).toBe(true);
    expect(isFreeProviderDomain('web.de')).toBe(true);
    expect(isFreeProviderDomain('mailinator.com')).toBe(false);
    expect(isFreeProviderDomain('acme-widgets.com')).toBe(false);
  });

  it('isRoleLocalPart', () => {
    expect(isRoleLocalPart('info+newsletter')).toBe(true);
    expect(isRoleLocalPart('No_Reply')).toBe(true);
    expect(isRoleLocalPart('do.not.reply')).toBe(true);
    expect(isRoleLocalPart('jane.doe')).toBe(false);
    expect(isRoleLocalPart('')).toBe(false);
  });

  it('reservedDomainReason', () => {
    expect(reservedDomainReason('shop.example.com')).toMatch(/RFC 2606/);
    expect(reservedDomainReason('nas.local')).toMatch(/RFC 6762/);
    expect(reservedDomainReason('router.home.arpa')).toMatch(/RFC 8375/);
    expect(reservedDomainReason('examples.com')).toBeNull();
    expect(reservedDomainReason('acme.com')).toBeNull();
  });
});
