/**
 * E-mail addresses: genuine ones (the local-part patterns people choose,
 * at their country's providers), and the abusive families.
 *
 * Genuine patterns and their shares are rounded from how people build
 * addresses (first.last, firstlast, flast, first_last, with a 2- or 4-digit
 * number such as a birth year, a nickname with digits); every genuine
 * address is also one its provider would have issued (Gmail: 6–30 letters,
 * digits and dots; Yahoo: starts with a letter), since a provider that
 * refuses a name never delivers mail to it.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { allLocales } from '@faker-js/faker';
import type { PersonName } from './names.js';
import type { Random } from './random.js';
import { ROOT } from './schema.js';

const require = createRequire(join(ROOT, 'package.json'));

const GMAIL = new Set(['gmail.com', 'googlemail.com']);
const YAHOO = /^(?:yahoo|ymail|rocketmail)\./;

/** Short everyday words for handles (faker's English adjective and noun lists, 3–7 letters). */
function words(kind: 'adjective' | 'noun'): readonly string[] {
  const list = (allLocales.en.word as Record<string, string[]>)[kind]!;
  return list.filter((w) => /^[a-z]{3,7}$/.test(w));
}
let adjectives: readonly string[] | undefined;
let nouns: readonly string[] | undefined;

function year(random: Random): string {
  const y = random.int(1958, 2007);
  return random.chance(0.5) ? String(y) : String(y).slice(2);
}

/** Makes `local` one that `domain` issues: Gmail's 6–30 letters/digits/dots, Yahoo's leading letter, no `..`. */
export function issuable(random: Random, local: string, domain: string): string {
  let out = local.replace(/\.{2,}/g, '.');
  // Trimmed by hand: an anchored /[._-]+$/ rescans every run (quadratic on long input).
  let start = 0;
  let end = out.length;
  while (start < end && '._-'.includes(out[start]!)) start++;
  while (end > start && '._-'.includes(out[end - 1]!)) end--;
  out = out.slice(start, end);
  if (GMAIL.has(domain)) {
    out = out.replace(/[_-]/g, '.');
    while (out.replace(/\./g, '').length < 6) out += random.digits(1);
    if (out.length > 30) out = out.slice(0, 30).replace(/\.$/, '');
  }
  if (YAHOO.test(domain) && !/^[a-z]/.test(out)) out = `a${out}`;
  if (out.length < 3) out += random.digits(3);
  return out;
}

/** A genuine local part built from the person's name, or a handle. */
export function genuineLocal(random: Random, name: PersonName | undefined): { local: string; pattern: string } {
  adjectives ??= words('adjective');
  nouns ??= words('noun');
  const f = name?.firstAscii || 'alex';
  const l = name?.lastAscii || 'lee';
  const pattern = random.weighted<string>([
    ['first.last', name ? 0.24 : 0],
    ['firstlast', name ? 0.12 : 0],
    ['flast', name ? 0.07 : 0],
    ['first_last', name ? 0.04 : 0],
    ['f.last', name ? 0.03 : 0],
    ['last.first', name ? 0.03 : 0],
    ['first.last+year', name ? 0.09 : 0],
    ['firstlast+digits', name ? 0.1 : 0],
    ['first+digits', name ? 0.08 : 0],
    ['handle+digits', 0.12],
    ['handle', 0.05],
    ['initials+digits', name ? 0.03 : 0],
  ]);
  const handle = () => (random.chance(0.5) ? random.pick(adjectives!) + random.pick(nouns!) : random.chance(0.5) ? f + random.pick(nouns!) : random.pick(nouns!) + l.slice(0, 4));
  const local = {
    'first.last': `${f}.${l}`,
    firstlast: `${f}${l}`,
    flast: `${f[0]}${l}`,
    first_last: `${f}_${l}`,
    'f.last': `${f[0]}.${l}`,
    'last.first': `${l}.${f}`,
    'first.last+year': `${f}${random.pick(['.', '', '_'])}${l}${year(random)}`,
    'firstlast+digits': `${f}${l}${random.chance(0.5) ? random.digits(random.int(1, 3)) : year(random)}`,
    'first+digits': `${f}${random.chance(0.5) ? year(random) : random.digits(random.int(2, 4))}`,
    'handle+digits': `${handle()}${random.chance(0.5) ? year(random) : random.digits(random.int(1, 4))}`,
    handle: handle(),
    'initials+digits': `${f[0]}${l[0]}${random.digits(random.int(3, 6))}`,
  }[pattern]!;
  return { local, pattern };
}

