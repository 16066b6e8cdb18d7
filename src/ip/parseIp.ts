import { isIP } from 'node:net';
import { IPV6_CHARS, MAX_IP_LENGTH } from './patterns.js';

/** A strictly parsed IP address. */
export interface ParsedIp {
  /** 4 for IPv4 and IPv4-mapped IPv6 (`::ffff:a.b.c.d`), 6 otherwise. */
  readonly version: 4 | 6;
  /** The address as looked up: dotted quad for version 4, the input (lower-cased) for version 6. */
  readonly address: string;
  /** IPv4 as an unsigned 32-bit number (0 for IPv6). */
  readonly v4: number;
  /** IPv6 as four unsigned 32-bit words, most significant first (all 0 for IPv4). */
  readonly w: readonly [number, number, number, number];
  /** True when the input was an IPv4-mapped IPv6 address. */
  readonly mapped: boolean;
}

const ZERO_WORDS: readonly [number, number, number, number] = Object.freeze([0, 0, 0, 0] as const);

/**
 * Parses an IP address strictly, or returns `null`.
 *
 * Accepted: dotted-quad IPv4 (`81.2.69.142`) and any full RFC 4291 IPv6 text
 * form, with `::` compression and an embedded dotted quad
 * (`::ffff:81.2.69.142`, which is returned as the IPv4 inside).
 * Rejected: surrounding or inner spaces, zone ids (`fe80::1%eth0`), leading
 * zeros (`010.0.0.1`), hex or octal parts (`0x7f.1`), short forms (`1.2.3`,
 * `127.1`), brackets and ports, anything longer than 45 characters.
 * Never throws, whatever the string. IPv4 is scanned by hand in the
 * language of `IPV4_DOTTED` (patterns.ts); test/ip/parseIp-differential.test.ts
 * holds the two together.
 *
 * @param text the candidate address
 * @returns the parsed address, or `null` when it is not a strict IP address
 * @example
 * parseIp('::ffff:81.2.69.142') // { version: 4, address: '81.2.69.142', mapped: true, … }
 * parseIp('010.0.0.1')          // null
 */
export function parseIp(text: string): ParsedIp | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_IP_LENGTH) return null;
  const v4 = dotted(text, 0, text.length);
  if (v4 >= 0) return { version: 4, address: text, v4, w: ZERO_WORDS, mapped: false };
  if (!IPV6_CHARS.test(text) || isIP(text) !== 6) return null;
  const w = parse6(text);
  if (w === null) return null;
  // ::ffff:0:0/96 (RFC 4291 §2.5.5.2): an IPv4 host seen through a dual stack.
  if (w[0] === 0 && w[1] === 0 && w[2] === 0xffff) {
    const mappedV4 = w[3];
    return { version: 4, address: u32ToDotted(mappedV4), v4: mappedV4, w: ZERO_WORDS, mapped: true };
  }
  return { version: 6, address: text.toLowerCase(), v4: 0, w, mapped: false };
}

/**
 * The strict dotted quad `text[from, to)` as an unsigned 32-bit number, or
 * −1: four decimal octets 0–255 without leading zeros, nothing else (the
 * language of {@link IPV4_DOTTED}, scanned in one pass that also computes
 * the value).
 */
function dotted(text: string, from: number, to: number): number {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots++;
    } else if (c >= 48 && c <= 57) {
      // A leading zero is allowed only as the whole octet ("0", not "01").
      if (digits > 0 && octet === 0) return -1;
      octet = octet * 10 + (c - 48);
      if (octet > 255) return -1;
      digits++;
    } else return -1;
  }
  if (digits === 0 || dots !== 3) return -1;
  return value * 256 + octet;
}

/** Unsigned 32-bit number → dotted quad. */
export function u32ToDotted(v: number): string {
  return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
}

/**
 * IPv6 text (already accepted by `isIP`, or a special-range row written by hand) → four 32-bit words, in one scan
 * with no intermediate strings or arrays. The embedded dotted quad, when
 * present, must itself be strict (no leading zeros), which `isIP` alone
 * does not guarantee everywhere.
 */
export function parse6(text: string): [number, number, number, number] | null {
  const groups = [0, 0, 0, 0, 0, 0, 0, 0];
  let n = 0;
  /** Index in `groups` where `::` stood (−1: none). */
  let gap = -1;
  let end = text.length;
  let tail = -1;
  const lastColon = text.lastIndexOf(':');
  if (text.indexOf('.', lastColon) !== -1) {
    tail = dotted(text, lastColon + 1, end);
    if (tail < 0) return null;
    // Keep the colon when it is the second of a "::" so that "::1.2.3.4" still has its gap.
    end = text.charCodeAt(lastColon - 1) === 58 ? lastColon + 1 : lastColon;
  }
  let i = 0;
  while (i < end) {
    if (text.charCodeAt(i) === 58) {
      if (i + 1 < end && text.charCodeAt(i + 1) === 58) {
        if (gap !== -1) return null;
        gap = n;
        i += 2;
        continue;
      }
      if (i === 0) return null;
      i++;
      continue;
    }
    let g = 0;
    let len = 0;
    for (; i < end; i++, len++) {
      const c = text.charCodeAt(i);
      const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
      if (d < 0) break;
      g = g * 16 + d;
    }
    if (len === 0 || len > 4 || n === 8) return null;
    groups[n++] = g;
  }
  if (tail >= 0) {
    if (n > 6) return null;
    groups[n++] = tail >>> 16;
    groups[n++] = tail & 0xffff;
  }
  if (gap === -1) {
    if (n !== 8) return null;
  } else {
    const fill = 8 - n;
    if (fill < 1) return null;
    // Move the groups after the gap to the end; the gap becomes zeros.
    for (let k = n - 1; k >= gap; k--) groups[k + fill] = groups[k]!;
    for (let k = gap; k < gap + fill; k++) groups[k] = 0;
  }
  return [
    ((groups[0]! << 16) | groups[1]!) >>> 0,
    ((groups[2]! << 16) | groups[3]!) >>> 0,
    ((groups[4]! << 16) | groups[5]!) >>> 0,
    ((groups[6]! << 16) | groups[7]!) >>> 0,
  ];
}
