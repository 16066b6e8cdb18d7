/**
 * A table of lines searched in place: the name tables ship as one string
 * of `key` or `key\tvalue` lines (sorted by key, `\n` between lines), so
 * loading one is a JSON.parse of a single string instead of tens of
 * thousands of small strings and numbers put into a Map (which made the
 * first call of a process slow).
 *
 * Indexes are built lazily per section, a section being the lines whose key
 * starts with one UTF-16 unit: the first lookup of a key starting with `s`
 * finds where the `s` lines are by a binary search over the text, then
 * indexes those lines only (an open-addressing hash table of their starts,
 * in a typed array, behind a bit filter of their hashes). A first call touches a handful of sections, not the
 * 73,000 names. A lookup hashes the query and compares it with the line in
 * place, allocating nothing; a line is named by the offset where it starts,
 * and values are cut out of the text only when asked for.
 */

import { noteLoad } from '../../common/loads.js';

const TAB = 9;
const NEWLINE = 10;
const SPACE = 32;
/** FNV-1a, 32 bits, over UTF-16 code units. */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;
/** Sections of first units below this sit in an array; the rarer others (non-Latin scripts) in a Map. */
const ARRAY_SECTIONS = 0x250;

/**
 * Length from which V8 may hold a string as a rope of two strings (a `+`
 * or template result, ConsString) or as a view into another (a `slice`,
 * SlicedString) instead of one flat sequence of units (V8's
 * ConsString::kMinLength and SlicedString::kMinLength).
 */
const FLAT_MIN = 13;

/**
 * `s` as a flat string (the same units). Once a `charCodeAt` loop has met a
 * rope or a view, V8 compiles it for every string representation and it
 * runs about twice as slow for all strings, flat ones too: measured on the
 * name tables' probes of bench/name-cpu.ts, once some full-name keys
 * (templates of 13+ units) had been probed. `Array.prototype.join` of two or more strings writes a new flat
 * string; a shorter string is always flat already.
 *
 * @example
 * flatString(`${'jean-baptiste'} ${'poquelin'}`) // 'jean-baptiste poquelin'
 */
export function flatString(s: string): string {
  return s.length < FLAT_MIN ? s : [s.slice(0, 1), s.slice(1)].join('');
}

/** The index of one section: a hash table of its lines, and a bit filter of their keys' hashes. */
interface Section {
  /**
   * Linear probing over pairs: `slots[2s]` = the line's start + 1 (0 =
   * empty), `slots[2s + 1]` = the key's hash. A probe whose hash differs
   * moves on without reading the line. The start is in the slot itself, so
   * a hit reads the slot and then the line, no third array between.
   */
  readonly slots: Int32Array;
  readonly mask: number;
  /**
   * One bit per FILTER_BITS_PER_KEY-th of a key, set for each key's hash
   * (a one-hash Bloom filter): a clear bit says the key is absent without
   * touching `slots`, which is 8 times larger and mostly out of the
   * processor's cache. Most lookups of the lists are of absent keys, and
   * on bench/name-cpu.ts 6 in 7 of those stop here (1 in 16 bits is set).
   */
  readonly filter: Int32Array;
  /** 32 - log2(bits of `filter`): the filter's bit is the top bits of a second hash. */
  readonly filterShift: number;
}

/** Filter bits per key of a section (a power of two): 1 in 16 bits set, so ~6% of absent keys pass the filter. */
const FILTER_BITS_PER_KEY = 16;
/** Multiplier of the filter's hash (2^32 / golden ratio): its top bits mix every bit of the key's hash. */
const FILTER_MULTIPLIER = 0x9e3779b1;

const EMPTY_SECTION: Section = { slots: new Int32Array(2), mask: 0, filter: new Int32Array(1), filterShift: 27 };

/**
 * Lines of `key` or `key\tvalue`, sorted by key, found by key without a Map.
 *
 * @example
 * const t = new LineTable('ann\t1\nbob\t22\ncy');
 * t.value(t.find('bob'));  // '22'
 * t.find('cy') >= 0;       // true (a line without a value)
 * t.find('dan');           // -1
 */
export class LineTable {
  readonly text: string;
  private readonly low: (Section | undefined)[] = [];
  private readonly high = new Map<number, Section>();

  /** @param text lines sorted by key (UTF-16 order) joined by `\n`, no trailing `\n`; keys non-empty, holding neither tab nor newline. '' is an empty table. */
  constructor(text: string) {
    this.text = text;
  }

