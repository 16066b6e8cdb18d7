/**
 * What a local part says about the person behind it, read from
 * data/email/local-parts.json (built by scripts/email/localParts.ts):
 * generated strings (the character model), long digit runs, keyboard walks
 * (every layout the name check knows), placeholder words, usernames a big
 * provider cannot issue, sub-addressing and the provider's delivered form
 * (`canonical`), and whether it reads as a person's name.
 *
 * No regex runs here: every rule walks the (already length-capped) local
 * part by char codes, so none can backtrack.
 */
import { isKeyboardWalkCodes, isOneHandMashCodes } from '../common/keyboard.js';
import type { LocalPartsData, ProviderRule } from './data/formats.js';
import { costDifferences, localPartRatioOf } from './localModel.js';
import { LetterTrie, NO_NODE } from './letterTrie.js';

/** What the local-part rules read, built from the bundle's local-part data by {@link buildLocalTables}. */
export interface LocalTables {
  readonly threshold: number;
  readonly minLength: number;
  /** The character model: per trigram, the generated model's cost minus the real one's (see {@link costDifferences}). */
  readonly differences: Int16Array;
  /** The names and the words as tries: one walk from a start answers every length, with no substring. */
  readonly names: LetterTrie;
  readonly words: LetterTrie;
  readonly placeholders: ReadonlyMap<string, string>;
  /** Shortest and longest placeholder word: a local part whose letters are outside them is none, with no copy made. */
  readonly placeholderLengths: readonly [number, number];
  readonly providers: ReadonlyMap<string, ProviderRule>;
  readonly relays: ReadonlyMap<string, string>;
}

/** The local-part tables of the bundle's data: the model decoded, the name and word lists as tries, the rules by domain. */
export function buildLocalTables(d: LocalPartsData): LocalTables {
  const providers = new Map<string, ProviderRule>();
  for (const rule of d.providers) for (const domain of rule.domains) providers.set(domain, rule);
  const real = new Uint8Array(Buffer.from(d.model.real, 'base64'));
  const generated = new Uint8Array(Buffer.from(d.model.generated, 'base64'));
  return {
    threshold: d.model.threshold,
    minLength: d.model.minLength,
    differences: costDifferences(real, generated),
    names: LetterTrie.decode(d.names),
    words: LetterTrie.decode(d.words),
    placeholders: new Map(d.placeholders.map((p) => [p.word, p.reason])),
    placeholderLengths: [Math.min(...d.placeholders.map((p) => p.word.length)), Math.max(...d.placeholders.map((p) => p.word.length))],
    providers,
    relays: new Map(d.relays.map((r) => [r.domain, r.service])),
  };
}

/**
 * Buffers the keyboard-walk and name rules reuse from one local part to the
 * next (grown when an address is longer): one per check, since two checks
 * never run at once on one thread but two checkers must not share them.
 */
export class LocalScratch {
  /** All the keyboard letters of a local part, joined. */
  keyCodes = new Uint16Array(64);
  /** One run of keyboard letters. */
  runCodes = new Uint16Array(64);
  /** reach[i] of the name segmentation: fewest names covering a segment's first i letters (see namesFrom). */
  reach = new Int32Array(256);
  /** Start and end of each letter segment of the local part (see segmentsOf). */
  readonly segments = new Int32Array(2 * MAX_SEGMENTS);
  /** Where the local part's trailing digits start (see segmentsOf). */
  digitsAt = 0;
}

/** Digits in a row from which a local part carries a long digit run (phone numbers, counters, IDs). */
export const LONG_DIGIT_RUN = 5;
/** Birth years a name+year local part may carry (a sign-up is made by someone born in these years). */
const BIRTH_YEARS = { first: 1920, last: 2015 } as const;

/** How a local part reads as a person's name. */
export type NameReading = 'name' | 'name+year' | 'name+digits' | 'name+number';

