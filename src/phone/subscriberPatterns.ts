/**
 * Repeated and sequential digits in a subscriber number, judged against
 * chance: a threshold is where a uniformly random subscriber number of the
 * same length shows the pattern at most once in {@link CHANCE_BOUND}
 * numbers, so a real number (whose subscriber digits an operator assigns
 * without regard to how they read) is flagged that rarely by accident.
 *
 * The subscriber number is the national significant number after its
 * national destination code (area or mobile network code), split as Google
 * libphonenumber's `getLengthOfNationalDestinationCode` does: the first digit
 * group of the international format, plus the mobile token where the plan has
 * one (Argentina's 9).
 *
 * Three measures, each a single pass over at most 17 digits (no regex):
 * - the longest run of one digit (`0000000`, `77 77 77`);
 * - the longest run of steps of +1 or of −1 in numeric order, in digits
 *   (`1234567`, `43210`, `12 34 56 78`; `1234567890` runs 9 digits);
 * - the longest alternating stretch, each digit the one two places before
 *   (`757575`, `1515151`);
 * - the number of distinct digits (`1212121`, `9898989`: two).
 *
 * `PHONE_REPEATED_DIGITS` is any of the first, third and fourth, so a random
 * number trips it at most about 3 times in 1,000 (a union bound);
 * `PHONE_SEQUENTIAL_DIGITS` is the second, at most once in 1,000.
 */
import type { PhoneNumber } from 'libphonenumber-js/max';

/** A pattern is flagged where a uniformly random subscriber number of its length shows it at most this often: 1 in 1,000. */
export const CHANCE_BOUND = 1e-3;

/** The longest national significant number (libphonenumber's MAX_LENGTH_FOR_NSN). */
const MAX_LENGTH = 17;

/** P(longest run of one digit ≥ k) for n uniform random digits: a chain over the current run length. */
export function repeatChance(n: number, k: number): number {
  if (k <= 1) return n > 0 ? 1 : 0;
  if (k > n) return 0;
  // p[r]: probability of not having reached k, with the current run r (1..k-1).
  let p = new Array<number>(k).fill(0);
  p[1] = 1;
  let reached = 0;
  for (let i = 1; i < n; i++) {
    const next = new Array<number>(k).fill(0);
    for (let r = 1; r < k; r++) {
      const q = p[r]!;
      if (q === 0) continue;
      next[1]! += q * 0.9;
      if (r + 1 >= k) reached += q * 0.1;
      else next[r + 1]! += q * 0.1;
    }
    p = next;
  }
  return reached;
}

/**
 * P(longest run of +1 or of −1 steps ≥ k digits) for n uniform random
 * digits, in numeric order (no wrap: 9 is not followed by 0 in a run). A
 * chain over the last digit, the run's direction and its length.
 */
export function stepChance(n: number, k: number): number {
  if (k <= 1) return n > 0 ? 1 : 0;
  if (k > n) return 0;
  // p[d][dir][r]: not reached yet, last digit d, current run r digits long going up (dir 0) or down (dir 1); r = 1 kept under dir 0.
  const fresh = (): number[][][] => Array.from({ length: 10 }, () => [new Array<number>(k).fill(0), new Array<number>(k).fill(0)]);
  let p = fresh();
  for (let d = 0; d < 10; d++) p[d]![0]![1] = 0.1;
  let reached = 0;
  for (let i = 1; i < n; i++) {
    const next = fresh();
    for (let d = 0; d < 10; d++) {
      for (let dir = 0; dir < 2; dir++) {
        for (let r = 1; r < k; r++) {
          const q = p[d]![dir]![r]!;
          if (q === 0) continue;
          for (let e = 0; e < 10; e++) {
            let nextDir = 0;
            let len = 1;
            if (e === d + 1) len = dir === 0 || r === 1 ? r + 1 : 2;
            else if (e === d - 1) {
              nextDir = 1;
              len = dir === 1 || r === 1 ? r + 1 : 2;
            }
            if (len >= k) reached += q * 0.1;
            else next[e]![nextDir]![len]! += q * 0.1;
          }
        }
      }
    }
    p = next;
  }
  return reached;
}

