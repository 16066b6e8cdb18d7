import { domainToASCII, domainToUnicode } from 'node:url';
import { lazyRequire } from '../common/lazyRequire.js';

/**
 * tldts (the Public Suffix List), loaded on the first domain check: its
 * import builds the suffix tables, which importing the package must not pay for.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a literal require bundlers follow (see lazyRequire)
export const tldts = lazyRequire<typeof import('tldts')>('tldts', () => require('tldts'));

/**
 * Top-level names that never receive mail on the public internet, with the
 * document that reserves each.
 */
const RESERVED_TLDS: ReadonlyMap<string, string> = new Map([
  ['test', 'RFC 2606: .test is reserved for testing'],
  ['example', 'RFC 2606: .example is reserved for documentation'],
  ['invalid', 'RFC 2606: .invalid is reserved to be obviously invalid'],
  ['localhost', 'RFC 2606/6761: localhost is the loopback host'],
  ['local', 'RFC 6762: .local is multicast DNS, link-local only'],
  ['onion', 'RFC 7686: .onion names resolve only inside Tor'],
  ['internal', 'ICANN 2024 resolution: .internal is reserved for private use'],
  ['alt', 'RFC 9476: .alt is reserved for non-DNS resolution'],
]);

/** Registrable domains reserved for documentation (RFC 2606 §3) and home networks (RFC 8375). */
const RESERVED_DOMAINS: ReadonlyMap<string, string> = new Map([
  ['example.com', 'RFC 2606: example.com is reserved for documentation'],
  ['example.net', 'RFC 2606: example.net is reserved for documentation'],
  ['example.org', 'RFC 2606: example.org is reserved for documentation'],
  ['home.arpa', 'RFC 8375: home.arpa is for home networks only'],
]);

/**
 * Why a lower-case ASCII domain is reserved (never receives public mail),
 * else null. Subdomains count: `mail.example.com`, `printer.local`.
 *
 * @example
 * reservedDomainReason('shop.example.com'); // 'RFC 2606: example.com is reserved for documentation'
 * reservedDomainReason('acme.com');         // null
 */
export function reservedDomainReason(domain: string): string | null {
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  const byTld = RESERVED_TLDS.get(tld);
  if (byTld !== undefined) return byTld;
  const secondDot = domain.lastIndexOf('.', domain.length - tld.length - 2);
  const registrable = secondDot < 0 ? domain : domain.slice(secondDot + 1);
  return RESERVED_DOMAINS.get(registrable) ?? null;
}

const TLDTS_OPTIONS = Object.freeze({
  allowPrivateDomains: false,
  detectIp: false,
  extractHostname: false,
  validateHostname: false,
  mixedInputs: false,
});

/**
 * Null when the domain ends in an ICANN public suffix and has a registrable
 * name before it (Public Suffix List via tldts) and its punycode labels
 * decode; else why it cannot receive mail: an unknown or numeric TLD
 * (`acme.con`, `iana.123`, single labels), a dotted quad without brackets,
 * a bare suffix (`co.uk`) or undecodable punycode (`xn--zz.com`).
 */
export function publicSuffixProblem(domain: string, psl: typeof import('tldts')): string | null {
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  // RFC 3696 §2: no TLD is all-numeric; a dotted quad is an IP address written without brackets.
  if (isDigits(tld)) return isDottedQuad(domain) ? 'IP address without brackets, not a domain' : `numeric top-level domain ".${tld}"`;
  const parsed = psl.parse(domain, TLDTS_OPTIONS);
  if (parsed.isIcann !== true) return `unknown top-level domain ".${tld}"`;
  if (parsed.domain === null) return `"${domain}" is a public suffix, not a mail domain`;
  if (domain.includes('xn--') && !punycodeRoundTrips(domain)) return 'a punycode (xn--) label does not decode to a valid IDN';
  return null;
}

function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

function isDottedQuad(domain: string): boolean {
  const parts = domain.split('.');
  return parts.length === 4 && parts.every((p) => isDigits(p) && p.length <= 3 && Number(p) <= 255);
}

/** True when every xn-- label decodes and encodes back to itself (IDNA round trip). */
function punycodeRoundTrips(domain: string): boolean {
  const unicode = domainToUnicode(domain);
  return unicode !== '' && domainToASCII(unicode) === domain;
}
