/**
 * Device data accessors: model codes → brand and marketing name, device specs,
 * browser capabilities. Each table loads lazily on its first lookup.
 */
export { lookupModelCode, normalizeModelCode, modelBrands, allModelCodes, MODELS_FORMAT } from './models.js';
export type { ModelInfo, ModelDeviceType } from './models.js';
export { lookupSpecs, allSpecs, priceCluster, SPECS_FORMAT } from './specs.js';
export type { DeviceSpecs, DeviceSpecsRow, PriceCluster } from './specs.js';
export {
  browserCapabilities,
  latestBrowserVersion,
  capabilityFeatureSource,
  CAPABILITY_NAMES,
  CAPABILITIES_FORMAT,
} from './capabilities.js';
export type { CapabilityName, BrowserCapabilities } from './capabilities.js';
export { releaseHistory, RELEASE_FAMILIES, RELEASES_FORMAT } from './releases.js';
export type { ReleaseHistory, ReleaseFamily } from './releases.js';
export { brandFromToken, brandAtStart, brandKinds, allBrands, canonicalBrand, makerRules, BRANDS_FORMAT } from './brands.js';
export type { MakerRule } from './brands.js';
