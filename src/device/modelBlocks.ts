/**
 * The model code of a non-Android platform, found in the platform's own
 * device block: an ordered table of rules `{ test, result, why }`, first
 * match wins (a platform's block, once found, is the only place its model
 * can be). Each row covers one platform's documented UA format. Consulted
 * only when ua-parser-js and the Android model token gave no code
 * (parse.ts, step 3).
 */
import { brandAtStart, brandFromToken } from './data/index.js';
import type { MakerTable } from './data/index.js';
import {
  APPLE_HARDWARE,
  DOCOMO_MODEL,
  FB_DEVICE,
  FB_MODEL,
  HBBTV_MODEL,
  KAIOS_MODEL,
  LUMIA_MODEL,
  MODEL_NOISE,
  MODEL_TAIL,
  MRE_DEVICE,
  NOT_A_MODEL,
  SONOS_MODEL,
  TIZEN_MODEL,
  VENDOR_FIELD,
  WINDOWS_PHONE_MODEL,
} from './patterns.js';
import { firstResult, rowsOf } from './ruleRows.js';
import type { RuleRow } from './ruleRows.js';

/**
 * Cleans a model code: no `Build/…`, no brand prefix the table does not use.
 *
 * @example
 * cleanModel('SM-S911B Build/UP1A.231005.007'); // 'SM-S911B'
 */
export function cleanModel(code: string): string | null {
  const trimmed = code.replace(MODEL_NOISE, '').trim().replace(MODEL_TAIL, '');
  if (trimmed === '' || NOT_A_MODEL.test(trimmed)) return null;
  return trimmed;
}

/**
 * Lumia phones were Nokia's until Microsoft bought the phone business in
 * 2014; the models launched after that carry the Microsoft brand: 430, 435,
 * 532, 535, 540, 550, 640 (LTE, XL), 650 and 950 (XL).
 */
const MICROSOFT_LUMIAS: ReadonlySet<string> = new Set(['430', '435', '532', '535', '540', '550', '640', '650', '950']);
function lumiaMaker(number: string): string {
  return MICROSOFT_LUMIAS.has(number) ? 'Microsoft' : 'Nokia';
}

/** What a platform's device block says: the model code and the maker it names. */
export interface ModelBlock {
  readonly code: string | null;
  /** A maker named by the block, as written (a vocabulary word or a name). */
  readonly vendorHint: string | undefined;
  /** A Lumia named outside the IEMobile block. */
  readonly lumia: boolean;
}

/** What the model-block rules read. */
export interface ModelBlockFacts {
  readonly ua: string;
  /** The OS decided by step 2. */
  readonly os: string | null;
  readonly makers: MakerTable;
}

/** A model-block rule: when `test` finds the block (a truthy value, a regex match), `result` reads it. */
export type ModelBlockRule = RuleRow<ModelBlockFacts, ModelBlock>;

const rule = rowsOf<ModelBlockFacts, ModelBlock>();

const block = (code: string | null, vendorHint?: string, lumia = false): ModelBlock => ({ code, vendorHint, lumia });

/** The rules, first match wins. */
export const MODEL_BLOCK_RULES: readonly ModelBlockRule[] = [
  rule(
    (f) => KAIOS_MODEL.exec(f.ua),
    (f, m) => (m[2] !== undefined && brandFromToken(f.makers, m[1]!) !== undefined ? block(cleanModel(m[2]), m[1]!) : block(cleanModel(m[1]!.replaceAll('_', ' ')))),
    "KaiOS and Firefox OS handsets write `(Mobile; Maker/Model/build; …rv:)` or the model alone (`Nokia_8110_4G`): the maker counts when it is a vocabulary maker.",
  ),
  rule(
    (f) => f.os === 'MRE' && MRE_DEVICE.exec(f.ua),
    (f, m) => {
      const lead = brandAtStart(f.makers, m[1]!);
      return lead !== undefined && lead.rest !== '' ? block(cleanModel(lead.rest.replaceAll('_', ' ')), lead.brand) : block(null);
    },
    "MediaTek MRE feature phones write `DEV/<Maker>_<Model>`.",
  ),
  rule(
    (f) => WINDOWS_PHONE_MODEL.exec(f.ua) ?? HBBTV_MODEL.exec(f.ua),
    (_, m) => block(cleanModel(m[2]!), m[1]!.trim()),
    "Windows Phone's `IEMobile/x; <maker>; <model>` and HbbTV's `(<options>; <vendor>; <model>; …)` (ETSI TS 102 796) name maker and model.",
  ),
  rule((f) => DOCOMO_MODEL.exec(f.ua), (_, m) => block(m[1]!, 'DoCoMo'), "NTT DoCoMo's i-mode handsets write `DoCoMo/2.0 <model>`: the operator's own platform names the device."),
  rule((f) => TIZEN_MODEL.exec(f.ua), (_, m) => block(cleanModel(m[1]!)), 'Tizen devices name the model after the OS version (`Tizen 4.0; SAMSUNG SM-R765V`).'),
  rule((f) => LUMIA_MODEL.exec(f.ua), (_, m) => block(cleanModel(m[0]), lumiaMaker(m[1]!), true), 'Lumia phones name their number outside the IEMobile block; Nokia made them until 2014, Microsoft after.'),
  rule((f) => VENDOR_FIELD.exec(f.ua), (_, m) => block(null, m[1]!), "TV middleware's `Vendor/<maker>;` field names the maker only."),
  rule((f) => SONOS_MODEL.exec(f.ua), (_, m) => block(m[1]!, 'Sonos'), "Sonos players' firmware agent `Sonos/<version> (<model>)`: only Sonos ships it."),
  rule(
    (f) => {
      const m = FB_DEVICE.exec(f.ua);
      return m !== null && !APPLE_HARDWARE.test(m[1]!) && m;
    },
    (f, m) => block(m[1] === 'WindowsDevice' ? cleanModel(FB_MODEL.exec(f.ua)?.[1] ?? '') : cleanModel(m[1]!)),
    "Facebook's in-app agent names the hardware (`FBDV/…`); its `WindowsDevice` placeholder leaves the model to `FBMD/…`. Apple hardware names are read elsewhere.",
  ),
];

/**
 * The first rule of `rules` whose test finds its block, read; undefined when none does.
 *
 * @example
 * // not run: `facts` stands for what parseDevice read from a user agent
 * declare const facts: ModelBlockFacts;
 * readModelBlock(MODEL_BLOCK_RULES, facts)?.code;
 */
export function readModelBlock(rules: readonly ModelBlockRule[], f: ModelBlockFacts): ModelBlock | undefined {
  return firstResult(rules, f);
}
