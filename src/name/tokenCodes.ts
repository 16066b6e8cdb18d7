/**
 * The Double Metaphone codes of the name tokens the joke reading reads
 * (src/name/reading.ts), remembered: names repeat, and the algorithm is the
 * costly part of a reading.
 *
 * The memory is a fixed table of TOKEN_CODE_SLOTS entries in four-way sets,
 * a token's set chosen by a hash of its units computed here. It replaced a
 * Map emptied whole when it held 4,096 tokens: on names that do not repeat
 * (bench/name-cpu.ts --sample) that Map grew by rehashing, was emptied and
 * grew again, ~8% of a check's CPU; here a new token takes its set's first
 * slot and the others move down one, the last one's token going. (With
 * two-way sets, 57 of the 1,469 tokens of the bench's fixtures
 * evicted each other pass after pass.)
 */
import { doubleMetaphone } from 'double-metaphone';
import { flatString } from './data/lineTable.js';

/** Tokens remembered (a power of two): a token and its one or two short codes, well under a megabyte in all. */
export const TOKEN_CODE_SLOTS = 8192;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;
/** Slots per set. */
const WAYS = 4;
/** A set's first slot is WAYS × (hash & SET_MASK). */
const SET_MASK = TOKEN_CODE_SLOTS / WAYS - 1;

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
  const a = WAYS * (h & SET_MASK);
  for (let k = a; k < a + WAYS; k++) if (keys[k] === token) return values[k]!;
  // The primary and alternate code, once when they agree (what `[...new Set(pair)]` gave, without the Set).
  const [primary, alternate] = doubleMetaphone(token);
  const codes = primary === alternate ? [primary] : [primary, alternate];
  for (let k = a + WAYS - 1; k > a; k--) {
    keys[k] = keys[k - 1];
    values[k] = values[k - 1];
  }
  keys[a] = token;
  values[a] = codes;
  return codes;
}