  /** How many sections (first units) have been indexed so far: what the lookups cost in index building. */
  get indexedSections(): number {
    let n = this.high.size;
    for (const s of this.low) if (s !== undefined) n++;
    return n;
  }

  /**
   * Indexes every section now (`preload()`): the lookups otherwise index a
   * section on the first key starting with its unit, a few ms for a large
   * one (the `k` surnames).
   */
  loadAll(): void {
    const end = this.text.length;
    for (let s = 0; s < end; ) {
      const unit = this.text.charCodeAt(s);
      this.section(unit);
      s = this.boundary(unit + 1);
    }
  }

  /** Start of the first line at or after `from` (a line start or the end sentinel `text.length + 1`). */
  private nextStart(from: number): number {
    const nl = this.text.indexOf('\n', from);
    return nl < 0 ? this.text.length + 1 : nl + 1;
  }

  /** Start of the first line whose key begins with a unit >= `unit`, or the end sentinel; binary search over the text. */
  private boundary(unit: number): number {
    const text = this.text;
    const end = text.length + 1;
    if (text === '' || text.charCodeAt(0) >= unit) return text === '' ? end : 0;
    // lo: a line start whose first unit is < unit; hi: one whose first unit is >= unit (or the end).
    let lo = 0;
    let hi = end;
    for (;;) {
      const next = this.nextStart(lo);
      if (next >= hi) return hi;
      let s = this.nextStart((lo + hi) >>> 1);
      if (s >= hi) s = next;
      if (s < end && text.charCodeAt(s) < unit) lo = s;
      else hi = s;
    }
  }

  private section(unit: number): Section {
    const known = unit < ARRAY_SECTIONS ? this.low[unit] : this.high.get(unit);
    if (known !== undefined) return known;
    const text = this.text;
    const from = this.boundary(unit);
    const to = this.boundary(unit + 1);
    let section = EMPTY_SECTION;
    if (from < to) {
      noteLoad('index name line-table section');
      let count = 0;
      for (let s = from; s < to; s = this.nextStart(s)) count++;
      let size = 8;
      while (size < count * 2) size *= 2;
      const slots = new Int32Array(size * 2);
      const mask = size - 1;
      // size >= 2 * count, so size * 8 >= FILTER_BITS_PER_KEY * count bits.
      const filterBits = size * (FILTER_BITS_PER_KEY / 2);
      const filter = new Int32Array(filterBits / 32);
      const filterShift = 32 - Math.log2(filterBits);
      for (let s = from; s < to; s = this.nextStart(s)) {
        let h = FNV_OFFSET;
        for (let i = s; i < text.length; i++) {
          const c = text.charCodeAt(i);
          if (c === TAB || c === NEWLINE) break;
          h = Math.imul(h ^ c, FNV_PRIME);
        }
        let slot = h & mask;
        while (slots[slot * 2] !== 0) slot = (slot + 1) & mask;
        slots[slot * 2] = s + 1;
        slots[slot * 2 + 1] = h;
        const bit = Math.imul(h, FILTER_MULTIPLIER) >>> filterShift;
        filter[bit >>> 5]! |= 1 << (bit & 31);
      }
      section = { slots, mask, filter, filterShift };
    }
    if (unit < ARRAY_SECTIONS) this.low[unit] = section;
    else this.high.set(unit, section);
    return section;
  }

  /**
   * The section of keys starting with `unit` when its filter admits the hash `h`, else null (the key is absent):
   * the first step of `find` and `findPair`. An indexed section is read here, also of other scripts (in `high`):
   * section() runs only to build one (a call that is not inlined, once on every lookup of a Cyrillic or CJK key before).
   */
  private admitting(unit: number, h: number): Section | null {
    const section = (unit < ARRAY_SECTIONS ? this.low[unit] : this.high.get(unit)) ?? this.section(unit);
    const bit = Math.imul(h, FILTER_MULTIPLIER) >>> section.filterShift;
    return (section.filter[bit >>> 5]! & (1 << (bit & 31))) === 0 ? null : section;
  }

