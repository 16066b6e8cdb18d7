/**
 * Network classification from the bundled tables: which AS announces an
 * address, which source lists cover it, and what that makes it (Tor, Apple
 * relay, VPN, proxy, crawler, CDN, hosting, usage type).
 *
 * Lookup order, specific before broad (data/raw/ip/SOURCE.md):
 * 1. address lists: Tor exits → Tor relays → iCloud Private Relay → named VPN
 *    servers (ProtonVPN, Windscribe, TunnelBear, Mullvad, PIA) → public
 *    proxies → public DNS resolvers' service addresses → crawlers (SES; so Googlebot wins over Google, Bingbot over
 *    Microsoft) → CDNs (CloudFront wins over the rest of AWS) → named clouds
 *    (DCH) → X4BNet VPN networks → X4BNet data-centre networks;
 * 2. the announcing ASN: Tor network → VPN provider → CDN (Akamai) →
 *    curated eyeball networks (ISP / MOB, which outrank the broad X4BNet
 *    data-centre lists) → hosting ASNs → curated other codes;
 * 3. AS-name keyword rules (patterns.ts);
 * 4. otherwise `connection_type` is null.
 *
 * Steps 2 and 3 run on your own database's AS number and name when it gives
 * another AS than the bundled table ({@link AsnOverride}).
 */
import type { DataBundle } from '../data/bundle.js';
import { loadAsnClasses, loadAsnTable, loadListsTable, type AsnTable, type ListKind, type ListsPayload } from './data.js';
import type { ParsedIp } from './parseIp.js';
import { AS_NAME_RULES, MAX_AS_NAME_LENGTH, OPERATOR_BRAND_RULE, OPERATOR_HOSTING_ARM } from './patterns.js';
import { NO_VALUE, lookup4, lookup6, type RangeTable } from './rangeTable.js';
import type { ConnectionType } from './types.js';

/** What the bundled tables say about a public address. */
export interface NetworkInfo {
  readonly asn: number | null;
  readonly org: string | null;
  readonly torExit: boolean;
  /** Tor relay (non-exit) or a Tor-only network (AS60729). */
  readonly torRelay: boolean;
  readonly relay: boolean;
  readonly proxy: boolean;
  readonly vpn: boolean;
  readonly vpnName: string | null;
  /** The operator whose public DNS resolver service address this is (data/raw/ip/curated/public-resolvers.csv), or null. */
  readonly resolver: string | null;
  /**
   * The retail telecom operator brand the AS name carries (patterns.ts
   * OPERATOR_BRANDS), when nothing else classified the network; null otherwise.
   */
  readonly operator: string | null;
  readonly connectionType: ConnectionType | null;
  /** Where `connectionType` came from, for reason details. */
  readonly connectionBasis: string | null;
  readonly hosting: boolean;
  /** The named list or network that classified the address. */
  readonly network: string | null;
}

/** The list-derived part of a classification, computed once per combination of lists. */
interface ListVerdict {
  readonly torExit: boolean;
  readonly torRelay: boolean;
  readonly relay: boolean;
  readonly proxy: boolean;
  readonly vpnName: string | null;
  readonly vpnUnnamed: boolean;
  readonly resolver: string | null;
  readonly ses: string | null;
  readonly cdn: string | null;
  readonly dchNamed: string | null;
  readonly dchBroad: boolean;
}

const EMPTY_VERDICT: ListVerdict = Object.freeze({
  torExit: false,
  torRelay: false,
  relay: false,
  proxy: false,
  vpnName: null,
  vpnUnnamed: false,
  resolver: null,
  ses: null,
  cdn: null,
  dchNamed: null,
  dchBroad: false,
});

