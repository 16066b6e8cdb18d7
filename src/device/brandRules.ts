/**
 * The maker and model of a user agent (parse.ts, step 4), decided by two
 * ordered tables of rules `{ test, result, why }` over one reading: every
 * rule whose test holds rewrites the reading, in table order, so a later
 * rule sees what the earlier ones decided (as the OS rules do, osRules.ts).
 *
 * {@link MAKER_RULES} find the maker the UA states (ua-parser-js's vendor,
 * maker words, platform fields), the model table's row for the code and the
 * maker's code family; the reading is then named (brand in the maker list's
 * spelling, model without its maker's word) and {@link NAMING_RULES} apply
 * what the table's naming leaves out. No rule reads anything but its facts
 * and the tables it is given, and no rule keeps state.
 */
import { brandAtStart, brandFromToken, brandKinds, canonicalBrand, lookupModelCode } from './data/index.js';
import type { MakerRule, MakerTable, ModelInfo, ModelTable } from './data/index.js';
import { cleanModel } from './modelBlocks.js';
import { codeFamily, oemMaker, productLine } from './codeFamilies.js';
import type { CodeFamily, CodeFamilyIndexes } from './codeFamilies.js';
import { makerInUa } from './uaMakers.js';
import type { UaMakerRule } from './uaMakers.js';
import {
  APPLE_HARDWARE,
  APPLE_ID,
  BRAND_PREFIX,
  BRAND_REST_END,
  BRAND_TOKEN,
  CODE_WORD_SEPARATOR,
  NON_ALNUM,
  SONY_ERICSSON,
  UC_IOS_DEVICE,
  VERSION_LIKE,
} from './patterns.js';
import type { DeviceCategory } from './types.js';
import { foundBy, rowsOf } from './ruleRows.js';
import type { RuleRow } from './ruleRows.js';

const norm = (s: string): string => s.toLowerCase().replace(NON_ALNUM, '');

/** The tables the rules read (a checker's DeviceTables, tables.ts). */
export interface BrandData {
  readonly makers: MakerTable;
  readonly models: ModelTable;
  /** The model table's brands by letters-and-digits spelling. */
  readonly modelBrandIndex: ReadonlyMap<string, string>;
  readonly codeFamilies: CodeFamilyIndexes;
  readonly rules: { readonly uaMakers: readonly UaMakerRule[] };
}

/** What the rules decide, rewritten rule by rule. */
export interface DeviceReading {
  /** The maker the UA states (or the table or a code family names), before the maker list's spelling. */
  readonly uaBrand: string | null;
  /** The model code. */
  readonly code: string | null;
  /** The code as the UA wrote it, when a rule cut the maker word off it. */
  readonly withMaker: string | null;
  /** A maker word of the vocabulary leading the code (or the UA) and the code behind it. */
  readonly atStart: { readonly brand: string; readonly rest: string } | undefined;
  /** The UA hides the model (iPhone, reduced Android `K`). */
  readonly modelHidden: boolean;
  /** The model table's row for the code. */
  readonly info: ModelInfo | undefined;
  /** The maker's code family the code (or the table's name for it) belongs to. */
  readonly codeFam: CodeFamily | undefined;
  /** The reported brand and model, once named. */
  readonly brand: string | null;
  readonly model: string | null;
}

/** What the rules read: the UA and what the earlier steps found, and the reading so far. */
export interface DeviceFacts extends DeviceReading {
  readonly t: BrandData;
  /** The length-capped user agent. */
  readonly ua: string;
  /** ua-parser-js's device vendor, in the maker list's display spelling. */
  readonly parserVendor: string | null;
  /** ua-parser-js's engine name. */
  readonly engine: string | undefined;
  /** The OS decided by step 2. */
  readonly os: string | null;
  readonly android: boolean;
  /** A non-Mozilla UA that starts with a maker token and a model (`SAMSUNG-SGH-Z100`). */
  readonly leading: RegExpExecArray | null;
  /** A maker word before the model code (`LG-P929`, `SonyEricssonW200i`), in the code or a non-Mozilla UA. */
  readonly token: RegExpExecArray | null;
}