/**
 * A genuine address at one of the country's providers. Country habits:
 * a QQ address is usually the account's QQ number (5–11 digits, most 8–10
 * today); Korean Naver IDs are romanised name parts with digits.
 */
export function genuineEmail(random: Random, name: PersonName | undefined, provider: string): { email: string; pattern: string } {
  if (provider === 'qq.com' && random.chance(0.65)) {
    return { email: `${random.int(1, 9)}${random.digits(random.weighted([[4, 0.05], [6, 0.15], [7, 0.3], [8, 0.35], [9, 0.15]]))}@qq.com`, pattern: 'qq-number' };
  }
  if ((provider === 'naver.com' || provider === 'daum.net' || provider === 'hanmail.net') && name) {
    const initials = name.firstAscii.slice(0, 1) + (name.firstAscii.match(/[^aeiou][aeiou]+([^aeiou])/)?.[1] ?? '');
    return { email: `${name.lastAscii}${initials}${random.chance(0.7) ? random.digits(random.int(2, 4)) : ''}@${provider}`, pattern: 'naver-id' };
  }
  const { local, pattern } = genuineLocal(random, name);
  return { email: `${issuable(random, local, provider)}@${provider}`, pattern };
}

/** A genuine user's plus-address (Gmail, Outlook, iCloud and Fastmail deliver `local+tag`): they tag a sign-up to filter its mail. */
export function plusAddress(random: Random, name: PersonName | undefined): string {
  const provider = random.weighted([['gmail.com', 0.75], ['outlook.com', 0.15], ['icloud.com', 0.1]]);
  const { email } = genuineEmail(random, name, provider);
  const [local, domain] = email.split('@');
  const tag = random.pick(['shop', 'shopping', 'news', 'signup', 'accounts', 'orders', 'spam', 'promo', 'newsletter', 'bank', 'travel', 'games']);
  return `${local}+${tag}@${domain}`;
}

/** A relay address from Sign in with Apple's Hide My Email or Firefox Relay: random by design, used by genuine people. */
export function relayAddress(random: Random): string {
  if (random.chance(0.7)) return `${random.string('abcdefghijklmnopqrstuvwxyz0123456789', 10)}@privaterelay.appleid.com`;
  return `${random.string('abcdefghijklmnopqrstuvwxyz0123456789', random.int(8, 10))}@mozmail.com`;
}

const COMPANY_SUFFIX = ['group', 'consulting', 'tech', 'partners', 'law', 'media', 'solutions', 'logistics', 'design', 'labs', 'health', 'bau', 'energy'];

/** A work or university address: first.last / flast / first at the organisation's own domain. */
export function workEmail(random: Random, name: PersonName, country: { university: string; tld: string }, companyWord: string): { email: string; kind: string } {
  const f = name.firstAscii || 'alex';
  const l = name.lastAscii || 'lee';
  const local = random.weighted([
    [`${f}.${l}`, 0.5],
    [`${f[0]}${l}`, 0.25],
    [`${f}`, 0.1],
    [`${f}.${l}${random.int(1, 9)}`, 0.05],
    [`${l}${f[0]}`, 0.1],
  ]);
  if (random.chance(0.35)) return { email: `${local}@${random.chance(0.5) ? '' : random.pick(['student.', 'stud.', 'mail.', ''])}${country.university}`, kind: 'university' };
  const word = asciiWord(companyWord);
  const domain = `${word}${random.chance(0.5) ? '-' : ''}${random.pick(COMPANY_SUFFIX)}.${country.tld}`;
  return { email: `${local}@${domain}`, kind: 'company' };
}

function asciiWord(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]/g, '') || 'nova';
}

// --- abusive -------------------------------------------------------------------

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const CONSONANTS = 'bcdfghjklmnpqrstvwxz';

/** A generated local part: random letters and digits (kf83hd92ks), consonant strings, or a random stem with a long number. */
export function generatedLocal(random: Random): { local: string; kind: string } {
  const kind = random.weighted<string>([
    ['alnum', 0.45],
    ['consonants', 0.2],
    ['letters', 0.2],
    ['hex', 0.15],
  ]);
  if (kind === 'alnum') {
    let s = random.string(ALNUM, random.int(8, 14));
    if (!/\d/.test(s)) s = s.slice(0, -2) + random.digits(2);
    if (!/^[a-z]/.test(s)) s = random.string('abcdefghijklmnopqrstuvwxyz', 1) + s.slice(1);
    return { local: s, kind: 'random-string' };
  }
  if (kind === 'consonants') return { local: random.string(CONSONANTS, random.int(7, 12)), kind: 'random-string' };
  if (kind === 'letters') return { local: random.string('abcdefghijklmnopqrstuvwxyz', random.int(9, 15)), kind: 'random-string' };
  return { local: random.string('0123456789abcdef', random.int(10, 16)).replace(/^\d/, 'a'), kind: 'random-string' };
}

