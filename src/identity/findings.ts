import type { DeviceResult } from '../device/index.js';
import type { EmailResult } from '../email/index.js';
import type { IpResult } from '../ip/index.js';
import type { LocalHours } from '../ip/product.js';
import { foldName, romanize } from '../name/product.js';
import type { NameTables } from '../name/product.js';
import type { NameResult } from '../name/index.js';
import type { PhoneResult } from '../phone/index.js';
import type { Signal } from '../scoring/types.js';
import { matchNameToEmailIn } from './nameEmail.js';
import type { IdentityReasonCode } from './scoreModel.js';

/** The products' results one identity check has, and the raw fields the rules read. */
export interface IdentityEvidence {
  readonly email?: EmailResult;
  readonly phone?: PhoneResult;
  readonly ip?: IpResult;
  readonly device?: DeviceResult;
  readonly name?: NameResult;
  readonly firstName?: string;
  readonly lastName?: string;
  /** The declared country (ISO 3166-1 alpha-2). */
  readonly country?: string;
  /** The instant of the check, for the IP's local time. */
  readonly nowMs: number;
}

type IdentitySignal = Signal<IdentityReasonCode>;

/**
 * Country-code top-level domains sold as generic names (.io, .co, .me, .tv,
 * .ai …): a domain under them says nothing about where its owner lives.
 */
const GENERIC_CCTLDS: ReadonlySet<string> = new Set([
  'ac', 'ad', 'ai', 'as', 'bz', 'cc', 'cd', 'co', 'cx', 'dj', 'fm', 'gg', 'gl', 'im', 'io', 'je', 'la', 'ly', 'me', 'ms', 'mu', 'nu', 'sc', 'sh', 'so', 'st', 'tk', 'to', 'tv', 'vc', 'vg', 'ws', 'eu', 'su',
]);

/**
 * The country of an e-mail domain's country-code TLD (`web.de` → DE,
 * `mail.co.uk` → GB), or `null` for a generic TLD or a ccTLD used as a
 * generic one (see {@link GENERIC_CCTLDS}).
 *
 * @example
 * emailCountry('yandex.ru') // 'RU'
 */
export function emailCountry(domain: string): string | null {
  const dot = domain.lastIndexOf('.');
  const tld = domain.slice(dot + 1).toLowerCase();
  if (tld.length !== 2 || !/^[a-z]{2}$/u.test(tld) || GENERIC_CCTLDS.has(tld)) return null;
  return tld === 'uk' ? 'GB' : tld.toUpperCase();
}

/** An address that hides where its user is: VPN, proxy, Tor or a data-centre network (not Apple's Private Relay, which ordinary iPhones use). */
export function isAnonymisedIp(ip: IpResult): boolean {
  return ip.is_vpn || ip.is_proxy || ip.is_tor || ip.is_hosting;
}

/** The IP's country when it says where the user is: known, and not an anonymising or reserved address. */
export function ipUserCountry(ip: IpResult | undefined): string | null {
  if (ip === undefined || !ip.is_valid || isAnonymisedIp(ip) || ip.is_relay || ip.connection_type === 'RSV') return null;
  return ip.country;
}

/** The phone's country when the number is valid. */
export function phoneCountry(phone: PhoneResult | undefined): string | null {
  return phone !== undefined && phone.is_valid === true ? phone.country : null;
}

const MOBILE_CATEGORIES: ReadonlySet<string> = new Set(['smartphone', 'phablet', 'tablet', 'feature_phone']);

/**
 * Every cross-signal finding of one identity (rules in docs/identity.md).
 * A rule fires only when every input it compares was given and read; a
 * missing input is never a finding.
 *
 * @param e the products' results and the raw fields
 * @param names the name tables the rules read (the checker's name check's)
 * @param hours the identity check's local-hour reader (the IP's local time at the check's instant)
 * @example
 * crossSignals({ nowMs: 0 }, new IdentityNames(openNameTables(openData(undefined))), new LocalHours()) // []
 */
export function crossSignals(e: IdentityEvidence, names: IdentityNames, hours: LocalHours): IdentitySignal[] {
  const out: IdentitySignal[] = [];
  nameAndEmail(e, out, names.tables);
  countries(e, out, names);
  nightActivity(e, hours, out);
  deviceAndNetwork(e, out);
  emailAndNetwork(e, out);
  businessName(e, out);
  return out;
}

