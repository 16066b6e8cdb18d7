/**
 * Given names whose sex differs by country (Andrea: F in the US and
 * Germany, M in Italy; Nikita: M in Russia, F in the US; Jean, Kim, Simone),
 * with the male share per country, and the countries of surnames (to read
 * such a name by the surname's likely origin). Built by
 * scripts/name/given.ts into data/name/given-by-country.json and
 * surname-countries.json; each loaded on the first question it answers.
 */
import { currentBundle } from '../../data/context.js';
import { GIVEN_NAMES, SURNAME_COUNTRIES } from './formats.js';

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

/** Shape of data/name/surname-countries.json: folded surname → `"IT SM"`, the countries whose name lists hold it. */
export interface SurnameCountriesData {
  readonly surnames: Readonly<Record<string, string>>;
}

function loadGiven(): ReadonlyMap<string, ReadonlyMap<string, number>> {
  const bundle = currentBundle();
  return bundle.derive('name/given-by-country:index', [GIVEN_NAMES], () => {
    const given = new Map<string, Map<string, number>>();
    for (const [name, value] of Object.entries(bundle.load(GIVEN_NAMES).given)) {
      const m = new Map<string, number>();
      for (const item of value.split(' ')) m.set(item.slice(0, 2), Number(item.slice(2)) / 100);
      given.set(name, m);
    }
    return given;
  });
}

// Surnames load apart: only a given name read differently between countries, with no hint, needs them.
function loadSurnames(): ReadonlyMap<string, readonly string[]> {
  const bundle = currentBundle();
  return bundle.derive('name/surname-countries:index', [SURNAME_COUNTRIES], () => {
    const surnames = new Map<string, string[]>();
    for (const [name, value] of Object.entries(bundle.load(SURNAME_COUNTRIES).surnames)) surnames.set(name, value.split(' '));
    return surnames;
  });
}

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
 * The countries whose name lists hold a folded surname (empty when none).
 *
 * @example
 * surnameCountries('rossi') // → ['IT']
 */
export function surnameCountries(folded: string): readonly string[] {
  return loadSurnames().get(folded) ?? [];
}
