/**
 * The e-mail datasets of a bundle, declared once for their builder
 * (scripts/email/build.ts) and their loaders (src/email/data.ts, lists.ts).
 */
import { arrayOf, dataset, isString, isStringArray, kindOf, objectWith, recordOf } from '../../data/format.js';
import { LIST_SEPARATOR, countSortedList } from '../sortedList.js';

/** data/email/popular-domains.json: typo-suggestion targets and their companions. */
export interface PopularDomainsData {
  /** Popular consumer mail domains, most used first (order breaks ties). */
  readonly domains: readonly { readonly domain: string; readonly region: string }[];
  /** Valid TLDs typed for another (`co` → `com`), applied only to popular domains. */
  readonly tldTypos: Readonly<Record<string, string>>;
  /** Reviewed domains near a popular one that are genuine providers: never corrected. */
  readonly notTypos: readonly string[];
}

/** Popular domains, TLD typos and reviewed non-typos (curated). */
export const POPULAR_DOMAINS = dataset<PopularDomainsData>({
  product: 'email',
  name: 'popular-domains',
  file: 'email/popular-domains.json',
  formatVersion: 1,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      domains: (v, p) => arrayOf(v, p, (row, at) => objectWith(row, at, { domain: isString, region: isString })),
      tldTypos: (v, p) => recordOf(v, p, isString),
      notTypos: isStringArray,
    }),
  records: (d) => d.domains.length,
});

/** A short list of lower-case local parts, read whole (a few hundred entries). */
const stringList = (name: string) =>
  dataset<readonly string[]>({
    product: 'email',
    name,
    file: `email/${name}.json`,
    formatVersion: 1,
    encoding: 'json',
    check: (d) => isStringArray(d, 'data'),
    records: (d) => d.length,
  });

/**
 * A domain list searched in place (src/email/sortedList.ts): `data` is one
 * string of unique lower-case domains sorted by UTF-16 code units and joined
 * with commas. Version 1 was a JSON array of strings, which took a JSON parse
 * of tens of thousands of strings and a Set to fill before the first check.
 * The check here is what can be checked without walking the list (the
 * order is the builder's to guarantee, and the manifest's sha256 keeps it).
 */
const domainList = (name: string, volatile?: string) =>
  dataset<string>({
    product: 'email',
    name,
    file: `email/${name}.json`,
    formatVersion: 2,
    encoding: 'json',
    ...(volatile === undefined ? {} : { volatile }),
    check: (d) => {
      if (typeof d !== 'string') return `data is ${kindOf(d)}, expected a string of sorted, comma-separated domains`;
      if (d.startsWith(LIST_SEPARATOR) || d.endsWith(LIST_SEPARATOR) || d.includes(LIST_SEPARATOR + LIST_SEPARATOR)) return 'data has an empty entry';
      return null;
    },
    records: countSortedList,
  });

/** The main disposable-domain list (disposable-email-domains). */
export const DISPOSABLE = domainList('disposable', 'disposable-domain list');
/** mailchecker's disposable domains minus the reviewed false positives (data/raw/email/mailchecker-allowlist.tsv). */
export const MAILCHECKER = domainList('mailchecker', 'second-opinion disposable-domain list (mailchecker)');
/** Free e-mail providers (email-providers' all.json). */
export const FREE_PROVIDERS = domainList('free-providers');
/** Role-based local parts (role-based-email-addresses). */
export const ROLES = stringList('roles');

/** Every e-mail dataset. */
export const EMAIL_DATASETS = [POPULAR_DOMAINS, DISPOSABLE, MAILCHECKER, FREE_PROVIDERS, ROLES] as const;