/** A rule: when `test` holds (a truthy value: a match, a maker, `true`), `result` gives the fields it rewrites. */
export type DeviceRule = RuleRow<DeviceFacts, Partial<DeviceReading>>;

const rule = rowsOf<DeviceFacts, Partial<DeviceReading>>();

/**
 * The brand a maker word of the UA names, in the maker list's spelling
 * (`MOT` → Motorola, `SIE` → Siemens, `LGE` → LG, exact-only words
 * included); a word the list does not know is capitalised as a name.
 *
 * @example
 * // not run: `makers` stands for a table a checker opened (src/device/tables.ts)
 * declare const makers: MakerTable;
 * brandOfToken(makers, 'MOT'); // 'Motorola'
 */
export function brandOfToken(makers: MakerTable, word: string): string {
  const known = canonicalBrand(makers, word);
  return known !== word.trim() || brandKinds(makers, known).length > 0 ? known : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/**
 * The maker token a non-Mozilla UA starts with (`SAMSUNG-SGH-Z100`, `SonyEricssonK800i`), with a model after it.
 *
 * @example leadingDevice('SAMSUNG-SGH-Z100/1.0 Profile/MIDP-2.0')?.[1]; // 'SAMSUNG'
 */
export function leadingDevice(ua: string): RegExpExecArray | null {
  if (ua.startsWith('Mozilla')) return null;
  const m = BRAND_TOKEN.exec(ua);
  return m !== null && m.index === 0 && m[2] !== undefined && !VERSION_LIKE.test(m[2]) ? m : null;
}

/**
 * The PC maker an Internet Explorer UA names by its OEM field (`MDDR` Dell,
 * `MASP` Sony): any `;`-separated field of the first parenthesised block that
 * is an `oem` row of the maker table.
 */
function ieOemMaker(t: BrandData, ua: string): string | null {
  const open = ua.indexOf('(');
  if (open < 0 || open > 120) return null;
  const close = ua.indexOf(')', open);
  const block = ua.slice(open + 1, close < 0 ? Math.min(ua.length, open + 300) : Math.min(close, open + 300));
  for (const field of block.split(';')) {
    const hit = oemMaker(t.codeFamilies, field.trim());
    if (hit !== undefined) return hit.brand;
  }
  return null;
}

/**
 * A code whose first word is a brand of the model table (`HARPER 50U750TS`,
 * `Cavion Base 10`): that brand. Two-letter words are skipped (too many
 * collide with model prefixes).
 */
function brandOfFirstWord(t: BrandData, code: string): string | null {
  const sep = CODE_WORD_SEPARATOR.exec(code);
  if (sep === null || sep.index < 3) return null;
  return t.modelBrandIndex.get(norm(code.slice(0, sep.index))) ?? null;
}

/** All capital letters, 2–6 of them: how TV makers write short names (`ST`, `DMM`). */
function isAcronym(word: string): boolean {
  if (word.length < 2 || word.length > 6) return false;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < 65 || c > 90) return false;
  }
  return true;
}

/**
 * The maker of an HbbTV UA. ETSI TS 102 796 defines the block as
 * `HbbTV/1.x.y (<capabilities>; <vendorName>; <modelName>; …)`; the
 * capabilities field is `+`-prefixed options or empty, and some TVs leave it
 * out (`HbbTV/1.1.1 (CHANGHONG; TV55; …)`). The vendor counts when the
 * vocabulary lists it (`DMM` → Dream Multimedia), or as sent when it is a
 * capitalised short name; a browser vendor's own name (`Opera Software`),
 * a generic word (`smart`) or a model-like value is not taken.
 */
