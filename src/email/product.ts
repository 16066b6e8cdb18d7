/**
 * What the registry of products (src/registry.ts) reads of the email product:
 * its factory on an opened data context, its option rules, its datasets and
 * its one-call functions' preload. Not part of the package's API: the
 * public entry is index.ts.
 */
export { EMAIL_OPTION_RULES, emailCheckOn, preloadSharedEmailCheck } from './checkEmail.js';
export { EMAIL_DATASETS } from './data/formats.js';
