/**
 * The IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and
 * the RFCs that added to them), plus multicast and the IPv6 space outside
 * global unicast, written out by hand from the registries as of 2026-11:
 * https://www.iana.org/assignments/iana-ipv4-special-registry/
 * https://www.iana.org/assignments/iana-ipv6-special-registry/
 * https://www.iana.org/assignments/ipv6-address-space/
 *
 * Every block maps to `connection_type: 'RSV'`: none of them is an address a
 * real user's traffic reaches a public service from with a meaningful
 * location. Blocks are matched most specific first so that the reported
 * name is the precise one (`192.0.0.9/32` PCP anycast inside `192.0.0.0/24`).
 */
import { parse6, parseIp, type ParsedIp } from './parseIp.js';

/** One special-purpose block. */
export interface SpecialRange {
  /** The block in CIDR notation, e.g. `100.64.0.0/10`. */
  readonly cidr: string;
  /** The registry's name for it, e.g. `Shared Address Space`. */
  readonly name: string;
  /** The RFC(s) that define it, e.g. `RFC 6598`. */
  readonly rfc: string;
  /**
   * For blocks that carry an IPv4 address inside the IPv6 one (6to4, Teredo,
   * NAT64), how to find it; see {@link embeddedIpv4}.
   */
  readonly embeds?: '6to4' | 'teredo' | 'nat64';
}