/** Everything the local-part rules found; null where a rule found nothing. */
export interface LocalPartFacts {
  /** The address as the provider delivers it (see {@link canonicalAddress}). */
  readonly canonical: string;
  /** The sub-address tag (`news` of `jane+news@…`), else null. */
  readonly tag: string | null;
  /** The relay service the domain belongs to (random aliases by design), else null. */
  readonly relay: string | null;
  /** At a provider that ignores dots, the dots that make one mailbox look like many, as a detail, else null. */
  readonly dotVariant: string | null;
  /** The provider rule the username breaks, as a detail, else null. */
  readonly providerRule: string | null;
  /** The placeholder word and why, else null. */
  readonly placeholder: string | null;
  /** The keyboard walk found, else null. */
  readonly keyboardWalk: string | null;
  /** The longest run of digits when it is long, else null. */
  readonly digitRun: string | null;
  /** The model's ratio when the local part reads as generated, else null. */
  readonly generated: number | null;
  /** Whether the model judged the local part and reads it as chosen by a person (see {@link LocalPartFacts.generated}). */
  readonly chosen: boolean;
  /** How the local part reads as a person's name, else null. */
  readonly name: NameReading | null;
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLower = (c: number): boolean => c >= 97 && c <= 122;
const isSeparator = (c: number): boolean => c === 46 || c === 95 || c === 45;

/** Lower-cases ASCII letters only (a local part is case-sensitive by RFC, but the rules read it case-free). */
function lowerAscii(s: string): string {
  // Most local parts are typed in lower case already: no copy then.
  let upper = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) return s;
    if (c >= 65 && c <= 90) upper = true;
  }
  return upper ? s.toLowerCase() : s;
}

/** What the local-part rules read of the domain alone (see {@link localDomainFacts}). */
export interface LocalDomainFacts {
  /** The provider's username rule, if the domain has one. */
  readonly rule: ProviderRule | undefined;
  /** The relay service the domain belongs to, else null. */
  readonly relay: string | null;
  /** At a subdomain-addressing domain, the canonical address of any local part (`x@jane.fastmail.com` → `jane@fastmail.com`), else null. */
  readonly subdomainAddress: string | null;
}

/** The local-part rules' facts of a lower-case ASCII domain: a checker keeps them with its other facts of the domain. */
export function localDomainFacts(domain: string, t: LocalTables): LocalDomainFacts {
  const rule = t.providers.get(domain);
  let subdomainAddress: string | null = null;
  if (rule === undefined) {
    const dot = domain.indexOf('.');
    const parent = dot > 0 ? domain.slice(dot + 1) : '';
    if (SUBDOMAIN_ADDRESSING.has(parent)) subdomainAddress = `${domain.slice(0, dot)}@${parent}`;
  }
  return { rule, relay: t.relays.get(domain) ?? null, subdomainAddress };
}

/**
 * Judges a well-formed local part at its (lower-case ASCII) domain.
 * `domainUnicode` is the result's `domain` (used in `canonical` for a domain
 * without a provider rule).
 *
 * @example
 * const tables = openEmailTables(openData(undefined));
 * localPartFacts('J.Doe+news', 'googlemail.com', 'googlemail.com', tables.local, new LocalScratch()).canonical // 'jdoe@gmail.com'
 */
export function localPartFacts(
  local: string,
  domain: string,
  domainUnicode: string,
  t: LocalTables,
  scratch: LocalScratch,
  d: LocalDomainFacts = localDomainFacts(domain, t),
): LocalPartFacts {
  const lower = lowerAscii(local);
  const rule = d.rule;
  const plus = lower.indexOf('+');
  const hasTag = plus > 0 && plus < lower.length - 1;
  const base = plus > 0 ? lower.slice(0, plus) : lower;
  const tag = hasTag ? local.slice(plus + 1) : null;
  const relay = d.relay;
  const name = nameReading(base, t, scratch);
  const ratio = relay === null ? modelRatio(base, t) : null;

  return {
    canonical: canonicalAddress(local, lower, domain, domainUnicode, d),
    tag,
    relay,
    dotVariant: rule?.dots === true ? dotVariantOf(base) : null,
    providerRule: rule === undefined ? null : brokenRule(base, rule),
    placeholder: placeholderOf(base, t),
    keyboardWalk: keyboardWalkOf(base, scratch),
    digitRun: relay === null ? digitRunOf(base) : null,
    generated: ratio !== null && ratio < t.threshold && !readsAsNamesOrWords(base, name, t, scratch) ? ratio : null,
    chosen: ratio !== null && ratio >= t.threshold,
    name,
  };
}

