/**
 * What the registry of products (src/registry.ts) reads of the phone product:
 * its factory on an opened data context, its option rules, its datasets and
 * its one-call functions' preload. Not part of the package's API: the
 * public entry is index.ts.
 */
export { PHONE_OPTION_RULES, phoneCheckOn, preloadSharedPhoneCheck } from './checkPhone.js';
export { PHONE_DATASETS } from './data/formats.js';
export { libphonenumber } from './libphonenumber.js';
