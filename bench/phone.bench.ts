/**
 * Phone check speed, next to the raw library it wraps, in the same run.
 *
 * Corpus: 20,000 numbers from every country with a libphonenumber-js
 * example (245 countries), built deterministically: each example mobile
 * number gets its last 1–4 digits replaced (seeded PRNG), sometimes a digit
 * dropped or added (invalid lengths), and is written in one of six formats
 * (E.164, international with spaces, dots, dashes or brackets, 00-prefixed,
 * or national with its defaultCountry). Every bench call checks a chunk of
 * CHUNK consecutive numbers, rotating through the corpus (one timer read
 * per chunk keeps timer noise and scheduler hiccups of a shared machine
 * out of the figure): checks per second = hz × CHUNK.
 *
 *   npx vitest bench --run bench/phone.bench.ts
 */
import { getCountries, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import { bench, describe } from 'vitest';
import { checkPhone, createPhoneCheck } from '../src/phone/index.js';
import { prng } from '../test/support/prng.js';

const SIZE = 20_000;
const CHUNK = 1_000;
const OPTIONS = { time: 3_000, warmupTime: 500 };

interface Item { readonly text: string; readonly defaultCountry: CountryCode | undefined }

function buildCorpus(): Item[] {
  const random = prng(0xbe4c4);
  const digit = (): string => String(Math.floor(random() * 10));
  const bases = getCountries().flatMap((country) => {
    const example = getExampleNumber(country, mobileExamples);
    return example === undefined ? [] : [{ country, callingCode: example.countryCallingCode as string, national: example.nationalNumber as string }];
  });
  const items: Item[] = [];
  for (let i = 0; i < SIZE; i++) {
    const base = bases[i % bases.length]!;
    let national = base.national;
    const changed = 1 + Math.floor(random() * 4);
    national = national.slice(0, national.length - changed) + Array.from({ length: changed }, digit).join('');
    const roll = random();
    if (roll < 0.05) national = national.slice(0, -1); // too short, usually
    else if (roll < 0.1) national += digit(); // too long, usually
    const groups = national.replace(/(\d{3})(?=\d)/g, '$1 ');
    switch (i % 6) {
      case 0: items.push({ text: `+${base.callingCode}${national}`, defaultCountry: undefined }); break;
      case 1: items.push({ text: `+${base.callingCode} ${groups}`, defaultCountry: undefined }); break;
      case 2: items.push({ text: `+${base.callingCode}.${groups.replaceAll(' ', '.')}`, defaultCountry: undefined }); break;
      case 3: items.push({ text: `+${base.callingCode} (${national.slice(0, 3)}) ${national.slice(3)}`, defaultCountry: undefined }); break;
      case 4: items.push({ text: `00${base.callingCode}-${groups.replaceAll(' ', '-')}`, defaultCountry: undefined }); break;
      default: {
        // National: libphonenumber's own national formatting, read back with defaultCountry.
        const parsed = parsePhoneNumberFromString(`+${base.callingCode}${national}`);
        items.push(parsed?.country === undefined ? { text: `+${base.callingCode}${national}`, defaultCountry: undefined } : { text: parsed.formatNational(), defaultCountry: parsed.country });
      }
    }
  }
  return items;
}

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
