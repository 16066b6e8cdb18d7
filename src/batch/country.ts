import { libphonenumber } from '../phone/product.js';

/** Longer than any code with spaces around it: a cell of free text is refused before it is upper-cased. */
const MAX_COUNTRY_CHARS = 16;

/**
 * A country as a person writes it in a file's country column or after
 * `--country`: an ISO 3166-1 alpha-2 code, in any case, spaces around it
 * ignored. Returns the code upper-cased, or `undefined` when it is not the
 * code of a country with a telephone numbering plan.
 *
 * The numbering plans (libphonenumber's regions) are the test because the
 * phone check, which reads national numbers with the country, refuses any
 * other; they cover every inhabited country (Antarctica, Bouvet Island and a
 * few other uninhabited territories have none). `UK` is refused: ISO
 * reserves it, but the United Kingdom's code is GB, and the phone and name
 * data know only GB.
 */
export function readCountry(value: string): string | undefined {
  if (value.length > MAX_COUNTRY_CHARS) return undefined;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && libphonenumber().isSupportedCountry(code) ? code : undefined;
}

/** What to say beside a refused `value`, when there is more to say than that it is no code: `the United Kingdom is GB`. */
export function countryHint(value: string): string | undefined {
  return value.trim().toUpperCase() === 'UK' ? 'the United Kingdom is GB' : undefined;
}
