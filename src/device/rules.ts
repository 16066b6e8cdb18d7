/**
 * The device check's rule tables, in one place: each an ordered list of
 * `{ test, result, why }` rows (see each table's module for how its rows
 * combine). A checker reads them through its tables object, so a test can
 * run the check with a table changed (the redundancy test removes one rule
 * at a time) without touching module state.
 */
import { MAKER_RULES, NAMING_RULES } from './brandRules.js';
import type { DeviceRule } from './brandRules.js';
import { CATEGORY_RULES } from './category.js';
import type { CategoryRule } from './category.js';
import { MODEL_BLOCK_RULES } from './modelBlocks.js';
import type { ModelBlockRule } from './modelBlocks.js';
import { UA_MAKER_RULES } from './uaMakers.js';
import type { UaMakerRule } from './uaMakers.js';
import { OS_HINT_RULES, OS_RULES } from './osRules.js';
import type { OsRule } from './osRules.js';

/** Every rule table the device check reads. */
export interface DeviceRules {
  /** The OS from the user agent (osRules.ts). */
  readonly os: readonly OsRule[];
  /** The OS from the client hints and X-Requested-With (osRules.ts). */
  readonly osHints: readonly OsRule[];
  /** The model code of a non-Android platform's device block (modelBlocks.ts). */
  readonly modelBlocks: readonly ModelBlockRule[];
  /** The maker a UA names outside its model code (uaMakers.ts). */
  readonly uaMakers: readonly UaMakerRule[];
  /** The maker the UA states, the model table's row and the code family (brandRules.ts). */
  readonly maker: readonly DeviceRule[];
  /** The brand and model after the table's naming (brandRules.ts). */
  readonly naming: readonly DeviceRule[];
  /** The device category (category.ts). */
  readonly category: readonly CategoryRule[];
}

/** The tables as shipped. */
export const DEVICE_RULES: DeviceRules = Object.freeze({ os: OS_RULES, osHints: OS_HINT_RULES, modelBlocks: MODEL_BLOCK_RULES, uaMakers: UA_MAKER_RULES, maker: MAKER_RULES, naming: NAMING_RULES, category: CATEGORY_RULES });
