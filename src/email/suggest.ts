import { BoundedCache, cacheKey } from '../common/boundedCache.js';
import type { CacheKey } from '../common/boundedCache.js';
import { levenshteinDistance } from '../common/levenshtein.js';
import type { PopularDomainsData } from './data/formats.js';

interface Target {
  /** Popular domain, e.g. `hotmail.com.br`. */
  readonly domain: string;
  /** The part before the public suffix: `hotmail`. */
  readonly name: string;
  /** ICANN public suffix: `com.br`. */
  readonly suffix: string;
  /** Number of labels in `suffix`. */
  readonly suffixLabels: number;
  /** Last label: `br`. */
  readonly tld: string;
  /** Position in the curated list (0 = most used): breaks ties. */
  readonly rank: number;
}

/** The popular mail domains, indexed for {@link suggestAsciiDomain}; built by {@link buildPopularIndex}. */
export interface PopularIndex {
  /** Targets by domain length, in popularity order within a length: only ±2 lengths are visited. */
  readonly byLength: readonly (readonly Target[])[];
  /** Popular domains and reviewed non-typos: never corrected. */
  readonly genuine: ReadonlySet<string>;
  /** Names (≥ 4 letters) of popular domains: `gmail.de` is not a typo of `hotmail.de`. */
  readonly names: ReadonlySet<string>;
  /** Name → most used popular domain with it (`hotmail` → `hotmail.com`), for a forgotten suffix. */
  readonly byName: ReadonlyMap<string, string>;
  readonly tldTypos: ReadonlyMap<string, string>;
}

/** Indexes the curated popular-domain data, splitting each domain at its ICANN public suffix (tldts). */
export function buildPopularIndex(data: PopularDomainsData, psl: typeof import('tldts')): PopularIndex {
  const targets: Target[] = [];
  const names = new Set<string>();
  const byName = new Map<string, string>();
  for (const [rank, { domain }] of data.domains.entries()) {
    const suffix = psl.parse(domain, { allowPrivateDomains: false }).publicSuffix!;
    const name = domain.slice(0, domain.length - suffix.length - 1);
    targets.push({
      domain,
      name,
      suffix,
      suffixLabels: suffix.split('.').length,
      tld: suffix.slice(suffix.lastIndexOf('.') + 1),
      rank,
    });
    if (name.length >= 4) names.add(name);
    if (!byName.has(name)) byName.set(name, domain);
  }
  const byLength: Target[][] = [];
  for (const target of targets) (byLength[target.domain.length] ??= []).push(target);
  return {
    byLength,
    genuine: new Set([...data.domains.map((d) => d.domain), ...data.notTypos]),
    names,
    byName,
    tldTypos: new Map(Object.entries(data.tldTypos)),
  };
}

/** Suffixes remembered by one {@link IcannSuffixes}: typed domains end in a few hundred distinct ones. */
const ICANN_SUFFIXES_KEPT = 4096;

/** Which suffixes are exactly ICANN public suffixes (`com`, `co.uk`), asked of tldts once each (bounded). */
export class IcannSuffixes {
  readonly #psl: typeof import('tldts');
  readonly #known = new BoundedCache<CacheKey, boolean>(ICANN_SUFFIXES_KEPT);

  constructor(psl: typeof import('tldts')) {
    this.#psl = psl;
  }

  /** True when `suffix` is exactly an ICANN public suffix. */
  has(suffix: string): boolean {
    return this.#known.getOrCompute(cacheKey(suffix), () => {
      // The probe label must not itself be a suffix rule (Sweden lists one-letter ones such as x.se).
      const parsed = this.#psl.parse(`suffix-probe.${suffix}`, { allowPrivateDomains: false, detectIp: false, extractHostname: false });
      return parsed.isIcann === true && parsed.publicSuffix === suffix;
    });
  }
}

/** True when `a` becomes `b` by swapping one pair of adjacent characters. */
function isAdjacentSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/**
 * Levenshtein distance (fast-levenshtein), except that one swap of
 * adjacent letters counts as one edit (`gmial` → `gmail`): swaps are the
 * commonest typing slip and plain Levenshtein charges them two.
 */
function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const d = levenshteinDistance(a, b);
  return d === 2 && isAdjacentSwap(a, b) ? 1 : d;
}

