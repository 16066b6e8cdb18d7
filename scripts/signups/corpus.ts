/**
 * Composes the labelled sign-up corpus from the generators of names,
 * e-mails, phones, IPs and devices. `buildCorpus()` is pure: the same seed
 * gives the same text, byte for byte.
 *
 * Families and how many rows each gets (of 1,200; half genuine, half
 * abusive). The genuine side is mostly everyday sign-ups plus the hard
 * cases every real sign-up stream has, at rates argued next to each; the
 * abusive side is the combinations seen in practice (bot farms, fraud
 * rings, synthetic identities, country mismatches, inbox farms, junk) plus
 * "hard" rows where one input alone gives the abuse away.
 */
import { COUNTRIES, COUNTRY, COUNTRY_WEIGHT } from './countries.js';
import type { Country } from './countries.js';
import { checkNetworks } from './ips.js';
import * as ip from './ips.js';
import * as dev from './devices.js';
import type { Device } from './devices.js';
import * as mail from './emails.js';
import * as tel from './phones.js';
import { FAMOUS, FICTIONAL, GENERIC_PLACEHOLDERS, JOKE, PLACEHOLDER_NAMES, asciiFold, genuineName, randomTyping } from './names.js';
import type { PersonName } from './names.js';
import { Random, seedOf, splitOf } from './random.js';
import { CORPUS_DATE, CORPUS_FORMAT, SEED } from './schema.js';
import type { InputLabel, Label, Product, SignupRow } from './schema.js';

/** Rows per family. Genuine rates are shares of a sign-up stream; each is argued in FAMILY_NOTES. */
export const FAMILY_COUNTS: Readonly<Record<string, number>> = {
  'genuine/everyday': 380,
  'genuine/uncommon-name': 20,
  'genuine/vpn-user': 30,
  'genuine/private-relay': 15,
  'genuine/work-email': 30,
  'genuine/plus-address': 12,
  'genuine/email-relay': 15,
  'genuine/older-device': 30,
  'genuine/landline': 12,
  'genuine/abroad': 26,
  'genuine/migrant': 30,
  'abusive/bot-farm': 90,
  'abusive/fraud-ring': 80,
  'abusive/synthetic-identity': 80,
  'abusive/country-mismatch': 70,
  'abusive/inbox-farm': 40,
  'abusive/junk-signup': 60,
  'abusive/impossible-username': 30,
  'abusive/only-disposable': 30,
  'abusive/only-anonymous-ip': 30,
  'abusive/only-automation': 30,
  'abusive/only-fake-name': 30,
  'abusive/only-bad-phone': 30,
};