function verdictOf(t: NetworkTables, comboIndex: number): ListVerdict {
  if (comboIndex === NO_VALUE) return EMPTY_VERDICT;
  // One verdict per list combination, built on first sight and kept with the checker's tables.
  const cached = t.verdicts[comboIndex];
  if (cached !== undefined) return cached;
  const table = t.lists;
  const lists = table.payload.combos[comboIndex]!.map((i) => table.payload.lists[i]!);
  const first = (kind: ListKind, named: boolean): string | null =>
    lists.find((l) => l.kind === kind && (l.name !== '') === named)?.name ?? null;
  const has = (kind: ListKind): boolean => lists.some((l) => l.kind === kind);
  const v: ListVerdict = {
    torExit: has('tor_exit'),
    torRelay: has('tor_relay'),
    relay: has('relay'),
    proxy: has('proxy'),
    vpnName: first('vpn', true),
    vpnUnnamed: lists.some((l) => l.kind === 'vpn' && l.name === ''),
    resolver: first('resolver', true),
    ses: first('ses', true),
    cdn: first('cdn', true),
    dchNamed: first('dch', true),
    dchBroad: lists.some((l) => l.kind === 'dch' && l.name === ''),
  };
  t.verdicts[comboIndex] = v;
  return v;
}

/** The ASN class tables as numeric-key Maps (object lookups by String(asn) cost more in the hot path). */
interface AsnClassMaps {
  readonly vpn: ReadonlyMap<number, string>;
  readonly tor: ReadonlyMap<number, string>;
  readonly dch: ReadonlyMap<number, string>;
  readonly cdn: ReadonlyMap<number, string>;
  readonly usage: ReadonlyMap<number, readonly [string, string]>;
}

/**
 * The network tables of one bundle, with what is derived from them: opened
 * once per checker ({@link openNetworkTables}) and passed to
 * {@link classifyNetwork}. The derived arrays fill as addresses are met.
 */
export interface NetworkTables {
  readonly asn4: AsnTable;
  readonly asn6: AsnTable;
  readonly lists: RangeTable<ListsPayload>;
  readonly classes: AsnClassMaps;
  /** Verdict per list combination, filled on first sight. */
  readonly verdicts: (ListVerdict | undefined)[];
  /** AS-name rule result per organisation id of each version's table, filled on first sight. */
  readonly asNames4: (ConnectionType | null | undefined)[];
  readonly asNames6: (ConnectionType | null | undefined)[];
  /** Operator brand per organisation id of each version's table, filled on first sight. */
  readonly operators4: (string | null | undefined)[];
  readonly operators6: (string | null | undefined)[];
}

/**
 * Reads `bundle`'s ASN tables, address lists and ASN classes (each file is
 * read and verified once per bundle) and builds what the classification
 * derives from them.
 *
 * @throws DataError when a dataset file is missing or fails verification
 */
export function openNetworkTables(bundle: DataBundle): NetworkTables {
  const asn4 = loadAsnTable(bundle, 4);
  const asn6 = loadAsnTable(bundle, 6);
  const lists = loadListsTable(bundle);
  const c = loadAsnClasses(bundle);
  const toMap = <V>(o: Readonly<Record<string, V>>): Map<number, V> => new Map(Object.entries(o).map(([k, v]) => [Number(k), v]));
  return {
    asn4,
    asn6,
    lists,
    classes: { vpn: toMap(c.vpn), tor: toMap(c.tor), dch: toMap(c.dch), cdn: toMap(c.cdn), usage: toMap(c.usage) },
    verdicts: new Array<ListVerdict | undefined>(lists.payload.combos.length),
    asNames4: new Array<ConnectionType | null | undefined>(asn4.table.payload.nameEnds.length),
    asNames6: new Array<ConnectionType | null | undefined>(asn6.table.payload.nameEnds.length),
    operators4: new Array<string | null | undefined>(asn4.table.payload.nameEnds.length),
    operators6: new Array<string | null | undefined>(asn6.table.payload.nameEnds.length),
  };
}

/**
 * The announcing AS as your own ASN / ISP / Enterprise database gives it.
 * When it differs from the bundled table's, the steps that depend on the AS
 * (Tor network, VPN provider, CDN, curated usage, hosting ASNs, AS-name
 * rules) use it instead: the bundled table's AS is then the weaker evidence,
 * and a verdict about a network the address may not belong to would not
 * stand. The address lists do not depend on the AS and always apply.
 */
