/**
 * Device makers: the one table of maker rows (data/device/makers.json, built
 * by scripts/device/brands.ts from the maker list data/raw/device/brand-tokens.csv
 * and the curated rules data/raw/device/maker-rules.csv). Token rows give the
 * spellings makers put in user agents and Build.MODEL strings ('SonyEricsson',
 * 'KIVI', 'IconBIT', 'LYF') → the canonical brand name, and what each maker
 * mostly makes; code, line and OEM rows name the maker of a model-code family,
 * a product line or an IE OEM token (read through {@link makerRules}). Loaded
 * on the first lookup. Map lookups and character scans only: no regex runs
 * here, and every input is length-capped first.
 */
import type { DeviceCategory } from '../types.js';
import { MAKERS } from './formats.js';
import type { MakerTableJson } from './formats.js';
import type { DataBundle } from '../../data/bundle.js';

/** Version of data/device/makers.json (declared in ./formats.ts). */
export const BRANDS_FORMAT = MAKERS.formatVersion;

/**
 * Where a curated maker rule applies: `code` model-code families, `line`
 * product lines and schemes, `oem` IE OEM tokens, `platform` words of
 * platforms one maker ships, `parent` a sub-brand sold under its parent's
 * model numbers, `split` a sub-brand reported as its own brand that the
 * model table files under its parent with the sub-brand leading the name.
 */
export type RuleKind = 'code' | 'line' | 'oem' | 'platform' | 'parent' | 'split';

/**
 * A curated maker rule: a model-code family (`code`), a product line or
 * scheme tried before the others (`line`), an Internet Explorer OEM token
 * (`oem`), a one-maker platform word (`platform`) or a sub-brand (`parent`,
 * `split`: the pattern is the sub-brand's name), with the maker (for a
 * sub-brand, its parent) in the maker list's spelling.
 *
 * @example const r: MakerRule = { on: 'code', pattern: 'U#GT*', brand: 'Cube', kind: 'tablet', why: '…' };
 */
export interface MakerRule {
  readonly on: RuleKind;
  /** A shape (code, line, platform; see src/device/codeFamilies.ts matchShape), a whole OEM token or a sub-brand's name. */
  readonly pattern: string;
  readonly brand: string;
  /** Device category of the whole family, or null when it mixes kinds. */
  readonly kind: DeviceCategory | null;
  /** The maker's naming scheme this row follows (why the rule exists). */
  readonly why: string;
}

interface TokenEntry {
  /** Lower-case token as written (separators kept, they match flexibly). */
  readonly lower: string;
  /** Lower-case token without separators, for ordering by length. */
  readonly squashed: string;
  readonly brand: number;
  /** Names the brand only as a whole leading word followed by a model code. */
  readonly exact: boolean;
}

/** The maker table, indexed: what every maker lookup reads (open it with {@link openMakers}). */
export interface MakerTable {
  names: string[];
  rules: Record<RuleKind, MakerRule[]>;
  kinds: (readonly string[])[];
  /** lower-case token and its squashed form → brand index (exact-only tokens left out) */
  byToken: Map<string, number>;
  /** lower-case canonical name and its squashed form → brand index */
  byName: Map<string, number>;
  /** squashed exact-only token → brand index (for canonicalBrand only) */
  byExact: Map<string, number>;
  /** first two squashed characters → tokens, longest first */
  byPrefix: Map<string, TokenEntry[]>;
}


/** Separators makers put inside a brand ('Sony Ericsson', 'E-Boda', 'Geo_Phone'). */
function isInnerSeparator(c: number): boolean {
  return c === 32 || c === 45 || c === 95 || c === 46; // space - _ .
}

/** Characters that end a brand word in a device string. */
function isBoundary(c: number): boolean {
  return (
    c === 32 || c === 45 || c === 95 || c === 46 || c === 47 || c === 59 || c === 40 || c === 41 || c === 44 || c === 58 || c === 9 || c === 43
  ); // space - _ . / ; ( ) , : tab +
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}
function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

/** Lower-cases and drops spaces, '-', '_' and '.', like the builder's squashToken. */
function squash(text: string): string {
  const lower = text.toLowerCase();
  // Most tokens have no separator: answer them without rebuilding the string.
  let clean = true;
  for (let i = 0; i < lower.length && clean; i++) clean = !isInnerSeparator(lower.charCodeAt(i));
  if (clean) return lower;
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    if (!isInnerSeparator(lower.charCodeAt(i))) out += lower[i];
  }
  return out;
}

