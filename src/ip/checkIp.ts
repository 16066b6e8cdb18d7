import { sharedChecker } from '../data/sharedChecker.js';
import { dataOptionRule, openData, staleDetailAt, withClock, type DataContext } from '../data/context.js';
import { clockOption, readClock } from '../common/clock.js';
import { preloadOnce } from '../data/preload.js';
import { WARM_UP_CALLS, warmUpIp } from '../common/warmUp.js';
import { assertString } from '../common/input.js';
import { arrayOption, booleanOption, checkOptions, dateOption, countOption, kindOf, optionError } from '../common/options.js';
import type { OptionRule, OptionRules } from '../common/options.js';
import { scoringRule } from '../scoring/createScorer.js';
import { createScorer } from '../scoring/createScorer.js';
import type { Signal } from '../scoring/types.js';
import { byoFacts, emptyLocation, fillLocation, type LocationFields } from './byo.js';
import { classifyNetwork, type NetworkInfo } from './classify.js';
import { countryOnly, requestTimeAt } from './city.js';
import { openDatabase, type OpenedDatabase } from './mmdb.js';
import { parseIp } from './parseIp.js';
import { IP_SCORE_MODEL, type IpReasonCode, type IpScorer } from './scoreModel.js';
import { embeddedIpv4, specialRangeOf } from './specialRanges.js';
import { openIpTables, type IpTables } from './tables.js';
import { requestTimeOfHour, timezoneAt } from './time.js';
import type { ConnectionSpeed, ConnectionType, IpCheck, IpCheckOptions, IpResult } from './types.js';
import { hiddenSlot } from '../common/hiddenSlot.js';
import { codeSetScorer } from '../scoring/codeSetScorer.js';

/** `scoring` checked against this product's model: its own codes (another product's are that product's business). */
const scoringOption = scoringRule([IP_SCORE_MODEL]);

const EMPTY_LOCATION: Readonly<LocationFields> = Object.freeze(emptyLocation());

/** Mutable working copy of the fields; frozen into a fresh result per call. */
interface Fields {
  city: string | null;
  country: string | null;
  region: string | null;
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
  timezone: string | null;
  connection_type: ConnectionType | null;
  connection_speed: ConnectionSpeed | null;
  isp: string | null;
  asn: number | null;
  company_name: string | null;
  company_domain: string | null;
  is_mobile: boolean;
  is_vpn: boolean;
  vpn_name: string | null;
  is_proxy: boolean;
  is_tor: boolean;
  is_relay: boolean;
  is_hosting: boolean;
  network: string | null;
}

/** A database option item: a file path (non-empty) or the file's bytes. */
const databaseItem: OptionRule = (value, path) => {
  if (value instanceof Uint8Array || (typeof value === 'string' && value !== '')) return;
  throw optionError(path, `must be a file path or a Uint8Array, got ${value === '' ? 'an empty string' : kindOf(value)}`);
};

/** The IP factory options besides `scoring`, `data` and `now`; `createChecker` checks its `ip` key with them. */
export const IP_OPTION_RULES: OptionRules = {
  databases: arrayOption(databaseItem, 'file paths or Uint8Arrays'),
  bundledCity: booleanOption,
  cityCacheSize: countOption,
};

/** The options of one call: the instant of this check, instead of the checker's clock. */
const IP_CALL_RULES: OptionRules = { now: dateOption };

/** The options of {@link ipCheckOn}: those of {@link createIpCheck} but the data and the clock, which the context brings. */
export type IpCheckOnOptions = Omit<IpCheckOptions, 'data' | 'now'>;

/**
 * Builds an IP checker with its options resolved once: scoring, your own
 * MaxMind-format databases (opened and verified here, so a broken file fails
 * at start-up with a `DataError`), and the checker's one clock (`now`), which
 * both `request_time` and the lists' staleness (`IP_DATA_STALE`) read. The
 * bundled DB-IP city files and network tables open on the first check, or
 * at `preload()`.
 *
 * @param options see {@link IpCheckOptions}
 * @returns a function `(ip, { now }?) => IpResult` with a `preload()` method
 * (a call's `now` replaces the clock for that check, staleness included)
 * and `at(nowMs, ip)`; a call throws `InputError` `INPUT_TYPE` for a
 * non-string address and `INPUT_OPTION` when its options are not an object,
 * have a key other than `now`, `now` is not a valid Date, or the clock
 * function returns anything but a valid Date (`field` `now`)
 * @throws InputError `SCORING_CONFIG` for a bad `scoring` (not an object,
 * bad bands, a weight code of no product's model, a weight outside 0..10 nats),
 * `INPUT_OPTION` for any other bad option (not an object, an unknown key,
 * `databases` not an array of non-empty paths or Uint8Arrays,
 * `cityCacheSize` not a whole number >= 0, `now` neither a valid Date nor
 * a function); `field` is the option's path (`databases[1]`)
 * @throws DataError when a database cannot be read or is not a MaxMind database
 * @example
 * // not run: needs your own GeoIP2 database at this path
 * const check = createIpCheck({ databases: ['/var/lib/GeoIP/GeoIP2-Anonymous-IP.mmdb'] });
 * check.preload();
 * check('81.2.69.142').country // 'GB'
 */
