/**
 * The name check: validity, gender and fake-name risk of a first and last
 * name, offline. `import { checkName } from 'identity-signals/name'`.
 *
 * @packageDocumentation
 */
export { checkName, createNameCheck } from './checkName.js';
export { NAME_SCORE_MODEL } from './scoreModel.js';
export type { NameWeightCode } from './scoreModel.js';
export type { NameCallOptions, NameCheck, NameCheckOptions, NameReasonCode, NameResult, NameRiskType } from './types.js';

// For the checker layer (src/registry.ts lists every product from these), not
// part of the stable API: the option rules, the datasets and the one-call
// functions' preload.
/** @internal */
export { NAME_OPTION_RULES, preloadSharedNameCheck } from './checkName.js';
/** @internal */
export { NAME_DATASETS } from './data/formats.js';