function hbbtvVendor(t: BrandData, ua: string): string | null {
  const at = ua.indexOf('HbbTV/');
  if (at < 0 || at > 400) return null;
  const open = ua.indexOf('(', at);
  if (open < 0 || open > at + 20) return null;
  let close = ua.indexOf(')', open);
  if (close < 0 || close > open + 200) close = Math.min(ua.length, open + 200);
  const fields = ua.slice(open + 1, close).split(';');
  const first = (fields[0] ?? '').trim();
  const vendor = (fields[1] ?? '').trim();
  if (first !== '' && !first.startsWith('+')) return brandFromToken(t.makers, first) ?? null;
  if (vendor === '') return null;
  // webOS Hub TVs sold under other brands write `LGE/<maker>/<brand>`.
  const slash = vendor.lastIndexOf('/');
  if (slash > 0) {
    const sold = vendor.slice(slash + 1).trim();
    const byName = sold === '' ? undefined : brandFromToken(t.makers, sold);
    if (byName !== undefined) return byName;
    if (isAcronym(sold)) return sold;
  }
  return brandFromToken(t.makers, vendor) ?? (isAcronym(vendor) ? vendor : null);
}

/** MAUI's WAP browser writes `WAP Browser-<Maker> <Model>/<version>`. */
const WAP_BROWSER_PREFIXES = ['WAP Browser-', 'WAP_Browser-'] as const;

/** True when `brand` (a ua-parser-js vendor) appears nowhere in the UA: inferred, not stated. */
function vendorGuessed(ua: string, brand: string): boolean {
  const lower = ua.toLowerCase();
  const b = brand.toLowerCase();
  if (lower.includes(b)) return false;
  // Spellings the UA may use for the same maker.
  const first = b.split(' ')[0]!;
  return !(first.length >= 3 && lower.includes(first)) && !(b === 'motorola' && lower.includes('mot-')) && !(b === 'lg' && lower.includes('lge'));
}

/** `Coolpad 5213` → `5213` when the brand is Coolpad: the model without its maker's name. */
function withoutBrand(code: string, brand: string): string {
  const b = brand.toLowerCase();
  const c = code.toLowerCase();
  if (c.length > b.length + 1 && c.startsWith(b)) {
    const sep = c.charAt(b.length);
    if (sep === ' ' || sep === '-' || sep === '_') return code.slice(b.length + 1).trim();
  }
  return code;
}

/**
 * True when a leading word spells the maker itself — its name, a short form
 * (`NUU` for NUU Mobile, `MyPhone`) or its initials (`POV` for Point of
 * View) — rather than a product line the maker sells (`ODROID`, `TicWatch`),
 * which stays part of the model name.
 */
function spellsBrand(word: string, brand: string): boolean {
  const w = norm(word);
  if (w.length === 0) return false;
  if (norm(brand).startsWith(w)) return true;
  let initials = '';
  for (const part of brand.split(' ')) if (part.length > 0) initials += part.charAt(0).toLowerCase();
  return initials.length > 1 && initials === w;
}

/**
 * True when two brand names are one maker or a sub-brand and its parent
 * (the maker table's `parent` and `split` rows), whatever the spelling.
 */
function sameMaker(t: BrandData, a: string, b: string): boolean {
  if (norm(a) === norm(b)) return true;
  const x = norm(canonicalBrand(t.makers, a));
  const y = norm(canonicalBrand(t.makers, b));
  const parents = t.codeFamilies.parents;
  return x === y || (parents.get(x) ?? x) === (parents.get(y) ?? y);
}

/** A maker word before the model (`LG-P929`, `TECNO Mobile LG6n`): the maker, and the code without the word. */
function makerWordBefore(f: DeviceFacts, token: RegExpExecArray): Partial<DeviceReading> {
  const tokenBrand = brandOfToken(f.t.makers, token[1]!);
  // A sub-brand's word beats its parent's name (`SonyEricssonW200i`, which ua-parser-js reports as Sony).
  const uaBrand = f.uaBrand === null || f.t.codeFamilies.parents.get(norm(tokenBrand)) === norm(f.uaBrand) ? tokenBrand : f.uaBrand;
  const rest = token[2];
  const code = f.code;
  // Keep the code without the brand word: `LG-P929` → `P929`.
  if (norm(tokenBrand) !== norm(uaBrand) || rest === undefined || VERSION_LIKE.test(rest) || (code !== null && !code.toLowerCase().startsWith(token[1]!.toLowerCase()))) return { uaBrand };
  // The maker's name may be longer than the token (`TECNO Mobile
  // LG6n`): cut all of it, but not a product line (`ALCATEL ONE TOUCH 916`).
  const lead = code === null ? undefined : brandAtStart(f.t.makers, code);
  const whole = lead !== undefined && code !== null && lead.rest !== '' && lead.rest.length < rest.length && spellsBrand(code.slice(0, code.length - lead.rest.length), tokenBrand) ? lead.rest : undefined;
  return { uaBrand, withMaker: code, code: cleanModel(whole ?? (code === null ? rest : code.slice(token.index + token[0].length - rest.length))) };
}