/**
 * Reads data/device/makers.json from `bundle` and indexes it.
 *
 * @throws DataError when the file is missing or fails verification
 * @example
 * // not run: a checker opens it once (src/device/tables.ts)
 * const makers = openMakers(openData(undefined).bundle);
 */
export function openMakers(bundle: DataBundle): MakerTable {
  return build(bundle.load(MAKERS));
}

function build(json: MakerTableJson): MakerTable {
  const names = json.brands.map((b) => b[0]);
  const kinds = json.brands.map((b) => Object.freeze([...b[1]]));
  const byToken = new Map<string, number>();
  const byPrefix = new Map<string, TokenEntry[]>();
  const byExact = new Map<string, number>();
  const rules: MakerTable['rules'] = { code: [], line: [], oem: [], platform: [], parent: [], split: [] };
  for (const [on, token, brand, kind, why] of json.rows) {
    if (on !== 'token' && on !== 'exact') {
      rules[on].push(Object.freeze({ on, pattern: token, brand: names[brand] ?? '', kind: kind === '' ? null : (kind as DeviceCategory), why }));
      continue;
    }
    const exact = on === 'exact' ? 1 : 0;
    const lower = token.toLowerCase();
    const squashed = squash(token);
    if (exact !== 1) {
      byToken.set(lower, brand);
      byToken.set(squashed, brand);
    } else byExact.set(squashed, brand);
    if (squashed.length < 2) continue;
    const key = squashed.slice(0, 2);
    const list = byPrefix.get(key);
    const entry: TokenEntry = { lower, squashed, brand, exact: exact === 1 };
    if (list === undefined) byPrefix.set(key, [entry]);
    else list.push(entry);
  }
  for (const list of byPrefix.values()) list.sort((a, b) => b.squashed.length - a.squashed.length || b.lower.length - a.lower.length);
  // Canonical names, for brandKinds (an exact-only name such as 'Sky' is still a brand name).
  const byName = new Map<string, number>();
  names.forEach((name, i) => {
    byName.set(name.toLowerCase(), i);
    byName.set(squash(name), i);
  });
  return { names, rules, byToken, byExact, kinds, byName, byPrefix };
}

/** Tokens are short; anything longer is not a brand word. */
const MAX_TOKEN_LENGTH = 40;
/** Device strings (a UA's device part, a Sec-CH-UA-Model value) are far shorter. */
const MAX_TEXT_LENGTH = 200;

const EMPTY: readonly string[] = Object.freeze([]);

/**
 * The brand a whole token names, case-insensitively; spaces, '-', '_' and
 * '.' inside the token are ignored ('Sony-Ericsson' = 'SonyEricsson').
 * Exact-only words ('Sky', 'Spider', 'Fly', 'Orange') are ordinary words
 * too, so they are not brands on their own here: {@link brandAtStart} finds
 * them when a model code follows ('SKY 4.0D').
 *
 * @returns the canonical brand name, or undefined for an unknown token
 * @example
 * // not run: `makers` stands for a table a checker opened (src/device/tables.ts)
 * declare const makers: MakerTable;
 * brandFromToken(makers, 'SonyEricsson') // 'Sony Ericsson'
 * brandFromToken(makers, 'KIVI')         // 'Kivi'
 * brandFromToken(makers, 'Mozilla')      // undefined
 */
export function brandFromToken(t: MakerTable, token: string): string | undefined {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return undefined;
  const lower = token.trim().toLowerCase();
  // squash() hands back `lower` itself when there is nothing to drop: no second lookup of the same key then.
  const squashed = squash(lower);
  const hit = t.byToken.get(lower) ?? (squashed === lower ? undefined : t.byToken.get(squashed));
  return hit === undefined ? undefined : t.names[hit];
}

/**
 * Matches `token` (lower-case, separators flexible) at the start of `text`;
 * returns the index just after the match in `text`, or -1.
 */
