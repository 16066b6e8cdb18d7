/**
 * What one check has learnt about its keys (tokens, parts, the full name):
 * whether each is a known first name or surname, which curated lists it is
 * in, its first-name line and gender evidence, its male shares by country,
 * the typing rule it breaks, where its sound key leads among the listed
 * ones, and what the joke reader keeps of it. The rules ask these questions
 * many times about the same two or three strings (titles, lists, the
 * reading, typing, similarity each ask again); each is answered from the
 * tables once per check. Reset at the start of each check, so it holds only
 * the current check's own keys. One per checker: checks never interleave
 * (nothing in a check yields).
 *
 * What the tables answered about a key is also remembered across checks,
 * for the last few thousand keys (a memo per checker, KEY_MEMO_SIZE, in
 * the library's one bounded cache, src/common/boundedCache.ts): names
 * repeat (the common given names and surnames recur in any sizeable
 * traffic), and a hot key is then one lookup where its table probes read
 * megabytes of tables (most of a probe is waiting for memory; about 7 a
 * check). The answers are the tables' own, so a remembered key is
 * answered exactly as a new one. Only keys met twice are remembered (met
 * again within KEY_ADMISSION_WINDOW new keys): remembering every one-off
 * name, written in and later pushed out, made names that do not repeat
 * (bench/name-cpu.ts --sample) markedly slower. The joke reader may keep one value of its own with a key's
 * facts too (`keep`): what it keeps is its business, but it asks about the
 * keys the check already holds.
 */
import { BoundedCache, stringKey, type CacheKey } from '../common/boundedCache.js';
import { maleShareByCountry } from './data/given.js';
import { firstNameLine } from './data/tables.js';
import { countedAt, type Counted } from './gender.js';
import { listHits, soundEntries, type ListHits, type SoundEntries } from './data/lists.js';
import { SoundKeys } from './sound.js';
import type { NameTables } from './tables.js';
import { knownSurnameToken } from './tokens.js';
import { WordCodes } from '../common/keyboard.js';
import { typingRule, unlikely } from './typingRules.js';
import type { NameReasonCode } from './types.js';

const FIRST_ASKED = 1;
const FIRST_KNOWN = 2;
const SURNAME_ASKED = 4;
const SURNAME_KNOWN = 8;
const HITS_ASKED = 16;
const UNLIKELY_ASKED = 32;
const UNLIKELY = 64;
const EVIDENCE_ASKED = 128;
const SHARES_ASKED = 256;
const TYPING_ASKED = 512;
const SOUND_ASKED = 1024;

/** What the tables answered about one key: which questions were asked (flags) and the answers that are not flags. */
interface KeyFacts {
  flags: number;
  /** The key's line in the first-name table, or -1 (when FIRST_ASKED). */
  firstLine: number;
  /** Every curated list the key is in (when HITS_ASKED). */
  hits: ListHits | undefined;
  /** What the gender rule read from the key's first-name line (when EVIDENCE_ASKED; see CheckFacts.firstNameEvidence). */
  evidence: Counted | undefined;
  /** The key's male share per country (when SHARES_ASKED). */
  shares: ReadonlyMap<string, number> | undefined;
  /** The typing rule the key breaks (when TYPING_ASKED). */
  typing: NameReasonCode | undefined;
  /** Where the key's sound key leads in the trie of listed sound keys, as a first part (when SOUND_ASKED). */
  sound: { readonly length: number; readonly node: SoundEntries } | undefined;
  /** What the joke reader kept of the key (`CheckFacts.keep`; when asked: not undefined). */
  kept: unknown;
}

/**
 * Keys remembered per checker. Keys are tokens, parts and full names,
 * remembered up to KEY_MEMO_MAX_UNITS units, so at worst ~2-2.5 MB per
 * checker with their facts; tokens and short parts, the usual keys, take
 * far less.
 */
const KEY_MEMO_SIZE = 8192;

/**
 * Longest key remembered: two parts of MAX_PART_CHARS and a space. A folded
 * part may be longer than the part as typed (NFKC lengthens some
 * characters many times: U+FDFA is 18 letters and spaces); such keys are
 * asked of the tables each time, not kept.
 */
const KEY_MEMO_MAX_UNITS = 101;

