/**
 * The e-mail datasets of a bundle, declared once for their builder
 * (scripts/email/build.ts) and their loaders (src/email/data.ts, lists.ts).
 */
import { arrayOf, dataset, isNumber, isString, isStringArray, kindOf, objectWith, recordOf } from '../../data/format.js';
import { LIST_SEPARATOR, countSortedList } from '../sortedList.js';
import { trieEntries } from '../letterTrie.js';
import type { LetterTrieData } from '../letterTrie.js';

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

/**
 * A big provider's username rules, as its help pages state them (null or
 * `any`: no sourced rule), and how it delivers variants of an address.
 */
export interface ProviderRule {
  /** The provider's name, as reasons show it. */
  readonly provider: string;
  /** Its own domains; the first is the one `canonical` uses. */
  readonly domains: readonly string[];
  /** Least and most letters and digits of a username (separators ignored where dots are), or null. */
  readonly min: number | null;
  readonly max: number | null;
  /** Characters allowed besides a–z and 0–9 (`.`, `_`, `-`), or null when no rule is sourced. */
  readonly chars: string | null;
  /** What a username starts with: a letter, a letter or digit, anything. */
  readonly first: 'letter' | 'alnum' | 'any';
  /** What it ends with: a letter or digit, anything but a dot, anything. */
  readonly last: 'alnum' | 'notdot' | 'any';
  /** Whether separators may follow each other (`a..b`). */
  readonly repeat: boolean;
  /** The sub-address separator delivered to the base mailbox (`+`), or `''`. */
  readonly tag: string;
  /** Whether the provider ignores dots in the username. */
  readonly dots: boolean;
  /** Whether all its domains are one namespace (`x@googlemail.com` is `x@gmail.com`), so `canonical` uses the first. */
  readonly fold: boolean;
  /** The help pages the row rests on. */
  readonly source: string;
}

/** data/email/local-parts.json: the character model, names, words, placeholders, provider rules, relays. */
export interface LocalPartsData {
  readonly model: {
    /** Mean log₂ ratio per symbol below which a local part reads as generated. */
    readonly threshold: number;
    /** Shortest local part (letters, digits, separators) the model judges. */
    readonly minLength: number;
    /** Base64 of the chosen-local-part cost table (src/email/localModel.ts). */
    readonly real: string;
    /** Base64 of the generated-string cost table. */
    readonly generated: string;
  };
  /** Given names, surnames (a–z, 2+ letters) and name particles (al, van, de…) as a letter trie (src/email/letterTrie.ts). */
  readonly names: LetterTrieData;
  /** English words (a–z, 4+ letters) as a letter trie. */
  readonly words: LetterTrieData;
  readonly placeholders: readonly { readonly word: string; readonly reason: string }[];
  readonly providers: readonly ProviderRule[];
  readonly relays: readonly { readonly domain: string; readonly service: string; readonly source: string }[];
}

/** A letter trie's two strings (their content is checked when the trie is read: LetterTrie.decode). */
const isTrie = (v: unknown, p: string): string | null => objectWith(v, p, { labels: isString, children: isString });

const isNumberOrNull = (v: unknown, p: string): string | null => (v === null || typeof v === 'number' ? null : `${p} is ${kindOf(v)}, expected a number or null`);
const isStringOrNull = (v: unknown, p: string): string | null => (v === null ? null : isString(v, p));
const isBoolean = (v: unknown, p: string): string | null => (typeof v === 'boolean' ? null : `${p} is ${kindOf(v)}, expected a boolean`);

/** The local-part knowledge of the e-mail check (built by scripts/email/localParts.ts). */
export const LOCAL_PARTS = dataset<LocalPartsData>({
  product: 'email',
  name: 'local-parts',
  file: 'email/local-parts.json',
  formatVersion: 2,
  encoding: 'json',
  check: (d) =>
    objectWith(d, 'data', {
      model: (v, p) => objectWith(v, p, { threshold: isNumber, minLength: isNumber, real: isString, generated: isString }),
      names: isTrie,
      words: isTrie,
      placeholders: (v, p) => arrayOf(v, p, (row, at) => objectWith(row, at, { word: isString, reason: isString })),
      providers: (v, p) =>
        arrayOf(v, p, (row, at) =>
          objectWith(row, at, {
            provider: isString,
            domains: isStringArray,
            min: isNumberOrNull,
            max: isNumberOrNull,
            chars: isStringOrNull,
            first: isString,
            last: isString,
            repeat: isBoolean,
            tag: isString,
            dots: isBoolean,
            fold: isBoolean,
            source: isString,
          }),
        ),
      relays: (v, p) => arrayOf(v, p, (row, at) => objectWith(row, at, { domain: isString, service: isString, source: isString })),
    }),
  records: (d) => trieEntries(d.names) + trieEntries(d.words) + d.placeholders.length + d.providers.length + d.relays.length,
});

/** Every e-mail dataset. */
export const EMAIL_DATASETS = [POPULAR_DOMAINS, DISPOSABLE, MAILCHECKER, FREE_PROVIDERS, ROLES, LOCAL_PARTS] as const;
