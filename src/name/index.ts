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