/**
 * P(longest alternating stretch ≥ k digits) for n uniform random digits: a
 * stretch where every digit equals the one two places before (`757575`,
 * and a run of one digit too); any two digits start one of length 2.
 */
export function alternateChance(n: number, k: number): number {
  if (k <= 2) return n >= k ? 1 : 0;
  if (k > n) return 0;
  let p = new Array<number>(k).fill(0);
  p[2] = 1;
  let reached = 0;
  for (let i = 2; i < n; i++) {
    const next = new Array<number>(k).fill(0);
    for (let r = 2; r < k; r++) {
      const q = p[r]!;
      if (q === 0) continue;
      next[2]! += q * 0.9;
      if (r + 1 >= k) reached += q * 0.1;
      else next[r + 1]! += q * 0.1;
    }
    p = next;
  }
  return reached;
}

const binomial = (n: number, k: number): bigint => {
  let out = 1n;
  for (let i = 0; i < k; i++) out = (out * BigInt(n - i)) / BigInt(i + 1);
  return out;
};

/** P(at most m distinct digits) for n uniform random digits: Σ C(10, j) · surjections(n, j) / 10ⁿ, exact in integers. */
export function varietyChance(n: number, m: number): number {
  if (n === 0) return 1;
  let count = 0n;
  for (let j = 1; j <= Math.min(m, 10); j++) {
    // Surjections of n places onto j digits, by inclusion–exclusion.
    let onto = 0n;
    for (let i = 0; i <= j; i++) onto += (i % 2 === 0 ? 1n : -1n) * binomial(j, i) * BigInt(j - i) ** BigInt(n);
    count += binomial(10, j) * onto;
  }
  return Number((count * 1_000_000_000_000n) / 10n ** BigInt(n)) / 1e12;
}

/** The thresholds for subscriber numbers of one length; null where no value reaches {@link CHANCE_BOUND}. */
export interface PatternThresholds {
  /** Shortest run of one digit flagged. */
  readonly repeat: number | null;
  /** Shortest ±1 step run flagged, in digits. */
  readonly step: number | null;
  /** Shortest alternating stretch flagged (each digit the one two places before). */
  readonly alternate: number | null;
  /** Most distinct digits flagged. */
  readonly variety: number | null;
}

/** Within the bound, allowing for the floating-point error of the chains (a chance of exactly 1 in 1,000 is within it). */
const within = (chance: number): boolean => chance <= CHANCE_BOUND * (1 + 1e-9);

function thresholdsOf(n: number): PatternThresholds {
  let repeat: number | null = null;
  let step: number | null = null;
  let variety: number | null = null;
  let alternate: number | null = null;
  for (let k = 2; k <= n && repeat === null; k++) if (within(repeatChance(n, k))) repeat = k;
  for (let k = 3; k <= n && alternate === null; k++) if (within(alternateChance(n, k))) alternate = k;
  for (let k = 2; k <= n && step === null; k++) if (within(stepChance(n, k))) step = k;
  for (let m = Math.min(n, 10) - 1; m >= 1 && variety === null; m--) if (within(varietyChance(n, m))) variety = m;
  return { repeat, step, alternate, variety };
}

/** Thresholds by subscriber length (index 0..17), computed from the chance rates above (the derivation of {@link PATTERN_THRESHOLD_ROWS}). */
export function patternThresholds(): readonly PatternThresholds[] {
  return Object.freeze(Array.from({ length: MAX_LENGTH + 1 }, (_, n) => Object.freeze(thresholdsOf(n))));
}

/** The measures of one digit string. */
export interface DigitMeasures {
  readonly repeat: number;
  readonly step: number;
  readonly alternate: number;
  readonly distinct: number;
}

/**
 * The three measures of every suffix of `digits` (index i: the digits from
 * i on), in one backward pass. `digits` holds ASCII digits only, at most
 * {@link MAX_LENGTH}.
 */