export interface AsnOverride {
  readonly asn: number;
  /** The AS organisation name, for the AS-name rules; null when the database has none. */
  readonly org: string | null;
}

/**
 * Classifies a public (non-special) address with the bundled tables, and
 * with your own database's AS number when one is given.
 *
 * @param t the checker's network tables ({@link openNetworkTables})
 * @param ip the parsed address
 * @param override your database's announcing AS (see {@link AsnOverride})
 * @example
 * classifyNetwork(openNetworkTables(defaultDataContext().bundle), parseIp('66.249.66.1')!).connectionType // 'SES' (Googlebot)
 */
export function classifyNetwork(t: NetworkTables, ip: ParsedIp, override?: AsnOverride): NetworkInfo {
  const asnTable = ip.version === 4 ? t.asn4 : t.asn6;
  const listsTable = t.lists;
  const classes = t.classes;
  let asnIdx: number;
  let combo: number;
  if (ip.version === 4) {
    asnIdx = lookup4(asnTable.table, ip.v4);
    combo = lookup4(listsTable, ip.v4);
  } else {
    const [a, b, c, d] = ip.w;
    asnIdx = lookup6(asnTable.table, a, b, c, d);
    combo = lookup6(listsTable, a, b, c, d);
  }
  const payload = asnTable.table.payload;
  const tableAsn = asnIdx === NO_VALUE ? null : payload.asns[asnIdx]!;
  const overridden = override !== undefined && override.asn !== tableAsn;
  const asn = overridden ? override.asn : tableAsn;
  // The bundled organisation name belongs to the bundled AS: never attached to another one.
  const org = overridden ? override.org : asnIdx === NO_VALUE ? null : asnTable.org(payload.orgIds[asnIdx]!) || null;
  const v = verdictOf(t, combo);
  const torAsn = asn !== null && classes.tor.has(asn);
  const vpnAsn = asn === null ? undefined : classes.vpn.get(asn);
  const cdnAsn = asn === null ? undefined : classes.cdn.get(asn);
  const dchAsn = asn === null ? undefined : classes.dch.get(asn);
  const usage = asn === null ? undefined : classes.usage.get(asn);

  const torExit = v.torExit;
  const torRelay = !torExit && (v.torRelay || torAsn);
  const relay = v.relay;
  // Apple relay and Tor were subtracted from X4BNet's VPN output at build time;
  // a provider ASN is VPN evidence only when no more specific list spoke.
  const vpnByAsn = vpnAsn !== undefined && !(relay || torExit || torRelay);
  // An empty curated name means "a VPN host, provider unknown": is_vpn without a name.
  const vpnName = v.vpnName ?? (vpnByAsn && vpnAsn !== '' ? vpnAsn : null);
  const vpn = v.vpnName !== null || v.vpnUnnamed || vpnByAsn;

  let connectionType: ConnectionType | null = null;
  let basis: string | null = null;
  let network: string | null = v.vpnName ?? null;
  if (v.resolver !== null) {
    // A resolver's service address is a data-centre service, whatever CDN or cloud range holds it
    // (2606:4700:4700::1111 is inside Cloudflare's published CDN ranges).
    connectionType = 'DCH';
    basis = `public DNS resolver: ${v.resolver}`;
    network = v.resolver;
  } else if (v.ses !== null) {
    connectionType = 'SES';
    basis = `crawler list: ${v.ses}`;
    network = v.ses;
  } else if (v.cdn !== null) {
    // Linode was subtracted from the Akamai routes at build time, so a CDN list outranks every cloud list.
    connectionType = 'CDN';
    basis = `CDN list: ${v.cdn}`;
    network = v.cdn;
  } else if (v.dchNamed !== null) {
    connectionType = 'DCH';
    basis = `cloud list: ${v.dchNamed}`;
    network = v.dchNamed;
  } else if (cdnAsn !== undefined) {
    connectionType = 'CDN';
    basis = `CDN ASN: AS${asn} ${cdnAsn}`;
    network = cdnAsn;
  } else if (usage !== undefined && (usage[0] === 'ISP' || usage[0] === 'MOB')) {
    connectionType = usage[0];
    basis = `curated ASN: AS${asn} ${usage[1]}`;
  } else if (v.dchBroad || dchAsn !== undefined || vpnAsn !== undefined || torAsn) {
    connectionType = 'DCH';
    basis = v.dchBroad ? 'X4BNet data-centre list' : `hosting ASN: AS${asn}`;
  } else if (usage !== undefined) {
    connectionType = usage[0] as ConnectionType;
    basis = `curated ASN: AS${asn} ${usage[1]}`;
  } else if (org !== null) {
    const byName = overridden ? usageFromAsName(org) : cachedUsageFromAsName(ip.version === 4 ? t.asNames4 : t.asNames6, payload.orgIds[asnIdx]!, org);
    if (byName !== null) {
      connectionType = byName;
      basis = `AS name: ${org}`;
    }
  }
  // Only a network nothing else classified: an ISP or MOB network is trusted as such already,
  // and a hosting, VPN or CDN verdict is not undone by the owner's brand.
  let operator: string | null = null;
  if (connectionType === null && org !== null && !(torExit || torRelay || relay || v.proxy || vpn)) {
    operator = overridden ? operatorFromAsName(org) : cachedOperator(ip.version === 4 ? t.operators4 : t.operators6, payload.orgIds[asnIdx]!, org);
  }
  return {
    asn,
    org,
    operator,
    torExit,
    torRelay,
    relay,
    proxy: v.proxy,
    vpn,
    vpnName,
    resolver: v.resolver,
    connectionType,
    connectionBasis: basis,
    hosting: connectionType === 'DCH' || connectionType === 'CDN',
    network,
  };
}

