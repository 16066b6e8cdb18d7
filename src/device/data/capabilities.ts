/**
 * Browser capabilities by caniuse agent and version, from
 * data/device/capabilities.json (compiled from caniuse-lite, CC-BY-4.0, by
 * scripts/device/build.ts). CapabilityIndex on first use; rows are decoded once and
 * shared frozen.
 */
import { CAPABILITIES } from './formats.js';
import type { CapabilityJson } from './formats.js';
import type { DataBundle } from '../../data/bundle.js';

/** Version of data/device/capabilities.json (declared in ./formats.ts). */
export const CAPABILITIES_FORMAT = CAPABILITIES.formatVersion;

/**
 * Result fields that a caniuse feature backs, in a fixed order. Fields of the
 * spec that no caniuse feature backs (js_modify_dom, cookie_support, image_gif87…)
 * are deliberately absent.
 */
export const CAPABILITY_NAMES = [
  'css_animations',
  'css_transforms',
  'css_transitions',
  'html_canvas',
  'html_inlinesvg',
  'html_svg',
  'html_video',
  'html_audio',
  'image_png',
  'js_indexed_d_b',
  'js_local_storage',
  'js_session_storage',
  'js_web_gl',
  'js_web_sockets',
  'js_web_workers',
  'js_geo_location',
  'js_device_motion',
  'js_device_orientation',
  'js_touch_events',
  'js_web_sql_database',
  'js_application_cache',
  'js_json',
  'js_query_selector',
  'js_xhr',
  'js_support_event_listener',
  'js_support_console_log',
] as const;

/** A capability field of the device result that caniuse data backs. */
export type CapabilityName = (typeof CAPABILITY_NAMES)[number];

/** Capability flags of one browser version; a field is absent where caniuse says "unknown". */
export type BrowserCapabilities = Readonly<Partial<Record<CapabilityName, boolean>>>;


interface FamilyRows {
  /** [lower bound, upper bound] as major * 1000 + minor, or null for 'all'. */
  bounds: ([number, number] | null)[];
  rows: [string, number, number][];
  decoded: (BrowserCapabilities | undefined)[];
}

/** The capability table by caniuse agent, its rows decoded on first use: open it with {@link openCapabilities}. */
export interface CapabilityIndex {
  json: CapabilityJson;
  families: Map<string, FamilyRows>;
}


/** "120.0.6099.71" → 120000, "15.2" → 15002; NaN when it does not start with a digit. */
function versionValue(text: string): number {
  let major = 0;
  let minor = 0;
  let part = 0;
  let digits = 0;
  for (let i = 0; i < text.length && i < 32; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (digits >= 6) break;
      if (part === 0) major = major * 10 + (c - 48);
      else minor = minor * 10 + (c - 48);
      digits++;
    } else if (c === 46 && part === 0 && digits > 0) {
      part = 1;
      digits = 0;
    } else {
      break;
    }
  }
  if (part === 0 && digits === 0) return Number.NaN;
  return major * 1000 + Math.min(minor, 999);
}

/**
 * Reads data/device/capabilities.json from `bundle` and indexes it.
 *
 * @throws DataError when the file is missing or fails verification
 */
export function openCapabilities(bundle: DataBundle): CapabilityIndex {
  return build(bundle.load(CAPABILITIES));
}

function build(json: CapabilityJson): CapabilityIndex {
  const families = new Map<string, FamilyRows>();
  for (const [family, rows] of Object.entries(json.families)) {
    const bounds = rows.map(([label]) => {
      const dash = label.indexOf('-');
      const lo = versionValue(dash < 0 ? label : label.slice(0, dash));
      const hi = versionValue(dash < 0 ? label : label.slice(dash + 1));
      return Number.isNaN(lo) || Number.isNaN(hi) ? null : ([lo, hi] as [number, number]);
    });
    families.set(family, { bounds, rows, decoded: rows.map(() => undefined) });
  }
  return { json, families };
}

function decode(data: CapabilityIndex, fam: FamilyRows, index: number): BrowserCapabilities | undefined {
  const cached = fam.decoded[index];
  if (cached !== undefined) return cached;
  const row = fam.rows[index];
  if (row === undefined) return undefined;
  const [, supported, known] = row;
  const out: Partial<Record<CapabilityName, boolean>> = {};
  for (const name of CAPABILITY_NAMES) {
    const bit = data.json.fields[name];
    if (bit === undefined || (known & (1 << bit)) === 0) continue;
    out[name] = (supported & (1 << bit)) !== 0;
  }
  const frozen = Object.freeze(out);
  fam.decoded[index] = frozen;
  return frozen;
}

