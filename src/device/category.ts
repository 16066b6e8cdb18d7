/**
 * The device category, decided by a table of rules `{ test, category, why }`
 * tried in order: the first rule whose test holds names the category (a
 * rule may compute it from the facts, e.g. the model table's type). Then a
 * phone whose model is a large-screen line is a phablet. The facts are
 * gathered by the earlier steps of the parse (parse.ts); no rule reads
 * anything else, and no rule keeps state.
 */
import type { DeviceSpecs, ModelInfo } from './data/index.js';
import { DESKTOP_OS_FAMILIES, FEATURE_PHONE_OS, SMARTPHONE_OS } from './names.js';
import {
  APPLE_HARDWARE,
  CAR,
  CONSOLE,
  DALVIK,
  FEATURE_PHONE,
  KAIOS_TOKEN,
  LAPTOP_LINE,
  MEDIA_BOX_MODEL,
  MOBILE_TOKEN,
  PERIPHERAL_MODEL,
  PHABLET_LINE,
  SMART_DISPLAY,
  SMART_SPEAKER,
  TABLET_MODEL,
  TV,
  TV_APP_PACKAGE,
  TV_BOX_SOC,
  TV_MODEL,
  TV_MODEL_NUMBER,
  WEARABLE,
  WEARABLE_MODEL,
} from './patterns.js';
import type { DeviceCategory } from './types.js';

/** What the category rules read, gathered by the earlier steps of the parse. */
export interface CategoryFacts {
  /** The length-capped user agent. */
  readonly ua: string;
  readonly robot: boolean;
  /** Result OS name (after client hints) and its family. */
  readonly os: string | null;
  readonly osFamily: string | null;
  /** The OS is Android or a fork of it. */
  readonly android: boolean;
  /** The model code as sent, and the reported model name. */
  readonly code: string | null;
  readonly model: string | null;
  /** The model table's row for the code, and the specs row of its model. */
  readonly info: ModelInfo | undefined;
  readonly specs: DeviceSpecs | undefined;
  /** The kind of the code's maker family (codeFamilies.ts), when it fits the UA's maker. */
  readonly familyKind: DeviceCategory | undefined;
  /** The maker's own category (one kind, or no phones and tablets), for Android devices the table does not know. */
  readonly makerCategory: DeviceCategory | undefined;
  /** The category of what the maker mostly makes, for the same devices. */
  readonly makerMainCategory: DeviceCategory | undefined;
  /** ua-parser-js's device type (`mobile`, `tablet`, `smarttv`…). */
  readonly parserType: string | undefined;
  /** A Lumia named outside the IEMobile block. */
  readonly lumia: boolean;
  /** Google's Fuchsia (Nest Hub). */
  readonly fuchsia: boolean;
  /** X-Requested-With and Sec-CH-UA-Mobile. */
  readonly requestedWith: string | undefined;
  readonly hintsMobile: boolean | undefined;
}

/** A category rule: when `test` holds, `category` (fixed, or computed from the facts) is the answer. */
export interface CategoryRule {
  readonly test: (f: CategoryFacts) => boolean;
  readonly category: DeviceCategory | ((f: CategoryFacts) => DeviceCategory);
  readonly why: string;
}

/** ua-parser-js device types → category. */
const TYPE_CATEGORY: Readonly<Record<string, DeviceCategory>> = {
  mobile: 'smartphone',
  tablet: 'tablet',
  smarttv: 'tv',
  console: 'console',
  wearable: 'wearable',
  xr: 'wearable',
  embedded: 'peripheral',
};

/** Model-table device types → category. */
const TABLE_CATEGORY: Readonly<Record<string, DeviceCategory>> = {
  smartphone: 'smartphone',
  phone: 'smartphone',
  phablet: 'phablet',
  tablet: 'tablet',
  tv: 'tv',
  wearable: 'wearable',
  watch: 'wearable',
  console: 'console',
  car: 'car',
  media_player: 'media_player',
  smart_speaker: 'smart_speaker',
  smart_display: 'smart_display',
  camera: 'camera',
  peripheral: 'peripheral',
  desktop: 'desktop',
  feature_phone: 'feature_phone',
};