export function createIpCheck(options?: IpCheckOptions): IpCheck {
  return createIpCheckIn(options, undefined);
}

/**
 * {@link createIpCheck} on `plain` (the one-call functions' data) when given,
 * else on the bundle the options name; on `shared`'s tables (its city files
 * and caches, already loaded) when given.
 */
function createIpCheckIn(options: IpCheckOptions | undefined, plain: DataContext | undefined, shared?: IpCheck): IpCheck {
  const { data, now, ...rest } = checkOptions<IpCheckOptions>(options, '', { ...IP_OPTION_RULES, now: clockOption, scoring: scoringOption, data: dataOptionRule });
  // The clock travels in the data context: the staleness of the lists and request_time read the same one.
  return ipCheckOn(plain === undefined ? openData(data, 'data', now) : withClock(plain, now), rest, shared === undefined ? undefined : tablesOf(shared));
}

/**
 * Builds an IP checker on an opened data context (what `createChecker`
 * calls with its one context): the tables are opened from its bundle, and
 * the plain call reads its clock once per check.
 *
 * @param context the checker's data and clock
 * @param options the IP options (checked here with {@link IP_OPTION_RULES} and `scoring`)
 * @param opened tables already opened on a context of the same bundle and age limit (the one-call checker's), else opened here
 * @throws InputError and DataError as {@link createIpCheck}
 */
export function ipCheckOn(context: DataContext, options: IpCheckOnOptions = {}, opened?: IpTables): IpCheck {
  const opts = checkOptions<IpCheckOnOptions>(options, '', { ...IP_OPTION_RULES, scoring: scoringOption });
  const score = codeSetScorer(IP_SCORE_MODEL, createScorer(IP_SCORE_MODEL, opts.scoring));
  const databases: readonly OpenedDatabase[] = Object.freeze((opts.databases ?? []).map((d, i) => openDatabase(d, i)));
  const tables = opened ?? openIpTables(context, { bundledCity: opts.bundledCity, cityCacheSize: opts.cityCacheSize });
  const state: CheckState = { tables, databases, score, stale: { day: Number.NaN, detail: null }, operatorSignals: new Map() };

  const at = (nowMs: number, ip: string, callOptions?: { readonly now?: Date }): IpResult => {
    assertString(ip, 'ip');
    const now = checkOptions<{ readonly now?: Date }>(callOptions, '', IP_CALL_RULES).now;
    return run(ip, now === undefined ? nowMs : now.getTime(), state);
  };
  const check = (ip: string, callOptions?: { readonly now?: Date }): IpResult => {
    assertString(ip, 'ip');
    const now = checkOptions<{ readonly now?: Date }>(callOptions, '', IP_CALL_RULES).now;
    return run(ip, now === undefined ? readClock(context.now) : now.getTime(), state);
  };
  const preload = preloadOnce([
    () => tables.preload(),
    // A fixed instant: the warm-up's results are thrown away, so it has no reason to read the clock.
    () => {
      for (let i = 0; i < WARM_UP_CALLS; i++) run(warmUpIp(i), WARM_UP_INSTANT, state);
    },
  ]);
  const ipCheck: IpCheck = Object.assign(check, { preload, at });
  // Not enumerable: the tables are the checker's internals, reached by tablesOf (tests, benches).
  TABLES.put(ipCheck, tables);
  return ipCheck;
}

const TABLES = hiddenSlot<IpTables>('ip tables');

/** The tables a checker of {@link ipCheckOn} opened (its city caches, network tables…). @internal */
export function tablesOf(check: IpCheck): IpTables {
  return TABLES.get(check);
}