/** Why each family exists and why at its rate (copied into the corpus README by the builder). */
export const FAMILY_NOTES: Readonly<Record<string, string>> = {
  'genuine/everyday':
    "one person, one country: a name from the country's name source (native script at the country's share), an address at a national provider in a usual pattern (with digits in about a third), a mobile number on 60% of rows (not every form asks), the home ISP or mobile network, a current browser; 8% of rows omit the name (forms that ask none), 8% type it all lower or upper case",
  'genuine/uncommon-name':
    'compound, hyphenated, particle, apostrophe, very short and double-surname names (about 5% of sign-ups in countries where such names are common; 1.7% here)',
  'genuine/vpn-user':
    'a genuine sign-up through a commercial VPN (surveys such as GWI put monthly VPN use near 30% of Internet users; being connected at the moment of signing up is rarer: 5%)',
  'genuine/private-relay':
    "an iPhone with iCloud Private Relay on (iCloud+ subscribers on Safari; Apple's egress ranges): 2.5%",
  'genuine/work-email': 'a company or university address (5%): B2C sign-ups with a work or student address',
  'genuine/plus-address': 'a Gmail/Outlook/iCloud user who tags the address to filter mail (2%)',
  'genuine/email-relay': "Sign in with Apple's Hide My Email or Firefox Relay: random-looking local part by design (2.5%)",
  'genuine/older-device':
    "a device a year or two behind (5%): iPhones stuck on iOS 16/17, Windows 7/8.1 on Chrome 109, Firefox ESR, old macOS Safari, Android Chrome that stopped updating",
  'genuine/landline': 'a fixed-line number given as the contact number (2%; older users, some countries)',
  'genuine/abroad': 'signing up while travelling or living abroad: phone, name and address of home, the IP of another country (4.3%)',
  'genuine/migrant': "a name from another country than the one of residence along real migration corridors (5%; UN DESA's migrant stock puts 3.6% of people outside their birth country)",
  'abusive/bot-farm': 'scripted mass registration: generated, digit-run or name+digits addresses at big free providers, hosting/proxy IPs, headless browsers, scripts and stale UA strings',
  'abusive/fraud-ring': 'people hiding behind throwaway services: disposable e-mail, VPN/Tor/proxy, fake names (placeholders, fictional, famous, joke, random typing), fake or service numbers',
  'abusive/synthetic-identity': 'a real-looking name with a generated or name+digits address and a fictional, patterned or service phone; IP and device often clean',
  'abusive/country-mismatch': "every input clean on its own, but name origin, phone, IP and e-mail ccTLD from different countries",
  'abusive/inbox-farm': 'one Gmail inbox behind many accounts: +tag sub-addresses and dot variants, in groups of five rows',
  'abusive/junk-signup': 'keyboard walks and placeholder words as e-mail, placeholder or mashed names, patterned or fictional phones: someone who will not give real data',
  'abusive/impossible-username': "an address its provider cannot issue (Gmail's 6–30 letters/digits/dots, Yahoo's and Outlook's leading letter)",
  'abusive/only-disposable': 'everything clean but a disposable address (a sixth of them at throwaway domains no list has yet)',
  'abusive/only-anonymous-ip': 'everything clean but the IP: VPN, Tor, hosting, open proxy, public resolver or CDN edge',
  'abusive/only-automation': 'everything clean but the device: headless in the UA or only in the hints, hints contradicting the UA, a script',
  'abusive/only-fake-name': 'everything clean but the name: famous, fictional, joke or placeholder',
  'abusive/only-bad-phone': 'everything clean but the phone: regulator fiction ranges, repeated or sequential digits, toll-free/premium/shared-cost',
};

/** Share of IPv6 among genuine clients per country (rounded from Google's per-country IPv6 adoption); others 0.15. */
const IPV6: Readonly<Record<string, number>> = {
  FR: 0.6, DE: 0.55, IN: 0.6, US: 0.4, JP: 0.4, BR: 0.4, MX: 0.4, GB: 0.35, SA: 0.5, VN: 0.45, GR: 0.4, BE: 0.5, NL: 0.3, CN: 0.3, RU: 0.08, KR: 0.1,
  ES: 0.08, IT: 0.08, PL: 0.2, CZ: 0.15, UA: 0.05, NG: 0.02, KE: 0.05, EG: 0.05, MA: 0.05, ZA: 0.05, ID: 0.1, PH: 0.1,
};

/** Corridors of migration (origin → residence), the largest in UN DESA's migrant stock tables. */
const MIGRATION: readonly (readonly [string, string])[] = [
  ['MX', 'US'], ['IN', 'AE'], ['IN', 'SA'], ['IN', 'US'], ['IN', 'GB'], ['CN', 'US'], ['PH', 'US'], ['PH', 'AE'], ['PH', 'SA'], ['EG', 'SA'],
  ['TR', 'DE'], ['PL', 'DE'], ['PL', 'GB'], ['RO', 'IT'], ['RO', 'ES'], ['UA', 'PL'], ['RU', 'DE'], ['MA', 'FR'], ['MA', 'ES'], ['CN', 'CA'],
  ['IN', 'CA'], ['CN', 'AU'], ['GB', 'AU'], ['NZ', 'AU'], ['KR', 'US'], ['VN', 'US'], ['NG', 'GB'], ['CO', 'ES'], ['AR', 'ES'], ['BR', 'PT'],
];

/** Hours of the day people sign up (local time): a typical web-traffic curve, lowest at 3–5 am, highest in the evening. */
const HOURS: readonly (readonly [number, number])[] = [
  [0, 2], [1, 1.2], [2, 0.7], [3, 0.5], [4, 0.5], [5, 0.8], [6, 1.5], [7, 2.5], [8, 3.5], [9, 4.5], [10, 5], [11, 5], [12, 5], [13, 5], [14, 5],
  [15, 5], [16, 5], [17, 5], [18, 5.5], [19, 6], [20, 6.5], [21, 6], [22, 5], [23, 3.5],
];

