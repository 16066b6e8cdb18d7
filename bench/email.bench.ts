/**
 * Email check speed, next to the raw libraries it wraps, in the same run.
 *
 * A checker remembers what it learnt about the last 4,096 domains (the
 * check is pure, real traffic repeats domains): the realistic corpus below
 * has about 1,000 distinct domains, so after warm-up it measures the cached
 * path; the "long tail" group measures domains met for the first time.
 *
 * Corpus: 50,000 addresses built deterministically (seeded PRNG) from the
 * committed fixtures: personal local parts in real shapes (first.last,
 * flast, first_last99, plus tags…) and role ones, at popular providers (45%),
 * corporate domains (25%), other free providers (10%), disposable domains
 * (8%), typos of popular domains (7%) and malformed strings (5%). Every
 * task checks one address per call, rotating through the corpus, so `hz`
 * is checks per second. Its local parts come from the 540 fixture ones, so
 * each repeats about 90 times; the "distinct local parts" group has the same
 * domain mix with a different local part in every address (real traffic
 * does not repeat them; see bench/emailCorpus.ts).
 *
 * "raw libraries" is what a hand-rolled check would at least pay: split at
 * the last @, tldts parse, Set lookups in the disposable, mailchecker,
 * free-provider and role lists, and, for a domain not in the popular list,
 * fast-levenshtein against every popular domain. "raw lookups only" drops
 * the edit distance: the floor any list-based check pays. validator's
 * `isEmail` (syntax only: no lists, no score) runs on the same addresses as
 * the yardstick of a bare syntax check.
 *
 *   npx vitest bench --run bench/email.bench.ts
 */
import { createRequire } from 'node:module';
import levenshtein from 'fast-levenshtein';
import { parse } from 'tldts';
import validator from 'validator';
import { bench, describe } from 'vitest';
import { checkEmail } from '../src/email/index.js';
import { SIZE, distinct, hostile, popular, realistic, unseen } from './emailCorpus.js';

const require = createRequire(import.meta.url);
// The corpora are bench/emailCorpus.ts's, shared with bench/email-cpu.ts and bench/email-differential.ts.
const corpus = realistic();

// Raw libraries, loaded the same way the check loads them.
const disposable = new Set((require('disposable-email-domains-js') as { disposableEmailBlocklist(): string[] }).disposableEmailBlocklist());
const mailchecker = (require('mailchecker/platform/node') as { blacklist(): Set<string> }).blacklist();
const free = new Set(require('email-providers/all.json') as string[]);
const roles = new Set(require('role-based-email-addresses') as string[]);
const popularSet = new Set(popular);

/** tldts parse + Set lookups of one address's parts: the floor any list-based check pays. */
function lookupFlags(local: string, domain: string): number {
  const parsed = parse(domain);
  let flags = (parsed.isIcann ? 1 : 0) + (disposable.has(domain) ? 2 : 0) + (mailchecker.has(domain) ? 4 : 0);
  flags += (free.has(domain) ? 8 : 0) + (roles.has(local) ? 16 : 0);
  return flags;
}

/** The lookups alone, no edit distance. */
function rawLookups(address: string): number {
  const at = address.lastIndexOf('@');
  return lookupFlags(address.slice(0, at).toLowerCase(), address.slice(at + 1).toLowerCase());
}

/** The lookups plus levenshtein against the popular list: "the raw libraries" a hand-rolled check pays. */
function rawLibraries(address: string): number {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1).toLowerCase();
  let flags = lookupFlags(address.slice(0, at).toLowerCase(), domain);
  if (!popularSet.has(domain)) {
    let best = Infinity;
    for (const p of popular) best = Math.min(best, levenshtein.get(domain, p));
    flags += best;
  }
  return flags;
}

// Warm the lazily loaded lists outside the measurement.
checkEmail('warm@up.com');

let i = 0;
let j = 0;
let sink = 0;

describe(`email: ${SIZE.toLocaleString('en')} realistic addresses, one check per call`, () => {
  bench('checkEmail (identity-signals)', () => {
    sink += checkEmail(corpus[i++ % SIZE]!).score;
  }, { time: 3000, warmupTime: 500 });

  bench('raw libraries (tldts + Set lookups + fast-levenshtein)', () => {
    sink += rawLibraries(corpus[j++ % SIZE]!);
  }, { time: 3000, warmupTime: 500 });

  let k = 0;
  bench('raw lookups only (tldts + Set lookups, no edit distance)', () => {
    sink += rawLookups(corpus[k++ % SIZE]!);
  }, { time: 3000, warmupTime: 500 });

  let m = 0;
  bench("validator's isEmail (syntax only)", () => {
    sink += validator.isEmail(corpus[m++ % SIZE]!) ? 1 : 0;
  }, { time: 3000, warmupTime: 500 });
});

describe(`email: ${SIZE.toLocaleString('en')} addresses, the realistic domain mix, a distinct local part in each`, () => {
  const addresses = distinct();
  let d = 0;
  bench('checkEmail, distinct local parts', () => {
    sink += checkEmail(addresses[d++ % SIZE]!).score;
  }, { time: 3000, warmupTime: 500 });
});

describe('email: long tail, every address at a domain never seen before (defeats the per-checker domain cache)', () => {
  // Synthetic corporate domains: what a check costs the first time it meets a domain.
  const addresses = unseen();
  let u = 0;
  let v = 0;
  bench('checkEmail, unseen domains', () => {
    sink += checkEmail(addresses[u++ % SIZE]!).score;
  }, { time: 3000, warmupTime: 0, warmupIterations: 0 });
  bench('raw libraries, unseen domains', () => {
    sink += rawLibraries(addresses[v++ % SIZE]!);
  }, { time: 3000, warmupTime: 0, warmupIterations: 0 });
});

describe('email: hostile input (10 kB junk, control characters, confusables)', () => {
  const inputs = hostile();
  let k = 0;
  bench('checkEmail on hostile input', () => {
    sink += checkEmail(inputs[k++ % inputs.length]!).score;
  }, { time: 1000 });
});

export { sink };
