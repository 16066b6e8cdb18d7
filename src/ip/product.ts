/**
 * What the registry of products (src/registry.ts) reads of the ip product:
 * its factory on an opened data context, its option rules, its datasets and
 * its one-call functions' preload. Not part of the package's API: the
 * public entry is index.ts.
 */
export { IP_OPTION_RULES, ipCheckOn, preloadSharedIpCheck } from './checkIp.js';
export { IP_DATASETS } from './data/formats.js';
export { LocalHours } from './time.js';
export { bundledCityPathIfInstalled } from './mmdb.js';
