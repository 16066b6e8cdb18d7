import { domainToASCII } from 'node:url';
import { isFreeProvider, matchDisposable, matchRole } from './lists.js';

/** Lower-case ASCII form of a domain given in any case or in Unicode; null when it is no domain. */
function asciiDomain(domain: unknown): string | null {
  if (typeof domain !== 'string' || domain.length === 0 || domain.length > 253) return null;
  const ascii = domainToASCII(domain.trim());
  return ascii === '' ? null : ascii;
}

/**
 * True when the domain (or a parent of it) is a disposable mail service:
 * listed by disposable-email-domains, or by mailchecker unless reviewed as
 * a false positive (`secondOpinion: false` skips mailchecker).
 *
 * @param domain a domain in any case, ASCII or Unicode
 * @example
 * isDisposableDomain('mailinator.com');      // true
 * isDisposableDomain('inbox.mailinator.com'); // true (subdomain)
 * isDisposableDomain('gmail.com');           // false
 */
export function isDisposableDomain(domain: string, options: { readonly secondOpinion?: boolean } = {}): boolean {
  const ascii = asciiDomain(domain);
  return ascii !== null && matchDisposable(ascii, options.secondOpinion !== false) !== null;
}

/**
 * True when the domain is a free mail provider: on email-providers' list
 * and not on disposable-email-domains.
 *
 * @param domain a domain in any case, ASCII or Unicode
 * @example
 * isFreeProviderDomain('gmail.com');      // true
 * isFreeProviderDomain('mailinator.com'); // false (disposable)
 * isFreeProviderDomain('acme.com');       // false
 */
export function isFreeProviderDomain(domain: string): boolean {
  const ascii = asciiDomain(domain);
  return ascii !== null && isFreeProvider(ascii);
}

/**
 * True when a local part names a role or shared mailbox
 * (role-based-email-addresses), ignoring case and a plus tag, with `-`, `_`
 * and `.` interchangeable.
 *
 * @param localPart the part before `@`
 * @example
 * isRoleLocalPart('info+newsletter'); // true
 * isRoleLocalPart('No_Reply');        // true
 * isRoleLocalPart('jane.doe');        // false
 */
export function isRoleLocalPart(localPart: string): boolean {
  return typeof localPart === 'string' && localPart.length > 0 && localPart.length <= 64 && matchRole(localPart) !== null;
}