/**
 * ua-parser-js matches maker names anywhere in the code (`itel` inside
 * `Oukitel U20Plus` and `NAVITEL A730`): when the vocabulary's longest
 * maker word at the start of the code contains that shorter name past its
 * first letter, the UA spells the longer maker, which wins. Likewise a
 * maker word set apart by a space is the maker the UA states, whatever
 * vendor the parser read elsewhere in the code or inferred from its shape —
 * unless the code starts with that vendor's own name. A word joined by a
 * dash is not enough: it is as often a product code (Huawei's `ABC-LX3`).
 */
function longerMakerAtStart(f: DeviceFacts): { brand: string; rest: string } | undefined {
  if (f.uaBrand === null || f.uaBrand !== f.parserVendor || f.leading !== null || f.code === null) return undefined;
  const lead = brandAtStart(f.t.makers, f.code);
  if (lead === undefined || lead.rest === '' || sameMaker(f.t, lead.brand, f.uaBrand)) return undefined;
  const vendor = f.uaBrand.toLowerCase();
  const spelled = f.code.slice(0, f.code.length - lead.rest.length).toLowerCase();
  return spelled.indexOf(vendor) > 0 || (spelled.endsWith(' ') && !spelled.startsWith(vendor)) ? lead : undefined;
}

/** A feature phone or app that leads with the device (`BIRD.A150`, `Sagem-my411X/…`), not an app and its version (`Reeder/4020.79`). */
function makerAtUaStart(f: DeviceFacts): { brand: string; rest: string } | undefined {
  const lead = brandAtStart(f.t.makers, f.ua);
  if (lead === undefined || lead.rest === '') return undefined;
  return f.ua.slice(0, Math.min(f.ua.length, 200) - lead.rest.length).trimEnd().endsWith('/') ? undefined : lead;
}

/** A maker and model after MAUI's `WAP Browser-` prefix. */
function wapBrowserDevice(f: DeviceFacts): { brand: string; rest: string } | undefined {
  for (const prefix of WAP_BROWSER_PREFIXES) {
    if (!f.ua.startsWith(prefix)) continue;
    const lead = brandAtStart(f.t.makers, f.ua.slice(prefix.length));
    return lead !== undefined && lead.rest !== '' ? lead : undefined;
  }
  return undefined;
}

/** UC Browser for iOS abbreviates the hardware family: `iPh` iPhone, `iPa` iPad, `iPo` iPod. */
const UC_IOS_FAMILY: Readonly<Record<string, string>> = { h: 'iPhone', a: 'iPad', o: 'iPod' };

/** The exact Apple hardware id an app names (`iPhone14,2`, UC Browser's `dv(iPh14,2)`). */
function appleHardwareId(ua: string): string | null {
  const appleId = APPLE_ID.exec(ua);
  if (appleId !== null) return `${appleId[1]!},${appleId[2]!}`;
  const ucIos = UC_IOS_DEVICE.exec(ua);
  return ucIos === null ? null : `${UC_IOS_FAMILY[ucIos[1]!]!}${ucIos[2]!},${ucIos[3]!}`;
}

/** The model table's row for the code, also without a leading brand word (`SAMSUNG SM-…`). */
function tableRow(f: DeviceFacts): ModelInfo | undefined {
  const code = f.code!;
  const hint = f.uaBrand ?? undefined;
  return lookupModelCode(f.t.models, code, hint) ?? (BRAND_PREFIX.test(code) ? lookupModelCode(f.t.models, code.replace(BRAND_PREFIX, ''), hint) : undefined);
}

/**
 * The maker's code family of the code: as written when a maker word was
 * cut off it (families whose shape includes the prefix, `BQ-7083G`), else
 * the code; the table's marketing name when the code's family knows no kind
 * (`9009F` → `1T 7 3G NEW`, a tablet line).
 */
