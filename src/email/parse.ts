import { domainToASCII, domainToUnicode } from 'node:url';
import { hasControlChars } from '../common/input.js';
import { FORBIDDEN_NON_ASCII, MAX_INPUT_LENGTH } from './patterns.js';

/**
 * A well-formed address, split and normalised.
 *
 * @example
 * const r = parseEmailAddress('Jane@Bücher.de');
 * if (r.ok) r.address.domain; // 'xn--bcher-kva.de'
 */
export interface ParsedEmailAddress {
  /** The local part as typed (case kept: it is the mailbox owner's business). */
  readonly local: string;
  /** The domain in lower-case ASCII (IDN labels as punycode `xn--…`). */
  readonly domain: string;
  /** The domain in lower-case Unicode (`bücher.de`); equals `domain` for ASCII domains and for punycode that does not decode. */
  readonly domainUnicode: string;
  /** Octets of the local part in UTF-8 (RFC 6531 counts octets, not characters). */
  readonly localOctets: number;
}

/**
 * Outcome of {@link parseEmailAddress}: the parts, or why the address is malformed.
 *
 * @example
 * const r: ParseEmailResult = parseEmailAddress('jane@[192.0.2.1]'); // { ok: false, detail: 'ip literal', domain: '[192.0.2.1]' }
 */
export type ParseEmailResult =
  | { readonly ok: true; readonly address: ParsedEmailAddress }
  | {
      readonly ok: false;
      /** Why, e.g. `quoted local part`, `obsolete form: comment`, `ip literal`. */
      readonly detail: string;
      /** The text after the last `@`, lower case, at most 255 characters; `''` when there is none. */
      readonly domain: string;
    };

/**
 * ASCII `atext` of RFC 5322 §3.2.3 (letters, digits and
 * ``!#$%&'*+-/=?^_`{|}~``), indexed by char code: the dot-atom alphabet.
 */
const ATEXT = (() => {
  const table = new Uint8Array(128);
  for (let c = 0x30; c <= 0x39; c++) table[c] = 1;
  for (let c = 0x41; c <= 0x5a; c++) table[c] = 1;
  for (let c = 0x61; c <= 0x7a; c++) table[c] = 1;
  for (const ch of "!#$%&'*+-/=?^_`{|}~") table[ch.charCodeAt(0)] = 1;
  return table;
})();

const DOT = 0x2e;
const HYPHEN = 0x2d;

/**
 * Splits and validates an address the way real providers do: RFC 5321/5322
 * dot-atom local parts with RFC 6531 UTF-8, LDH domains with IDN labels
 * (punycode must round-trip), 64-octet local parts, 63-octet labels and
 * 254-octet addresses (RFC 5321 §4.5.3.1 with RFC 3696 erratum 1690).
 * Forms the RFCs allow but providers refuse (quoted local parts, comments,
 * folding white space, IP literals) are rejected with a detail naming the
 * form, so callers can tell them apart.
 *
 * Linear in the input; input longer than 1024 characters is rejected
 * before any scan.
 *
 * @param input any string
 * @returns `{ ok: true, address }` or `{ ok: false, detail, domain }`
 * @example
 * parseEmailAddress('Jane.Doe@Bücher.de')
 * // { ok: true, address: { local: 'Jane.Doe', domain: 'xn--bcher-kva.de', domainUnicode: 'bücher.de', localOctets: 8 } }
 * parseEmailAddress('"jane doe"@example.org')
 * // { ok: false, detail: 'quoted local part', domain: 'example.org' }
 */
export function parseEmailAddress(input: string): ParseEmailResult {
  if (input.length === 0) return fail('empty', '');
  if (input.length > MAX_INPUT_LENGTH) return fail(`too long: over ${MAX_INPUT_LENGTH} characters`, '');
  if (hasControlChars(input)) return fail('control character', rawDomain(input));
  const at = input.lastIndexOf('@');
  if (at < 0) return fail('missing @', '');
  const local = input.slice(0, at);
  const domainRaw = input.slice(at + 1);
  // A malformed address's result shows rawDomain(input), made only when it is malformed.
  if (local.length === 0) return fail('empty local part', rawDomain(input));
  if (domainRaw.length === 0) return fail('empty domain', rawDomain(input));

  const localProblem = checkLocal(local);
  if (localProblem !== null) return fail(localProblem, rawDomain(input));

  const domain = normaliseDomain(domainRaw);
  if (typeof domain !== 'object') return fail(domain, rawDomain(input));

  const localOctets = octets(local);
  if (localOctets > 64) return fail('local part longer than 64 octets', rawDomain(input));
  if (localOctets + 1 + domain.ascii.length > 254) return fail('address longer than 254 octets', rawDomain(input));
  return { ok: true, address: { local, domain: domain.ascii, domainUnicode: domain.unicode, localOctets } };
}