  /**
   * The line of `key` (the offset where it starts in `text`), or -1.
   * @example
   * new LineTable('ann\t1\nbob\t22').find('bob') // 6
   */
  find(key: string): number {
    const n = key.length;
    if (n === 0) return -1;
    // A long key may be a rope or a view (see flatString): probed as one, this loop would slow down for every key.
    if (n >= FLAT_MIN) key = flatString(key);
    let h = FNV_OFFSET;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ key.charCodeAt(i), FNV_PRIME);
    const section = this.admitting(key.charCodeAt(0), h);
    if (section === null) return -1;
    const { slots, mask } = section;
    const text = this.text;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot * 2]!;
      if (entry === 0) return -1;
      if (slots[slot * 2 + 1] !== h) continue;
      const start = entry - 1;
      // Equal when every unit matches and the key ends there (tab, newline or the text's end).
      let i = 0;
      while (i < n && text.charCodeAt(start + i) === key.charCodeAt(i)) i++;
      if (i < n) continue;
      const after = start + n < text.length ? text.charCodeAt(start + n) : NEWLINE;
      if (after === TAB || after === NEWLINE) return start;
    }
  }

  /**
   * The line of the key `${a} ${b}` (two words and a space between), or -1:
   * `find` of that key without building it (a full name is looked up once
   * per check; a template of its two parts would be a rope, and flattening
   * one costs more than the probe).
   * @example
   * new LineTable('ann lee\t1\nbob\t22').findPair('ann', 'lee') // 0
   */
  findPair(a: string, b: string): number {
    if (a.length >= FLAT_MIN) a = flatString(a);
    if (b.length >= FLAT_MIN) b = flatString(b);
    const na = a.length;
    const nb = b.length;
    const n = na + 1 + nb;
    let h = FNV_OFFSET;
    for (let i = 0; i < na; i++) h = Math.imul(h ^ a.charCodeAt(i), FNV_PRIME);
    h = Math.imul(h ^ SPACE, FNV_PRIME);
    for (let i = 0; i < nb; i++) h = Math.imul(h ^ b.charCodeAt(i), FNV_PRIME);
    const section = this.admitting(na > 0 ? a.charCodeAt(0) : SPACE, h);
    if (section === null) return -1;
    const { slots, mask } = section;
    const text = this.text;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot * 2]!;
      if (entry === 0) return -1;
      if (slots[slot * 2 + 1] !== h) continue;
      const start = entry - 1;
      let i = 0;
      while (i < na && text.charCodeAt(start + i) === a.charCodeAt(i)) i++;
      if (i < na || start + na >= text.length || text.charCodeAt(start + na) !== SPACE) continue;
      const from = start + na + 1;
      let j = 0;
      while (j < nb && text.charCodeAt(from + j) === b.charCodeAt(j)) j++;
      if (j < nb) continue;
      const after = start + n < text.length ? text.charCodeAt(start + n) : NEWLINE;
      if (after === TAB || after === NEWLINE) return start;
    }
  }

  /** True when a line has `key`. */
  has(key: string): boolean {
    return this.find(key) >= 0;
  }

  /** End of the key of the line starting at `line` (its tab, or the line's end). */
  private keyEnd(line: number): number {
    const text = this.text;
    let i = line;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === TAB || c === NEWLINE) break;
      i++;
    }
    return i;
  }

  /** The key of the line starting at `line`. */
  key(line: number): string {
    return this.text.slice(line, this.keyEnd(line));
  }

  /** Whether the line starting at `line` has a value (a tab after its key). */
  hasValue(line: number): boolean {
    const at = this.keyEnd(line);
    return at < this.text.length && this.text.charCodeAt(at) === TAB;
  }

  /** The value of the line starting at `line` (after its tab), '' when it has none. */
  value(line: number): string {
    const at = this.keyEnd(line);
    if (at >= this.text.length || this.text.charCodeAt(at) !== TAB) return '';
    return this.text.slice(at + 1, this.nextStart(at) - 1);
  }

  /** The start of every line, in order. */
  *lines(): Generator<number> {
    for (let s = 0; s < this.text.length; s = this.nextStart(s)) yield s;
  }

  /**
   * Lays out `[key, value]` rows as a table's text (sorted by key; a row
   * with an `undefined` value is a line without a tab). For builders.
   *
   * @throws Error when a key is empty or holds a tab or newline, a value a newline, or a key repeats
   */
  static textOf(rows: Iterable<readonly [string, string | undefined]>): string {
    const sorted = [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const lines: string[] = [];
    for (let i = 0; i < sorted.length; i++) {
      const [key, value] = sorted[i]!;
      if (key === '' || /[\t\n]/.test(key) || (value !== undefined && value.includes('\n'))) throw new Error(`line table: empty key, or tab or newline in ${JSON.stringify(key)}`);
      if (i > 0 && sorted[i - 1]![0] === key) throw new Error(`line table: key ${JSON.stringify(key)} twice`);
      lines.push(value === undefined ? key : `${key}\t${value}`);
    }
    return lines.join('\n');
  }
}
