/**
 * The phone bench corpus (bench/phone.bench.ts, bench/phone-cpu.ts): 20,000
 * numbers from every country with a libphonenumber-js example (245
 * countries), built deterministically: each example mobile number gets its
 * last 1–4 digits replaced (seeded PRNG), sometimes a digit dropped or added
 * (invalid lengths), and is written in one of six formats (E.164,
 * international with spaces, dots, dashes or brackets, 00-prefixed, or
 * national with its defaultCountry).
 */
import { getCountries, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import { prng } from '../test/support/prng.js';

/** Numbers in the corpus. */
export const SIZE = 20_000;

/** One input: the text, and the default country a national number is read with. */
export interface Item { readonly text: string; readonly defaultCountry: CountryCode | undefined }

/** The corpus, the same on every run. */
export function buildCorpus(): Item[] {
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