function familyOf(f: DeviceFacts): CodeFamily | undefined {
  const byCode = (f.withMaker === null ? undefined : codeFamily(f.t.codeFamilies, f.withMaker)) ?? codeFamily(f.t.codeFamilies, f.code!);
  const byName = (byCode === undefined || byCode.kind === null) && f.info !== undefined && f.info.model !== f.info.code ? codeFamily(f.t.codeFamilies, f.info.model) : undefined;
  return byName ?? byCode;
}

/**
 * The maker rules, in order (each may rewrite what the earlier ones
 * decided). The reading starts from ua-parser-js's vendor, else the maker
 * the platform's device block named (modelBlocks.ts).
 */
export const MAKER_RULES: readonly DeviceRule[] = [
  rule(
    (f) => f.leading,
    (f, m) => ({ uaBrand: brandOfToken(f.t.makers, m[1]!) }),
    "Feature phones and their apps start a non-Mozilla UA with the maker's name and model (`SAMSUNG-SGH-Z100`, `Nokia6300/2.0`): the UA says who made it, whatever ua-parser-js guessed.",
  ),
  rule(
    (f) => (f.code !== null || f.uaBrand === null || f.leading !== null) && f.token,
    makerWordBefore,
    'A maker word before the model (`SAMSUNG SM-R765V`, `LG-P929`, `SonyEricssonW200i`, `MOT-EX119`) names the maker when the parser named none, and is cut off the code when it names the maker the UA states.',
  ),
  rule(
    (f) => (f.uaBrand === null || f.uaBrand === 'Sony') && SONY_ERICSSON.test(f.ua),
    () => ({ uaBrand: 'Sony Ericsson' }),
    'Sony Ericsson handsets (2001–2012) write `SonyEricsson`; ua-parser-js reports Sony.',
  ),
  rule(
    (f) => (f.uaBrand === null || f.uaBrand === f.parserVendor) && hbbtvVendor(f.t, f.ua),
    (_, vendor) => ({ uaBrand: vendor }),
    "HbbTV's `(<capabilities>; <vendorName>; <modelName>; …)` block (ETSI TS 102 796) names the TV's maker.",
  ),
  rule(
    (f) => f.uaBrand === null && f.engine === 'Trident' && ieOemMaker(f.t, f.ua),
    (_, maker) => ({ uaBrand: maker }),
    "Internet Explorer's OEM field of the platform block (`MDDR` Dell, `MASP` Sony): the maker table's `oem` rows.",
  ),
  rule(
    longerMakerAtStart,
    (_, lead) => ({ uaBrand: lead.brand, atStart: lead }),
    'A longer maker word leading the code (`Oukitel U20Plus`, `NAVITEL A730`) or one set apart by a space beats the vendor ua-parser-js read inside it or guessed from its shape.',
  ),
  rule(
    (f) => f.uaBrand === null && f.code !== null && brandAtStart(f.t.makers, f.code),
    (_, lead) => ({ uaBrand: lead.brand, atStart: lead }),
    'A maker word of the vocabulary leading the code (`KIVI 32H500GR`, `TOOKY T83`, `DOOV_D10`): the UA names its maker.',
  ),
  rule(
    (f) => f.uaBrand === null && f.code === null && !f.modelHidden && !f.ua.startsWith('Mozilla') && makerAtUaStart(f),
    (_, lead) => ({ uaBrand: lead.brand, atStart: lead, code: cleanModel(lead.rest.split(BRAND_REST_END, 1)[0]!) }),
    'Feature phones and apps that lead a non-Mozilla UA with the device (`BIRD.A150`, `Sagem-my411X/…`); an app and its version (`Reeder/4020.79`) is not a maker and a model.',
  ),
  rule(
    (f) => f.uaBrand === null && !f.modelHidden && wapBrowserDevice(f),
    (f, lead) => ({ uaBrand: lead.brand, code: f.code ?? cleanModel(lead.rest.split(BRAND_REST_END, 1)[0]!) }),
    "MediaTek MAUI's WAP browser writes `WAP Browser-<Maker> <Model>/<version>`.",
  ),
  rule(
    (f) => f.uaBrand === null && !f.modelHidden && makerInUa(f.t.rules.uaMakers, { ua: f.ua, android: f.android, makers: f.t.makers, codeFamilies: f.t.codeFamilies }),
    (_, maker) => ({ uaBrand: maker }),
    "The maker the UA's fields, product tokens, app Build fields, one-maker platforms or white-label build id name (the maker rules of uaMakers.ts).",
  ),
  rule(
    (f) => appleHardwareId(f.ua),
    (f, id) => {
      const info = lookupModelCode(f.t.models, id, 'Apple');
      return { info, code: info?.code ?? id, uaBrand: 'Apple' };
    },
    "Apps name the exact Apple hardware (`iPhone14,2`, UC Browser's `dv(iPh14,2)`): that identifies the generation (Apple's identifiers in the model table).",
  ),
  rule(
    (f) => f.code !== null && f.info === undefined && tableRow(f),
    (f, info) => {
      const uaBrand = f.uaBrand;
      if (uaBrand === null || sameMaker(f.t, info.brand, uaBrand)) return { info };
      const byToken = (f.leading !== null && sameMaker(f.t, brandOfToken(f.t.makers, f.leading[1]!), uaBrand)) || (f.token !== null && sameMaker(f.t, brandOfToken(f.t.makers, f.token[1]!), uaBrand));
      return uaBrand === f.parserVendor && !byToken && vendorGuessed(f.ua, uaBrand) ? { info, uaBrand: null } : {};
    },
    "The model table's row for the code (Google Play's device list and the curated rows), the UA's maker first among codes several makers use. A row under another maker than the one the UA names is a code collision (`HTC Hero` is not Mobicell's `Hero`): the UA wins; a vendor ua-parser-js inferred from the code's shape alone (`A102OP` → Acer), never spelled in the UA, loses to the table.",
  ),
  rule(
    (f) => f.code !== null && familyOf(f),
    (_, codeFam) => ({ codeFam }),
    "A maker's code family (the maker table's `code` rows) names the maker of a code the table does not know, and the device kind even for a table row without one.",
  ),
  rule(
    (f) => f.codeFam !== undefined && f.info === undefined && f.uaBrand !== null && f.uaBrand === f.parserVendor && f.leading === null && f.token === null && !sameMaker(f.t, f.codeFam.brand, f.uaBrand) && vendorGuessed(f.ua, f.uaBrand),
    (f) => ({ uaBrand: f.codeFam!.brand }),
    'A vendor ua-parser-js inferred from the code\'s shape alone (`OV32300` → LG), never spelled in the UA, loses to the code family.',
  ),
  rule(
    (f) => f.uaBrand === null && f.code !== null && f.info === undefined && productLine(f.t.codeFamilies, f.code),
    (_, line) => ({ uaBrand: line.brand }),
    'A product line or code scheme names its maker (`Xperia V` Sony, `Inspiron 3558` Dell, `KFTT` Amazon): the maker table\'s `line` rows.',
  ),
  rule(
    (f) => f.uaBrand === null && f.code !== null && f.info === undefined && f.codeFam,
    (_, family) => ({ uaBrand: family.brand }),
    "The maker of the code's family, for a code no word of the UA assigns.",
  ),
  rule(
    (f) => f.uaBrand === null && f.code !== null && f.info === undefined && brandOfFirstWord(f.t, f.code),
    (_, brand) => ({ uaBrand: brand }),
    'A code whose first word is a brand of the model table (`HARPER 50U750TS`, `Cavion Base 10`).',
  ),
];