/** The AS-name rules' result for an organisation of the bundled table (the rules are 8 regexes: run once per name). */
function cachedUsageFromAsName(cache: (ConnectionType | null | undefined)[], orgId: number, org: string): ConnectionType | null {
  let code = cache[orgId];
  if (code === undefined) {
    code = usageFromAsName(org);
    cache[orgId] = code;
  }
  return code;
}

/** The operator brand of an organisation of the bundled table (one regex run per name). */
function cachedOperator(cache: (string | null | undefined)[], orgId: number, org: string): string | null {
  let brand = cache[orgId];
  if (brand === undefined) {
    brand = operatorFromAsName(org);
    cache[orgId] = brand;
  }
  return brand;
}

/**
 * The retail telecom operator brand an AS organisation name carries
 * (patterns.ts `OPERATOR_BRANDS`, from the mobile-network-operator lists),
 * lower-cased, or `null`.
 *
 * @example
 * operatorFromAsName('Vodafone GmbH') // 'vodafone'
 * operatorFromAsName('Hetzner Online GmbH') // null
 */
export function operatorFromAsName(name: string): string | null {
  const capped = name.length > MAX_AS_NAME_LENGTH ? name.slice(0, MAX_AS_NAME_LENGTH) : name;
  const m = OPERATOR_BRAND_RULE.exec(capped);
  if (m === null || OPERATOR_HOSTING_ARM.test(capped)) return null;
  return m[1]!.toLowerCase();
}

/**
 * The usage code an AS organisation name implies under the documented
 * keyword rules (docs/ip.md), or `null` when no rule matches.
 *
 * @example
 * usageFromAsName('Stanford University') // 'EDU'
 * usageFromAsName('Hetzner Online GmbH') // null
 */
export function usageFromAsName(name: string): ConnectionType | null {
  const capped = name.length > MAX_AS_NAME_LENGTH ? name.slice(0, MAX_AS_NAME_LENGTH) : name;
  for (const [code, pattern] of AS_NAME_RULES) if (pattern.test(capped)) return code;
  return null;
}
