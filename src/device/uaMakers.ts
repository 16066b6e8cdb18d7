/**
 * The maker a user agent names outside any model code: an ordered table of
 * rules `{ test, result, why }`, first match wins, each reading one place
 * where device software writes its maker (the platform block's fields, a
 * maker's own product token, an Android app's Build fields, a platform only
 * one maker ships, a white-label build id). Consulted by the parse (step 4)
 * when neither ua-parser-js nor a maker word before the model named one.
 * Only vocabulary makers count (data/device/makers.json): no rule turns an
 * arbitrary word into a brand.
 */
import { brandAtStart, brandFromToken, brandKinds } from './data/index.js';
import type { MakerTable } from './data/index.js';
import { platformMaker } from './codeFamilies.js';
import type { CodeFamilyIndexes } from './codeFamilies.js';
import { firstResult, rowsOf } from './ruleRows.js';
import type { RuleRow } from './ruleRows.js';

/**
 * True when the first word of `rest` is shaped like a model code: it has a
 * digit or no lower-case letter (`LF1V365`, `K-JAM`, `PDAL`), unlike an
 * app's product word (`Microsoft Outlook 14.0`).
 */
function modelCodeFirst(rest: string): boolean {
  if (rest === '') return false;
  let lower = false;
  for (let i = 0; i < rest.length && i < 40; i++) {
    const c = rest.charCodeAt(i);
    if (c === 32 || c === 47 || c === 59) break;
    if (c >= 48 && c <= 57) return true;
    if (c >= 97 && c <= 122) lower = true;
  }
  return !lower;
}

/** True when a space-separated word of `text` is a dotted version (`14.0.7113`). */
function hasVersionWord(text: string): boolean {
  for (const word of text.split(' ')) {
    let dots = 0;
    let digits = 0;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      if (c === 46) dots++;
      else if (c >= 48 && c <= 57) digits++;
      else {
        dots = -1;
        break;
      }
    }
    if (dots > 0 && digits > 0) return true;
  }
  return false;
}

/**
 * The maker a device field names: the whole field (`Sanyo`), a leading
 * maker word with a model after it (`KDDI-KC4A`, `IKEA LF1V365`,
 * `i-mate K-JAM PPC`, also after Windows CE's `PPC` prefix) or a
 * `Maker/Model` word (`Samsung/I8910`, `LYF/F120B/…`). Only vocabulary
 * brands count, so platform words never do.
 */
function makerOfField(makers: MakerTable, raw: string): string | null {
  const field = raw.trim();
  if (field.length < 2 || field.length > 100) return null;
  if (field.length <= 40) {
    const whole = brandFromToken(makers, field);
    if (whole !== undefined) return whole;
  }
  const lead = brandAtStart(makers, field.startsWith('PPC ') ? field.slice(4) : field);
  // A maker with a product name (`Microsoft Corporation/Surface Pro 7`,
  // `System76 Galago Pro`) counts too, unless a version number follows it:
  // then it is the maker's app (`Microsoft Outlook 14.0.7113`).
  if (lead !== undefined && (modelCodeFirst(lead.rest) || (lead.rest !== '' && !hasVersionWord(lead.rest)))) return lead.brand;
  // Only a `Maker/Model` word is left to find: without a `/` there is none (saves the splits below).
  if (!field.includes('/')) return null;
  // Words split on spaces and on the underscores some proxies put in their place.
  for (const spaced of field.split(' ')) {
    for (const word of spaced.split('_')) {
      const slash = word.indexOf('/');
      if (slash < 2) continue;
      const maker = brandFromToken(makers, word.slice(0, slash));
      const after = word.charCodeAt(slash + 1);
      // The part after the slash must start like a model (a letter), not a version.
      if (maker !== undefined && ((after >= 65 && after <= 90) || (after >= 97 && after <= 122))) return maker;
    }
  }
  return null;
}

/**
 * A maker named in a field of the UA's parenthesised blocks. The first
 * block is the platform block, split on `;` (`(BREW 3.1.5; U; en-us; Sanyo;
 * NetFront/3.5.1)`, `(…; samsung; SCH-R760; …)`, Opera TV's
 * `(…;CE-HTML/1.0;IKEA LF1V365; en)`). A later block whose first
 * comma-separated field is a vocabulary maker is an Opera TV device block
 * (`MB97/0.39.24.3 (FITCO, Mxl661L32, wireless)`: vendor, tuner, link). No
 * regex: splits of at most 400 characters.
 */
function makerField(makers: MakerTable, ua: string): string | null {
  const open = ua.indexOf('(');
  if (open < 0 || open > 120) return null;
  let close = ua.indexOf(')', open);
  if (close < 0) close = Math.min(ua.length, open + 300);
  for (const raw of ua.slice(open + 1, Math.min(close, open + 300)).split(';')) {
    const maker = makerOfField(makers, raw);
    if (maker !== null) return maker;
  }
  if (ua.includes('Windows CE') || ua.includes('Windows Phone')) {
    // Windows CE and Windows Phone 7 devices append their own `;`-separated
    // fields after the MSIE block (`…) 320x240; VZW; UTStar-XV6175`,
    // `…IEMobile/7.0) SAMSUNG;Taylor`).
    for (const raw of ua.slice(close + 1, close + 200).split(';')) {
      const maker = makerOfField(makers, raw);
      if (maker !== null) return maker;
    }
  }
  const head = ua.length > 400 ? ua.slice(0, 400) : ua;
  let from = close;
  for (let n = 0; n < 3; n++) {
    const o = head.indexOf('(', from);
    if (o < 0) break;
    const c = head.indexOf(')', o);
    if (c < 0) break;
    const inner = head.slice(o + 1, c);
    const comma = inner.indexOf(',');
    if (comma > 1) {
      const maker = brandFromToken(makers, inner.slice(0, comma).trim());
      if (maker !== undefined) return maker;
    }
    from = c;
  }
  return null;
}