/**
 * The brand in the maker list's spelling and the model: the table's
 * marketing name, else the code without its maker's word. Some Play-list
 * rows carry the brand as the "marketing name" (RMX2121 → "realme"): that
 * names nothing, so the code stays the model.
 */
function named(f: DeviceFacts): Pick<DeviceReading, 'brand' | 'model'> {
  const { info, code, atStart } = f;
  const brand = info !== undefined ? canonicalBrand(f.t.makers, info.brand) : f.uaBrand === null ? null : canonicalBrand(f.t.makers, f.uaBrand);
  if (info !== undefined && norm(info.model) !== norm(info.brand)) return { brand, model: info.model };
  if (code === null || brand === null) return { brand, model: code };
  const cut = atStart !== undefined && atStart.brand === brand && atStart.rest !== '' && code.endsWith(atStart.rest) && spellsBrand(code.slice(0, code.length - atStart.rest.length), brand);
  return { brand, model: cut ? atStart.rest : withoutBrand(code, brand) };
}

/**
 * The maker table's `split` row whose sub-brand leads the model name (then a
 * space or `_`) under its parent's brand: `POCO X3 Pro` under Xiaomi.
 */
function splitSubBrand(f: DeviceFacts): MakerRule | undefined {
  const { brand, model } = f;
  if (brand === null || model === null) return undefined;
  for (const sub of f.t.codeFamilies.splits) {
    const n = sub.pattern.length;
    if (sub.brand !== brand || model.length <= n) continue;
    const sep = model.charCodeAt(n);
    if ((sep === 32 || sep === 95) && model.slice(0, n).toLowerCase() === sub.pattern.toLowerCase()) return sub;
  }
  return undefined;
}

