/**
 * Model-code families and product lines: makers' own numbering schemes for
 * the codes they put in a user agent, for devices the model table (Google
 * Play's list plus curated rows) does not carry — pre-2014 tablets,
 * unbranded imports, rugged scanners and POS terminals, TVs and boxes that
 * never registered with Play — and the product lines that name their maker.
 *
 * The rows live in the one maker table (data/raw/device/maker-rules.csv,
 * compiled with the maker list into data/device/makers.json; read through
 * makerRules): each a *family*, not a device — a shape (see
 * {@link matchShape}) that the maker's published naming follows, the maker
 * in the maker list's spelling, and the device kind when the whole family is
 * one kind of device. No regex runs here: a shape is matched by a linear
 * scan, so there is nothing to backtrack.
 *
 * Consulted after the model table and before the generic rules (parse.ts):
 * a table hit always wins over a family.
 */
import { makerRules } from './data/index.js';
import type { MakerRule, MakerTable } from './data/index.js';

/** A maker's code family (a `code` or `line` row of the maker table). */
export type CodeFamily = MakerRule;

/** Longest code a family is tried on: real model codes are far shorter. */
const MAX_CODE = 64;

/** A family with its shape upper-cased once, for a scan without per-character case folding. */
export interface Indexed {
  readonly family: CodeFamily;
  readonly shape: string;
}

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Rows by first character of the shape, for a lookup that tries only a handful; table order kept. */
function indexByFirst(rows: readonly CodeFamily[]): Map<string, Indexed[]> {
  const byFirst = new Map<string, Indexed[]>();
  for (const family of rows) {
    const shape = family.pattern.toUpperCase();
    const first = shape.charAt(0);
    // A shape that starts with a digit or letter token is filed under every digit or letter.
    const keys = first === '#' || first === '~' ? DIGITS : first === '@' || first === '%' ? LETTERS : first === '&' ? DIGITS + LETTERS : first;
    for (const c of keys) {
      const list = byFirst.get(c);
      if (list === undefined) byFirst.set(c, [{ family, shape }]);
      else list.push({ family, shape });
    }
  }
  return byFirst;
}

/** The maker table's rules indexed for lookup: open them with {@link indexCodeFamilies}. */
export interface CodeFamilyIndexes {
  readonly code: ReadonlyMap<string, readonly Indexed[]>;
  readonly line: ReadonlyMap<string, readonly Indexed[]>;
  readonly oem: ReadonlyMap<string, MakerRule>;
  readonly platform: ReadonlyMap<string, readonly Indexed[]>;
  /** Sub-brand → parent maker, both lower-case letters and digits (`poco` → `xiaomi`): the `parent` and `split` rows. */
  readonly parents: ReadonlyMap<string, string>;
  /** Sub-brands reported as their own brand, whose names the model table files under the parent (`split` rows). */
  readonly splits: readonly MakerRule[];
}

/** Lower-case letters and digits only, as sub-brands and makers are compared. */
const lettersAndDigits = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Indexes the `code`, `line`, `oem`, `platform`, `parent` and `split` rows of the maker table.
 *
 * @example
 * // not run: a checker indexes them once (src/device/tables.ts)
 * const families = indexCodeFamilies(openMakers(openData(undefined).bundle));
 */