const tableCategory = (f: CategoryFacts): DeviceCategory | undefined => {
  const t = f.specs?.category ?? f.info?.device_type;
  return t === undefined ? undefined : TABLE_CATEGORY[t];
};
const mobileToken = (f: CategoryFacts): boolean => MOBILE_TOKEN.test(f.ua);

/**
 * The rules, first match wins. Each names the family it covers and why it
 * sits where it does in the order.
 */
export const CATEGORY_RULES: readonly CategoryRule[] = [
  { test: (f) => f.robot, category: 'robot', why: 'A robot is a robot whatever device it claims.' },
  {
    test: (f) =>
      f.familyKind !== undefined &&
      f.specs === undefined &&
      (f.info === undefined || f.info.device_type === undefined || f.info.device_type === 'smartphone' || norm(f.info.model) === norm(f.info.code)),
    category: (f) => f.familyKind!,
    why: "A table row named only by its code, or typed smartphone, may carry the maker's default type (scripts/device/models.ts); without a specs row the code family's kind is more specific (BAH2-AL10 is a tablet, Moto 360 a watch).",
  },
  { test: (f) => tableCategory(f) !== undefined, category: (f) => tableCategory(f)!, why: "The model table's (or specs table's) type of the code." },
  {
    test: (f) => f.requestedWith !== undefined && TV_APP_PACKAGE.test(f.requestedWith),
    category: 'tv',
    why: 'The app that made the request is a TV app (X-Requested-With package).',
  },
  { test: (f) => f.os !== null && FEATURE_PHONE_OS.has(f.os), category: 'feature_phone', why: 'Feature-phone platforms: KaiOS, Java ME, MRE, Brew, Series 40.' },
  { test: (f) => f.lumia, category: 'smartphone', why: 'Lumias are phones whatever Windows mode their browser claims.' },
  { test: (f) => f.fuchsia, category: 'smart_display', why: "Fuchsia runs only on Google's Nest Hub smart displays (its Cast token would read as a TV)." },
  {
    test: (f) =>
      TV.test(f.ua) ||
      (f.code !== null && (TV_MODEL.test(f.code) || TV_MODEL_NUMBER.test(f.code) || ((MEDIA_BOX_MODEL.test(f.code) || TV_BOX_SOC.test(f.code)) && !mobileToken(f)))),
    category: 'tv',
    why: 'TV platforms and middleware (HbbTV, Web0S, Android TV…), TV and box model names, size-first TV numbering, box names and TV-box SoCs without Mobile.',
  },
  { test: (f) => f.android && f.code !== null && PERIPHERAL_MODEL.test(f.code), category: 'peripheral', why: 'Projectors, single-board computers, POS terminals named in an Android UA.' },
  { test: (f) => f.code !== null && LAPTOP_LINE.test(f.code), category: 'desktop', why: 'Laptop product lines (Latitude, ThinkPad, Aspire…).' },
  { test: (f) => f.code !== null && WEARABLE_MODEL.test(f.code), category: 'wearable', why: 'Watch and VR headset model names.' },
  { test: (f) => f.android && f.code !== null && TABLET_MODEL.test(f.code), category: 'tablet', why: 'Tablet model names on Android (…Pad, …Tab…, MID…, SM-T…).' },
  { test: (f) => CAR.test(f.ua), category: 'car', why: 'In-car browsers (Tesla, CarPlay, Android Automotive, QtCarBrowser).' },
  { test: (f) => CONSOLE.test(f.ua), category: 'console', why: 'Game consoles and handhelds (PlayStation, Xbox, Nintendo, Steam Deck).' },
  { test: (f) => WEARABLE.test(f.ua) || f.os === 'watchOS' || f.os === 'Wear OS', category: 'wearable', why: 'Watch and headset platforms (watchOS, Wear OS, Oculus Browser).' },
  { test: (f) => SMART_DISPLAY.test(f.ua), category: 'smart_display', why: 'Smart displays (Echo Show, Nest Hub, Portal, Family Hub).' },
  { test: (f) => SMART_SPEAKER.test(f.ua), category: 'smart_speaker', why: 'Smart speakers (Echo, Sonos, HomePod, Yandex Station).' },
  {
    test: (f) => f.os !== null && SMARTPHONE_OS.has(f.os),
    category: 'smartphone',
    why: 'Bada browsers carry MIDP/CLDC tokens for old WAP servers: the OS says it is no feature phone.',
  },
  {
    test: (f) => FEATURE_PHONE.test(f.ua) && (!f.android || KAIOS_TOKEN.test(f.ua)),
    category: 'feature_phone',
    why: "WAP-era browsers (MIDP, MAUI, UP.Browser, NetFront…), except on Android, whose UC Browser sends MIDP-2.0 too (KaiOS, whose UA also says Android, stays a feature phone).",
  },
  { test: (f) => f.os === 'Chrome OS', category: 'desktop', why: 'Chrome OS devices are laptops and desktops.' },
  {
    test: (f) => f.model === 'iPod' || f.model === 'iPod touch' || (f.model === null && f.os === 'iOS' && APPLE_HARDWARE.exec(f.ua)?.[1] === 'iPod'),
    category: 'media_player',
    why: 'An iPod touch is a media player although ua-parser-js types it mobile.',
  },
  {
    test: (f) => f.makerCategory !== undefined && (f.parserType === undefined || f.parserType === 'tablet' || f.parserType === 'mobile'),
    category: (f) => f.makerCategory!,
    why: "ua-parser-js types an Android UA by its Mobile token alone: the kinds of a maker that makes one kind of device, or no phones and tablets at all, know better (makerCategory keeps the token's word for a TV maker).",
  },
  {
    test: (f) => f.parserType !== undefined && TYPE_CATEGORY[f.parserType] !== undefined,
    category: (f) => TYPE_CATEGORY[f.parserType!]!,
    why: "ua-parser-js's device type (smarttv, console, wearable, xr, embedded, mobile, tablet).",
  },
  { test: (f) => f.model === 'iPad', category: 'tablet', why: 'An iPad token: the UA hides the generation, not the kind.' },
  {
    test: (f) => f.android && !DALVIK.test(f.ua),
    category: (f) => (mobileToken(f) ? 'smartphone' : 'tablet'),
    why: "Chrome-style Android UAs: Mobile on phones, omitted on tablets (Android's own HTTP stack, Dalvik, never sends it, so there its absence says nothing).",
  },
  {
    test: (f) => f.makerMainCategory !== undefined,
    category: (f) => f.makerMainCategory!,
    why: "Android's own HTTP stack says nothing about the screen: the maker's main line of products is the best evidence left.",
  },
  { test: (f) => f.hintsMobile === true, category: 'smartphone', why: 'Sec-CH-UA-Mobile: ?1 says the browser runs on a phone.' },
  { test: (f) => f.osFamily !== null && DESKTOP_OS_FAMILIES.has(f.osFamily), category: 'desktop', why: 'A desktop OS with no device named.' },
];

function norm(s: string): string {
  let out = '';
  const lower = s.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122)) out += lower[i];
  }
  return out;
}

/**
 * The category of a device: the first rule of `rules` ({@link CATEGORY_RULES}) that
 * holds, else `unknown`; a smartphone whose model is a large-screen line
 * (Note, Fold, Grand…) or whose specs say a 7-inch-class screen (unfolded
 * foldables) is a phablet.
 *
 * @example
 * // not run: `facts` stands for what parseDevice read from a user agent
 * declare const facts: CategoryFacts;
 * decideCategory({ ...facts, robot: true }); // 'robot'
 */
export function decideCategory(f: CategoryFacts, rules: readonly CategoryRule[] = CATEGORY_RULES): DeviceCategory {
  let category: DeviceCategory = 'unknown';
  for (const rule of rules) {
    if (rule.test(f)) {
      category = typeof rule.category === 'function' ? rule.category(f) : rule.category;
      break;
    }
  }
  if (category === 'smartphone' && ((f.model !== null && PHABLET_LINE.test(f.model)) || (f.specs !== undefined && f.specs.diagonal_in >= 7))) return 'phablet';
  return category;
}