/**
 * The address as the provider delivers it, so one person's many sign-ups
 * group together: at a provider with a sourced rule, lower case, the
 * sub-address tag removed, dots removed where the provider ignores them and
 * the provider's first domain where its domains are one namespace (`J.Doe+x@googlemail.com` →
 * `jdoe@gmail.com`); Fastmail's subdomain addressing folded back
 * (`x@jane.fastmail.com` → `jane@fastmail.com`); any other domain: the
 * local part as typed (its owner decides what it means) at the lower-case domain.
 */
function canonicalAddress(local: string, lower: string, domain: string, domainUnicode: string, d: LocalDomainFacts): string {
  const rule = d.rule;
  if (rule === undefined) return d.subdomainAddress ?? `${local}@${domainUnicode}`;
  // `lower` is lowerAscii(local).
  let user = lower;
  if (rule.tag !== '') {
    const at = user.indexOf(rule.tag);
    if (at > 0) user = user.slice(0, at);
  }
  if (rule.dots && user.includes('.')) user = user.replaceAll('.', '');
  return `${user}@${rule.fold ? rule.domains[0]! : domain}`;
}

/** Dots from which a local part at a provider that ignores them is a dot variant (j.r.smith has two). */
const DOT_VARIANT_DOTS = 3;

/**
 * Dots spread through a username at a provider that ignores them (Gmail:
 * every placement reaches the same mailbox): three or more, or a lone letter
 * cut off at the end (`annameye.r`). One mailbox then passes for many
 * accounts; a person writes their name with one or two dots (`j.r.smith`).
 */
function dotVariantOf(base: string): string | null {
  let dots = 0;
  for (let i = 0; i < base.length; i++) if (base.charCodeAt(i) === 46) dots++;
  if (dots >= DOT_VARIANT_DOTS) return `${dots} dots, which the provider ignores`;
  const last = base.lastIndexOf('.');
  if (last > 1 && last === base.length - 2) return 'a lone letter after the last dot, which the provider ignores';
  return null;
}

/** Providers whose subdomain addressing delivers `anything@user.<provider>` to `user@<provider>` (see provider-rules.tsv). */
const SUBDOMAIN_ADDRESSING: ReadonlySet<string> = new Set(['fastmail.com', 'fastmail.fm']);

/** The first of a provider's sourced username rules `user` breaks, as a detail, else null. */
function brokenRule(user: string, rule: ProviderRule): string | null {
  const p = rule.provider;
  if (user.length === 0) return null;
  let counted = 0;
  for (let i = 0; i < user.length; i++) {
    const c = user.charCodeAt(i);
    if (isLower(c) || isDigit(c)) counted++;
    else if (rule.chars !== null && !rule.chars.includes(user.charAt(i))) return `${p} usernames cannot contain "${user.charAt(i)}"`;
    else if (!rule.dots || c !== 46) counted++;
    if (!rule.repeat && i > 0 && !isLower(c) && !isDigit(c) && !isLower(user.charCodeAt(i - 1)) && !isDigit(user.charCodeAt(i - 1))) {
      return `${p} usernames cannot hold two symbols in a row`;
    }
  }
  const first = user.charCodeAt(0);
  if (rule.first === 'letter' && !isLower(first)) return `${p} usernames start with a letter`;
  if (rule.first === 'alnum' && !isLower(first) && !isDigit(first)) return `${p} usernames start with a letter or digit`;
  const last = user.charCodeAt(user.length - 1);
  if (rule.last === 'alnum' && !isLower(last) && !isDigit(last)) return `${p} usernames end with a letter or digit`;
  if (rule.last === 'notdot' && last === 46) return `${p} usernames cannot end with a period`;
  if (rule.min !== null && counted < rule.min) return `${p} usernames have at least ${rule.min} characters`;
  if (rule.max !== null && counted > rule.max) return `${p} usernames have at most ${rule.max} characters`;
  return null;
}