/** A key is remembered from its second meeting within about this many new keys (BoundedCache's admitOnSecondSet). */
const KEY_ADMISSION_WINDOW = 4096;

/**
 * The memo: a key's facts by key. An entry is filled in as its questions
 * are asked (each answer the tables' own), so the object a check holds and
 * the one remembered are one.
 */
type KeyMemo = BoundedCache<CacheKey, KeyFacts>;

/** The remembered facts of `key`, new and empty when none are (and then offered to the memo when the key is short enough). */
function factsOf(memo: KeyMemo, key: string): KeyFacts {
  if (key.length > KEY_MEMO_MAX_UNITS) return newFacts();
  const k = stringKey(key);
  const known = memo.get(k);
  if (known !== undefined) return known;
  const f = newFacts();
  memo.set(k, f);
  return f;
}

function newFacts(): KeyFacts {
  return { flags: 0, firstLine: -1, hits: undefined, evidence: undefined, shares: undefined, typing: undefined, sound: undefined, kept: undefined };
}

/**
 * The answers of one check, by key, over a checker's tables; one instance
 * serves the checker's checks one after another, and remembers across
 * them what the tables answered about keys met twice.
 * @example
 * const facts = new CheckFacts(openNameTables(openData(undefined)));
 * facts.known('zbigniew'); // true (asked of the tables once)
 * facts.known('zbigniew'); // true (answered from the facts)
 */
export class CheckFacts {
  /** The memo across checks: made on the first key asked. */
  private memo: KeyMemo | undefined;
  /** The scratch buffers of the typing rules and the sound keys, reused check after check. */
  private readonly wordCodes = new WordCodes();
  private readonly sound = new SoundKeys();

  constructor(readonly tables: NameTables) {}

  /**
   * Whether the memo holds facts of `key` (for tests: which keys are
   * remembered across checks).
   *
   * @example
   * const facts = new CheckFacts(openNameTables(openData(undefined)));
   * // Two checks ask of 'anna':
   * facts.reset().known('anna');
   * facts.reset().known('anna');
   * facts.isRemembered('anna'); // true
   */
  isRemembered(key: string): boolean {
    return this.memo !== undefined && key.length <= KEY_MEMO_MAX_UNITS && this.memo.get(stringKey(key)) !== undefined;
  }

  private readonly keys: string[] = [];
  private readonly facts: KeyFacts[] = [];

  /** Slots in use: the arrays keep their length across checks (truncating them each check cost more than the scan). */
  private used = 0;

  /** Forgets every answer: one instance serves check after check (checks run one at a time), so none is allocated per check. */
  reset(): this {
    this.used = 0;
    return this;
  }

  /** The facts of `key`, taken from the memo when new to this check (a check has a dozen or so keys, its parts, tokens and reading words: a scan beats a Map). */
  private factsAt(key: string): KeyFacts {
    const keys = this.keys;
    const used = this.used;
    for (let i = 0; i < used; i++) if (keys[i] === key) return this.facts[i]!;
    const f = factsOf((this.memo ??= new BoundedCache<CacheKey, KeyFacts>(KEY_MEMO_SIZE, KEY_ADMISSION_WINDOW)), key);
    if (used === keys.length) {
      keys.push(key);
      this.facts.push(f);
    } else {
      keys[used] = key;
      this.facts[used] = f;
    }
    this.used = used + 1;
    return f;
  }

  /** The line of the folded key in the first-name table (src/name/data/tables.ts firstNameCountsAt), or -1. */
  firstLine(key: string): number {
    const f = this.factsAt(key);
    if ((f.flags & FIRST_ASKED) === 0) {
      const line = firstNameLine(this.tables, key);
      f.firstLine = line;
      f.flags |= FIRST_ASKED | (line >= 0 ? FIRST_KNOWN : 0);
    }
    return f.firstLine;
  }

  /** True when the folded key is a known first name. */
  knownFirst(key: string): boolean {
    return this.firstLine(key) >= 0;
  }

  /** True when the folded key is a known surname (also without its apostrophes, or after O'/D'/L'). */
  knownSurname(key: string): boolean {
    const f = this.factsAt(key);
    if ((f.flags & SURNAME_ASKED) === 0) f.flags |= SURNAME_ASKED | (knownSurnameToken(this.tables, key) ? SURNAME_KNOWN : 0);
    return (f.flags & SURNAME_KNOWN) !== 0;
  }

