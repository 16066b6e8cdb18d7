import { PRODUCTS } from '../resolve.js';
import type { ProductName } from '../scoring/index.js';
import type { MappedField, Mapping } from './types.js';

/**
 * Column names that plainly hold a product's input, compared without case,
 * spaces, dashes, dots or underscores (`E-mail`, `email_address`, `Phone
 * Number`). Taken from the headers CRM and sign-up exports use; anything else
 * is mapped with `--map`.
 */
const OBVIOUS: Readonly<Record<Exclude<ProductName, 'name'>, readonly string[]>> = {
  email: ['email', 'emailaddress', 'mail', 'emailaddr', 'useremail', 'contactemail', 'primaryemail'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobilephone', 'mobilenumber', 'cell', 'cellphone', 'telephone', 'tel', 'msisdn', 'phonenum'],
  ip: ['ip', 'ipaddress', 'ipaddr', 'lastip', 'signupip', 'clientip', 'remoteaddr', 'remoteip'],
  device: ['useragent', 'ua', 'uastring', 'httpuseragent', 'browseruseragent'],
};
/** The row's country: headers that hold a code (`Country`, `country_code`, `ISO Country Code`); a column of country names is refused row by row. */
const COUNTRIES = ['country', 'countrycode', 'countryiso', 'countryiso2', 'isocountry', 'isocountrycode'];
const FIRST_NAMES = ['firstname', 'givenname', 'forename', 'first', 'fname'];
const LAST_NAMES = ['lastname', 'surname', 'familyname', 'last', 'lname'];
const FULL_NAMES = ['name', 'fullname', 'customername', 'contactname'];

function normal(column: string): string {
  return column.toLowerCase().replace(/[\s._-]+/g, '');
}

/** A `--map` that cannot be used, said in the words of the person who wrote it. */
export class MappingError extends Error {
  override readonly name = 'MappingError';
}

/**
 * Reads the `--map product=Column` values: `name=First+Last` for two columns,
 * `name=Full` for one holding the whole name, `country=Column` for the row's
 * country, `phone=` (nothing) to leave a product or the country out. Throws
 * {@link MappingError} for a product that does not exist, a missing `=`, or a
 * product given twice.
 */
export function parseMaps(values: readonly string[]): Mapping {
  const mapping: Partial<Record<MappedField, readonly string[]>> = {};
  for (const value of values) {
    const equals = value.indexOf('=');
    const product = equals < 0 ? value : value.slice(0, equals).trim();
    if (equals < 0) throw new MappingError(`--map takes product=Column, got "${value}"`);
    if (!(PRODUCTS as readonly string[]).includes(product) && product !== 'country') {
      throw new MappingError(`--map ${value}: "${product}" is not a product (${PRODUCTS.join(', ')}) or country`);
    }
    if (Object.hasOwn(mapping, product)) throw new MappingError(`--map ${product} is given twice`);
    const columns = value.slice(equals + 1) === '' ? [] : value.slice(equals + 1).split('+');
    if (columns.length > (product === 'name' ? 2 : 1)) {
      throw new MappingError(`--map ${value}: ${product === 'name' ? 'name takes First+Last or one column' : `${product} takes one column`}`);
    }
    mapping[product as MappedField] = columns;
  }
  return mapping;
}

/** The products a mapping checks, in the order they are checked (the country column is none). */
export function mappedProducts(mapping: Mapping): ProductName[] {
  return PRODUCTS.filter((p) => mapping[p] !== undefined);
}

/** The column of `columns` whose name is `wanted`, exactly or else ignoring case; `undefined` when none. */
function findColumn(columns: readonly string[], wanted: string): string | undefined {
  return columns.find((c) => c === wanted) ?? columns.find((c) => c.toLowerCase() === wanted.toLowerCase());
}

function obvious(columns: readonly string[], names: readonly string[]): string | undefined {
  for (const name of names) {
    const found = columns.find((c) => normal(c) === name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The mapping of a file with `columns`: the `--map` values given, then for
 * every product (and the country) not given, the first column with an
 * obvious name. A product mapped to nothing (`phone=`) is left out. Throws
 * {@link MappingError} when a mapped column is not in `columns`, or when no
 * product is mapped.
 */
export function mapColumns(columns: readonly string[], given: Mapping): Mapping {
  const mapping: Partial<Record<MappedField, readonly string[]>> = {};
  for (const product of [...PRODUCTS, 'country'] as const) {
    const explicit = given[product];
    if (explicit !== undefined) {
      if (explicit.length === 0) continue;
      mapping[product] = explicit.map((wanted) => {
        const found = findColumn(columns, wanted);
        if (found === undefined) {
          throw new MappingError(`--map ${product}=${explicit.join('+')}: no column "${wanted}" in the input (columns: ${shownColumns(columns)})`);
        }
        return found;
      });
      continue;
    }
    if (product === 'name') {
      const first = obvious(columns, FIRST_NAMES);
      const last = obvious(columns, LAST_NAMES);
      const full = obvious(columns, FULL_NAMES);
      if (first !== undefined && last !== undefined) mapping.name = [first, last];
      else if (full !== undefined) mapping.name = [full];
      continue;
    }
    const found = obvious(columns, product === 'country' ? COUNTRIES : OBVIOUS[product]);
    if (found !== undefined) mapping[product] = [found];
  }
  if (mappedProducts(mapping).length === 0) {
    throw new MappingError(`no column to check: none is named like an e-mail, phone, IP, name or user agent (columns: ${shownColumns(columns)}); map one with --map email=Column`);
  }
  return mapping;
}

/**
 * The column of `--label`: `wanted` exactly, else ignoring case, as `--map`
 * finds one. Throws {@link MappingError} naming the columns there are when
 * none is, and when the column is also mapped to a product or the country
 * (its cells cannot be both).
 */
export function labelColumn(columns: readonly string[], wanted: string, mapping: Mapping, format: 'csv' | 'ndjson'): string {
  const found = findColumn(columns, wanted);
  if (found === undefined) {
    throw new MappingError(
      format === 'csv'
        ? `--label ${wanted}: no column "${wanted}" in the input (columns: ${shownColumns(columns)})`
        : `--label ${wanted}: no field "${wanted}" in the first row (fields: ${shownColumns(columns)})`,
    );
  }
  const taken = ([...PRODUCTS, 'country'] as const).find((p) => mapping[p]?.includes(found));
  if (taken !== undefined) throw new MappingError(`--label ${wanted}: "${found}" is also the column of ${taken} (map ${taken} to another with --map ${taken}=Column, or ${taken}= to leave it out)`);
  return found;
}

function shownColumns(columns: readonly string[]): string {
  const shown = columns.slice(0, 12).map((c) => JSON.stringify(c));
  return `${shown.join(', ')}${columns.length > 12 ? ', …' : ''}`;
}

/** The mapping in one line, as printed before a batch starts: `email ← "Email", name ← "First" + "Last", country ← "Country"`. */
export function describeMapping(mapping: Mapping): string {
  return ([...PRODUCTS, 'country'] as const)
    .filter((p) => mapping[p] !== undefined)
    .map((p) => `${p} ← ${mapping[p]!.map((c) => JSON.stringify(c)).join(' + ')}`)
    .join(', ');
}
