import { parse } from 'tldts';

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
 * name before it (Public Suffix List via tldts); else why it cannot receive
 * mail: an unknown TLD (`acme.con`, single labels) or a bare suffix (`co.uk`).
 */
export function publicSuffixProblem(domain: string): string | null {
  const parsed = parse(domain, TLDTS_OPTIONS);
  if (parsed.isIcann !== true) return `unknown top-level domain ".${domain.slice(domain.lastIndexOf('.') + 1)}"`;
  if (parsed.domain === null) return `"${domain}" is a public suffix, not a mail domain`;
  return null;
}
