/**
 * Writes the list-sampled parts of the email corpus (run by hand when the
 * pinned lists change; the output is committed, tests never run this):
 *   test/fixtures/email/lists.json        disposable and free domains sampled
 *                                         from the lists' own data
 *   test/fixtures/email/local-parts.json  role local parts sampled from
 *                                         role-based-email-addresses, plus
 *                                         personal local parts built from
 *                                         @faker-js/faker person names (seeded)
 * Samples are every n-th entry of the sorted list, so they are spread over
 * the alphabet and reproducible.
 *
 * Run: npx tsx scripts/email/fixtures.ts
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Faker, de, en, es, fr, it, nl, pl, pt_BR, base } from '@faker-js/faker';
import { ROOT, packageVersion } from '../lib/generated.js';

const require = createRequire(import.meta.url);
const OUT = join(ROOT, 'test', 'fixtures', 'email');

function everyNth<T>(list: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(list.length / count));
  const out: T[] = [];
  for (let i = Math.floor(step / 2); i < list.length && out.length < count; i += step) out.push(list[i]!);
  return out;
}

function walk(list: ReadonlySet<string>, domain: string): boolean {
  for (let d = domain; ; ) {
    if (list.has(d)) return true;
    const dot = d.indexOf('.');
    if (dot < 0) return false;
    d = d.slice(dot + 1);
  }
}

const main = [...(require('disposable-email-domains-js') as { disposableEmailBlocklist(): string[] }).disposableEmailBlocklist()].sort();
const mainSet = new Set(main);
// data/email/mailchecker.json is mailchecker's list minus the reviewed false positives.
// Its layout (format version 2): one string of sorted, comma-separated domains.
const mc = (JSON.parse(require('node:fs').readFileSync(join(ROOT, 'data/email/mailchecker.json'), 'utf8')) as { data: string }).data.split(',').sort();
const mcOnly = mc.filter((d) => !walk(mainSet, d));
const free = (require('email-providers/all.json') as string[]).filter((d) => !walk(mainSet, d)).sort();

writeFileSync(
  join(OUT, 'lists.json'),
  `${JSON.stringify(
    {
      '//': 'Sampled by scripts/email/fixtures.ts (every n-th entry of each sorted list). Do not edit: rerun the script.',
      disposable: {
        source: `disposable-email-domains-js@${packageVersion('disposable-email-domains-js')} (CC0-1.0)`,
        domains: everyNth(main, 300),
      },
      disposableSecondOpinion: {
        source: `mailchecker@${packageVersion('mailchecker')} (MIT), entries not on the main list and not allowlisted`,
        domains: everyNth(mcOnly, 100),
      },
      free: {
        source: `email-providers@${packageVersion('email-providers')} (ISC) all.json minus disposable-email-domains`,
        domains: everyNth(free, 300),
      },
    },
    null,
    1,
  )}\n`,
);

// Role local parts: list entries, plus the separator and plus-tag variants people type.
const roles = (require('role-based-email-addresses') as string[]).slice().sort();
const roleSample = everyNth(roles, 120);
const variants = [
  'info+newsletter', 'No_Reply', 'no.reply', 'NoReply', 'do_not_reply', 'Do-Not-Reply', 'support+ticket123',
  'sales_team', 'customer_service', 'Customer.Service', 'post_master', 'web-master', 'INFO', 'Admin', 'noreply+bounces',
  'help+desk', 'billing+acme', 'contact-us', 'contact_us', 'no-reply-forms',
];

// Personal local parts from seeded faker names in the shapes people use.
const faker = new Faker({ locale: [en, de, fr, es, it, nl, pl, pt_BR, base] });
faker.seed(20261122);
const ascii = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z]/gi, '');
const shapes: ((f: string, l: string, n: number) => string)[] = [
  (f, l) => `${f}.${l}`,
  (f, l) => `${f}${l}`,
  (f, l) => `${f[0]}.${l}`,
  (f, l) => `${f}_${l}`,
  (f, l, n) => `${f}${l}${n}`,
  (f, l) => `${f[0]}${l}`,
  (f, _l, n) => `${f}${n}`,
  (f, l) => `${f}-${l}`,
  (f, l) => `${f}.${l}+shop`,
  (f, l) => `${l}.${f}`,
];
const personal: string[] = [];
for (let i = 0; personal.length < 400; i++) {
  const f = ascii(faker.person.firstName()).toLowerCase();
  const l = ascii(faker.person.lastName()).toLowerCase();
  if (f.length < 2 || l.length < 2) continue;
  personal.push(shapes[i % shapes.length]!(f, l, faker.number.int({ min: 1, max: 1999 })));
}

writeFileSync(
  join(OUT, 'local-parts.json'),
  `${JSON.stringify(
    {
      '//': 'Written by scripts/email/fixtures.ts. Do not edit: rerun the script.',
      role: {
        source: `role-based-email-addresses@${packageVersion('role-based-email-addresses')} (MIT), every n-th entry, plus hand-written separator/plus-tag variants`,
        localParts: [...roleSample, ...variants],
      },
      personal: {
        source: `@faker-js/faker@${packageVersion('@faker-js/faker')} person names (en, de, fr, es, it, nl, pl, pt_BR; seed 20261122) in common address shapes`,
        localParts: personal,
      },
    },
    null,
    1,
  )}\n`,
);
console.log(`lists.json and local-parts.json written to ${OUT}`);
