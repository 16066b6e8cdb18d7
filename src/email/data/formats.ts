/**
 * The e-mail datasets of a bundle, declared once for their builder
 * (scripts/email/build.ts) and their loaders (src/email/data.ts, lists.ts).
 */
import { arrayOf, dataset, isString, isStringArray, objectWith, recordOf } from '../../data/format.js';

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

/** A list of lower-case domains or local parts. */
const stringList = (name: string, volatile?: string) =>
  dataset<readonly string[]>({
    product: 'email',
    name,
    file: `email/${name}.json`,
    formatVersion: 1,
    encoding: 'json',
    ...(volatile === undefined ? {} : { volatile }),
    check: (d) => isStringArray(d, 'data'),
    records: (d) => d.length,
  });

/** The main disposable-domain list (disposable-email-domains). */
export const DISPOSABLE = stringList('disposable', 'disposable-domain list');
/** mailchecker's disposable domains minus the reviewed false positives (data/raw/email/mailchecker-allowlist.tsv). */
export const MAILCHECKER = stringList('mailchecker', 'second-opinion disposable-domain list (mailchecker)');
/** Free e-mail providers (email-providers' all.json). */
export const FREE_PROVIDERS = stringList('free-providers');
/** Role-based local parts (role-based-email-addresses). */
export const ROLES = stringList('roles');

/** Every e-mail dataset. */
export const EMAIL_DATASETS = [POPULAR_DOMAINS, DISPOSABLE, MAILCHECKER, FREE_PROVIDERS, ROLES] as const;
