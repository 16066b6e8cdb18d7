import { isIP } from 'node:net';
import { IPV4_DOTTED, IPV6_CHARS, MAX_IP_LENGTH } from './patterns.js';

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
 * Never throws, whatever the string.
 *
 * @param text the candidate address
 * @returns the parsed address, or `null` when it is not a strict IP address
 * @example
 * parseIp('::ffff:81.2.69.142') // { version: 4, address: '81.2.69.142', mapped: true, … }
 * parseIp('010.0.0.1')          // null
 */
export function parseIp(text: string): ParsedIp | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_IP_LENGTH) return null;
  if (IPV4_DOTTED.test(text)) {
    return { version: 4, address: text, v4: dottedToU32(text), w: ZERO_WORDS, mapped: false };
  }
  if (!IPV6_CHARS.test(text) || isIP(text) !== 6) return null;
  const parts = parse6(text);
  if (parts === null) return null;
  const w: [number, number, number, number] = [
    ((parts[0]! << 16) | parts[1]!) >>> 0,
    ((parts[2]! << 16) | parts[3]!) >>> 0,
    ((parts[4]! << 16) | parts[5]!) >>> 0,
    ((parts[6]! << 16) | parts[7]!) >>> 0,
  ];
  // ::ffff:0:0/96 (RFC 4291 §2.5.5.2): an IPv4 host seen through a dual stack.
  if (w[0] === 0 && w[1] === 0 && w[2] === 0xffff) {
    const v4 = w[3];
    return { version: 4, address: u32ToDotted(v4), v4, w: ZERO_WORDS, mapped: true };
  }
  return { version: 6, address: text.toLowerCase(), v4: 0, w, mapped: false };
}

/** `a.b.c.d` (already validated) → unsigned 32-bit number. */
function dottedToU32(text: string): number {
  let value = 0;
  let octet = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      value = value * 256 + octet;
      octet = 0;
    } else octet = octet * 10 + (c - 48);
  }
  return value * 256 + octet;
}

/** Unsigned 32-bit number → dotted quad. */
export function u32ToDotted(v: number): string {
  return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
}

/**
 * IPv6 text (already accepted by `isIP`) → eight 16-bit groups. The
 * embedded dotted quad, when present, must itself be strict (no leading
 * zeros), which `isIP` alone does not guarantee everywhere.
 */
function parse6(text: string): number[] | null {
  let body = text;
  let tail: number[] = [];
  if (body.includes('.')) {
    const colon = body.lastIndexOf(':');
    const quad = body.slice(colon + 1);
    if (!IPV4_DOTTED.test(quad)) return null;
    const v = dottedToU32(quad);
    tail = [v >>> 16, v & 0xffff];
    // Keep the colon so that "::1.2.3.4" still splits on "::".
    body = body.slice(0, colon + 1);
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
  }
  const groups = (s: string): number[] => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const dbl = body.indexOf('::');
  let parts: number[];
  if (dbl === -1) {
    parts = [...groups(body), ...tail];
  } else {
    const head = groups(body.slice(0, dbl));
    const rest = [...groups(body.slice(dbl + 2)), ...tail];
    const fill = 8 - head.length - rest.length;
    if (fill < 1) return null;
    parts = [...head, ...new Array<number>(fill).fill(0), ...rest];
  }
  if (parts.length !== 8 || parts.some((p) => !(p >= 0 && p <= 0xffff))) return null;
  return parts;
}