/** The letters of `s` with separators dropped and trailing digits cut (`test_01` → `test`). */
function squashed(s: string): string {
  const end = squashedEnd(s);
  let separators = false;
  for (let i = 0; i < end && !separators; i++) separators = isSeparator(s.charCodeAt(i));
  if (!separators) return end === s.length ? s : s.slice(0, end);
  let out = '';
  for (let i = 0; i < end; i++) if (!isSeparator(s.charCodeAt(i))) out += s.charAt(i);
  return out;
}

/** Where {@link squashed} cuts `s`: before its trailing digits and separators. */
function squashedEnd(s: string): number {
  let end = s.length;
  while (end > 0 && (isDigit(s.charCodeAt(end - 1)) || isSeparator(s.charCodeAt(end - 1)))) end--;
  return end;
}

function placeholderOf(base: string, t: LocalTables): string | null {
  // No placeholder is longer than this many characters with separators and digits: skip the copy.
  if (base.length > MAX_PLACEHOLDER_INPUT) return null;
  // Nor is any placeholder shorter or longer than the list's words: count the letters squashed would keep first.
  const end = squashedEnd(base);
  let kept = 0;
  for (let i = 0; i < end; i++) if (!isSeparator(base.charCodeAt(i))) kept++;
  if (kept < t.placeholderLengths[0] || kept > t.placeholderLengths[1]) return null;
  const word = squashed(base);
  const reason = t.placeholders.get(word);
  return reason === undefined ? null : `"${word}": ${reason}`;
}

/** A lower-case letter of a layout the keyboard rules know: a–z, or Cyrillic а–я and ё. */
const isKeyLetter = (c: number): boolean => isLower(c) || (c >= 0x430 && c <= 0x44f) || c === 0x451;

/** Longest local part (tag removed) the placeholder rule reads: a word of the list with separators and a few digits. */
const MAX_PLACEHOLDER_INPUT = 24;

/** Letters that make a keyboard walk worth naming: shorter runs happen inside names (Robert's `ert`). */
const MIN_WALK_LETTERS = 4;

function keyboardWalkOf(base: string, scratch: LocalScratch): string | null {
  // Separators are how people join words, not keys of a walk: judge the letters between non-letters,
  // and the letters joined (qwe.asd.zxc is one walk). Cyrillic letters are lower-cased here too (ЙЦУКЕН).
  // An ASCII base is already lower case (lowerAscii); only a base with A–Z or non-ASCII needs the copy.
  let plain = true;
  for (let i = 0; i < base.length && plain; i++) {
    const c = base.charCodeAt(i);
    plain = c < 0x80 && (c < 65 || c > 90);
  }
  const s = plain ? base : base.toLowerCase();
  if (scratch.keyCodes.length < s.length) {
    scratch.keyCodes = new Uint16Array(2 * s.length);
    scratch.runCodes = new Uint16Array(2 * s.length);
  }
  const { keyCodes, runCodes } = scratch;
  // Each run of letters in order, read in place; then, when there are several, all of them joined.
  let runs = 0;
  let letters = 0;
  let start = -1;
  for (let i = 0; i <= s.length; i++) {
    const letter = i < s.length && isKeyLetter(s.charCodeAt(i));
    if (letter && start < 0) start = i;
    if (!letter && start >= 0) {
      runs++;
      const n = i - start;
      for (let k = 0; k < n; k++) keyCodes[letters + k] = runCodes[k] = s.charCodeAt(start + k);
      if (n >= MIN_WALK_LETTERS) {
        const found = walkIn(runCodes, n);
        if (found !== null) return `"${s.slice(start, i)}" ${found}`;
      }
      letters += n;
      start = -1;
    }
  }
  if (runs > 1 && letters >= MIN_WALK_LETTERS) {
    const found = walkIn(keyCodes, letters);
    if (found !== null) return `"${String.fromCharCode(...keyCodes.subarray(0, letters))}" ${found}`;
  }
  return null;
}

/** What the walk rules find in the letters `codes[0, n)`, as the detail's tail, else null. */
function walkIn(codes: Uint16Array, n: number): string | null {
  if (isKeyboardWalkCodes(codes, n)) return 'is a keyboard walk';
  if (isOneHandMashCodes(codes, n)) return 'is typed with one hand';
  return null;
}