interface Parts {
  country: string;
  email: string;
  name?: PersonName | [string, string];
  phone?: string;
  ip: string;
  device: Device;
  at: string;
  labels: Partial<Record<Product, InputLabel>>;
}

const ok = (family: string): InputLabel => ({ label: 'genuine', family: `genuine/${family}` });
const bad = (family: string): InputLabel => ({ label: 'abusive', family: `abusive/${family}` });

class Builder {
  readonly random: Random;
  private readonly countryWeights: (readonly [Country, number])[];

  constructor(seed: number) {
    this.random = new Random(seed);
    this.countryWeights = COUNTRIES.map((c) => [c, COUNTRY_WEIGHT[c.code] ?? 1] as const);
  }

  country(): Country {
    return this.random.weighted(this.countryWeights);
  }

  /** A sign-up instant in the week before the corpus date: human hours in `offset`'s local time, or any hour (scripts). */
  at(offset: number | null): string {
    const r = this.random;
    const day = r.int(1, 7);
    const hour = offset === null ? r.int(0, 23) : r.weighted(HOURS);
    const minutes = r.int(0, 59);
    const base = Date.parse(`${CORPUS_DATE}T00:00:00Z`) - day * 86_400_000;
    const utc = base + (hour - (offset ?? 0)) * 3_600_000 + minutes * 60_000 + r.int(0, 59) * 1000;
    return new Date(utc).toISOString().replace('.000Z', 'Z');
  }

  name(c: Country): PersonName {
    return genuineName(this.random, c.names);
  }

  nameLabel(name: PersonName): InputLabel {
    return ok(name.script === 'latin' ? 'latin-name' : 'native-script-name');
  }

  email(c: Country, name: PersonName | undefined): [string, InputLabel] {
    const provider = this.random.weighted(c.providers);
    const { email, pattern } = mail.genuineEmail(this.random, name, provider);
    return [email, ok(`email-${pattern}`)];
  }

  phone(c: Country, international = false): [string, InputLabel] {
    return [tel.genuinePhone(this.random, c.code, 'mobile', !international), ok('mobile')];
  }

  homeIp(c: Country, device: Device): [string, InputLabel] {
    const mobileNet = device.mobile && this.random.chance(0.55);
    const v6 = this.random.chance(IPV6[c.code] ?? 0.15);
    return [ip.addressOf(this.random, mobileNet ? c.mobile : c.isp, c.code, v6), ok(mobileNet ? 'mobile-network' : 'home-isp')];
  }

  device(c: Country): [Device, InputLabel] {
    const d = dev.genuineDevice(this.random, CORPUS_DATE, c.code, c.mobileShare, c.iosShare);
    return [d, ok(d.kind)];
  }

  /** A whole genuine sign-up of `c`; families then change one part. */
  genuine(c: Country): Parts {
    const r = this.random;
    const name = this.name(c);
    const [device, deviceLabel] = this.device(c);
    const [ipAddress, ipLabel] = this.homeIp(c, device);
    const [email, emailLabel] = this.email(c, name);
    const parts: Parts = { country: c.code, email, ip: ipAddress, device, at: this.at(c.offset), labels: { email: emailLabel, ip: ipLabel, device: deviceLabel } };
    if (r.chance(0.92)) {
      const casing = r.next();
      if (casing < 0.05 && name.script === 'latin') {
        parts.name = [name.first.toLowerCase(), name.last.toLowerCase()];
        parts.labels.name = ok('lowercase-name');
      } else if (casing < 0.08 && name.script === 'latin') {
        parts.name = [name.first.toUpperCase(), name.last.toUpperCase()];
        parts.labels.name = ok('uppercase-name');
      } else {
        parts.name = name;
        parts.labels.name = this.nameLabel(name);
      }
    }
    if (r.chance(0.6)) [parts.phone, parts.labels.phone] = this.phone(c);
    return parts;
  }

