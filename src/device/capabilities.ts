import { browserCapabilities } from './data/index.js';
import type { CapabilityIndex, CapabilityName } from './data/index.js';
import { caniuseAgent } from './names.js';
import { MAJOR_MINOR } from './patterns.js';

/** Capabilities of one browser version. @example const t: CapabilityTable = { js_web_gl: true }; */
export type CapabilityTable = Readonly<Partial<Record<CapabilityName, boolean>>>;

/** Trident version → Internet Explorer version (Trident/7.0 is IE 11 even in compatibility mode). */
const TRIDENT_IE: Readonly<Record<string, string>> = { '4': '8', '5': '9', '6': '10', '7': '11', '8': '11' };

function major(version: string | null): number | undefined {
  if (version === null) return undefined;
  const m = MAJOR_MINOR.exec(version);
  return m === null ? undefined : Number(m[1]);
}

/** What the parse found out about the browser (a ParsedDevice has these fields). */
export interface BrowserFacts {
  readonly browser: string | null;
  readonly browserVersion: string | null;
  readonly engine: string | null;
  readonly engineVersion: string | null;
  readonly os: string | null;
  readonly osVersion: string | null;
}

/** caniuse ids of a browser, its version to look up, tried in order. */
function candidates({ browser, browserVersion, engine, engineVersion, os, osVersion }: BrowserFacts): [string, string][] {
  const out: [string, string][] = [];
  const android = os !== null && (os === 'Android' || os === 'Fire OS' || os === 'Android TV');
  const ios = os === 'iOS' || os === 'iPadOS';
  const agent = browser === null ? undefined : caniuseAgent(browser, os);
  // Every iOS browser runs Apple's WebKit, which ships with the OS.
  if (ios && osVersion !== null) out.push(['ios_saf', osVersion]);
  // The stock Android Browser always says Version/4.0: its WebKit is the OS's.
  else if (agent === 'android' && osVersion !== null) out.push(['android', osVersion]);
  else if (agent !== undefined && browserVersion !== null) out.push([agent, browserVersion]);
  // Browsers without their own caniuse entry follow their engine.
  if (engine === 'Blink' && engineVersion !== null) {
    if (android) out.push(['and_chr', engineVersion]);
    out.push(['chrome', engineVersion]);
  } else if (engine === 'Gecko' && engineVersion !== null) {
    if (android) out.push(['and_ff', engineVersion]);
    out.push(['firefox', engineVersion]);
  } else if (engine === 'Trident' && engineVersion !== null) {
    const ie = TRIDENT_IE[String(major(engineVersion))];
    if (ie !== undefined) out.push(['ie', ie]);
  } else if (engine === 'EdgeHTML' && engineVersion !== null) {
    out.push(['edge', engineVersion]);
  } else if (engine === 'WebKit' && os === 'Mac' && browserVersion !== null) {
    out.push(['safari', browserVersion]);
  }
  // caniuse keeps only the newest and_chr/and_ff release: fall back to desktop.
  if (agent === 'and_chr' && browserVersion !== null) out.push(['chrome', browserVersion]);
  if (agent === 'and_ff' && browserVersion !== null) out.push(['firefox', browserVersion]);
  return out;
}

/**
 * Looks up the capability row of a parsed browser: its own caniuse entry
 * first, then its engine's. Undefined when neither is known.
 *
 * @example
 * // not run: `capabilities` stands for a table a checker opened (src/device/tables.ts)
 * declare const capabilities: CapabilityIndex;
 * lookupCapabilities(capabilities, { browser: 'Chrome Mobile', browserVersion: '120.0.0.0', engine: 'Blink', engineVersion: '120.0.0.0', os: 'Android', osVersion: '14' })?.agent; // 'and_chr'
 */
export function lookupCapabilities(capabilities: CapabilityIndex, facts: BrowserFacts): { table: CapabilityTable; agent: string; version: string } | undefined {
  for (const [agent, version] of candidates(facts)) {
    const table = browserCapabilities(capabilities, agent, version);
    if (table !== undefined) return { table, agent, version };
  }
  return undefined;
}
