/**
 * Every regular expression of the IP check, in one place (docs/style.md §12).
 * All are linear: anchored, no nested quantifiers, and only ever run on
 * input already capped at {@link MAX_IP_LENGTH} characters (AS names: at
 * {@link MAX_AS_NAME_LENGTH}).
 */

/** Longest textual IP address: `ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255` (45 chars). */
export const MAX_IP_LENGTH = 45;

/** AS organisation names are truncated to this before the usage rules run. */
export const MAX_AS_NAME_LENGTH = 200;

/**
 * Strict dotted-quad IPv4: four decimal octets 0–255 without leading zeros
 * (`010.0.0.1` is octal to some parsers and decimal to others, so it is
 * rejected rather than guessed), no hex, no short forms (`1.2.3`).
 */
export const IPV4_DOTTED = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * Characters an IPv6 address may contain. Checked before `node:net` isIP,
 * which accepts zone ids (`fe80::1%eth0`): a zone id only means something on
 * the host that wrote it, so it is rejected.
 */
export const IPV6_CHARS = /^[\d.:a-f]+$/i;

/**
 * AS-name usage rules, tried in this order (first match wins). Each maps a
 * word that an AS organisation name only carries when the network is of
 * that kind; documented with examples in docs/ip.md.
 */
export const AS_NAME_RULES: readonly (readonly [code: 'MIL' | 'GOV' | 'LIB' | 'EDU' | 'MOB' | 'ISP' | 'COM' | 'ORG', pattern: RegExp])[] = [
  // "DoD Network Information Center", "Ministry of Defence", "US Army", "Air Force Systems Networking".
  ['MIL', /\b(?:department of defen[cs]e|ministry of defen[cs]e|dod network information center|armed forces|air force|army|navy|military|marine corps|defen[cs]e information systems agency)\b/i],
  // "Government of …", "Ministerio de …", "City of …", "Department of Transportation".
  ['GOV', /\b(?:government|ministry|ministerio|minist[eè]re|ministero|bundesamt|parliament|municipality|city of|county of|department of)\b/i],
  ['LIB', /\b(?:librar(?:y|ies)|biblioth[eè]\w*|bibliotek\w*|biblioteca)\b/i],
  // Universities, colleges, schools and national research-and-education networks.
  ['EDU', /\b(?:universit\w*|universidad\w*|college|school|academy|academic|polytechnic|politecnico|hochschule|institute of technology|education)\b/i],
  // "T-Mobile", "Mobile TeleSystems", "AT&T Mobility", "… Cellular". Not "wireless":
  // many fixed-wireless rural ISPs carry it.
  ['MOB', /\b(?:mobile|mobil|mobility|cellular|movil|móvil)\b/i],
  ['ISP', /\b(?:telecom\w*|telekom\w*|telefonica|telefónica|telco|communications|broadband|cable|fib(?:er|re)|internet service|isp|dsl|telephone|telephony)\b/i],
  // Businesses that run their own network for their own staff.
  ['COM', /\b(?:bank|banco|banque|insurance|airlines?|airways|pharmaceuticals?|motors|automotive|retail|hotels?|casino)\b/i],
  ['ORG', /\b(?:foundation|association|non-?profit|charity|church|society)\b/i],
];
