/**
 * Browser capabilities: compiles caniuse-lite (CC-BY-4.0) into a compact
 * browser family × version → feature bitset table (data/device/capabilities.json).
 *
 * Only capability fields that a caniuse feature really backs are compiled;
 * the mapping below is the single place that says which feature backs which
 * result field. 'y' (supported) and 'a' (partial) count as supported; 'n'
 * and 'p' (polyfill only) as not supported; 'u' (unknown) leaves the field
 * out for that version.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAPABILITY_FEATURES } from '../../src/device/data/capabilities.js';



/** [version label as caniuse writes it ("15.2-15.3", "all"), supported bits, known bits] */
export type VersionRow = [string, number, number];

export interface CapabilityTable {
  /** caniuse feature ids; bit i of a row is features[i]. */
  features: string[];
  /** Result field → index into features. */
  fields: Record<string, number>;
  /** caniuse agent id → rows in ascending version order. */
  families: Record<string, VersionRow[]>;
  /** caniuse agent id → newest released version (numeric families only). */
  latest: Record<string, number>;
}

interface UnpackedFeature {
  stats: Record<string, Record<string, string>>;
}
interface Agent {
  versions: (string | null)[];
  release_date: Record<string, number | null>;
}

/** Lower bound of a caniuse version label ("15.2-15.3" → 15.2). */
function lowerBound(label: string): number {
  return Number.parseFloat(label.split('-')[0] ?? '');
}
/** Upper bound of a caniuse version label ("4.4.3-4.4.4" → 4.4). */
function upperBound(label: string): number {
  const parts = label.split('-');
  return Number.parseFloat(parts[parts.length - 1] ?? '');
}

export function buildCapabilities(root: string): {
  table: CapabilityTable;
  date: string;
  inputSha256: string;
  stats: { families: number; versions: number; features: number };
} {
  // caniuse-lite is read from the build root's node_modules (the repository's, or the one `data update` downloaded).
  const require = createRequire(join(root, 'package.json'));
  const unpackFeature = (require('caniuse-lite/dist/unpacker/feature') as { default: (packed: unknown) => UnpackedFeature }).default;
  const { agents } = require('caniuse-lite') as { agents: Record<string, Agent> };
  const featureDir = join(root, 'node_modules', 'caniuse-lite', 'data', 'features');

  const features = [...new Set(Object.values(CAPABILITY_FEATURES))].sort();
  if (features.length > 30) throw new Error('capabilities: more than 30 features do not fit a 31-bit bitset');
  const fields: Record<string, number> = {};
  for (const [field, feature] of Object.entries(CAPABILITY_FEATURES)) fields[field] = features.indexOf(feature);

  const hash = createHash('sha256');
  const unpacked = features.map((id) => {
    const file = join(featureDir, `${id}.js`);
    hash.update(readFileSync(file));
    return unpackFeature(require(file));
  });
  hash.update(readFileSync(join(root, 'node_modules', 'caniuse-lite', 'data', 'agents.js')));

  const families: Record<string, VersionRow[]> = {};
  const latest: Record<string, number> = {};
  let newestRelease = 0;
  let versionCount = 0;
  for (const family of Object.keys(agents).sort()) {
    const agent = agents[family];
    if (agent === undefined) continue;
    const labels = agent.versions.filter((v): v is string => v !== null && v !== 'TP');
    const numeric = labels.every((l) => Number.isFinite(lowerBound(l)));
    if (numeric) labels.sort((a, b) => lowerBound(a) - lowerBound(b));
    const rows: VersionRow[] = [];
    for (const label of labels) {
      let supported = 0;
      let known = 0;
      unpacked.forEach((feature, bit) => {
        const cell = feature.stats[family]?.[label];
        if (cell === undefined) return;
        const flag = cell.split(' ')[0];
        if (flag === 'u') return;
        known |= 1 << bit;
        if (flag === 'y' || flag === 'a') supported |= 1 << bit;
      });
      rows.push([label, supported, known]);
      const released = agent.release_date[label];
      if (typeof released === 'number') {
        newestRelease = Math.max(newestRelease, released);
        if (numeric) latest[family] = Math.max(latest[family] ?? 0, upperBound(label));
      }
    }
    families[family] = rows;
    versionCount += rows.length;
  }
  return {
    table: { features, fields, families, latest },
    date: new Date(newestRelease * 1000).toISOString().slice(0, 10),
    inputSha256: hash.digest('hex'),
    stats: { families: Object.keys(families).length, versions: versionCount, features: features.length },
  };
}