function localPart(email: EmailResult): string | null {
  const at = email.value.lastIndexOf('@');
  return at > 0 && email.domain !== '' ? email.value.slice(0, at) : null;
}

function nameAndEmail(e: IdentityEvidence, out: IdentitySignal[], tables: NameTables): void {
  if (e.email === undefined || e.firstName === undefined || e.lastName === undefined) return;
  // A company name is read by the business rules, not as a person's.
  if (e.name?.reasons.some((r) => r.code === 'NAME_ORGANIZATION') === true) return;
  const local = localPart(e.email);
  if (local === null) return;
  const match = matchNameToEmailIn(tables, local, e.firstName, e.lastName);
  if (match === 'full') out.push({ code: 'IDENTITY_NAME_IN_EMAIL', detail: `${local} spells the name` });
  else if (match === 'part') out.push({ code: 'IDENTITY_NAME_PART_IN_EMAIL', detail: `${local} holds one of the names` });
  else if (match === 'other') out.push({ code: 'IDENTITY_OTHER_NAME_IN_EMAIL', detail: `${local} reads as another person's name` });
}

/**
 * Territories that share another country's numbering plan and networks:
 * a Jersey or Guernsey mobile (+44 7700, +44 7911) is used across the UK,
 * and geolocation often places their addresses in GB.
 */
const SAME_NETWORK: Readonly<Record<string, string>> = { GG: 'GB', JE: 'GB', IM: 'GB', AX: 'FI', SJ: 'NO' };
function networkCountry(country: string | null): string | null {
  return country === null ? null : (SAME_NETWORK[country] ?? country);
}

function countries(e: IdentityEvidence, out: IdentitySignal[], names: IdentityNames): void {
  const phone = networkCountry(phoneCountry(e.phone));
  const ip = networkCountry(ipUserCountry(e.ip));
  if (phone !== null && ip !== null) {
    if (phone === ip) out.push({ code: 'IDENTITY_PHONE_IP_COUNTRY', detail: phone });
    else out.push({ code: 'IDENTITY_PHONE_IP_COUNTRY_MISMATCH', detail: `phone ${phone}, IP ${ip}` });
  }
  const seen = [phone, ip].filter((c): c is string => c !== null);
  if (e.email !== undefined && e.email.domain !== '' && seen.length > 0) {
    const mail = emailCountry(e.email.domain);
    if (mail !== null) {
      if (seen.includes(mail)) out.push({ code: 'IDENTITY_EMAIL_COUNTRY', detail: mail });
      else out.push({ code: 'IDENTITY_EMAIL_COUNTRY_MISMATCH', detail: `e-mail ${mail}, ${describe(phone, ip)}` });
    }
  }
  const declared = e.country?.toUpperCase();
  if (declared !== undefined && seen.length > 0 && !seen.includes(declared)) {
    out.push({ code: 'IDENTITY_DECLARED_COUNTRY_MISMATCH', detail: `declared ${declared}, ${describe(phone, ip)}` });
  }
  if (e.lastName !== undefined && e.name !== undefined && e.name.is_valid) {
    // Only countries the surname lists cover can contradict a surname: the
    // lists hold no US or GB names, so Hughes is "listed for AU" only.
    const covered = names.coverage;
    const places = [...new Set(declared === undefined ? seen : [...seen, declared])].filter((p) => covered.has(p));
    if (places.length > 0) {
      const origins = surnameOrigins(names.tables, e.lastName);
      if (origins.length > 0 && !places.some((p) => origins.includes(p))) {
        out.push({ code: 'IDENTITY_NAME_ORIGIN_MISMATCH', detail: `family name listed for ${origins.slice(0, 6).join(' ')}; ${places.join(', ')} not among them` });
      }
    }
  }
}

function describe(phone: string | null, ip: string | null): string {
  return [phone === null ? '' : `phone ${phone}`, ip === null ? '' : `IP ${ip}`].filter((s) => s !== '').join(', ');
}

/**
 * What the identity rules read of the name data: the name check's own tables
 * (the checker's), and the countries its surname lists cover, worked out
 * once per identity check.
 */
export class IdentityNames {
  #coverage: ReadonlySet<string> | undefined;

  constructor(readonly tables: NameTables) {}

