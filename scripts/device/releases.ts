/**
 * Browser release history: compiles the release date of every major version
 * of the evergreen browser families out of caniuse-lite's agents data
 * (CC-BY-4.0, data of caniuse.com) into data/device/releases.json.
 *
 * Why caniuse-lite: the package is already the source of the capability
 * table (same licence, same credit in NOTICE and the README), browserslist
 * republishes it within days of every browser release, and its agents data
 * dates every version of each family we age, iOS Safari by iOS version and
 * Samsung Internet included. MDN's browser-compat-data (CC0) dates releases
 * too, but would be a second package for the same facts.
 *
 * A major's date is the earliest date caniuse gives any of its labels
 * ("15.2-15.3" is iOS 15); versions without a date (betas, nightlies) are
 * left out, so the table holds released versions only. Majors are sorted by
 * number, not date: a vendor now and then ships a major a few days before
 * the one below it (Opera 74 before 73), and the check reads "superseded"
 * as "any higher major released".
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RELEASE_FAMILIES } from '../../src/device/data/releases.js';
import type { ReleaseJson } from '../../src/device/data/formats.js';

interface Agent {
  release_date: Record<string, number | null>;
}

export function buildReleases(root: string): { table: ReleaseJson; date: string; inputSha256: string; stats: { families: number; majors: number } } {
  const require = createRequire(join(root, 'package.json'));
  const { agents } = require('caniuse-lite') as { agents: Record<string, Agent | undefined> };
  const families: Record<string, [number, string][]> = {};
  let newest = '';
  let majors = 0;
  for (const family of RELEASE_FAMILIES) {
    const agent = agents[family];
    if (agent === undefined) throw new Error(`releases: caniuse-lite has no agent ${family}`);
    const first = new Map<number, number>();
    for (const [label, at] of Object.entries(agent.release_date)) {
      if (typeof at !== 'number') continue;
      const major = Number.parseInt(label, 10);
      if (!Number.isInteger(major)) continue;
      const seen = first.get(major);
      if (seen === undefined || at < seen) first.set(major, at);
    }
    const rows = [...first].sort((a, b) => a[0] - b[0]).map(([major, at]): [number, string] => [major, new Date(at * 1000).toISOString().slice(0, 10)]);
    families[family] = rows;
    majors += rows.length;
    const last = rows[rows.length - 1];
    if (last !== undefined && last[1] > newest) newest = last[1];
  }
  const hash = createHash('sha256').update(readFileSync(join(root, 'node_modules', 'caniuse-lite', 'data', 'agents.js'))).digest('hex');
  return { table: { families }, date: newest, inputSha256: hash, stats: { families: RELEASE_FAMILIES.length, majors } };
}
