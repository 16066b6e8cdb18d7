/**
 * Name data of identity-signals: the folding, the first/last-name tables,
 * the curated lists and the character n-gram model that checkName reads.
 * Each function reads the tables it is given (src/name/tables.ts
 * openNameTables: opened once per checker, each table loaded on first use).
 */
export { foldName } from './fold.js';
export {
  CONTESTED_MIN_LOCALES,
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
export { COMMON_REAL_NAME_MARK, NAME_LIST_KINDS, isCommonRealNameLabel, listEntries, matchNameList } from './lists.js';
export type { NameListKind } from './lists.js';
export { nameLikeness, nameLikenessThreshold } from './likeness.js';
export { repeatedNameLimits } from './vocabulary.js';
export type { Vocabulary } from './vocabulary.js';
export { maleShareByCountry, surnameCountries, surnameCountryCounts } from './given.js';
export { romanize } from './translit.js';
