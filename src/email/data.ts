import { loadGeneratedJson } from '../common/data.js';

/** Format version of data/email/*.json written by scripts/email/build.ts. */
const FORMAT_VERSION = 1;

/** data/email/popular-domains.json: typo-suggestion targets and their companions. */
export interface PopularDomainsData {
  /** Popular consumer mail domains, most used first (order breaks ties). */
  readonly domains: readonly { readonly domain: string; readonly region: string }[];
  /** Valid TLDs typed for another (`co` → `com`), applied only to popular domains. */
  readonly tldTypos: Readonly<Record<string, string>>;
  /** Reviewed domains near a popular one that are genuine providers: never corrected. */
  readonly notTypos: readonly string[];
}

let popular: PopularDomainsData | undefined;
let allowlist: ReadonlySet<string> | undefined;

/** The curated popular-domain data, loaded on first use. */
export function popularDomainsData(): PopularDomainsData {
  popular ??= loadGeneratedJson<PopularDomainsData>('email/popular-domains.json', FORMAT_VERSION);
  return popular;
}

/** mailchecker entries reviewed as false positives, loaded on first use. */
export function mailcheckerAllowlist(): ReadonlySet<string> {
  allowlist ??= new Set(loadGeneratedJson<string[]>('email/mailchecker-allowlist.json', FORMAT_VERSION));
  return allowlist;
}
