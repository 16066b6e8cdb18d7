/**
 * Data bundles: the dated, verified, replaceable datasets the checks read
 * (docs/data.md).
 */
export { DataBundle, decodeDataset, readListedFile } from './bundle.js';
export type { BundleOrigin } from './bundle.js';
export { DEFAULT_MAX_AGE_DAYS, ageInDays, defaultDataContext, openData } from './context.js';
export type { DataContext, DataOptions } from './context.js';

export { dataset } from './format.js';
export type { DataEncoding, DataProduct, DatasetFormat } from './format.js';
export { dataInfo, exportBundle, verifyBundle } from './info.js';
export type { BundleProblem, DatasetInfo } from './info.js';
export { NO_DEFAULT_BUNDLE, defaultBundle, defaultBundleDir } from './locate.js';
export { MANIFEST_FILE, MANIFEST_FORMAT, MANIFEST_FORMAT_VERSION, formatManifest, parseManifest } from './manifest.js';
export type { Manifest, ManifestDataset } from './manifest.js';
