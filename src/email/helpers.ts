/**
 * The module-level helpers: one-call functions of the e-mail lists and the
 * typo index, reading the tables of the checker `checkEmail` uses without
 * options (the one-call functions' bundle).
 */
import { domainToASCII } from 'node:url';
import { sharedEmailTables } from './checkEmail.js';
import { isFreeProvider, matchDisposable, matchRole } from './lists.js';
import { suggestAsciiDomain } from './suggest.js';

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
  return ascii !== null && matchDisposable(sharedEmailTables(), ascii, options.secondOpinion !== false) !== null;
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
  return ascii !== null && isFreeProvider(sharedEmailTables(), ascii);
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
  return typeof localPart === 'string' && localPart.length > 0 && localPart.length <= 64 && matchRole(sharedEmailTables().roles, localPart) !== null;
}

/**
 * The popular mail domain that `domain` is most likely a misspelling of,
 * else `null`. Never corrects a popular domain itself (or a reviewed
 * genuine near-miss); valid TLDs are corrected only where people typo
 * `.com`/`.net` (`gmail.co` → `gmail.com`); two-letter and three-letter
 * provider names (aol, msn, gmx) only get their TLD fixed.
 *
 * @param domain a domain in any case, ASCII or Unicode
 * @returns the suggested domain or `null`
 * @example
 * suggestDomain('gmial.com');  // 'gmail.com'
 * suggestDomain('hotmail.con'); // 'hotmail.com'
 * suggestDomain('yahoo');       // 'yahoo.com' (suffix forgotten)
 * suggestDomain('gmail.com');  // null
 * suggestDomain('acme.com');   // null
 */
export function suggestDomain(domain: string): string | null {
  if (typeof domain !== 'string' || domain.length === 0 || domain.length > 253) return null;
  const ascii = domainToASCII(domain.trim());
  if (ascii === '') return null;
  const tables = sharedEmailTables();
  return suggestAsciiDomain(ascii, tables.popular, tables.icann);
}