/** The OSes only Apple ships on its phones, tablets and watches. */
const APPLE_MOBILE_OS: ReadonlySet<string> = new Set(['iOS', 'iPadOS', 'watchOS']);

/** The naming rules, in order, after the reading is named. */
export const NAMING_RULES: readonly DeviceRule[] = [
  rule(
    splitSubBrand,
    (f, sub) => ({ brand: sub.pattern, model: f.model!.slice(sub.pattern.length + 1) }),
    "Sub-brands sold as brands of their own that the model table files under the parent with the sub-brand leading the name (POCO since 2020: 'POCO X3 Pro' under Xiaomi): the maker table's `split` rows.",
  ),
  rule(
    (f) => {
      if (f.info !== undefined || (f.uaBrand !== null && f.uaBrand !== 'Apple')) return false;
      const apple = APPLE_HARDWARE.exec(f.ua);
      return ((f.os !== null && APPLE_MOBILE_OS.has(f.os)) || (f.os === null && apple !== null)) && { apple };
    },
    (f, { apple }) => ({ brand: 'Apple', modelHidden: true, model: apple !== null && (f.model === null || f.model === apple[1]) ? apple[1]! : f.model }),
    'iOS, iPadOS and watchOS UAs name only the product line (`iPhone`, `iPad`): Apple made it, and the generation is not knowable.',
  ),
  rule((f) => f.os === 'Mac' && f.brand === null, () => ({ brand: 'Apple' }), 'Only Apple ships macOS.'),
];

/**
 * Runs `rules` in order over `f`: each rule whose test holds rewrites the reading.
 *
 * @example
 * // not run: `facts` stands for what parseDevice read from a user agent
 * declare const facts: DeviceFacts;
 * applyDeviceRules(MAKER_RULES, facts).uaBrand;
 */
export function applyDeviceRules(rules: readonly DeviceRule[], f: DeviceFacts): DeviceFacts {
  for (const r of rules) {
    const hit = foundBy(r, f);
    if (hit === undefined) continue;
    Object.assign(f, r.result(f, hit as never));
  }
  return f;
}

/**
 * The facts named after {@link MAKER_RULES}: the brand and model of the
 * reading (see {@link named}).
 *
 * @example
 * // not run: `facts` stands for what parseDevice read from a user agent
 * declare const facts: DeviceFacts;
 * nameReading(applyDeviceRules(MAKER_RULES, facts)).brand;
 */
export function nameReading(f: DeviceFacts): DeviceFacts {
  return Object.assign(f, named(f));
}

/** The kind of the code's maker family, when the family fits the table's row and the maker the UA names. */
export function familyKind(f: DeviceFacts): DeviceCategory | undefined {
  const fam = f.codeFam;
  if (fam === undefined || fam.kind === null) return undefined;
  if (f.info !== undefined && !sameMaker(f.t, f.info.brand, fam.brand)) return undefined;
  return f.uaBrand === null || sameMaker(f.t, f.uaBrand, fam.brand) ? fam.kind : undefined;
}