/** What one checker's calls share: its tables, databases and scorer, and its memos. */
interface CheckState {
  readonly tables: IpTables;
  readonly databases: readonly OpenedDatabase[];
  readonly score: IpScorer;
  /** The stale detail of the UTC day it was computed for (see {@link staleLists}). */
  stale: { readonly day: number; readonly detail: string | null };
  /** The operator-network signal of each AS name met, built once (see {@link operatorSignal}). */
  readonly operatorSignals: Map<string, Signal<IpReasonCode>>;
}

const WARM_UP_INSTANT = Date.UTC(2026, 0, 1, 12);

/** A frozen detail-less signal per code: a check pushes these instead of allocating one per signal. */
const BARE = Object.freeze(
  Object.fromEntries(Object.keys(IP_SCORE_MODEL.signals).map((code) => [code, Object.freeze({ code })])),
) as Readonly<Record<IpReasonCode, Signal<IpReasonCode>>>;

// A cache size or the city files switched off shape the tables: such options open their own.
const checkerFor = sharedChecker(createIpCheckIn, (options) => options.cityCacheSize !== undefined || options.bundledCity !== undefined);

/** Preloads the checker {@link checkIp} uses without options (the root's `preload()`). @internal */
export function preloadSharedIpCheck(): void {
  checkerFor(undefined).preload();
}

/**
 * Checks one IP address offline: strict syntax, special-purpose ranges,
 * location (DB-IP Lite), network (ASN, Tor, VPN, proxy, Apple relay, cloud,
 * CDN, crawler, usage type) and a 0–1000 score with its reasons.
 *
 * A non-string throws `InputError`; any string gets a result.
 *
 * @param ip the address as received (`81.2.69.142`, `2001:db8::1`, `::ffff:1.2.3.4`)
 * @param options when given, a checker is built for this call (prefer {@link createIpCheck} for repeated use)
 * @throws InputError `INPUT_TYPE` when `ip` is not a string; for a bad
 * option, as {@link createIpCheck} (`INPUT_OPTION` / `SCORING_CONFIG`)
 * @example
 * checkIp('81.2.69.142')
 * // { value: '81.2.69.142', city: 'London', country: 'GB', connection_type: null, timezone: 'Europe/London', …, score: 500, score_cluster: 'review' }
 */
export function checkIp(ip: string, options?: IpCheckOptions): IpResult {
  return checkerFor(options)(ip);
}

