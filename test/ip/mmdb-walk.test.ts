/**
 * Field agreement over every network of every MaxMind test database: the
 * tree of each file is walked, and for the first address of each network
 * the check's fields must equal the record's fields under the documented
 * mapping (docs/ip.md "Bring your own databases"). Prints every miss.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Reader } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { classifySpecialRange, createIpCheck, type IpResult } from '../../src/ip/index.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'ip', 'mmdb');
type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** First address of every network in a MaxMind DB (IPv4 networks of an IPv6 tree as dotted quads). */
function networks(bytes: Buffer): string[] {
  const reader = new Reader<Rec>(bytes);
  const { nodeCount, recordSize, ipVersion } = reader.metadata;
  const nodeBytes = recordSize / 4;
  const read = (node: number, bit: 0 | 1): number => {
    const o = node * nodeBytes;
    if (recordSize === 24) {
      const p = o + bit * 3;
      return (bytes[p]! << 16) | (bytes[p + 1]! << 8) | bytes[p + 2]!;
    }
    if (recordSize === 28) {
      if (bit === 0) return (((bytes[o + 3]! & 0xf0) << 20) | (bytes[o]! << 16) | (bytes[o + 1]! << 8) | bytes[o + 2]!) >>> 0;
      return (((bytes[o + 3]! & 0x0f) << 24) | (bytes[o + 4]! << 16) | (bytes[o + 5]! << 8) | bytes[o + 6]!) >>> 0;
    }
    return bytes.readUInt32BE(o + bit * 4);
  };
  const bits = ipVersion === 6 ? 128 : 32;
  const out: string[] = [];
  const walk = (node: number, depth: number, prefix: bigint): void => {
    for (const bit of [0, 1] as const) {
      const p = prefix | (BigInt(bit) << BigInt(bits - depth - 1));
      if (ipVersion === 6) {
        // Skip the aliases of the IPv4 subtree (::ffff:0:0/96 and 2002::/16): they repeat ::/96.
        const top16 = Number(p >> 112n);
        if (depth === 15 && top16 === 0x2002) continue;
        if (depth === 95 && p >> 32n === 0xffffn) continue;
      }
      const rec = read(node, bit);
      if (rec < nodeCount) walk(rec, depth + 1, p);
      else if (rec > nodeCount) out.push(toText(p, bits));
    }
  };
  walk(0, 0, 0n);
  return out;
}

function toText(value: bigint, bits: number): string {
  if (bits === 32 || value >> 32n === 0n) {
    const v = Number(value & 0xffffffffn);
    return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
  }
  const groups: string[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((value >> BigInt(i * 16)) & 0xffffn).toString(16));
  return groups.join(':');
}

const SPEED: Record<string, string> = {
  Dialup: 'dial up',
  'Cable/DSL': 'broadband/cable/fiber/mobile',
  Cellular: 'broadband/cable/fiber/mobile',
  Satellite: 'broadband/cable/fiber/mobile',
  Corporate: 'company/T1',
};

/** Only the fields a record holds: the ones it is the stronger evidence for (a field it lacks is left to the bundled data). */
const held = (pairs: [keyof IpResult, unknown][]): [keyof IpResult, unknown][] => pairs.filter(([, v]) => v !== undefined && v !== null);

/**
 * The documented mapping, field by field: [field, expected] pairs for one
 * record, for the fields it holds. A flag the record does not set is not
 * compared: it clears no bundled flag (docs/ip.md "Bring your own databases").
 */