export function suffixMeasures(digits: string): DigitMeasures[] {
  const n = digits.length;
  const out = new Array<DigitMeasures>(n);
  let seen = 0;
  let repeat = 0;
  let step = 0;
  let runSame = 0;
  let runUp = 0;
  let runDown = 0;
  let alternate = 0;
  let runAlternate = 0;
  for (let i = n - 1; i >= 0; i--) {
    const d = digits.charCodeAt(i) - 0x30;
    if (i === n - 1) {
      runSame = runUp = runDown = 1;
    } else {
      const e = digits.charCodeAt(i + 1) - 0x30;
      runSame = e === d ? runSame + 1 : 1;
      runUp = e === d + 1 ? runUp + 1 : 1;
      runDown = e === d - 1 ? runDown + 1 : 1;
      runAlternate = i + 2 >= n ? 2 : digits.charCodeAt(i + 2) - 0x30 === d ? runAlternate + 1 : 2;
      if (runAlternate > alternate) alternate = runAlternate;
    }
    seen |= 1 << d;
    if (runSame > repeat) repeat = runSame;
    if (runUp > step) step = runUp;
    if (runDown > step) step = runDown;
    let distinct = 0;
    for (let s = seen; s !== 0; s &= s - 1) distinct++;
    out[i] = { repeat, step, alternate, distinct };
  }
  return out;
}

/** Which patterns a subscriber number of `length` digits with `m` shows. */
export interface PatternFlags {
  /** A run of one digit, an alternating stretch, or so few distinct digits, each as chance gives at most once in 1,000. */
  readonly repeated: boolean;
  /** A run of ±1 steps as long as chance gives at most once in 1,000. */
  readonly sequential: boolean;
}

const NONE: PatternFlags = Object.freeze({ repeated: false, sequential: false });

/** libphonenumber's mobile tokens (PhoneNumberUtil.MOBILE_TOKEN_MAPPINGS): formatted as a group of their own before the NDC. */
const MOBILE_TOKENS: Readonly<Record<string, string>> = { '52': '1', '54': '9' };

/**
 * Length of the national destination code, as libphonenumber's
 * getLengthOfNationalDestinationCode: the first group of the international
 * format when more groups follow (0 when the number is one group), plus the
 * mobile token's group for a mobile number of a plan that has one.
 */
export function destinationCodeLength(phone: PhoneNumber, mobile: boolean): number {
  const text = phone.formatInternational();
  // "+CC G1 G2 …": split on anything that is not a digit (spaces, dashes).
  const groups: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) current += text[i];
    else if (current !== '') {
      groups.push(current);
      current = '';
    }
  }
  if (current !== '') groups.push(current);
  // groups[0] is the calling code.
  if (groups.length <= 2) return 0;
  const token = MOBILE_TOKENS[groups[0]!];
  if (mobile && token !== undefined && groups[1] === token && groups.length > 3) return groups[1].length + groups[2]!.length;
  return groups[1]!.length;
}

/** Most NDC lengths a checker keeps (see {@link SubscriberPatterns}); past it the memo starts again. */
const DESTINATION_CODES_MAX = 4096;

/**
 * What {@link subscriberPatterns} reads and keeps for one checker: the
 * thresholds as flat arrays by length for its loop ([repeat, step,
 * alternate]: 99 = none; variety: -1 = none), a scratch array of flags per
 * suffix start (a check is synchronous: no call overlaps another), and the
 * NDC lengths already found, by calling code, length and leading digits (all
 * but the last four): the format libphonenumber picks depends on the
 * number's length and its leading digits (the metadata's leading-digits
 * patterns and range), not on its last digits, and formatting costs about
 * half a parse.
 */
export interface SubscriberPatterns {
  readonly repeat: Int8Array;
  readonly step: Int8Array;
  readonly alternate: Int8Array;
  readonly variety: Int8Array;
  readonly flags: Uint8Array;
  readonly destinationCodes: Map<string, number>;
}

/**
 * {@link patternThresholds} by subscriber length (index 0..17), one array per
 * measure, 99 (or -1 for variety) where nothing is flagged. Written out: the
 * chains are slow on a cold process, and every checker's first valid number
 * paid for them (docs/perf.md); test/phone/signals.test.ts holds these rows
 * to the derivation.
 */
export const PATTERN_THRESHOLD_ROWS = {
  repeat: [99, 99, 99, 99, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 6, 6],
  step: [99, 99, 99, 99, 99, 5, 5, 5, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6],
  alternate: [99, 99, 99, 99, 99, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 7],
  variety: [-1, -1, -1, -1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4],
} as const;

