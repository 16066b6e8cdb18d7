/**
 * Name data of identity-signals: the folding, the first/last-name tables,
 * the curated lists and the character n-gram model that checkName reads.
 * Everything loads lazily on first use, once, and is read-only after.
 */
export { foldName } from './fold.js';
export {
  FAKER_LOCALE_WEIGHT,
  GENDER_THRESHOLD,
  SSA_MIN_TOTAL,
  firstNameGender,
  genderOf,
  isKnownFirstName,
  isKnownLastName,
  lastNameWeight,
} from './tables.js';
export type { GenderCounts } from './tables.js';
