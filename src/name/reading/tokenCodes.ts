/**
 * The Double Metaphone codes of the name tokens the joke reading reads
 * (src/name/reading/reading.ts), remembered: names repeat, and the algorithm is the
 * costly part of a reading.
 *
 * The memory is a fixed table of TOKEN_CODE_SLOTS entries in four-way sets
 * (src/name/fourWayTable.ts). It replaced a Map emptied whole when it held
 * 4,096 tokens: on names that do not repeat (bench/name-cpu.ts --sample)
 * that Map grew by rehashing, was emptied and grew again, a sizeable share
 * of a check's CPU.
 */
import { doubleMetaphone } from 'double-metaphone';
import { flatString } from '../data/lineTable.js';
import { hashOf } from '../doorkeeper.js';
import { FourWayTable } from '../fourWayTable.js';

/** Tokens remembered (a power of two): a token and its one or two short codes, well under a megabyte in all. */
export const TOKEN_CODE_SLOTS = 8192;

/**
 * The remembered codes of one joke reader (src/name/reading/index.ts owns
 * one): the table is made on the first token read.
 *
 * @example
 * const codes = new TokenCodes();
 * codes.of('hunt') // 'HNT'
 * codes.of('smith') // ['SM0', 'XMT']
 */
export class TokenCodes {
  private table: FourWayTable<string | readonly string[]> | undefined;

  /**
   * The Double Metaphone codes of a folded token (letters a-z), remembered:
   * the one code itself when the primary and alternate agree (most tokens),
   * else both. The joke reading fetches the codes of each name token on
   * every check; a code kept in the table's slot is read there, with no
   * array object between (a memory read less).
   */
  of(token: string): string | readonly string[] {
    // A long token may be a rope or a view (see flatString): hashed as one, this loop would slow down for every token.
    token = flatString(token);
    const h = hashOf(token);
    const memo = (this.table ??= new FourWayTable<string | readonly string[]>(TOKEN_CODE_SLOTS));
    const known = memo.get(token, h);
    if (known !== undefined) return known;
    // The primary and alternate code, once when they agree (what `[...new Set(pair)]` gave, without the Set).
    const [primary, alternate] = doubleMetaphone(token);
    const codes = primary === alternate ? primary : [primary, alternate];
    memo.set(token, h, codes);
    return codes;
  }
}