/** IPv4 special-purpose blocks (IANA registry) plus multicast (RFC 5771). */
export const IPV4_SPECIAL_RANGES: readonly SpecialRange[] = Object.freeze([
  { cidr: '0.0.0.0/8', name: 'This network', rfc: 'RFC 791' },
  { cidr: '0.0.0.0/32', name: 'This host on this network', rfc: 'RFC 1122' },
  { cidr: '10.0.0.0/8', name: 'Private-Use', rfc: 'RFC 1918' },
  { cidr: '100.64.0.0/10', name: 'Shared Address Space (carrier-grade NAT)', rfc: 'RFC 6598' },
  { cidr: '127.0.0.0/8', name: 'Loopback', rfc: 'RFC 1122' },
  { cidr: '169.254.0.0/16', name: 'Link Local', rfc: 'RFC 3927' },
  { cidr: '172.16.0.0/12', name: 'Private-Use', rfc: 'RFC 1918' },
  { cidr: '192.0.0.0/24', name: 'IETF Protocol Assignments', rfc: 'RFC 6890' },
  { cidr: '192.0.0.0/29', name: 'IPv4 Service Continuity Prefix (DS-Lite)', rfc: 'RFC 7335' },
  { cidr: '192.0.0.8/32', name: 'IPv4 dummy address', rfc: 'RFC 7600' },
  { cidr: '192.0.0.9/32', name: 'Port Control Protocol Anycast', rfc: 'RFC 7723' },
  { cidr: '192.0.0.10/32', name: 'Traversal Using Relays around NAT Anycast', rfc: 'RFC 8155' },
  { cidr: '192.0.0.170/32', name: 'NAT64/DNS64 Discovery', rfc: 'RFC 8880, RFC 7050' },
  { cidr: '192.0.0.171/32', name: 'NAT64/DNS64 Discovery', rfc: 'RFC 8880, RFC 7050' },
  { cidr: '192.0.2.0/24', name: 'Documentation (TEST-NET-1)', rfc: 'RFC 5737' },
  { cidr: '192.31.196.0/24', name: 'AS112-v4', rfc: 'RFC 7535' },
  { cidr: '192.52.193.0/24', name: 'AMT', rfc: 'RFC 7450' },
  { cidr: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast)', rfc: 'RFC 7526' },
  { cidr: '192.88.99.2/32', name: '6a44-relay anycast address', rfc: 'RFC 6751' },
  { cidr: '192.168.0.0/16', name: 'Private-Use', rfc: 'RFC 1918' },
  { cidr: '192.175.48.0/24', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534' },
  { cidr: '198.18.0.0/15', name: 'Benchmarking', rfc: 'RFC 2544' },
  { cidr: '198.51.100.0/24', name: 'Documentation (TEST-NET-2)', rfc: 'RFC 5737' },
  { cidr: '203.0.113.0/24', name: 'Documentation (TEST-NET-3)', rfc: 'RFC 5737' },
  { cidr: '224.0.0.0/4', name: 'Multicast', rfc: 'RFC 5771' },
  { cidr: '240.0.0.0/4', name: 'Reserved', rfc: 'RFC 1112' },
  { cidr: '255.255.255.255/32', name: 'Limited Broadcast', rfc: 'RFC 8190, RFC 919' },
]);

/**
 * IPv6 special-purpose blocks (IANA registry), multicast, and the parts of
 * the IPv6 address space IANA lists as "Reserved by IETF" (everything
 * outside 2000::/3 that no row above claims). `::ffff:0:0/96` is not here:
 * an IPv4-mapped address is classified as the IPv4 address inside.
 */
export const IPV6_SPECIAL_RANGES: readonly SpecialRange[] = Object.freeze([
  { cidr: '::1/128', name: 'Loopback Address', rfc: 'RFC 4291' },
  { cidr: '::/128', name: 'Unspecified Address', rfc: 'RFC 4291' },
  { cidr: '64:ff9b::/96', name: 'IPv4-IPv6 Translation (NAT64 well-known prefix)', rfc: 'RFC 6052', embeds: 'nat64' },
  { cidr: '64:ff9b:1::/48', name: 'IPv4-IPv6 Translation (local use)', rfc: 'RFC 8215' },
  { cidr: '100::/64', name: 'Discard-Only Address Block', rfc: 'RFC 6666' },
  { cidr: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', rfc: 'RFC 9780' },
  { cidr: '2001::/23', name: 'IETF Protocol Assignments', rfc: 'RFC 2928' },
  { cidr: '2001::/32', name: 'TEREDO', rfc: 'RFC 4380, RFC 8190', embeds: 'teredo' },
  { cidr: '2001:1::1/128', name: 'Port Control Protocol Anycast', rfc: 'RFC 7723' },
  { cidr: '2001:1::2/128', name: 'Traversal Using Relays around NAT Anycast', rfc: 'RFC 8155' },
  { cidr: '2001:1::3/128', name: 'DNS-SD Service Registration Protocol Anycast', rfc: 'RFC 9665' },
  { cidr: '2001:2::/48', name: 'Benchmarking', rfc: 'RFC 5180, RFC 7954' },
  { cidr: '2001:3::/32', name: 'AMT', rfc: 'RFC 7450' },
  { cidr: '2001:4:112::/48', name: 'AS112-v6', rfc: 'RFC 7535' },
  { cidr: '2001:10::/28', name: 'Deprecated (previously ORCHID)', rfc: 'RFC 4843' },
  { cidr: '2001:20::/28', name: 'ORCHIDv2', rfc: 'RFC 7343' },
  { cidr: '2001:30::/28', name: 'Drone Remote ID Protocol Entity Tags (DETs) Prefix', rfc: 'RFC 9374' },
  { cidr: '2001:db8::/32', name: 'Documentation', rfc: 'RFC 3849' },
  { cidr: '2002::/16', name: '6to4', rfc: 'RFC 3056', embeds: '6to4' },
  { cidr: '2620:4f:8000::/48', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534' },
  { cidr: '3fff::/20', name: 'Documentation', rfc: 'RFC 9637' },
  { cidr: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', rfc: 'RFC 9602' },
  { cidr: 'fc00::/7', name: 'Unique-Local', rfc: 'RFC 4193, RFC 8190' },
  { cidr: 'fe80::/10', name: 'Link-Local Unicast', rfc: 'RFC 4291' },
  { cidr: 'fec0::/10', name: 'Deprecated site-local', rfc: 'RFC 3879' },
  { cidr: 'ff00::/8', name: 'Multicast', rfc: 'RFC 4291' },
  // IANA IPv6 Address Space registry: only 2000::/3 is allocated global
  // unicast; the rest is "Reserved by IETF" (RFC 4291 §2.4).
  { cidr: '::/3', name: 'Reserved by IETF (outside global unicast)', rfc: 'RFC 4291' },
  { cidr: '4000::/2', name: 'Reserved by IETF (outside global unicast)', rfc: 'RFC 4291' },
  { cidr: '8000::/1', name: 'Reserved by IETF (outside global unicast)', rfc: 'RFC 4291' },
]);

interface Compiled4 {
  readonly range: SpecialRange;
  readonly start: number;
  readonly end: number;
}

interface Compiled6 {
  readonly range: SpecialRange;
  /** Network words and mask words, most significant first. */
  readonly net: readonly number[];
  readonly mask: readonly number[];
}

function prefixMask(bits: number, word: number): number {
  const used = Math.min(32, Math.max(0, bits - word * 32));
  return used === 0 ? 0 : (0xffffffff << (32 - used)) >>> 0;
}

/**
 * A CIDR of the tables above as its network address and prefix length (the tables are written by hand, so a
 * bad row fails at import). IPv6 rows are read by {@link parse6} alone: {@link parseIp}'s check of untrusted
 * text through node:net's `isIP` compiles that function's IPv6 expression on first use, which every import
 * of the package paid (docs/perf.md); test/ip/specialRanges.test.ts checks both ends of every row against ipaddr.js.
 */
function cidrOf(cidr: string): { readonly ip: Pick<ParsedIp, 'v4' | 'w'>; readonly bits: number } {
  const slash = cidr.indexOf('/');
  const address = cidr.slice(0, slash);
  const w = address.includes(':') ? parse6(address) : null;
  const ip = w === null ? parseIp(address) : { v4: 0, w };
  const bits = Number(cidr.slice(slash + 1));
  if (ip === null || !Number.isInteger(bits)) throw new Error(`special range ${cidr} is not a CIDR`);
  return { ip, bits };
}

/** Most specific first: the first match is the most precise name (a stable sort keeps the tables' order among equal lengths). */
function compile4(): readonly Compiled4[] {
  return IPV4_SPECIAL_RANGES.map((range) => {
    const { ip, bits } = cidrOf(range.cidr);
    const start = (ip.v4 & prefixMask(bits, 0)) >>> 0;
    const end = (start | ~prefixMask(bits, 0)) >>> 0;
    return { range, start, end, bits };
  })
    .sort((a, b) => b.bits - a.bits)
    .map(({ range, start, end }) => ({ range, start, end }));
}

function compile6(): readonly Compiled6[] {
  return IPV6_SPECIAL_RANGES.map((range) => {
    const { ip, bits } = cidrOf(range.cidr);
    const mask = [0, 1, 2, 3].map((i) => prefixMask(bits, i));
    const net = [0, 1, 2, 3].map((i) => (ip.w[i]! & mask[i]!) >>> 0);
    return { range, net, mask, bits };
  })
    .sort((a, b) => b.bits - a.bits)
    .map(({ range, net, mask }) => ({ range, net, mask }));
}

/**
 * The tables compiled at import: 56 rows parsed by {@link parseIp}, simpler
 * than a cache filled on first use. Read-only by type, not frozen: with
 * frozen rows and arrays the look-up ran several times slower.
 */
const COMPILED4: readonly Compiled4[] = compile4();
const COMPILED6: readonly Compiled6[] = compile6();

/**
 * The special-purpose block holding a parsed address, or `null` for a
 * public address.
 *
 * @example
 * specialRangeOf(parseIp('100.64.1.1')!)?.rfc // 'RFC 6598'
 */
export function specialRangeOf(ip: ParsedIp): SpecialRange | null {
  if (ip.version === 4) {
    const v = ip.v4;
    for (const c of COMPILED4) if (v >= c.start && v <= c.end) return c.range;
    return null;
  }
  const w = ip.w;
  for (const c of COMPILED6) {
    if (
      ((w[0] & c.mask[0]!) >>> 0) === c.net[0] &&
      ((w[1] & c.mask[1]!) >>> 0) === c.net[1] &&
      ((w[2] & c.mask[2]!) >>> 0) === c.net[2] &&
      ((w[3] & c.mask[3]!) >>> 0) === c.net[3]
    ) {
      return c.range;
    }
  }
  return null;
}

/**
 * Classifies an address string against the special-purpose registries.
 * Returns `null` for public addresses and for strings that are not strict
 * IP addresses (see {@link parseIp}).
 *
 * @param text an IP address
 * @example
 * classifySpecialRange('192.168.1.1') // { cidr: '192.168.0.0/16', name: 'Private-Use', rfc: 'RFC 1918' }
 * classifySpecialRange('8.8.8.8')     // null
 */
export function classifySpecialRange(text: string): SpecialRange | null {
  const ip = parseIp(text);
  return ip === null ? null : specialRangeOf(ip);
}

/**
 * The IPv4 address carried inside a 6to4, Teredo or NAT64 address, or
 * `null`. 6to4 (RFC 3056): bits 16–47 are the site's IPv4. Teredo
 * (RFC 4380): the last 32 bits are the client's public IPv4, XOR-ed with
 * all ones. NAT64 (RFC 6052, /96): the last 32 bits are the IPv4 host.
 *
 * @example
 * embeddedIpv4(parseIp('2002:5102:458e::1')!) // '81.2.69.142'
 */
export function embeddedIpv4(ip: ParsedIp): string | null {
  if (ip.version !== 6) return null;
  const range = specialRangeOf(ip);
  const w = ip.w;
  let v: number;
  switch (range?.embeds) {
    case '6to4':
      v = (((w[0] & 0xffff) << 16) | (w[1] >>> 16)) >>> 0;
      break;
    case 'teredo':
      v = (~w[3]) >>> 0;
      break;
    case 'nat64':
      v = w[3];
      break;
    default:
      return null;
  }
  return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
}