  /** An abusive name of one of the fake families. */
  fakeName(c: Country, family?: string): [[string, string], InputLabel] {
    const r = this.random;
    const kind = family ?? r.weighted<string>([['placeholder', 0.3], ['fictional', 0.2], ['famous', 0.2], ['joke', 0.1], ['random-typing', 0.2]]);
    if (kind === 'placeholder') {
      const own = PLACEHOLDER_NAMES[c.code];
      const pair = own && r.chance(0.6) ? r.pick(own) : r.pick(GENERIC_PLACEHOLDERS);
      return [[pair[0], pair[1]], bad('placeholder-name')];
    }
    if (kind === 'fictional') return [[...r.pick(FICTIONAL)], bad('fictional-name')];
    if (kind === 'famous') return [[...r.pick(FAMOUS)], bad('famous-name')];
    if (kind === 'joke') return [[...r.pick(JOKE)], bad('joke-name')];
    return [randomTyping(r), bad('random-typing-name')];
  }

  anonymousIp(): [string, InputLabel] {
    const r = this.random;
    const kind = r.weighted<string>([['vpn', 0.35], ['tor', 0.15], ['hosting', 0.25], ['proxy', 0.15], ['resolver', 0.1]]);
    if (kind === 'vpn') {
      const v = ip.vpnAddress(r);
      return [v.ip, bad(v.source === 'listed' ? 'vpn-listed' : 'vpn-host')];
    }
    if (kind === 'tor') return [ip.torExit(r), bad('tor-exit')];
    if (kind === 'hosting') return [ip.hostingAddress(r), bad('hosting')];
    if (kind === 'proxy') return [ip.openProxy(r), bad('open-proxy')];
    return [ip.resolverOrEdge(r), bad('resolver-or-edge')];
  }

  automation(weights: readonly (readonly [string, number])[]): [Device, InputLabel] {
    const r = this.random;
    const kind = r.weighted(weights);
    const d =
      kind === 'headless' ? dev.headless(r, CORPUS_DATE)
      : kind === 'headless-hints' ? dev.headlessHints(r, CORPUS_DATE)
      : kind === 'contradiction' ? dev.contradictingHints(r, CORPUS_DATE)
      : kind === 'outdated' ? dev.outdated(r)
      : dev.script(r);
    return [d, bad(d.kind)];
  }

  /** A bad phone: regulator fiction, patterned digits, or a service number. */
  badPhone(c: Country, weights: readonly (readonly [string, number])[] = [['fictional', 0.4], ['repeated', 0.2], ['sequential', 0.2], ['service', 0.2]]): [string, InputLabel] {
    const r = this.random;
    const kind = r.weighted(weights);
    if (kind === 'fictional') {
      const where = (['US', 'CA', 'AU', 'GB'] as const).find((x) => x === c.code) ?? r.weighted([['US', 0.6], ['GB', 0.25], ['AU', 0.15]] as const);
      return [tel.fictionalPhone(r, where, where === c.code), bad(`fictional-range-${where}`)];
    }
    if (kind === 'service') {
      const s = tel.serviceNumber(r, c.code, true) ?? tel.serviceNumber(r, r.pick(['US', 'GB', 'DE', 'FR', 'AU']), false);
      if (s) return [s.phone, bad(`${s.kind}-number`)];
    }
    const pattern = kind === 'repeated' ? 'repeated' : 'sequential';
    return [tel.patternedPhone(r, c.code, pattern), bad(`${pattern}-digits`)];
  }

  freeProvider(): string {
    return this.random.weighted([['gmail.com', 0.45], ['outlook.com', 0.15], ['hotmail.com', 0.1], ['yahoo.com', 0.12], ['mail.ru', 0.06], ['yandex.ru', 0.04], ['gmx.com', 0.04], ['aol.com', 0.04]]);
  }

  /** A generated address of a bot: random string, digit run or a name dressed with digits. */
  generatedEmail(name: PersonName | undefined, weights: readonly (readonly [string, number])[]): [string, InputLabel] {
    const r = this.random;
    const kind = r.weighted(weights);
    const domain = this.freeProvider();
    if (kind === 'digits') return [`${mail.digitRunLocal(r)}@${domain}`, bad('digit-run')];
    if (kind === 'name-farm' && name) return [`${mail.issuable(r, mail.nameFarmLocal(r, name), domain)}@${domain}`, bad('name-digits-farm')];
    const g = mail.generatedLocal(r);
    return [`${mail.issuable(r, g.local, domain)}@${domain}`, bad(g.kind)];
  }

