/**
 * What the registry of products (src/registry.ts) reads of the name product:
 * its factory on an opened data context, its option rules, its datasets and
 * its one-call functions' preload. Not part of the package's API: the
 * public entry is index.ts.
 */
export { NAME_OPTION_RULES, nameCheckOn, preloadSharedNameCheck } from './checkName.js';
export { NAME_DATASETS } from './data/formats.js';
export { nameTablesOf, sharedNameTables } from './checkName.js';
export { openNameTables } from './tables.js';
export type { NameTables } from './tables.js';
export { foldName, romanize } from './data/index.js';