function fail(detail: string, domain: string): ParseEmailResult {
  return { ok: false, detail, domain };
}

/** The text after the last `@`, lower case, capped: what the result's `domain` shows for malformed input. */
function rawDomain(input: string): string {
  const at = input.lastIndexOf('@');
  return at < 0 ? '' : input.slice(at + 1, at + 256).toLowerCase();
}

/** UTF-8 length without allocating: ASCII is the common case. */
function octets(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Null when `local` is a dot-atom (RFC 5322) of ASCII atext and UTF-8 (RFC 6531), else why not. */
function checkLocal(local: string): string | null {
  const first = local.charCodeAt(0);
  if (first === 0x22 /* " */) return 'quoted local part';
  let nonAscii = false;
  let previous = -1;
  for (let i = 0; i < local.length; i++) {
    const c = local.charCodeAt(i);
    if (c >= 0x80) {
      nonAscii = true;
    } else if (c === DOT) {
      if (i === 0) return 'dot at start of local part';
      if (previous === DOT) return 'consecutive dots in local part';
    } else if (ATEXT[c] !== 1) {
      return localCharProblem(c);
    }
    previous = c;
  }
  if (previous === DOT) return 'dot at end of local part';
  if (nonAscii && FORBIDDEN_NON_ASCII.test(local)) return 'invisible, unassigned or private-use character in local part';
  return null;
}

/** Names the form an ASCII non-atext character belongs to (RFC 5322 §3.2–3.4, §4). */
function localCharProblem(c: number): string {
  switch (c) {
    case 0x28: // (
    case 0x29: // )
      return 'obsolete form: comment';
    case 0x20:
    case 0x09:
      return 'obsolete form: folding white space';
    case 0x22: // " after the first character: obs-local-part mixing atoms and quoted strings
      return 'obsolete form: quoted word in local part';
    case 0x5c: // \ outside a quoted string
      return 'obsolete form: quoted pair outside quotes';
    case 0x40: // @
      return 'more than one @';
    default:
      return `invalid character "${String.fromCharCode(c)}" in local part`;
  }
}

/** The ASCII and Unicode forms of a valid domain, or why it is malformed. */
function normaliseDomain(raw: string): { ascii: string; unicode: string } | string {
  if (raw.charCodeAt(0) === 0x5b /* [ */) return 'ip literal';
  let nonAscii = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 0x80) {
      nonAscii = true;
      continue;
    }
    const ldh =
      (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === HYPHEN || c === DOT;
    if (ldh) continue;
    if (c === 0x28 || c === 0x29) return 'obsolete form: comment';
    if (c === 0x20 || c === 0x09) return 'obsolete form: folding white space';
    return `invalid character "${String.fromCharCode(c)}" in domain`;
  }
  let ascii = raw.toLowerCase();
  let unicode = ascii;
  if (nonAscii) {
    // WHATWG/UTS 46 processing: maps full-width letters and ideographic dots; '' when it cannot.
    const converted = domainToASCII(raw);
    if (converted === '') return 'invalid internationalised domain';
    unicode = domainToUnicode(converted);
    if (unicode === '' || domainToASCII(unicode) !== converted) return 'invalid internationalised domain';
    ascii = converted;
  } else if (ascii.includes('xn--')) {
    // An ASCII domain with punycode labels is well-formed LDH; whether its labels decode is a
    // question of the domain (checkEmail reports EMAIL_INVALID_DOMAIN), not of syntax.
    const decoded = domainToUnicode(ascii);
    if (decoded !== '' && domainToASCII(decoded) === ascii) unicode = decoded;
  }
  return checkLabels(ascii) ?? { ascii, unicode };
}

/** Null when every label of the ASCII domain is LDH, 1–63 octets, not hyphen-bounded; else why not. */
function checkLabels(ascii: string): string | null {
  if (ascii.length > 253) return 'domain longer than 253 octets';
  let start = 0;
  for (let i = 0; i <= ascii.length; i++) {
    const c = i < ascii.length ? ascii.charCodeAt(i) : DOT;
    if (c !== DOT) {
      // domainToASCII can map exotic input to non-LDH ASCII (e.g. '_'): re-check after conversion.
      const ldh = (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === HYPHEN;
      if (!ldh) return `invalid character "${String.fromCharCode(c)}" in domain`;
      continue;
    }
    const length = i - start;
    if (length === 0) return i === ascii.length && i > 0 ? 'domain ends with a dot' : 'empty domain label';
    if (length > 63) return 'domain label longer than 63 octets';
    if (ascii.charCodeAt(start) === HYPHEN || ascii.charCodeAt(i - 1) === HYPHEN) return 'hyphen at start or end of domain label';
    start = i + 1;
  }
  return null;
}
