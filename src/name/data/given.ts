/**
 * Given names whose sex differs by country (Andrea: F in the US and
 * Germany, M in Italy; Nikita: M in Russia, F in the US; Jean, Kim, Simone),
 * with the male share per country, and the countries of surnames (to read
 * such a name by the surname's likely origin). Built by
 * scripts/name/given.ts into data/name/given-by-country.json; loaded on the
 * first question about such a name.
 */
import { currentBundle } from '../../data/context.js';
import { GIVEN_NAMES } from './formats.js';

/**
 * Shape of data/name/given-by-country.json.
 * - `given`: folded given name → `"IT100 US1 DE3"`: country (ISO 3166
 *   alpha-2) and male share in percent, for every country with evidence,
 *   only for names whose call (M, F or mixed) is not the same everywhere.
 * - `surnames`: folded surname → `"IT SM"`, the countries whose name lists hold it.
 */
export interface GivenNamesData {
  /** Every country code used, sorted. */
  readonly countries: readonly string[];
  readonly given: Readonly<Record<string, string>>;
  readonly surnames: Readonly<Record<string, string>>;
}

interface GivenIndex {
  readonly given: ReadonlyMap<string, ReadonlyMap<string, number>>;
  readonly surnames: ReadonlyMap<string, readonly string[]>;
  readonly countries: ReadonlySet<string>;
}

function load(): GivenIndex {
  const bundle = currentBundle();
  return bundle.derive('name/given-by-country:index', [GIVEN_NAMES], (): GivenIndex => {
    const d = bundle.load(GIVEN_NAMES);
    const given = new Map<string, Map<string, number>>();
    for (const [name, value] of Object.entries(d.given)) {
      const m = new Map<string, number>();
      for (const item of value.split(' ')) m.set(item.slice(0, 2), Number(item.slice(2)) / 100);
      given.set(name, m);
    }
    const surnames = new Map<string, string[]>();
    for (const [name, value] of Object.entries(d.surnames)) surnames.set(name, value.split(' '));
    return { given, surnames, countries: new Set(d.countries) };
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
  return load().given.get(folded);
}

/**
 * The countries whose name lists hold a folded surname (empty when none).
 *
 * @example
 * surnameCountries('rossi') // → ['IT']
 */
export function surnameCountries(folded: string): readonly string[] {
  return load().surnames.get(folded) ?? [];
}