function digitRunOf(base: string): string | null {
  let longest = 0;
  let at = 0;
  let run = 0;
  for (let i = 0; i < base.length; i++) {
    run = isDigit(base.charCodeAt(i)) ? run + 1 : 0;
    if (run > longest) {
      longest = run;
      at = i + 1 - run;
    }
  }
  return longest >= LONG_DIGIT_RUN ? `${longest} digits in a row (${base.slice(at, at + longest)})` : null;
}

/** Letters a local part needs before the character model judges it: mostly digits is the digit-run family's. */
const MIN_MODEL_LETTERS = 3;

/** The model's ratio for `base`, or null when it does not judge it (too short, too few letters, a character it does not read). */
function modelRatio(base: string, t: LocalTables): number | null {
  if (base.length < t.minLength) return null;
  let letters = 0;
  for (let i = 0; i < base.length; i++) if (isLower(base.charCodeAt(i))) letters++;
  if (letters < MIN_MODEL_LETTERS) return null;
  const ratio = localPartRatioOf(base, t.differences);
  return Number.isNaN(ratio) ? null : ratio;
}

/** A local part that reads as known names or words is chosen, whatever the letter statistics say. */
function readsAsNamesOrWords(base: string, name: NameReading | null, t: LocalTables, scratch: LocalScratch): boolean {
  return name !== null || readsAsWords(base, t, scratch);
}

/** Longest name token tried inside a segment (longer names are matched whole, segment by segment). */
const MAX_NAME_LENGTH = 16;

/** Most names one separator-free segment is read as (mahmoud + al + nuaimi). */
const MAX_NAMES_PER_SEGMENT = 3;

/**
 * Whether the letters-only segment `s[from, to)` is known names run together (up to
 * {@link MAX_NAMES_PER_SEGMENT}, each of 2+ letters, one of 3+), optionally
 * after an initial (flast). Breadth-first over end positions: at most
 * length² look-ups, on a segment already capped by the address's length.
 */
function nameSegment(s: string, from: number, to: number, t: LocalTables, scratch: LocalScratch): boolean {
  const n = to - from;
  if (n >= 2 && t.names.hasRange(s, from, to)) return true;
  // Shorter than 4 letters and not one name: two names of 2+ letters, one of them 3+, or an initial and
  // a name of 3+, need 4 letters at least.
  if (n < 4) return false;
  return namesFrom(s, from, to, 0, t, scratch) || namesFrom(s, from, to, 1, t, scratch);
}

/** Whether the segment `s[from, to)` is names from its letter `start` on (see {@link nameSegment}). */
function namesFrom(s: string, from: number, to: number, start: number, t: LocalTables, scratch: LocalScratch): boolean {
  // reach[i]: fewest names covering the segment's letters [start, i), and whether one of them has 3+ letters (bit 8).
  const n = to - from;
  if (scratch.reach.length < n + 1) scratch.reach = new Int32Array(2 * (n + 1));
  const reach = scratch.reach;
  reach.fill(0, 0, n + 1);
  reach[start] = 1;
  const names = t.names;
  for (let i = start; i < n; i++) {
    const here = reach[i]!;
    if (here === 0) continue;
    const used = here & 0xff;
    if (used > MAX_NAMES_PER_SEGMENT) continue;
    // Every name of 2 to MAX_NAME_LENGTH letters starting at i, shortest first, in one walk down the trie.
    let node = 0;
    for (let j = i + 1; j <= n && j - i <= MAX_NAME_LENGTH; j++) {
      node = names.child(node, s.charCodeAt(from + j - 1));
      if (node === NO_NODE) break;
      if (j - i < 2 || !names.isEnd(node)) continue;
      const long = (here & 0x100) !== 0 || j - i >= 3 ? 0x100 : 0;
      const next = (used + 1) | long;
      const prev = reach[j]!;
      if (prev === 0 || (next & 0xff) < (prev & 0xff) || ((next & 0xff) === (prev & 0xff) && long > (prev & 0x100))) reach[j] = next;
    }
  }
  const end = reach[n]!;
  return end !== 0 && (end & 0xff) - 1 <= MAX_NAMES_PER_SEGMENT && (end & 0x100) !== 0;
}

/** Most letter segments a name or word reading takes. */
const MAX_SEGMENTS = 3;

