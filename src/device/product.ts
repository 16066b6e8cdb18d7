/**
 * What the registry of products (src/registry.ts) reads of the device product:
 * its factory on an opened data context, its option rules, its datasets and
 * its one-call functions' preload. Not part of the package's API: the
 * public entry is index.ts.
 */
export { DEVICE_OPTION_RULES, deviceCheckOn, preloadSharedDeviceCheck } from './checkDevice.js';
export { DEVICE_DATASETS } from './data/formats.js';