/** The thresholds and an empty memo, for one checker. */
export function openSubscriberPatterns(): SubscriberPatterns {
  return {
    repeat: Int8Array.from(PATTERN_THRESHOLD_ROWS.repeat),
    step: Int8Array.from(PATTERN_THRESHOLD_ROWS.step),
    alternate: Int8Array.from(PATTERN_THRESHOLD_ROWS.alternate),
    variety: Int8Array.from(PATTERN_THRESHOLD_ROWS.variety),
    flags: new Uint8Array(MAX_LENGTH + 1),
    destinationCodes: new Map(),
  };
}

/**
 * The patterns of a valid number's subscriber digits. The flags of every
 * suffix are computed first (one pass over the digits, as
 * {@link suffixMeasures}); only when some suffix
 * could be flagged is the number formatted to find where its subscriber
 * number starts (formatting costs about half a parse; kept by leading
 * digits, see {@link SubscriberPatterns}).
 *
 * @param patterns the checker's thresholds and memo (`tables.patterns`)
 * @param phone the parsed number
 * @param nationalNumber its national significant number
 * @param mobile whether its type is mobile (for the mobile token)
 */
export function subscriberPatterns(patterns: SubscriberPatterns, phone: PhoneNumber, nationalNumber: string, mobile: boolean): PatternFlags {
  const n = nationalNumber.length;
  if (n > MAX_LENGTH) return NONE;
  const { repeat: repeatAt, step: stepAt, alternate: alternateAt, variety: varietyAt, flags, destinationCodes } = patterns;
  // The same backward pass as suffixMeasures, flags only (no allocation): bit 1 repeated, bit 2 sequential, per suffix start.
  let any = false;
  let seen = 0;
  let repeat = 0;
  let step = 0;
  let alternate = 0;
  let runSame = 1;
  let runUp = 1;
  let runDown = 1;
  let runAlternate = 2;
  for (let i = n - 1; i >= 0; i--) {
    const d = nationalNumber.charCodeAt(i) - 0x30;
    if (i < n - 1) {
      const e = nationalNumber.charCodeAt(i + 1) - 0x30;
      runSame = e === d ? runSame + 1 : 1;
      runUp = e === d + 1 ? runUp + 1 : 1;
      runDown = e === d - 1 ? runDown + 1 : 1;
      runAlternate = i + 2 >= n ? 2 : nationalNumber.charCodeAt(i + 2) - 0x30 === d ? runAlternate + 1 : 2;
      if (runAlternate > alternate) alternate = runAlternate;
    }
    seen |= 1 << d;
    if (runSame > repeat) repeat = runSame;
    if (runUp > step) step = runUp;
    if (runDown > step) step = runDown;
    const length = n - i;
    let bits = repeat >= repeatAt[length]! || alternate >= alternateAt[length]! ? 1 : 0;
    if (bits === 0 && varietyAt[length]! >= 0) {
      let distinct = 0;
      for (let b = seen; b !== 0; b &= b - 1) distinct++;
      if (distinct <= varietyAt[length]!) bits = 1;
    }
    if (step >= stepAt[length]!) bits |= 2;
    flags[i] = bits;
    if (bits !== 0) any = true;
  }
  if (!any) return NONE;
  // Calling code, then the leading digits; the length and mobile flag after a separator no digit string contains.
  const key = `${phone.countryCallingCode as string}:${nationalNumber.slice(0, Math.max(1, n - 4))}:${n}${mobile ? 'm' : ''}`;
  let start = destinationCodes.get(key);
  if (start === undefined) {
    // A plain bound (cleared when full) rather than an LRU: entries are a handful of integers, rebuilt at a format each.
    if (destinationCodes.size >= DESTINATION_CODES_MAX) destinationCodes.clear();
    start = destinationCodeLength(phone, mobile);
    destinationCodes.set(key, start);
  }
  if (start >= n) return NONE;
  const bits = flags[start]!;
  return bits === 0 ? NONE : { repeated: (bits & 1) !== 0, sequential: (bits & 2) !== 0 };
}
