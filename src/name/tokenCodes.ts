/**
 * The Double Metaphone codes of the name tokens the joke reading reads
 * (src/name/reading.ts), remembered: names repeat, and the algorithm is the
 * costly part of a reading.
 *
 * The memory is a fixed table of TOKEN_CODE_SLOTS entries in two-way sets,
 * a token's set chosen by a hash of its units computed here. It replaced a
 * Map emptied whole when it held 4,096 tokens: on names that do not repeat
 * (bench/name-cpu.ts --sample) that Map grew by rehashing, was emptied and
 * grew again, ~8% of a check's CPU; here a new token takes its set's first
 * slot, the one there moves to the second, the second's goes.
 */
import { doubleMetaphone } from 'double-metaphone';
import { flatString } from './data/lineTable.js';

/** Tokens remembered (a power of two): a token and its one or two short codes, well under a megabyte in all. */
export const TOKEN_CODE_SLOTS = 8192;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;
/** A set's first slot is 2 × (hash & SET_MASK). */
const SET_MASK = TOKEN_CODE_SLOTS / 2 - 1;

const keys: (string | undefined)[] = new Array<string | undefined>(TOKEN_CODE_SLOTS).fill(undefined);
const values: (readonly string[] | undefined)[] = new Array<readonly string[] | undefined>(TOKEN_CODE_SLOTS).fill(undefined);

/**
 * The Double Metaphone codes of a folded token (letters a-z): the primary,
 * and the alternate when it differs. Remembered.
 *
 * @example
 * tokenCodes('hunt') // ['HNT']
 */
export function tokenCodes(token: string): readonly string[] {
  // A long token may be a rope or a view (see flatString): hashed as one, this loop would slow down for every token.
  token = flatString(token);
  let h = FNV_OFFSET;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), FNV_PRIME);
  const a = 2 * (h & SET_MASK);
  if (keys[a] === token) return values[a]!;
  if (keys[a + 1] === token) return values[a + 1]!;
  // The primary and alternate code, once when they agree (what `[...new Set(pair)]` gave, without the Set).
  const [primary, alternate] = doubleMetaphone(token);
  const codes = primary === alternate ? [primary] : [primary, alternate];
  keys[a + 1] = keys[a];
  values[a + 1] = values[a];
  keys[a] = token;
  values[a] = codes;
  return codes;
}
