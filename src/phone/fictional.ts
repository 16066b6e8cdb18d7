/**
 * The ranges regulators reserve for fiction, drama and examples
 * (data/phone/fictional.json, built from data/raw/phone/fictional-ranges.tsv):
 * a number in one was never issued to a subscriber.
 */
import type { FictionalRangesJson, FictionalSource } from './data/formats.js';

/** One range, compiled: `first`..`last` hold only the fixed places of `pattern` (its `x` places left out), or `pattern` is null when it has none. */
interface Range {
  readonly length: number;
  readonly pattern: string | null;
  readonly first: string;
  readonly last: string;
  readonly source: FictionalSource;
}

/** The reserved ranges by calling code (digits, no `+`), compiled for {@link fictionalRange}. */
export type FictionalRanges = ReadonlyMap<string, readonly Range[]>;

/** Compiles the ranges of data/phone/fictional.json. */
export function openFictionalRanges({ sources, ranges }: FictionalRangesJson): FictionalRanges {
  const out = new Map<string, Range[]>();
  for (const [code, list] of Object.entries(ranges)) {
    out.set(
      code,
      list.map(([first, last, source]): Range => {
        const pattern = first.includes('x') ? first : null;
        return pattern === null
          ? { length: first.length, pattern, first, last, source: sources[source]! }
          : { length: first.length, pattern, first: fixedPlaces(first, pattern), last: fixedPlaces(last, pattern), source: sources[source]! };
      }),
    );
  }
  return out;
}

/** `digits` with the places where `pattern` has `x` left out (built once per range, when the table loads). */
function fixedPlaces(digits: string, pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) if (pattern.charCodeAt(i) !== 0x78) out += digits[i];
  return out;
}

/** Whether the fixed places of `digits` (those where `pattern` has no `x`) lie in `first`..`last`, compared in place (no string built). */
function inFixedRange(digits: string, pattern: string, first: string, last: string): boolean {
  // Compare against both bounds in one pass; `low`/`high` settle once a place differs from the bound.
  let low = 0;
  let high = 0;
  for (let i = 0, k = 0; i < pattern.length; i++) {
    if (pattern.charCodeAt(i) === 0x78) continue;
    const c = digits.charCodeAt(i);
    if (low === 0) low = c === first.charCodeAt(k) ? 0 : c > first.charCodeAt(k) ? 1 : -1;
    if (high === 0) high = c === last.charCodeAt(k) ? 0 : c < last.charCodeAt(k) ? 1 : -1;
    if (low < 0 || high < 0) return false;
    k++;
  }
  return true;
}

/**
 * The regulator's document that reserves the range a number is in, or null.
 * National numbers are compared as digit strings of the range's length
 * (same length, so string order is number order).
 *
 * @param ranges the compiled ranges (`tables.fictional`)
 * @param callingCode calling code, digits only (`'44'`)
 * @param nationalNumber national significant number, digits only (`'7700900123'`)
 * @example
 * const tables = openPhoneTables(openData(undefined));
 * fictionalRange(tables.fictional, '44', '7700900123')?.regulator // 'Ofcom'
 * fictionalRange(tables.fictional, '1', '2125550142')?.regulator  // 'NANPA'
 */
export function fictionalRange(ranges: FictionalRanges, callingCode: string, nationalNumber: string): FictionalSource | null {
  const list = ranges.get(callingCode);
  if (list === undefined) return null;
  for (const range of list) {
    if (range.length !== nationalNumber.length) continue;
    if (range.pattern !== null) {
      if (inFixedRange(nationalNumber, range.pattern, range.first, range.last)) return range.source;
    } else if (nationalNumber >= range.first && nationalNumber <= range.last) {
      return range.source;
    }
  }
  return null;
}