  disposableEmail(name: PersonName | undefined): [string, InputLabel] {
    const d = mail.disposableDomain(this.random);
    return [`${mail.disposableLocal(this.random, name)}@${d.domain}`, bad(d.listed ? 'disposable' : 'disposable-unlisted')];
  }
}

function nameParts(name: PersonName | [string, string] | undefined): { first_name?: string; last_name?: string } {
  if (name === undefined) return {};
  if (Array.isArray(name)) return { first_name: name[0], last_name: name[1] };
  return { first_name: name.first, last_name: name.last };
}

/** Fills one family's parts. Each case starts from clean parts and replaces what the family abuses. */
function compose(b: Builder, family: string, index: number, farmBase: () => string): Parts {
  const r = b.random;
  const c = b.country();
  const p = b.genuine(c);
  const setName = (n: [[string, string], InputLabel] | undefined) => {
    if (n === undefined) {
      delete p.name;
      delete p.labels.name;
    } else [p.name, p.labels.name] = n;
  };
  const clearPhone = () => {
    delete p.phone;
    delete p.labels.phone;
  };
  const person = (): PersonName | undefined => (p.name && !Array.isArray(p.name) ? p.name : undefined);

  switch (family) {
    case 'genuine/everyday':
      return p;
    case 'genuine/uncommon-name': {
      const base = b.name(c);
      const other = b.name(c);
      const kind = r.pick(['hyphenated-given', 'double-surname', 'particle', 'apostrophe', 'short', 'multi-part']);
      const forms: Record<string, [string, string]> = {
        'hyphenated-given': [`${base.first}-${other.first}`, base.last],
        'double-surname': [base.first, `${base.last} ${other.last}`],
        particle: [base.first, `${r.pick(['van der', 'de la', 'von', 'da', 'dos', 'de', 'van', 'di', 'del', 'bin', 'al'])} ${other.last}`],
        apostrophe: [base.first, r.pick(["O'Brien", "O'Connor", "D'Angelo", "D'Souza", "N'Diaye", "M'Bappé", "Dell'Acqua", "O'Neill"])],
        short: [r.pick(['Li', 'Bo', 'Al', 'Jo', 'Ty', 'Ed', 'Yu', 'An']), r.pick(['Ng', 'Ma', 'Wu', 'Li', 'Ho', 'Do', 'Le', 'Xu', 'Ek', 'Ye'])],
        'multi-part': [`${base.first} ${other.first}`, `${base.last} ${b.name(c).last}`],
      };
      p.name = forms[kind]!;
      p.labels.name = ok(`${kind}-name`);
      const ascii: PersonName = { ...base, firstAscii: asciiFold(p.name[0].split(/[ -]/)[0]!), lastAscii: asciiFold(p.name[1].split(' ').pop()!) };
      [p.email, p.labels.email] = b.email(c, ascii);
      return p;
    }
    case 'genuine/vpn-user': {
      const v = ip.vpnAddress(r);
      p.ip = v.ip;
      p.labels.ip = ok(v.source === 'listed' ? 'vpn-listed' : 'vpn-host');
      return p;
    }
    case 'genuine/private-relay': {
      // Private Relay covers Safari only: draw iPhones until the browser is Safari.
      do p.device = dev.genuineDevice(r, CORPUS_DATE, c.code, 1, 1);
      while (p.device.kind !== 'safari-ios');
      p.labels.device = ok(p.device.kind);
      p.ip = ip.privateRelay(r);
      p.labels.ip = ok('private-relay');
      return p;
    }
    case 'genuine/work-email': {
      const name = person() ?? b.name(c);
      p.name = name;
      p.labels.name = b.nameLabel(name);
      const w = mail.workEmail(r, name, c, b.name(c).lastAscii);
      p.email = w.email;
      p.labels.email = ok(`${w.kind}-email`);
      return p;
    }
    case 'genuine/plus-address':
      p.email = mail.plusAddress(r, person());
      p.labels.email = ok('plus-address');
      return p;
    case 'genuine/email-relay':
      p.email = mail.relayAddress(r);
      p.labels.email = ok(p.email.endsWith('appleid.com') ? 'apple-hide-my-email' : 'firefox-relay');
      if (p.email.endsWith('appleid.com')) {
        p.device = dev.genuineDevice(r, CORPUS_DATE, c.code, r.chance(0.8) ? 1 : 0, 1);
        p.labels.device = ok(p.device.kind);
      }
      return p;
    case 'genuine/older-device':
      p.device = dev.olderDevice(r, CORPUS_DATE);
      p.labels.device = ok(p.device.kind);
      [p.ip, p.labels.ip] = b.homeIp(c, p.device);
      return p;
    case 'genuine/landline':
      p.phone = tel.genuinePhone(r, c.code, 'fixed', true);
      p.labels.phone = ok('landline');
      return p;
    case 'genuine/abroad': {
      let where = b.country();
      while (where.code === c.code) where = b.country();
      [p.ip, p.labels.ip] = b.homeIp(where, p.device);
      p.labels.ip = ok(`abroad-${p.labels.ip.family.slice('genuine/'.length)}`);
      [p.phone, p.labels.phone] = b.phone(c, true);
      p.at = b.at(where.offset);
      return p;
    }
    case 'genuine/migrant': {
      const [origin, residence] = r.pick(MIGRATION);
      const home = COUNTRY.get(residence)!;
      const from = COUNTRY.get(origin)!;
      const q = b.genuine(home);
      const name = b.name(from);
      q.name = name;
      q.labels.name = ok(`migrant-${name.script === 'latin' ? 'latin' : 'native-script'}-name`);
      [q.email, q.labels.email] = b.email(home, name);
      return q;
    }

    case 'abusive/bot-farm': {
      const name = person();
      [p.email, p.labels.email] = b.generatedEmail(name, [['random', 0.55], ['digits', 0.2], ['name-farm', name ? 0.25 : 0]]);
      const nameKind = r.weighted([['faker', 0.6], ['typing', 0.25], ['none', 0.15]]);
      if (nameKind === 'typing') setName(b.fakeName(c, 'random-typing'));
      if (nameKind === 'none') setName(undefined);
      if (r.chance(0.6)) clearPhone();
      else if (r.chance(0.5)) [p.phone, p.labels.phone] = b.badPhone(c, [['repeated', 0.4], ['sequential', 0.4], ['service', 0.2]]);
      const ipKind = r.weighted([['hosting', 0.6], ['vpn', 0.15], ['proxy', 0.15], ['bogon', 0.05], ['resolver', 0.05]]);
      if (ipKind === 'hosting') [p.ip, p.labels.ip] = [ip.hostingAddress(r), bad('hosting')];
      else if (ipKind === 'vpn') {
        const v = ip.vpnAddress(r);
        [p.ip, p.labels.ip] = [v.ip, bad(v.source === 'listed' ? 'vpn-listed' : 'vpn-host')];
      } else if (ipKind === 'proxy') [p.ip, p.labels.ip] = [ip.openProxy(r), bad('open-proxy')];
      else if (ipKind === 'bogon') [p.ip, p.labels.ip] = [ip.bogon(r), bad('bogon')];
      else [p.ip, p.labels.ip] = [ip.resolverOrEdge(r), bad('resolver-or-edge')];
      [p.device, p.labels.device] = b.automation([['headless', 0.3], ['headless-hints', 0.15], ['script', 0.25], ['outdated', 0.2], ['contradiction', 0.1]]);
      p.at = b.at(null);
      return p;
    }
    case 'abusive/fraud-ring': {
      const name = person();
      [p.email, p.labels.email] = r.chance(0.7) ? b.disposableEmail(name) : b.generatedEmail(name, [['random', 0.7], ['digits', 0.3]]);
      [p.ip, p.labels.ip] = b.anonymousIp();
      setName(b.fakeName(c));
      const phoneKind = r.weighted([['bad', 0.7], ['none', 0.3]]);
      if (phoneKind === 'none') clearPhone();
      else [p.phone, p.labels.phone] = b.badPhone(c);
      const devKind = r.next();
      if (devKind < 0.2) [p.device, p.labels.device] = b.automation([['outdated', 1]]);
      else if (devKind < 0.4) [p.device, p.labels.device] = b.automation([['contradiction', 1]]);
      p.at = b.at(b.country().offset);
      return p;
    }
    case 'abusive/synthetic-identity': {
      const name = person() ?? b.name(c);
      p.name = name;
      p.labels.name = b.nameLabel(name);
      [p.email, p.labels.email] = b.generatedEmail(name, [['random', 0.5], ['digits', 0.2], ['name-farm', 0.3]]);
      const phoneKind = r.weighted([['fictional', 0.35], ['pattern', 0.35], ['service', 0.15], ['clean', 0.15]]);
      if (phoneKind === 'fictional') [p.phone, p.labels.phone] = b.badPhone(c, [['fictional', 1]]);
      else if (phoneKind === 'pattern') [p.phone, p.labels.phone] = b.badPhone(c, [['repeated', 0.5], ['sequential', 0.5]]);
      else if (phoneKind === 'service') [p.phone, p.labels.phone] = b.badPhone(c, [['service', 1]]);
      else [p.phone, p.labels.phone] = b.phone(c);
      const ipKind = r.next();
      if (ipKind < 0.25) {
        const v = ip.vpnAddress(r);
        [p.ip, p.labels.ip] = [v.ip, bad(v.source === 'listed' ? 'vpn-listed' : 'vpn-host')];
      } else if (ipKind < 0.4) [p.ip, p.labels.ip] = [ip.hostingAddress(r), bad('hosting')];
      if (r.chance(0.2)) [p.device, p.labels.device] = b.automation([['contradiction', 1]]);
      return p;
    }
    case 'abusive/country-mismatch': {
      // Up to four countries: the name's, the phone's, the IP's, the e-mail's; at least three differ.
      const picks = [c];
      while (picks.length < 4) {
        const x = b.country();
        if (!picks.some((y) => y.code === x.code)) picks.push(x);
      }
      const [nameC, phoneC, ipC, mailC] = r.shuffle(picks) as [Country, Country, Country, Country];
      const name = b.name(nameC);
      p.name = name;
      p.labels.name = b.nameLabel(name);
      [p.phone, p.labels.phone] = b.phone(phoneC, true);
      [p.ip, p.labels.ip] = b.homeIp(ipC, p.device);
      const ccProviders = mailC.providers.filter(([d]) => /\.[a-z]{2}$/.test(d) && !d.endsWith('.com'));
      const provider = ccProviders.length > 0 ? r.weighted(ccProviders) : r.weighted(mailC.providers);
      const e = mail.genuineEmail(r, name, provider);
      [p.email, p.labels.email] = [e.email, ok(`email-${e.pattern}`)];
      p.country = r.pick([nameC.code, phoneC.code, c.code]);
      p.at = b.at(ipC.offset);
      return p;
    }
    case 'abusive/inbox-farm': {
      p.email = mail.farmAddress(r, farmBase(), index % 5);
      p.labels.email = bad(p.email.includes('+') ? 'sub-address-farm' : 'dot-variant-farm');
      const ipKind = r.next();
      if (ipKind < 0.4) [p.ip, p.labels.ip] = [ip.hostingAddress(r), bad('hosting')];
      else if (ipKind < 0.7) {
        const v = ip.vpnAddress(r);
        [p.ip, p.labels.ip] = [v.ip, bad(v.source === 'listed' ? 'vpn-listed' : 'vpn-host')];
      }
      const devKind = r.next();
      if (devKind < 0.25) [p.device, p.labels.device] = b.automation([['headless', 0.5], ['headless-hints', 0.5]]);
      else if (devKind < 0.5) [p.device, p.labels.device] = b.automation([['script', 1]]);
      if (r.chance(0.7)) clearPhone();
      return p;
    }
    case 'abusive/junk-signup': {
      const walk = r.chance(0.5);
      const local = walk ? mail.keyboardWalkLocal(r) : mail.placeholderLocal(r);
      const domain = r.chance(0.3) ? r.pick(mail.PLACEHOLDER_DOMAINS) : b.freeProvider();
      p.email = `${local}@${domain}`;
      p.labels.email = bad(walk ? 'keyboard-walk' : 'placeholder-email');
      setName(r.chance(0.85) ? b.fakeName(c, r.pick(['placeholder', 'random-typing'])) : undefined);
      if (r.chance(0.5)) [p.phone, p.labels.phone] = b.badPhone(c, [['repeated', 0.35], ['sequential', 0.35], ['fictional', 0.3]]);
      else clearPhone();
      if (r.chance(0.3)) [p.ip, p.labels.ip] = [ip.hostingAddress(r), bad('hosting')];
      if (r.chance(0.3)) [p.device, p.labels.device] = b.automation([['script', 0.5], ['headless', 0.5]]);
      return p;
    }
    case 'abusive/impossible-username': {
      const u = mail.impossibleUsername(r, person());
      p.email = u.email;
      p.labels.email = bad(`impossible-${u.rule}`);
      if (r.chance(0.4)) [p.ip, p.labels.ip] = b.anonymousIp();
      return p;
    }
    case 'abusive/only-disposable':
      [p.email, p.labels.email] = b.disposableEmail(person());
      return p;
    case 'abusive/only-anonymous-ip':
      [p.ip, p.labels.ip] = b.anonymousIp();
      return p;
    case 'abusive/only-automation':
      [p.device, p.labels.device] = b.automation([['headless-hints', 0.3], ['contradiction', 0.35], ['headless', 0.2], ['script', 0.15]]);
      return p;
    case 'abusive/only-fake-name':
      setName(b.fakeName(c, r.pick(['famous', 'fictional', 'joke', 'placeholder'])));
      return p;
    case 'abusive/only-bad-phone':
      [p.phone, p.labels.phone] = b.badPhone(c);
      return p;
    default:
      throw new Error(`unknown family ${family}`);
  }
}