function run(value: string, nowMs: number, state: CheckState): IpResult {
  const { tables, databases, score } = state;
  const signals: Signal<IpReasonCode>[] = [];
  const parsed = parseIp(value);
  if (parsed === null) {
    signals.push(BARE.IP_SYNTAX);
    return finish(value, null, emptyFields(), null, null, false, null, signals, score);
  }
  const special = specialRangeOf(parsed);
  if (special !== null) {
    const f = emptyFields();
    f.connection_type = 'RSV';
    const reserved = `${special.cidr} ${special.name} (${special.rfc})`;
    signals.push({ code: 'IP_RESERVED', detail: reserved });
    const inner = embeddedIpv4(parsed);
    if (inner !== null) signals.push({ code: 'IP_TUNNEL', detail: `${special.name} carries IPv4 ${inner}` });
    return finish(value, parsed.version, f, reserved, inner, true, null, signals, score);
  }

  // Your databases first, field by field; the bundled data fills what they do not hold (docs/ip.md, "Bring your own databases").
  const byo = databases.length > 0 ? byoFacts(databases, parsed.address, parsed.version) : null;
  const f = emptyFields();
  const cityFile = tables.city(parsed.version);
  const city = cityFile === null ? countryOnly(tables.country(), parsed) : cityFile.lookup(parsed);
  let loc: Readonly<LocationFields>;
  let timezone: string | null;
  if (byo === null) {
    // The common case: the record's location and timezone, mapped once per record.
    loc = city === null ? EMPTY_LOCATION : city.location;
    timezone = city === null ? null : city.timezone;
  } else {
    const merged = { ...byo.location };
    if (city !== null) fillLocation(merged, city.source);
    loc = merged;
    timezone = merged.timezone ?? (merged.latitude !== null && merged.longitude !== null ? timezoneAt(merged.latitude, merged.longitude) : null);
  }
  f.country = loc.country;
  f.region = loc.region;
  f.city = loc.city;
  f.zip = loc.zip;
  f.latitude = loc.latitude;
  f.longitude = loc.longitude;
  f.timezone = timezone;

  // Your AS number, when it differs from the bundled table's, is the one the ASN rules classify.
  const net: NetworkInfo = classifyNetwork(tables.network(), parsed, byo?.asn == null ? undefined : { asn: byo.asn, org: byo.asOrg });
  f.asn = net.asn;
  f.isp = byo?.isp ?? net.org;
  f.company_name = byo?.companyName ?? net.org;
  f.company_domain = byo?.companyDomain ?? null;
  f.connection_speed = byo?.speed ?? null;
  let basis = net.connectionBasis;
  f.connection_type = net.connectionType;
  if (byo?.usage != null) {
    // A residential (ISP) user type on a network your database calls mobile is a mobile user.
    const mobile = byo.usage === 'ISP' && byo.mobileBasis !== null;
    f.connection_type = mobile ? 'MOB' : byo.usage;
    basis = mobile ? byo.mobileBasis : byo.usageBasis;
  } else if (byo?.mobileBasis != null) {
    f.connection_type = 'MOB';
    basis = byo.mobileBasis;
  }
  f.is_mobile = f.connection_type === 'MOB';
  // Flags are facts from their own sources: each source can set one, none clears another's.
  const torExit = net.torExit || byo?.torExit === true;
  f.is_tor = torExit || net.torRelay;
  f.is_relay = net.relay;
  f.is_proxy = net.proxy || byo?.proxy === true;
  f.is_vpn = net.vpn || byo?.vpn === true;
  f.vpn_name = net.vpnName;
  f.is_hosting = net.hosting || byo?.hosting === true || f.connection_type === 'DCH' || f.connection_type === 'CDN';
  f.network = net.network;

  let requestTime: IpResult['request_time'];
  if (byo === null && city !== null) requestTime = requestTimeAt(city, nowMs, tables.localHours);
  else {
    const hour = f.timezone === null ? null : tables.localHours.hourAt(f.timezone, nowMs);
    requestTime = hour === null ? null : requestTimeOfHour(hour);
  }

  // Signals, most specific first; the scorer orders them for the arithmetic.
  if (torExit) signals.push(BARE.IP_TOR_EXIT);
  else if (f.is_tor) signals.push(BARE.IP_TOR_RELAY);
  if (f.is_proxy) signals.push(BARE.IP_PROXY);
  if (f.is_vpn) signals.push(f.vpn_name === null ? BARE.IP_VPN : { code: 'IP_VPN', detail: f.vpn_name });
  if (f.is_relay) signals.push(BARE.IP_RELAY);
  // Hosting evidence keeps its own reason when your database gives the network another
  // usage (a bundled CDN range under your Cellular stays IP_CDN); a DCH/CDN code of your
  // own is explained by your database.
  const ownHosting = f.connection_type !== net.connectionType && (f.connection_type === 'DCH' || f.connection_type === 'CDN');
  const [hostingKind, hostingBasis] = ownHosting
    ? [f.connection_type, basis]
    : net.hosting
      ? [net.connectionType, f.network ?? net.connectionBasis]
      : [null, byo?.hostingBasis ?? null];
  // iCloud Private Relay egresses from Akamai, Cloudflare and Fastly space: the
  // relay signal already explains that network, so it is not counted twice.
  if (net.resolver !== null) {
    // A resolver's service address: its own risk, not the hosting or CDN range around it on top.
    signals.push({ code: 'IP_PUBLIC_RESOLVER', detail: net.resolver });
  } else if (f.connection_type === 'SES') {
    signals.push(withDetail('IP_CRAWLER', (f.connection_type === net.connectionType ? f.network : null) ?? basis ?? undefined));
  } else if (f.is_relay) {
    // no hosting/CDN risk on top of IP_RELAY
  } else if (hostingKind === 'CDN') signals.push(withDetail('IP_CDN', hostingBasis ?? undefined));
  else if (f.is_hosting) signals.push(withDetail('IP_HOSTING', hostingBasis ?? undefined));
  const anonymous = f.is_tor || f.is_proxy || f.is_vpn || f.is_relay || f.is_hosting;
  if (!anonymous && f.connection_type === 'ISP') signals.push(withDetail('IP_ISP', basis ?? undefined));
  if (!anonymous && f.connection_type === 'MOB') signals.push(withDetail('IP_MOBILE', basis ?? undefined));
  // A retail operator's network whose fixed/mobile use is not known (your database's usage code, when given, decides instead).
  if (!anonymous && f.connection_type === null && net.operator !== null && net.org !== null) signals.push(operatorSignal(state.operatorSignals, net.org));
  if (f.country !== null && f.city !== null && f.timezone !== null) signals.push(BARE.IP_LOCATED);
  if (f.country === null) signals.push(BARE.IP_NO_LOCATION);
  else if (cityFile === null && f.city === null) signals.push(BARE.IP_NO_CITY_DATA);
  if (f.asn === null) signals.push(BARE.IP_NO_ASN);
  if (f.connection_type === null) signals.push(BARE.IP_USAGE_UNKNOWN);
  // Every verdict on a public address (listed or not) rests on the lists being current.
  const stale = staleLists(state, nowMs);
  if (stale !== null) signals.push({ code: 'IP_DATA_STALE', detail: stale });
  return finish(value, parsed.version, f, null, null, true, requestTime, signals, score);
}

