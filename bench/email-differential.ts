/**
 * Differential check for speed work on the e-mail check, a developer's tool
 * rather than a suite test (it needs a second checkout to compare with):
 * this tree's e-mail check and another checkout's (its src/email/index.ts,
 * with its own data), loaded side by side in one process, over every input
 * below; each result is compared as JSON, byte for byte. Exits 1 listing
 * the first differences, 0 when every result agrees.
 *
 *   git worktree add --detach /tmp/email-before <commit>   (then npm ci there)
 *   npx tsx bench/email-differential.ts --against /tmp/email-before
 *
 * Inputs: the corpora of bench/emailCorpus.ts (the bench's realistic,
 * unseen-domain and hostile inputs, and three seeds of the distinct-local-part
 * mix), every string holding an `@` or listed as a local part in the e-mail
 * fixtures (test/fixtures/email) and the sign-up corpus, each fixture local
 * part at a handful of domains (gmail.com, googlemail.com, outlook.com,
 * yahoo.com, icloud.com, fastmail.com and a corporate one), and mutations
 * of them (upper case, a tag, separators doubled, digits appended, a
 * Cyrillic letter, truncated). Each input is checked by the default
 * checker and by one with typo suggestions and the second opinion off.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkEmail, createEmailCheck } from '../src/email/index.js';
import { prng } from '../test/support/prng.js';
import { distinct, hostile, localPartGenerator, realistic, unseen } from './emailCorpus.js';

const ROOT = join(import.meta.dirname, '..');
const againstAt = process.argv.indexOf('--against');
const against = againstAt >= 0 ? process.argv[againstAt + 1] : undefined;
if (against === undefined) {
  console.error('usage: npx tsx bench/email-differential.ts --against <checkout>');
  process.exit(2);
}
const other = (await import(pathToFileURL(join(against, 'src', 'email', 'index.ts')).href)) as typeof import('../src/email/index.js');

/** Every string in a JSON value. */
function strings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
}

const fixtureStrings: string[] = [];
const fixtureDir = join(ROOT, 'test', 'fixtures', 'email');
for (const file of readdirSync(fixtureDir)) strings(JSON.parse(readFileSync(join(fixtureDir, file), 'utf8')), fixtureStrings);
const signups = readFileSync(join(ROOT, 'test', 'fixtures', 'signups', 'signups.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { email?: unknown }).email)
  .filter((e): e is string => typeof e === 'string');

const addresses = [...fixtureStrings.filter((s) => s.includes('@')), ...signups];
const localParts = new Set<string>();
for (const a of addresses) localParts.add(a.slice(0, Math.max(0, a.lastIndexOf('@'))));
for (const s of fixtureStrings) if (!s.includes('@') && !s.includes('.') && s.length < 64) localParts.add(s);
const generate = localPartGenerator(0x1d1ff);
const random = prng(0xd1ff);
for (let n = 0; n < 20_000; n++) localParts.add(generate(random));
const domains = ['gmail.com', 'googlemail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'fastmail.com', 'proton.me', 'acme-widgets.com'];
const mutations: ((l: string) => string)[] = [
  (l) => l.toUpperCase(),
  (l) => `${l}+promo`,
  (l) => l.replace(/[._-]/g, (c) => c + c),
  (l) => `${l}${Math.floor(random() * 1_000_000)}`,
  (l) => l.replace(/a/, 'а'),
  (l) => l.slice(0, Math.max(1, Math.floor(l.length / 2))),
  (l) => `${l}.${l}`,
];
const generated: string[] = [];
let k = 0;
for (const l of localParts) {
  generated.push(`${l}@${domains[k++ % domains.length]}`);
  generated.push(`${mutations[k % mutations.length]!(l)}@${domains[(k * 7) % domains.length]}`);
}
generated.push('jane@x.fastmail.com', 'J.Doe+news@googlemail.com', 'a.b.c.d@gmail.com', 'annameye.r@gmail.com');

const sets: [string, string[]][] = [
  ['fixtures and sign-ups', addresses],
  ['generated from fixture and sampled local parts', generated],
  ['realistic (bench)', realistic()],
  ['unseen domains (bench)', unseen()],
  ['hostile (bench)', hostile()],
  ['distinct local parts, seed 1', distinct(1)],
  ['distinct local parts, seed 2', distinct(2)],
  ['distinct local parts, seed 3', distinct(3)],
];

const pairs: [string, (e: string) => unknown, (e: string) => unknown][] = [
  ['default', checkEmail, other.checkEmail],
  ['no typos, no second opinion', createEmailCheck({ suggestTypos: false, secondOpinion: false }), other.createEmailCheck({ suggestTypos: false, secondOpinion: false })],
];

let compared = 0;
let differences = 0;
for (const [label, inputs] of sets) {
  let here = 0;
  for (const [name, mine, theirs] of pairs) {
    for (const input of inputs) {
      const a = JSON.stringify(mine(input));
      const b = JSON.stringify(theirs(input));
      compared++;
      if (a !== b) {
        here++;
        if (differences++ < 20) console.log(`DIFF [${label}, ${name}] ${JSON.stringify(input)}\n  this:    ${a}\n  against: ${b}`);
      }
    }
  }
  console.log(`${label}: ${inputs.length.toLocaleString('en')} inputs × ${pairs.length} checkers, ${here} differences`);
}
console.log(`${compared.toLocaleString('en')} results compared, ${differences} differences`);
process.exit(differences === 0 ? 0 : 1);
