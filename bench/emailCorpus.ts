/**
 * Address corpora of the e-mail bench, speed and differential scripts
 * (bench/email.bench.ts, bench/email-cpu.ts, bench/email-differential.ts).
 * `realistic` and `unseen` draw their local parts from the 540 fixture local parts, so every
 * local part repeats about 90 times in 50,000 addresses. `distinct` has the
 * same domain mix with a different local part in every address, drawn from
 * the shipped name tables in the usual shapes (first.last, flast,
 * first_last99, firstlast1990…) and from generator shapes (random letters,
 * letters and digits, hex, keyboard runs): real traffic does not repeat
 * local parts, so a speed-up that only works on repeats shows here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prng } from '../test/support/prng.js';

export const SIZE = 50_000;
const ROOT = join(import.meta.dirname, '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'email');

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as T;
}

export const popular = (JSON.parse(readFileSync(join(ROOT, 'data', 'email', 'popular-domains.json'), 'utf8')) as {
  data: { domains: { domain: string }[] };
}).data.domains.map((d) => d.domain);
const lists = fixture<Record<string, { domains: string[] }>>('lists.json');
const locals = fixture<Record<string, { localParts: string[] }>>('local-parts.json');
const typos = fixture<{ typos: { address: string }[] }>('typos.json').typos.map((t) => t.address.slice(t.address.indexOf('@') + 1));
const corporate = [
  'acme-widgets.com', 'siemens.com', 'bosch.de', 'unilever.com', 'nestle.com', 'toyota.co.jp', 'tata.com', 'ibm.com',
  'accenture.com', 'ox.ac.uk', 'mit.edu', 'cern.ch', 'telekom.de', 'bbva.es', 'enel.it', 'airbus.com', 'shopify.com',
  'atlassian.com', 'stripe.com', 'spotify.com', 'ikea.com', 'sap.com', 'philips.com', 'renault.fr', 'bücher.de',
];
const malformed = ['jane doe@gmail.com', 'jane@@gmail.com', '"jane"@acme.com', 'jane@[10.0.0.1]', '.jane@gmail.com', 'jane@', '', 'x'.repeat(300)];

/** The bench's realistic corpus, with `local()` choosing each local part (the bench: a fixture one). */
function mixed(seed: number, local: (random: () => number) => string): string[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const out: string[] = [];
  for (let i = 0; i < SIZE; i++) {
    const l = local(random);
    const roll = random();
    let domain: string;
    if (roll < 0.45) domain = popular[Math.min(popular.length - 1, Math.floor(-Math.log(1 - random()) * 12))]!;
    else if (roll < 0.7) domain = pick(corporate);
    else if (roll < 0.8) domain = pick(lists.free!.domains);
    else if (roll < 0.88) domain = pick([...lists.disposable!.domains, ...lists.disposableSecondOpinion!.domains]);
    else if (roll < 0.95) domain = pick(typos);
    else {
      out.push(pick(malformed));
      continue;
    }
    out.push(`${l}@${domain}`);
  }
  return out;
}

/** The realistic corpus: the domain mix above, local parts from the fixtures (6% role addresses). */
export function realistic(): string[] {
  return mixed(0xe1a11, (random) => {
    const list = random() < 0.06 ? locals.role!.localParts : locals.personal!.localParts;
    return list[Math.floor(random() * list.length)]!;
  });
}

/** The long-tail corpus: every domain new, local parts from the 400 personal fixtures. */
export function unseen(): string[] {
  const random = prng(0x7a11);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const word = (n: number): string => Array.from({ length: n }, () => letters[Math.floor(random() * 26)]).join('');
  const tlds = ['com', 'de', 'co.uk', 'fr', 'io', 'net', 'com.br', 'it', 'nl', 'org'];
  return Array.from({ length: SIZE }, (_, n) => `${locals.personal!.localParts[n % 400]}@${word(4 + (n % 9))}${n}.${tlds[n % tlds.length]}`);
}