const DAY_MS = 86_400_000;

/**
 * The address and network lists' age, when past the checker's limit. Ages
 * are whole days counted from a date's UTC midnight, so the answer can only
 * change when the UTC day does: the detail is built once per day, not per check.
 */
function staleLists(state: CheckState, nowMs: number): string | null {
  const day = Math.floor(nowMs / DAY_MS);
  if (state.stale.day === day) return state.stale.detail;
  const lists = staleDetailAt(state.tables.listsWatch, nowMs);
  const asns = staleDetailAt(state.tables.classesWatch, nowMs);
  const detail = lists === null ? asns : asns === null ? lists : `${lists}; ${asns}`;
  state.stale = { day, detail };
  return detail;
}

/** Most operator signals a checker keeps: your own database may name many more organisations than the bundled table's 1,700 operators. */
const MAX_OPERATOR_SIGNALS = 4096;

/** The operator-network signal of an AS name, built once per name (an address in an operator's network is a common case). */
function operatorSignal(signals: Map<string, Signal<IpReasonCode>>, org: string): Signal<IpReasonCode> {
  let signal = signals.get(org);
  if (signal === undefined) {
    signal = Object.freeze({ code: 'IP_OPERATOR_NETWORK', detail: `AS name: ${org}` });
    // Bounded: emptied when full (the signals are rebuilt as met; only the allocation is saved).
    if (signals.size >= MAX_OPERATOR_SIGNALS) signals.clear();
    signals.set(org, signal);
  }
  return signal;
}

function withDetail(code: IpReasonCode, detail: string | undefined): Signal<IpReasonCode> {
  return detail === undefined ? BARE[code] : { code, detail };
}

function emptyFields(): Fields {
  return {
    city: null,
    country: null,
    region: null,
    zip: null,
    latitude: null,
    longitude: null,
    timezone: null,
    connection_type: null,
    connection_speed: null,
    isp: null,
    asn: null,
    company_name: null,
    company_domain: null,
    is_mobile: false,
    is_vpn: false,
    vpn_name: null,
    is_proxy: false,
    is_tor: false,
    is_relay: false,
    is_hosting: false,
    network: null,
  };
}

function finish(
  value: string,
  version: 4 | 6 | null,
  f: Fields,
  reserved: string | null,
  embedded: string | null,
  valid: boolean,
  requestTime: IpResult['request_time'],
  signals: Signal<IpReasonCode>[],
  score: IpScorer,
): IpResult {
  if (valid) {
    signals.push(BARE.IP_BLACKLIST_OFFLINE);
    signals.push(BARE.IP_COMPANY_OFFLINE);
  }
  const outcome = score(signals);
  return {
    value,
    city: f.city,
    connection_type: f.connection_type,
    connection_speed: f.connection_speed,
    country: f.country,
    isp: f.isp,
    timezone: f.timezone,
    request_time: requestTime,
    zip: f.zip,
    is_mobile: f.is_mobile,
    is_vpn: f.is_vpn,
    vpn_name: f.vpn_name,
    is_proxy: f.is_proxy,
    is_tor: f.is_tor,
    is_relay: f.is_relay,
    is_hosting: f.is_hosting,
    black_list_count: null,
    company_domain: f.company_domain,
    company_name: f.company_name,
    company_description: null,
    company_country: null,
    company_facebook_url: null,
    company_linkedin_url: null,
    company_twitter_url: null,
    company_industry: null,
    company_employees: null,
    company_founded: null,
    company_annual_revenue: null,
    company_total_funding: null,
    company_tech_stack: null,
    company_keywords: null,
    company_logo: null,
    is_valid: valid,
    ip_version: version,
    asn: f.asn,
    region: f.region,
    latitude: f.latitude,
    longitude: f.longitude,
    network: f.network,
    reserved_range: reserved,
    embedded_ipv4: embedded,
    score: outcome.score,
    score_cluster: outcome.score_cluster,
    reasons: outcome.reasons,
  };
}