function matchAt(text: string, lower: string, token: string): number {
  let i = 0;
  for (let j = 0; j < token.length; j++) {
    const tc = token.charCodeAt(j);
    if (isInnerSeparator(tc)) {
      // A separator in the token matches one separator or none in the text.
      if (i < text.length && isInnerSeparator(text.charCodeAt(i))) i++;
      continue;
    }
    if (i >= text.length || lower.charCodeAt(i) !== tc) return -1;
    i++;
  }
  return i;
}

/** True when the first word of `rest` contains a digit: it looks like a model code. */
function startsWithModelCode(rest: string): boolean {
  for (let i = 0; i < rest.length; i++) {
    const c = rest.charCodeAt(i);
    if (isDigit(c)) return true;
    if (isBoundary(c)) return false;
  }
  return false;
}

/**
 * The longest brand token at the start of a device string, with the rest of
 * the string (leading separators cut). The token must end at a separator,
 * the end, a digit ('KIVI32…'), a case change ('SonyEricssonK750i',
 * 'HTCDesire') or, for a token ending in a digit, a letter ('X96Air'), so
 * 'Kivistar' is not Kivi and 'T950' is not T95. Exact-only tokens ('Sky',
 * 'Hero', 'Spider') must be followed by a separator and a word with a digit
 * in it ('SKY 4.0D' is Sky; 'Sky Browser' is not).
 *
 * @returns `{ brand, rest }`, or undefined when no brand token starts the text
 * @example
 * // not run: `makers` stands for a table a checker opened (src/device/tables.ts)
 * declare const makers: MakerTable;
 * brandAtStart(makers, 'SonyEricssonK750i') // { brand: 'Sony Ericsson', rest: 'K750i' }
 * brandAtStart(makers, 'KIVI 32H500GR')     // { brand: 'Kivi', rest: '32H500GR' }
 * brandAtStart(makers, 'Kivistar')          // undefined
 */
export function brandAtStart(t: MakerTable, text: string): { brand: string; rest: string } | undefined {
  if (typeof text !== 'string' || text.length === 0) return undefined;
  let s = text.length > MAX_TEXT_LENGTH ? text.slice(0, MAX_TEXT_LENGTH) : text;
  let start = 0;
  while (start < s.length && (s.charCodeAt(start) === 32 || s.charCodeAt(start) === 9)) start++;
  if (start > 0) s = s.slice(start);
  if (s.length < 2) return undefined;
  const lower = s.toLowerCase();
  // Index key: the first two characters that are not inner separators.
  let key = '';
  for (let i = 0; i < lower.length && key.length < 2; i++) {
    if (!isInnerSeparator(lower.charCodeAt(i))) key += lower[i];
    else if (key.length === 0) return undefined;
  }
  const candidates = t.byPrefix.get(key);
  if (candidates === undefined) return undefined;
  for (const entry of candidates) {
    const end = matchAt(s, lower, entry.lower);
    if (end < 0) continue;
    if (!endsWord(s, end, entry.exact)) continue;
    let restStart = end;
    while (restStart < s.length && isBoundary(s.charCodeAt(restStart))) restStart++;
    const rest = s.slice(restStart);
    if (entry.exact && !startsWithModelCode(rest)) continue;
    const brand = t.names[entry.brand];
    if (brand !== undefined) return { brand, rest };
  }
  return undefined;
}

/** Whether a brand token that matched up to `end` ends a word there. */
function endsWord(s: string, end: number, exact: boolean): boolean {
  if (end >= s.length) return !exact;
  const next = s.charCodeAt(end);
  // Exact-only words need a plain separator: 'SKY 4.0D' names a phone, 'Hero/1.0' a product.
  if (exact) return next === 32 || next === 45 || next === 95;
  if (isBoundary(next)) return true;
  const last = s.charCodeAt(end - 1);
  // A brand ending in a digit never continues into more digits ('T95' is not 'T950'),
  // but may run into a letter ('X96Air', 'A95XW2'); a brand ending in a letter may run into a digit ('KIVI32').
  if (isDigit(last)) return !isDigit(next);
  if (isDigit(next)) return true;
  // camelCase join: 'SonyEricssonK750i'
  if (isLower(last) && isUpper(next)) return true;
  // all-caps brand then a Capitalised word: 'HTCDesire'
  if (isUpper(last) && isUpper(next) && end + 1 < s.length && isLower(s.charCodeAt(end + 1))) {
    for (let i = 0; i < end; i++) if (isLower(s.charCodeAt(i))) return false;
    return true;
  }
  return false;
}