/**
 * Mobile agents that caniuse tracks at their current version only: older
 * versions resolve through the desktop browser with the same engine and
 * version numbers.
 */
const SAME_ENGINE_FALLBACK: Record<string, string> = { and_chr: 'chrome', and_ff: 'firefox' };

/**
 * Capability flags of a browser version, from caniuse data: 'supported' and
 * 'partial' count as true, 'not supported' and 'polyfill only' as false, and
 * 'unknown' leaves the field out. A version between two tracked ones takes
 * the older row ("15.2.1" → "15.2-15.3"); a version newer than the data takes
 * the newest row; a version older than the first tracked one gives undefined.
 *
 * @param family - caniuse agent id: chrome, firefox, safari, ios_saf, edge, ie, opera, samsung, android, and_chr, and_ff, op_mini, op_mob, and_uc, and_qq, baidu, kaios, bb, ie_mob
 * @param version - the browser version as the user agent gives it ("120.0.6099.71")
 * @returns frozen flags, or undefined for an unknown family or version
 * @example
 * // not run: `capabilities` stands for a table a checker opened (src/device/tables.ts)
 * declare const capabilities: CapabilityIndex;
 * browserCapabilities(capabilities, 'chrome', '120.0.6099.71')?.js_web_gl // true
 * browserCapabilities(capabilities, 'ie', '8')?.html_canvas // false
 */
export function browserCapabilities(data: CapabilityIndex, family: string, version: string): BrowserCapabilities | undefined {
  if (typeof family !== 'string' || typeof version !== 'string') return undefined;
  const id = family.slice(0, 16).toLowerCase();
  const fam = data.families.get(id);
  if (fam === undefined || fam.rows.length === 0) return undefined;
  if (fam.bounds[0] === null) return decode(data, fam, 0); // op_mini: one row, 'all'
  const v = versionValue(version.trim());
  if (Number.isNaN(v)) return undefined;
  let found = -1;
  for (let i = 0; i < fam.bounds.length; i++) {
    const b = fam.bounds[i];
    if (b !== null && b !== undefined && b[0] <= v) found = i;
  }
  if (found < 0) {
    const fallback = SAME_ENGINE_FALLBACK[id];
    return fallback === undefined ? undefined : browserCapabilities(data, fallback, version);
  }
  return decode(data, fam, found);
}

/**
 * Newest released version caniuse knows for a browser family (as a number:
 * 157, 27.2), for "years out of date" checks. Undefined for unknown families
 * and for Opera Mini, whose only version is "all".
 *
 * @example
 * // not run: `capabilities` stands for a table a checker opened (src/device/tables.ts)
 * declare const capabilities: CapabilityIndex;
 * latestBrowserVersion(capabilities, 'chrome') // 157: with caniuse-lite 1.0.30001826
 */
export function latestBrowserVersion(data: CapabilityIndex, family: string): number | undefined {
  if (typeof family !== 'string') return undefined;
  return data.json.latest[family.slice(0, 16).toLowerCase()];
}

/**
 * Result field → the caniuse feature id that backs it: the single place that
 * says so (scripts/device/capabilities.ts compiles exactly these features).
 */
export const CAPABILITY_FEATURES: Readonly<Record<CapabilityName, string>> = {
  css_animations: 'css-animation',
  css_transforms: 'transforms2d',
  css_transitions: 'css-transitions',
  html_canvas: 'canvas',
  html_inlinesvg: 'svg-html5',
  html_svg: 'svg',
  html_video: 'video',
  html_audio: 'audio',
  image_png: 'png-alpha',
  js_indexed_d_b: 'indexeddb',
  js_local_storage: 'namevalue-storage',
  js_session_storage: 'namevalue-storage',
  js_web_gl: 'webgl',
  js_web_sockets: 'websockets',
  js_web_workers: 'webworkers',
  js_geo_location: 'geolocation',
  js_device_motion: 'deviceorientation',
  js_device_orientation: 'deviceorientation',
  js_touch_events: 'touch',
  js_web_sql_database: 'sql-storage',
  js_application_cache: 'offline-apps',
  js_json: 'json',
  js_query_selector: 'queryselector',
  js_xhr: 'xhr2',
  js_support_event_listener: 'addeventlistener',
  js_support_console_log: 'console-basic',
};

/**
 * The caniuse feature id behind a capability field, for docs and reason
 * details (https://caniuse.com/<id>). Needs no data file.
 *
 * @example
 * capabilityFeatureSource('js_web_gl') // 'webgl'
 */
export function capabilityFeatureSource(name: CapabilityName): string {
  return CAPABILITY_FEATURES[name];
}