/** Hostile inputs: 10 kB junk, control characters, confusables. */
export function hostile(): string[] {
  return ['x'.repeat(10_000), `${'a'.repeat(5000)}@${'b'.repeat(5000)}`, '\u0000\u0001\u0002@x.com', 'jаne@pаypal.com', '@'.repeat(1000), ' '.repeat(10_000)];
}

/** Names of a shipped name table (a line table: the key of each line). */
function names(file: string): string[] {
  const data = (JSON.parse(readFileSync(join(ROOT, 'data', 'name', file), 'utf8')) as { data: { names: string[] | string } }).data.names;
  const all = typeof data === 'string' ? data.split('\n').map((line) => line.split('\t')[0]!) : data;
  // Local parts are ASCII in practice; keep the table's ASCII letters-only names.
  return all.filter((n) => /^[a-z]+$/.test(n));
}

/** A generator of distinct local parts in person and generator shapes. */
export function localPartGenerator(seed: number): (random: () => number) => string {
  const firsts = names('first-names.json');
  const lasts = names('last-names.json');
  const seen = new Set<string>();
  const own = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(own() * list.length)]!;
  const chars = (alphabet: string, n: number): string => Array.from({ length: n }, () => alphabet[Math.floor(own() * alphabet.length)]).join('');
  const walks = ['qwerty', 'asdf', 'zxcv', 'qazwsx', 'poiu', 'asdfgh', 'йцукен', 'qwertz', 'azerty', 'lkjh'];
  const words = ['test', 'info', 'admin', 'hello', 'mail', 'user', 'null', 'sample', 'quiet', 'river', 'happy', 'cat', 'sun'];
  const shapes: (() => string)[] = [
    () => `${pick(firsts)}.${pick(lasts)}`,
    () => `${pick(firsts).charAt(0)}${pick(lasts)}`,
    () => `${pick(firsts)}_${pick(lasts)}${Math.floor(own() * 100)}`,
    () => `${pick(firsts)}${pick(lasts)}${1930 + Math.floor(own() * 95)}`,
    () => `${pick(firsts)}${pick(lasts)}`,
    () => `${pick(firsts)}.${pick(lasts)}+${pick(words)}`,
    () => `${pick(firsts).charAt(0)}.${pick(lasts)}`,
    () => `${pick(firsts)}-${pick(firsts)}.${pick(lasts)}`,
    () => `${pick(firsts)}${Math.floor(own() * 1000)}`,
    () => `${pick(words)}${pick(words)}${Math.floor(own() * 10_000)}`,
    () => chars('abcdefghijklmnopqrstuvwxyz', 6 + Math.floor(own() * 10)),
    () => chars('abcdefghijklmnopqrstuvwxyz0123456789', 8 + Math.floor(own() * 12)),
    () => chars('0123456789abcdef', 8 + Math.floor(own() * 24)),
    () => `${pick(walks)}${Math.floor(own() * 100_000)}`,
    () => `${pick(firsts)}${chars('0123456789', 5 + Math.floor(own() * 6))}`,
    () => `${pick(firsts).toUpperCase()}.${pick(lasts)}`,
    () => `${pick(firsts)}..${pick(lasts)}`,
    () => `${pick(lasts)}${pick(firsts)}${chars('._-', 1)}${chars('abcdefghijklmnopqrstuvwxyz', 2)}`,
    () => `${pick(firsts)}.${pick(words)}.${pick(lasts)}.${chars('0123456789', 2)}`,
    () => `${pick(firsts)}ü${pick(lasts)}`,
  ];
  return () => {
    for (;;) {
      const l = pick(shapes)();
      if (l.length > 0 && !seen.has(l)) {
        seen.add(l);
        return l;
      }
    }
  };
}

/** The realistic corpus's domain mix with a distinct local part in every well-formed address. */
export function distinct(seed = 0xd15c7): string[] {
  return mixed(seed, localPartGenerator(seed ^ 0x5a5a));
}
