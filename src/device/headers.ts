import type { KeyPart } from '../common/boundedCache.js';
import { CH_BRAND_ITEM, CH_QUOTED, CONTROL, PACKAGE_NAME } from './patterns.js';
import type { DeviceHeaders } from './types.js';

/** Longest header value we read; client hints are short, so anything longer is cut. */
const MAX_HEADER_LENGTH = 512;

/** The client hints and app header the check reads, parsed. @example readClientHints({ 'Sec-CH-UA-Mobile': '?1' }) // { mobile: true } */
export interface ClientHints {
  /** `Sec-CH-UA-Model`, unquoted; undefined when absent or empty. */
  readonly model?: string;
  /** `Sec-CH-UA-Platform`, unquoted (`Android`, `Windows`, `macOS`…). */
  readonly platform?: string;
  /** `Sec-CH-UA-Platform-Version`, unquoted (`13.0.0`). */
  readonly platformVersion?: string;
  /** `Sec-CH-UA-Mobile`: `?1` → true, `?0` → false. */
  readonly mobile?: boolean;
  /** Brand → full version from `Sec-CH-UA-Full-Version-List` (or `Sec-CH-UA` when that is absent). */
  readonly brands?: ReadonlyMap<string, string>;
  /** `X-Requested-With` package name of the app hosting a WebView. */
  readonly requestedWith?: string;
}

/** Header names we read, lower-cased, and the fields they fill. */
const WANTED = new Set([
  'sec-ch-ua-model',
  'sec-ch-ua-platform',
  'sec-ch-ua-platform-version',
  'sec-ch-ua-mobile',
  'sec-ch-ua-full-version-list',
  'sec-ch-ua',
  'x-requested-with',
  'http-x-requested-with',
]);

/** First string of a header value; anything that is not a string (or an array of them) is ignored. */
function headerString(value: unknown): string | undefined {
  let s: unknown = value;
  if (Array.isArray(value)) s = value.find((v) => typeof v === 'string');
  if (typeof s !== 'string') return undefined;
  const capped = s.length > MAX_HEADER_LENGTH ? s.slice(0, MAX_HEADER_LENGTH) : s;
  return CONTROL.test(capped) ? undefined : capped.trim();
}

/** `"Pixel 7"` → `Pixel 7`; an unquoted token is taken as is. */
function unquote(value: string): string {
  const m = CH_QUOTED.exec(value);
  return (m === null ? value : m[1]!).trim();
}

/**
 * Picks the headers the device check reads out of a request's headers.
 * Names are matched case-insensitively; values of the wrong type (numbers,
 * objects, arrays of non-strings) are skipped, never thrown on.
 *
 * @param headers request headers as Node gives them; anything else yields no hints
 * @returns the hints that were present
 * @example
 * readClientHints({ 'Sec-CH-UA-Model': '"SM-S911B"', 'Sec-CH-UA-Mobile': '?1' });
 * // { model: 'SM-S911B', mobile: true }
 */
export function readClientHints(headers: unknown): ClientHints {
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) return {};
  const out: { -readonly [K in keyof ClientHints]: ClientHints[K] } = {};
  let list: string | undefined;
  let ua: string | undefined;
  for (const key of Object.keys(headers as DeviceHeaders)) {
    const name = key.toLowerCase();
    if (!WANTED.has(name)) continue;
    const value = headerString((headers as Record<string, unknown>)[key]);
    if (value === undefined || value === '') continue;
    switch (name) {
      case 'sec-ch-ua-model': {
        const model = unquote(value);
        if (model !== '') out.model = model;
        break;
      }
      case 'sec-ch-ua-platform': {
        const platform = unquote(value);
        if (platform !== '') out.platform = platform;
        break;
      }
      case 'sec-ch-ua-platform-version': {
        const version = unquote(value);
        if (version !== '') out.platformVersion = version;
        break;
      }
      case 'sec-ch-ua-mobile':
        if (value === '?1') out.mobile = true;
        else if (value === '?0') out.mobile = false;
        break;
      case 'sec-ch-ua-full-version-list':
        list = value;
        break;
      case 'sec-ch-ua':
        ua = value;
        break;
      default: {
        // x-requested-with: an Android app's package, or `XMLHttpRequest` from scripts (ignored).
        if (PACKAGE_NAME.test(value)) out.requestedWith = value;
      }
    }
  }
  const source = list ?? ua;
  if (source !== undefined) {
    const brands = new Map<string, string>();
    for (const m of source.matchAll(CH_BRAND_ITEM)) {
      // GREASE brands ("Not A;Brand", "Not/A)Brand") are noise by design.
      if (!m[1]!.startsWith('Not')) brands.set(m[1]!, m[2]!);
    }
    if (brands.size > 0) out.brands = brands;
  }
  return out;
}

/**
 * The hints as parts of a result-cache key (`cacheKey` in
 * src/common/boundedCache.ts encodes each part with its length, so no user
 * agent text can imitate a hint): every field the check reads, in a fixed
 * order, brands as a flat name/version list.
 *
 * @example
 * hintsKeyParts({ mobile: true }); // [undefined, undefined, undefined, true, undefined, undefined]
 */
export function hintsKeyParts(h: ClientHints): KeyPart[] {
  const brands = h.brands === undefined ? undefined : [...h.brands].flat();
  return [h.model, h.platform, h.platformVersion, h.mobile, brands, h.requestedWith];
}