export function indexCodeFamilies(makers: MakerTable): CodeFamilyIndexes {
  return {
    code: indexByFirst(makerRules(makers, 'code')),
    line: indexByFirst(makerRules(makers, 'line')),
    oem: new Map(makerRules(makers, 'oem').map((r) => [r.pattern, r])),
    platform: indexByFirst(makerRules(makers, 'platform')),
    parents: new Map([...makerRules(makers, 'parent'), ...makerRules(makers, 'split')].map((r) => [lettersAndDigits(r.pattern), lettersAndDigits(r.brand)])),
    splits: makerRules(makers, 'split'),
  };
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isAlnum = (c: number): boolean => isDigit(c) || isLetter(c);

/** {@link matchShape} on an upper-cased code and shape: char codes only, no allocation. */
function scan(code: string, shape: string): boolean {
  let i = 0;
  for (let s = 0; s < shape.length; s++) {
    const t = shape.charCodeAt(s);
    if (t === 42 /* * */) return true;
    if (t === 33 /* ! */ || t === 124 /* | */) {
      if (i < code.length && (t === 33 ? isDigit : isAlnum)(code.charCodeAt(i))) return false;
      continue;
    }
    if (t === 35 /* # */ || t === 64 /* @ */ || t === 38 /* & */) {
      const test = t === 35 ? isDigit : t === 64 ? isLetter : isAlnum;
      if (i >= code.length || !test(code.charCodeAt(i))) return false;
      while (i < code.length && test(code.charCodeAt(i))) i++;
    } else if (t === 126 /* ~ */ || t === 37 /* % */) {
      if (i >= code.length || !(t === 126 ? isDigit : isLetter)(code.charCodeAt(i))) return false;
      i++;
    } else {
      if (i >= code.length || code.charCodeAt(i) !== t) return false;
      i++;
    }
  }
  return i === code.length;
}

/**
 * True when `code` has the shape. Shape syntax, matched case-insensitively
 * from the code's first character: `#` one or more digits, `~` exactly one
 * digit, `@` one or more letters, `%` exactly one letter, `&` one or more
 * letters or digits, `!` end of code or a non-digit next, `|` end of code or
 * a non-alphanumeric next (both consume nothing), `*` anything (only last),
 * any other character itself. Without a trailing `*` the shape must cover
 * the whole code.
 * One pass, greedy runs, no backtracking: O(code length).
 *
 * @example
 * matchShape('U30GT-H', 'U#GT*'); // true
 * matchShape('U30', 'U#GT*');     // false
 */
export function matchShape(code: string, shape: string): boolean {
  return scan(code.toUpperCase(), shape.toUpperCase());
}

/** First row of an index whose shape fits an upper-cased code. */
function findIn(code: string, index: ReadonlyMap<string, readonly Indexed[]>): CodeFamily | undefined {
  const list = index.get(code.charAt(0));
  if (list === undefined) return undefined;
  for (const f of list) if (scan(code, f.shape)) return f.family;
  return undefined;
}

/**
 * The code family a model code belongs to: the whole code, else the code
 * behind its first word (a maker word: `iconBIT Movie UNO`), else its last
 * word (codes behind a product or maker word: `Technologies MC2700`).
 * Underscores count as spaces. Undefined when no family fits.
 *
 * @example
 * // not run: `families` stands for a table a checker opened (src/device/tables.ts)
 * declare const families: CodeFamilyIndexes;
 * codeFamily(families, 'RC9724C');   // { brand: '3Q', kind: 'tablet', … }
 * codeFamily(families, 'SM-R765V');  // { brand: 'Samsung', kind: 'wearable', … }
 * codeFamily(families, 'K');         // undefined
 */
export function codeFamily(ix: CodeFamilyIndexes, raw: string): CodeFamily | undefined {
  if (raw.length < 2 || raw.length > MAX_CODE) return undefined;
  // UAs write `AS1_HD` and `AS1 HD` alike; shapes use the space.
  const code = (raw.includes('_') ? raw.replaceAll('_', ' ') : raw).toUpperCase();
  const whole = findIn(code, ix.code);
  if (whole !== undefined) return whole;
  const first = code.indexOf(' ');
  if (first < 0) return undefined;
  // Behind a leading maker word (`iconBIT Movie UNO`), then the last word.
  const rest = findIn(code.slice(first + 1), ix.code);
  if (rest !== undefined) return rest;
  const last = code.lastIndexOf(' ');
  return last > first && last < code.length - 2 ? findIn(code.slice(last + 1), ix.code) : undefined;
}

/**
 * The product line or maker scheme a whole code starts with (`Xperia V` →
 * Sony, `Inspiron 3558` → Dell, `KFTT` → Amazon, `XT1068` → Motorola): the
 * maker table's `line` rows, tried before any other maker rule.
 *
 * @example
 * // not run: `families` stands for a table a checker opened (src/device/tables.ts)
 * declare const families: CodeFamilyIndexes;
 * productLine(families, 'Xperia Z3')?.brand; // 'Sony'
 */
export function productLine(ix: CodeFamilyIndexes, raw: string): CodeFamily | undefined {
  if (raw.length < 2 || raw.length > MAX_CODE) return undefined;
  return findIn(raw.toUpperCase(), ix.line);
}

/**
 * The PC maker of an Internet Explorer OEM field (`MDDR`, `MASPJS`): the
 * maker table's `oem` rows, whole token, with or without IE's `JS` suffix.
 *
 * @example
 * // not run: `families` stands for a table a checker opened (src/device/tables.ts)
 * declare const families: CodeFamilyIndexes;
 * oemMaker(families, 'MDDRJS')?.brand; // 'Dell'
 */
export function oemMaker(ix: CodeFamilyIndexes, field: string): MakerRule | undefined {
  if (field.length < 4 || field.length > 8) return undefined;
  const oem = ix.oem;
  return oem.get(field) ?? (field.endsWith('JS') ? oem.get(field.slice(0, -2)) : undefined);
}

/** Characters that end a word of the UA for {@link platformMaker}. */
function isWordEnd(c: number): boolean {
  return c === 32 || c === 59 || c === 40 || c === 41 || c === 47 || c === 44 || c === 9;
}

/**
 * The maker of a platform or product that only one maker ships, named by a
 * whole word of the UA (`Web0S` LG, `Viera` Panasonic, `Silk` Amazon,
 * `MAG350` Infomir): the maker table's `platform` rows, tried on the words
 * of the first 300 characters, split at spaces, `;`, `/`, `,` and
 * parentheses. Linear: one index lookup per word.
 *
 * @example
 * // not run: `families` stands for a table a checker opened (src/device/tables.ts)
 * declare const families: CodeFamilyIndexes;
 * platformMaker(families, 'Mozilla/5.0 (Web0S; Linux/SmartTV) …')?.brand; // 'LG'
 */
export function platformMaker(ix: CodeFamilyIndexes, ua: string): MakerRule | undefined {
  const index = ix.platform;
  const text = ua.length > 300 ? ua.slice(0, 300) : ua;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !isWordEnd(text.charCodeAt(i))) continue;
    if (i - start >= 2 && i - start <= 24) {
      const word = text.slice(start, i).toUpperCase();
      const hit = findIn(word, index);
      if (hit !== undefined) return hit;
    }
    start = i + 1;
  }
  return undefined;
}
