/**
 * Given names whose sex differs by country (Andrea: F in the US and
 * Germany, M in Italy; Nikita: M in Russia, F in the US; Jean, Kim, Simone),
 * with the male share per country, and the countries of surnames (to read
 * such a name by the surname's likely origin). Built by
 * scripts/name/given.ts into data/name/given-by-country.json and
 * surname-countries.json; each loaded on the first question it answers.
 */
import { bundleMemo } from './bundleMemo.js';
import { GIVEN_NAMES, SURNAME_COUNTRIES } from './formats.js';
import { LineTable } from './lineTable.js';

/**
 * Shape of data/name/given-by-country.json. `given`: folded given name →
 * `"IT100 US1 DE3"`: country (ISO 3166 alpha-2) and male share in percent,
 * for every country with evidence, only for names whose call (M, F or
 * mixed) is not the same everywhere.
 */
export interface GivenNamesData {
  /** Every country code used, sorted. */
  readonly countries: readonly string[];
  readonly given: Readonly<Record<string, string>>;
}

/** Shape of data/name/surname-countries.json: a line table (src/name/data/lineTable.ts) of `surname\tIT SM`, the countries whose name lists hold it. */
export interface SurnameCountriesData {
  readonly surnames: string;
}

const loadGiven = bundleMemo('name/given-by-country:index', () => [GIVEN_NAMES], (bundle) => {
  const given = new Map<string, Map<string, number>>();
  for (const [name, value] of Object.entries(bundle.load(GIVEN_NAMES).given)) {
    const m = new Map<string, number>();
    for (const item of value.split(' ')) m.set(item.slice(0, 2), Number(item.slice(2)) / 100);
    given.set(name, m);
  }
  return given as ReadonlyMap<string, ReadonlyMap<string, number>>;
});

// Surnames load apart: only a given name read differently between countries, with no hint, needs them.
const loadSurnames = bundleMemo(
  'name/surname-countries:table',
  () => [SURNAME_COUNTRIES],
  (bundle) => new LineTable(bundle.load(SURNAME_COUNTRIES).surnames),
  (t) => t.loadAll(),
);

/**
 * The male share of a folded given name per country, when its sex differs
 * between countries; `undefined` for a name read the same everywhere.
 *
 * @example
 * maleShareByCountry('andrea')?.get('IT') // → 1
 * maleShareByCountry('mary')              // → undefined
 */
export function maleShareByCountry(folded: string): ReadonlyMap<string, number> | undefined {
  return loadGiven().get(folded);
}

/**
 * How many surnames each country's name lists hold (what the surname data
 * can say about a country: little where it lists few), counted once per bundle.
 *
 * @example
 * (surnameCountryCounts().get('IT') ?? 0) > 200 // → true
 */
export function surnameCountryCounts(): ReadonlyMap<string, number> {
  return loadCountryCounts();
}

const loadCountryCounts = bundleMemo('name/surname-countries:counts', () => [SURNAME_COUNTRIES], (): ReadonlyMap<string, number> => {
  const table = loadSurnames();
  const counts = new Map<string, number>();
  for (const line of table.lines()) for (const c of table.value(line).split(' ')) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
});

/**
 * The countries whose name lists hold a folded surname (empty when none).
 *
 * @example
 * surnameCountries('rossi') // → ['IT']
 */
export function surnameCountries(folded: string): readonly string[] {
  const table = loadSurnames();
  const line = table.find(folded);
  return line < 0 ? [] : table.value(line).split(' ');
}
