/**
 * Every table the e-mail check reads, opened once per checker from the
 * bundle of its data context and handed to the rules as arguments: the
 * disposable lists (disposable-email-domains and mailchecker), the
 * free-provider list, the role lists, the popular-domain index, the
 * local-part model and its name and word tries, tldts, and the staleness
 * watches of the two disposable lists. Each table is read and built on
 * first use, so a checker that never meets an address costs nothing;
 * `preload()` builds them all.
 */
import { loadLevenshtein } from '../common/levenshtein.js';
import { staleDetailAt, watchStaleness } from '../data/context.js';
import type { DataContext, StaleWatch } from '../data/context.js';
import type { DataBundle } from '../data/bundle.js';
import { noteLoad } from '../common/loads.js';
import { DISPOSABLE, FREE_PROVIDERS, LOCAL_PARTS, MAILCHECKER, POPULAR_DOMAINS, ROLES } from './data/formats.js';
import { tldts } from './domain.js';
import { buildRoleLists } from './lists.js';
import type { RoleLists } from './lists.js';
import { buildLocalTables } from './localPart.js';
import type { LocalTables } from './localPart.js';
import { SortedList } from './sortedList.js';
import { IcannSuffixes, buildPopularIndex } from './suggest.js';
import type { PopularIndex } from './suggest.js';

/** The Public Suffix List as tldts holds it. */
export type Tldts = typeof import('tldts');

/** The tables of one checker; see {@link openEmailTables}. */
export class EmailTables {
  readonly #bundle: DataBundle;
  #disposable: SortedList | undefined;
  #mailchecker: SortedList | undefined;
  #free: SortedList | undefined;
  #roles: RoleLists | undefined;
  #popular: PopularIndex | undefined;
  #local: LocalTables | undefined;
  #icann: IcannSuffixes | undefined;
  /** The age watch of disposable-email-domains (null: never stale, or not in the bundle). */
  readonly staleDisposable: StaleWatch | null;
  /** The age watch of mailchecker's list. */
  readonly staleMailchecker: StaleWatch | null;

  constructor(context: DataContext) {
    this.#bundle = context.bundle;
    this.staleDisposable = watchStaleness(context, DISPOSABLE);
    this.staleMailchecker = watchStaleness(context, MAILCHECKER);
  }

  /** disposable-email-domains, searched in place. */
  get disposable(): SortedList {
    return (this.#disposable ??= built('email disposable list', () => new SortedList(this.#bundle.load(DISPOSABLE))));
  }

  /** mailchecker minus its reviewed false positives, searched in place. */
  get mailchecker(): SortedList {
    return (this.#mailchecker ??= built('email mailchecker list', () => new SortedList(this.#bundle.load(MAILCHECKER))));
  }

  /** email-providers' free mail domains, searched in place. */
  get free(): SortedList {
    return (this.#free ??= built('email free-provider list', () => new SortedList(this.#bundle.load(FREE_PROVIDERS))));
  }

  /** role-based-email-addresses, as typed and with separators squashed. */
  get roles(): RoleLists {
    return (this.#roles ??= built('email role lists', () => buildRoleLists(this.#bundle.load(ROLES))));
  }

  /** The popular mail domains, indexed for typo suggestions. */
  get popular(): PopularIndex {
    return (this.#popular ??= built('email popular-domain index', () => buildPopularIndex(this.#bundle.load(POPULAR_DOMAINS), tldts())));
  }

  /** The local-part model, name and word tries, placeholders, provider and relay rules. */
  get local(): LocalTables {
    return (this.#local ??= built('email local-part tables', () => buildLocalTables(this.#bundle.load(LOCAL_PARTS))));
  }

  /** Which suffixes are exactly ICANN public suffixes, remembered (the typo rules ask for the same few). */
  get icann(): IcannSuffixes {
    return (this.#icann ??= new IcannSuffixes(tldts()));
  }

  /** tldts, loaded on first use (its import builds the suffix tables, which importing the package must not pay for). */
  get tldts(): Tldts {
    return tldts();
  }

  /**
   * The detail of `EMAIL_DATA_STALE` at `nowMs`: the disposable lists the
   * check consults (mailchecker only with `secondOpinion`) that are past the
   * checker's age limit, joined; null when none is.
   */
  staleDetail(nowMs: number, secondOpinion: boolean): string | null {
    const main = staleDetailAt(this.staleDisposable, nowMs);
    const second = secondOpinion ? staleDetailAt(this.staleMailchecker, nowMs) : null;
    return main === null ? second : second === null ? main : `${main}; ${second}`;
  }

  /** Reads, verifies and builds every table now, and loads tldts and fast-levenshtein. */
  preload(): void {
    void this.popular;
    void this.disposable;
    void this.mailchecker;
    void this.free;
    void this.roles;
    void this.local;
    void this.icann;
    loadLevenshtein();
  }
}

/** Builds a table, noting the build (src/data/loads.ts) so a test can tell that nothing is built after `preload()`. */
function built<T>(what: string, build: () => T): T {
  noteLoad(`build ${what}`);
  return build();
}

/**
 * Opens the e-mail tables of a checker's data context. Nothing is read
 * here but the manifest dates of the disposable lists (for their staleness
 * watches); each table is read and built on first use.
 *
 * @example
 * const tables = openEmailTables(openData(undefined));
 * tables.disposable.has('mailinator.com'); // true
 */
export function openEmailTables(context: DataContext): EmailTables {
  return new EmailTables(context);
}