function expected(kind: string, rec: Rec): [keyof IpResult, unknown][] {
  const loc = (r: Rec): [keyof IpResult, unknown][] =>
    held([
      ['city', r.city?.names?.en],
      ['country', r.country?.iso_code],
      ['region', r.subdivisions?.[0]?.names?.en],
      ['zip', r.postal?.code],
      ['latitude', r.location?.latitude],
      ['longitude', r.location?.longitude],
    ]);
  const net = (r: Rec): [keyof IpResult, unknown][] =>
    r.autonomous_system_number === undefined ? [] : [['asn', r.autonomous_system_number]];
  switch (kind) {
    case 'City':
      return [...loc(rec), ...(rec.location?.time_zone ? [['timezone', rec.location.time_zone] as [keyof IpResult, unknown]] : [])];
    case 'Country':
      return held([['country', rec.country?.iso_code]]);
    case 'ASN':
      return [...net(rec), ...(rec.autonomous_system_organization ? [['isp', rec.autonomous_system_organization] as [keyof IpResult, unknown]] : [])];
    case 'ISP':
      return [...net(rec), ...(rec.isp ?? rec.autonomous_system_organization ? [['isp', rec.isp ?? rec.autonomous_system_organization] as [keyof IpResult, unknown]] : []), ...(rec.organization ? [['company_name', rec.organization] as [keyof IpResult, unknown]] : [])];
    case 'Anonymous-IP':
      return held([
        ['is_vpn', rec.is_anonymous_vpn === true || null],
        ['is_tor', rec.is_tor_exit_node === true || null],
        ['is_proxy', rec.is_public_proxy === true || rec.is_residential_proxy === true || null],
        ['is_hosting', rec.is_hosting_provider === true || null],
      ]);
    case 'Connection-Type':
      return rec.connection_type ? [['connection_speed', SPEED[rec.connection_type]]] : [];
    case 'Enterprise':
      return [
        ...loc(rec),
        ...net(rec.traits ?? {}),
        ...(rec.traits?.connection_type ? [['connection_speed', SPEED[rec.traits.connection_type]] as [keyof IpResult, unknown]] : []),
        ...(rec.traits?.domain ? [['company_domain', rec.traits.domain] as [keyof IpResult, unknown]] : []),
      ];
    default:
      throw new Error(kind);
  }
}

const FILES: readonly [string, string][] = [
  ['GeoIP2-City-Test', 'City'],
  ['GeoLite2-City-Test', 'City'],
  ['GeoIP2-Country-Test', 'Country'],
  ['GeoLite2-ASN-Test', 'ASN'],
  ['GeoIP2-ISP-Test', 'ISP'],
  ['GeoIP2-Anonymous-IP-Test', 'Anonymous-IP'],
  ['GeoIP2-Connection-Type-Test', 'Connection-Type'],
  ['GeoIP2-Enterprise-Test', 'Enterprise'],
];

describe('every network of the MaxMind test databases', () => {
  it.each(FILES)('%s (%s): 100%% field agreement', (name, kind) => {
    const bytes = readFileSync(join(DIR, `${name}.mmdb`));
    const reader = new Reader<Rec>(bytes);
    const check = createIpCheck({ databases: [bytes], now: new Date('2026-11-22T12:00:00Z') });
    let fields = 0;
    const misses: string[] = [];
    const special: string[] = [];
    for (const ip of networks(bytes)) {
      if (classifySpecialRange(ip) !== null) {
        special.push(ip); // RSV by design: no database is consulted for special-purpose addresses
        continue;
      }
      const rec = reader.get(ip);
      if (rec === null) continue;
      const r = check(ip);
      for (const [field, want] of expected(kind, rec)) {
        fields++;
        if (r[field] !== want) misses.push(`${ip} ${String(field)}: got ${JSON.stringify(r[field])}, record says ${JSON.stringify(want)}`);
      }
    }
    console.log(`${name}: ${fields} fields compared, ${misses.length} misses${special.length > 0 ? `, ${special.length} special-purpose networks skipped (${special.slice(0, 4).join(' ')}…)` : ''}${misses.length > 0 ? `\n  ${misses.join('\n  ')}` : ''}`);
    expect(fields).toBeGreaterThan(0);
    expect(misses).toEqual([]);
  });
});
