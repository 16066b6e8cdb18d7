/**
 * Every regular expression of the phone check. The hot path uses none: the
 * number is normalised by a character loop (checkPhone.ts). These only
 * classify an input already rejected, to say why; they run on input capped
 * to MAX_INPUT_LENGTH characters and cannot backtrack (single character
 * classes).
 */

/** A letter of any script: the input holds words or vanity letters. */
export const LETTER = /\p{L}/u;

/** A decimal digit of any script (used to say "digits of an unsupported script"). */
export const ANY_DIGIT = /\p{Nd}/u;

/** Emoji and other pictographs. */
export const PICTOGRAPH = /\p{Extended_Pictographic}/u;

/** Two ISO 3166-1 alpha-2 letters, for the `defaultCountry` option. */
export const ALPHA2 = /^[A-Z]{2}$/;