/**
 * A maker that names its own device software as a product token
 * (`BrightSign/8.2.35`, `PocketBook/624`, `Ordissimo/3.8.20`,
 * `TiVo-Device/ml4…`). Phone makers are left out: a phone maker's name
 * with a version is as often an app of the same name (`Reeder/4020.79` is
 * an RSS reader), while signage players, e-readers, set-top boxes and
 * senior PCs run only their maker's firmware.
 */
function makerProductToken(makers: MakerTable, ua: string): string | null {
  const head = ua.length > 400 ? ua.slice(0, 400) : ua;
  for (const word of head.split(' ')) {
    const slash = word.indexOf('/');
    if (slash < 2 || slash > 30) continue;
    let name = word.slice(word.charCodeAt(0) === 40 ? 1 : 0, slash);
    if (name.endsWith('-Device')) name = name.slice(0, -7);
    const maker = brandFromToken(makers, name);
    if (maker === undefined) continue;
    const kinds = brandKinds(makers, maker);
    if (kinds.length > 0 && !kinds.includes('phone') && !kinds.includes('feature_phone')) return maker;
  }
  return null;
}

/**
 * The maker an Android build id starts with (`Build/CHUWI-CW-VX8`,
 * `Build/iCherry-C256-T03-…`, `Build/tricolor_wildred`): white-label
 * firmware puts its maker there, joined by `-` or `_` (a plain AOSP id
 * such as `Build/MRA58K` has no such join).
 */
function makerOfBuild(makers: MakerTable, ua: string): string | null {
  const at = ua.indexOf('Build/');
  if (at < 0 || at > 300) return null;
  const id = ua.slice(at + 6, at + 46);
  const lead = brandAtStart(makers, id);
  if (lead === undefined || lead.rest === '') return null;
  const join = id.charCodeAt(id.indexOf(lead.rest) - 1);
  return join === 45 || join === 95 ? lead.brand : null;
}

/**
 * The maker in an Android app's own agent, `<App> Android Application
 * (<sdk>, <app> v<version>) - <manufacturer> <model> <brand> - <device id>`
 * (Build.MANUFACTURER, Build.MODEL, Build.BRAND). The first word is the
 * maker when the vocabulary lists it, or as sent when the brand word at the
 * end repeats it (`- alps X8quad.pro alps -`, the MediaTek reference name).
 */
function androidAppMaker(makers: MakerTable, ua: string): string | null {
  const at = ua.indexOf(' Android Application (');
  if (at < 0 || at > 100) return null;
  const dash = ua.indexOf(') - ', at);
  if (dash < 0 || dash > at + 80) return null;
  const from = dash + 4;
  const end = ua.indexOf(' - ', from);
  const words = ua.slice(from, end < 0 || end > from + 120 ? from + 120 : end).trim().split(' ');
  const first = words[0] ?? '';
  if (first.length < 2 || words.length < 2) return null;
  const named = brandFromToken(makers, first);
  if (named !== undefined) return named;
  return words[words.length - 1]!.toLowerCase() === first.toLowerCase() ? first : null;
}

/** What the maker rules read. */
export interface UaMakerFacts {
  /** The length-capped user agent. */
  readonly ua: string;
  /** The OS is Android or a fork of it. */
  readonly android: boolean;
  readonly makers: MakerTable;
  readonly codeFamilies: CodeFamilyIndexes;
}

/** A maker rule: when `test` finds a maker (a truthy value), `result` names it in the maker list's spelling. */
export type UaMakerRule = RuleRow<UaMakerFacts, string>;

const rule = rowsOf<UaMakerFacts, string>();

const same = (_: UaMakerFacts, brand: string): string => brand;

/** The rules, first match wins. */
export const UA_MAKER_RULES: readonly UaMakerRule[] = [
  rule(
    (f) => makerField(f.makers, f.ua),
    same,
    "A maker field of the platform block (BREW's `(…; Sanyo; …)`, Opera TV's `IKEA LF1V365`, `Maker/Model` words), of Windows CE and Windows Phone's trailing fields, or of an Opera TV device block `(<vendor>, <tuner>, <link>)`.",
  ),
  rule(
    (f) => makerProductToken(f.makers, f.ua),
    same,
    "Makers that name their own device software as a product token (BrightSign, PocketBook, Ordissimo, TiVo): signage players, e-readers, set-top boxes and senior PCs run only their maker's firmware.",
  ),
  rule(
    (f) => androidAppMaker(f.makers, f.ua),
    same,
    "An Android app's own agent `<App> Android Application (…) - <manufacturer> <model> <brand> - <id>` (Build.MANUFACTURER, Build.MODEL, Build.BRAND).",
  ),
  rule(
    (f) => platformMaker(f.codeFamilies, f.ua),
    (_, r) => r.brand,
    "A platform or product only one maker ships, named by a whole word (`Web0S` LG, `Silk` Amazon, `Tesla/` cars): the maker table's platform rows.",
  ),
  rule(
    (f) => (f.android ? makerOfBuild(f.makers, f.ua) : null),
    same,
    'White-label Android firmware puts its maker at the start of the build id, joined by `-` or `_` (`Build/CHUWI-CW-VX8`).',
  ),
];

/**
 * The maker the first rule of `rules` that finds one names, else null.
 *
 * @example
 * // not run: `facts` stands for what parseDevice read from a user agent
 * declare const facts: UaMakerFacts;
 * makerInUa(UA_MAKER_RULES, facts);
 */
export function makerInUa(rules: readonly UaMakerRule[], f: UaMakerFacts): string | null {
  return firstResult(rules, f) ?? null;
}