/** A long run of digits: all digits, or a short stem with 6+ digits. */
export function digitRunLocal(random: Random): string {
  if (random.chance(0.5)) return random.int(1, 9) + random.digits(random.int(8, 11));
  return random.pick(['user', 'id', 'acc', 'a', 'm', 'test', 'mail', 'u']) + random.digits(random.int(6, 10));
}

/** Bot farms that dress addresses as names: a (faker) name with a 4–6 digit tail, as many account generators do. */
export function nameFarmLocal(random: Random, name: PersonName): string {
  const f = name.firstAscii || 'john';
  const l = name.lastAscii || 'smith';
  return random.pick([`${f}${l}${random.digits(random.int(4, 6))}`, `${f}.${l}${random.digits(random.int(4, 6))}`, `${f}${random.digits(random.int(5, 7))}`, `${l}${f[0]}${random.digits(5)}`]);
}

/** Keyboard walks on several layouts and directions (rows, columns, reversed, with digits). */
const WALKS = [
  'qwerty', 'qwertyuiop', 'asdfgh', 'asdfghjkl', 'zxcvbn', 'zxcvbnm', 'poiuyt', 'lkjhgf', 'mnbvcx', 'qazwsx', '1qaz2wsx', 'qweasd', 'qweasdzxc',
  '1q2w3e4r', '1q2w3e', 'zaq12wsx', 'azerty', 'azertyuiop', 'qsdfgh', 'qsdfghjklm', 'wxcvbn', 'aqwzsx', 'ytreza', 'qwertz', 'qwertzuiop', 'yxcvbn',
  'asdf', 'asdfasdf', 'sdfsdf', 'dfgdfg', 'hjkl', 'jkljkl', 'qweqwe', 'asdasd', 'zxczxc', 'ghjkl', 'fghfgh', 'йцукен', 'фывапр',
];
export function keyboardWalkLocal(random: Random): string {
  let walk = random.pick(WALKS.filter((w) => /^[a-z0-9]+$/.test(w)));
  if (random.chance(0.3)) walk += random.pick(WALKS.filter((w) => /^[a-z0-9]+$/.test(w) && w.length <= 6));
  if (random.chance(0.4)) walk += random.pick(['123', '1', '12', '2024', '99', '111', '007']);
  return walk;
}

const PLACEHOLDERS = ['test', 'testing', 'tester', 'test123', 'asdf', 'fake', 'fakeemail', 'noemail', 'nomail', 'none', 'null', 'example', 'sample', 'demo', 'temp', 'user', 'admin', 'abc', 'abc123', 'xyz', 'foo', 'foobar', 'dummy', 'noreply', 'no-reply', 'nobody', 'anonymous', 'email', 'mail', 'spam', 'junk', 'qwe', 'aaa', 'xxx'];
export function placeholderLocal(random: Random): string {
  const word = random.pick(PLACEHOLDERS);
  return random.chance(0.45) ? word + random.pick(['1', '12', '123', '2', '01', String(random.int(1, 99))]) : word;
}
export const PLACEHOLDER_DOMAINS = ['example.com', 'test.com', 'email.com', 'mail.com', 'domain.com', 'abc.com', 'asdf.com', 'fake.com', 'none.com', 'gmail.co'];

