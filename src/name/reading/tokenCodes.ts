/**
 * The Double Metaphone codes of the name tokens the joke reading reads
 * (src/name/reading/reading.ts), remembered: names repeat, and the algorithm is the
 * costly part of a reading.
 *
 * The memory is the library's one bounded cache (src/common/boundedCache.ts)
 * of TOKEN_CODE_SLOTS tokens: a token read once is the first to go. It
 * replaced a Map emptied whole when it held 4,096 tokens: on names that do
 * not repeat (bench/name-cpu.ts --sample) that Map grew by rehashing, was
 * emptied and grew again, a sizeable share of a check's CPU.
 */
import { doubleMetaphone } from 'double-metaphone';
import { BoundedCache, stringKey, type CacheKey } from '../../common/boundedCache.js';

/** Tokens remembered: a token and its one or two short codes, well under a megabyte in all. */
export const TOKEN_CODE_SLOTS = 8192;

/**
 * The remembered codes of one joke reader (src/name/reading/index.ts owns
 * one): the cache is made on the first token read.
 *
 * @example
 * const codes = new TokenCodes();
 * codes.of('hunt') // 'HNT'
 * codes.of('smith') // ['SM0', 'XMT']
 */
export class TokenCodes {
  private memo: BoundedCache<CacheKey, string | readonly string[]> | undefined;

  /**
   * The Double Metaphone codes of a folded token (letters a-z), remembered:
   * the one code itself when the primary and alternate agree (most tokens),
   * else both. The joke reading fetches the codes of each name token on
   * every check; a code kept in the cache is read there, with no array
   * object between (a memory read less).
   */
  of(token: string): string | readonly string[] {
    const key = stringKey(token);
    const memo = (this.memo ??= new BoundedCache<CacheKey, string | readonly string[]>(TOKEN_CODE_SLOTS));
    const known = memo.get(key);
    if (known !== undefined) return known;
    // The primary and alternate code, once when they agree (what `[...new Set(pair)]` gave, without the Set).
    const [primary, alternate] = doubleMetaphone(token);
    const codes = primary === alternate ? primary : [primary, alternate];
    memo.set(key, codes);
    return codes;
  }
}
