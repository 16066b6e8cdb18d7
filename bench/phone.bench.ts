/**
 * Phone check speed, next to the raw library it wraps, in the same run.
 *
 * Corpus: bench/phoneCorpus.ts (20,000 numbers of 245 countries, six
 * ways of writing them, some of invalid length). Every bench call checks a chunk of
 * CHUNK consecutive numbers, rotating through the corpus (one timer read
 * per chunk keeps timer noise and scheduler hiccups of a shared machine
 * out of the figure): checks per second = hz × CHUNK.
 *
 *   npx vitest bench --run bench/phone.bench.ts
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import { bench, describe } from 'vitest';
import { checkPhone, createPhoneCheck } from '../src/phone/index.js';
import { buildCorpus, SIZE } from './phoneCorpus.js';
import type { Item } from './phoneCorpus.js';

const CHUNK = 1_000;
const OPTIONS = { time: 3_000, warmupTime: 500 };

const corpus = buildCorpus();
console.log(`phone bench corpus: ${corpus.length} numbers, ${new Set(corpus.map((c) => c.text.slice(0, 4))).size} distinct leading patterns, e.g. ${corpus.slice(0, 6).map((c) => c.text).join(' | ')}`);

// One checker per default country, made up front (as a service would).
const checks = new Map<string, ReturnType<typeof createPhoneCheck>>();
for (const item of corpus) {
  if (item.defaultCountry !== undefined && !checks.has(item.defaultCountry)) checks.set(item.defaultCountry, createPhoneCheck({ defaultCountry: item.defaultCountry }));
}
const rawOptions = new Map<string, { defaultCountry: CountryCode }>();
for (const c of checks.keys()) rawOptions.set(c, { defaultCountry: c as CountryCode });

let i = 0;
let sink = 0;
const next = (): Item => corpus[(i = (i + 1) % SIZE)]!;

// Warm the lazily loaded tables so their one-time load is not in the timings.
for (const item of corpus) {
  const r = item.defaultCountry === undefined ? checkPhone(item.text) : checks.get(item.defaultCountry)!(item.text);
  sink += r.score;
}

describe(`phone: ${CHUNK} checks per call over 20k numbers from 245 countries (checks/s = hz × ${CHUNK})`, () => {
  bench(
    'libphonenumber-js/max parse + isValid + getType (raw)',
    () => {
      for (let k = 0; k < CHUNK; k++) {
        const item = next();
        const p = parsePhoneNumberFromString(item.text, item.defaultCountry === undefined ? undefined : rawOptions.get(item.defaultCountry));
        if (p !== undefined && p.isValid()) sink += p.getType()?.length ?? 0;
      }
    },
    OPTIONS,
  );

  bench(
    'checkPhone (identity-signals)',
    () => {
      for (let k = 0; k < CHUNK; k++) {
        const item = next();
        const r = item.defaultCountry === undefined ? checkPhone(item.text) : checks.get(item.defaultCountry)!(item.text);
        sink += r.score;
      }
    },
    OPTIONS,
  );

  bench(
    'checkPhone + read both formats (JSON.stringify of the result)',
    () => {
      for (let k = 0; k < CHUNK; k++) {
        const item = next();
        const r = item.defaultCountry === undefined ? checkPhone(item.text) : checks.get(item.defaultCountry)!(item.text);
        sink += JSON.stringify(r).length;
      }
    },
    OPTIONS,
  );
});

export { sink };