/** A username the provider cannot issue: too short or long, a character it refuses, dots it refuses, a leading digit where one is refused. */
export function impossibleUsername(random: Random, name: PersonName | undefined): { email: string; rule: string } {
  const f = name?.firstAscii || random.pick(['john', 'anna', 'mike', 'lena']);
  const l = name?.lastAscii || random.pick(['smith', 'meyer', 'rossi', 'silva']);
  const rule = random.pick(['gmail-short', 'gmail-underscore', 'gmail-hyphen', 'gmail-double-dot', 'gmail-edge-dot', 'gmail-long', 'yahoo-digit-start', 'outlook-digit-start']);
  switch (rule) {
    case 'gmail-short':
      return { email: `${random.chance(0.5) ? f.slice(0, random.int(1, 4)) : random.string('abcdefghijklmnopqrstuvwxyz', random.int(1, 4))}@gmail.com`, rule };
    case 'gmail-underscore':
      return { email: `${f}_${l}${random.chance(0.5) ? random.digits(2) : ''}@gmail.com`, rule };
    case 'gmail-hyphen':
      return { email: `${f}-${l}@gmail.com`, rule };
    case 'gmail-double-dot':
      return { email: `${f}..${l}@gmail.com`, rule };
    case 'gmail-edge-dot':
      return { email: random.chance(0.5) ? `.${f}${l}@gmail.com` : `${f}${l}.@gmail.com`, rule };
    case 'gmail-long':
      return { email: `${f}${l}${f}${l}${random.digits(10)}`.padEnd(32, 'x') + '@gmail.com', rule };
    case 'yahoo-digit-start':
      return { email: `${random.digits(random.int(1, 3))}${f}${l}@yahoo.com`, rule };
    default:
      return { email: `${random.digits(random.int(1, 4))}_${f}@outlook.com`, rule };
  }
}

/** A farm of one inbox: `base+tag` where tags count up or are random, or Gmail dot variants of one name. */
export function farmAddress(random: Random, base: string, index: number): string {
  const style = random.weighted([
    ['count', 0.45],
    ['random', 0.35],
    ['dots', 0.2],
  ]);
  if (style === 'count') return `${base}+${random.pick(['', 'acc', 'a', 'bonus', 'promo', 'ref'])}${index + random.int(1, 40)}@gmail.com`;
  if (style === 'random') return `${base}+${random.string(ALNUM, random.int(3, 8))}@gmail.com`;
  let dotted = '';
  for (const ch of base) dotted += ch + (random.chance(0.35) ? '.' : '');
  return `${dotted.replace(/\.$/, '')}@gmail.com`;
}

/** Throwaway services people reach for first (all on disposable-email-domains-js). */
const POPULAR_DISPOSABLE = [
  'mailinator.com', 'yopmail.com', 'guerrillamail.com', 'sharklasers.com', 'grr.la', '10minutemail.com', 'temp-mail.org', 'trashmail.com', 'getnada.com',
  'maildrop.cc', 'dispostable.com', 'mailnesia.com', 'throwawaymail.com', 'mohmal.com', 'emailondeck.com', 'tempmail.plus', 'mail.tm', '1secmail.com',
  'minuteinbox.com', 'tmpmail.org', 'emailfake.com', 'cuvox.de', 'dayrep.com', 'rhyta.com', 'teleworm.us', 'armyspy.com', 'einrot.com',
];
let disposableList: readonly string[] | undefined;

/**
 * A disposable domain: a popular throwaway service (half), any domain of
 * disposable-email-domains-js (a third), or a freshly registered throwaway
 * domain no list has yet (the rest: new ones appear daily and every list
 * lags).
 */
export function disposableDomain(random: Random): { domain: string; listed: boolean } {
  disposableList ??= require('disposable-email-domains-js/dist/dict/disposable_email_blocklist.json') as string[];
  const r = random.next();
  if (r < 0.5) return { domain: random.pick(POPULAR_DISPOSABLE), listed: true };
  if (r < 0.85) return { domain: random.pick(disposableList), listed: true };
  adjectives ??= words('adjective');
  nouns ??= words('noun');
  const stem = random.pick([
    `${random.pick(['temp', 'tmp', 'trash', 'burn', 'quick', 'fast', 'mail', 'inbox', 'drop'])}${random.pick(nouns)}`,
    `${random.pick(adjectives)}${random.pick(['mail', 'inbox', 'box', 'post'])}`,
    random.string(CONSONANTS + 'aeiou', random.int(6, 9)),
  ]);
  return { domain: `${stem}.${random.pick(['xyz', 'online', 'site', 'store', 'click', 'top', 'icu', 'shop', 'fun', 'space', 'live', 'pro'])}`, listed: false };
}

/** A local part for a disposable inbox: random, a name, or a throwaway word. */
export function disposableLocal(random: Random, name: PersonName | undefined): string {
  const r = random.next();
  if (r < 0.4) return generatedLocal(random).local;
  if (r < 0.75 && name) return `${name.firstAscii}${random.chance(0.5) ? '.' : ''}${name.lastAscii}${random.chance(0.5) ? random.digits(2) : ''}`;
  return `${random.pick(['temp', 'test', 'user', 'acc', 'x', 'me', 'shop'])}${random.digits(random.int(2, 6))}`;
}