/** Edits allowed in the name part, by the popular name's length. */
function nameCost(typed: string, name: string, names: ReadonlySet<string>): number {
  if (typed === name) return 0;
  // Short names (aol, msn, qq, gmx, web) are one edit from countless real domains: only their TLD is corrected.
  if (name.length <= 3) return Infinity;
  // Another popular provider's name (mail vs gmail) is a choice, not a slip.
  if (names.has(typed)) return Infinity;
  if (Math.abs(typed.length - name.length) > 1) return Infinity;
  // One edit at most: two-edit matches on the free-provider list were mostly real names (bootmail, homemail vs hotmail).
  if (editDistance(typed, name) !== 1) return Infinity;
  // A 4-letter name with one letter changed is usually another word (live → line): allow only insert/delete/swap.
  if (name.length === 4 && typed.length === 4 && !isAdjacentSwap(typed, name)) return Infinity;
  return 1;
}

/** Edits in the suffix part: exact, a listed TLD typo (co → com), or a near-miss of a non-existent suffix. */
function suffixCost(typed: string, target: Target, tldTypos: ReadonlyMap<string, string>, icann: IcannSuffixes): number {
  if (typed === target.suffix) return 0;
  if (icann.has(typed)) return tldTypos.get(typed) === target.suffix ? 1 : Infinity;
  const typedTld = typed.slice(typed.lastIndexOf('.') + 1);
  // hotmail.co.br may mean hotmail.com.br (same TLD), never hotmail.com (a real .br domain).
  if (typedTld !== target.tld && icann.has(typedTld) && tldTypos.get(typedTld) !== target.tld) return Infinity;
  const d = editDistance(typed, target.suffix);
  return d <= 2 ? d : Infinity;
}

/** Cost of reading `domain` as a typo of `target`, Infinity when it is not a plausible one. */
function typoCost(domain: string, target: Target, idx: PopularIndex, icann: IcannSuffixes): number {
  // Split the typed domain where the target's suffix would start (same number of labels).
  let cut = domain.length;
  for (let n = 0; n < target.suffixLabels; n++) {
    cut = domain.lastIndexOf('.', cut - 1);
    if (cut <= 0) {
      // Fewer labels than the target: a dropped dot (gmailcom). Allow exactly that one edit.
      return target.name.length >= 4 && editDistance(domain, target.domain) === 1 ? 1 : Infinity;
    }
  }
  const suffix = suffixCost(domain.slice(cut + 1), target, idx.tldTypos, icann);
  if (suffix === Infinity) return Infinity;
  const name = nameCost(domain.slice(0, cut), target.name, idx.names);
  const total = name + suffix;
  return total >= 1 && total <= 2 ? total : Infinity;
}

/**
 * The popular domain a lower-case ASCII domain is most likely a typo of,
 * else null. Candidates are prefiltered by length (±2) and by first or
 * second letter before any edit distance is computed; on equal cost the
 * more used domain (earlier in the curated list) wins.
 */
export function suggestAsciiDomain(domain: string, index: PopularIndex, icann: IcannSuffixes): string | null {
  if (domain.length < 2 || index.genuine.has(domain)) return null;
  // A forgotten suffix (jane@gmail): a single label that is exactly a provider's name.
  if (!domain.includes('.')) {
    const whole = index.byName.get(domain);
    if (whole !== undefined) return whole;
  }
  const c0 = domain.charCodeAt(0);
  const c1 = domain.charCodeAt(1);
  // A valid TLD only ever maps to itself or to its listed typo target (co → com): skip other TLDs early.
  const typedTld = domain.slice(domain.lastIndexOf('.') + 1);
  const tldIsReal = icann.has(typedTld);
  const tldTarget = index.tldTypos.get(typedTld);
  let best: Target | null = null;
  let bestCost = Infinity;
  for (let length = domain.length - 2; length <= domain.length + 2; length++) {
    const bucket = index.byLength[length];
    if (bucket === undefined) continue;
    for (const target of bucket) {
      const t = target.domain;
      const t0 = t.charCodeAt(0);
      const t1 = t.charCodeAt(1);
      if (c0 !== t0 && c1 !== t1 && !(c0 === t1 && c1 === t0)) continue;
      if (tldIsReal && target.tld !== typedTld && target.tld !== tldTarget) continue;
      const cost = typoCost(domain, target, index, icann);
      // Strictly lower, then popularity rank: on a tie the more used domain wins.
      if (cost < bestCost || (cost === bestCost && best !== null && target.rank < best.rank)) {
        bestCost = cost;
        best = target;
      }
    }
  }
  return best === null ? null : best.domain;
}