/**
 * What a maker mostly makes, as listed in the vocabulary: 'phone',
 * 'feature_phone', 'tablet', 'tv', 'stb', 'media_player', 'wearable',
 * 'desktop', 'laptop', 'console', 'car', 'ereader', 'camera',
 * 'smart_speaker', 'smart_display', 'projector', 'peripheral' (handheld
 * computers, scanners), 'pos' (payment terminals), 'rugged' (rugged phones).
 * The first kind is the main one; a maker with a single kind makes only that. Accepts the canonical
 * name (exact-only ones included) or any of its tokens, case-insensitively.
 *
 * @returns a frozen list, empty for an unknown brand
 * @example
 * // not run: `makers` stands for a table a checker opened (src/device/tables.ts)
 * declare const makers: MakerTable;
 * brandKinds(makers, 'Kivi')   // ['tv']
 * brandKinds(makers, 'Sonos')  // ['smart_speaker']
 */
export function brandKinds(t: MakerTable, brand: string): readonly string[] {
  if (typeof brand !== 'string' || brand.length === 0 || brand.length > MAX_TOKEN_LENGTH) return EMPTY;
  const lower = brand.trim().toLowerCase();
  const squashed = squash(lower);
  const same = squashed === lower; // then the squashed lookups would repeat the lower-case ones
  const hit = t.byName.get(lower) ?? (same ? undefined : t.byName.get(squashed)) ?? t.byToken.get(lower) ?? (same ? undefined : t.byToken.get(squashed));
  return hit === undefined ? EMPTY : (t.kinds[hit] ?? EMPTY);
}

/**
 * Every brand of the vocabulary with its kinds, sorted by name (for tests,
 * docs and tools; lookups should use the functions above).
 *
 * @example
 * // not run: `makers` stands for a table a checker opened (src/device/tables.ts)
 * declare const makers: MakerTable;
 * allBrands(makers).length > 600 // true
 */
export function allBrands(t: MakerTable): readonly { brand: string; kinds: readonly string[] }[] {
  return t.names.map((brand, i) => ({ brand, kinds: t.kinds[i] ?? EMPTY }));
}

/**
 * The curated maker rules of one kind, in table order (first match wins):
 * `code` model-code families, `line` product lines and schemes, `oem` IE OEM
 * tokens, `platform` words of platforms one maker ships, `parent` and
 * `split` sub-brands. Frozen rows; brands in the maker list's spelling.
 *
 * @example
 * // not run: `makers` stands for a table a checker opened (src/device/tables.ts)
 * declare const makers: MakerTable;
 * makerRules(makers, 'oem').find((r) => r.pattern === 'MDDR')?.brand // 'Dell'
 */
export function makerRules(t: MakerTable, on: RuleKind): readonly MakerRule[] {
  return t.rules[on];
}

/**
 * The maker list's spelling of a brand named anywhere (a ua-parser-js
 * vendor, a model-table brand, a word of the UA): the canonical name of the
 * maker whose name or token it is, exact-only tokens included ('Realme' →
 * 'realme', 'Tecno' → 'Tecno Mobile', 'Sky Devices' → 'Sky'); unknown names
 * are returned trimmed. One spelling per maker on every path.
 *
 * @example
 * // not run: `makers` stands for a table a checker opened (src/device/tables.ts)
 * declare const makers: MakerTable;
 * canonicalBrand(makers, 'Vivo')   // 'vivo'
 * canonicalBrand(makers, 'Acme')   // 'Acme'
 */
export function canonicalBrand(t: MakerTable, brand: string): string {
  const name = brand.trim();
  if (name.length === 0 || name.length > MAX_TOKEN_LENGTH) return name;
  const lower = name.toLowerCase();
  const squashed = squash(lower);
  const same = squashed === lower; // then the squashed lookups would repeat the lower-case ones
  const hit = t.byName.get(lower) ?? (same ? undefined : t.byName.get(squashed)) ?? t.byToken.get(lower) ?? (same ? undefined : t.byToken.get(squashed)) ?? t.byExact.get(squashed);
  return hit === undefined ? name : (t.names[hit] ?? name);
}
