/**
 * Given names whose sex differs by country (Andrea: F in the US and
 * Germany, M in Italy; Nikita: M in Russia, F in the US; Jean, Kim, Simone),
 * with the male share per country, and the countries of surnames (to read
 * such a name by the surname's likely origin). Built by
 * scripts/name/given.ts into data/name/given-by-country.json and
 * surname-countries.json; each loaded on the first question it answers.
 */
import type { LineTable } from './lineTable.js';
import type { GivenNamesData } from './formats.js';
export type { GivenNamesData, SurnameCountriesData } from './formats.js';



/**
 * What the lookups here read of a checker's name tables (src/name/tables.ts
 * NameTables holds them, each opened on first use).
 */
export interface GivenAndSurnameCountries {
  /** Given name → male share by country ({@link openGivenByCountry}). */
  readonly givenByCountry: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Surname → the countries whose name lists hold it. */
  readonly surnames: LineTable;
  /** How many surnames each country's name lists hold ({@link countSurnameCountries}). */
  readonly surnameCountryCounts: ReadonlyMap<string, number>;
}

/** Opens `data` (the bundle's `name/given-by-country` dataset): given name → male share by country. */
export function openGivenByCountry(data: GivenNamesData): ReadonlyMap<string, ReadonlyMap<string, number>> {
  const given = new Map<string, Map<string, number>>();
  for (const [name, value] of Object.entries(data.given)) {
    const m = new Map<string, number>();
    for (const item of value.split(' ')) m.set(item.slice(0, 2), Number(item.slice(2)) / 100);
    given.set(name, m);
  }
  return given;
}

/** How many surnames each country's name lists hold, counted over the surname-countries table. */
export function countSurnameCountries(table: LineTable): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const line of table.lines()) for (const c of table.value(line).split(' ')) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

/**
 * The male share of a folded given name per country, when its sex differs
 * between countries; `undefined` for a name read the same everywhere.
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * maleShareByCountry(tables, 'andrea')?.get('IT') // → 1
 * maleShareByCountry(tables, 'mary')              // → undefined
 */
export function maleShareByCountry(t: GivenAndSurnameCountries, folded: string): ReadonlyMap<string, number> | undefined {
  return t.givenByCountry.get(folded);
}

/**
 * How many surnames each country's name lists hold (what the surname data
 * can say about a country: little where it lists few), counted once per checker.
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * (surnameCountryCounts(tables).get('IT') ?? 0) > 200 // → true
 */
export function surnameCountryCounts(t: GivenAndSurnameCountries): ReadonlyMap<string, number> {
  return t.surnameCountryCounts;
}

/**
 * The countries whose name lists hold a folded surname (empty when none).
 *
 * @example
 * const tables = openNameTables(openData(undefined));
 * surnameCountries(tables, 'rossi') // → ['IT']
 */
export function surnameCountries(t: GivenAndSurnameCountries, folded: string): readonly string[] {
  const table = t.surnames;
  const line = table.find(folded);
  return line < 0 ? [] : table.value(line).split(' ');
}