  /** True when the folded key is a known first name or surname (then no typing rule judges it). */
  known(key: string): boolean {
    // An answer already found decides without a probe (a surname asked about as a first name would cost one).
    const flags = this.factsAt(key).flags;
    if ((flags & (FIRST_KNOWN | SURNAME_KNOWN)) !== 0) return true;
    if ((flags & SURNAME_ASKED) === 0) return this.knownSurname(key) || this.knownFirst(key);
    return this.knownFirst(key);
  }

  /** True when the character model finds the word unlike a name (src/name/typingRules.ts unlikely). */
  unlikely(key: string): boolean {
    const f = this.factsAt(key);
    if ((f.flags & UNLIKELY_ASKED) === 0) f.flags |= UNLIKELY_ASKED | (unlikely(this.tables, key) ? UNLIKELY : 0);
    return (f.flags & UNLIKELY) !== 0;
  }

  /** The typing rule a folded word (apostrophes removed) breaks, if any (src/name/typingRules.ts typingRule). */
  typingRule(key: string): NameReasonCode | undefined {
    const f = this.factsAt(key);
    if ((f.flags & TYPING_ASKED) === 0) {
      f.typing = typingRule(this.tables, key, this, this.wordCodes);
      f.flags |= TYPING_ASKED;
    }
    return f.typing;
  }

  /**
   * The node of the trie of listed sound keys (src/name/data/lists.ts
   * soundEntries) that the full name `${first} ${last}` leads to, as
   * src/name/sound.ts SoundKeys.node answers, without building the name
   * (`prefix`, then `after`); the first part's half is remembered.
   */
  soundKeyNodeOfPair(first: string, last: string): SoundEntries | undefined {
    const f = this.factsAt(first);
    if ((f.flags & SOUND_ASKED) === 0) {
      f.sound = this.sound.prefix(first, soundEntries(this.tables.lists));
      f.flags |= SOUND_ASKED;
    }
    return f.sound === undefined ? undefined : this.sound.after(f.sound, last);
  }

  /** `known` as a function value, for callers that take a predicate. */
  readonly isKnown = (key: string): boolean => this.known(key);

  /**
   * What the joke reader keeps of a key (`compute(key)`, asked once per key
   * and remembered with its other facts). The reader asks about tokens this
   * check has already asked the tables about, so its value is found among
   * the check's keys, not looked up again in a memo of its own. One reader,
   * fixed by the checker: a slot per key cannot hold the values of two.
   */
  readonly keep = <T>(key: string, compute: (key: string) => T): T => {
    const f = this.factsAt(key);
    return (f.kept ??= compute(key)) as T;
  };

  /**
   * The gender rule's evidence from the key's first-name line
   * (src/name/gender.ts countedAt), asked once per key and remembered with
   * its other facts. One reader, fixed here: a slot per key cannot hold
   * the answers of two.
   */
  firstNameEvidence(key: string): Counted | undefined {
    const f = this.factsAt(key);
    if ((f.flags & EVIDENCE_ASKED) === 0) {
      f.evidence = countedAt(this.tables, key, this.firstLine(key));
      f.flags |= EVIDENCE_ASKED;
    }
    return f.evidence;
  }

  /** The male share of the folded given name per country, when its sex differs between countries (src/name/data/given.ts maleShareByCountry). */
  maleShares(key: string): ReadonlyMap<string, number> | undefined {
    const f = this.factsAt(key);
    if ((f.flags & SHARES_ASKED) === 0) {
      f.shares = maleShareByCountry(this.tables, key);
      f.flags |= SHARES_ASKED;
    }
    return f.shares;
  }

  /** Every curated list the key is in, with its label, or undefined. */
  listHits(key: string): ListHits | undefined {
    const f = this.factsAt(key);
    if ((f.flags & HITS_ASKED) === 0) {
      // The flag after the answer: a lookup that throws (a broken list file) is asked again, not remembered as "in no list".
      f.hits = listHits(this.tables.lists, key);
      f.flags |= HITS_ASKED;
    }
    return f.hits;
  }
}