/** Every network the builder draws from, checked against @ip-location-db/asn before anything is drawn. */
function checkAllNetworks(): void {
  for (const c of COUNTRIES) checkNetworks([...c.isp, ...c.mobile]);
  checkNetworks(ip.VPN_HOSTS);
  checkNetworks(ip.HOSTING.map(([n]) => n));
}

/**
 * The corpus rows, in family order then row order. Each row has its own
 * random stream, seeded by the corpus seed and the row's id, and its half
 * is fixed by the id's hash: a family added, removed or resized later
 * changes no other row and moves no row between the halves.
 */
export function buildRows(seed = SEED): SignupRow[] {
  checkAllNetworks();
  const rows: SignupRow[] = [];
  for (const [family, count] of Object.entries(FAMILY_COUNTS)) {
    const short = family.slice(family.indexOf('/') + 1);
    for (let i = 0; i < count; i++) {
      const id = `${short}-${String(i + 1).padStart(3, '0')}`;
      const b = new Builder(seedOf(seed, id));
      // An inbox farm's rows come in groups of five sharing one inbox.
      const farmBase = () => {
        const g = new Builder(seedOf(seed, `${short}-group-${Math.floor(i / 5)}`));
        const name = g.name(g.country());
        const base = g.random.chance(0.6) ? `${name.firstAscii}${name.lastAscii}`.slice(0, 20) || 'jsmith' : mail.generatedLocal(g.random).local;
        return mail.issuable(g.random, base, 'gmail.com');
      };
      const parts = compose(b, family, i, farmBase);
      const label: Label = family.startsWith('genuine/') ? 'genuine' : 'abusive';
      const products: Partial<Record<Product, InputLabel>> = {};
      for (const product of ['email', 'phone', 'ip', 'device', 'name'] as const) {
        const l = parts.labels[product];
        if (l) products[product] = l;
      }
      rows.push({
        id,
        split: splitOf(id),
        label,
        family,
        country: parts.country,
        at: parts.at,
        email: parts.email,
        ...nameParts(parts.name),
        ...(parts.phone === undefined ? {} : { phone: parts.phone }),
        ip: parts.ip,
        user_agent: parts.device.userAgent,
        headers: parts.device.headers,
        products,
      });
    }
  }
  return rows;
}

/** The corpus file's text: a header line, then one row per line. */
export function buildCorpus(seed = SEED): string {
  const rows = buildRows(seed);
  const header = {
    '//': 'Generated by scripts/signups/build.ts. Do not edit: change the builder and run npm run data:build -- signups. Labels say how each row was built, never what a check says.',
    format: CORPUS_FORMAT,
    seed,
    date: CORPUS_DATE,
    rows: rows.length,
  };
  return `${JSON.stringify(header)}\n${rows.map((row) => JSON.stringify(row)).join('\n')}\n`;
}
