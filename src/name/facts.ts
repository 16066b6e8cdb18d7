/**
 * What one check has learnt about its keys (tokens, parts, the full name):
 * whether each is a known first name or surname, and which curated lists it
 * is in. The rules ask these questions many times about the same two or
 * three strings (titles, lists, the reading, typing, similarity each ask
 * again); each is answered from the tables once per check. Reset at the
 * start of each check, so it holds only the current check's own keys.
 */
import { firstNameLine } from './data/tables.js';
import { listHits, type ListHits } from './data/lists.js';
import { knownSurnameToken } from './tokens.js';
import { unlikely } from './typingRules.js';

const FIRST_ASKED = 1;
const FIRST_KNOWN = 2;
const SURNAME_ASKED = 4;
const SURNAME_KNOWN = 8;
const HITS_ASKED = 16;
const UNLIKELY_ASKED = 32;
const UNLIKELY = 64;

/**
 * The answers of one check, by key.
 * @example
 * const facts = new CheckFacts();
 * facts.known('zbigniew'); // true (asked of the tables once)
 * facts.known('zbigniew'); // true (answered from the facts)
 */
export class CheckFacts {
  private readonly keys: string[] = [];
  private readonly flags: number[] = [];
  private readonly hits: (ListHits | undefined)[] = [];
  /** The first-name table line of each key asked about as a first name (-1: unknown). */
  private readonly firstLines: number[] = [];

  /** Slots in use: the arrays keep their length across checks (truncating them each check cost more than the scan). */
  private used = 0;

  /** Forgets every answer: one instance serves check after check (checks run one at a time), so none is allocated per check. */
  reset(): this {
    this.used = 0;
    return this;
  }

  /** The slot of `key`, added when new (a check has a dozen keys at most: a scan beats a Map). */
  private slot(key: string): number {
    const keys = this.keys;
    const used = this.used;
    for (let i = 0; i < used; i++) if (keys[i] === key) return i;
    if (used === keys.length) {
      keys.push(key);
      this.flags.push(0);
      this.hits.push(undefined);
      this.firstLines.push(-1);
    } else {
      keys[used] = key;
      this.flags[used] = 0;
      this.hits[used] = undefined;
    }
    this.used = used + 1;
    return used;
  }

  /** The line of the folded key in the first-name table (src/name/data/tables.ts firstNameCountsAt), or -1. */
  firstLine(key: string): number {
    const i = this.slot(key);
    const f = this.flags[i]!;
    if ((f & FIRST_ASKED) === 0) {
      const line = firstNameLine(key);
      this.firstLines[i] = line;
      this.flags[i] = f | FIRST_ASKED | (line >= 0 ? FIRST_KNOWN : 0);
      return line;
    }
    return this.firstLines[i]!;
  }

  /** True when the folded key is a known first name. */
  knownFirst(key: string): boolean {
    return this.firstLine(key) >= 0;
  }

  /** True when the folded key is a known surname (also without its apostrophes, or after O'/D'/L'). */
  knownSurname(key: string): boolean {
    const i = this.slot(key);
    let f = this.flags[i]!;
    if ((f & SURNAME_ASKED) === 0) {
      f |= SURNAME_ASKED | (knownSurnameToken(key) ? SURNAME_KNOWN : 0);
      this.flags[i] = f;
    }
    return (f & SURNAME_KNOWN) !== 0;
  }

  /** True when the folded key is a known first name or surname (then no typing rule judges it). */
  known(key: string): boolean {
    // An answer already found decides without a probe (a surname asked about as a first name would cost one).
    const f = this.flags[this.slot(key)]!;
    if ((f & (FIRST_KNOWN | SURNAME_KNOWN)) !== 0) return true;
    if ((f & SURNAME_ASKED) === 0) return this.knownSurname(key) || this.knownFirst(key);
    return this.knownFirst(key);
  }

  /** True when the character model finds the word unlike a name (src/name/typingRules.ts unlikely). */
  unlikely(key: string): boolean {
    const i = this.slot(key);
    let f = this.flags[i]!;
    if ((f & UNLIKELY_ASKED) === 0) {
      f |= UNLIKELY_ASKED | (unlikely(key) ? UNLIKELY : 0);
      this.flags[i] = f;
    }
    return (f & UNLIKELY) !== 0;
  }

  /** `known` as a function value, for callers that take a predicate. */
  readonly isKnown = (key: string): boolean => this.known(key);

  /** Every curated list the key is in, with its label, or undefined. */
  listHits(key: string): ListHits | undefined {
    const i = this.slot(key);
    const f = this.flags[i]!;
    if ((f & HITS_ASKED) === 0) {
      this.flags[i] = f | HITS_ASKED;
      this.hits[i] = listHits(key);
    }
    return this.hits[i];
  }
}