/**
 * Splits `base` in place into letter segments (at most {@link MAX_SEGMENTS},
 * their bounds in `scratch.segments`) and a trailing digit tail, which starts
 * at the returned count's `scratch.digitsAt`; returns the number of segments, or 0 when digits sit
 * elsewhere, a character is neither a–z nor a separator, or a segment is empty.
 */
function segmentsOf(base: string, scratch: LocalScratch): number {
  let end = base.length;
  while (end > 0 && isDigit(base.charCodeAt(end - 1))) end--;
  scratch.digitsAt = end;
  // name_1990, name.90: a separator before the tail belongs to it.
  if (end > 0 && end < base.length && isSeparator(base.charCodeAt(end - 1))) end--;
  const bounds = scratch.segments;
  let count = 0;
  let start = 0;
  for (let i = 0; i <= end; i++) {
    const c = i < end ? base.charCodeAt(i) : 46;
    if (isSeparator(c)) {
      if (i === start || count === MAX_SEGMENTS) return 0;
      bounds[2 * count] = start;
      bounds[2 * count + 1] = i;
      count++;
      start = i + 1;
    } else if (!isLower(c)) return 0;
  }
  return count;
}

/**
 * How the local part reads as a person's name: one to three segments
 * (separated by `.`, `_` or `-`), each a known given name or surname, two of
 * them run together, an initial then a name, or a lone initial beside a name
 * (`j.doe`); then nothing, a birth year (1920–2015) or one or two digits.
 */
function nameReading(base: string, t: LocalTables, scratch: LocalScratch): NameReading | null {
  const count = segmentsOf(base, scratch);
  if (count === 0) return null;
  const bounds = scratch.segments;
  let named = false;
  for (let k = 0; k < count; k++) {
    const from = bounds[2 * k]!;
    const to = bounds[2 * k + 1]!;
    if (to - from === 1) continue;
    if (!nameSegment(base, from, to, t, scratch)) return null;
    named = true;
  }
  if (!named) return null;
  return tailReading(base, scratch.digitsAt);
}

/** The reading of the digit tail `base[at, …)`, as for a name. */
function tailReading(base: string, at: number): NameReading | null {
  const n = base.length - at;
  if (n === 0) return 'name';
  if (n === 4) {
    let year = 0;
    for (let i = at; i < base.length; i++) year = year * 10 + (base.charCodeAt(i) - 48);
    if (year >= BIRTH_YEARS.first && year <= BIRTH_YEARS.last) return 'name+year';
  }
  if (n <= 2) return 'name+digits';
  return n === 3 ? 'name+number' : null;
}

/** Whether the letters of `base` are one or two known words, or a name and a word (handles such as `quietriver`). */
function readsAsWords(base: string, t: LocalTables, scratch: LocalScratch): boolean {
  const count = segmentsOf(base, scratch);
  if (count === 0) return false;
  const { words, names } = t;
  const bounds = scratch.segments;
  for (let k = 0; k < count; k++) {
    const from = bounds[2 * k]!;
    const to = bounds[2 * k + 1]!;
    if (knownRange(base, from, to, t)) continue;
    // Split in two known parts: the prefixes are read in one walk down each trie, the rest only after a known prefix.
    let split = false;
    let word = 0;
    let name = 0;
    for (let i = 1; i <= to - from - 3 && !split; i++) {
      const c = base.charCodeAt(from + i - 1);
      if (word !== NO_NODE) word = words.child(word, c);
      if (name !== NO_NODE) name = names.child(name, c);
      if (word === NO_NODE && name === NO_NODE) break;
      const prefixKnown = (i >= 4 && word !== NO_NODE && words.isEnd(word)) || (i >= 3 && name !== NO_NODE && names.isEnd(name));
      if (prefixKnown) split = knownRange(base, from + i, to, t);
    }
    if (!split) return false;
  }
  return true;
}

/** Whether `s[start, stop)` is a word of 4+ letters or a name of 3+. */
function knownRange(s: string, start: number, stop: number, t: LocalTables): boolean {
  return (stop - start >= 4 && t.words.hasRange(s, start, stop)) || (stop - start >= 3 && t.names.hasRange(s, start, stop));
}