  /** Countries the surname-countries dataset holds at least 200 surnames of: where its silence means something. */
  get coverage(): ReadonlySet<string> {
    this.#coverage ??= new Set([...this.tables.surnameCountryCounts].filter(([, n]) => n >= 200).map(([c]) => c));
    return this.#coverage;
  }

  /** The name tables the identity rules read, whole, so that a check after `preload()` loads nothing. */
  preload(): void {
    this.tables.first.loadAll();
    this.tables.surnames.loadAll();
    void this.coverage;
  }
}

/** Countries whose name lists hold the family name (its last word; Latin spelling for other scripts). */
function surnameOrigins(tables: NameTables, lastName: string): readonly string[] {
  const words = foldName(lastName).split(/[\s-]/u).filter((w) => w !== '');
  const last = words.at(-1);
  if (last === undefined) return [];
  const latin = romanize(last)[0] ?? last;
  return tables.surnameCountries(latin);
}

function nightActivity(e: IdentityEvidence, hours: LocalHours, out: IdentitySignal[]): void {
  const ip = e.ip;
  if (ip === undefined || ip.timezone === null || ipUserCountry(ip) === null) return;
  const hour = hours.hourAt(ip.timezone, e.nowMs);
  if (hour !== null && hour >= 1 && hour <= 4) {
    out.push({ code: 'IDENTITY_NIGHT_ACTIVITY', detail: `${String(hour).padStart(2, '0')}:xx in ${ip.timezone}` });
  }
}

function deviceAndNetwork(e: IdentityEvidence, out: IdentitySignal[]): void {
  const { device, ip } = e;
  if (device === undefined || ip === undefined || !ip.is_valid) return;
  const robot = device.is_robot || device.category === 'robot';
  if (!robot && MOBILE_CATEGORIES.has(device.category) && isAnonymisedIp(ip)) {
    out.push({ code: 'IDENTITY_MOBILE_ON_ANONYMOUS_IP', detail: `${device.category} on ${anonymityOf(ip)}` });
  }
  if (robot && !isAnonymisedIp(ip) && (ip.connection_type === 'ISP' || ip.connection_type === 'MOB')) {
    out.push({ code: 'IDENTITY_ROBOT_ON_RESIDENTIAL_IP', detail: `robot user agent on ${ip.connection_type === 'MOB' ? 'a mobile carrier' : 'a consumer ISP'}` });
  }
  if (!robot && device.category === 'desktop' && ip.connection_type === 'MOB') {
    out.push({ code: 'IDENTITY_DESKTOP_ON_MOBILE_IP' });
  }
}

function anonymityOf(ip: IpResult): string {
  if (ip.is_tor) return 'a Tor address';
  if (ip.is_proxy) return 'a proxy';
  if (ip.is_vpn) return 'a VPN';
  return 'a data-centre address';
}

function emailAndNetwork(e: IdentityEvidence, out: IdentitySignal[]): void {
  if (e.email === undefined || e.ip === undefined || !isAnonymisedIp(e.ip)) return;
  if (e.email.reasons.some((r) => r.code === 'EMAIL_DISPOSABLE')) {
    out.push({ code: 'IDENTITY_DISPOSABLE_ON_ANONYMOUS_IP', detail: `${e.email.domain} on ${anonymityOf(e.ip)}` });
  }
}

function businessName(e: IdentityEvidence, out: IdentitySignal[]): void {
  const { email, name } = e;
  if (email === undefined || name === undefined || email.domain === '') return;
  if (!name.reasons.some((r) => r.code === 'NAME_ORGANIZATION')) return;
  if (email.reasons.some((r) => r.code === 'EMAIL_FREE')) {
    out.push({ code: 'IDENTITY_BUSINESS_NAME_FREE_EMAIL', detail: email.domain });
    return;
  }
  // Any label of the domain (acme in mail.acme.co.uk) that is a word of the company name or begins it.
  const labels = email.domain.toLowerCase().split('.').map((l) => l.replaceAll('-', ''));
  const words = new Set(foldName(`${e.firstName ?? ''} ${e.lastName ?? ''}`).split(/[^a-z0-9]+/u).filter((w) => w.length >= 3));
  const joined = [...words].join('');
  if (labels.some((l) => l.length >= 3 && (words.has(l) || joined.startsWith(l)))) {
    out.push({ code: 'IDENTITY_BUSINESS_NAME_OWN_DOMAIN', detail: email.domain });
  }
}
