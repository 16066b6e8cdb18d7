/**
 * Device data accessors: model codes → brand and marketing name, device specs,
 * browser capabilities. Each `open…` reads its table from a bundle; the
 * lookups take the opened table (src/device/tables.ts opens them per checker).
 */
export { openModels, lookupModelCode, normalizeModelCode, modelBrands, allModelCodes, MODELS_FORMAT } from './models.js';
export type { ModelInfo, ModelDeviceType, ModelTable } from './models.js';
export { openSpecs, lookupSpecs, allSpecs, priceCluster, SPECS_FORMAT } from './specs.js';
export type { DeviceSpecs, DeviceSpecsRow, PriceCluster, SpecsTable } from './specs.js';
export {
  openCapabilities,
  browserCapabilities,
  latestBrowserVersion,
  capabilityFeatureSource,
  CAPABILITY_NAMES,
  CAPABILITIES_FORMAT,
} from './capabilities.js';
export type { CapabilityName, BrowserCapabilities, CapabilityIndex } from './capabilities.js';
export { openReleases, releaseHistory, RELEASE_FAMILIES, RELEASES_FORMAT } from './releases.js';
export type { ReleaseHistory, ReleaseFamily, ReleaseTable } from './releases.js';
export { openMakers, brandFromToken, brandAtStart, brandKinds, allBrands, canonicalBrand, makerRules, BRANDS_FORMAT } from './brands.js';
export type { MakerRule, MakerTable } from './brands.js';
